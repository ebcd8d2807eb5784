// The IPC handlers of bulk jobs ("Collect all followers", "the latest 120 posts of #tag"...). A job is a
// run of the app's ad-hoc study (electron/studies/): its target is added there, the run reads the one
// list whole (`full`, `direct`), and what it collects is in that study's database like everything else;
// `then` hands the items over when it ends (the download queue, an export file). jobEstimate sends
// nothing; jobStart and jobBudgetRaise only after the user confirmed the budget in main's own question.
import { join } from 'node:path';
import { validationError, type AppError } from '../../shared/api/errors';
import { validateParams } from '../../shared/api/params';
import type { JobInfo, JobSpec } from '../../shared/ipc';
import type { CollectList, StudyEvent } from '../../shared/ipc/studies';
import { requestsWord, type Ask } from '../calls/ask';
import type { BalanceTracker } from '../calls/balance';
import type { CallCache } from '../calls/calls';
import type { SavedItem } from '../export/run';
import type { Handlers } from '../ipc/router';
import { DATABASE_FILE, getMeta, setMeta, tx, type Db } from '../studies/db';
import { studyItems } from '../studies/export';
import type { RunOptions } from '../studies/plan';
import type { RunRecord } from '../studies/runs';
import type { OpenStudy, StudyService } from '../studies/service';
import { resumeAsking } from '../studies/authority';
import { withStudyDbErrors } from '../studies/db-errors';
import type { NewTarget } from '../studies/targets';
import { estimateJob } from './estimate';
import { endpointOf, firstList } from './plan';

export type JobOps = 'jobEstimate' | 'jobStart' | 'jobBudgetRaise' | 'jobControl' | 'jobList';

export interface JobSinks {
  /** `then: 'library'`: hands the items to the download queue; returns the library folder, if any. */
  toLibrary?: (items: SavedItem[]) => Promise<string | null>;
  /** `then: 'export'`: writes the items as a CSV with this column set; returns the export file's path. */
  toExport?: (items: SavedItem[], csv: { columns: JobColumns; label: string }) => Promise<string>;
}

export type JobColumns = 'posts' | 'users' | 'comments';

/** The CSV column set of what a job collected: accounts for follow lists, comments, else posts. */
export function jobColumns(spec: JobSpec): JobColumns {
  return spec.kind === 'followers' || spec.kind === 'following' ? 'users' : spec.kind === 'comments' ? 'comments' : 'posts';
}

export interface JobHandlerDeps extends JobSinks {
  studies: StudyService;
  balance: Pick<BalanceTracker, 'get'>;
  /** Main's own question: the only way a job's budget is authorised. */
  ask: Ask;
  emit: (event: 'job', info: JobInfo) => void;
  /** The response cache, only read by the estimate (known counts). */
  cache?: Pick<CallCache, 'get'>;
  log?: (message: string) => void;
  /** The current session is demo mode's simulator: nothing is billed, no money is said. */
  simulated?: () => boolean;
}

export interface Jobs {
  handlers: Pick<Handlers, JobOps>;
  /** Progress of the ad-hoc study's runs, as `job` events. */
  onStudyEvent(event: StudyEvent): void;
}

function declined(what: string): AppError {
  return { kind: 'cancelled', message: `${what} Nothing was spent.`, billed: false, retryable: true };
}

function moneyOf(units: number, balance: { requests: number; amount: number; currency: string } | null): string {
  if (!balance || balance.requests <= 0) return '';
  return ` (about ${(units * (balance.amount / balance.requests)).toLocaleString('en-US', { style: 'currency', currency: balance.currency })})`;
}

/** The ad-hoc study's target and list of a job. */
function targetOf(spec: JobSpec): { target: NewTarget; list: CollectList; lists: string[] } {
  const key = spec.target.trim();
  const label = spec.label || key;
  switch (spec.kind) {
    case 'posts':
    case 'reels':
    case 'tagged':
    case 'followers':
    case 'following':
      return { target: { kind: 'account', key, label }, list: spec.kind, lists: [spec.kind] };
    case 'comments':
      return { target: { kind: 'post', key: key.split('_')[0] ?? key, label }, list: 'comments', lists: ['comments', 'replies'] };
    case 'hashtag':
      return { target: { kind: 'hashtag', key: key.toLowerCase(), label: `#${key}` }, list: 'posts', lists: ['posts'] };
    case 'location':
      return { target: { kind: 'place', key, label }, list: 'posts', lists: ['posts'] };
  }
}

