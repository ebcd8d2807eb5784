// What a run may spend now: the smallest of its own budget (the database's), what main granted it on this
// machine with the key in use (grants.ts: the only authority), and for scheduled runs what is left of the
// day's budget main authorised. The database's numbers can only lower it, never raise it.
import type { SpendGrant } from '../calls/cost-guard';
import { standingOf, type Standing } from './authority';
import type { Db } from './db';
import type { StudyGrants } from './grants';
import type { RunRecord, RunTable } from './runs';

export interface RunBudget {
  standing(run: RunRecord, scope: string): Standing;
  /** Units the run may still spend, and why it stops when they are not enough. */
  room(run: RunRecord, scope: string): { units: number; why: string };
  /** The grant the call service checks a call against (`own`: what was reserved for that call). */
  grantOf(id: number, scope: string, own: number): SpendGrant;
  /**
   * The call under way when the app stopped may have been billed: counted as spent in main's grant, the
   * run's row and the schedule's day (main's record first: it is never counted twice).
   */
  settleInterrupted(run: RunRecord, scope: string): void;
}

export function createRunBudget(d: {
  db: Db;
  runs: RunTable;
  grants: StudyGrants;
  dailyBudget?: (scope: string) => number | null;
  dayOf: (ms: number) => string;
  now: () => number;
}): RunBudget {
  /** Today's spending of the schedule: the database's count, never below main's own. */
  function daySpent(scope: string): number {
    const day = d.dayOf(d.now());
    const row = d.db.prepare('SELECT units FROM schedule_days WHERE day = ?').get(day) as { units: number } | undefined;
    return Math.max(row?.units ?? 0, d.grants.daySpent(scope, day));
  }

  const standing = (run: RunRecord, scope: string): Standing => standingOf(run.budget, d.grants.get(scope, 'run', run.id), d.grants.cancelled('run', run.id));

  function room(run: RunRecord, scope: string): { units: number; why: string } {
    const granted = standing(run, scope);
    // Pages in flight are counted as spent until they are committed: a run never spends past its budget.
    const grant = d.grants.get(scope, 'run', run.id);
    const own = Math.min(run.budget - run.unitsSpent - run.reserved, granted.ok ? granted.room - (grant?.reserved ?? 0) : 0);
    const daily = run.options.daily ? (d.dailyBudget?.(scope) ?? 0) : null;
    if (daily !== null) {
      const left = daily - daySpent(scope) - run.reserved;
      if (left <= own) return { units: left, why: `The schedule’s daily budget of ${daily.toLocaleString('en-US')} requests is used up for today; it goes on tomorrow.` };
    }
    return { units: own, why: `Stopped before going past its budget of ${run.budget.toLocaleString('en-US')} requests.` };
  }

  return {
    standing,
    room,
    grantOf: (id, scope, own) => ({
      label: `Run #${id} of this study`,
      allows: (units) => {
        const run = d.runs.get(id);
        return run !== null && units <= room(run, scope).units + own;
      },
      spent: () => undefined, // counted in the run's row when the page is committed, and in main's grant
    }),
    settleInterrupted(run, scope) {
      const grant = d.grants.get(scope, 'run', run.id);
      if (grant && grant.reserved > 0) {
        d.grants.settle(scope, 'run', run.id, grant.reserved, grant.reserved);
        if (run.options.daily) d.grants.spendDay(scope, d.dayOf(run.updatedAt), grant.reserved);
      }
      const reserved = d.runs.settleReserved(run.id, d.now());
      if (reserved > 0 && run.options.daily) {
        d.db.prepare('INSERT INTO schedule_days (day, units) VALUES (?, ?) ON CONFLICT (day) DO UPDATE SET units = units + excluded.units').run(d.dayOf(run.updatedAt), reserved);
      }
    },
  };
}
