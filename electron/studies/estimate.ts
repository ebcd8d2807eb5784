// What a run would take, before it starts, sending nothing: the one estimate of the app. The run dialog,
// the schedule dialog (estimate-schedule.ts), one-off jobs (electron/jobs/estimate.ts), the scheduled runs
// and the headless collector all read it. Each target's reads are those the planner makes
// (estimate-target.ts), sized from the counts the service reported, the study's history and the cache
// (estimate-knowledge.ts), priors only where nothing is known (estimate-priors.ts). The figures are a
// likely one and an upper bound, with what dominates them; the run's budget defaults to the upper bound,
// and the run records both per target next to what it spent (runs.estimate, run_targets.estimate).
import type { BalanceState } from '../../shared/ipc';
import type { EstimateLine, EstimateShare, RunEstimate, TargetEstimate } from '../../shared/ipc/studies';
import { MAX_BUDGET } from '../../shared/study-values';
import type { CallCache } from '../calls/calls';
import { LIST_PLANS } from '../jobs/plan';
import type { Db } from './db';
import { HASHTAG_PATHS, NO_CACHE, readCache, type CacheView, type EstimateContext } from './estimate-knowledge';
import { estimateTarget } from './estimate-target';
import { ACCOUNT_LISTS, FEED_PATHS, POST_PATH, PROFILE_PATH, type RunOptions, type TargetRow } from './plan';
import { activeTargets } from './runs';
import { createListStates, type ListStates } from './tasks';

export interface EstimateDeps {
  db: Db;
  cache: Pick<CallCache, 'get'>;
  balance: BalanceState | null;
  now?: () => number;
}

/** What a synchronous estimate works from (the cache read beforehand, or none). */
export interface EstimateInput {
  db: Db;
  cache: CacheView;
  balance: BalanceState | null;
  now: number;
  /** The lists' states (default: the study's); the schedule's estimate passes a steady-state view. */
  states?: ListStates;
}

/** The figures a run records when it starts, next to what it will spend. */
export type RecordedEstimate = Pick<RunEstimate, 'units' | 'upperUnits' | 'targets'>;

/** The cached answers an estimate of these targets may use for free. */
function cacheWanted(targets: readonly TargetRow[]): [string, Record<string, string>][] {
  const out: [string, Record<string, string>][] = [];
  for (const t of targets) {
    if (t.kind === 'account') {
      out.push([PROFILE_PATH, { id: t.key }]);
      for (const list of ACCOUNT_LISTS) out.push([LIST_PLANS[list].path, { user_id: t.key }]);
    } else if (t.kind === 'post') out.push([POST_PATH, { id: t.key }]);
    else {
      const feed = FEED_PATHS[t.kind];
      out.push([feed.path, { [feed.param]: t.key }]);
      if (t.kind === 'hashtag') for (const path of HASHTAG_PATHS) out.push([path, { name: t.key }]);
    }
  }
  return out;
}

function chosenTargets(db: Db, options: RunOptions): TargetRow[] {
  return activeTargets(db).filter((x) => !options.targetIds || options.targetIds.includes(x.id));
}

export async function estimateRun(deps: EstimateDeps, options: RunOptions): Promise<RunEstimate> {
  const cache = await readCache(deps.cache, cacheWanted(chosenTargets(deps.db, options)));
  return estimateRunFrom({ db: deps.db, cache, balance: deps.balance, now: (deps.now ?? Date.now)() }, options);
}

/** The estimate from what the study holds and a cache already read: synchronous (a scheduled run's start). */
export function estimateRunFrom(input: EstimateInput, options: RunOptions): RunEstimate {
  const ctx: EstimateContext = { db: input.db, cache: input.cache, now: input.now, states: input.states ?? createListStates(input.db), memo: new Map() };
  const lines: EstimateLine[] = [];
  for (const t of chosenTargets(input.db, options)) lines.push(...estimateTarget(ctx, t, options));
  return summarise(lines, input.balance);
}

