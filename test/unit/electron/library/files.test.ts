// Serving saved files to the renderer through the media protocol: `file:` URLs under the download
// folder only, with Range requests.
import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLibraryFileHandler } from '../../../../electron/library/files';
import { previewUrlFor } from '../../../../electron/library/library';
import { tempDir } from '../downloads/support';

const MEDIA_BASE = 'app-media://media/';
const VIDEO = resolve(__dirname, '../../../../assets/sim-media/square.mp4');
let dir: ReturnType<typeof tempDir>;
let root: string;
let saved: string;
let bytes: Buffer;
const serve = () => createLibraryFileHandler({ roots: () => [root] });

const get = (url: string, headers: Record<string, string> = {}, method = 'GET') => serve()(new Request(url, { method, headers }));
const urlOf = (path: string) => previewUrlFor(MEDIA_BASE, path);
const wrap = (fileUrl: string) => `${MEDIA_BASE}?u=${encodeURIComponent(fileUrl)}`;

beforeAll(() => {
  dir = tempDir('library-files');
  root = join(dir.path, 'Feedlens');
  mkdirSync(join(root, 'nasa'), { recursive: true });
  saved = join(root, 'nasa', '2024-05-01_12-00-00_UTC_C6q-XYZ.mp4');
  copyFileSync(VIDEO, saved);
  bytes = readFileSync(VIDEO);
  writeFileSync(join(root, 'nasa', '2024-05-01_12-00-00_UTC_C6q-XYZ.json'), '{}');
  writeFileSync(join(dir.path, 'secret.png'), 'not yours');
  symlinkSync(join(dir.path, 'secret.png'), join(root, 'nasa', 'escape.png'));
});
afterAll(() => dir.remove());

describe('library files', () => {
  it('serves a saved file whole, with its media type', async () => {
    const res = await get(urlOf(saved));
    expect(res?.status).toBe(200);
    expect(res?.headers.get('content-type')).toBe('video/mp4');
    expect(res?.headers.get('content-length')).toBe(String(bytes.length));
    expect(Buffer.from(await (res as Response).arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('answers Range requests (video seeking) and refuses ranges past the end', async () => {
    const res = await get(urlOf(saved), { range: 'bytes=1000-1999' });
    expect(res?.status).toBe(206);
    expect(res?.headers.get('content-range')).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(Buffer.from(await (res as Response).arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
    const past = await get(urlOf(saved), { range: `bytes=${bytes.length}-` });
    expect(past?.status).toBe(416);
    expect(past?.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
    const head = await get(urlOf(saved), {}, 'HEAD');
    expect(head?.status).toBe(200);
    expect(await (head as Response).text()).toBe('');
  });

  it('refuses files outside the download folder, however the URL gets there', async () => {
    const outside = pathToFileURL(join(dir.path, 'secret.png')).href;
    const dotted = `file://${root}/nasa/../../secret.png`;
    const encodedDots = `file://${root}/nasa/%2e%2e/%2e%2e/secret.png`;
    const encodedSlash = `file://${root}/nasa/..%2f..%2fsecret.png`;
    const viaLink = urlOf(join(root, 'nasa', 'escape.png'));
    for (const url of [wrap(outside), wrap(dotted), wrap(encodedDots), wrap(encodedSlash), viaLink, wrap('file://server/share/x.png')]) {
      const res = await get(url);
      expect(res?.status, url).toBe(403);
    }
  });

  it('serves media files only (not sidecars), and says so for missing files', async () => {
    expect((await get(urlOf(join(root, 'nasa', '2024-05-01_12-00-00_UTC_C6q-XYZ.json'))))?.status).toBe(403);
    expect((await get(urlOf(join(root, 'nasa', 'gone.mp4'))))?.status).toBe(404);
    expect((await get(urlOf(saved), {}, 'POST'))?.status).toBe(405);
  });

  it('leaves every other media URL to the remote media handler', async () => {
    expect(await get(`${MEDIA_BASE}?u=${encodeURIComponent('https://scontent-cdg4-2.cdninstagram.com/v/t51.2885-15/491_n.jpg?oe=69F1A2B3')}`)).toBeNull();
    expect(await get(`${MEDIA_BASE}?x=1`)).toBeNull();
  });
});