const jobId = (runId: number) => `run-${runId}`;
const runIdOf = (id: string): number | null => (/^run-\d{1,12}$/.test(id) ? Number(id.slice(4)) : null);

interface Delivery {
  output: string | null;
  delivered: boolean;
  error: string | null;
}

function delivery(db: Db, runId: number): Delivery {
  const raw = getMeta(db, `job:${runId}`);
  return raw ? (JSON.parse(raw) as Delivery) : { output: null, delivered: false, error: null };
}

/** The job's own items: what its run read in its list (not the owners and places inside them). */
function jobItems(db: Db, run: RunRecord): SavedItem[] {
  const spec = run.options.job;
  if (!spec) return [];
  return [...studyItems(db, { runId: run.id, scope: 'seen', within: { targetId: run.options.targetIds?.[0] ?? -1, lists: targetOf(spec).lists } })];
}

function countItems(db: Db, run: RunRecord): number {
  const spec = run.options.job;
  if (!spec) return run.items;
  const { lists } = targetOf(spec);
  const target = run.options.targetIds?.[0] ?? -1;
  const row = db
    .prepare(
      `SELECT count(DISTINCT ri.record_id) AS n FROM run_items ri JOIN list_items li ON li.record_id = ri.record_id
       WHERE ri.run_id = ? AND li.target_id = ? AND li.list IN (${lists.map(() => '?').join(', ')})`,
    )
    .get(run.id, target, ...lists) as { n: number };
  return row.n;
}

