// The IPC handlers of bulk jobs: jobEstimate (sends nothing), jobStart and jobBudgetRaise (only after the
// user confirmed the budget in main's own question), jobControl and jobList. The runner starts loading the jobs on disk (and resumes
// the running ones) as soon as the app can make calls (`started`), i.e. at app start.
import { join } from 'node:path';
import { validationError, type AppError } from '../../shared/api/errors';
import { requestsWord, type Ask } from '../ask';
import { validateParams } from '../../shared/api/params';
import type { JobInfo } from '../../shared/ipc';
import type { BalanceTracker } from '../balance';
import type { CallCache, CallService } from '../calls';
import type { Handlers } from '../router';
import { estimateJob } from './estimate';
import { endpointOf, firstList } from './plan';
import { createJobRunner, type JobSinks } from './runner';

export type JobOps = 'jobEstimate' | 'jobStart' | 'jobBudgetRaise' | 'jobControl' | 'jobList';

export interface JobHandlerDeps extends JobSinks {
  calls: Pick<CallService, 'call'>;
  balance: Pick<BalanceTracker, 'get'>;
  /** Main's own question: the only way a job's budget is authorised. */
  ask: Ask;
  /** The app's data folder: jobs live in `<dataDir>/jobs`. */
  dataDir: string;
  emit: (event: 'job', info: JobInfo) => void;
  /**
   * Resolves once calls can be made (after AppCore.start(): the backend is known). Saved jobs are loaded
   * and the running ones resumed then. Default: at once.
   */
  started?: Promise<unknown>;
  /** The response cache, only read by the estimate (known counts). */
  cache?: Pick<CallCache, 'get'>;
  now?: () => number;
  log?: (message: string) => void;
}

function declined(what: string): AppError {
  return { kind: 'cancelled', message: `${what} Nothing was spent.`, billed: false, retryable: true };
}

/** "about $1.20" from the balance's money per request, when known. */
function moneyOf(units: number, balance: { requests: number; amount: number; currency: string } | null): string {
  if (!balance || balance.requests <= 0) return '';
  return ` (about ${(units * (balance.amount / balance.requests)).toLocaleString('en-US', { style: 'currency', currency: balance.currency })})`;
}

export function createJobHandlers(deps: JobHandlerDeps): Pick<Handlers, JobOps> {
  const log = deps.log ?? console.error;
  const runner = createJobRunner({
    calls: deps.calls,
    dir: join(deps.dataDir, 'jobs'),
    emit: deps.emit,
    ...(deps.toLibrary ? { toLibrary: deps.toLibrary } : {}),
    ...(deps.toExport ? { toExport: deps.toExport } : {}),
    ...(deps.now ? { now: deps.now } : {}),
    log,
  });
  const ready = (deps.started ?? Promise.resolve()).then(() => runner.open());
  ready.catch((error: unknown) => log(`jobs: could not load the saved jobs: ${error instanceof Error ? error.message : String(error)}`));

  async function known(id: string): Promise<void> {
    await ready;
    if (!runner.get(id)) throw validationError([{ param: 'id', message: 'There is no such job (it may have been removed).' }]);
  }

  return {
    jobEstimate: async ({ spec }) => estimateJob(spec, { ...(deps.cache ? { cache: deps.cache } : {}), balance: deps.balance.get() }),

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
        message: `Collecting ${spec.kind} of ${spec.label || spec.target} may spend up to ${requestsWord(spec.budget)}${moneyOf(spec.budget, deps.balance.get())}.`,
        detail: 'The job stops before it would go past this budget. You can pause or cancel it at any time.',
        confirm: `Spend up to ${requestsWord(spec.budget)}`,
      });
      if (!answer.confirmed) throw declined('The job was not started.');
      await ready;
      return runner.start(spec);
    },

    jobBudgetRaise: async ({ id, budget }) => {
      await known(id);
      const job = runner.get(id)!;
      if (budget <= job.spec.budget) throw validationError([{ param: 'budget', message: `The new budget must be above the current one (${job.spec.budget.toLocaleString('en-US')}).` }]);
      const more = budget - job.spec.budget;
      const answer = await deps.ask({
        purpose: 'budget',
        title: `Allow ${requestsWord(more)} more?`,
        message: `The job collecting ${job.spec.kind} of ${job.spec.label || job.spec.target} has spent ${requestsWord(job.unitsSpent)} of ${requestsWord(job.spec.budget)}. Its budget would become ${requestsWord(budget)}: ${requestsWord(more)} more${moneyOf(more, deps.balance.get())}.`,
        confirm: `Raise to ${requestsWord(budget)}`,
      });
      if (!answer.confirmed) throw declined('The budget was not raised.');
      return runner.raiseBudget(id, budget);
    },

    jobControl: async ({ id, action }) => {
      await known(id);
      return runner.control(id, action);
    },

    jobList: async () => {
      await ready;
      return runner.list();
    },
  };
}
