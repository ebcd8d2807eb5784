// kill -9 in the middle of a download run, at several moments: a new queue over the same data folder
// finishes the run, and then every file is complete and byte-identical, each has its sidecar with the
// file's sha256, no `.part` is left, and nothing is marked saved that is not. Files are saved without a
// sync each (the journal lists them): the last case also plays a power cut after the kill, which takes
// the end of a media file and of a sidecar the journal lists.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, truncateSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseLossless } from '../../../../shared/api/json';
import { DEFAULT_FILENAME_TEMPLATE } from '../../../../shared/settings';
import { createDownloadQueue } from '../../../../electron/downloads/queue';
import type { Sidecar } from '../../../../electron/downloads/sidecar';
import { localServer, serveBytes, tempDir, type LocalServer } from './support';

const CHILD = resolve(__dirname, '../../../support/download-child.ts');
const COUNT = 40;
const bytesOf = (path: string) => Buffer.alloc(48 * 1024 + (Number(/(\d+)_n\.jpg/.exec(path)?.[1] ?? 0) % 997), Number(/(\d+)_n\.jpg/.exec(path)?.[1] ?? 0) % 251);

let server: LocalServer | null = null;
let dir: ReturnType<typeof tempDir> | null = null;
afterEach(async () => {
  await server?.close();
  dir?.remove();
  server = null;
  dir = null;
});

/** Runs the child until it printed `marker`, then kills it with SIGKILL. */
function runAndKill(args: string[], marker: string): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.split('\n').includes(marker)) child.kill('SIGKILL');
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (_code, signal) => (signal === 'SIGKILL' ? done(out) : fail(new Error(`the child ended before ${marker}: ${out}\n${err}`))));
  });
}

function allFiles(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

/** The files the journals of the killed run list (not synced yet): media and sidecars. */
function journalled(dataDir: string): { media: string[]; sidecars: string[] } {
  const home = join(dataDir, 'downloads');
  const lines = readdirSync(home)
    .filter((n) => n.startsWith('journal-'))
    .flatMap((n) => readFileSync(join(home, n), 'utf8').split('\n'))
    .filter((l) => l.startsWith('{') && l.endsWith('}'))
    .map((l) => JSON.parse(l) as { media?: string; sidecar?: string });
  return { media: lines.flatMap((l) => (l.media && existsSync(l.media) ? [l.media] : [])), sidecars: lines.flatMap((l) => (l.sidecar && existsSync(l.sidecar) ? [l.sidecar] : [])) };
}

describe('kill -9 during downloads', () => {
  it.each([
    ['right after queueing', 'queued', false],
    ['after the first sidecars', 'saved 3', false],
    ['half-way', 'saved 20', false],
    ['half-way, then a power cut', 'saved 20', true],
  ])('%s: the next start finishes the run cleanly', async (_when, marker, powerCut) => {
    // A CDN whose answers trickle in, so that the kill lands with transfers and batches in flight.
    server = await localServer((req, res) => {
      const body = bytesOf(req.url ?? '');
      setTimeout(() => serveBytes(req, res, body, 'image/jpeg'), 5 + Math.floor(Math.random() * 20));
    });
    dir = tempDir('crash');
    const dataDir = join(dir.path, 'data');
    const folder = join(dir.path, 'Feedlens');
    await runAndKill([dataDir, folder, server.url, String(COUNT)], marker);
    if (powerCut) {
      // Saved without a sync of their own: a power cut may leave them short (same file, fewer bytes).
      const listed = journalled(dataDir);
      expect(listed.media.length).toBeGreaterThan(0);
      expect(listed.sidecars.length).toBeGreaterThan(0);
      truncateSync(listed.media[0] as string, 100);
      truncateSync(listed.sidecars[0] as string, 50);
    }

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
    });
    await queue.start(); // nothing is queued again: the state the child left is enough
    await queue.idle();
    await queue.close();

    const items = queue.snapshot().items;
    expect(items).toHaveLength(COUNT);
    expect(items.filter((i) => i.state !== 'done' && i.state !== 'skipped')).toEqual([]);
    const files = allFiles(folder);
    expect(files.filter((f) => f.endsWith('.part') || f.endsWith('.tmp'))).toEqual([]);
    const media = files.filter((f) => f.endsWith('.jpg'));
    expect(media).toHaveLength(COUNT);
    for (const path of media) {
      const bytes = readFileSync(path);
      const item = items.find((i) => i.path === path);
      expect(item, path).toBeDefined();
      const sidecar = parseLossless(readFileSync(path.replace(/\.jpg$/, '.json'), 'utf8')) as Sidecar;
      expect(sidecar.files).toHaveLength(1);
      expect(sidecar.files[0]?.bytes).toBe(bytes.length);
      expect(sidecar.files[0]?.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      const url = sidecar.files[0]?.url ?? '';
      expect(bytes.equals(bytesOf(url))).toBe(true);
    }
    // The archive names saved files only.
    const archive = readFileSync(join(dataDir, 'downloads', 'archive.ndjson'), 'utf8').split('\n').filter((l) => l.trim() !== '');
    for (const line of archive) {
      const entry = JSON.parse(line) as { path: string };
      expect(media).toContain(entry.path);
    }
  }, 60_000);
});
