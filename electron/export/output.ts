// Writing an export's files: text gathered into writes of 64 to 256 KB (one write or one ZIP chunk per
// row would cost a system call or a deflate call each), sized and hashed on the way; the data file and
// its manifest taking their names as one unit (main's event loop given a turn between slices of the
// writing); and the temp files (and folders) a crash left behind cleared at start.
import { createHash, randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { readdir, rm, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { atomicTempPid, stageFileAtomic } from '../storage/fs-atomic';
import type { Slicer } from './slices';
import { insideRoots } from '../library/handlers';
import { EXPORTS_FOLDER } from '../studies/registry';

/** A batch is handed on once it holds 64 KB; a text chunk of n UTF-16 units takes at most 3n bytes. */
const BATCH_BYTES = 64 * 1024;
const BUFFER_BYTES = 256 * 1024;

export interface Written {
  bytes: number;
  sha256: string;
}

/**
 * The text as UTF-8 buffers of 64 to 256 KB, each chunk encoded straight into the buffer (no joined
 * string: large strings live in V8's large-object space and make the heap grow); `into`, when given, gets
 * their size and sha256 once done. `reuse`: every batch goes into the same buffer, for a consumer that is
 * done with a batch before it asks for the next (a file write awaited in turn): no allocation per batch.
 * Otherwise (a stream that may still hold a batch when it asks for the next: ZIP entries) each batch is
 * a copy of its own exact size, and the 256 KB buffer is reused: a new 256 KB buffer per 64 KB batch
 * would make memory churn four times the text, which the allocator is slow to give back.
 */
export function* batches(chunks: Iterable<string>, into?: Written, reuse = false, due?: () => boolean): Generator<Buffer> {
  const hash = into ? createHash('sha256') : null;
  const buffer = Buffer.allocUnsafe(BUFFER_BYTES);
  let used = 0;
  const take = (): Buffer => {
    const bytes = reuse ? buffer.subarray(0, used) : Buffer.from(buffer.subarray(0, used));
    hash?.update(bytes);
    if (into) into.bytes += bytes.length;
    used = 0;
    return bytes;
  };
  for (const chunk of chunks) {
    if (used + chunk.length * 3 > buffer.length) {
      if (used > 0) yield take();
      if (chunk.length * 3 > buffer.length) {
        // One chunk bigger than the buffer (a very long caption): a buffer of its own.
        const big = Buffer.from(chunk, 'utf8');
        hash?.update(big);
        if (into) into.bytes += big.length;
        yield big;
        continue;
      }
    }
    used += buffer.write(chunk, used, 'utf8');
    // `due`: time is up, what is there goes now (maybe nothing, when no item of a long stretch wrote any).
    if (used >= BATCH_BYTES || (due !== undefined && due())) yield take();
  }
  if (used > 0) yield take();
  if (into && hash) into.sha256 = hash.digest('hex');
}

/**
 * The batches of `chunks` (as batches() makes them) with a turn of the event loop whenever the slice's
 * time is up, even inside a batch: a long stretch of items that write little or nothing (the items of
 * other kinds, for one CSV of a ZIP) no longer holds main. The bytes are the same, cut elsewhere.
 */
export async function* pacedBatches(chunks: Iterable<string>, slice: Slicer, into?: Written, reuse = false): AsyncGenerator<Buffer> {
  for (const batch of batches(chunks, into, reuse, slice.due)) {
    if (batch.length > 0) yield batch;
    if (slice.late()) await slice.pause();
  }
}

/**
 * Writes a data file and then its manifest (built from what was written), both under temp names, and
 * gives them their names together: the manifest first, so a crash between the two renames leaves at worst
 * a manifest whose data file is missing, never a data file without its manifest. Neither replaces a file
 * (the names were chosen free; one taken in the meantime fails the export with EEXIST, and is kept).
 */
export async function writeWithManifest(
  dataPath: string,
  chunks: Iterable<string>,
  manifestPath: string,
  manifestText: (data: Written) => string | Iterable<string>,
  slice?: Slicer,
): Promise<Written> {
  const written: Written = { bytes: 0, sha256: '' };
  const data = await stageFileAtomic(dataPath, slice ? pacedBatches(chunks, slice, written, true) : batches(chunks, written, true));
  let manifest;
  try {
    const text = manifestText(written);
    manifest = await stageFileAtomic(manifestPath, typeof text === 'string' ? text : batches(text, undefined, true));
  } catch (error) {
    await data.discard();
    throw error;
  }
  try {
    await manifest.commit({ replace: false });
  } catch (error) {
    await data.discard();
    throw error;
  }
  try {
    await data.commit({ replace: false });
  } catch (error) {
    await unlink(manifestPath).catch(() => undefined);
    throw error;
  }
  return written;
}

// `.<name>.<pid>.partial-<random hex>`: a folder export (networks, Parquet tables) being written.
const PARTIAL_FOLDER = /^\..+\.(\d+)\.partial-[0-9a-f]+$/;

/** The hidden name a folder export `base` is written under until complete, with this process's id. */
export function partialFolderName(base: string): string {
  return `.${base}.${process.pid}.partial-${randomBytes(4).toString('hex')}`;
}

/** True while a process of this id runs (ours, or another Feedlens): what it is writing is left alone. */
function running(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid > 0x7fffffff) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0); // signal 0: only asks whether it exists
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // it exists, as another user's
  }
}

/**
 * Removes what interrupted exports left in `folder`, recognised by their names: temp files (fs-atomic's
 * tempPathFor) and the hidden folders of folder exports, each made by a process that no longer runs.
 * Nothing else is touched, whatever its name looks like. Returns how many were removed.
 */
export async function removeLeftoverTemps(folder: string): Promise<number> {
  let entries: Dirent[];
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    return 0;
  }
  let removed = 0;
  for (const entry of entries) {
    const partial = entry.isDirectory() ? PARTIAL_FOLDER.exec(entry.name)?.[1] : undefined;
    const pid = entry.isFile() ? atomicTempPid(entry.name) : partial !== undefined ? Number(partial) : null;
    if (pid === null || running(pid)) continue;
    await rm(join(folder, entry.name), { recursive: entry.isDirectory(), force: true }).then(
      () => void (removed += 1),
      () => undefined,
    );
  }
  return removed;
}

/**
 * Every folder exports are written in: the app's (and their charts), the request logs', and each study's
 * exports and charts (never through a link out of the study's folder).
 */
export async function exportFolders(appFolders: string[], requestLogs: string, studyFolders: string[]): Promise<string[]> {
  const inStudies: string[] = [];
  for (const study of studyFolders) {
    for (const folder of [join(study, EXPORTS_FOLDER), join(study, EXPORTS_FOLDER, 'charts')]) if (await insideRoots(folder, [study])) inStudies.push(folder);
  }
  return [...new Set([...appFolders, ...appFolders.map((f) => join(f, 'charts')), requestLogs, ...inStudies])];
}
