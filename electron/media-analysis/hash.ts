// Perceptual hashes of an image, from its decoded pixels (sharp, libvips): a dHash (difference hash:
// the image as 9x8 greys, each bit says whether a pixel is brighter than its right neighbour) and a pHash
// (the image as 32x32 greys, its 2-D DCT, a bit per coefficient of the 8x8 lowest frequencies, set when it
// is above their median, the DC term left out of the median). 64 bits each, as 16 hex digits. Near
// copies of a picture (re-encoded, resized, slightly cropped) differ in few bits; different pictures in
// about half of them (docs/analysis.md, "Reuse").
import sharp from 'sharp';

export interface ImageHashes {
  dhash: string;
  phash: string;
}

interface Decoded {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/** The image's greys at width x height, from its decoded greys (greyscale() keeps the output one channel). */
async function greys(image: Decoded, width: number, height: number): Promise<Uint8Array> {
  const { data: pixels, ...raw } = image;
  const data = await sharp(pixels, { raw }).greyscale().resize(width, height, { fit: 'fill', kernel: 'lanczos3' }).raw().toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, width * height);
}

/** 64 bits (most significant first) as 16 hex digits. */
function hex(bits: readonly boolean[]): string {
  let out = '';
  for (let i = 0; i < 64; i += 4) out += ((bits[i] ? 8 : 0) | (bits[i + 1] ? 4 : 0) | (bits[i + 2] ? 2 : 0) | (bits[i + 3] ? 1 : 0)).toString(16);
  return out;
}

export function dhashOf(g: Uint8Array): string {
  const bits: boolean[] = [];
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) bits.push(g[y * 9 + x]! > g[y * 9 + x + 1]!);
  return hex(bits);
}

const N = 32;
// cos((2x + 1) u pi / 2N) for the 8 lowest frequencies u.
const COS = Array.from({ length: 8 }, (_, u) => Array.from({ length: N }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * N))));

export function phashOf(g: Uint8Array): string {
  const coefficients: number[] = [];
  for (let v = 0; v < 8; v++) {
    for (let u = 0; u < 8; u++) {
      let sum = 0;
      for (let y = 0; y < N; y++) {
        const cy = COS[v]![y]!;
        const row = y * N;
        for (let x = 0; x < N; x++) sum += g[row + x]! * COS[u]![x]! * cy;
      }
      coefficients.push(sum);
    }
  }
  const median = [...coefficients.slice(1)].sort((a, b) => a - b)[31]!;
  return hex(coefficients.map((c) => c > median));
}

/** Both hashes of an image, decoded once (one step after the other: a thread of the pool is one core). */
export async function imageHashes(input: Buffer | string): Promise<ImageHashes> {
  // Decoded once, flattened on white, in grey; each hash then resizes those greys.
  const { data, info } = await sharp(input).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const image = { data, width: info.width, height: info.height, channels: info.channels };
  const d = await greys(image, 9, 8);
  const p = await greys(image, N, N);
  return { dhash: dhashOf(d), phash: phashOf(p) };
}
