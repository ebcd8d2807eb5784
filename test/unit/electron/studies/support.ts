// Test support for studies: a study database in a temporary folder and its runner, over the app's real
// call stack (api client, cost guard, cache, balance, CallService) in front of the in-process simulator.
import { join } from 'node:path';
import { openDb, type Db } from '../../../../electron/studies/db';
import { createGrantStore } from '../../../../electron/studies/grants';
import { createStudyRunner, type RunnerDeps, type StudyRunner } from '../../../../electron/studies/runner';
import { createTargetsTable, type NewTarget, type TargetsTable } from '../../../../electron/studies/targets';
import type { CallService } from '../../../../electron/calls/calls';
import type { Simulator } from '../../../../electron/simulator/service';
import type { Collect, CollectList, RunInfo } from '../../../../shared/ipc/studies';
import { callStack, newKey, tempDir, type CallStack } from '../jobs/support';

export interface StudySetup {
  dir: string;
  key: string;
  stack: CallStack;
  db: Db;
  targets: TargetsTable;
  events: RunInfo[];
  runner(extra?: Partial<RunnerDeps>): StudyRunner;
  add(t: NewTarget, lists: CollectList[], extra?: Partial<Collect>): number;
  /** Every id of a kind in the database, in insertion order. */
  ids(kind: string): string[];
  /** The ids of records a target's list holds. */
  listIds(targetId: number, list: string): string[];
  close(): Promise<void>;
}

export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export async function studySetup(sim: Simulator, balance?: number): Promise<StudySetup> {
  const temp = await tempDir();
  const key = newKey(sim, balance);
  const stack = await callStack(sim, key, temp.path);
  const db = openDb(join(temp.path, 'study.sqlite'), { appVersion: 'test' });
  const targets = createTargetsTable(db);
  const events: RunInfo[] = [];
  const runners: StudyRunner[] = [];
  return {
    dir: temp.path,
    key,
    stack,
    db,
    targets,
    events,
    runner(extra = {}) {
      const r = createStudyRunner({
        db,
        studyId: 'test-study-0001',
        calls: stack.calls,
        // Main's record of what the study may spend, in the test's data folder (read anew by each runner, as after a restart).
        grants: createGrantStore(temp.path, () => undefined).study('test-study-0001'),
        cache: stack.cache,
        session: () => stack.session.info,
        emit: (run) => void events.push(run),
        dayOf,
        log: () => undefined,
        ...extra,
      });
      runners.push(r);
      return r;
    },
    add(t, lists, extra = {}) {
      return targets.add(t, { lists, since: null, until: null, maxUnitsPerRun: null, ...extra }, Date.now()).id;
    },
    ids: (kind) => (db.prepare('SELECT id FROM records WHERE kind = ? ORDER BY rowid').all(kind) as { id: string }[]).map((r) => r.id),
    listIds: (targetId, list) =>
      (db.prepare('SELECT r.id FROM list_items li JOIN records r ON r.rowid = li.record_id WHERE li.target_id = ? AND li.list = ? ORDER BY r.rowid').all(targetId, list) as { id: string }[]).map(
        (r) => r.id,
      ),
    async close() {
      for (const r of runners) await r.close();
      db.close();
      await temp.remove();
    },
  };
}

/** The CallService with `before(n)` run just before the n-th call (1-based) goes out. */
export function hooked(calls: Pick<CallService, 'call'>, before: (n: number) => void): Pick<CallService, 'call'> {
  let n = 0;
  return {
    call: (args, options) => {
      n += 1;
      before(n);
      return calls.call(args, options);
    },
  };
}

/** Waits until the run's loop stopped, then reads it. */
export async function finished(runner: StudyRunner, id: number): Promise<RunInfo> {
  const run = await runner.settled(id);
  if (!run) throw new Error(`no run ${id}`);
  return run;
}
