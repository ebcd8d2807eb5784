// One media file to disk: streamed chunk by chunk (memory stays flat however big the file), into
// `<name>.part`, hashed on the way (no second read), then renamed, or left as `.part`, still open, for a
// caller that makes many files durable at once and renames them then (the download queue). A `.part`
// left by an earlier attempt, a crash or a restart is continued with a Range request; the answer must be
// a 206 starting exactly where the part ends, else the file starts over from zero.
import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { diskError } from '../storage/disk-errors';
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
   * Leave the finished file as `<name>.part`, not synced and still open (the result's `handle`): the
   * caller syncs, closes and renames it, with others. Default false: synced and renamed here.
   */
  keepPart?: boolean;
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
  /** With keepPart, the `.part` still open for writing (the caller closes it); null when it was not opened. */
  handle: FileHandle | null;
}

export const partPath = (final: string): string => `${final}.part`;

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
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
        return { path: final, ext: ext as string, bytes: offset, sha256, contentType: null, resumedFrom: offset, handle: null };
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
  const part = partPath(final);
  const length = lengthOf(res);
  const total = res.status === 206 ? (parseContentRange(res.headers.get('content-range'))?.total ?? null) : length;
  o.onStart?.({ ext, total, offset, contentType });

  let handle;
  let hash: Hash;
  try {
    await (o.ensureFolder ?? ((folder: string) => mkdir(folder, { recursive: true }).then(() => undefined)))(dirname(part));
    hash = await hashOf(part, offset);
    handle = await open(part, offset > 0 ? 'a' : 'w');
  } catch (error) {
    await discard(res);
    throw writeError(error, final);
  }
  let written = offset;
  const reader = res.body.getReader();
  let gathered: Uint8Array[] = [];
  let gatheredBytes = 0;
  const writeGathered = async (): Promise<void> => {
    if (gatheredBytes === 0) return;
    const buffers = gathered;
    gathered = [];
    gatheredBytes = 0;
    try {
      await handle.writev(buffers);
    } catch (error) {
      throw writeError(error, final);
    }
  };
  const read = () => {
    const next = reader.read();
    next.catch(() => undefined); // looked at below; not an unhandled rejection meanwhile
    return next;
  };
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
      gathered.push(chunk.value);
      gatheredBytes += chunk.value.byteLength;
      hash.update(chunk.value);
      written += chunk.value.byteLength;
      o.onProgress?.(written);
      if (o.signal.aborted) throw new DownloadError('aborted', 'Stopped.', false);
      // The next chunk is asked for while this one goes to disk (what came meanwhile goes in one write);
      // at most a chunk or two wait in memory, and bytes reach the disk as they arrive.
      reading = read();
      await writeGathered();
    }
    await writeGathered();
    if (total !== null && written !== total) {
      throw new DownloadError('truncated', `The connection broke after ${written} of ${total} bytes.`, true);
    }
    if (o.keepPart !== true) await handle.sync().catch((error: unknown) => Promise.reject(writeError(error, final)));
  } catch (error) {
    reader.cancel().catch(() => undefined);
    // What arrived is kept in the `.part` for the next attempt.
    await writeGathered().catch(() => undefined);
    await handle.close();
    throw error;
  }
  // Kept open for a caller that syncs it in a batch: no second open for the sync.
  if (o.keepPart === true) return { path: final, ext, bytes: written, sha256: hash.digest('hex'), contentType, resumedFrom: offset, handle };
  await handle.close();
  await rename(part, final);
  return { path: final, ext, bytes: written, sha256: hash.digest('hex'), contentType, resumedFrom: offset, handle: null };
}

/** Removes the `.part` of a download (cancel). */
export async function removePart(base: string, ext: string | null): Promise<void> {
  if (ext !== null) await unlink(partPath(`${base}.${ext}`)).catch(() => undefined);
}
