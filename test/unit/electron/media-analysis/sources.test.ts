// Where media analysis takes a picture from: a file the study saved (named by its sidecar), else the app's
// media cache, else one fetch through the media path. A study folder may come from someone else: a sidecar
// naming a file outside the study's media folder, or a link out of it, is not read.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSources } from '../../../../electron/media-analysis/sources';
import { mediaCacheKey } from '../../../../electron/protocols/media-protocol';

let root: string;
let media: string;
let fetched: string[];

const sidecar = (id: string, files: { name: string; mediaPk: string; role: 'media' | 'cover' }[]) =>
  JSON.stringify({ format: 'feedlens-sidecar', version: 1, id: `post:${id}`, kind: 'post', username: null, ownerId: null, takenAt: null, highlight: null,
    files: files.map((f) => ({ ...f, index: null, url: 'https://x.cdninstagram.com/a.jpg', bytes: 1, sha256: '', contentType: 'image/jpeg', refreshedBy: null })),
    provenance: { endpoint: '/v1/media/by/id', params: {}, requestId: null, fetchedAt: '', savedAt: '', appVersion: 'test', answerSha256: null, simulated: null, origin: null }, record: null, raw: null }, null, 2);

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'feedlens-sources-'));
  media = join(root, 'study', 'media');
  mkdirSync(join(media, 'acct'), { recursive: true });
  writeFileSync(join(root, 'secret.jpg'), 'not the study’s');
  fetched = [];
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

async function sources(cacheDir?: string) {
  return createSources({
    mediaFolder: media,
    ...(cacheDir ? { cacheDir } : {}),
    fetchMedia: async (url) => {
      fetched.push(url);
      return new Response(new Uint8Array([1, 2, 3]), { status: 200 });
    },
  });
}

describe('media analysis sources', () => {
  it('takes the study’s saved file first, then the media cache, then one fetch', async () => {
    writeFileSync(join(media, 'acct', 'p1.jpg'), 'picture');
    writeFileSync(join(media, 'acct', 'p1.json'), sidecar('p1', [{ name: 'p1.jpg', mediaPk: '1', role: 'media' }]));
    const cache = join(root, 'cache');
    mkdirSync(cache);
    writeFileSync(join(cache, `${mediaCacheKey('https://x.cdninstagram.com/2.jpg')}.bin`), 'cached');
    const s = await sources(cache);
    expect(await s.find({ mediaPk: '1', role: 'media', url: 'https://x.cdninstagram.com/1.jpg' })).toEqual({ kind: 'file', input: join(media, 'acct', 'p1.jpg') });
    expect(await s.find({ mediaPk: '2', role: 'media', url: 'https://x.cdninstagram.com/2.jpg' })).toMatchObject({ kind: 'cache' });
    expect(await s.find({ mediaPk: '3', role: 'media', url: 'https://x.cdninstagram.com/3.jpg' })).toEqual({ kind: 'fetched', input: new Uint8Array([1, 2, 3]) });
    expect(await s.find({ mediaPk: '4', role: 'media', url: null })).toBeNull();
    expect(fetched).toEqual(['https://x.cdninstagram.com/3.jpg']);
  });

  it('does not read a file a sidecar names outside the study’s media folder, nor through a link out of it', async () => {
    writeFileSync(join(media, 'acct', 'p5.json'), sidecar('p5', [{ name: '../../../secret.jpg', mediaPk: '5', role: 'media' }]));
    symlinkSync(join(root, 'secret.jpg'), join(media, 'acct', 'p6.jpg'));
    writeFileSync(join(media, 'acct', 'p6.json'), sidecar('p6', [{ name: 'p6.jpg', mediaPk: '6', role: 'media' }]));
    const s = await sources();
    expect(await s.find({ mediaPk: '5', role: 'media', url: 'https://x.cdninstagram.com/5.jpg' })).toMatchObject({ kind: 'fetched' });
    expect(await s.find({ mediaPk: '6', role: 'media', url: null })).toBeNull();
  });
});
