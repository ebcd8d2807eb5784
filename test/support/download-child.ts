// A separate process that runs the download queue over a data folder, for the crash tests: it queues
// `count` posts (one image each, from `origin`), prints "saved <n>" as sidecars are written, and is
// killed with SIGKILL by the test at some point. Run: node --import tsx download-child.ts <dataDir> <folder> <origin> <count>
import { DEFAULT_FILENAME_TEMPLATE } from '../../shared/settings';
import type { SavedItemArg } from '../../shared/ipc';
import { createDownloadQueue } from '../../electron/downloads/queue';

export function crashItems(origin: string, count: number): SavedItemArg[] {
  return Array.from({ length: count }, (_, i) => {
    const pk = String(3776832898280228145n + BigInt(i));
    const owner = { kind: 'user', id: String(51234567890 + (i % 3)), username: `person.${i % 3}` };
    const record = { kind: 'post', id: pk, mediaId: `${pk}_${owner.id}`, code: null, productType: 'feed', takenAt: 1_775_048_403 - i * 60, owner, images: [{ url: `${origin}/v/t51.2885-15/${pk}_n.jpg?oe=7fffffff`, width: 1080, height: 1350 }], videos: [], children: [], index: null, raw: { pk } };
    return { record: record as SavedItemArg['record'], provenance: { path: '/v1/user/medias/chunk', params: { user_id: owner.id }, requestId: `r${i}`, fetchedAt: 1_775_000_000_000 } };
  });
}

if (process.argv[1]?.endsWith('download-child.ts')) {
  const [dataDir, folder, origin, count] = process.argv.slice(2) as [string, string, string, string];
  let saved = 0;
  const queue = createDownloadQueue({
    dataDir,
    folder: () => folder,
    template: () => DEFAULT_FILENAME_TEMPLATE,
    concurrency: () => 4,
    fetchMedia: (url, init) => fetch(url, init),
    call: async () => ({ ok: false, error: { kind: 'internal', message: 'no calls here', billed: false, retryable: false } }),
    confirmRenewal: async () => null,
    emit: () => undefined,
    version: '0.1.0',
    onSaved: () => void console.log(`saved ${++saved}`),
  });
  await queue.start();
  await queue.enqueue(crashItems(origin, Number(count)));
  console.log('queued');
  await queue.idle();
  console.log('idle');
}
