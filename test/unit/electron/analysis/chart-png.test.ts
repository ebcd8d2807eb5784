// The PNG of a saved chart comes from the page, which may be hostile: main writes it only when it is a
// whole, real PNG of a sane size, and drops every chunk that does not draw the picture.
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkPng } from '../../../../electron/analysis/png';
import { drawPng } from '../../../../electron/simulator/pictures';
import { chunk, header, rgbaPng, rgbaRows, SIGNATURE } from './png-fixtures';

const LIMITS = { maxWidth: 400, maxHeight: 300 };
const IEND = chunk('IEND', Buffer.alloc(0));
const idat = (w: number, h: number) => chunk('IDAT', deflateSync(rgbaRows(w, h)));

describe('checkPng', () => {
  it('accepts a real PNG (RGBA as a canvas makes it, and indexed) and writes it unchanged', async () => {
    for (const png of [rgbaPng(40, 30), drawPng('chart', 64, 48)]) {
      const r = await checkPng(png, LIMITS);
      expect(r.ok && r.png.equals(png)).toBe(true);
    }
  });

  it('drops text, metadata and unknown chunks, keeping what draws the picture', async () => {
    const payload = '<svg onload="alert(1)"><script>alert(1)</script></svg>';
    const png = rgbaPng(40, 30, {
      before: [chunk('sRGB', Buffer.from([0])), chunk('tEXt', `Comment\0${payload}`), chunk('iTXt', `XML:com.adobe.xmp\0\0\0\0\0${payload}`), chunk('eXIf', 'MM\0*')],
      after: [chunk('evIl', payload), chunk('zTXt', 'x\0\0')],
    });
    const r = await checkPng(png, LIMITS);
    if (!r.ok) throw new Error(r.problem);
    expect(r.png.equals(Buffer.concat([SIGNATURE, header(40, 30), chunk('sRGB', Buffer.from([0])), idat(40, 30), IEND]))).toBe(true);
    expect(r.png.includes('script')).toBe(false);
  });

  const good = rgbaPng(40, 30);
  // The first byte of the header's checksum, flipped.
  const badCrc = Buffer.from(good);
  badCrc.writeUInt8(badCrc.readUInt8(SIGNATURE.length + 8 + 13) ^ 1, SIGNATURE.length + 8 + 13);
  const cases: [string, Buffer, RegExp][] = [
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>'), /not a PNG/],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), /not a PNG/],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), /not a PNG/],
    ['a PNG signature followed by HTML', Buffer.concat([SIGNATURE, Buffer.from('<html><script>alert(1)</script></html>')]), /chunk/],
    ['a damaged checksum', badCrc, /IHDR chunk is damaged/],
    ['a file cut short', good.subarray(0, good.length - 20), /chunk|end/],
    ['bytes after the end', Buffer.concat([good, Buffer.from('<script>alert(1)</script>')]), /after its end/],
    ['no end chunk', good.subarray(0, good.length - IEND.length), /no end/],
    ['pixel data before the header', Buffer.concat([SIGNATURE, idat(4, 4), header(4, 4), IEND]), /header/],
    ['two headers', Buffer.concat([SIGNATURE, header(4, 4), header(4, 4), idat(4, 4), IEND]), /two headers/],
    ['a size far beyond the chart', Buffer.concat([SIGNATURE, header(100_000, 1), idat(1, 1), IEND]), /size/],
    ['no pixels', Buffer.concat([SIGNATURE, header(0, 10), idat(1, 1), IEND]), /size/],
    ['a bit depth RGBA cannot have', Buffer.concat([SIGNATURE, header(4, 4, { depth: 3 }), idat(4, 4), IEND]), /header is not valid/],
    ['interlacing', Buffer.concat([SIGNATURE, header(4, 4, { interlace: 1 }), idat(4, 4), IEND]), /interlaced/],
    ['an unknown critical chunk', Buffer.concat([SIGNATURE, header(4, 4), chunk('EVIL', 'x'), idat(4, 4), IEND]), /EVIL/],
    ['pixel data split by another chunk', Buffer.concat([SIGNATURE, header(4, 4), idat(4, 2), chunk('tEXt', 'a\0b'), idat(4, 2), IEND]), /split/],
    ['no pixel data', Buffer.concat([SIGNATURE, header(4, 4), IEND]), /no pixel data/],
    ['fewer rows than the header says', Buffer.concat([SIGNATURE, header(4, 4), idat(4, 3), IEND]), /fewer pixels/],
    ['more rows than the header says', Buffer.concat([SIGNATURE, header(4, 4), idat(4, 5), IEND]), /more pixels/],
    ['a row with an unknown filter', rgbaPng(4, 4, { rows: rgbaRows(4, 4, { filter: 9 }) }), /unknown filter/],
    ['pixel data that is not deflate', Buffer.concat([SIGNATURE, header(4, 4), chunk('IDAT', '<script>alert(1)</script>'), IEND]), /damaged/],
    ['an indexed picture without a palette', Buffer.concat([SIGNATURE, header(4, 4, { colourType: 3 }), chunk('IDAT', deflateSync(Buffer.alloc(20))), IEND]), /palette/],
  ];

  it.each(cases)('refuses %s', async (_what, bytes, problem) => {
    const r = await checkPng(bytes, LIMITS);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem).toMatch(problem);
  });

  it('stops inflating at the size the header promises (a small file cannot make main inflate gigabytes)', async () => {
    const bomb = Buffer.concat([SIGNATURE, header(4, 4), chunk('IDAT', deflateSync(Buffer.alloc(64 * 1024 * 1024))), IEND]);
    expect(bomb.length).toBeLessThan(100_000);
    const r = await checkPng(bomb, LIMITS);
    expect(r).toEqual({ ok: false, problem: 'it holds more pixels than its size says' });
  });
});
