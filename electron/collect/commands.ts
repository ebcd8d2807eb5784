// What each command of feedlens-collect does, through the core's own handlers (the same rules, questions
// and records as the app): run, status, estimate, export, targets add. `schedule` is in schedule.ts.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isAppError } from '../../shared/api/errors';
import type { CollectList, RunInfo, StudyInfo } from '../../shared/ipc/studies';
import type { StudyAccount } from '../../shared/ipc/study-data';
import { alertsOfRun } from '../studies/alerts';
import { postAlert } from './webhook';
import { requestsWord } from '../calls/ask';
import { CollectError, EXIT, type Collector } from './setup';
import type { Output } from './output';
import type { OcrLanguage } from '../media-analysis/ocr';

const ctx = { senderId: 0 };

/** Opens the study folder as the collector; `write`: the command runs or changes it, so it must hold it. */
export async function openStudy(c: Collector, folder: string, write: boolean): Promise<StudyInfo> {
  c.pick(resolve(folder));
  let study: StudyInfo;
  try {
    study = await c.core.handlers.studyOpenFolder({}, ctx);
  } catch (error) {
    throw new CollectError(`${folder} cannot be opened as a study: ${isAppError(error) ? error.message : String(error)}`, EXIT.badInput);
  }
  if (write && study.readOnly) throw new CollectError(study.readOnly, EXIT.held);
  return study;
}

/** The exit code of a run that ended. */
export function runExit(run: RunInfo): number {
  if (run.state === 'done') return EXIT.done;
  if (run.state === 'stopped_budget') return EXIT.budget;
  if (/key|payment|balance|top up/i.test(run.message ?? '')) return EXIT.auth;
  return EXIT.failed;
}

const ENDED = new Set(['done', 'stopped_budget', 'failed', 'cancelled']);

