// One media file to disk: streamed chunk by chunk (memory stays flat however big the file), into
// `<name>.part`, hashed on the way (no second read), then renamed, or left as a closed `.part` (dated,
// its inode read) for a caller that makes many files durable at once and renames them then (the download
// queue). The writing and hashing happen on the disk thread (disk-thread.ts). A `.part` left by an earlier
// attempt, a crash or a restart is continued with a Range request; the answer must be a 206 starting
// exactly where the part ends, else the file starts over from zero.
import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, mkdir, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { diskError } from '../storage/disk-errors';
import { diskThread, type DiskThread, type PartFile } from './disk-thread';
import { extFromContentType } from './naming';

export type FetchMedia = (url: string, init: { headers?: Record<string, string>; signal?: AbortSignal }) => Promise<Response>;

export type DownloadErrorKind = 'network' | 'http' | 'expired' | 'truncated' | 'aborted' | 'io';

export class DownloadError extends Error {
  constructor(
    readonly kind: DownloadErrorKind,
    message: string,
    readonly retryable: boolean,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

export interface FetchFileOptions {
  url: string;
  /** Absolute path without extension. */
  base: string;
  /** Known extension, or null: then from the answer's Content-Type, else `fallbackExt`. */
  ext: string | null;
  fallbackExt: string;
  fetchMedia: FetchMedia;
  signal: AbortSignal;
  /** The size an earlier attempt announced: a part answered with another total starts over. */
  expectedTotal: number | null;
  /** Called once the answer's headers are in: final path and total size (null when unknown). */
  onStart?: (info: { ext: string; total: number | null; offset: number; contentType: string | null }) => void;
  onProgress?: (bytes: number) => void;
  /**
   * Leave the finished file as `<name>.part`, closed but not synced (the result's `ino`): the caller
   * syncs and renames it, with others. Default false: synced and renamed here.
   */
  keepPart?: boolean;
  /** The file's modification time (epoch seconds; its access time is now), or null to leave it. */
  mtime?: number | null;
  /** Where the bytes are written; default the process's disk thread. */
  disk?: DiskThread;
  /** Creates the file's folder; the queue passes one that remembers the folders it made. */
  ensureFolder?: (folder: string) => Promise<void>;
  /** False: no `.part` can be there (a file queued in this session, first attempt): no need to look. */
  resume?: boolean;
}


export interface FetchFileResult {
  /** The final path (with keepPart, the file is still at `partPath(path)`). */
  path: string;
  ext: string;
  bytes: number;
  /** sha256 of the whole file, taken while it was written. */
  sha256: string;
  contentType: string | null;
  /** Bytes that were already on disk in the `.part` and kept. */
  resumedFrom: number;
  /** The inode of the file written (with keepPart, of the `.part`); null when no file was written here. */
  ino: string | null;
  /** False when setting the modification time (`mtime`) failed: the file is whole, only its date is off. */
  dated: boolean;
}

export const partPath = (final: string): string => `${final}.part`;

/** The size of a part file; 0 for none (or a symbolic link at its name: it is not resumed from, nor written through). */
async function sizeOf(path: string): Promise<number> {
  try {
    const info = await lstat(path);
    return info.isFile() ? info.size : 0;
  } catch {
    return 0;
  }
}

/** `bytes a-b/total` -> its numbers; null when malformed. `total` is null for `*`. */
export function parseContentRange(value: string | null): { start: number; end: number; total: number | null } | null {
  const m = /^bytes\s+(\d+)-(\d+)\/(\d+|\*)$/i.exec((value ?? '').trim());
  if (!m) return null;
  return { start: Number(m[1]), end: Number(m[2]), total: m[3] === '*' ? null : Number(m[3]) };
}

function lengthOf(res: Response): number | null {
  const value = res.headers.get('content-length');
  return value !== null && /^\d+$/.test(value) ? Number(value) : null;
}

function httpError(status: number): DownloadError {
  if (status === 403 || status === 410 || status === 404) {
    // The CDN answers 403 once a signed URL's `oe` has passed; 404/410 may mean the same.
    return new DownloadError('expired', `The media host refused the link (HTTP ${status}): it has probably expired.`, false, status);
  }
  const retryable = status === 408 || status === 429 || status >= 500;
  return new DownloadError('http', `The media host answered HTTP ${status}.`, retryable, status);
}

function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof Error && error.name === 'AbortError');
}

async function send(o: FetchFileOptions, offset: number): Promise<Response> {
  try {
    return await o.fetchMedia(o.url, { headers: offset > 0 ? { Range: `bytes=${offset}-` } : {}, signal: o.signal });
  } catch (error) {
    if (isAbort(error, o.signal)) throw new DownloadError('aborted', 'Stopped.', false);
    const detail = error instanceof Error ? error.message : String(error);
    throw new DownloadError('network', `Could not reach the media host (${detail}).`, true);
  }
}

async function discard(res: Response): Promise<void> {
  await res.body?.cancel().catch(() => undefined);
}

/** A hash of the bytes already in a `.part` (a resumed download goes on from there). */
async function hashOf(path: string, bytes: number): Promise<Hash> {
  const hash = createHash('sha256');
  if (bytes > 0) for await (const chunk of createReadStream(path, { start: 0, end: bytes - 1 })) hash.update(chunk as Buffer);
  return hash;
}

