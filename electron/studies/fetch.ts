// The fetch stage of a run: one page of one task. Right before its call, with nothing awaited in between,
// it checks what must hold: the run's session, main's grant, the budget with the pages still in flight
// counted as spent, and the target's own cap; then it reserves the page's cost, calls, and hands the answer
// to the commit stage (page.ts), which stores it in one transaction. Several pages of one run may be under
// way at once (the runner's workers), never two of the same list.
import { costOf, findEndpoint } from '../../shared/api/catalog';
import { unitsBilled, type AppError } from '../../shared/api/errors';
import { withCursor } from '../../shared/api/pager';
import type { SessionInfo } from '../../shared/ipc';
import type { CallCache, CallService } from '../calls/calls';
import { sessionMismatch } from './authority';
import { refusedCursor, restartFromFirstPage } from './cursor-restart';
import { tx } from './db';
import { scopeOf, type StudyGrants } from './grants';
import type { HoldingRunTable } from './held-runs';
import { commitPage, type StudyParts } from './page';
import { isPlannedRead, type TargetRow } from './plan';
import type { RunBudget } from './run-budget';
import { targetRow, type RunRecord } from './runs';
import type { Task } from './tasks';

/** 'next': the run may go on; 'stop': it stopped (or paused), saying why. */
export type StepEnd = 'next' | 'stop';

export interface FetchDeps {
  parts: StudyParts;
  runs: HoldingRunTable;
  studyId: string;
  calls: Pick<CallService, 'call'>;
  cache: Pick<CallCache, 'get'>;
  session: () => SessionInfo;
  grants: StudyGrants;
  budget: RunBudget;
  dayOf: (ms: number) => string;
  now: () => number;
  /** False once the app closes or the user paused or cancelled the run: no new call starts. */
  mayCall: (runId: number) => boolean;
  /** The app is closing: an answer that arrives now is not stored (the page is asked again at the next start, usually from the cache). */
  closing: () => boolean;
  /** Units reserved for this target's pages in flight (its cap counts them). */
  inFlightFor: (runId: number, targetId: number) => number;
  /** The run must stop (the first such word wins); the runner writes it once the pages under way are committed. */
  stop: (runId: number, how: RunStop) => void;
}

export interface RunStop {
  state: 'stopped_budget' | 'failed' | 'paused';
  message: string;
}

/** Errors of one target's list: the run records them and goes on with the rest. */
const TARGET_ERRORS: ReadonlySet<AppError['kind']> = new Set(['private', 'comments_disabled', 'not_found', 'validation', 'retired', 'bad_response']);

const isEmptyList = (error: AppError) => error.kind === 'not_found' && error.excType === 'NotFoundError';

/** A page under way: what was reserved for it, for the target's cap while it is in flight. */
export interface Slot {
  cost: number;
}

