// A study's runs, in main, in named stages: plan (plan.ts: what a target's lists need), share (tasks.ts:
// which read goes next, the budget shared across targets), fetch (fetch.ts: the checks right before a call,
// the call) and commit (page.ts: each page stored in one transaction before what it opens is read), so a
// run survives a crash or a restart and resumes from its last committed pages. Several pages of a run are
// under way at once, never two of the same list; the session's request scheduler keeps them at the key's
// rate. A run stops at the end of its work, before a page would take it past its budget (or a schedule's
// daily budget, counting the pages in flight), on an error that is not the target's own, or when the user
// pauses or cancels it. It keeps the session it started in: in another mode or with another service it
// pauses and says why, it never carries on silently.
import type { SessionInfo } from '../../shared/ipc';
import type { RunInfo, RunTrigger } from '../../shared/ipc/studies';
import type { CallCache, CallService } from '../calls/calls';
import { NeedsConfirmation, sessionMismatch, STAYS_CANCELLED } from './authority';
import { tx, type Db } from './db';
import { createPageStep } from './fetch';
import { scopeOf, type StudyGrants } from './grants';
import { nextTurn, studyDbMessage, studyDbProblem } from './db-errors';
import { holdingRunTable } from './held-runs';
import { foldLeftovers } from './leftovers';
import type { RecordedEstimate } from './estimate';
import type { StudyParts } from './page';
import { createRunBudget } from './run-budget';
import { createRunWork, runLoop, type RunLoopDeps } from './run-loop';
import { firstTasks, type RunOptions } from './plan';
import { activeTargets, createRunTable, publicRun, type RunRecord, type RunTable } from './runs';
import { createRecordStore } from './store';
import { allowedLists, minimiseRecord, minimisesRecords, readMinimisation } from '../analysis/minimise';
import { createListStates, createTaskQueue } from './tasks';

export interface RunnerDeps {
  db: Db;
  studyId: string;
  calls: Pick<CallService, 'call'>;
  /** What main authorised this study to spend on this machine: the only authority to spend. */
  grants: StudyGrants;
  /** Only read: whether a page the run needs is in the cache, and fresh enough to hold what is new. */
  cache: Pick<CallCache, 'get'>;
  /** The session main is in now. */
  session: () => SessionInfo;
  emit: (run: RunInfo) => void;
  /** A run ended (done, stopped at a budget, failed): for the desktop notification. */
  ended?: (run: RunInfo) => void;
  /** The daily budget main authorised for the schedule under a key scope, or null. */
  dailyBudget?: (scope: string) => number | null;
  /** The calendar day (local) a time belongs to, e.g. "2026-11-20". */
  dayOf: (ms: number) => string;
  now?: () => number;
  log?: (message: string) => void;
  /** Pages of one run under way at once (default 16: at a second a page, a key's 15 a second). */
  concurrency?: number;
}

export type RunAction = 'pause' | 'resume' | 'cancel';

interface LoopEntry {
  /** What the user wants: the loop checks it between pages. */
  want: 'run' | 'pause' | 'cancel';
  running: boolean;
  loop: Promise<void>;
}

export interface StudyRunner {
  /** Resumes the runs that were running when the app stopped (or pauses them, in another session). */
  open(): void;
  /** `estimate`: recorded beside what the run spends, per target (estimate.ts). */
  start(r: { trigger: RunTrigger; budget: number; options: RunOptions & { daily?: boolean }; estimate: RecordedEstimate | null }): RunInfo;
  /** Resume throws NeedsConfirmation when main has not authorised the run with the key in use. */
  control(runId: number, action: RunAction): RunInfo;
  /** The user confirmed in main's question that the run may spend `units` more with the key in use. */
  confirm(runId: number, units: number): RunInfo;
  raiseBudget(runId: number, budget: number): RunInfo;
  active(): RunInfo | null;
  get(runId: number): RunRecord | null;
  table: RunTable;
  /** Resolves once the run's loop has stopped. */
  settled(runId: number): Promise<RunInfo | null>;
  close(): Promise<void>;
}

