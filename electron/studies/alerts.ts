// Alerts after a run: it finished (what it found and cost), it stopped at its budget, the study failed
// three runs in a row, a watched account was renamed, went private or is gone. The app shows them as
// desktop notifications (service.ts); the headless collector prints them and posts them to a webhook
// (electron/collect/webhook.ts).
import type { RunDetail, RunInfo } from '../../shared/ipc/studies';
import type { StudyAccount } from '../../shared/ipc/study-data';
import type { Db } from './db';

type AccountName = Pick<StudyAccount, 'userId' | 'username'>;

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
export function alertsOfRun(study: string, detail: RunDetail, recent: readonly RunInfo[], before: readonly AccountName[], after: readonly AccountName[]): Alert[] {
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

/**
 * The accounts a run saw under another username than their snapshot before it, as the accounts before and
 * after the run (what alertsOfRun compares): the app learns of a rename from the study's snapshots.
 */
export function renamesInRun(db: Db, runId: number): { before: AccountName[]; after: AccountName[] } {
  const rows = db
    .prepare(
      `SELECT s.user_id AS userId, s.username AS now,
         (SELECT p.username FROM snapshots p WHERE p.user_id = s.user_id AND p.seen_at < s.seen_at AND p.username IS NOT NULL ORDER BY p.seen_at DESC, p.id DESC LIMIT 1) AS was
       FROM snapshots s WHERE s.run_id = ? AND s.username IS NOT NULL ORDER BY s.id`,
    )
    .all(runId) as { userId: string; now: string; was: string | null }[];
  const renamed = rows.filter((r) => r.was !== null && r.was !== r.now);
  return { before: renamed.map((r) => ({ userId: r.userId, username: r.was })), after: renamed.map((r) => ({ userId: r.userId, username: r.now })) };
}