/** A scheduled run's estimate, without the cache; null if the study cannot be read (the run goes on without one). */
export function scheduledEstimate(db: Db, now: number, options: RunOptions): RecordedEstimate | null {
  try {
    return recordedEstimate(estimateRunFrom({ db, cache: NO_CACHE, balance: null, now }, options));
  } catch {
    return null;
  }
}

export function recordedEstimate(e: RecordedEstimate): RecordedEstimate {
  return { units: e.units, upperUnits: e.upperUnits, targets: e.targets };
}

const LIST_WORDS: Readonly<Record<string, string>> = { highlight: 'highlights', post: 'the post', likers: 'likers' };

/** The largest shares of the likely units: "replies of #vegan: about 60 %". */
export function dominantShares(lines: readonly EstimateLine[], max = 3): EstimateShare[] {
  const total = lines.reduce((n, l) => n + l.units, 0);
  if (total <= 0) return [];
  const parts = new Map<string, number>();
  for (const l of lines) {
    const what = `${LIST_WORDS[l.list] ?? l.list} of ${l.label}`;
    parts.set(what, (parts.get(what) ?? 0) + l.units);
  }
  return [...parts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, max)
    .filter(([, units]) => units > 0)
    .map(([what, units]) => ({ what, units, share: units / total }));
}

export function shareWords(s: EstimateShare): string {
  return `${s.what}: about ${Math.round(s.share * 100)} %`;
}

const fmt = (n: number) => n.toLocaleString('en-US');

export function perTarget(lines: readonly EstimateLine[]): TargetEstimate[] {
  const byTarget = new Map<number, TargetEstimate>();
  for (const l of lines) {
    const t = byTarget.get(l.targetId) ?? { targetId: l.targetId, label: l.label, units: 0, upperUnits: 0 };
    t.units += l.units;
    t.upperUnits += l.upperUnits;
    byTarget.set(l.targetId, t);
  }
  return [...byTarget.values()];
}

export function summarise(lines: EstimateLine[], balance: BalanceState | null): RunEstimate {
  const sum = (f: (l: EstimateLine) => number) => lines.reduce((n, l) => n + f(l), 0);
  const units = sum((l) => l.units);
  const upperUnits = Math.max(units, sum((l) => l.upperUnits));
  const price = balance && balance.requests > 0 ? balance.amount / balance.requests : null;
  const money = (u: number) => (price === null ? null : Math.round(u * price * 1e6) / 1e6);
  const priors = lines.filter((l) => l.open).length;
  const dominant = dominantShares(lines);
  const basis = [
    `About ${fmt(units)} requests, up to ${fmt(upperUnits)}: counted from the counts the service reported, what the study holds and the cache; lists read before cost only the pages with what is new.`,
    dominant[0] && dominant[0].share >= 0.2 ? `Most of it: ${dominant.filter((d) => d.share >= 0.1).map(shareWords).join(', ')}.` : '',
    priors > 0 ? `${priors} read${priors === 1 ? ' has' : 's have'} no known size: ${priors === 1 ? 'its figure is a prior' : 'their figures are priors'} from similar targets or Feedlens’ defaults, and the upper bound allows for more.` : '',
    price !== null ? `About ${money(units)!.toFixed(money(units)! < 1 ? 4 : 2)} ${balance?.currency ?? ''} at your balance's price per request.` : 'The price per request is not known until the balance is.',
  ].filter(Boolean);
  return {
    lines,
    targets: perTarget(lines),
    pages: sum((l) => l.pages),
    units,
    upperPages: Math.max(sum((l) => l.pages), sum((l) => l.upperPages)),
    upperUnits,
    dominant,
    open: priors > 0,
    money: money(units),
    upperMoney: money(upperUnits),
    currency: balance?.currency ?? null,
    basis: basis.join(' '),
    // A list with no end a run would reach (a popular hashtag) is bounded by the largest budget there is.
    suggestedBudget: Math.min(MAX_BUDGET, Math.max(1, upperUnits)),
  };
}
