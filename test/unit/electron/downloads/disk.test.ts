// A full disk or a download folder Feedlens may not write to: the file fails with a message that says
// what to do (not "internal"), nothing half-written is marked saved, and the file downloads once the
// disk has room again.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_FILENAME_TEMPLATE } from '../../../../shared/settings';
import { createDiskThread, type DiskThread } from '../../../../electron/downloads/disk-thread';
import { createDownloadQueue } from '../../../../electron/downloads/queue';
import { crashItems } from '../../../support/download-child';
import { localServer, serveBytes, tempDir, type LocalServer } from './support';

const failing: { folder: string | null; code: string; at: 'open' | 'write' } = { folder: null, code: 'ENOSPC', at: 'write' };
/** The disk threads the tests started: stopped after each test (a worker left running outlives it). */
const threads: DiskThread[] = [];

/**
 * The disk thread, refusing what goes under `failing.folder` as the real one reports it: a part file's
 * failure (at its open or a write) when the file is finished, a sidecar's when it is created.
 */
function refusingDisk(): DiskThread {
  const real = createDiskThread();
  threads.push(real);
  const hit = (path: string) => failing.folder !== null && path.startsWith(failing.folder);
  const refused = (path: string) => Object.assign(new Error(`${failing.code}: simulated, '${path}'`), { code: failing.code });
  return {
    ...real,
    openPart(path, append) {
      if (!hit(path)) return real.openPart(path, append);
      const part = failing.at === 'open' ? null : real.openPart(path, append);
      return {
        write: async (chunk) => void (await part?.write(chunk)),
        finish: async () => {
          await part?.abort();
          throw refused(path);
        },
        abort: async () => void (await part?.abort()),
      };
    },
    create: async (path, text, mode) => (hit(path) ? Promise.reject(refused(path)) : real.create(path, text, mode)),
  };
}

let server: LocalServer | null = null;
let dir: ReturnType<typeof tempDir> | null = null;
afterEach(async () => {
  failing.folder = null;
  for (const thread of threads.splice(0)) await thread.close();
  await server?.close();
  dir?.remove();
});

async function setUp() {
  server = await localServer((req, res) => serveBytes(req, res, Buffer.alloc(32 * 1024, 7), 'image/jpeg'));
  dir = tempDir('disk');
  const folder = join(dir.path, 'Feedlens');
  const queue = createDownloadQueue({
    dataDir: join(dir.path, 'data'),
    folder: () => folder,
    template: () => DEFAULT_FILENAME_TEMPLATE,
    concurrency: () => 2,
    fetchMedia: (url, init) => fetch(url, init),
    call: async () => ({ ok: false, error: { kind: 'internal', message: 'no calls here', billed: false, retryable: false } }),
    confirmRenewal: async () => null,
    emit: () => undefined,
    version: '0.1.0',
    disk: refusingDisk(),
    log: () => undefined,
  });
  await queue.start();
  return { queue, folder, items: crashItems(server.url, 3) };
}

describe('disk errors while downloading', () => {
  it('a full disk: each file says so and what to do; after freeing space, retry saves them', async () => {
    const { queue, folder, items } = await setUp();
    failing.folder = folder;
    failing.code = 'ENOSPC';
    failing.at = 'write';
    await queue.enqueue(items);
    await queue.idle();
    const failed = queue.snapshot().items;
    expect(failed.map((i) => i.state)).toEqual(['failed', 'failed', 'failed']);
    for (const i of failed) expect(i.error).toMatch(/^Could not save .*: the disk holding .* is full\. Free some space there/);
    failing.folder = null;
    await queue.control('retry');
    await queue.idle();
    const done = queue.snapshot().items;
    expect(done.map((i) => i.state)).toEqual(['done', 'done', 'done']);
    for (const i of done) expect(existsSync((i.path as string).replace(/\.jpg$/, '.json'))).toBe(true);
    await queue.close();
  });

  it('a folder Feedlens may not write to: the message says to choose another download folder', async () => {
    const { queue, folder, items } = await setUp();
    failing.folder = folder;
    failing.code = 'EACCES';
    failing.at = 'open';
    await queue.enqueue(items.slice(0, 1));
    await queue.idle();
    expect(queue.snapshot().items[0]).toMatchObject({ state: 'failed', error: expect.stringMatching(/not allowed to write to .*Choose another download folder in Settings/) });
    await queue.close();
  });
});
