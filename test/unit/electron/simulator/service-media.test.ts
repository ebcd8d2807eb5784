import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createMediaFiles, MAX_IMAGE_SIDE } from '../../../../electron/simulator/media';
import { parseRange } from '../../../../electron/protocols/http-range';
import { AUDIO_ASSET, mediaPaths, VIDEO_ASSETS, type VideoAssetName } from '../../../../electron/simulator/types';

const ASSETS = resolve(__dirname, '../../../../assets/sim-media');
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const ORIGIN = 'http://cdn.test';

const media = createMediaFiles();

function get(path: string, headers: Record<string, string> = {}, nowMs = NOW, method = 'GET'): Response {
  const url = new URL(path, ORIGIN);
  return media.serve(new Request(url, { headers, method }), url, nowMs);
}

async function bytesOf(res: Response): Promise<Buffer> {
  return Buffer.from(await res.arrayBuffer());
}

interface PngInfo {
  width: number;
  height: number;
  colourType: number;
  chunks: string[];
  pixels: Buffer;
}

/** Reads a PNG's chunks; checks the signature; returns IHDR fields and the inflated scanlines. */
function readPng(bytes: Buffer): PngInfo {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks: string[] = [];
  const idat: Buffer[] = [];
  let offset = 8;
  let width = 0;
  let height = 0;
  let colourType = -1;
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    chunks.push(type);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      colourType = data[9] ?? -1;
    }
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  return { width, height, colourType, chunks, pixels: inflateSync(Buffer.concat(idat)) };
}

/** MP4 boxes: finds the first box of `type` inside `bytes` (searching into container boxes). */
function findBox(bytes: Buffer, path: string[]): Buffer | null {
  let offset = 0;
  while (offset + 8 <= bytes.length) {
    const size = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (size < 8) return null;
    if (type === path[0]) {
      const body = bytes.subarray(offset + 8, offset + size);
      return path.length === 1 ? body : findBox(body, path.slice(1));
    }
    offset += size;
  }
  return null;
}

function allBoxes(bytes: Buffer, type: string): Buffer[] {
  const out: Buffer[] = [];
  let offset = 0;
  while (offset + 8 <= bytes.length) {
    const size = bytes.readUInt32BE(offset);
    if (size < 8) break;
    if (bytes.toString('latin1', offset + 4, offset + 8) === type) out.push(bytes.subarray(offset + 8, offset + size));
    offset += size;
  }
  return out;
}

function mp4Info(bytes: Buffer): { durationSec: number; width: number; height: number } {
  const mvhd = findBox(bytes, ['moov', 'mvhd']);
  if (!mvhd) throw new Error('no mvhd');
  const v1 = mvhd[0] === 1;
  const timescale = v1 ? mvhd.readUInt32BE(20) : mvhd.readUInt32BE(12);
  const duration = v1 ? Number(mvhd.readBigUInt64BE(24)) : mvhd.readUInt32BE(16);
  let width = 0;
  let height = 0;
  const moov = findBox(bytes, ['moov']);
  for (const trak of allBoxes(moov ?? Buffer.alloc(0), 'trak')) {
    const tkhd = findBox(trak, ['tkhd']);
    if (!tkhd) continue;
    const at = tkhd[0] === 1 ? 88 : 76;
    const w = tkhd.readUInt32BE(at) / 65536;
    const h = tkhd.readUInt32BE(at + 4) / 65536;
    if (w > 0) [width, height] = [w, h];
  }
  return { durationSec: duration / timescale, width, height };
}

describe('shipped media assets', () => {
  for (const [name, asset] of Object.entries(VIDEO_ASSETS)) {
    it(`${asset.file} has the size and duration VIDEO_ASSETS declares (${name})`, () => {
      const bytes = readFileSync(join(ASSETS, asset.file));
      expect(bytes.length).toBeLessThan(300 * 1024);
      const info = mp4Info(bytes);
      expect({ width: info.width, height: info.height }).toEqual({ width: asset.width, height: asset.height });
      expect(info.durationSec).toBeCloseTo(asset.durationSec, 1);
      // faststart: the index comes before the media data, so a player can start from the first range.
      expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    });
  }

  it(`${AUDIO_ASSET.file} lasts ${AUDIO_ASSET.durationSec} s`, () => {
    const bytes = readFileSync(join(ASSETS, AUDIO_ASSET.file));
    expect(mp4Info(bytes).durationSec).toBeCloseTo(AUDIO_ASSET.durationSec, 1);
  });
});

