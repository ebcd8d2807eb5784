// Making downloads durable in batches. A downloaded file waits as `<name>.part`, unsynced, dated and closed
// by its transfer (saving.add; the file work runs on the disk thread, disk-thread.ts); a batch (a few dozen
// files, or whatever is there when the queue has a quiet moment) lists them in the journal (journal.ts:
// path, inode, size, sha256) together with the sidecar texts of the items they complete, with ONE sync for
// the batch; then, item by item, gives each file its name (a hard link, never over a file that is there)
// and creates the item's sidecar at its name (`wx`: never over a file) with no sync of its own; only then
// are the files marked done (archive, state, library). An item whose file did not get its name (one was
// there, a failure) has its sidecar made again as it now is, in a record of its own. The files and folders
// themselves are synced by the journal's checkpoints. A crash at any point leaves a `.part` (resumed), a
// complete file without a sidecar (found again at the next start and given its sidecar), or files the
// journal lists (checked at the next start: see journal.ts); never a file marked done that a crash could
// leave incomplete without the next start noticing.
import type { Provenance } from '../../shared/ipc';
import type { Archive } from './archive';
import type { DiskThread } from './disk-thread';
import type { Journal } from './journal';
import type { Group, Task } from './queue-state';
import { checkpoint, runBatch, type Batch } from './saving-batch';
import type { AnswerFacts, Sidecar } from './sidecar';

export interface SavingOptions {
  tasks: Map<string, Task>;
  groups: Map<string, Group>;
  archive: Archive;
  journal: Journal;
  /** Names the files and creates the sidecars. */
  disk: DiskThread;
  version: string;
  now: () => number;
  log: (message: string) => void;
  answerFacts?: (p: Provenance) => Promise<AnswerFacts>;
  onSaved?: (sidecarPath: string, sidecar: Sidecar) => Promise<void> | void;
  /** A task's state changed (emit, persist later). */
  changed: () => void;
  /** Writes the queue's state soon. */
  persistSoon: () => void;
}

export interface Saving {
  /**
   * A file is downloaded as `.part`, dated and closed by its transfer (`ino`: its inode, when the transfer
   * wrote it; else it is opened for that in the batch): it joins the next batch.
   */
  add(task: Task, ino?: string | null): void;
  /** An item may be complete (a file skipped, failed or cancelled): it is looked at in the next batch. */
  touch(groupId: string): void;
  /** Files waiting for a batch. */
  waiting(): number;
  /** Nothing waits to be saved or looked at, and no batch runs. */
  quiet(): boolean;
  /** Runs a batch now (or after the one running), whatever its size. */
  commit(): Promise<void>;
  /** The batch running, if any. */
  settled(): Promise<void>;
  /** Syncs what the journal lists (see journal.ts), once the batch running has named its files. */
  checkpoint(parallel?: number): Promise<void>;
}

export function createSaving(o: SavingOptions): Saving {
  const batch: Batch = { o, ready: new Set(), inodes: new Map(), inPlace: new Set(), touched: new Set() };
  const { ready, inodes, touched } = batch;
  let tail: Promise<void> = Promise.resolve();
  /** The batch queued behind the running one, not started yet. */
  let next: Promise<void> | null = null;
  let runningBatches = 0;

  return {
    add(task, ino) {
      if (ino) inodes.set(task.id, ino);
      ready.add(task);
      touched.add(task.group);
    },
    touch(groupId) {
      if (groupId) touched.add(groupId);
    },
    waiting: () => ready.size,
    quiet: () => ready.size === 0 && touched.size === 0 && runningBatches === 0,
    commit() {
      // One batch waits behind the running one at most, and takes everything ready when it starts: files
      // finishing meanwhile would otherwise queue a batch each, of a file or two, each with its syncs.
      if (next) return next;
      runningBatches += 1;
      next = tail
        .then(() => {
          next = null;
          return runBatch(batch);
        })
        .catch((error: unknown) => o.log(`downloads: saving: ${String(error)}`))
        .finally(() => (runningBatches -= 1));
      tail = next;
      return next;
    },
    settled: () => tail,
    // Its journal is swapped out when the batch running ends, before the next one starts (chained first).
    checkpoint: (parallel) => tail.then(() => checkpoint(o, parallel)),
  };
}
