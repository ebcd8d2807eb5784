// The download archive: which media were saved, keyed by media id + carousel index (as gallery-dl's
// archive keys by media id), so saving the same items again skips them. One NDJSON line per saved file,
// appended: cheap to add to, and a line torn by a crash is just skipped when reading.
import { createReadStream } from 'node:fs';
import { appendFile, mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { parseLossless } from '../../shared/api/json';
import { APPEND_NO_FOLLOW } from '../storage/confined';

export interface ArchiveEntry {
  key: string;
  /** Absolute path of the saved file. */
  path: string;
  /** Epoch ms. */
  savedAt: number;
}

export interface Archive {
  load(): Promise<void>;
  get(key: string): ArchiveEntry | undefined;
  /** The saved file of this key, if it is still on disk (a file deleted since is saved again). */
  savedFile(key: string): Promise<string | null>;
  add(entry: ArchiveEntry): Promise<void>;
  /** Adds several entries with one append. */
  addAll(entries: readonly ArchiveEntry[]): Promise<void>;
  size(): number;
}

function parseLine(line: string): ArchiveEntry | null {
  try {
    const e = parseLossless(line) as Partial<ArchiveEntry> | null;
    if (!e || typeof e.key !== 'string' || typeof e.path !== 'string') return null;
    return { key: e.key, path: e.path, savedAt: typeof e.savedAt === 'number' ? e.savedAt : 0 };
  } catch {
    return null;
  }
}

export function createArchive(file: string): Archive {
  const entries = new Map<string, ArchiveEntry>();
  let tail: Promise<void> = Promise.resolve();
  let tornTail = false;
  let folderMade = false;

  function addAll(list: readonly ArchiveEntry[]): Promise<void> {
    if (list.length === 0) return tail;
    for (const entry of list) entries.set(entry.key, entry);
    // A line left unfinished by a crash is closed first, so the new lines stay whole.
    const lines = `${tornTail ? '\n' : ''}${list.map((entry) => JSON.stringify(entry)).join('\n')}\n`;
    tornTail = false;
    const done = tail.then(async () => {
      if (!folderMade) await mkdir(dirname(file), { recursive: true });
      folderMade = true;
      await appendFile(file, lines, { mode: 0o600, flag: APPEND_NO_FOLLOW });
    });
    tail = done.catch(() => undefined);
    return done;
  }

  return {
    async load() {
      entries.clear();
      try {
        const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
        for await (const line of lines) {
          if (line.trim() === '') continue;
          const e = parseLine(line);
          if (e) entries.set(e.key, e);
          else tornTail = true;
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    },
    get: (key) => entries.get(key),
    async savedFile(key) {
      const e = entries.get(key);
      if (!e) return null;
      const info = await stat(e.path).catch(() => null);
      return info?.isFile() ? e.path : null;
    },
    add(entry) {
      return addAll([entry]);
    },
    addAll,
    size: () => entries.size,
  };
}
