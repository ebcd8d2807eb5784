// A saving batch lists its files and the sidecars of the items they complete in ONE journal record (one
// sync), then names them; while files keep coming, a checkpoint waits until the journal is 30 s old. What
// the journal is asked to record and to checkpoint is watched (the real journal does the work).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SavedItemArg } from '../../../../shared/ipc';
import { DEFAULT_FILENAME_TEMPLATE } from '../../../../shared/settings';
import type * as JournalModule from '../../../../electron/downloads/journal';
import { createDownloadQueue } from '../../../../electron/downloads/queue';
import { checkpointDue } from '../../../../electron/downloads/journal';
import { crashItems } from '../../../support/download-child';
import { localServer, plainFetch, serveBytes, tempDir, type LocalServer } from './support';

/** Every record asked of a journal: the media paths and the sidecar paths it lists. */
const records: { media: string[]; sidecars: string[] }[] = [];
/**
 * Every checkpoint asked of a journal that lists files (one of nothing is a no-op), with its `parallel`:
 * the saving's while the queue is busy, 2; the queue's when quiet, none.
 */
const checkpoints: (number | undefined)[] = [];
vi.mock('../../../../electron/downloads/journal', async (importOriginal) => {
  const real = await importOriginal<typeof JournalModule>();
  return {
    ...real,
    createJournal: (...args: Parameters<typeof real.createJournal>) => {
      const journal = real.createJournal(...args);
      const record = journal.record.bind(journal);
      journal.record = (media, sidecars) => {
        if (media.length > 0 || sidecars.length > 0) records.push({ media: media.map((m) => m.path), sidecars: sidecars.map((s) => s.path) });
        return record(media, sidecars);
      };
      const checkpoint = journal.checkpoint.bind(journal);
      journal.checkpoint = (parallel) => {
        if (journal.pending().files > 0) checkpoints.push(parallel);
        return checkpoint(parallel);
      };
      return journal;
    },
  };
});

let server: LocalServer | null = null;
let dir: ReturnType<typeof tempDir> | null = null;
afterEach(async () => {
  await server?.close();
  dir?.remove();
  server = null;
  dir = null;
  records.length = 0;
  checkpoints.length = 0;
});

/** The carousel's pk: its images are `<pk>1` and `<pk>2`. */
const CAROUSEL_PK = '3776832898280228645';

/** A carousel of two images. */
function carouselItem(): SavedItemArg {
  const pk = CAROUSEL_PK;
  const owner = { kind: 'user', id: '51234567890', username: 'person.one' };
  const image = (n: number) => ({ url: `${server?.url}/v/t51.2885-15/${pk}${n}_n.jpg?oe=7fffffff`, width: 1080, height: 1350 });
  const kids = [1, 2].map((n) => ({ kind: 'post', id: `${pk}${n}`, mediaId: `${pk}${n}_${owner.id}`, index: n, images: [image(n)], videos: [], children: [] }));
  const record = { kind: 'post', id: pk, mediaId: `${pk}_${owner.id}`, code: null, productType: 'carousel_container', takenAt: 1_775_000_000, owner, images: [image(0)], videos: [], children: kids, index: null, raw: { pk } };
  return { record: record as unknown as SavedItemArg['record'], provenance: { path: '/v1/user/medias/chunk', params: { user_id: owner.id }, requestId: 'r1', fetchedAt: Date.UTC(2026, 3, 3) } };
}

/** Serves 4 KB images at `url`; the carousel's second image only once `release` is called. */
async function serveHoldingCarousel(): Promise<{ url: string; release: () => void }> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((ok) => (release = ok));
  server = await localServer((req, res) => {
    const body = Buffer.alloc(4096, (req.url?.length ?? 0) % 251);
    if (req.url?.includes(`${CAROUSEL_PK}2_n.jpg`)) void held.then(() => serveBytes(req, res, body, 'image/jpeg'));
    else serveBytes(req, res, body, 'image/jpeg');
  });
  return { url: server.url, release: () => release() };
}

/** A queue saving into a new temporary folder, 4 at a time, with `now` as its clock when given. */
function batchQueue(prefix: string, now?: () => number): ReturnType<typeof createDownloadQueue> {
  dir = tempDir(prefix);
  const folder = join(dir.path, 'Feedlens');
  return createDownloadQueue({
    dataDir: join(dir.path, 'data'),
    folder: () => folder,
    template: () => DEFAULT_FILENAME_TEMPLATE,
    concurrency: () => 4,
    fetchMedia: plainFetch,
    call: async () => ({ ok: false, error: { kind: 'internal', message: 'no calls here', billed: false, retryable: false } }),
    confirmRenewal: async () => null,
    emit: () => undefined,
    version: 'test',
    ...(now ? { now } : {}),
  });
}

