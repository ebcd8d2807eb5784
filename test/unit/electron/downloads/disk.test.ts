// A full disk or a download folder Feedlens may not write to: the file fails with a message that says
// what to do (not "internal"), nothing half-written is marked saved, and the file downloads once the
// disk has room again.
import { existsSync } from 'node:fs';
import type * as fsPromises from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FILENAME_TEMPLATE } from '../../../../shared/settings';
import { createDownloadQueue } from '../../../../electron/downloads/queue';
import { crashItems } from '../../../support/download-child';
import { localServer, serveBytes, tempDir, type LocalServer } from './support';

const failing: { folder: string | null; code: string; at: 'open' | 'write' } = { folder: null, code: 'ENOSPC', at: 'write' };
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof fsPromises>();
  const refused = (p: string) => Object.assign(new Error(`${failing.code}: simulated, '${p}'`), { code: failing.code });
  const open: typeof real.open = async (path, ...rest) => {
    const p = String(path);
    const hit = failing.folder !== null && p.startsWith(failing.folder);
    if (hit && failing.at === 'open') throw refused(p);
    const handle = await real.open(path, ...rest);
    if (!hit) return handle;
    const refuse = async () => {
      throw refused(p);
    };
    return Object.assign(handle, { writeFile: refuse, write: refuse, writev: refuse });
  };
  return { ...real, open };
});

let server: LocalServer | null = null;
let dir: ReturnType<typeof tempDir> | null = null;
afterEach(async () => {
  failing.folder = null;
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
