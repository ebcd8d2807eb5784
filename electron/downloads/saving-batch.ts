// One batch of saving.ts, step by step: the files ready closed and listed in the journal with the
// sidecars of the items they complete (ONE sync), then each file named and each sidecar written, then
// the items marked done. The state the batches share (what is ready, placed, touched) is the Batch
// createSaving keeps.
import { open, unlink, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { diskError } from '../storage/disk-errors';
import { eachLimited } from '../storage/parallel';
import { partPath } from './fetch-file';
import { checkpointDue, type JournalMedia } from './journal';
import type { Group, Task } from './queue-state';
import type { SavingOptions } from './saving';
import { fileSha256, sidecarOf, sidecarText, type Sidecar } from './sidecar';
import { ForeignFileError, writeSidecar } from './sidecar-write';

/** What the batches share, kept by createSaving between them. */
export interface Batch {
  o: SavingOptions;
  /** Downloaded files waiting for a batch. */
  ready: Set<Task>;
  /** The inodes of the waiting tasks' `.part` files, closed by their transfer (what the journal lists). */
  inodes: Map<string, string>;
  /** Files renamed into place, their items not yet given a sidecar. */
  inPlace: Set<string>;
  /** Items to look at: they may be complete. */
  touched: Set<string>;
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

/** Syncs what the journal lists (see journal.ts); a failure is logged. */
export function checkpoint(o: Pick<SavingOptions, 'journal' | 'log'>, parallel?: number): Promise<void> {
  return o.journal.checkpoint(parallel).catch((error: unknown) => o.log(`downloads: checkpoint: ${String(error)}`));
}

const fileOf = (t: Task) => `${t.base}.${t.ext ?? t.fallbackExt}`;

/**
 * A part complete already (a resumed download), not written by its transfer: dated (the post's time,
 * as Instaloader does; access time now) and closed here, its inode for the journal.
 */
async function closePart(c: Batch, t: Task, handle: FileHandle): Promise<string> {
  try {
    if (t.takenAt !== null) await handle.utimes(c.o.now() / 1000, t.takenAt).catch((e: unknown) => c.o.log(`downloads: mtime: ${String(e)}`));
    return String((await handle.stat({ bigint: true })).ino);
  } finally {
    await handle.close();
  }
}

function saveFailed(c: Batch, t: Task, error: unknown): void {
  const disk = diskError(error, 'Could not save the file', dirname(fileOf(t)));
  t.state = 'failed';
  t.error = disk?.message ?? `Could not save the file: ${String(error)}`;
  c.o.changed();
}

/** Step 1: the downloaded files, each with what the journal lists of it. */
async function closeFiles(c: Batch, batch: Task[]): Promise<{ listed: JournalMedia[]; closed: Task[] }> {
  // A file paused or cancelled since it was downloaded is only closed: its `.part` stays for a resume
  // (or the cancel removes it).
  for (const t of batch) if (t.state !== 'running') c.inodes.delete(t.id);
  const live = batch.filter((t) => t.state === 'running');
  const listed: JournalMedia[] = [];
  const closed: Task[] = [];
  await eachLimited(live, PARALLEL, async (t) => {
    const final = fileOf(t);
    try {
      // Closed by its transfer; a part that was complete already (a resumed download) is opened for it.
      const ino = c.inodes.get(t.id) ?? (await closePart(c, t, await open(partPath(final), 'r+')));
      c.inodes.delete(t.id);
      // A hash is taken while the file streams; one is read here only if that was lost.
      t.sha256 ??= await fileSha256(partPath(final));
      listed.push({ path: final, ino, bytes: t.bytes, sha256: t.sha256 });
      closed.push(t);
    } catch (error) {
      saveFailed(c, t, error);
    }
  });
  return { listed, closed };
}

/** A closed file (listed in the journal) given its name, never over a file that is there: true when it got it. */
async function nameFile(c: Batch, t: Task): Promise<boolean> {
  const final = fileOf(t);
  try {
    await c.o.disk.name(partPath(final), final);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      saveFailed(c, t, error);
      return false;
    }
    // The same name is the same media (as when queued): counted as saved before, the download dropped.
    await unlink(partPath(final)).catch(() => undefined);
    t.state = 'skipped';
    t.path = final;
    return false;
  }
  t.path = final;
  c.inPlace.add(t.id);
  return true;
}

/** `naming`: the files of this batch about to be named, which count as in place already. */
function settledMember(c: Batch, t: Task, naming: ReadonlySet<string>): boolean {
  return FINISHED.has(t.state) || c.inPlace.has(t.id) || naming.has(t.id);
}

/** Where a file is about to be named (this batch's) or was named (not yet in a sidecar); null for the others. */
const placedIn = (c: Batch, naming: ReadonlySet<string>) => (t: Task) => (naming.has(t.id) ? fileOf(t) : c.inPlace.has(t.id) ? t.path : null);

/** Marks the members in place failed: their item's sidecar could not be made or written. */
function sidecarFailed(c: Batch, group: Group, members: Task[], error: unknown): void {
  const disk = diskError(error, 'The file was saved, but its sidecar (the record beside it) could not be written', dirname(group.sidecarBase));
  for (const t of members) {
    if (!c.inPlace.has(t.id)) continue;
    c.inPlace.delete(t.id);
    t.state = 'failed';
    t.error = disk?.message ?? (error instanceof ForeignFileError ? error.message : `The file was saved, but its sidecar could not be written: ${String(error)}. Retry to write it.`);
  }
  c.o.changed();
}

/**
 * Step 2: the touched items that are complete once the files of `naming` have their names, each with its
 * sidecar's text (`broken`: those whose sidecar could not be made).
 */
async function dueSidecars(c: Batch, naming: ReadonlySet<string>): Promise<{ made: Made[]; broken: { group: Group; members: Task[]; error: unknown }[] }> {
  const complete: { group: Group; members: Task[] }[] = [];
  for (const id of [...c.touched]) {
    c.touched.delete(id);
    const group = c.o.groups.get(id);
    if (!group) continue;
    const members = group.tasks.map((tid) => c.o.tasks.get(tid)).filter((t): t is Task => t !== undefined);
    if (!members.every((t) => settledMember(c, t, naming))) continue;
    if (!members.some((t) => t.state === 'done' || t.state === 'skipped' || c.inPlace.has(t.id) || naming.has(t.id))) continue;
    if (!group.record || !group.provenance) {
      c.o.log(`downloads: the record of ${group.id} is missing: no sidecar`);
      continue;
    }
    complete.push({ group, members });
  }
  const made: Made[] = [];
  const broken: { group: Group; members: Task[]; error: unknown }[] = [];
  await eachLimited(complete, PARALLEL, async ({ group, members }) => {
    const path = `${group.sidecarBase}.json`;
    try {
      const sidecar = await sidecarOf(group, members, path, placedIn(c, naming), c.o);
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
async function placeBatch(c: Batch, batch: Task[]): Promise<Written[]> {
  const { listed, closed } = await closeFiles(c, batch);
  const naming = new Set(closed.map((t) => t.id));
  // Their items are looked at again: one a batch before found incomplete is no longer touched.
  for (const t of closed) c.touched.add(t.group);
  const { made, broken } = await dueSidecars(c, naming);
  try {
    await c.o.journal.record(listed, made);
  } catch (error) {
    // Unlisted, nothing is named: the `.part` files stay for Retry.
    for (const t of closed) saveFailed(c, t, error);
    for (const { group, members } of [...made, ...broken]) sidecarFailed(c, group, members, error);
    return [];
  }
  const written: Written[] = [];
  const inItems = new Set([...made, ...broken].flatMap(({ members }) => members.map((t) => t.id)));
  const units: (() => Promise<void>)[] = [
    ...made.map((w) => async () => {
      let named = true;
      for (const t of w.members) if (naming.has(t.id)) named = (await nameFile(c, t)) && named;
      if (!named) return void c.touched.add(w.group.id); // its sidecar as it is now, below
      try {
        await writeSidecar(c.o.disk, w.path, w.text);
        written.push(w);
      } catch (error) {
        sidecarFailed(c, w.group, w.members, error);
      }
    }),
    ...broken.map(({ group, members, error }) => async () => {
      for (const t of members) if (naming.has(t.id)) await nameFile(c, t);
      sidecarFailed(c, group, members, error);
    }),
    // Files of items that wait for more files: named now, their sidecar comes with the last one.
    ...closed.filter((t) => !inItems.has(t.id)).map((t) => async () => void (await nameFile(c, t))),
  ];
  await eachLimited(units, PARALLEL, (unit) => unit());
  if (c.touched.size > 0) written.push(...(await writeSidecars(c)));
  return written;
}

/** The sidecars of the touched items now complete, in a journal record of their own, then each written. */
async function writeSidecars(c: Batch): Promise<Written[]> {
  const { made, broken } = await dueSidecars(c, new Set());
  for (const { group, members, error } of broken) sidecarFailed(c, group, members, error);
  try {
    await c.o.journal.record([], made);
  } catch (error) {
    for (const { group, members } of made) sidecarFailed(c, group, members, error);
    return [];
  }
  const written: Written[] = [];
  await eachLimited(made, PARALLEL, async (w) => {
    try {
      await writeSidecar(c.o.disk, w.path, w.text);
      written.push(w);
    } catch (error) {
      sidecarFailed(c, w.group, w.members, error);
    }
  });
  return written;
}

/** Step 3: the items whose sidecar is written are done (the journal lists all they need to be checked). */
async function markDone(c: Batch, written: Written[]): Promise<void> {
  const archived = [];
  for (const { group, members, path, sidecar } of written) {
    for (const t of members) {
      if (c.inPlace.delete(t.id)) {
        t.state = 'done';
        t.error = null;
      }
      if ((t.state === 'done' || t.state === 'skipped') && t.path !== null && c.o.archive.get(t.id)?.path !== t.path) archived.push({ key: t.id, path: t.path, savedAt: c.o.now() });
    }
    if (members.every((t) => t.state === 'done' || t.state === 'skipped')) {
      for (const t of members) t.group = '';
      c.o.groups.delete(group.id);
    }
    await Promise.resolve(c.o.onSaved?.(path, sidecar)).catch((error: unknown) => c.o.log(`downloads: library: ${String(error)}`));
  }
  await c.o.archive.addAll(archived).catch((error: unknown) => c.o.log(`downloads: archive: ${String(error)}`));
  c.o.changed();
}

/** One batch: the files ready closed, listed and named, their items' sidecars written, then marked done. */
export async function runBatch(c: Batch): Promise<void> {
  const batch = [...c.ready];
  c.ready.clear();
  const written = await placeBatch(c, batch);
  if (written.length > 0) await markDone(c, written);
  // Here, between batches, every file the journal lists is named: it can be swapped out.
  if (checkpointDue(c.o.journal.pending(), c.o.now())) void checkpoint(c.o, 2);
  // The state is a record of progress, not of safety (a file in place without a state saying so is
  // found again at the next start): written soon, not in every batch.
  if (batch.length > 0 || written.length > 0) c.o.persistSoon();
}
