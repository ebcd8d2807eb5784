// Where bulk jobs live on disk: one folder per job in the data folder, with
//   state.json    the job's info, the lists still to read with their cursors (written atomically), and
//   items.ndjson  every item collected so far, one `{record, provenance}` line each (append-only, synced).
// Items are appended before the state that counts them is written, so a crash can leave items the state
// does not know of yet (their page is fetched again and de-duplicated by id), never the reverse.
import { createReadStream } from 'node:fs';
import { access, mkdir, open, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { parseLossless } from '../../shared/api/json';
import { jobSpecSchema, savedItemSchema, type JobInfo } from '../../shared/ipc';
import { writeFileAtomic } from '../fs-atomic';
import { itemKey, type ListCursor } from './plan';

export const STATE_FILE = 'state.json';
export const ITEMS_FILE = 'items.ndjson';

/** Job ids name folders: only this shape is ever turned into a path. */
const JOB_ID = /^[a-z0-9][a-z0-9-]{0,80}$/;

export type SavedItem = z.output<typeof savedItemSchema>;

/** What state.json holds. */
export interface JobState {
  version: 1;
  info: JobInfo;
  /** Lists still to read, the one being read first; empty once the whole collection is read. */
  queue: ListCursor[];
  /** Units of a call sent but not committed yet: counted as spent if the app stops before the commit. */
  reserved: number;
  /** The items went where `spec.then` says. */
  delivered: boolean;
}

const cursorSchema = z.record(z.string(), z.string());
const stateSchema = z.object({
  version: z.literal(1),
  info: z.object({
    id: z.string().regex(JOB_ID),
    spec: jobSpecSchema,
    state: z.enum(['running', 'paused', 'done', 'stopped_budget', 'failed', 'cancelled']),
    items: z.number().int().min(0),
    pages: z.number().int().min(0),
    unitsSpent: z.number().int().min(0),
    error: z.string().nullable(),
    startedAt: z.number(),
    updatedAt: z.number(),
    output: z.string().nullable(),
  }),
  queue: z.array(z.object({ path: z.string().startsWith('/'), params: cursorSchema, cursor: cursorSchema.nullable() })),
  reserved: z.number().int().min(0),
  delivered: z.boolean(),
});

export interface LoadedJob {
  state: JobState;
  /** Keys (kind:id) of the items already in items.ndjson. */
  seen: Set<string>;
}

export interface JobStore {
  readonly dir: string;
  isJobId(id: string): boolean;
  itemsFile(id: string): string;
  /** Every job found on disk; unreadable ones are reported to `log` and left alone. */
  loadAll(log: (message: string) => void): Promise<LoadedJob[]>;
  save(state: JobState): Promise<void>;
  /** Appends lines to the job's items and syncs them to disk. */
  append(id: string, lines: readonly string[]): Promise<void>;
  /** The job's items, read back one at a time (lines that are not a valid item are skipped). */
  readItems(id: string): AsyncIterable<SavedItem>;
  remove(id: string): Promise<void>;
}

function folderOf(dir: string, id: string): string {
  if (!JOB_ID.test(id)) throw new Error(`jobs: not a job id: ${id.slice(0, 40)}`);
  return join(dir, id);
}

/** Cuts a torn last line (a crash mid-append) so the next append starts on a line of its own. */
async function dropTornTail(file: string): Promise<void> {
  let handle;
  try {
    handle = await open(file, 'r+');
  } catch {
    return; // no items yet
  }
  try {
    const { size } = await handle.stat();
    const chunk = Buffer.alloc(64 * 1024);
    let end = size;
    while (end > 0) {
      const start = Math.max(0, end - chunk.length);
      const { bytesRead } = await handle.read(chunk, 0, end - start, start);
      const at = chunk.subarray(0, bytesRead).lastIndexOf(0x0a);
      if (at >= 0) {
        if (start + at + 1 < size) await handle.truncate(start + at + 1);
        return;
      }
      end = start;
    }
    if (size > 0) await handle.truncate(0);
  } finally {
    await handle.close();
  }
}

async function* lines(file: string): AsyncIterable<string> {
  try {
    await access(file);
  } catch {
    return; // no items yet
  }
  for await (const line of createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity })) {
    if (line.trim() !== '') yield line;
  }
}

function parseItem(line: string): SavedItem | null {
  try {
    const parsed = savedItemSchema.safeParse(parseLossless(line));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function createJobStore(dir: string): JobStore {
  const store: JobStore = {
    dir,
    isJobId: (id) => JOB_ID.test(id),
    itemsFile: (id) => join(folderOf(dir, id), ITEMS_FILE),

    async loadAll(log) {
      await mkdir(dir, { recursive: true });
      const out: LoadedJob[] = [];
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        if (!entry.isDirectory() || !JOB_ID.test(entry.name)) continue;
        try {
          const parsed = stateSchema.safeParse(parseLossless(await readFile(join(dir, entry.name, STATE_FILE), 'utf8')));
          if (!parsed.success || parsed.data.info.id !== entry.name) {
            log(`jobs: ${entry.name}: state.json is not a job's state; left alone`);
            continue;
          }
          const state: JobState = parsed.data;
          const itemsFile = store.itemsFile(entry.name);
          await dropTornTail(itemsFile);
          const seen = new Set<string>();
          for await (const item of store.readItems(entry.name)) {
            const key = itemKey(item.record);
            if (key !== null) seen.add(key);
          }
          // The file is the truth: it may hold a page the state had not counted yet.
          state.info.items = seen.size;
          // A call was under way when the app stopped: it may have been billed.
          state.info.unitsSpent += state.reserved;
          state.reserved = 0;
          out.push({ state, seen });
        } catch (error) {
          log(`jobs: ${entry.name}: could not be read (${error instanceof Error ? error.message : String(error)}); left alone`);
        }
      }
      return out;
    },

    async save(state) {
      await writeFileAtomic(join(folderOf(dir, state.info.id), STATE_FILE), JSON.stringify(state));
    },

    async append(id, newLines) {
      if (newLines.length === 0) return;
      await mkdir(folderOf(dir, id), { recursive: true });
      const handle = await open(store.itemsFile(id), 'a', 0o600);
      try {
        await handle.writeFile(newLines.join('\n') + '\n');
        await handle.sync();
      } finally {
        await handle.close();
      }
    },

    async *readItems(id) {
      for await (const line of lines(store.itemsFile(id))) {
        const item = parseItem(line);
        if (item) yield item;
      }
    },

    async remove(id) {
      await rm(folderOf(dir, id), { recursive: true, force: true });
    },
  };
  return store;
}
