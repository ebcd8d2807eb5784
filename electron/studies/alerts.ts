// Alerts after a run: it finished (what it found and cost), it stopped at its budget, the study failed
// three runs in a row, a watched account was renamed, went private or is gone. The app shows them as
// desktop notifications (service.ts); the headless collector prints them and posts them to a webhook
// (electron/collect/webhook.ts).
import type { RunDetail, RunInfo } from '../../shared/ipc/studies';
import type { StudyAccount } from '../../shared/ipc/study-data';

export interface Alert {
  alert: 'run_finished' | 'budget_reached' | 'runs_failing' | 'account_renamed' | 'account_private' | 'account_gone';
  study: string;
  text: string;
  run?: number;
  newItems?: number;
  units?: number;
  account?: string;
}

/** The title of a desktop notification of each alert. */
export const ALERT_TITLES: Readonly<Record<Alert['alert'], string>> = {
  run_finished: 'run finished',
  budget_reached: 'run stopped at its budget',
  runs_failing: 'three runs failed in a row',
  account_renamed: 'an account was renamed',
  account_private: 'an account went private',
  account_gone: 'an account is gone',
};

/** Every alert a run that ended gives. `recent`: the study's runs, newest first; `before`/`after`: its accounts around the run. */
export function alertsOfRun(study: string, detail: RunDetail, recent: readonly RunInfo[], before: readonly StudyAccount[], after: readonly StudyAccount[]): Alert[] {
  const { run } = detail;
  const out: Alert[] = [];
  const figures = { run: run.id, newItems: run.newItems, units: run.unitsSpent };
  if (run.state === 'done') out.push({ alert: 'run_finished', study, text: `run #${run.id} finished: ${run.newItems} new items for ${run.unitsSpent} requests.`, ...figures });
  if (run.state === 'stopped_budget') out.push({ alert: 'budget_reached', study, text: `run #${run.id} stopped at its budget (${run.unitsSpent} of ${run.budget} requests): ${run.newItems} new items.`, ...figures });
  const last3 = recent.slice(0, 3);
  if (last3.length === 3 && last3.every((r) => r.state === 'failed')) out.push({ alert: 'runs_failing', study, text: `the last three runs failed; the last said: ${last3[0]!.message ?? 'no reason given'}`, run: run.id });
  const was = new Map(before.map((a) => [a.userId, a]));
  for (const a of after) {
    const old = was.get(a.userId)?.username;
    if (old && a.username && old !== a.username) out.push({ alert: 'account_renamed', study, text: `@${old} is now @${a.username}.`, account: a.username });
  }
  for (const e of detail.errors) {
    if (e.list !== 'profile') continue;
    if (e.kind === 'private') out.push({ alert: 'account_private', study, text: `${e.label ?? 'an account'} went private.`, account: e.label ?? '' });
    if (e.kind === 'not_found') out.push({ alert: 'account_gone', study, text: `${e.label ?? 'an account'} is gone (deleted or renamed out of reach).`, account: e.label ?? '' });
  }
  return out;
}