describe('saving batches', () => {
  it('list each file with the sidecar of the item it completes in one record, and an item of several files when its last file comes', async () => {
    // The carousel's second image is held back until every other file is saved: its item spans batches.
    const { url, release } = await serveHoldingCarousel();
    const queue = batchQueue('batch');
    await queue.start();
    try {
      await queue.enqueue([...crashItems(url, 12), carouselItem()]);
      // The 12 posts done, the carousel's first image listed (and named: its item waits for the second).
      await vi.waitFor(
        () => {
          expect(queue.snapshot().items.filter((t) => t.state === 'done')).toHaveLength(12);
          expect(records.some((r) => r.media.some((m) => m.endsWith('_1.jpg')))).toBe(true);
        },
        { timeout: 10_000 },
      );
      release();
      await queue.idle();
      const items = queue.snapshot().items;
      expect(items.every((t) => t.state === 'done')).toBe(true);
      const carousel = items.filter((t) => t.path?.includes('_1.jpg') || t.path?.includes('_2.jpg')).map((t) => t.path as string);
      expect(carousel).toHaveLength(2);

      // Every file and every sidecar listed once; each single-file item's sidecar in its file's record.
      const media = records.flatMap((r) => r.media);
      const sidecars = records.flatMap((r) => r.sidecars);
      expect(new Set(media).size).toBe(14);
      expect(new Set(sidecars).size).toBe(13);
      expect(media).toHaveLength(14);
      expect(sidecars).toHaveLength(13);
      for (const r of records) {
        for (const file of r.media.filter((m) => !carousel.includes(m))) expect(r.sidecars).toContain(file.replace(/\.jpg$/, '.json'));
      }
      // No record of sidecars alone: one sync per batch.
      expect(records.every((r) => r.media.length > 0)).toBe(true);
      // The carousel's sidecar comes with its last file, and lists both.
      const last = records.find((r) => r.media.includes(carousel.find((p) => p.endsWith('_2.jpg')) as string));
      const first = records.find((r) => r.media.includes(carousel.find((p) => p.endsWith('_1.jpg')) as string));
      expect(last).not.toBe(first);
      expect(first?.sidecars.filter((s) => !first.media.includes(s.replace(/\.json$/, '.jpg')))).toEqual([]);
      expect(last?.sidecars).toHaveLength(1);
      const sidecarPath = last?.sidecars[0] as string;
      expect(existsSync(sidecarPath)).toBe(true);
      const sidecar = JSON.parse(readFileSync(sidecarPath, 'utf8')) as { files: { name: string }[] };
      expect(sidecar.files.map((f) => f.name).sort()).toEqual(carousel.map((p) => p.split('/').pop()).sort());
    } finally {
      release();
      await queue.close();
    }
  });

  it('while files keep coming, make a checkpoint once the journal is 30 s old, not before', async () => {
    const { url, release } = await serveHoldingCarousel();
    let clock = Date.UTC(2026, 10, 27, 12);
    const queue = batchQueue('batch-age', () => clock);
    await queue.start();
    try {
      await queue.enqueue([...crashItems(url, 12), carouselItem()]);
      // Busy (the carousel's second image held back), batches listed and named: no checkpoint yet.
      await vi.waitFor(() => expect(queue.snapshot().items.filter((t) => t.state === 'done')).toHaveLength(12), { timeout: 10_000 });
      expect(checkpoints).toEqual([]);
      // 30 s on, the next batch (the held image's) checkpoints while the queue is still at work: the saving's.
      clock += 30_000;
      release();
      await queue.idle();
      expect(checkpoints[0]).toBe(2);
    } finally {
      release();
      await queue.close();
    }
  });
});

describe('checkpointDue', () => {
  const t0 = 1_800_000_000_000;
  it('is due 30 s after the first record, or sooner at 256 MB or 4,096 files listed', () => {
    expect(checkpointDue({ files: 0, bytes: 0, since: null }, t0)).toBe(false);
    expect(checkpointDue({ files: 4095, bytes: 256 * 1024 * 1024 - 1, since: t0 }, t0 + 29_999)).toBe(false);
    expect(checkpointDue({ files: 1, bytes: 10, since: t0 }, t0 + 30_000)).toBe(true);
    expect(checkpointDue({ files: 1, bytes: 256 * 1024 * 1024, since: t0 }, t0)).toBe(true);
    expect(checkpointDue({ files: 4096, bytes: 10, since: t0 }, t0)).toBe(true);
  });
});
