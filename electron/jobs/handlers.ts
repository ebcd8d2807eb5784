// The IPC handlers of bulk jobs: jobEstimate (sends nothing), jobStart (only with the budget confirmed,
// enforced here in main), jobControl and jobList. The runner starts loading the jobs on disk (and resumes
// the running ones) as soon as the app can make calls (`started`), i.e. at app start.
import { join } from 'node:path';
import { validationError, type AppError } from '../../shared/api/errors';
import { validateParams } from '../../shared/api/params';
import type { JobInfo } from '../../shared/ipc';
import type { BalanceTracker } from '../balance';
import type { CallCache, CallService } from '../calls';
import type { Handlers } from '../router';
import { estimateJob } from './estimate';
import { endpointOf, firstList } from './plan';
import { createJobRunner, type JobSinks } from './runner';

export type JobOps = 'jobEstimate' | 'jobStart' | 'jobControl' | 'jobList';

export interface JobHandlerDeps extends JobSinks {
  calls: Pick<CallService, 'call'>;
  balance: Pick<BalanceTracker, 'get'>;
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

function budgetNotConfirmed(budget: number): AppError {
  return {
    kind: 'confirmation_required',
    message: `This job may spend up to ${budget.toLocaleString('en-US')} units. Confirm that budget to start it.`,
    cost: budget,
    billed: false,
    retryable: false,
  };
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

    jobStart: async ({ spec, confirmedUnits }) => {
      // Main enforces the confirmation, as the cost guard does for single calls: nothing runs without it.
      if (confirmedUnits !== spec.budget) throw budgetNotConfirmed(spec.budget);
      const first = firstList(spec);
      const check = validateParams(endpointOf(first.path), first.params);
      if (!check.ok) throw validationError(check.issues.map((issue) => ({ ...issue, param: 'target' })));
      if (spec.then === 'library' && !deps.toLibrary) throw validationError([{ param: 'then', message: 'Saving to the library is not available yet.' }]);
      if (spec.then === 'export' && !deps.toExport) throw validationError([{ param: 'then', message: 'Exporting is not available yet.' }]);
      await ready;
      return runner.start(spec);
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
