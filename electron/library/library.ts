// The library: every saved item, browsable offline by account and date. Its index (in the data folder)
// is only a copy of what the JSON sidecars beside the media say, so when it is lost or unreadable it is
// rebuilt from them, and a rebuild gives exactly the index the downloads built. While items are added
// faster than the index is written, a marker file says the index on disk is behind: a run that ends
// before the next write (a crash, a kill) leaves the marker, and the next start rebuilds from the sidecars
// instead of loading an index that misses the last items. The index leaves the records out (nine tenths of
// a sidecar): a page of items is listed with the records read from their sidecars, and the last ones read
// are kept, so the index is small, quick to rebuild and to load, and never holds every record in memory.
import { mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { parseLossless } from '../../shared/api/json';
import type { LibraryItem } from '../../shared/ipc';
import { diskError } from '../storage/disk-errors';
import { writeFileAtomic } from '../storage/fs-atomic';
import { isFile } from '../storage/is-file';
import { isInside } from '../downloads/naming';
import type { Sidecar } from '../downloads/sidecar';
import { readSidecarRecord, scanSidecars } from './scan';

export interface LibraryOptions {
  /** The app's data folder: the index is library/index.json in it. */
  dataDir: string;
  /** The absolute download folder, where the sidecars are. */
  folder: () => string;
  /** Base of the media protocol's URLs, e.g. "app-media://media/". */
  mediaBase: string;
  log?: (message: string) => void;
}

export interface LibraryQuery {
  username?: string;
  kind?: LibraryItem['kind'];
  offset?: number;
  limit?: number;
}

export interface LibraryAccount {
  username: string;
  items: number;
  lastSaved: number | null;
}

export interface Library {
  /** Loads the index; rebuilds it from the sidecars when it is missing, unreadable or of another folder. */
  start(): Promise<void>;
  /** Adds or replaces the item a sidecar describes (the download queue calls this as items finish). */
  add(sidecarPath: string, sidecar: Sidecar): Promise<void>;
  /** Newest first (by the time the media was taken), filtered and paged; each with its record from its sidecar. */
  list(q?: LibraryQuery): Promise<{ items: LibraryItem[]; total: number }>;
  accounts(): LibraryAccount[];
  rebuild(): Promise<{ items: number }>;
  /**
   * The saved media files of a record (for ZIP exports): the item with this id, or every item whose id
   * continues it (`highlight:<id>` finds the highlight's stories, `profile:<id>` its pictures).
   */
  filesOf(id: string): string[];
  /** The saved media files of a record of an export (a post, story, highlight, profile or user). */
  filesOfRecord(record: { kind: string; id?: unknown }): string[];
  /** How many items the index holds. */
  size(): number;
  /** Resolves once the index is written. */
  flush(): Promise<void>;
}

/** One indexed item, as kept in the index file: its record stays in its sidecar. */
export interface LibraryEntry {
  item: Omit<LibraryItem, 'previewUrl' | 'record'>;
  /** Epoch ms the item was saved (from its sidecar). */
  savedAt: number | null;
}

const provenanceShape = z.object({
  endpoint: z.string(),
  params: z.record(z.string(), z.unknown()),
  requestId: z.string().nullable(),
  fetchedAt: z.string(),
  savedAt: z.string(),
  appVersion: z.string(),
  answerSha256: z.string().nullable(),
  simulated: z.boolean().nullable().optional(),
  origin: z.string().nullable().optional(),
});

/** 2: the records left out (version 1 held them; such an index is rebuilt). */
const INDEX_VERSION = 2;

/** What list() and filesOf() rely on: an index of another shape is rebuilt, never trusted. */
const indexSchema = z.object({
  version: z.literal(INDEX_VERSION),
  folder: z.string(),
  entries: z.array(
    z.object({
      item: z.object({
        id: z.string(),
        kind: z.enum(['post', 'story', 'highlight', 'profile']),
        username: z.string().nullable(),
        takenAt: z.number().nullable(),
        files: z.array(z.string()),
        sidecar: z.string(),
        provenance: provenanceShape.nullable(),
      }),
      savedAt: z.number().nullable(),
    }),
  ),
});

export const DEFAULT_PAGE = 200;
/** Records kept after a list (the last ones read): a few pages of the library's grid. */
const KEPT_RECORDS = 1000;
/** Sidecars read at once when a page is listed. */
const RECORD_READS = 16;
const PERSIST_DELAY_MS = 500;
const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.gif', '.heic', '.avif']);
/** Sidecars are small; a big .json in the folder is something else (an export) and is not read. */
const MAX_SIDECAR_BYTES = 32 * 1024 * 1024;

/** The URL the renderer loads a saved file with: a `file:` URL wrapped for the media protocol. */
export function previewUrlFor(mediaBase: string, path: string): string {
  return `${mediaBase}?u=${encodeURIComponent(pathToFileURL(path).href)}`;
}


/**
 * The library entry a sidecar describes: its files that are on disk, inside the download folder.
 * `exists` tells whether a file is there (a rebuild answers from its folder listing); default: stat.
 */
export async function entryFromSidecar(
  sidecarPath: string,
  sidecar: Sidecar,
  folder: string,
  exists: (path: string) => boolean | Promise<boolean> = isFile,
): Promise<LibraryEntry> {
  const root = resolve(folder);
  const files: string[] = [];
  for (const file of sidecar.files) {
    if (typeof file?.name !== 'string' || isAbsolute(file.name)) continue;
    const path = resolve(dirname(sidecarPath), file.name);
    if (isInside(root, path) && (await exists(path))) files.push(path);
  }
  const savedAt = Date.parse(sidecar.provenance?.savedAt ?? '');
  return {
    item: {
      id: sidecar.id,
      kind: sidecar.kind,
      username: typeof sidecar.username === 'string' ? sidecar.username : null,
      takenAt: typeof sidecar.takenAt === 'number' ? sidecar.takenAt : null,
      files,
      sidecar: sidecarPath,
      provenance: sidecar.provenance ?? null,
    },
    savedAt: Number.isNaN(savedAt) ? null : savedAt,
  };
}

const ENTRIES_PER_PIECE = 500;

/** The index file's text, `{version, folder, entries}` as JSON (the shape indexSchema checks), in pieces. */
function* indexText(folder: string, list: LibraryEntry[]): Generator<string> {
  yield `{"version":${INDEX_VERSION},"folder":${JSON.stringify(folder)},"entries":[`;
  for (let i = 0; i < list.length; i += ENTRIES_PER_PIECE) {
    const piece = JSON.stringify(list.slice(i, i + ENTRIES_PER_PIECE));
    yield `${i > 0 ? ',' : ''}${piece.slice(1, -1)}`;
  }
  yield ']}';
}

function newestFirst(a: LibraryEntry, b: LibraryEntry): number {
  const ta = a.item.takenAt ?? -Infinity;
  const tb = b.item.takenAt ?? -Infinity;
  if (ta !== tb) return tb - ta;
  return a.item.id < b.item.id ? -1 : a.item.id > b.item.id ? 1 : 0;
}

export function createLibrary(o: LibraryOptions): Library {
  const log = o.log ?? ((m: string) => console.warn(m));
  const indexFile = join(o.dataDir, 'library', 'index.json');
  const behindFile = join(o.dataDir, 'library', 'index.behind');
  /** The marker is on disk (or being written). */
  let behind: Promise<void> | null = null;
  /** The marker's removal: a new marker is written only after it. */
  let removing: Promise<void> = Promise.resolve();
  /** Counts the adds, so a write knows whether it covered all of them; `adding` are waiting for the marker. */
  let added = 0;
  let adding = 0;
  const entries = new Map<string, LibraryEntry>();
  /** Records by item id, the last read or added last (a Map keeps insertion order: the oldest go first). */
  const records = new Map<string, unknown>();
  let sorted: LibraryEntry[] | null = null;
  let timer: NodeJS.Timeout | null = null;
  let writeTail: Promise<void> = Promise.resolve();
  /** The write queued behind the running one, not started yet: it covers every later flush. */
  let nextWrite: Promise<void> | null = null;
  let lastWriteMs = 0;

  const folder = () => resolve(o.folder());

  /**
   * Writes the index. A write that has not started yet covers every later call; its text is made when
   * it starts, a few hundred entries at a time (each piece written before the next is made): no
   * index-sized string, and the event loop is handed back between pieces.
   */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    if (nextWrite) return nextWrite;
    nextWrite = writeTail
      .then(async () => {
        nextWrite = null;
        const started = performance.now();
        const covered = added;
        await writeFileAtomic(indexFile, indexText(folder(), [...entries.values()])).finally(() => (lastWriteMs = performance.now() - started));
        if (covered === added && behind) await caughtUp(covered);
      })
      // The index is a copy of the sidecars: the library goes on without it (and rebuilds it at the next start).
      .catch((error: unknown) => log(`library: ${diskError(error, 'The library index could not be saved', dirname(indexFile))?.message ?? `could not save the index: ${String(error)}`}`));
    writeTail = nextWrite;
    return nextWrite;
  }

  /** Before an add changes what the index should say: the marker is on disk. */
  function markBehind(): Promise<void> {
    behind ??= removing
      .then(() => mkdir(dirname(behindFile), { recursive: true }))
      .then(() => writeFile(behindFile, 'The library index misses items added since it was last written: the next start rebuilds it.\n'))
      .catch((error: unknown) => log(`library: could not mark the index as behind: ${String(error)}`));
    return behind;
  }

  /** The index on disk holds every item added: the marker goes. */
  async function caughtUp(covered: number): Promise<void> {
    await behind;
    if (covered !== added || adding > 0 || !behind) return; // an add came meanwhile: the next write clears it
    behind = null;
    removing = unlink(behindFile).catch(() => undefined);
    await removing;
  }

  function persistSoon(): void {
    sorted = null;
    // While items keep coming, writing the whole index takes about a tenth of the time at most (its
    // size: docs/decisions/library-rebuild.md).
    timer ??= setTimeout(() => void flush(), Math.max(PERSIST_DELAY_MS, 10 * lastWriteMs));
  }

  function keepRecord(id: string, record: unknown): void {
    records.delete(id);
    records.set(id, record);
    if (records.size > KEPT_RECORDS) records.delete(records.keys().next().value as string);
  }

  /** The entries' records: kept ones, the others read from their sidecars (null when a sidecar is gone or changed). */
  async function recordsOf(page: LibraryEntry[]): Promise<unknown[]> {
    const out = new Array<unknown>(page.length);
    const missing: number[] = [];
    page.forEach((e, i) => {
      if (!records.has(e.item.id)) return void missing.push(i);
      out[i] = records.get(e.item.id);
      keepRecord(e.item.id, out[i]); // now among the last read
    });
    for (let start = 0; start < missing.length; start += RECORD_READS) {
      await Promise.all(
        missing.slice(start, start + RECORD_READS).map(async (i) => {
          const { id, sidecar } = (page[i] as LibraryEntry).item;
          const record = await readSidecarRecord(sidecar, id, MAX_SIDECAR_BYTES);
          out[i] = record ?? null;
          // Kept unless the index changed meanwhile (an add keeps its own; a rebuild starts afresh).
          if (record !== undefined && entries.get(id) === page[i]) keepRecord(id, record);
        }),
      );
    }
    return out;
  }

  function withPreview(entry: LibraryEntry, record: unknown): LibraryItem {
    const files = entry.item.files;
    const preview = files.find((f) => IMAGE_EXTENSIONS.has(extname(f).toLowerCase())) ?? files[0];
    return { ...entry.item, record, previewUrl: preview === undefined ? null : previewUrlFor(o.mediaBase, preview) };
  }

  function filesOf(id: string): string[] {
    const exact = entries.get(id);
    if (exact) return exact.item.files;
    const prefix = `${id}:`;
    return [...entries.values()].filter((e) => e.item.id.startsWith(prefix)).flatMap((e) => e.item.files);
  }

  function filesOfRecord({ kind, id }: { kind: string; id?: unknown }): string[] {
    if (typeof id !== 'string') return [];
    const key = { post: `post:${id}`, story: `story:${id}`, highlight: `highlight:${id}`, profile: `profile:${id}`, user: `profile:${id}` }[kind];
    return key ? filesOf(key) : [];
  }

  async function rebuild(): Promise<{ items: number }> {
    const root = folder();
    const scan = await scanSidecars(root, { maxBytes: MAX_SIDECAR_BYTES });
    // Files are looked up in the listing the scan made; a file outside the listed folders is stat'ed.
    const exists = (path: string): boolean | Promise<boolean> => scan.listed.get(dirname(path))?.has(basename(path)) ?? isFile(path);
    const found = new Map<string, LibraryEntry>();
    for (const { path, sidecar } of scan.sidecars) found.set(sidecar.id, await entryFromSidecar(path, sidecar, root, exists));
    entries.clear();
    records.clear();
    for (const [id, entry] of found) entries.set(id, entry);
    sorted = null;
    // The index is a cache of the sidecars: it is written in the background (a crash before means
    // one more rebuild at the next start).
    await markBehind();
    void flush();
    return { items: entries.size };
  }

  async function load(): Promise<boolean> {
    if (await stat(behindFile).then(() => true, () => false)) {
      log('library: the last run ended before the index was saved: rebuilding it from the sidecars');
      return false;
    }
    let text: string;
    try {
      text = await readFile(indexFile, 'utf8');
    } catch {
      return false; // none yet
    }
    let parsed;
    try {
      parsed = indexSchema.safeParse(parseLossless(text));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) {
      log('library: the index is unreadable or of another shape: rebuilding it from the sidecars');
      return false;
    }
    if (parsed.data.folder !== folder()) return false;
    entries.clear();
    records.clear();
    for (const e of parsed.data.entries as LibraryEntry[]) entries.set(e.item.id, e);
    sorted = null;
    return true;
  }

  return {
    async start() {
      if (!(await load())) await rebuild();
    },
    async add(sidecarPath, sidecar) {
      // The queue has just written this sidecar listing the files it placed or found on disk: no stat each.
      const entry = await entryFromSidecar(sidecarPath, sidecar, folder(), () => true);
      adding++;
      try {
        await markBehind();
      } finally {
        adding--;
      }
      added++;
      entries.set(sidecar.id, entry);
      keepRecord(sidecar.id, sidecar.record ?? null); // the library's grid asks for the newest items next
      persistSoon();
    },
    async list(q = {}) {
      sorted ??= [...entries.values()].sort(newestFirst);
      const matching = sorted.filter((e) => (q.username === undefined || e.item.username === q.username) && (q.kind === undefined || e.item.kind === q.kind));
      const offset = q.offset ?? 0;
      const page = matching.slice(offset, offset + (q.limit ?? DEFAULT_PAGE));
      const pageRecords = await recordsOf(page);
      return { items: page.map((e, i) => withPreview(e, pageRecords[i])), total: matching.length };
    },
    accounts() {
      const byName = new Map<string, LibraryAccount>();
      for (const e of entries.values()) {
        const name = e.item.username;
        if (name === null) continue;
        const account = byName.get(name) ?? { username: name, items: 0, lastSaved: null };
        account.items += 1;
        if (e.savedAt !== null && (account.lastSaved === null || e.savedAt > account.lastSaved)) account.lastSaved = e.savedAt;
        byName.set(name, account);
      }
      return [...byName.values()].sort((a, b) => a.username.localeCompare(b.username));
    },
    rebuild,
    filesOf,
    filesOfRecord,
    size: () => entries.size,
    flush,
  };
}
