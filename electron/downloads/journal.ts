// The saving journal: what a batch is about to name, written to <dataDir>/downloads/journal-<n>.ndjson
// with ONE sync, so the files themselves are named and written without a sync each (a sync per file, and
// the temp file a synced sidecar needs, cost more than the download: docs/decisions/downloads-disk.md).
// A line per file: a media file's path, inode, size and sha256 (taken while it streamed), or a sidecar's
// path and full text. A checkpoint (once the journal is 30 s old, see saving.ts; when the queue is idle;
// at close) syncs the files a journal covers and their folders (on Linux with one syncfs of their file
// system, else file by file), then deletes that journal; the next one is already in use.
//
// Crash reasoning. A name is given only after its line is durable, so every named file that may not be
// durable yet is listed. After kill -9 the files are whole (the kernel has them); after a power cut a
// listed file may be short or empty. At the next start recover() reads the journals left and:
// - a media file at its name with the inode Feedlens gave it, its size and sha256: kept; otherwise, when
//   it is Feedlens's inode, removed (the queue fetches it again); a file with another inode (never ours)
//   is left as it is; either way it is reported lost, so the queue does not count it as saved;
// - a sidecar equal to the journal's text: kept; missing, cut short (a prefix of the text, maybe padded
//   with zeros) or another Feedlens sidecar: written again (atomically); anything else is left alone;
// then it checkpoints and deletes the journals. A torn last line (a batch killed while its journal was
// being written) is skipped: nothing of that batch was named.
import { lstat, mkdir, open, readdir, readFile, unlink, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseLossless } from '../../shared/api/json';
import { APPEND_NO_FOLLOW } from '../storage/confined';
import { stageFileAtomic, syncFiles } from '../storage/fs-atomic';
import { eachLimited } from '../storage/parallel';
import { syncFileSystems } from '../storage/sync-fs';
import { partPath } from './fetch-file';
import { fileSha256, isSidecar } from './sidecar';

export interface JournalMedia {
  path: string;
  /** The inode of the `.part` about to take the name (a hard link keeps it): tells our file from another. */
  ino: string;
  bytes: number;
  sha256: string;
}

export interface JournalSidecar {
  path: string;
  text: string;
}

export interface JournalPending {
  files: number;
  bytes: number;
  since: number | null;
}

export interface Recovery {
  /** Media files listed that are not at their name as saved (removed when Feedlens wrote them). */
  lost: Set<string>;
  /** The sidecars listed, path -> text (an item whose file was lost is queued again from its sidecar). */
  sidecars: Map<string, string>;
}

export interface Journal {
  /** Lists files about to be named, durably (one write, one sync). Rejects when that fails: name nothing then. */
  record(media: readonly JournalMedia[], sidecars: readonly JournalSidecar[]): Promise<void>;
  /** What the journal in use lists: files, their bytes (media sizes, sidecar texts), and when its first record was made (null: none yet). */
  pending(): JournalPending;
  /** Syncs the files listed so far and their folders, then deletes their journal. `parallel`: syncs at once. */
  checkpoint(parallel?: number): Promise<void>;
  /** At start, before anything is recorded: settles what the journals of an earlier run list (see above). */
  recover(log: (message: string) => void): Promise<Recovery>;
}

/**
 * While files keep coming, a checkpoint (in the background, two syncs at a time: the thread pool's other
 * threads keep serving the transfers) comes once the journal's first record is CHECKPOINT_AGE_MS old:
 * the kernel writes dirty data back within about 30 s by itself, so by then the sync has little left to
 * write, where an earlier one makes the transfers wait for the disk. Sooner when the journal lists
 * CHECKPOINT_BYTES (a crash's next start reads every listed file again for its sha256, and the sync
 * writes them) or CHECKPOINT_FILES (its lines, each sidecar's whole text, are read back then too).
 */