export function createJobHandlers(deps: JobHandlerDeps): Jobs {
  const log = deps.log ?? console.error;
  /** Studies are opened once the app started; the ad-hoc one is made on the first job. */
  const study = (): OpenStudy => deps.studies.adhoc();
  const existingAdhoc = (): OpenStudy | null => deps.studies.list().some((s) => s.adhoc) ? study() : null;

  function info(s: OpenStudy, run: RunRecord): JobInfo {
    const d = delivery(s.db, run.id);
    const failed = run.state === 'failed' || d.error !== null;
    const spec = run.options.job as JobSpec;
    // A job whose items go somewhere is done once they are there, as before jobs were runs.
    const handingOver = (run.state === 'done' || run.state === 'stopped_budget') && spec.then !== 'none' && !d.delivered && d.error === null;
    return {
      id: jobId(run.id),
      spec,
      state: d.error !== null ? 'failed' : handingOver ? 'running' : run.state,
      items: countItems(s.db, run),
      pages: run.pages,
      unitsSpent: run.unitsSpent,
      error: failed ? (d.error ?? run.message) : null,
      startedAt: run.startedAt,
      updatedAt: run.updatedAt,
      output: d.output ?? (run.state === 'running' || run.state === 'paused' ? null : join(s.folder, DATABASE_FILE)),
    };
  }

  /** A job that ended with what it could collect hands its items over, once. */
  async function deliver(s: OpenStudy, run: RunRecord): Promise<void> {
    const spec = run.options.job;
    if (!spec || (run.state !== 'done' && run.state !== 'stopped_budget')) return;
    const was = delivery(s.db, run.id);
    if (was.delivered) return;
    const database = join(s.folder, DATABASE_FILE);
    let next: Delivery = { output: database, delivered: true, error: null };
    if (spec.then !== 'none') {
      try {
        const items = jobItems(s.db, run);
        if (spec.then === 'library') {
          if (!deps.toLibrary) throw new Error('saving to the library is not available');
          next = { output: (await deps.toLibrary(items)) ?? database, delivered: true, error: null };
        } else {
          if (!deps.toExport) throw new Error('exporting is not available');
          next = { output: await deps.toExport(items, { columns: jobColumns(spec), label: spec.label }), delivered: true, error: null };
        }
      } catch (e) {
        next = { output: database, delivered: false, error: `The items were collected (in the study “${s.name()}”), but handing them over failed: ${e instanceof Error ? e.message : String(e)}` };
      }
    }
    setMeta(s.db, `job:${run.id}`, JSON.stringify(next));
    deps.emit('job', info(s, s.runner.get(run.id)!));
  }

  function runOf(id: string): { s: OpenStudy; run: RunRecord } {
    const runId = runIdOf(id);
    const s = existingAdhoc();
    const run = runId !== null && s ? s.runner.get(runId) : null;
    if (!s || !run || run.trigger !== 'adhoc') throw validationError([{ param: 'id', message: 'There is no such job (it may have been removed).' }]);
    return { s, run };
  }

  /** The estimate's inputs: the cache, the balance, and the ad-hoc study's history once it exists. */
  const estimateOptions = () => {
    const s = existingAdhoc();
    return { ...(deps.cache ? { cache: deps.cache } : {}), balance: deps.balance.get(), simulated: deps.simulated?.() ?? false, ...(s ? { db: s.db } : {}) };
  };

  // The ad-hoc study's full disk or another program's lock reach the page as what to do (db-errors.ts).
  const handlers: Pick<Handlers, JobOps> = withStudyDbErrors({
    jobEstimate: async ({ spec }) => estimateJob(spec, estimateOptions()),

    jobStart: async ({ spec }) => {
      const first = firstList(spec);
      const check = validateParams(endpointOf(first.path), first.params);
      if (!check.ok) throw validationError(check.issues.map((issue) => ({ ...issue, param: 'target' })));
      if (spec.then === 'library' && !deps.toLibrary) throw validationError([{ param: 'then', message: 'Saving to the library is not available yet.' }]);
      if (spec.then === 'export' && !deps.toExport) throw validationError([{ param: 'then', message: 'Exporting is not available yet.' }]);
      // Main asks, as the cost guard does for single calls: nothing runs without the user's own answer.
      const answer = await deps.ask({
        purpose: 'job',
        title: `Spend up to ${requestsWord(spec.budget)}?`,
        message: `Collecting ${spec.kind} of ${spec.label || spec.target} may spend up to ${requestsWord(spec.budget)}${deps.simulated?.() ? ' (demo mode: simulated, nothing is billed)' : moneyOf(spec.budget, deps.balance.get())}.`,
        detail: 'The job stops before it would go past this budget. You can pause or cancel it at any time. What it collects goes into the study “Ad-hoc collections”.',
        confirm: `Spend up to ${requestsWord(spec.budget)}`,
      });
      if (!answer.confirmed) throw declined('The job was not started.');
      const estimate = await estimateJob(spec, estimateOptions());
      const s = study();
      const { target, list } = targetOf(spec);
      const { id } = s.targets.add(target, { lists: [list], since: null, until: null, maxUnitsPerRun: null }, Date.now());
      const options: RunOptions = { targetIds: [id], lists: [list], full: true, direct: true, job: spec, ...(spec.limit !== undefined ? { limit: spec.limit } : {}), ...(spec.withReplies ? {} : { noReplies: true }) };
      // The job's estimate is recorded beside what it spends, as a run's is.
      const recorded = { units: estimate.units, upperUnits: estimate.upperUnits, targets: [{ targetId: id, label: target.label, units: estimate.units, upperUnits: estimate.upperUnits }] };
      const run = s.runner.start({ trigger: 'adhoc', budget: spec.budget, options, estimate: recorded });
      return info(s, s.runner.get(run.id)!);
    },

    jobBudgetRaise: async ({ id, budget }) => {
      const { s, run } = runOf(id);
      const spec = run.options.job as JobSpec;
      if (budget <= run.budget) throw validationError([{ param: 'budget', message: `The new budget must be above the current one (${run.budget.toLocaleString('en-US')}).` }]);
      const more = budget - run.budget;
      const answer = await deps.ask({
        purpose: 'budget',
        title: `Allow ${requestsWord(more)} more?`,
        message: `The job collecting ${spec.kind} of ${spec.label || spec.target} has spent ${requestsWord(run.unitsSpent)} of ${requestsWord(run.budget)}. Its budget would become ${requestsWord(budget)}: ${requestsWord(more)} more${deps.simulated?.() ? ' (demo mode: simulated, nothing is billed)' : moneyOf(more, deps.balance.get())}.`,
        confirm: `Raise to ${requestsWord(budget)}`,
      });
      if (!answer.confirmed) throw declined('The budget was not raised.');
      try {
        s.runner.raiseBudget(run.id, budget);
      } catch (error) {
        throw validationError([{ param: 'id', message: error instanceof Error ? error.message : String(error) }]);
      }
      const updated = s.runner.get(run.id)!;
      updated.options = { ...updated.options, job: { ...spec, budget } };
      s.db.prepare('UPDATE runs SET options = ? WHERE id = ?').run(JSON.stringify(updated.options), run.id);
      setMeta(s.db, `job:${run.id}`, JSON.stringify({ ...delivery(s.db, run.id), delivered: false }));
      return info(s, updated);
    },

    jobControl: async ({ id, action }) => {
      const { s, run } = runOf(id);
      if (action === 'remove') {
        if (run.state === 'running') s.runner.control(run.id, 'cancel');
        await s.runner.settled(run.id);
        removeRun(s.db, run.id);
        return null;
      }
      try {
        await resumeAsking({
          ask: deps.ask, what: 'This job', studyName: s.name(), mode: deps.simulated?.() ? 'demo' : 'live', origin: '',
          resume: () => s.runner.control(run.id, action),
          confirm: (units) => s.runner.confirm(run.id, units),
        });
      } catch (error) {
        if (!(error instanceof Error)) throw error; // the user kept it paused
        throw validationError([{ param: 'action', message: error.message }]);
      }
      const after = s.runner.get(run.id)!;
      if (action === 'resume' && delivery(s.db, run.id).error !== null) {
        setMeta(s.db, `job:${run.id}`, JSON.stringify({ output: null, delivered: false, error: null }));
        if (after.state === 'done' || after.state === 'stopped_budget') await deliver(s, after);
      }
      return info(s, s.runner.get(run.id)!);
    },

    jobList: async () => {
      const s = existingAdhoc();
      if (!s) return [];
      return s.runner.table.list(10_000).filter((r) => r.trigger === 'adhoc' && r.options.job).map((r) => info(s, r));
    },
  });

  return {
    handlers,
    onStudyEvent(event) {
      const run = event.run;
      if (!run || run.trigger !== 'adhoc') return;
      let s: OpenStudy;
      try {
        s = deps.studies.get(event.studyId);
      } catch {
        return;
      }
      if (!s.adhoc) return;
      const record = s.runner.get(run.id);
      if (!record?.options.job) return;
      deps.emit('job', info(s, record));
      if (run.state === 'done' || run.state === 'stopped_budget') {
        deliver(s, record).catch((error: unknown) => log(`jobs: run ${run.id}: hand-over failed: ${error instanceof Error ? error.message : String(error)}`));
      }
    },
  };
}

/** A removed job: its run, and the records no other run saw. */
function removeRun(db: Db, runId: number): void {
  tx(db, () => {
    const only = (db.prepare('SELECT record_id FROM run_items WHERE run_id = ? AND record_id NOT IN (SELECT record_id FROM run_items WHERE run_id <> ?)').all(runId, runId) as { record_id: number }[]).map(
      (r) => r.record_id,
    );
    const dropListed = db.prepare('DELETE FROM list_items WHERE record_id = ?');
    const dropRecord = db.prepare('DELETE FROM records WHERE rowid = ?');
    db.prepare('DELETE FROM run_items WHERE run_id = ?').run(runId);
    for (const id of only) {
      dropListed.run(id);
      dropRecord.run(id);
    }
    db.prepare('DELETE FROM requests WHERE run_id = ?').run(runId);
    db.prepare('DELETE FROM runs WHERE id = ?').run(runId);
    db.prepare('DELETE FROM meta WHERE key = ?').run(`job:${runId}`);
  });
}
