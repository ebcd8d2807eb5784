// The IPC handlers of studies. Spending is authorised only by main's own questions: a run's budget, a
// raise of it, a schedule's daily budget and the lookups of new usernames. The renderer proposes a
// number; the user confirms it in main's dialog, and only then is anything spent.
import { join } from 'node:path';
import type { AppError } from '../../shared/api/errors';
import type { EventPayloads, OpName, SavedItemArg, SessionInfo } from '../../shared/ipc';
import { collectSchema, type STUDY_OPS } from '../../shared/ipc/studies';
import { requestsWord, type Ask } from '../calls/ask';
import type { BalanceTracker } from '../calls/balance';
import type { CallCache, CallService } from '../calls/calls';
import type { ProjectKeys, ProjectKeyStore } from '../export/pseudonymise';
import type { Ledger } from '../calls/ledger';
import type { Handlers } from '../ipc/router';
import { readMinimisation } from '../analysis/minimise';
import { NeedsConfirmation, pendingQuestion, resumeAsking, standingOf, STAYS_CANCELLED } from './authority';
import { getMeta, setMeta } from './db';
import { studyDbError, withStudyDbErrors } from './db-errors';
import { scopeOf } from './grants';
import { addTargets, previewTargets } from './entries';
import { estimateRun, recordedEstimate } from './estimate';
import { estimateSchedule } from './estimate-schedule';
import { exportStudy, studyItems } from './export';
import { MEDIA_FOLDER } from './registry';
import { publicRun, targetInfos } from './runs';
import { clearSchedule, setSchedule } from './schedule';
import type { StudyService } from './service';

export type StudyOps = keyof typeof STUDY_OPS & OpName;

export interface StudyHandlerDeps {
  service: StudyService;
  ask: Ask;
  calls: Pick<CallService, 'call'>;
  cache: Pick<CallCache, 'get'>;
  balance: Pick<BalanceTracker, 'get'>;
  session: () => SessionInfo;
  appVersion: string;
  projectKeys?: ProjectKeys;
  ledger?: Pick<Ledger, 'requests'>;
  emitExport?: (payload: EventPayloads['export']) => void;
  /** The download queue of a study's media folder (<study>/media), made on first use. */
  mediaQueue?: (studyFolder: string) => Promise<{ enqueue(items: SavedItemArg[]): Promise<{ queued: number; skipped: number }> }>;
  /** Work on a study that must end before it is forgotten (its media analysis). */
  beforeForget?: (id: string) => Promise<void>;
  now?: () => number;
}

/** A refusal in plain words (nothing was spent). */
export function refusal(message: string): AppError {
  return { kind: 'validation', message, billed: false, retryable: false };
}

const declined = (what: string): AppError => ({ kind: 'cancelled', message: `${what} Nothing was spent.`, billed: false, retryable: true });

function moneyOf(units: number, balance: { requests: number; amount: number; currency: string } | null): string {
  if (!balance || balance.requests <= 0) return '';
  return ` (about ${(units * (balance.amount / balance.requests)).toLocaleString('en-US', { style: 'currency', currency: balance.currency })})`;
}

/**
 * One key store per study for the session (a memory store opened anew would make new pseudonyms). Core
 * wraps the app's keys once and hands the result to every handler that exports a study.
 */
export function onceProjectKeys(keys: ProjectKeys): ProjectKeys {
  const keyStores = new Map<string, Promise<ProjectKeyStore>>();
  return (name) => {
    let store = keyStores.get(name);
    if (!store) {
      store = keys(name);
      keyStores.set(name, store);
      store.catch(() => keyStores.delete(name));
    }
    return store;
  };
}

/** Runner errors (a run under way, another session...) reach the renderer as refusals; a full disk or a lock as what to do. */
function refused<T>(f: () => T): T {
  try {
    return f();
  } catch (error) {
    if (error instanceof NeedsConfirmation) throw error; // main asks the user (resumeAsking)
    throw studyDbError(error) ?? refusal(error instanceof Error ? error.message : String(error));
  }
}

