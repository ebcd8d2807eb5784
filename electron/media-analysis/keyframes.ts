// Keyframes and a stripe of a video, with the ffmpeg binary of @ffmpeg-installer (packaged outside the
// asar). N frames evenly spaced over the video (frame i at (i - ½)/N of its length), each a JPEG 320
// pixels wide, and the stripe: the frames side by side, 160 pixels high (4CAT's "video stripes").
// ffmpeg runs as a child process: nothing waits on it in main.
import { execFile } from 'node:child_process';
import { rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { unpackedPath } from '../platform/unpacked';

/** Keyframes taken of each video. */
export const KEYFRAMES = 5;
const FRAME_WIDTH = 320;
const STRIPE_HEIGHT = 160;
/** One ffmpeg call longer than this is stuck (a broken file): it is stopped. */
const FFMPEG_TIMEOUT_MS = 60_000;

/** The ffmpeg binary: in a packaged app, the copy unpacked beside the asar (a binary inside it cannot run). */
export function ffmpegPath(): string {
  return unpackedPath((createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path);
}

/** The version ffmpeg says it is ("ffmpeg version N-47683-…"), for the tools stored with each result. */
export async function ffmpegVersion(binary = ffmpegPath()): Promise<string> {
  const { stdout } = await run(binary, ['-hide_banner', '-version']).catch(() => ({ stdout: '' }));
  return /ffmpeg version (\S+)/.exec(stdout)?.[1] ?? 'unknown';
}

function run(binary: string, args: string[], signal?: AbortSignal): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(binary, args, { timeout: FFMPEG_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024, ...(signal ? { signal } : {}) }, (error, stdout, stderr) => {
      if (error) reject(Object.assign(error, { stderr }));
      else resolve({ stdout, stderr });
    });
  });
}

/** The video's length in seconds, from what ffmpeg prints of its input ("Duration: 00:00:05.04"). */
async function durationOf(binary: string, file: string, signal?: AbortSignal): Promise<number | null> {
  // ffmpeg with an input and no output exits 1, having printed the input's description.
  const stderr = await run(binary, ['-hide_banner', '-i', file], signal).then(
    (r) => r.stderr,
    (error: { stderr?: string }) => error.stderr ?? '',
  );
  const m = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(stderr);
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : null;
}

export interface Keyframe {
  index: number;
  atSeconds: number;
  /** The JPEG's path. */
  path: string;
}

export interface Keyframes {
  frames: Keyframe[];
  stripe: string | null;
}

/**
 * Takes the keyframes of `input` (a file, or the video's bytes) into `folder` as `<name>_<i>.jpg`, and the
 * stripe as `<name>_stripe.jpg`. `seconds`: the length the service gave, else ffmpeg reads it.
 */
export async function takeKeyframes(o: { input: string | Uint8Array; seconds: number | null; folder: string; name: string; binary?: string; signal?: AbortSignal }): Promise<Keyframes> {
  const binary = o.binary ?? ffmpegPath();
  // Bytes go to a temporary file: ffmpeg seeks in its input.
  const temp = typeof o.input === 'string' ? null : join(tmpdir(), `feedlens-video-${randomUUID()}.mp4`);
  if (temp) await writeFile(temp, o.input as Uint8Array);
  const file = temp ?? (o.input as string);
  try {
    const seconds = o.seconds && o.seconds > 0 ? o.seconds : await durationOf(binary, file, o.signal);
    if (seconds === null) throw new Error('ffmpeg cannot read this video (no duration)');
    const frames: Keyframe[] = [];
    for (let i = 1; i <= KEYFRAMES; i++) {
      const at = Math.round(((seconds * (i - 0.5)) / KEYFRAMES) * 1000) / 1000;
      const path = join(o.folder, `${o.name}_${i}.jpg`);
      const part = `${path}.${randomUUID().slice(0, 8)}.part`;
      await run(binary, ['-hide_banner', '-loglevel', 'error', '-ss', String(at), '-i', file, '-frames:v', '1', '-vf', `scale=${FRAME_WIDTH}:-2`, '-f', 'image2', '-c:v', 'mjpeg', '-q:v', '4', '-y', part], o.signal);
      await rename(part, path);
      frames.push({ index: i, atSeconds: at, path });
    }
    return { frames, stripe: frames.length > 0 ? await stripeOf(frames, join(o.folder, `${o.name}_stripe.jpg`)) : null };
  } finally {
    if (temp) await rm(temp, { force: true });
  }
}

/** The frames side by side, each STRIPE_HEIGHT high, as one JPEG (written under a temporary name, then renamed). */
async function stripeOf(frames: Keyframe[], path: string): Promise<string> {
  const tiles = await Promise.all(frames.map((f) => sharp(f.path).resize({ height: STRIPE_HEIGHT }).jpeg().toBuffer({ resolveWithObject: true })));
  let left = 0;
  const composite = tiles.map((t) => {
    const tile = { input: t.data, left, top: 0 };
    left += t.info.width;
    return tile;
  });
  const part = `${path}.${randomUUID().slice(0, 8)}.part`;
  await sharp({ create: { width: left, height: STRIPE_HEIGHT, channels: 3, background: '#000000' } }).composite(composite).jpeg({ quality: 80 }).toFile(part);
  await rename(part, path);
  return path;
}
