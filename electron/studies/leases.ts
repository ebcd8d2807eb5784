// The lease of each study this process opens (holder.ts): taken at open, renewed at every beat. A study
// another process holds opens read-only and says who holds it; at a beat after that holder lets go (or
// goes stale) this process takes it over and its runs go on. One this process held that another took over
// (it slept past the stale limit, say) stops its runs here and opens read-only: never two holders at once.
import type { Db } from './db';
import { studyDbProblem } from './db-errors';
import { holderOf, holderWords, keepHold, stale, takeHold, type HolderIdentity } from './holder';
import { openStudyFolder, openStudyFolderReadOnly } from './registry';

/** What the leases need of an open study. */
export interface LeasedStudy {
  id: string;
  folder: string;
  db: Db;
  readOnly: string | null;
  runner: { open(): void; close(): Promise<void> };
  checker: { open(): void; close(): Promise<void> };
}

export interface LeaseDeps<S extends LeasedStudy> {
  me: HolderIdentity;
  now: () => number;
  log: (message: string) => void;
  appVersion: string;
  /** The studies open in this process, by id. */
  open: Map<string, S>;
  /** Opens `db` as the study (into `open`): read-only with that message, else held here (runs not yet opened). */
  attach(id: string, folder: string, db: Db, readOnly?: string | null): S;
  /** A study open here changed hands (the screens showing it read it again). */
  changed(id: string): void;
  /** False: a study held here does not resume its runs and re-checks (a command that only analyses it). Default true. */
  resumeWork?: boolean;
}

export interface Leases<S> {
  /** A study opened read-write: held here (its runs go on), or read-only when another process holds it. */
  adopt(id: string, folder: string, db: Db): S;
  /** Renews this process's leases and takes over those let go; at every beat. */
  renew(): Promise<void>;
}

export function createLeases<S extends LeasedStudy>(d: LeaseDeps<S>): Leases<S> {
  /** Opened while another program held the database's write lock: the lease is taken at the next beat. */
  const unleased = new Set<string>();
  /** Open read-only because another process held them: taken over once it lets go. */
  const heldElsewhere = new Set<string>();

  function held(id: string, folder: string, db: Db): S {
    heldElsewhere.delete(id);
    const study = d.attach(id, folder, db);
    if (d.resumeWork !== false) {
      study.runner.open();
      study.checker.open();
    }
    return study;
  }

  function readOnly(id: string, folder: string, message: string): S {
    heldElsewhere.add(id);
    return d.attach(id, folder, openStudyFolderReadOnly(folder).db, message);
  }

  function adopt(id: string, folder: string, db: Db): S {
    try {
      const by = takeHold(db, d.me, d.now());
      if (by) {
        db.close();
        return readOnly(id, folder, `${holderWords(by)} collects this study: it is open read-only here.`);
      }
    } catch (error) {
      // Another program holds the database's write lock (a database browser): the lease is taken at the
      // next beat; meanwhile the study opens as before (its runs wait for the lock, saying so).
      if (studyDbProblem(error) !== 'in_use') {
        db.close();
        throw error;
      }
      unleased.add(id);
    }
    return held(id, folder, db);
  }

  /** A study held elsewhere when it was opened: held here once its holder has let go or gone stale. */
  function retake(study: S): void {
    const holder = holderOf(study.db);
    if (holder && !stale(holder, d.me, d.now())) return; // still held: nothing is opened for writing
    let db: Db | null = null;
    try {
      db = openStudyFolder(study.folder, d.appVersion).db;
      if (takeHold(db, d.me, d.now()) !== null) return db.close();
    } catch {
      db?.close(); // a lock or a full disk now: tried again at the next beat
      return;
    }
    d.open.delete(study.id);
    study.db.close();
    held(study.id, study.folder, db);
    d.log(`studies: ${study.id}: its holder let it go; this process collects it now`);
    d.changed(study.id);
  }

  async function renew(): Promise<void> {
    for (const study of [...d.open.values()]) {
      if (heldElsewhere.has(study.id)) {
        retake(study);
        continue;
      }
      if (study.readOnly) continue;
      let kept: boolean;
      try {
        kept = unleased.has(study.id) ? takeHold(study.db, d.me, d.now()) === null : keepHold(study.db, d.me, d.now());
      } catch {
        continue; // a lock or a full disk now: tried again at the next beat
      }
      unleased.delete(study.id);
      if (kept) continue;
      d.open.delete(study.id);
      await study.runner.close();
      await study.checker.close();
      study.db.close();
      const { db } = openStudyFolderReadOnly(study.folder);
      const holder = holderOf(db);
      db.close();
      readOnly(study.id, study.folder, `${holder ? holderWords(holder) : 'Another process'} took this study over: it is open read-only here.`);
      d.log(`studies: ${study.id}: another process took its lease over; it is read-only here now`);
      d.changed(study.id);
    }
  }

  return { adopt, renew };
}
