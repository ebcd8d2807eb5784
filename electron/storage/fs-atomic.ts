// Atomic file writes: write a temp file in the same folder, fsync it, then rename it over the target, so
// a crash or power loss leaves either the old file or the new one, never a half-written mix.
// Kept hand-written, not `write-file-atomic` 8: it syncs the file but not the folder, and has no no-replace, streamed or staged writes.
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { link, lstat, mkdir, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { eachLimited } from './parallel';
import { sleep } from '../../shared/timing';

export interface AtomicWriteOptions {
  /** File mode of a newly created file. Default 0o600: our files hold private research data. */
  mode?: number;
  /**
   * Sync the temp file before it can be committed (default true). False for a caller that syncs many
   * staged files at once (syncFiles) before committing them.
   */
  sync?: boolean;
}

export type Chunk = string | Uint8Array;

/** The temp file sits next to the target (same file system, so rename is atomic) and is hidden. */
export function tempPathFor(file: string): string {
  return join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
}

// `.<name>.<pid>.<random hex>.tmp`, as tempPathFor makes them.
const TEMP_NAME = /^\..+\.(\d+)\.[0-9a-f]+\.tmp$/;

/** True for a temp file left by an interrupted atomic write (callers listing a folder skip these). */
export function isAtomicTempFile(name: string): boolean {
  return TEMP_NAME.test(name);
}

/** The id of the process that made a temp file of this name (tempPathFor); null for any other name. */
export function atomicTempPid(name: string): number | null {
  const pid = TEMP_NAME.exec(name)?.[1];
  return pid === undefined ? null : Number(pid);
}

// Windows refuses a rename while another process (an antivirus, an indexer) briefly holds the target.
const RENAME_RETRY_CODES = new Set(['EPERM', 'EACCES', 'EBUSY']);
const RENAME_ATTEMPTS = 5;

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? ((error as { code?: unknown }).code as string | undefined) : undefined;
}

async function renameWithRetry(from: string, to: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await rename(from, to);
      return;
    } catch (error) {
      if (attempt >= RENAME_ATTEMPTS || !RENAME_RETRY_CODES.has(errorCode(error) ?? '')) throw error;
      await sleep(20 * attempt); // a short linear wait: Windows frees a file it scans within milliseconds
    }
  }
}

/** Makes the rename itself durable (POSIX). Windows cannot open a folder this way; nothing to do there. */
async function syncFolder(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Best effort: some file systems do not support fsync on a folder.
  }
}

/** A file written in full under a temporary name, waiting to take its final name. */
export interface StagedFile {
  /** The temporary name. */
  readonly temp: string;
  /**
   * Renames it into place (atomic) and makes the rename durable (unless told the caller syncs the folder).
   * `replace: false`: fails with EEXIST, and keeps what is there, when the name is taken (see renameNoReplace).
   */
  commit(options?: { syncFolder?: boolean; replace?: boolean }): Promise<void>;
  /** Removes the temporary file (after a failure elsewhere). */
  discard(): Promise<void>;
}

/**
 * Writes the chunks (a string, bytes, or any sync/async iterable of them, e.g. a Readable) to a temp file
 * beside `file` and syncs it, without renaming: several files can then take their names together (an
 * export and its manifest). A failure removes the temp file.
 */
