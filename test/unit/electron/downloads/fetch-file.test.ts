import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DownloadError, fetchFile, type FetchFileOptions } from '../../../../electron/downloads/fetch-file';
import { localServer, plainFetch, serveBytes, tempDir, until, type LocalServer } from './support';

const SOURCE = randomBytes(300_000);
let dir: ReturnType<typeof tempDir>;
let server: LocalServer | null = null;

beforeEach(() => {
  dir = tempDir('fetch');
});
afterEach(async () => {
  await server?.close();
  server = null;
  dir.remove();
});

function options(url: string, extra: Partial<FetchFileOptions> = {}): FetchFileOptions {
  return { url, base: join(dir.path, 'clip'), ext: 'mp4', fallbackExt: 'mp4', fetchMedia: plainFetch, signal: new AbortController().signal, expectedTotal: null, ...extra };
}

const final = () => join(dir.path, 'clip.mp4');
const part = () => `${final()}.part`;

describe('fetchFile', () => {
  it('streams the whole file into place, leaving no .part', async () => {
    server = await localServer((req, res) => serveBytes(req, res, SOURCE));
    const result = await fetchFile(options(`${server.url}/v/clip.mp4`));
    expect(result).toMatchObject({ path: final(), bytes: SOURCE.length, resumedFrom: 0 });
    expect(readFileSync(final()).equals(SOURCE)).toBe(true);
    expect(existsSync(part())).toBe(false);
  });

  it("dates the file with the post's time, and says so when the time cannot be set (the file is whole all the same)", async () => {
    server = await localServer((req, res) => serveBytes(req, res, SOURCE));
    const dated = await fetchFile(options(`${server.url}/v/clip.mp4`, { mtime: 1_700_000_000 }));
    expect(dated.dated).toBe(true);
    expect(statSync(final()).mtimeMs / 1000).toBe(1_700_000_000);
    // A time the file system call refuses (as a file system without times would).
    const undated = await fetchFile(options(`${server.url}/v/clip.mp4`, { base: join(dir.path, 'other'), mtime: 'not a time' as never }));
    expect(undated.dated).toBe(false);
    expect(readFileSync(undated.path).equals(SOURCE)).toBe(true);
  });

  it('continues a .part with a Range request and ends byte-identical', async () => {
    writeFileSync(part(), SOURCE.subarray(0, 123_456));
    server = await localServer((req, res) => serveBytes(req, res, SOURCE));
    const result = await fetchFile(options(`${server.url}/v/clip.mp4`));
    expect(server.seen.map((s) => s.range)).toEqual(['bytes=123456-']);
    expect(result.resumedFrom).toBe(123_456);
    expect(readFileSync(final()).equals(SOURCE)).toBe(true);
    expect(existsSync(part())).toBe(false);
  });

  it('starts over when the server ignores the Range header (200)', async () => {
    writeFileSync(part(), Buffer.alloc(5000, 7)); // not the right bytes: must not survive
    server = await localServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': SOURCE.length }).end(SOURCE);
    });
    const result = await fetchFile(options(`${server.url}/v/clip.mp4`));
    expect(result.resumedFrom).toBe(0);
    expect(readFileSync(final()).equals(SOURCE)).toBe(true);
  });

  it('starts over when the 206 does not start where the part ends', async () => {
    writeFileSync(part(), SOURCE.subarray(0, 1000));
    server = await localServer((req, res) => {
      if (req.headers.range) {
        // A wrong range: from byte 0 instead of 1000.
        res.writeHead(206, { 'content-type': 'video/mp4', 'content-length': 10, 'content-range': `bytes 0-9/${SOURCE.length}` }).end(SOURCE.subarray(0, 10));
        return;
      }
      serveBytes(req, res, SOURCE);
    });
    await fetchFile(options(`${server.url}/v/clip.mp4`));
    expect(server.seen.map((s) => s.range)).toEqual(['bytes=1000-', null]);
    expect(readFileSync(final()).equals(SOURCE)).toBe(true);
  });

  it('starts over when the total size differs from the one announced before', async () => {
    writeFileSync(part(), SOURCE.subarray(0, 1000));
    server = await localServer((req, res) => serveBytes(req, res, SOURCE));
    await fetchFile(options(`${server.url}/v/clip.mp4`, { expectedTotal: SOURCE.length + 1 }));
    expect(server.seen.map((s) => s.range)).toEqual(['bytes=1000-', null]);
    expect(readFileSync(final()).equals(SOURCE)).toBe(true);
  });

  it('finishes a part that already holds the whole file (416 with its size)', async () => {
    writeFileSync(part(), SOURCE);
    server = await localServer((req, res) => serveBytes(req, res, SOURCE));
    const result = await fetchFile(options(`${server.url}/v/clip.mp4`));
    expect(result.bytes).toBe(SOURCE.length);
    expect(readFileSync(final()).equals(SOURCE)).toBe(true);
    expect(existsSync(part())).toBe(false);
  });

  it('keeps what arrived in the .part when the connection breaks, and says it can be retried', async () => {
    server = await localServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': SOURCE.length });
      // Closed once the bytes are on disk: an erroring fetch body drops what it received and was not read yet.
      res.write(SOURCE.subarray(0, 100_000), () => void until(() => existsSync(part()) && statSync(part()).size >= 100_000, 5000, 'the bytes on disk').finally(() => res.destroy()));
    });
    const error = await fetchFile(options(`${server.url}/v/clip.mp4`)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect(error).toMatchObject({ kind: 'truncated', retryable: true });
    expect(statSync(part()).size).toBe(100_000);
    expect(existsSync(final())).toBe(false);
  });

  it('classifies answers: 403 as an expired link, 503 as retryable, 400 as final', async () => {
    let status = 403;
    server = await localServer((_req, res) => res.writeHead(status, { 'content-type': 'text/plain' }).end('URL signature expired'));
    const url = `${server.url}/v/clip.mp4`;
    await expect(fetchFile(options(url))).rejects.toMatchObject({ kind: 'expired', status: 403 });
    status = 503;
    await expect(fetchFile(options(url))).rejects.toMatchObject({ kind: 'http', retryable: true, status: 503 });
    status = 400;
    await expect(fetchFile(options(url))).rejects.toMatchObject({ kind: 'http', retryable: false, status: 400 });
    expect(existsSync(final())).toBe(false);
  });

  it('takes the extension from the content type when the URL has none', async () => {
    server = await localServer((_req, res) => res.writeHead(200, { 'content-type': 'image/webp', 'content-length': 4 }).end('RIFF'));
    const result = await fetchFile(options(`${server.url}/v/picture?format=any`, { ext: null, fallbackExt: 'jpg' }));
    expect(result.path).toBe(join(dir.path, 'clip.webp'));
  });

  it('writes a large file progressively: bytes reach the disk before the answer is complete', async () => {
    const size = 50 * 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024, 0x5a);
    let release: () => void = () => undefined;
    const halfway = new Promise<void>((r) => (release = r));
    server = await localServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': size });
      void (async () => {
        for (let sent = 0; sent < size; sent += chunk.length) {
          if (sent === size / 2) await halfway; // hold the second half until the test saw the first on disk
          if (!res.write(chunk)) await new Promise((r) => res.once('drain', r));
        }
        res.end();
      })();
    });
    const done = fetchFile(options(`${server.url}/v/big.mp4`));
    await until(() => existsSync(part()) && statSync(part()).size >= size / 2 - chunk.length * 2, 20_000, 'half the file on disk');
    release();
    const result = await done;
    expect(result.bytes).toBe(size);
    expect(statSync(final()).size).toBe(size);
  });
});