describe('media URLs', () => {
  it('signs a world path with an oe expiry three days ahead and a signature', () => {
    const signed = media.sign(mediaPaths.image('3776832898280228145', 1080, 1350), NOW);
    const url = new URL(signed, ORIGIN);
    expect(url.pathname).toBe('/media/img/3776832898280228145.png');
    expect(url.searchParams.get('w')).toBe('1080');
    expect(url.searchParams.get('h')).toBe('1350');
    const oe = parseInt(url.searchParams.get('oe') ?? '', 16);
    expect(oe * 1000).toBeGreaterThan(NOW + 71 * 3600 * 1000);
    expect(oe * 1000).toBeLessThanOrEqual(NOW + 72 * 3600 * 1000);
    expect(url.searchParams.get('_nc_sig')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('answers 403 "URL signature expired" once oe has passed, or without oe', async () => {
    const signed = media.sign(mediaPaths.image('a', 64, 64), NOW);
    expect(get(signed).status).toBe(200);
    const later = NOW + 4 * 24 * 3600 * 1000;
    const expired = get(signed, {}, later);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toBe('URL signature expired');
    const bare = get(mediaPaths.image('a', 64, 64));
    expect(bare.status).toBe(403);
    expect(await bare.text()).toBe('URL signature expired');
  });

  it('answers 403 "Bad URL hash" when the URL was changed (size, id or expiry)', async () => {
    const signed = media.sign(mediaPaths.image('post-1', 640, 800), NOW);
    const bigger = signed.replace('w=640', 'w=1080');
    const otherId = signed.replace('post-1', 'post-2');
    const url = new URL(signed, ORIGIN);
    url.searchParams.set('oe', (parseInt(url.searchParams.get('oe') ?? '0', 16) + 86400).toString(16));
    for (const tampered of [bigger, otherId, url.pathname + url.search]) {
      const res = get(tampered);
      expect(res.status).toBe(403);
      expect(await res.text()).toBe('Bad URL hash');
    }
  });
});

describe('generated images', () => {
  it('is a PNG of exactly the width and height in the URL', async () => {
    for (const [w, h] of [
      [1080, 1350],
      [640, 640],
      [150, 150],
      [1, 1],
      [321, 17],
    ] as const) {
      const res = get(media.sign(mediaPaths.image('3776832898280228145', w, h), NOW));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const bytes = await bytesOf(res);
      expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
      const png = readPng(bytes);
      expect([png.width, png.height]).toEqual([w, h]);
      expect(png.chunks).toEqual(['IHDR', 'PLTE', 'IDAT', 'IEND']);
      expect(png.colourType).toBe(3);
      // One filter byte and one palette index per pixel, per row.
      expect(png.pixels.length).toBe((w + 1) * h);
    }
  });

  it('caps each side at 2160 pixels', async () => {
    const png = readPng(await bytesOf(get(media.sign(mediaPaths.image('huge', 5000, 300), NOW))));
    expect([png.width, png.height]).toEqual([MAX_IMAGE_SIDE, 300]);
  });

  it('draws different pictures for different ids and the same one for the same id', async () => {
    const first = await bytesOf(get(media.sign(mediaPaths.image('3776832898280228145', 320, 400), NOW)));
    const second = await bytesOf(get(media.sign(mediaPaths.image('2278584739065882267', 320, 400), NOW)));
    const again = await bytesOf(get(media.sign(mediaPaths.image('3776832898280228145', 320, 400), NOW)));
    expect(first.equals(second)).toBe(false);
    expect(first.equals(again)).toBe(true);
    // Different colours, not only a different layout: the palettes differ.
    const palette = (b: Buffer): string => {
      const at = b.indexOf('PLTE');
      return b.subarray(at + 4, at + 4 + b.readUInt32BE(at - 4)).toString('hex');
    };
    expect(palette(first)).not.toBe(palette(second));
  });

  it('draws more than one colour (a gradient and a shape)', async () => {
    const png = readPng(await bytesOf(get(media.sign(mediaPaths.image('grid-1', 200, 200), NOW))));
    const used = new Set<number>();
    for (let y = 0; y < 200; y++) for (let x = 1; x <= 200; x++) used.add(png.pixels[y * 201 + x] ?? -1);
    expect(used.size).toBeGreaterThanOrEqual(4);
  });

  it('rejects an image URL without sizes', () => {
    expect(get(media.sign('/media/img/x.png', NOW)).status).toBe(400);
  });
});

describe('video and audio files', () => {
  const names = Object.keys(VIDEO_ASSETS) as VideoAssetName[];

  for (const name of names) {
    it(`serves ${name} whole with its length and type`, async () => {
      const file = readFileSync(join(ASSETS, VIDEO_ASSETS[name].file));
      const res = get(media.sign(mediaPaths.video(name, '3776832898280228145'), NOW));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('video/mp4');
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(res.headers.get('content-length')).toBe(String(file.length));
      expect((await bytesOf(res)).equals(file)).toBe(true);
    });
  }

  it('answers Range requests with 206 and the exact slice', async () => {
    const file = readFileSync(join(ASSETS, VIDEO_ASSETS.portrait.file));
    const path = media.sign(mediaPaths.video('portrait', '2278584739065882267'), NOW);
    const cases: [string, number, number][] = [
      ['bytes=0-1023', 0, 1023],
      ['bytes=1000-1999', 1000, 1999],
      [`bytes=${file.length - 100}-`, file.length - 100, file.length - 1],
      ['bytes=-500', file.length - 500, file.length - 1],
      [`bytes=100-${file.length + 5000}`, 100, file.length - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = get(path, { range });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${file.length}`);
      expect(res.headers.get('content-length')).toBe(String(end - start + 1));
      expect((await bytesOf(res)).equals(file.subarray(start, end + 1))).toBe(true);
    }
  });

  it('answers 416 for a range past the end', () => {
    const size = statSync(join(ASSETS, VIDEO_ASSETS.square.file)).size;
    const res = get(media.sign(mediaPaths.video('square', '1'), NOW), { range: `bytes=${size}-` });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe(`bytes */${size}`);
  });

  it('serves ranges of images and audio too', async () => {
    const audio = readFileSync(join(ASSETS, AUDIO_ASSET.file));
    const res = get(media.sign(mediaPaths.audio('track-1'), NOW), { range: 'bytes=0-99' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-type')).toBe('audio/mp4');
    expect((await bytesOf(res)).equals(audio.subarray(0, 100))).toBe(true);
    const img = get(media.sign(mediaPaths.image('p', 50, 50), NOW), { range: 'bytes=0-7' });
    expect(img.status).toBe(206);
    expect([...(await bytesOf(img))]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  it('answers HEAD with the headers and no body', async () => {
    const file = statSync(join(ASSETS, VIDEO_ASSETS.landscape.file));
    const res = get(media.sign(mediaPaths.video('landscape', 'x'), NOW), {}, NOW, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(file.size));
    expect((await bytesOf(res)).length).toBe(0);
  });

  it('answers 404 for an unknown asset or path', () => {
    expect(get(media.sign('/media/vid/vertical/1.mp4', NOW)).status).toBe(404);
    expect(get(media.sign('/media/other/1.bin', NOW)).status).toBe(404);
  });

  it('reads files from another folder when told (the packaged app)', () => {
    const elsewhere = createMediaFiles({ mediaDir: '/nonexistent-folder' });
    const url = new URL(elsewhere.sign(mediaPaths.audio('t'), NOW), ORIGIN);
    expect(elsewhere.serve(new Request(url), url, NOW).status).toBe(404);
  });
});

describe('parseRange', () => {
  it('reads the three forms and ignores what it cannot serve as one range', () => {
    expect(parseRange('bytes=5-9', 100)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-1000', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=0-1,5-9', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
    expect(parseRange(null, 100)).toBeNull();
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-5', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
  });
});