export async function stageFileAtomic(
  file: string,
  data: Chunk | Iterable<Chunk> | AsyncIterable<Chunk>,
  options: AtomicWriteOptions = {},
): Promise<StagedFile> {
  const dir = dirname(file);
  const temp = tempPathFor(file);
  let handle;
  try {
    handle = await open(temp, 'wx', options.mode ?? 0o600);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
    await mkdir(dir, { recursive: true }); // the folder is made only when it is missing
    handle = await open(temp, 'wx', options.mode ?? 0o600);
  }
  try {
    try {
      if (typeof data === 'string' || data instanceof Uint8Array) {
        await handle.writeFile(data);
      } else {
        // Awaiting each write keeps memory flat however long the source is (backpressure); writeFile
        // appends at the current position and loops until the whole chunk is written.
        for await (const chunk of data) await handle.writeFile(chunk);
      }
      if (options.sync !== false) await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  return {
    temp,
    async commit(commitOptions = {}) {
      try {
        if (commitOptions.replace === false) await renameNoReplace(temp, file);
        else await renameWithRetry(temp, file);
      } catch (error) {
        await unlink(temp).catch(() => undefined);
        throw error;
      }
      if (commitOptions.syncFolder !== false) await syncFolder(dir);
    },
    discard: () => unlink(temp).catch(() => undefined),
  };
}

/**
 * Makes files already written durable, many at once: the file system can then group them in few journal
 * commits, where one sync per file costs a disk round trip each. Also the folders, once each (renames).
 */
export async function syncFiles(files: Iterable<string>, folders: Iterable<string> = [], parallel = 8): Promise<void> {
  await eachLimited(files, parallel, async (file) => {
    const handle = await open(file, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  });
  await eachLimited(new Set(folders), parallel, syncFolder);
}

/** Writes the chunks (a string, bytes, or any sync/async iterable of them, e.g. a Readable) atomically. */
export async function writeFileAtomic(
  file: string,
  data: Chunk | Iterable<Chunk> | AsyncIterable<Chunk>,
  options: AtomicWriteOptions = {},
): Promise<void> {
  await (await stageFileAtomic(file, data, options)).commit();
}

/** The synchronous form, for small files read and written at start-up (settings). */
export function writeFileAtomicSync(file: string, data: Chunk, options: AtomicWriteOptions = {}): void {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true });
  const temp = tempPathFor(file);
  const fd = openSync(temp, 'wx', options.mode ?? 0o600);
  try {
    try {
      const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      let written = 0;
      while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // The temp file is already gone.
    }
    throw error;
  }
  if (process.platform !== 'win32') {
    try {
      const dirFd = openSync(dir, 'r');
      try {
        fsyncSync(dirFd);
      } finally {
        closeSync(dirFd);
      }
    } catch {
      // Best effort, as above.
    }
  }
}

/** Where hard links are refused (FAT and exFAT drives, some network shares). */
const NO_LINK_CODES = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/** True when the error says the drive refuses hard links (then renameNoReplace falls back to a checked rename). */
export function linkRefused(error: unknown): boolean {
  return NO_LINK_CODES.has(errorCode(error) ?? '');
}

/** True when something is at `path` (a file, a folder, anything: a symbolic link too, wherever it leads). */
export async function pathExists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes `data` atomically to a NEW file in `folder`: `<stem><ext>`, else `<stem>-2<ext>`, `-3`... It never
 * replaces a file, ours or anyone's: the finished temp file is hard-linked to the name, which fails when
 * the name is taken. Where the file system has no hard links, the name is checked, then the temp file
 * renamed to it (a file created in between those two steps could still be replaced). Returns the path.
 */
export async function writeNewFileAtomic(folder: string, stem: string, ext: string, data: Chunk, options: AtomicWriteOptions = {}): Promise<string> {
  await mkdir(folder, { recursive: true });
  const temp = tempPathFor(join(folder, `${stem}${ext}`));
  const handle = await open(temp, 'wx', options.mode ?? 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    for (let n = 1; n <= 10_000; n++) {
      const target = join(folder, `${n === 1 ? stem : `${stem}-${n}`}${ext}`);
      try {
        await renameNoReplace(temp, target);
        await syncFolder(folder);
        return target;
      } catch (error) {
        if (errorCode(error) !== 'EEXIST') throw error;
      }
    }
    throw new Error(`no free file name for ${stem}${ext} in ${folder}`);
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

/**
 * Gives `from` the name `to` only when nothing has that name: a hard link (which fails with EEXIST when
 * the name is taken), then `from` removed. Where the file system has no hard links (FAT, some network
 * shares), the name is checked, then `from` renamed (a file created between those two steps could still
 * be replaced). Throws an error with code EEXIST when the name is taken: what is there is kept.
 */
export async function renameNoReplace(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
    await unlink(from).catch(() => undefined);
    return;
  } catch (error) {
    if (!linkRefused(error)) throw error;
  }
  if (await pathExists(to)) throw Object.assign(new Error(`EEXIST: file already exists, rename '${from}' -> '${to}'`), { code: 'EEXIST' });
  await renameWithRetry(from, to);
}
