// PNG files for the chart-saving tests, built chunk by chunk so a test can damage any part of one.
import { deflateSync } from 'node:zlib';
import { PNG_SIGNATURE, pngChunk } from '../../../../electron/simulator/pictures';

export const SIGNATURE = PNG_SIGNATURE;

/** One chunk with its length and checksum (text data as latin1). */
export function chunk(type: string, data: Buffer | string): Buffer {
  return pngChunk(type, Buffer.isBuffer(data) ? data : Buffer.from(data, 'latin1'));
}

export function header(width: number, height: number, o: { depth?: number; colourType?: number; interlace?: number } = {}): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = o.depth ?? 8;
  data[9] = o.colourType ?? 6;
  data[12] = o.interlace ?? 0;
  return chunk('IHDR', data);
}

/** Rows of an 8-bit RGBA picture: filter byte 0, then a colour per pixel. */
export function rgbaRows(width: number, height: number, o: { filter?: number } = {}): Buffer {
  const stride = 1 + width * 4;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    raw[y * stride] = o.filter ?? 0;
    for (let x = 0; x < width; x++) raw.set([(x * 40) & 255, (y * 60) & 255, 200, 255], y * stride + 1 + x * 4);
  }
  return raw;
}

/** An 8-bit RGBA PNG, with `before` chunks after its header and `after` chunks after its pixel data. */
export function rgbaPng(width: number, height: number, o: { before?: Buffer[]; after?: Buffer[]; rows?: Buffer } = {}): Buffer {
  return Buffer.concat([
    SIGNATURE,
    header(width, height),
    ...(o.before ?? []),
    chunk('IDAT', deflateSync(o.rows ?? rgbaRows(width, height))),
    ...(o.after ?? []),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
