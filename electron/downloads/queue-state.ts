// The download queue's state on disk: <dataDir>/downloads/queue.json, every file and every saved item
// still in the queue, with the records waiting for their sidecars. It lives in memory and is written (one
// atomic write) when it matters: an enqueue before it returns, each committed batch, a failure, a control
// action, and the close. A crash loses at most what changed since the last write, and a running or
// unsaved file is simply queued again.
import { readFile, unlink } from 'node:fs/promises';
import { parseLossless, stringifyLossless } from '../../shared/api/json';
import type { DownloadState, Provenance } from '../../shared/ipc';
import { writeFileAtomic } from '../storage/fs-atomic';
import type { FileRole, GroupKind, PlannedGroup, RefreshRef } from './plan';
import type { RefreshedBy } from './refresh';

/** One file to download, as persisted. */
export interface Task {
  id: string;
  group: string;
  kind: GroupKind;
  label: string;
  url: string;
  ext: string | null;
  fallbackExt: string;
  base: string;
  index: number | null;
  role: FileRole;
  mediaPk: string;
  takenAt: number | null;
  refresh: RefreshRef | null;
  state: DownloadState;
  attempts: number;
  error: string | null;
  path: string | null;
  bytes: number;
  totalBytes: number | null;
  contentType: string | null;
  refreshedBy: RefreshedBy | null;
  /** sha256 of the saved file, taken while it was downloaded (null for a file found already saved). */
  sha256?: string | null;
}

/** One saved item (one sidecar): its record and provenance wait here until the sidecar is written. */
export interface Group extends Pick<PlannedGroup, 'id' | 'kind' | 'username' | 'ownerId' | 'takenAt' | 'sidecarBase' | 'highlight'> {
  record?: Record<string, unknown>;
  provenance?: Provenance;
  /** Older queues kept the record in a file of its own: read once at start, then dropped. */
  pending?: string;
  tasks: string[];
}

export interface StateFile {
  version: 1;
  paused: boolean;
  groups: Group[];
  tasks: Task[];
}

/** Reads the saved state; null on a first start or when it is unreadable (then the queue starts empty). */
export async function loadState(file: string, log: (message: string) => void): Promise<StateFile | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const state = parseLossless(text) as Partial<StateFile>;
    const groups = Array.isArray(state.groups) ? state.groups : [];
    for (const g of groups) {
      if (g.record || typeof g.pending !== 'string') continue;
      try {
        const pending = parseLossless(await readFile(g.pending, 'utf8')) as { record: Record<string, unknown>; provenance: Provenance };
        g.record = pending.record;
        g.provenance = pending.provenance;
      } catch (error) {
        log(`downloads: the record of ${g.id} could not be read: ${String(error)}`);
      }
    }
    return { version: 1, paused: state.paused === true, groups, tasks: Array.isArray(state.tasks) ? state.tasks : [] };
  } catch (error) {
    log(`downloads: the saved queue could not be read, starting empty: ${String(error)}`);
    return null;
  }
}

/** Removes the record files older queues kept per item, once their records are in the state. */
export async function dropLegacyPending(groups: Iterable<Group>): Promise<void> {
  for (const g of groups) {
    if (typeof g.pending !== 'string' || !g.record) continue;
    await unlink(g.pending).catch(() => undefined);
    delete g.pending;
  }
}

function stateText(state: StateFile): string {
  try {
    return JSON.stringify(state);
  } catch {
    return stringifyLossless(state); // a record holding a bigint (it came through structured clone)
  }
}

/** Writes the state, one write at a time, the latest state winning. Never rejects (failures are logged). */
/**
 * Progress is written at most this often (queued items, control actions and the close are written at
 * once): the state with every record waiting for its sidecar is a few MB in a long queue, too much to
 * rewrite with every file (figures: docs/decisions/downloads-disk.md). A crash loses only progress: a file
 * done since is found in the archive or at its place at the next start.
 */
const PERSIST_DELAY_MS = 2000;

export interface StatePersister {
  /** Writes the state now (after any write under way). */
  flush(): Promise<void>;
  /** Writes the state within PERSIST_DELAY_MS. */
  soon(): void;
}

/** Writes the queue's state to `file`, one atomic write after another, as `current()` has it then. */
export function createStatePersister(file: string, log: (message: string) => void, current: () => Omit<StateFile, 'version'>): StatePersister {
  let tail: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  const text = () => {
    const { paused, groups, tasks } = current();
    // A running transfer is queued again on the next start; its `.part` says how far it got.
    const list = tasks.map((t) => (t.state === 'running' ? { ...t, state: 'queued' as const } : t));
    return stateText({ version: 1, paused, groups, tasks: list });
  };
  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    tail = tail.then(() => writeFileAtomic(file, text())).catch((error: unknown) => log(`downloads: could not save the queue: ${String(error)}`));
    return tail;
  };
  return {
    flush,
    soon() {
      timer ??= setTimeout(() => void flush(), PERSIST_DELAY_MS);
    },
  };
}