/** A write failure as the user can act on it (disk full, no permission), else as it came. */
function writeError(error: unknown, file: string): DownloadError {
  if ((error as { code?: unknown }).code === 'ELOOP') {
    const path = (error as { path?: unknown }).path;
    return new DownloadError('io', `Could not save ${file}: ${typeof path === 'string' ? path : 'its part file'} is a symbolic link, and Feedlens does not write through links. Remove it, then Retry.`, false);
  }
  const disk = diskError(error, `Could not save ${file}`, dirname(file));
  return new DownloadError('io', disk?.message ?? `Could not write ${file}: ${(error as Error).message}`, false);
}

async function finishFile(part: string, final: string, keepPart: boolean): Promise<void> {
  if (!keepPart) await rename(part, final);
}

/**
 * Downloads `o.url` to `<base>.<ext>`. The final name appears only when the file is complete; on any
 * failure the `.part` stays for the next attempt (callers delete it on cancel).
 */
export async function fetchFile(o: FetchFileOptions): Promise<FetchFileResult> {
  let ext = o.ext;
  let offset = ext !== null && o.resume !== false ? await sizeOf(partPath(`${o.base}.${ext}`)) : 0;
  let res = await send(o, offset);

  if (offset > 0) {
    const range = parseContentRange(res.headers.get('content-range'));
    if (res.status === 416 && range === null) {
      // "bytes */<size>": the part may hold the whole file already.
      const total = /\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1];
      await discard(res);
      if (total !== undefined && Number(total) === offset && (o.expectedTotal === null || o.expectedTotal === offset)) {
        const final = `${o.base}.${ext}`;
        const sha256 = (await hashOf(partPath(final), offset)).digest('hex');
        await finishFile(partPath(final), final, o.keepPart === true);
        o.onStart?.({ ext: ext as string, total: offset, offset, contentType: null });
        // Not dated here (nothing failed): with keepPart the saver dates it (saving.ts closePart).
        return { path: final, ext: ext as string, bytes: offset, sha256, contentType: null, resumedFrom: offset, ino: null, dated: true };
      }
      offset = 0;
      res = await send(o, 0);
    } else if (res.status === 206) {
      const good = range !== null && range.start === offset && range.total !== null && range.end === range.total - 1 && (o.expectedTotal === null || range.total === o.expectedTotal);
      if (!good) {
        // A range we did not ask for, or another file's size: the part cannot be trusted.
        await discard(res);
        offset = 0;
        res = await send(o, 0);
      }
    } else if (res.status === 200) {
      offset = 0; // the server ignored the Range header: the body is the whole file
    }
  }

  if (res.status !== 200 && res.status !== 206) {
    await discard(res);
    throw httpError(res.status);
  }
  if (res.body === null) throw new DownloadError('truncated', 'The media host sent no data.', true);

  const contentType = res.headers.get('content-type');
  ext ??= extFromContentType(contentType) ?? o.fallbackExt;
  const final = `${o.base}.${ext}`;
  const partFile = partPath(final);
  const length = lengthOf(res);
  const total = res.status === 206 ? (parseContentRange(res.headers.get('content-range'))?.total ?? null) : length;
  o.onStart?.({ ext, total, offset, contentType });

  let part: PartFile;
  try {
    await (o.ensureFolder ?? ((folder: string) => mkdir(folder, { recursive: true }).then(() => undefined)))(dirname(partFile));
    // Appending: the thread hashes the bytes already there first (an open failure shows at the first reply).
    part = (o.disk ?? diskThread()).openPart(partFile, offset > 0);
  } catch (error) {
    await discard(res);
    throw writeError(error, final);
  }
  let written = offset;
  const reader = res.body.getReader();
  const read = () => {
    const next = reader.read();
    next.catch(() => undefined); // looked at below; not an unhandled rejection meanwhile
    return next;
  };
  let done;
  try {
    let reading = read();
    for (;;) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reading;
      } catch (error) {
        if (isAbort(error, o.signal)) throw new DownloadError('aborted', 'Stopped.', false);
        throw new DownloadError('truncated', `The connection broke after ${written} bytes.`, true);
      }
      if (chunk.done) break;
      written += chunk.value.byteLength;
      o.onProgress?.(written);
      if (o.signal.aborted) throw new DownloadError('aborted', 'Stopped.', false);
      // The next chunk is asked for while this one goes to the disk thread (the chunk is moved there).
      reading = read();
      await part.write(chunk.value).catch((error: unknown) => Promise.reject(writeError(error, final)));
    }
    if (total !== null && written !== total) {
      throw new DownloadError('truncated', `The connection broke after ${written} of ${total} bytes.`, true);
    }
    const times: [number, number] | null = o.mtime != null ? [Date.now() / 1000, o.mtime] : null;
    done = await part.finish({ sync: o.keepPart !== true, times }).catch((error: unknown) => Promise.reject(writeError(error, final)));
  } catch (error) {
    reader.cancel().catch(() => undefined);
    // What arrived is kept in the `.part` for the next attempt.
    await part.abort().catch(() => undefined);
    throw error;
  }
  if (done.bytes !== written) throw new DownloadError('io', `Could not write ${final}: ${done.bytes} of ${written} bytes are in its part file.`, true);
  if (o.keepPart !== true) await rename(partFile, final).catch((error: unknown) => Promise.reject(writeError(error, final)));
  return { path: final, ext, bytes: written, sha256: done.sha256, contentType, resumedFrom: offset, ino: done.ino, dated: done.dated };
}

/** Removes the `.part` of a download (cancel). */
export async function removePart(base: string, ext: string | null): Promise<void> {
  if (ext !== null) await unlink(partPath(`${base}.${ext}`)).catch(() => undefined);
}