const CHECKPOINT_AGE_MS = 30_000;
const CHECKPOINT_BYTES = 256 * 1024 * 1024;
const CHECKPOINT_FILES = 4096;

/** Whether the journal in use is due for a checkpoint while the queue is busy (see above). */
export function checkpointDue(pending: JournalPending, now: number): boolean {
  if (pending.since === null) return false;
  return now - pending.since >= CHECKPOINT_AGE_MS || pending.bytes >= CHECKPOINT_BYTES || pending.files >= CHECKPOINT_FILES;
}

const NAME = /^journal-(\d+)\.ndjson$/;

/** A sidecar cut short by a power cut: a prefix of the text, maybe followed by zeros. */
function cutShort(current: string, text: string): boolean {
  return text.startsWith(current.replace(/\0+$/, ''));
}

function isOurSidecar(current: string): boolean {
  try {
    return isSidecar(parseLossless(current));
  } catch {
    return false;
  }
}

/** Syncs a file through a handle that may write (Windows flushes only those); a file gone since is skipped. */
async function syncFile(path: string): Promise<void> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r+');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    if (code !== 'EACCES' && code !== 'EPERM') throw error;
    handle = await open(path, 'r');
  }
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function openJournal(path: string): Promise<FileHandle> {
  try {
    return await open(path, APPEND_NO_FOLLOW, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(dirname(path), { recursive: true });
    return open(path, APPEND_NO_FOLLOW, 0o600);
  }
}

/**
 * `syncAll`: makes everything on the file systems of these folders durable at once, or answers false
 * (then each file and folder is synced); on Linux one syncfs per file system (storage/sync-fs.ts).
 */
export function createJournal(home: string, syncAll: (folders: string[]) => Promise<boolean> = syncFileSystems, now: () => number = Date.now): Journal {
  let generation = 0;
  /** The journal in use: its handle (opened at its first record), the files it lists, their bytes, when its first record came. */
  let current: { path: string; handle: Promise<FileHandle> | null; files: Set<string>; bytes: number; since: number | null } = fresh();
  /** One checkpoint at a time; records never wait for one. */
  let checkpointing: Promise<void> = Promise.resolve();
  let writes: Promise<void> = Promise.resolve();

  function fresh() {
    generation += 1;
    return { path: join(home, `journal-${generation}.ndjson`), handle: null, files: new Set<string>(), bytes: 0, since: null as number | null };
  }

  function record(media: readonly JournalMedia[], sidecars: readonly JournalSidecar[]): Promise<void> {
    if (media.length === 0 && sidecars.length === 0) return Promise.resolve();
    const lines = [...media.map((m) => JSON.stringify({ media: m.path, ino: m.ino, bytes: m.bytes, sha256: m.sha256 })), ...sidecars.map((s) => JSON.stringify({ sidecar: s.path, text: s.text }))];
    const journal = current;
    for (const m of media) journal.files.add(m.path);
    for (const s of sidecars) journal.files.add(s.path);
    journal.bytes += media.reduce((sum, m) => sum + m.bytes, 0) + sidecars.reduce((sum, s) => sum + s.text.length, 0);
    journal.since ??= now();
    // Writes go one after another (an append each); each resolves once its lines are durable.
    const done = writes.then(async () => {
      journal.handle ??= openJournal(journal.path);
      const handle = await journal.handle.catch((error: unknown) => {
        journal.handle = null; // tried again by the next batch
        throw error;
      });
      await handle.write(`${lines.join('\n')}\n`);
      await handle.datasync();
    });
    writes = done.catch(() => undefined);
    return done;
  }

  async function settle(journal: typeof current, parallel: number): Promise<void> {
    await writes; // its last lines are written (a file is named only once they are)
    if (journal.handle) await (await journal.handle).close().catch(() => undefined);
    const folders = [...new Set([...journal.files].map((f) => dirname(f)))];
    if (!(await syncAll(folders))) {
      await eachLimited(journal.files, parallel, syncFile);
      await syncFiles([], folders, parallel);
    }
    // Only once everything it lists is durable; a deletion lost to a power cut just means a second check.
    await unlink(journal.path).catch(() => undefined);
  }

  function checkpoint(parallel = 8): Promise<void> {
    const journal = current;
    if (journal.files.size === 0) return checkpointing;
    current = fresh(); // the next batches go on in a new journal meanwhile
    const done = checkpointing.then(() => settle(journal, parallel));
    checkpointing = done.catch(() => undefined);
    return done;
  }

  async function recoverSidecar(path: string, text: string, log: (message: string) => void): Promise<boolean> {
    let now: string | null = null;
    try {
      now = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (now === text) return true;
    if (now !== null && !cutShort(now, text) && !isOurSidecar(now)) {
      log(`downloads: a file Feedlens did not write is at ${path}: left as it is`);
      return false;
    }
    // Never over a file that appeared meanwhile when the name was free; over our own cut-short one else.
    await (await stageFileAtomic(path, text, { mode: 0o644 })).commit({ syncFolder: false, replace: now !== null });
    return true;
  }

  async function recover(log: (message: string) => void): Promise<Recovery> {
    const names = (await readdir(home).catch(() => [] as string[])).filter((n) => NAME.test(n));
    const media = new Map<string, { ino: string; bytes: number; sha256: string }>();
    const sidecars = new Map<string, string>();
    for (const name of names.sort((a, b) => Number(NAME.exec(a)?.[1]) - Number(NAME.exec(b)?.[1]))) {
      generation = Math.max(generation, Number(NAME.exec(name)?.[1]));
      const text = await readFile(join(home, name), 'utf8').catch(() => '');
      for (const line of text.split('\n')) {
        if (line.trim() === '') continue;
        let entry: { media?: unknown; ino?: unknown; bytes?: unknown; sha256?: unknown; sidecar?: unknown; text?: unknown };
        try {
          entry = parseLossless(line) as typeof entry;
        } catch {
          continue; // torn by the crash: nothing of its batch was named
        }
        if (typeof entry.media === 'string' && typeof entry.ino === 'string' && typeof entry.bytes === 'number' && typeof entry.sha256 === 'string') {
          media.set(entry.media, { ino: entry.ino, bytes: entry.bytes, sha256: entry.sha256 });
        } else if (typeof entry.sidecar === 'string' && typeof entry.text === 'string') sidecars.set(entry.sidecar, entry.text);
      }
    }
    current = fresh();
    const lost = new Set<string>();
    await eachLimited(media, 4, async ([path, m]) => {
      const info = await lstat(path, { bigint: true }).catch(() => null);
      if (info === null || !info.isFile() || String(info.ino) !== m.ino) return void lost.add(path);
      if (Number(info.size) === m.bytes && (await fileSha256(path)) === m.sha256) {
        current.files.add(path);
        // Named, but killed before its `.part` (the same file) was removed.
        const part = await lstat(partPath(path), { bigint: true }).catch(() => null);
        if (part !== null && part.ino === info.ino) await unlink(partPath(path)).catch(() => undefined);
        return;
      }
      log(`downloads: ${path} was not complete after the last run ended: it is fetched again`);
      await unlink(path).catch(() => undefined);
      lost.add(path);
    });
    await eachLimited(sidecars, 4, async ([path, text]) => {
      try {
        if (await recoverSidecar(path, text, log)) current.files.add(path);
      } catch (error) {
        log(`downloads: the sidecar ${path} could not be restored: ${String(error)}`);
      }
    });
    // What is in place now is made durable; then the old journals go.
    await checkpoint();
    for (const name of names) await unlink(join(home, name)).catch(() => undefined);
    return { lost, sidecars };
  }

  return { record, pending: () => ({ files: current.files.size, bytes: current.bytes, since: current.since }), checkpoint, recover };
}
