// A study's runs, in main: page after page through the CallService (cache, cost guard, ledger,
// balance), each page committed in one transaction before the next is asked for (page.ts), so a run
// survives a crash or a restart and resumes from its last committed page. A run stops at the end of its
// work, before a page would take it past its budget (or a schedule's daily budget), on an error that
// is not the target's own, or when the user pauses or cancels it. It keeps the session it started in:
// in another mode or with another service it pauses and says why, it never carries on silently.
//
// One page: budget checks -> reserve its cost in the runs row -> call -> commit the page.
import { costOf, findEndpoint } from '../../shared/api/catalog';
import type { AppError } from '../../shared/api/errors';
import { withCursor } from '../../shared/api/pager';
import type { SessionInfo } from '../../shared/ipc';
import type { RunInfo, RunTrigger } from '../../shared/studies';
import type { CallCache, CallService } from '../calls/calls';
import type { SpendGrant } from '../calls/cost-guard';
import { tx, type Db } from './db';
import { refusedCursor, restartFromFirstPage } from './cursor-restart';
import { commitPage, type StudyParts } from './page';
import { firstTasks, type RunOptions } from './plan';
import { activeTargets, createRunTable, publicRun, targetRow, type RunRecord, type RunTable } from './runs';
import { createRecordStore } from './store';
import { allowedLists, minimiseRecord, minimisesRecords, readMinimisation } from '../analysis/minimise';
import { createListStates, createTaskQueue, type Task } from './tasks';

export interface RunnerDeps {
  db: Db;
  studyId: string;
  calls: Pick<CallService, 'call'>;
  /** Only read: whether a page the run needs is in the cache, and fresh enough to hold what is new. */
  cache: Pick<CallCache, 'get'>;
  /** The session main is in now. */
  session: () => SessionInfo;
  emit: (run: RunInfo) => void;
  /** A run ended (done, stopped at a budget, failed): for the desktop notification. */
  ended?: (run: RunInfo) => void;
  /** The schedule's daily budget (scheduled runs spend within it), or null without a schedule. */
  dailyBudget?: () => number | null;
  /** The calendar day (local) a time belongs to, e.g. "2026-11-20". */
  dayOf: (ms: number) => string;
  now?: () => number;
  log?: (message: string) => void;
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
  start(r: { trigger: RunTrigger; budget: number; options: RunOptions & { daily?: boolean }; estimate: number | null }): RunInfo;
  control(runId: number, action: RunAction): RunInfo;
  raiseBudget(runId: number, budget: number): RunInfo;
  active(): RunInfo | null;
  get(runId: number): RunRecord | null;
  table: RunTable;
  /** Resolves once the run's loop has stopped. */
  settled(runId: number): Promise<RunInfo | null>;
  close(): Promise<void>;
}

/** Errors of one target's list: the run records them and goes on with the rest. */
const TARGET_ERRORS: ReadonlySet<AppError['kind']> = new Set(['private', 'comments_disabled', 'not_found', 'validation', 'retired', 'bad_response']);

function isEmptyList(error: AppError): boolean {
  return error.kind === 'not_found' && error.excType === 'NotFoundError';
}

const word = (mode: 'demo' | 'live') => (mode === 'demo' ? 'demo mode' : 'the live service');