/** Waits for the study's run `runId` to end (or pause), reporting its progress. */
export async function settle(c: Collector, studyId: string, runId: number, out: Output): Promise<RunInfo> {
  for (;;) {
    const run = (await c.core.handlers.studyRuns({ id: studyId, limit: 5 }, ctx)).find((r) => r.id === runId);
    if (!run) throw new CollectError(`Run #${runId} is gone from the study.`, EXIT.failed);
    out.progress(run);
    if (ENDED.has(run.state) || run.state === 'paused') return run;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * One run within `budget`: a run a crash left under way goes on first (within what it was granted), else a
 * new one starts. Main's question is answered by the budget given on the command line.
 */
export async function runOnce(c: Collector, folder: string, budget: number, out: Output): Promise<RunInfo> {
  const study = await openStudy(c, folder, true);
  const under = (await c.core.handlers.studyGet({ id: study.id }, ctx)).runs.find((r) => r.state === 'running');
  let runId: number;
  if (under) {
    out.line(`Run #${under.id} was under way when the collector stopped: it goes on.`);
    runId = under.id;
  } else {
    c.expect(`Spend up to ${requestsWord(budget)}?`);
    try {
      runId = (await c.core.handlers.studyRunStart({ id: study.id, budget }, ctx)).id;
    } catch (error) {
      throw new CollectError(isAppError(error) ? error.message : String(error), EXIT.failed);
    }
  }
  const run = await settle(c, study.id, runId, out);
  out.result({ type: 'run', study: study.name, run: run.id, state: run.state, pages: run.pages, newItems: run.newItems, seen: run.items, units: run.unitsSpent, budget: run.budget, message: run.message });
  return run;
}

export async function status(c: Collector, folder: string, out: Output): Promise<void> {
  const study = await openStudy(c, folder, false);
  const { runs } = await c.core.handlers.studyGet({ id: study.id }, ctx);
  out.result({
    type: 'status', study: study.name, folder: study.folder, targets: study.targets, items: study.items, units: study.units, runs: runs.length,
    lastRun: study.lastRun ? { id: study.lastRun.id, state: study.lastRun.state, newItems: study.lastRun.newItems, units: study.lastRun.unitsSpent, startedAt: new Date(study.lastRun.startedAt).toISOString() } : null,
    schedule: study.schedule ? { everyHours: study.schedule.everyHours, dailyBudget: study.schedule.dailyBudget, nextRunAt: new Date(study.schedule.nextRunAt).toISOString() } : null,
    readOnly: study.readOnly,
  });
}

export async function estimate(c: Collector, folder: string, out: Output): Promise<void> {
  const study = await openStudy(c, folder, false);
  const e = await c.core.handlers.studyRunEstimate({ id: study.id }, ctx);
  out.result({ type: 'estimate', study: study.name, likely: e.units, upper: e.upperUnits, suggestedBudget: e.suggestedBudget, open: e.open, targets: e.targets.map((t) => ({ target: t.label, likely: t.units, upper: t.upperUnits })) });
}

export const EXPORT_FORMATS = ['csv', 'ndjson', '4cat', 'parquet', 'gexf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export async function exportStudy(c: Collector, folder: string, format: ExportFormat, pseudonymise: boolean, out: Output): Promise<void> {
  const study = await openStudy(c, folder, false);
  const pz = pseudonymise ? { pseudonymise: { dropNames: false, dropPictures: true, dropText: false } } : {};
  const h = c.core.handlers;
  const path =
    format === 'csv' || format === 'ndjson'
      ? (await h.studyExport({ id: study.id, scope: 'seen', format: format === 'csv' ? 'zip' : 'ndjson', ...pz }, ctx)).path
      : (await h.studyAnalysisExport({ id: study.id, kind: format === 'gexf' ? 'networks' : format, scope: 'seen', ...pz }, ctx)).path;
  out.result({ type: 'export', study: study.name, format, pseudonymised: pseudonymise, path });
}

/** Adds the targets of a file, with the app's preview rules; lookups are paid only within `budget`. */
export async function addTargets(c: Collector, folder: string, file: string, lists: CollectList[], budget: number | null, out: Output): Promise<void> {
  const study = await openStudy(c, folder, true);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new CollectError(`The file ${file} cannot be read.`, EXIT.badInput);
  }
  const preview = await c.core.handlers.studyTargetsPreview({ id: study.id, text }, ctx);
  for (const e of preview.entries) out.line(`line ${e.line}: ${e.status}${e.label ? ` ${e.label}` : ''}${e.note ? ` (${e.note})` : ''}`);
  out.line(`${preview.counts.valid} ready, ${preview.counts.resolve} to look up (${requestsWord(preview.resolveUnits)}), ${preview.counts.duplicate} duplicates, ${preview.counts.invalid} not targets`);
  if (preview.resolveUnits > 0) {
    if (budget === null || budget < preview.resolveUnits) throw new CollectError(`Looking them up costs ${requestsWord(preview.resolveUnits)}: pass --budget ${preview.resolveUnits} to allow it. Nothing was added.`, EXIT.budget);
    c.expect(`Spend ${requestsWord(preview.resolveUnits)}?`);
  }
  const added = await c.core.handlers.studyTargetsAdd({ id: study.id, text, collect: { lists, since: null, until: null, maxUnitsPerRun: null } }, ctx);
  out.result({ type: 'targets', study: study.name, ...added });
}

/** The study's accounts before a run (to see renames after it). */
export async function accounts(c: Collector, folder: string) {
  const study = await openStudy(c, folder, false);
  return { id: study.id, name: study.name, accounts: await c.core.handlers.studyAccounts({ id: study.id }, { senderId: 0 }) };
}

/** The alerts of a run that ended: printed, and posted to the webhook when there is one. */
export async function alertAfter(c: Collector, runId: number, before: { id: string; name: string; accounts: StudyAccount[] }, webhook: string | undefined, out: Output): Promise<void> {
  const h = c.core.handlers;
  const detail = await h.studyRunDetail({ id: before.id, runId }, { senderId: 0 });
  const recent = await h.studyRuns({ id: before.id, limit: 3 }, { senderId: 0 });
  const after = await h.studyAccounts({ id: before.id }, { senderId: 0 });
  for (const alert of alertsOfRun(before.name, detail, recent, before.accounts, after)) {
    out.alert(alert);
    if (webhook && !(await postAlert(webhook, alert, { fetch }))) out.error(`the webhook ${webhook} did not take the alert "${alert.alert}" after 3 tries; collection goes on.`);
  }
}

/** Analyses the study's media (hashes, keyframes, text, on this machine): every item not yet done; nothing is billed. */
export async function analyse(c: Collector, folder: string, languages: OcrLanguage[] | undefined, out: Output): Promise<number> {
  const study = await openStudy(c, folder, true);
  const h = c.core.handlers;
  let status;
  try {
    status = await h.studyMediaStart({ id: study.id, ...(languages ? { languages } : {}) }, ctx);
  } catch (error) {
    throw new CollectError(isAppError(error) ? error.message : String(error), EXIT.badInput);
  }
  while (status.state === 'running') {
    out.analysisProgress(status);
    await new Promise((r) => setTimeout(r, 200));
    status = await h.studyMediaStatus({ id: study.id }, ctx);
  }
  out.analysisProgress(status);
  out.result({ type: 'analyse', study: study.name, state: status.state, items: status.items, done: status.done, failed: status.failed, message: status.message });
  return status.state === 'done' ? EXIT.done : EXIT.failed;
}