export function createPageStep(d: FetchDeps): (runId: number, task: Task, slot: Slot) => Promise<StepEnd> {
  const { parts, runs } = d;
  const { db } = parts;

  /** The target's list cannot be read (private, gone...): recorded, and the run goes on without it. */
  function skipTask(run: RunRecord, task: Task, error: AppError, billed: number, released: number): void {
    tx(db, () => {
      parts.tasks.remove(run.id, task.pos);
      runs.error(run.id, { targetId: task.targetId, list: task.list, kind: error.kind, message: error.message, billed, released }, d.now());
    });
  }

  /** The target's cap for one run: reached, its reads wait for the next run. True when it was. */
  function capReached(run: RunRecord, task: Task, target: TargetRow, cost: number): boolean {
    if (target.maxUnitsPerRun === null || cost === 0) return false;
    const used = db.prepare('SELECT units FROM run_targets WHERE run_id = ? AND target_id = ?').get(run.id, target.id) as { units: number } | undefined;
    if ((used?.units ?? 0) + d.inFlightFor(run.id, target.id) + cost <= target.maxUnitsPerRun) return false;
    const message = `${target.label} reached its budget of ${target.maxUnitsPerRun.toLocaleString('en-US')} requests for one run; the next run goes on where it stopped.`;
    tx(db, () => {
      parts.tasks.removeWhere(run.id, (t) => t.targetId === target.id);
      runs.error(run.id, { targetId: target.id, list: task.list, kind: 'budget', message, billed: 0 }, d.now());
    });
    return true;
  }

  return async function step(id, task, slot) {
    const target = targetRow(db, task.targetId);
    if (!target) {
      tx(db, () => parts.tasks.remove(id, task.pos));
      return 'next';
    }
    const endpoint = findEndpoint(task.path);
    if (!endpoint || !isPlannedRead(target, task)) {
      const message = `Not a read Feedlens plans for ${target.label} (${task.path}): the study’s database was changed outside Feedlens. Nothing was spent on it.`;
      skipTask(runs.get(id)!, task, { kind: 'validation', message, billed: false, retryable: false }, 0, 0);
      return 'next';
    }
    const params = withCursor(task.params, task.cursor) as Record<string, string>;
    const hit = await d.cache.get(task.path, params);
    const run = runs.get(id);
    if (!run || run.state !== 'running' || !d.mayCall(id)) return 'stop';
    // The session and main's authorisation are checked right before the call, with nothing awaited in
    // between: a call never starts in a session other than the run's, nor without main's grant.
    const mismatch = sessionMismatch(run, d.session());
    if (mismatch) {
      d.stop(id, { state: 'paused', message: mismatch });
      return 'stop';
    }
    const scope = scopeOf(d.session());
    const granted = d.budget.standing(run, scope);
    if (!granted.ok) {
      d.stop(id, { state: 'paused', message: granted.why });
      return 'stop';
    }
    const fromCache = hit !== null && hit.fetchedAt > task.minFreshAt;
    const cost = fromCache ? 0 : costOf(endpoint, params);
    const { units: left, why } = d.budget.room(run, scope);
    if (cost > left) {
      d.stop(id, { state: 'stopped_budget', message: why });
      return 'stop';
    }
    if (capReached(run, task, target, cost)) return 'next';
    if (cost > 0) {
      d.grants.reserve(scope, 'run', id, cost);
      runs.reserve(id, cost);
      slot.cost = cost;
    }
    const result = await d.calls.call(
      { path: task.path, params, ...(fromCache ? {} : { refresh: true }) },
      { grant: d.budget.grantOf(id, scope, cost), study: { id: d.studyId, runId: id }, priority: 'background' },
    );
    const billed = result.ok ? result.value.units : unitsBilled(result.error, costOf(endpoint, params));
    if (cost > 0 || billed > 0) d.grants.settle(scope, 'run', id, billed, cost);
    if (run.options.daily) d.grants.spendDay(scope, d.dayOf(d.now()), billed);
    if (d.closing()) return 'stop'; // its reservation counts it as spent at the next start
    if (!result.ok && refusedCursor(result.error, task)) return restartFromFirstPage(parts, runs, id, task, d.now(), cost) && 'next';
    if (!result.ok && !isEmptyList(result.error)) {
      const error = result.error;
      if (TARGET_ERRORS.has(error.kind)) {
        skipTask(run, task, error, billed, cost);
        return 'next';
      }
      if (error.kind === 'cancelled') {
        runs.release(id, cost);
        d.stop(id, { state: 'paused', message: error.message });
        return 'stop';
      }
      runs.error(id, { targetId: task.targetId, list: task.list, kind: error.kind, message: error.message, billed, released: cost }, d.now());
      // The grant's refusal: the budget (or today's) is spent.
      if (error.kind === 'over_balance' && error.balance === undefined) d.stop(id, { state: 'stopped_budget', message: d.budget.room(runs.get(id)!, scope).why });
      else d.stop(id, { state: 'failed', message: error.message });
      return 'stop';
    }
    const value = result.ok ? result.value : null;
    commitPage(parts, {
      runId: id,
      target,
      task,
      options: run.options,
      endpoint,
      data: value?.data ?? null,
      units: billed,
      reserved: cost,
      requestId: value?.requestId ?? `empty-${id}-${task.pos}-${d.now()}`,
      fetchedAt: value?.fetchedAt ?? d.now(),
      cacheHit: value?.cacheHit ?? false,
      session: value?.session ?? d.session(),
      now: d.now(),
      scheduleDay: run.options.daily ? d.dayOf(d.now()) : null,
    });
    return 'next';
  };
}