export function createStudyRunner(d: RunnerDeps): StudyRunner {
  const now = d.now ?? Date.now;
  const log = d.log ?? console.error;
  const { db } = d;
  const parts: StudyParts = {
    db, store: createRecordStore(db), tasks: createTaskQueue(db), states: createListStates(db),
    // The study's presets as they are now (docs/analysis.md): read per record, they are a lookup in meta.
    minimise: (record) => {
      const m = readMinimisation(db);
      return minimisesRecords(m) ? minimiseRecord(record, m) : record;
    },
  };
  const runs = holdingRunTable(db, createRunTable(db, d.studyId), now);
  const loops = new Map<number, LoopEntry>();
  let closed = false;

  const info = (id: number): RunInfo => {
    const r = runs.get(id);
    if (!r) throw new Error(`studies: no run ${id}`);
    return publicRun(r);
  };
  const emit = (id: number) => {
    if (!closed) d.emit(info(id));
  };

  function end(id: number, state: 'done' | 'stopped_budget' | 'failed', message: string | null): void {
    runs.set(id, { state, message, finishedAt: now() }, now());
    emit(id);
    d.ended?.(info(id));
  }

  function pause(id: number, message: string): void {
    runs.set(id, { state: 'paused', message }, now());
    emit(id);
  }

  const budget = createRunBudget({ db, runs, grants: d.grants, ...(d.dailyBudget ? { dailyBudget: d.dailyBudget } : {}), dayOf: d.dayOf, now });
  const { standing } = budget;
  const work = createRunWork();
  const capsThreads = (targetId: number) => (db.prepare('SELECT comment_pages_per_post AS cap FROM targets WHERE id = ?').get(targetId) as { cap: number | null } | undefined)?.cap != null;
  const step = createPageStep({
    parts, runs, studyId: d.studyId, calls: d.calls, cache: d.cache, session: d.session, grants: d.grants, budget, dayOf: d.dayOf, now,
    mayCall: (id) => !closed && loops.get(id)?.want === 'run' && work.of(id).stop === null,
    closing: () => closed,
    inFlightFor: work.inFlightFor,
    stop: work.stop,
  });
  const loopDeps: RunLoopDeps = {
    tasks: parts.tasks,
    step,
    concurrency: d.concurrency ?? 16,
    capsThreads,
    wanted: (id) => loops.get(id)?.want === 'run',
    state: (id) => runs.get(id)?.state,
    closed: () => closed,
    emit,
    end,
    pause,
    stopOn: (id, error) => stopOn(id, error),
  };

  /** A failure of the database: a full disk stops the run, another program's lock pauses it (held in memory if that cannot be written). */
  async function stopOn(id: number, error: unknown): Promise<void> {
    const why = error instanceof Error ? error.message : String(error);
    log(`studies: run ${id}: ${why}`);
    await nextTurn(); // a write that met a lock waited already: the stop's write gets a turn of its own
    if (closed) return;
    const state = studyDbProblem(error) === 'in_use' ? 'paused' : 'failed';
    runs.stop(id, { state, message: studyDbMessage(error, 'run') ?? `Feedlens could not go on with this run: ${why}`, finishedAt: state === 'failed' ? now() : null });
    emit(id);
    if (state === 'failed') d.ended?.(info(id));
  }

  function ensureLoop(id: number): void {
    if (closed) return;
    const current = loops.get(id);
    if (current?.running) {
      // The loop is still finishing a page: it goes on instead of stopping.
      current.want = 'run';
      return;
    }
    const entry: LoopEntry = { want: 'run', running: true, loop: Promise.resolve() };
    loops.set(id, entry);
    entry.loop = runLoop(id, work.of(id), loopDeps).finally(() => void (entry.running = false));
  }

  /** A run that may go on: running, in the session it started in. */
  function goOn(id: number): void {
    const run = runs.get(id);
    if (!run) return;
    const mismatch = sessionMismatch(run, d.session());
    if (mismatch) {
      pause(id, mismatch);
      return;
    }
    runs.set(id, { state: 'running', message: null, finishedAt: null }, now());
    emit(id);
    ensureLoop(id);
  }

  const runner: StudyRunner = {
    table: runs,
    open() {
      const scope = scopeOf(d.session());
      for (const run of runs.list(10_000)) {
        if (run.state !== 'running') continue;
        try {
          budget.settleInterrupted(run, scope);
          // Only what main authorised on this machine, with this key, goes on by itself.
          const granted = standing(runs.get(run.id)!, scope);
          if (granted.ok) goOn(run.id);
          else pause(run.id, granted.why);
        } catch (error) {
          // Another program holds the study (or its disk is full): the run waits, saying so, instead of "running".
          const message = studyDbMessage(error, 'run');
          if (message === null) throw error;
          runs.stop(run.id, { state: 'paused', message, finishedAt: null });
        }
      }
    },

    start({ trigger, budget, options: asked, estimate }) {
      // Under "captions only" the lists of other people are not read; the run keeps the presets it ran with.
      const minimisation = readMinimisation(db);
      const lists = allowedLists(minimisation, asked.lists);
      const options = { ...asked, ...(lists ? { lists } : {}), minimisation };
      // One-off collections run side by side and read their list whole; study runs one at a time.
      const oneOff = trigger === 'adhoc';
      const active = oneOff ? null : runs.active();
      if (active) throw new Error(`Run #${active.id} of this study is ${active.state === 'paused' ? 'paused' : 'still running'}: finish or cancel it first.`);
      const session = d.session();
      const id = tx(db, () => {
        const runId = runs.insert({ trigger, budget, session, options, estimate, now: now() });
        d.grants.allow(scopeOf(session), 'run', runId, budget, budget);
        if (!oneOff) foldLeftovers(parts, runs, runId, now());
        const targets = activeTargets(db).filter((t) => !options.targetIds || options.targetIds.includes(t.id));
        for (const t of targets) parts.tasks.append(runId, firstTasks(t, parts.states, runId, options));
        return runId;
      });
      emit(id);
      ensureLoop(id);
      return info(id);
    },

    control(runId, action) {
      const run = runs.get(runId);
      if (!run) throw new Error(`studies: no run ${runId}`);
      const entry = loops.get(runId);
      if (action === 'pause' && run.state === 'running') {
        pause(runId, 'Paused: the page under way was saved. Resume to go on.'); // written first: a lock leaves it running
        if (entry) entry.want = 'pause';
      } else if (action === 'cancel' && run.state !== 'cancelled' && run.state !== 'done') {
        d.grants.cancel('run', runId); // main's record first: even if the database cannot take it, nothing more is spent
        runs.settleReserved(runId, now());
        runs.set(runId, { state: 'cancelled', message: 'Cancelled. What it collected stays in the study; a new run takes over what it left unread.', finishedAt: now() }, now());
        if (entry) entry.want = 'cancel';
        emit(runId);
      } else if (action === 'resume' && run.state !== 'running' && run.state !== 'done') {
        if (run.state === 'cancelled' || d.grants.cancelled('run', runId)) throw new Error(STAYS_CANCELLED);
        const active = run.trigger === 'adhoc' ? null : runs.active();
        if (active && active.id !== runId) throw new Error(`Run #${active.id} of this study is ${active.state}: finish or cancel it first.`);
        const mismatch = sessionMismatch(run, d.session());
        if (mismatch) throw new Error(mismatch);
        const left = run.budget - run.unitsSpent;
        if (left <= 0) throw new Error('This run has spent its budget: raise it to go on.');
        const granted = standing(run, scopeOf(d.session()));
        if (!granted.ok) throw new NeedsConfirmation(granted.why, left);
        runs.set(runId, { session: d.session() }, now());
        goOn(runId);
      }
      return info(runId);
    },

    confirm(runId, units) {
      const run = runs.get(runId);
      if (!run) throw new Error(`studies: no run ${runId}`);
      if (run.state === 'cancelled' || d.grants.cancelled('run', runId)) throw new Error(STAYS_CANCELLED);
      const scope = scopeOf(d.session());
      const grant = d.grants.get(scope, 'run', runId);
      // From now on the run may spend `units` with this key: what the user was shown, whatever the database says.
      d.grants.allow(scope, 'run', runId, units - (grant ? Math.max(0, grant.budget - grant.spent) : 0), run.budget);
      if (run.state === 'running' || run.state === 'paused') return runner.control(runId, 'resume');
      return info(runId);
    },

    raiseBudget(runId, budget) {
      const run = runs.get(runId);
      if (!run) throw new Error(`studies: no run ${runId}`);
      if (run.state === 'cancelled' || d.grants.cancelled('run', runId)) throw new Error(STAYS_CANCELLED);
      d.grants.allow(scopeOf(d.session()), 'run', runId, budget - run.budget, budget);
      runs.set(runId, { budget }, now());
      if (run.state === 'stopped_budget' || run.state === 'failed') {
        const active = run.trigger === 'adhoc' ? null : runs.active();
        if (!active || active.id === runId) {
          const mismatch = sessionMismatch(run, d.session());
          if (mismatch) pause(runId, mismatch);
          else goOn(runId);
        }
      }
      return info(runId);
    },

    active: () => {
      const r = runs.active();
      return r ? publicRun(r) : null;
    },
    get: (runId) => runs.get(runId),

    async settled(runId) {
      const entry = loops.get(runId);
      if (entry) await entry.loop;
      const r = runs.get(runId);
      return r ? publicRun(r) : null;
    },

    async close() {
      closed = true;
      await Promise.all([...loops.values()].map((e) => e.loop));
    },
  };
  return runner;
}
