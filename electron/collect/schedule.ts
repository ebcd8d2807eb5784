// `feedlens-collect schedule`: a foreground service that runs the studies' schedules, each within the daily
// budget given on the command line (a study's own daily budget may lower it, never raise it), until SIGTERM
// or SIGINT (cli.ts: the pages in flight finish, the runs pause and resume at the next start, the studies'
// leases are given up, exit 0).
import { requestsWord } from '../calls/ask';
import type { Output } from './output';
import { alertAfter, openStudy, settle } from './commands';
import type { Collector } from './setup';
import { EXIT, CollectError } from './setup';

export interface ScheduleOptions {
  daily: number;
  /** Hours between runs; null: each study's own schedule. */
  every: number | null;
  webhook: string | null;
}

/** How often the schedules are looked at (FEEDLENS_COLLECT_TICK_MS for tests). */
function tickMs(): number {
  const n = Number(process.env.FEEDLENS_COLLECT_TICK_MS);
  return Number.isFinite(n) && n >= 10 ? n : 60_000;
}

export async function runSchedules(c: Collector, folders: string[], o: ScheduleOptions, out: Output): Promise<number> {
  const h = c.core.handlers;
  const studies = [];
  for (const folder of folders) {
    const study = await openStudy(c, folder, true);
    const everyHours = o.every ?? study.schedule?.everyHours ?? null;
    if (everyHours === null) throw new CollectError(`${folder} has no schedule: pass --every HOURS.`, EXIT.badInput);
    const dailyBudget = Math.min(o.daily, study.schedule?.dailyBudget ?? o.daily);
    c.expect(`Spend up to ${requestsWord(dailyBudget)} a day?`);
    await h.studyScheduleSet({ id: study.id, everyHours, dailyBudget }, { senderId: 0 });
    out.line(`${study.name}: every ${everyHours} h, up to ${requestsWord(dailyBudget)} a day.`);
    studies.push({ folder, study, accounts: await h.studyAccounts({ id: study.id }, { senderId: 0 }), seen: new Set<number>() });
  }
  // Until SIGTERM or SIGINT (cli.ts stops the core and exits 0).
  for (;;) {
    c.core.tickSchedules();
    for (const s of studies) {
      const runs = await h.studyRuns({ id: s.study.id, limit: 1 }, { senderId: 0 });
      const run = runs[0];
      if (!run || s.seen.has(run.id)) continue;
      if (run.state === 'running') out.progress(run);
      else {
        s.seen.add(run.id);
        const ended = await settle(c, s.study.id, run.id, out);
        await alertAfter(c, ended.id, { id: s.study.id, name: s.study.name, accounts: s.accounts }, o.webhook ?? undefined, out);
        s.accounts = await h.studyAccounts({ id: s.study.id }, { senderId: 0 });
      }
    }
    await new Promise((r) => setTimeout(r, tickMs()));
  }
}
