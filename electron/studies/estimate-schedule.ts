// What a schedule would take a day, sending nothing: the same estimate as a run's (estimate.ts), of a
// run that comes one period after the last one, when every target was read already (what is new in a
// period, the plan's reads of an incremental run), times the runs of a day, plus the stories-only runs
// between them (schedule.ts `storiesEvery`). A study whose targets were never read has its first run
// estimated apart: it reads them whole. The daily budget offered is the upper bound of a day.
import type { BalanceState } from '../../shared/ipc';
import type { EstimateLine, ScheduleEstimate } from '../../shared/ipc/studies';
import { MAX_BUDGET } from '../../shared/study-values';
import type { Db } from './db';
import { dominantShares, estimateRunFrom, shareWords } from './estimate';
import { NO_CACHE } from './estimate-knowledge';
import type { RunOptions } from './plan';
import { activeTargets } from './runs';
import { storiesEvery } from './schedule';
import { createListStates, type ListStates } from './tasks';

const HOUR_MS = 3_600_000;

export interface ScheduleEstimateDeps {
  db: Db;
  balance: BalanceState | null;
  now?: () => number;
}

/** The study as a run one period after the last one finds it: every list read then, to its end. */
export function readAgo(real: ListStates, readAt: number): ListStates {
  return {
    get: (k) => {
      const s = real.get(k);
      if (k.contextId !== '') return s;
      return { complete: true, cursor: null, gaps: [], count: s?.count ?? null, lastReadAt: readAt };
    },
    set: () => {
      throw new Error('estimate: the states of a schedule estimate are read only');
    },
    pending: () => [],
    commentsRead: (postId) => real.commentsRead(postId),
  };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export function estimateSchedule(d: ScheduleEstimateDeps, everyHours: number): ScheduleEstimate {
  const now = (d.now ?? Date.now)();
  const states = createListStates(d.db);
  const run = (hours: number, options: RunOptions) => estimateRunFrom({ db: d.db, cache: NO_CACHE, balance: d.balance, now, states: readAgo(states, now - hours * HOUR_MS) }, options);
  const full = run(everyHours, {});
  const storiesHours = storiesEvery(d.db, everyHours);
  const runsPerDay = 24 / everyHours;
  const storiesRunsPerDay = storiesHours === null ? 0 : Math.max(0, 24 / storiesHours - runsPerDay);
  const stories = storiesHours === null ? null : run(storiesHours, { lists: ['stories'] });
  // A day with a run pays for all of it, whatever the period: scheduled runs stop at the day's budget.
  const days = Math.max(1, runsPerDay);
  const perDay = {
    units: Math.round(full.units * days + (stories?.units ?? 0) * storiesRunsPerDay),
    upperUnits: Math.ceil(full.upperUnits * days + (stories?.upperUnits ?? 0) * storiesRunsPerDay),
  };
  const unread = activeTargets(d.db).some(
    (t) => (d.db.prepare("SELECT 1 FROM list_state WHERE target_id = ? AND context_id = '' AND last_read_at IS NOT NULL LIMIT 1").get(t.id) ?? null) === null,
  );
  const first = unread ? estimateRunFrom({ db: d.db, cache: NO_CACHE, balance: d.balance, now }, {}) : null;
  const lines: EstimateLine[] = [...full.lines.map((l) => ({ ...l, units: l.units * days })), ...(stories?.lines ?? []).map((l) => ({ ...l, units: l.units * storiesRunsPerDay }))];
  const dominant = dominantShares(lines);
  const every = everyHours === 1 ? 'every hour' : `every ${fmt(everyHours)} hours`;
  const basis = [
    `A run ${every} reads what came since the one before: about ${fmt(full.units)} requests, up to ${fmt(full.upperUnits)}.`,
    storiesRunsPerDay > 0 && stories
      ? `Between them, stories are read every ${fmt(storiesHours ?? 0)} hours (${fmt(storiesRunsPerDay)} more run${Math.round(storiesRunsPerDay) === 1 ? '' : 's'} a day, about ${fmt(stories.units)} requests each).`
      : '',
    `A day: about ${fmt(perDay.units)} requests, up to ${fmt(perDay.upperUnits)}.`,
    dominant[0] && dominant[0].share >= 0.2 ? `Most of it: ${dominant.filter((x) => x.share >= 0.1).map(shareWords).join(', ')}.` : '',
    first ? `Some targets were never read: the first run reads them whole, about ${fmt(first.units)} requests, up to ${fmt(first.upperUnits)}.` : '',
  ].filter(Boolean);
  return {
    everyHours,
    runsPerDay,
    storiesRunsPerDay,
    firstRun: first ? { units: first.units, upperUnits: first.upperUnits } : null,
    perDay,
    dominant,
    open: full.open || (first?.open ?? false),
    suggestedDailyBudget: Math.min(MAX_BUDGET, Math.max(1, perDay.upperUnits)),
    basis: basis.join(' '),
  };
}