export function createStudyHandlers(d: StudyHandlerDeps): Pick<Handlers, StudyOps> {
  const now = d.now ?? Date.now;
  const projectKeys = d.projectKeys ? onceProjectKeys(d.projectKeys) : undefined;

  /**
   * A study folder just opened that proposes to spend (an unfinished run, a schedule) main has not
   * authorised here with the key in use: main asks once; until the user confirms, nothing spends.
   */
  async function confirmOpened(id: string): Promise<void> {
    const study = d.service.get(id);
    const session = d.session();
    const scope = scopeOf(session);
    const active = study.runner.active();
    const standing = active ? standingOf(active.budget, study.grants.get(scope, 'run', active.id), study.grants.cancelled('run', active.id)) : null;
    const run = active?.state === 'paused' && standing && !standing.ok && standing.why !== STAYS_CANCELLED ? active : null;
    const schedule = d.service.info(id).schedule;
    const proposedSchedule = schedule && !schedule.confirmed ? { everyHours: schedule.everyHours, dailyBudget: schedule.dailyBudget } : null;
    if (!run && !proposedSchedule) return;
    const proposal = run ? Math.max(0, run.budget - run.unitsSpent) : 0;
    const answer = await d.ask(
      pendingQuestion({
        study: { name: study.name(), createdAt: Number(getMeta(study.db, 'created_at') ?? 0), createdBy: getMeta(study.db, 'created_by'), createdOn: getMeta(study.db, 'created_on') },
        run: run && proposal > 0 ? { id: run.id, proposal } : null,
        schedule: proposedSchedule,
        mode: session.mode,
        origin: session.origin,
        rate: d.balance.get()?.rate ?? null,
      }),
    );
    if (!answer.confirmed) return;
    if (run && proposal > 0) refused(() => study.runner.confirm(run.id, proposal));
    if (proposedSchedule) {
      setSchedule(study.db, { ...proposedSchedule, session, now: now() });
      study.grants.setSchedule(scope, proposedSchedule, now());
    }
  }

  return withStudyDbErrors({
    studyList: async () => d.service.list(),
    studyCreate: async ({ name, description }) => d.service.create(name, description),
    studyOpenFolder: async () => {
      const opened = await d.service.openFolder();
      await confirmOpened(opened.id);
      return d.service.info(opened.id);
    },
    studyGet: async ({ id }) => {
      const study = d.service.get(id);
      return { study: d.service.info(id), targets: targetInfos(study.db), runs: study.runner.table.list(50).map(publicRun) };
    },
    studyUpdate: async ({ id, name, description }) => {
      const study = d.service.writable(id);
      if (name !== undefined) setMeta(study.db, 'name', name);
      if (description !== undefined) setMeta(study.db, 'description', description);
      return d.service.info(id);
    },
    studyForget: async ({ id }) => {
      await d.beforeForget?.(id);
      return d.service.forget(id);
    },

    studyTargetsPreview: async ({ id, text }) => {
      const study = d.service.get(id);
      return previewTargets(study.db, d.cache, study.targets, text);
    },
    studyTargetsAdd: async ({ id, text, collect }) => {
      const study = d.service.writable(id);
      return addTargets({ db: study.db, cache: d.cache, targets: study.targets, calls: d.calls, ask: d.ask, studyId: id, studyName: study.name(), session: d.session, now }, text, collectSchema.parse(collect));
    },
    studyTargetsUpdate: async ({ id, targetIds, collect }) => {
      const study = d.service.writable(id);
      study.targets.update(targetIds, collectSchema.parse(collect));
      return targetInfos(study.db);
    },
    studyTargetsRemove: async ({ id, targetIds }) => d.service.writable(id).targets.remove(targetIds, now()),

    studyRunEstimate: async ({ id, targetIds }) => {
      const study = d.service.get(id);
      return estimateRun({ db: study.db, cache: d.cache, balance: d.balance.get(), now }, targetIds ? { targetIds } : {});
    },
    studyScheduleEstimate: async ({ id, everyHours }) => estimateSchedule({ db: d.service.get(id).db, balance: d.balance.get(), now }, everyHours),
    studyRunStart: async ({ id, budget, targetIds }) => {
      const study = d.service.writable(id);
      const active = study.runner.active();
      if (active) throw refusal(`Run #${active.id} of this study is ${active.state === 'paused' ? 'paused' : 'still running'}: finish or cancel it first.`);
      const options = targetIds ? { targetIds } : {};
      const estimate = await estimateRun({ db: study.db, cache: d.cache, balance: d.balance.get(), now }, options);
      if (estimate.lines.length === 0) throw refusal('This study has no targets to collect yet: add some first.');
      const targets = new Set(estimate.lines.map((l) => l.targetId)).size;
      const answer = await d.ask({
        purpose: 'job',
        title: `Spend up to ${requestsWord(budget)}?`,
        message: `Running “${study.name()}” (${targets} target${targets === 1 ? '' : 's'}) may spend up to ${requestsWord(budget)}${moneyOf(budget, d.balance.get())}. The estimate is about ${requestsWord(estimate.units)}, at most ${requestsWord(estimate.upperUnits)}${estimate.open ? ' (some sizes are not known)' : ''}.`,
        detail: `${d.session().mode === 'demo' ? 'Demo mode: the simulator answers and nothing is billed. ' : ''}The run stops before it would go past this budget. You can pause or cancel it at any time.`,
        confirm: `Spend up to ${requestsWord(budget)}`,
      });
      if (!answer.confirmed) throw declined('The run was not started.');
      return refused(() => study.runner.start({ trigger: 'manual', budget, options, estimate: recordedEstimate(estimate) }));
    },
    studyRunControl: async ({ id, runId, action }) => {
      const study = d.service.writable(id);
      if (!study.runner.get(runId)) throw refusal('There is no such run.');
      if (action !== 'resume') return refused(() => study.runner.control(runId, action));
      const session = d.session();
      return resumeAsking({
        ask: d.ask, what: `Run #${runId}`, studyName: study.name(), mode: session.mode, origin: session.origin,
        resume: () => refused(() => study.runner.control(runId, 'resume')),
        confirm: (units) => refused(() => study.runner.confirm(runId, units)),
      });
    },
    studyRunBudget: async ({ id, runId, budget }) => {
      const study = d.service.writable(id);
      const run = study.runner.get(runId);
      if (!run) throw refusal('There is no such run.');
      if (run.state === 'cancelled' || study.grants.cancelled('run', run.id)) throw refusal(STAYS_CANCELLED);
      if (budget <= run.budget) throw refusal(`The new budget must be above the current one (${run.budget.toLocaleString('en-US')}).`);
      const more = budget - run.budget;
      const answer = await d.ask({
        purpose: 'budget',
        title: `Allow ${requestsWord(more)} more?`,
        message: `Run #${run.id} of “${study.name()}” has spent ${requestsWord(run.unitsSpent)} of ${requestsWord(run.budget)}. Its budget would become ${requestsWord(budget)}: ${requestsWord(more)} more${moneyOf(more, d.balance.get())}.`,
        confirm: `Raise to ${requestsWord(budget)}`,
      });
      if (!answer.confirmed) throw declined('The budget was not raised.');
      return refused(() => study.runner.raiseBudget(runId, budget));
    },
    studyRuns: async ({ id, limit }) => d.service.get(id).runner.table.list(limit ?? 50).map(publicRun),
    studyRunDetail: async ({ id, runId }) => {
      const detail = d.service.get(id).runner.table.detail(runId);
      if (!detail) throw refusal('There is no such run.');
      return detail;
    },
    studyExport: async ({ id, runId, scope, format, pseudonymise, ethics }) => {
      const study = d.service.get(id);
      if (runId !== undefined && !study.runner.get(runId)) throw refusal('There is no such run.');
      const label = study.name();
      return exportStudy(
        { ...(runId !== undefined ? { runId } : {}), scope, format, ...(pseudonymise ? { pseudonymise } : {}), ...(ethics ? { ethics } : {}) },
        {
          db: study.db, studyId: id, studyName: label, folder: study.folder, appVersion: d.appVersion, now,
          ...(projectKeys ? { projectKeys } : {}),
          ...(d.ledger ? { ledger: d.ledger } : {}),
          ...(d.emitExport ? { onProgress: (rows: number, total: number, done: boolean) => d.emitExport!({ label, rows, total, done }) } : {}),
        },
      );
    },
    studyRunMedia: async ({ id, runId }) => {
      const study = d.service.get(id);
      if (!study.runner.get(runId)) throw refusal('There is no such run.');
      if (!d.mediaQueue) throw refusal('Saving media is not available.');
      if (readMinimisation(study.db).noMediaFiles) throw refusal('This study keeps no media files (its data-minimisation presets say so).');
      // Media files come from the CDN (links renewed through the service at most 1 request each, as downloads do).
      const items = [...studyItems(study.db, { runId, scope: 'new' })].filter((i) => i.record.kind === 'post' || i.record.kind === 'story' || i.record.kind === 'highlight');
      if (items.length === 0) return { queued: 0, skipped: 0, folder: join(study.folder, MEDIA_FOLDER) };
      const queue = await d.mediaQueue(study.folder);
      const out = await queue.enqueue(items as unknown as SavedItemArg[]);
      return { ...out, folder: join(study.folder, MEDIA_FOLDER) };
    },
    studyScheduleSet: async ({ id, everyHours, dailyBudget, runNow }) => {
      const study = d.service.writable(id);
      const session = d.session();
      const every = everyHours === 1 ? 'every hour' : `every ${everyHours.toLocaleString('en-US')} hours`;
      const first = runNow ? 'The first run starts now.' : `The first run starts ${everyHours === 1 ? 'in an hour' : `in ${everyHours.toLocaleString('en-US')} hours`}.`;
      const answer = await d.ask({
        purpose: 'budget',
        title: `Spend up to ${requestsWord(dailyBudget)} a day?`,
        message: `“${study.name()}” would run by itself ${every} while Feedlens is open, spending at most ${requestsWord(dailyBudget)} a day${moneyOf(dailyBudget, d.balance.get())}. ${first}`,
        detail: `${session.mode === 'demo' ? 'In demo mode (nothing billed)' : `On the live service (${session.origin})`}: scheduled runs do not run in another mode. A run missed while Feedlens was closed runs at the next start, within the same daily budget. You can stop the schedule at any time.`,
        confirm: `Allow ${requestsWord(dailyBudget)} a day`,
      });
      if (!answer.confirmed) throw declined('The schedule was not set.');
      // The database first: if it cannot take the schedule, main has authorised nothing.
      setSchedule(study.db, { everyHours, dailyBudget, session, now: now(), runNow: runNow === true });
      study.grants.setSchedule(scopeOf(session), { everyHours, dailyBudget }, now());
      // Only "Run now as well" starts a run at once; otherwise the schedule's clock starts the first one.
      if (runNow) d.service.tick();
      const info = d.service.info(id).schedule;
      if (!info) throw refusal('The schedule could not be read back.');
      return info;
    },
    studyScheduleClear: async ({ id }) => {
      const study = d.service.writable(id);
      study.grants.clearSchedule();
      return clearSchedule(study.db);
    },
  });
}