/** Why a run may not go on in this session (null when it may). */
export function sessionMismatch(run: Pick<RunInfo, 'mode' | 'origin'>, now: SessionInfo): string | null {
  if (run.mode !== now.mode) {
    return `This run started in ${word(run.mode)} and Feedlens is now on ${word(now.mode)}: it waits. Switch back to ${word(run.mode)} to go on, or start a new run.`;
  }
  if (run.origin !== now.origin) return `This run started with the service at ${run.origin}; Feedlens now talks to ${now.origin}: it waits. Switch back to go on.`;
  return null;
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
  const runs = createRunTable(db, d.studyId);
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

  function daySpent(): number {
    const row = db.prepare('SELECT units FROM schedule_days WHERE day = ?').get(d.dayOf(now())) as { units: number } | undefined;
    return row?.units ?? 0;
  }

  /** What the run may still spend now: its own budget, and for scheduled runs what is left of today's. */
  function room(run: RunRecord): { units: number; why: string } {
    const own = run.budget - run.unitsSpent;
    const daily = run.options.daily ? d.dailyBudget?.() ?? null : null;
    if (daily !== null) {
      const left = daily - daySpent();
      if (left <= own) return { units: left, why: `The schedule’s daily budget of ${daily.toLocaleString('en-US')} units is used up for today; it goes on tomorrow.` };
    }
    return { units: own, why: `Stopped before going past its budget of ${run.budget.toLocaleString('en-US')} units.` };
  }

  function grantOf(id: number): SpendGrant {
    return {
      label: `Run #${id} of this study`,
      allows: (units) => {
        const run = runs.get(id);
        return run !== null && units <= room(run).units;
      },
      spent: () => undefined, // counted in the run's row when the page is committed
    };
  }

  /** The target's list cannot be read (private, gone...): recorded, and the run goes on without it. */
  function skipTask(run: RunRecord, task: Task, error: AppError, billed: number): void {
    tx(db, () => {
      parts.tasks.remove(run.id, task.pos);
      runs.error(run.id, { targetId: task.targetId, list: task.list, kind: error.kind, message: error.message, billed }, now());
    });
  }

  /** One page of the task at the head of the queue. False when the run must stop. */
  async function step(id: number): Promise<boolean> {
    const run = runs.get(id);
    if (!run) return false;
    const task = parts.tasks.head(id);
    if (!task) {
      end(id, 'done', null);
      return false;
    }
    const target = targetRow(db, task.targetId);
    if (!target) {
      tx(db, () => parts.tasks.remove(id, task.pos));
      return true;
    }
    const endpoint = findEndpoint(task.path);
    if (!endpoint) throw new Error(`studies: ${task.path} is not in the catalog`);
    const params = withCursor(task.params, task.cursor) as Record<string, string>;
    const hit = await d.cache.get(task.path, params);
    const fromCache = hit !== null && hit.fetchedAt > task.minFreshAt;
    const cost = fromCache ? 0 : costOf(endpoint, params);
    const { units: left, why } = room(run);
    if (cost > left) {
      end(id, 'stopped_budget', why);
      return false;
    }
    if (target.maxUnitsPerRun !== null && cost > 0) {
      const used = db.prepare('SELECT units FROM run_targets WHERE run_id = ? AND target_id = ?').get(id, target.id) as { units: number } | undefined;
      if ((used?.units ?? 0) + cost > target.maxUnitsPerRun) {
        const message = `${target.label} reached its budget of ${target.maxUnitsPerRun.toLocaleString('en-US')} units for one run; the next run goes on where it stopped.`;
        tx(db, () => {
          parts.tasks.removeWhere(id, (t) => t.targetId === target.id);
          runs.error(id, { targetId: target.id, list: task.list, kind: 'budget', message, billed: 0 }, now());
        });
        return true;
      }
    }
    if (closed || loops.get(id)?.want !== 'run') return false;
    // The session is checked right before the call, with nothing awaited in between: a call never
    // starts in a session other than the run's.
    const mismatch = sessionMismatch(run, d.session());
    if (mismatch) {
      pause(id, mismatch);
      return false;
    }
    runs.set(id, { reserved: cost }, now());
    const result = await d.calls.call({ path: task.path, params, ...(fromCache ? {} : { refresh: true }) }, { grant: grantOf(id), study: { id: d.studyId, runId: id } });
    if (closed) return false;
    if (!result.ok && refusedCursor(result.error, task)) return restartFromFirstPage(parts, runs, id, task, now());
    if (!result.ok && !isEmptyList(result.error)) {
      const error = result.error;
      const billed = error.billed ? costOf(endpoint, params) : 0;
      if (TARGET_ERRORS.has(error.kind)) {
        skipTask(run, task, error, billed);
        return true;
      }
      if (error.kind === 'cancelled') {
        runs.set(id, { reserved: 0 }, now());
        pause(id, error.message);
        return false;
      }
      runs.error(id, { targetId: task.targetId, list: task.list, kind: error.kind, message: error.message, billed }, now());
      // The grant's refusal: the budget (or today's) is spent.
      if (error.kind === 'over_balance' && error.balance === undefined) end(id, 'stopped_budget', room(runs.get(id)!).why);
      else end(id, 'failed', error.message);
      return false;
    }
    const value = result.ok ? result.value : null;
    const session = value?.session ?? d.session();
    commitPage(parts, {
      runId: id,
      target,
      task,
      options: run.options,
      endpoint,
      data: value?.data ?? null,
      units: value?.units ?? (!result.ok && result.error.billed ? costOf(endpoint, params) : 0),
      requestId: value?.requestId ?? `empty-${id}-${task.pos}-${now()}`,
      fetchedAt: value?.fetchedAt ?? now(),
      cacheHit: value?.cacheHit ?? false,
      session,
      now: now(),
      scheduleDay: run.options.daily ? d.dayOf(now()) : null,
    });
    return true;
  }

  async function loop(id: number): Promise<void> {
    try {
      while (!closed && loops.get(id)?.want === 'run' && runs.get(id)?.state === 'running') {
        if (!(await step(id))) break;
        emit(id);
      }
    } catch (error) {
      const message = `Feedlens could not go on with this run: ${error instanceof Error ? error.message : String(error)}`;
      log(`studies: run ${id}: ${message}`);
      if (!closed) {
        try {
          runs.settleReserved(id, now());
          end(id, 'failed', message);
        } catch {
          // the database itself is in trouble: the run stays as it was, and resumes at the next start
        }
      }
    }
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
    entry.loop = loop(id).finally(() => void (entry.running = false));
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

  /** Leftover work of runs that stopped before their end passes to the lists' state, for the next run. */
  function foldLeftovers(newRunId: number): void {
    const rows = db.prepare("SELECT DISTINCT run_id FROM run_tasks WHERE run_id <> ? AND run_id IN (SELECT id FROM runs WHERE state NOT IN ('running', 'paused') AND trigger <> 'adhoc')").all(newRunId) as { run_id: number }[];
    for (const { run_id: old } of rows) {
      for (const t of parts.tasks.all(old)) {
        if ((t.phase === 'head' || t.phase === 'gap') && t.cursor !== null) {
          const key = { targetId: t.targetId, list: t.list, contextId: t.contextId };
          const state = parts.states.get(key);
          parts.states.set(key, { gaps: [...(state?.gaps ?? []), { cursor: t.cursor, boundary: t.phase === 'head' ? old : t.boundary }] });
        }
        // all/tail reads keep their cursor in list_state page by page; follow-ups are pending there too.
        parts.tasks.remove(old, t.pos);
      }
      runs.set(old, { message: `What it left unread was taken over by run #${newRunId}.` }, now());
    }
  }

  const runner: StudyRunner = {
    table: runs,
    open() {
      for (const run of runs.list(10_000)) {
        if (run.state !== 'running') continue;
        const reserved = runs.settleReserved(run.id, now());
        if (reserved > 0 && run.options.daily) {
          db.prepare('INSERT INTO schedule_days (day, units) VALUES (?, ?) ON CONFLICT (day) DO UPDATE SET units = units + excluded.units').run(d.dayOf(run.updatedAt), reserved);
        }
        goOn(run.id);
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
        if (!oneOff) foldLeftovers(runId);
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
        if (entry) entry.want = 'pause';
        pause(runId, 'Paused: the page under way was saved. Resume to go on.');
      } else if (action === 'cancel' && run.state !== 'cancelled' && run.state !== 'done') {
        if (entry) entry.want = 'cancel';
        runs.settleReserved(runId, now());
        runs.set(runId, { state: 'cancelled', message: 'Cancelled. What it collected stays in the study; it can be resumed.', finishedAt: now() }, now());
        emit(runId);
      } else if (action === 'resume' && run.state !== 'running' && run.state !== 'done') {
        const active = run.trigger === 'adhoc' ? null : runs.active();
        if (active && active.id !== runId) throw new Error(`Run #${active.id} of this study is ${active.state}: finish or cancel it first.`);
        const mismatch = sessionMismatch(run, d.session());
        if (mismatch) throw new Error(mismatch);
        if (run.budget - run.unitsSpent <= 0) throw new Error('This run has spent its budget: raise it to go on.');
        runs.set(runId, { session: d.session() }, now());
        goOn(runId);
      }
      return info(runId);
    },

    raiseBudget(runId, budget) {
      const run = runs.get(runId);
      if (!run) throw new Error(`studies: no run ${runId}`);
      runs.set(runId, { budget }, now());
      if (run.state === 'stopped_budget' || run.state === 'cancelled' || run.state === 'failed') {
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
