// One thread of the media-analysis pool (pool.ts): decodes a picture and hashes it. Runs in a worker so
// that decoding and the DCT never hold up main's event loop; each thread takes one picture at a time.
import sharp from 'sharp';
import { imageHashes } from './hash';

export interface HashTask {
  op: 'hash';
  /** The picture's bytes, or the path of its file. */
  input: Uint8Array | string;
}

export interface HashResult {
  width: number | null;
  height: number | null;
  phash: string;
  dhash: string;
}

// Each thread decodes one picture at a time; the pool's threads give the parallelism.
sharp.concurrency(1);
sharp.cache(false);

export default async function analyse(task: HashTask): Promise<HashResult> {
  const input = typeof task.input === 'string' ? task.input : Buffer.from(task.input.buffer, task.input.byteOffset, task.input.byteLength);
  // The header only (no decoding), then the hashes.
  const meta = await sharp(input).metadata();
  const hashes = await imageHashes(input);
  return { width: meta.width ?? null, height: meta.height ?? null, ...hashes };
}
