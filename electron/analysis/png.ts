// The PNG of a saved chart comes from the page (only the page can rasterise its chart), so main takes it
// for bytes to check, never for anything else: a PNG signature, whole chunks with correct checksums, a
// header of a sane size, pixel data that inflates to exactly the rows the header promises, and nothing
// after the end. The file written holds only the chunks that draw the picture: text, metadata and
// unknown chunks (somewhere to hide a payload) are dropped.
import { crc32, createInflate } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The image and how its colours and pixel size are meant. */
const KEPT = new Set(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND', 'sRGB', 'gAMA', 'cHRM', 'pHYs']);
/** Samples per pixel and the bit depths the PNG specification allows, by colour type. */
const COLOUR_TYPES: Record<number, { samples: number; depths: number[] }> = {
  0: { samples: 1, depths: [1, 2, 4, 8, 16] },
  2: { samples: 3, depths: [8, 16] },
  3: { samples: 1, depths: [1, 2, 4, 8] },
  4: { samples: 2, depths: [8, 16] },
  6: { samples: 4, depths: [8, 16] },
};
/** Filter types 0-4 start each row. */
const MAX_FILTER = 4;

export interface PngLimits {
  maxWidth: number;
  maxHeight: number;
}

export type PngCheck = { ok: true; png: Buffer; width: number; height: number } | { ok: false; problem: string };

interface Chunk {
  type: string;
  data: Buffer;
  /** The whole chunk: length, type, data and checksum. */
  raw: Buffer;
}

function chunksOf(bytes: Buffer): Chunk[] | string {
  const chunks: Chunk[] = [];
  let at = SIGNATURE.length;
  while (at < bytes.length) {
    if (at + 12 > bytes.length) return 'it ends inside a chunk';
    const length = bytes.readUInt32BE(at);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) return 'a chunk runs past the end of the file';
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) return 'a chunk has no valid type';
    if (crc32(bytes.subarray(at + 4, end - 4)) !== bytes.readUInt32BE(end - 4)) return `its ${type} chunk is damaged`;
    chunks.push({ type, data: bytes.subarray(at + 8, end - 4), raw: bytes.subarray(at, end) });
    at = end;
    if (type === 'IEND') return at === bytes.length ? chunks : 'there are bytes after its end';
  }
  return 'it has no end chunk';
}

/** Inflates the pixel data as a stream (memory stays flat) and checks it is exactly `rows` rows of `rowBytes`. */
async function pixelDataProblem(compressed: Buffer, rowBytes: number, rows: number): Promise<string | null> {
  const total = rowBytes * rows;
  const inflate = createInflate();
  inflate.end(compressed);
  let at = 0;
  try {
    for await (const piece of inflate as AsyncIterable<Buffer>) {
      for (let row = Math.ceil(at / rowBytes) * rowBytes; row < at + piece.length; row += rowBytes) {
        if (piece[row - at]! > MAX_FILTER) return 'a row of its pixels has an unknown filter';
      }
      at += piece.length;
      if (at > total) return 'it holds more pixels than its size says';
    }
  } catch {
    return 'its pixel data is damaged';
  }
  return at === total ? null : 'it holds fewer pixels than its size says';
}

export async function checkPng(bytes: Buffer, limits: PngLimits): Promise<PngCheck> {
  const fail = (problem: string): PngCheck => ({ ok: false, problem });
  if (bytes.length < SIGNATURE.length || !bytes.subarray(0, SIGNATURE.length).equals(SIGNATURE)) return fail('it is not a PNG file');
  const chunks = chunksOf(bytes);
  if (typeof chunks === 'string') return fail(chunks);
  const header = chunks[0]!;
  if (header.type !== 'IHDR' || header.data.length !== 13) return fail('it does not start with a PNG header');
  const width = header.data.readUInt32BE(0);
  const height = header.data.readUInt32BE(4);
  const [depth, colourType, compression, filter, interlace] = header.data.subarray(8);
  const colour = COLOUR_TYPES[colourType!];
  if (width < 1 || height < 1 || width > limits.maxWidth || height > limits.maxHeight) return fail(`its size (${width} × ${height}) is not the chart’s`);
  if (!colour || !colour.depths.includes(depth!) || compression !== 0 || filter !== 0) return fail('its header is not valid');
  if (interlace !== 0) return fail('it is interlaced');
  const kinds = chunks.map((c) => c.type);
  if (kinds.some((t, i) => t === 'IHDR' && i > 0)) return fail('it has two headers');
  const unknownCritical = kinds.find((t) => /^[A-Z]/.test(t) && !KEPT.has(t));
  if (unknownCritical) return fail(`it has a chunk Feedlens does not know (${unknownCritical})`);
  const firstData = kinds.indexOf('IDAT');
  const lastData = kinds.lastIndexOf('IDAT');
  if (firstData < 0) return fail('it has no pixel data');
  if (kinds.slice(firstData, lastData + 1).some((t) => t !== 'IDAT')) return fail('its pixel data is split');
  if (colourType === 3 && !kinds.includes('PLTE')) return fail('it has no palette');
  const rowBytes = 1 + Math.ceil((width * colour.samples * depth!) / 8);
  const problem = await pixelDataProblem(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)), rowBytes, height);
  if (problem) return fail(problem);
  return { ok: true, png: Buffer.concat([SIGNATURE, ...chunks.filter((c) => KEPT.has(c.type)).map((c) => c.raw)]), width, height };
}
