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
import { open, unlink, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Provenance } from '../../shared/ipc';
import { diskError } from '../storage/disk-errors';
import { eachLimited } from '../storage/parallel';
import type { Archive } from './archive';
import type { DiskThread } from './disk-thread';
import { partPath } from './fetch-file';
import { checkpointDue, type Journal, type JournalMedia } from './journal';
import type { Group, Task } from './queue-state';
import { fileSha256, sidecarOf, sidecarText, type AnswerFacts, type Sidecar } from './sidecar';
import { ForeignFileError, writeSidecar } from './sidecar-write';

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

const FINISHED = new Set(['done', 'skipped', 'failed', 'cancelled']);
/** File-system calls in flight at once within a batch. */
const PARALLEL = 8;

/** What the batch needs of a committed sidecar to mark its item done. */
interface Written {
  group: Group;
  members: Task[];
  path: string;
  sidecar: Sidecar;
}

/** A sidecar made, about to be listed in the journal and written. */
interface Made extends Written {
  text: string;
}

export function createSaving(o: SavingOptions): Saving {
  const ready = new Set<Task>();
  /** The inodes of the waiting tasks' `.part` files, closed by their transfer (what the journal lists). */
  const inodes = new Map<string, string>();
  /** Files renamed into place, their items not yet given a sidecar. */
  const inPlace = new Set<string>();
  const touched = new Set<string>();
  let tail: Promise<void> = Promise.resolve();
  /** The batch queued behind the running one, not started yet. */
  let next: Promise<void> | null = null;
  let runningBatches = 0;

  const fileOf = (t: Task) => `${t.base}.${t.ext ?? t.fallbackExt}`;

  /**
   * A part complete already (a resumed download), not written by its transfer: dated (the post's time,
   * as Instaloader does; access time now) and closed here, its inode for the journal.
   */
  async function closePart(t: Task, handle: FileHandle): Promise<string> {
    try {
      if (t.takenAt !== null) await handle.utimes(o.now() / 1000, t.takenAt).catch((e: unknown) => o.log(`downloads: mtime: ${String(e)}`));
      return String((await handle.stat({ bigint: true })).ino);
    } finally {
      await handle.close();
    }
  }

  function saveFailed(t: Task, error: unknown): void {
    const disk = diskError(error, 'Could not save the file', dirname(fileOf(t)));
    t.state = 'failed';
    t.error = disk?.message ?? `Could not save the file: ${String(error)}`;
    o.changed();
  }

  /** Step 1: the downloaded files, each with what the journal lists of it. */
  async function closeFiles(batch: Task[]): Promise<{ listed: JournalMedia[]; closed: Task[] }> {
    // A file paused or cancelled since it was downloaded is only closed: its `.part` stays for a resume
    // (or the cancel removes it).
    for (const t of batch) if (t.state !== 'running') inodes.delete(t.id);
    const live = batch.filter((t) => t.state === 'running');
    const listed: JournalMedia[] = [];
    const closed: Task[] = [];
    await eachLimited(live, PARALLEL, async (t) => {
      const final = fileOf(t);
      try {
        // Closed by its transfer; a part that was complete already (a resumed download) is opened for it.
        const ino = inodes.get(t.id) ?? (await closePart(t, await open(partPath(final), 'r+')));
        inodes.delete(t.id);
        // A hash is taken while the file streams; one is read here only if that was lost.
        t.sha256 ??= await fileSha256(partPath(final));
        listed.push({ path: final, ino, bytes: t.bytes, sha256: t.sha256 });
        closed.push(t);
      } catch (error) {
        saveFailed(t, error);
      }
    });
    return { listed, closed };
  }

  /** A closed file (listed in the journal) given its name, never over a file that is there: true when it got it. */
  async function nameFile(t: Task): Promise<boolean> {
    const final = fileOf(t);
    try {
      await o.disk.name(partPath(final), final);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        saveFailed(t, error);
        return false;
      }
      // The same name is the same media (as when queued): counted as saved before, the download dropped.
      await unlink(partPath(final)).catch(() => undefined);
      t.state = 'skipped';
      t.path = final;
      return false;
    }
    t.path = final;
    inPlace.add(t.id);
    return true;
  }

  /** `naming`: the files of this batch about to be named, which count as in place already. */
  function settledMember(t: Task, naming: ReadonlySet<string>): boolean {
    return FINISHED.has(t.state) || inPlace.has(t.id) || naming.has(t.id);
  }

  /** Where a file is about to be named (this batch's) or was named (not yet in a sidecar); null for the others. */
  const placedIn = (naming: ReadonlySet<string>) => (t: Task) => (naming.has(t.id) ? fileOf(t) : inPlace.has(t.id) ? t.path : null);

  /** Marks the members in place failed: their item's sidecar could not be made or written. */
  function sidecarFailed(group: Group, members: Task[], error: unknown): void {
    const disk = diskError(error, 'The file was saved, but its sidecar (the record beside it) could not be written', dirname(group.sidecarBase));
    for (const t of members) {
      if (!inPlace.has(t.id)) continue;
      inPlace.delete(t.id);
      t.state = 'failed';
      t.error = disk?.message ?? (error instanceof ForeignFileError ? error.message : `The file was saved, but its sidecar could not be written: ${String(error)}. Retry to write it.`);
    }
    o.changed();
  }

  /**
   * Step 2: the touched items that are complete once the files of `naming` have their names, each with its
   * sidecar's text (`broken`: those whose sidecar could not be made).
   */
  async function dueSidecars(naming: ReadonlySet<string>): Promise<{ made: Made[]; broken: { group: Group; members: Task[]; error: unknown }[] }> {
    const complete: { group: Group; members: Task[] }[] = [];
    for (const id of [...touched]) {
      touched.delete(id);
      const group = o.groups.get(id);
      if (!group) continue;
      const members = group.tasks.map((tid) => o.tasks.get(tid)).filter((t): t is Task => t !== undefined);
      if (!members.every((t) => settledMember(t, naming))) continue;
      if (!members.some((t) => t.state === 'done' || t.state === 'skipped' || inPlace.has(t.id) || naming.has(t.id))) continue;
      if (!group.record || !group.provenance) {
        o.log(`downloads: the record of ${group.id} is missing: no sidecar`);
        continue;
      }
      complete.push({ group, members });
    }
    const made: Made[] = [];
    const broken: { group: Group; members: Task[]; error: unknown }[] = [];
    await eachLimited(complete, PARALLEL, async ({ group, members }) => {
      const path = `${group.sidecarBase}.json`;
      try {
        const sidecar = await sidecarOf(group, members, path, placedIn(naming), o);
        made.push({ group, members, path, sidecar, text: sidecarText(sidecar) });
      } catch (error) {
        broken.push({ group, members, error });
      }
    });
    return { made, broken };
  }

  /**
   * Steps 1 and 2 in one journal record (ONE sync): the batch's files closed and their items' sidecars
   * made, all listed; then, item by item, its files named and its sidecar written. An item whose file did
   * not get its name (one there already, a failure) is looked at again with what it has.
   */
  async function placeBatch(batch: Task[]): Promise<Written[]> {
    const { listed, closed } = await closeFiles(batch);
    const naming = new Set(closed.map((t) => t.id));
    // Their items are looked at again: one a batch before found incomplete is no longer touched.
    for (const t of closed) touched.add(t.group);
    const { made, broken } = await dueSidecars(naming);
    try {
      await o.journal.record(listed, made);
    } catch (error) {
      // Unlisted, nothing is named: the `.part` files stay for Retry.
      for (const t of closed) saveFailed(t, error);
      for (const { group, members } of [...made, ...broken]) sidecarFailed(group, members, error);
      return [];
    }
    const written: Written[] = [];
    const inItems = new Set([...made, ...broken].flatMap(({ members }) => members.map((t) => t.id)));
    const units: (() => Promise<void>)[] = [
      ...made.map((w) => async () => {
        let named = true;
        for (const t of w.members) if (naming.has(t.id)) named = (await nameFile(t)) && named;
        if (!named) return void touched.add(w.group.id); // its sidecar as it is now, below
        try {
          await writeSidecar(o.disk, w.path, w.text);
          written.push(w);
        } catch (error) {
          sidecarFailed(w.group, w.members, error);
        }
      }),
      ...broken.map(({ group, members, error }) => async () => {
        for (const t of members) if (naming.has(t.id)) await nameFile(t);
        sidecarFailed(group, members, error);
      }),
      // Files of items that wait for more files: named now, their sidecar comes with the last one.
      ...closed.filter((t) => !inItems.has(t.id)).map((t) => async () => void (await nameFile(t))),
    ];
    await eachLimited(units, PARALLEL, (unit) => unit());
    if (touched.size > 0) written.push(...(await writeSidecars()));
    return written;
  }

  /** The sidecars of the touched items now complete, in a journal record of their own, then each written. */
  async function writeSidecars(): Promise<Written[]> {
    const { made, broken } = await dueSidecars(new Set());
    for (const { group, members, error } of broken) sidecarFailed(group, members, error);
    try {
      await o.journal.record([], made);
    } catch (error) {
      for (const { group, members } of made) sidecarFailed(group, members, error);
      return [];
    }
    const written: Written[] = [];
    await eachLimited(made, PARALLEL, async (w) => {
      try {
        await writeSidecar(o.disk, w.path, w.text);
        written.push(w);
      } catch (error) {
        sidecarFailed(w.group, w.members, error);
      }
    });
    return written;
  }

  /** Step 3: the items whose sidecar is written are done (the journal lists all they need to be checked). */
  async function markDone(written: Written[]): Promise<void> {
    const archived = [];
    for (const { group, members, path, sidecar } of written) {
      for (const t of members) {
        if (inPlace.delete(t.id)) {
          t.state = 'done';
          t.error = null;
        }
        if ((t.state === 'done' || t.state === 'skipped') && t.path !== null && o.archive.get(t.id)?.path !== t.path) archived.push({ key: t.id, path: t.path, savedAt: o.now() });
      }
      if (members.every((t) => t.state === 'done' || t.state === 'skipped')) {
        for (const t of members) t.group = '';
        o.groups.delete(group.id);
      }
      await Promise.resolve(o.onSaved?.(path, sidecar)).catch((error: unknown) => o.log(`downloads: library: ${String(error)}`));
    }
    await o.archive.addAll(archived).catch((error: unknown) => o.log(`downloads: archive: ${String(error)}`));
    o.changed();
  }

  async function run(): Promise<void> {
    const batch = [...ready];
    ready.clear();
    const written = await placeBatch(batch);
    if (written.length > 0) await markDone(written);
    // Here, between batches, every file the journal lists is named: it can be swapped out.
    if (checkpointDue(o.journal.pending(), o.now())) void checkpoint(2);
    // The state is a record of progress, not of safety (a file in place without a state saying so is
    // found again at the next start): written soon, not in every batch.
    if (batch.length > 0 || written.length > 0) o.persistSoon();
  }

  function checkpoint(parallel?: number): Promise<void> {
    return o.journal.checkpoint(parallel).catch((error: unknown) => o.log(`downloads: checkpoint: ${String(error)}`));
  }

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
          return run();
        })
        .catch((error: unknown) => o.log(`downloads: saving: ${String(error)}`))
        .finally(() => (runningBatches -= 1));
      tail = next;
      return next;
    },
    settled: () => tail,
    // Its journal is swapped out when the batch running ends, before the next one starts (chained first).
    checkpoint: (parallel) => tail.then(() => checkpoint(parallel)),
  };
}
