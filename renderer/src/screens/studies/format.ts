// Words and numbers of studies for the screens: pure, tested in Node. Main runs, estimates and enforces
// every budget (electron/studies/, docs/studies.md).
import type { Collect, CollectList, EntryStatus, RunInfo, RunState, RunTrigger, TargetKind } from '../../../../shared/ipc/studies';
import { DEFAULT_COMMENT_PAGES_PER_POST, DEFAULT_LISTS, LISTS_OF } from '../../../../shared/study-values';

export const RUN_STATE_WORDS: Readonly<Record<RunState, string>> = {
  running: 'Running',
  paused: 'Paused',
  done: 'Done',
  stopped_budget: 'Stopped at its budget',
  failed: 'Stopped by an error',
  cancelled: 'Cancelled',
};

export const TRIGGER_WORDS: Readonly<Record<RunTrigger, string>> = {
  manual: 'Run now',
  schedule: 'Scheduled',
  stories: 'Stories (scheduled)',
  adhoc: 'One-off collection',
};

export const KIND_WORDS: Readonly<Record<TargetKind, string>> = {
  account: 'Account',
  hashtag: 'Hashtag',
  place: 'Place',
  post: 'Post',
  music: 'Sound',
};

export const LIST_WORDS: Readonly<Record<CollectList, string>> = {
  posts: 'Posts',
  reels: 'Reels',
  tagged: 'Tagged',
  stories: 'Stories',
  highlights: 'Highlights',
  comments: 'Comments and replies',
  likers: 'Likers',
  followers: 'Followers',
  following: 'Following',
};

export const STATUS_WORDS: Readonly<Record<EntryStatus, string>> = {
  valid: 'Ready',
  resolve: 'To look up',
  duplicate: 'Duplicate',
  invalid: 'Not a target',
};

/** What "Posts" means for each kind of target. */
export function listWord(kind: TargetKind, list: CollectList): string {
  if (list === 'posts' && kind === 'hashtag') return 'Recent posts';
  if (list === 'posts' && kind === 'place') return 'Recent posts here';
  if (list === 'posts' && kind === 'music') return 'Reels using it';
  if ((list === 'comments' || list === 'likers') && kind !== 'post') return `${LIST_WORDS[list]} of new posts`;
  return LIST_WORDS[list];
}

/** The lists offered for a mix of target kinds (a pasted list may hold accounts and hashtags). */
export function offeredLists(kinds: readonly TargetKind[]): CollectList[] {
  const out = new Set<CollectList>();
  for (const k of kinds.length > 0 ? kinds : (['account'] as TargetKind[])) for (const l of LISTS_OF[k]) out.add(l);
  return [...out];
}

/** What a new target collects: its kind's default lists; comments, if ticked, capped per post for feeds. */
export function defaultCollect(kinds: readonly TargetKind[]): Collect {
  const lists = new Set<CollectList>();
  for (const k of kinds.length > 0 ? kinds : (['account'] as TargetKind[])) for (const l of DEFAULT_LISTS[k]) lists.add(l);
  const feeds = kinds.some((k) => k === 'hashtag' || k === 'place' || k === 'music');
  return { lists: [...lists], since: null, until: null, maxUnitsPerRun: null, commentPagesPerPost: feeds ? DEFAULT_COMMENT_PAGES_PER_POST : null };
}

/** "3 h ago", "in 20 min", "just now" (the title of the element carries the exact date). */
export function relativeTime(ms: number, now: number): string {
  const d = ms - now;
  const a = Math.abs(d);
  const word = a < 45_000 ? null : a < 3_600_000 ? `${Math.round(a / 60_000)} min` : a < 48 * 3_600_000 ? `${Math.round(a / 3_600_000)} h` : `${Math.round(a / 86_400_000)} days`;
  if (word === null) return d > 0 ? 'in a moment' : 'just now';
  return d > 0 ? `in ${word}` : `${word} ago`;
}

/** "2026-11-20 14:05" in local time. */
export function localDateTime(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** A date input's value (YYYY-MM-DD) as epoch seconds at local midnight, or null when empty or invalid. */
export function dayToEpoch(value: string, endOfDay = false): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), endOfDay ? 23 : 0, endOfDay ? 59 : 0, endOfDay ? 59 : 0);
  return Number.isNaN(d.getTime()) ? null : Math.floor(d.getTime() / 1000);
}

export function epochToDay(s: number | null): string {
  if (s === null) return '';
  const d = new Date(s * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

/** A recorded estimate in words: "about 120, at most 180" ("—" for runs without one). */
export function estimateWords(e: { estimate: number | null; estimateUpper: number | null }): string {
  if (e.estimate === null) return '—';
  const about = `about ${e.estimate.toLocaleString()}`;
  return e.estimateUpper !== null && e.estimateUpper > e.estimate ? `${about}, at most ${e.estimateUpper.toLocaleString()}` : about;
}

/** How far a run is, 0..1, by the budget it may spend. */
export function runProgress(run: Pick<RunInfo, 'state' | 'unitsSpent' | 'budget' | 'estimate'>): number {
  if (run.state === 'done') return 1;
  const of = run.estimate !== null && run.estimate > 0 ? Math.min(run.budget, run.estimate) : run.budget;
  return Math.min(1, run.unitsSpent / Math.max(1, of));
}

/** "4 min", "1 h 5 min", "35 s": a duration people plan with. */
export function durationWords(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  return `${Math.floor(min / 60)} h${min % 60 ? ` ${min % 60} min` : ''}`;
}

/**
 * How fast a run goes and how long it may still take: pages a second since it started, and the time left
 * at that pace until it reaches its estimate (or its budget, if smaller). Null figures where there is not
 * enough to say (no pages yet, nothing known to reach).
 */
export function runPace(run: Pick<RunInfo, 'state' | 'pages' | 'unitsSpent' | 'budget' | 'estimate' | 'startedAt' | 'updatedAt' | 'finishedAt'>, now: number): { pagesPerSecond: number | null; leftMs: number | null; tookMs: number } {
  const end = run.finishedAt ?? (run.state === 'running' ? now : run.updatedAt);
  const tookMs = Math.max(0, end - run.startedAt);
  const pagesPerSecond = run.pages > 0 && tookMs >= 1000 ? run.pages / (tookMs / 1000) : null;
  const goal = run.estimate !== null && run.estimate > 0 ? Math.min(run.budget, run.estimate) : run.budget;
  const unitsPerMs = run.unitsSpent > 0 && tookMs > 0 ? run.unitsSpent / tookMs : 0;
  const leftMs = run.state === 'running' && unitsPerMs > 0 && goal > run.unitsSpent ? (goal - run.unitsSpent) / unitsPerMs : null;
  return { pagesPerSecond, leftMs, tookMs };
}

/** How far what a run spent is from its estimate: "+9 %", "-25 %", or null without an estimate. */
export function estimateAccuracy(run: Pick<RunInfo, 'estimate' | 'unitsSpent'>): string | null {
  if (run.estimate === null || run.estimate === 0) return null;
  const off = Math.round(((run.unitsSpent - run.estimate) / run.estimate) * 100);
  return `${off > 0 ? '+' : ''}${off} %`;
}

export type RunAction = 'pause' | 'resume' | 'cancel' | 'raise' | 'export' | 'media';

/** The controls that do something for a run in each state (main refuses the others). */
export function runActions(run: Pick<RunInfo, 'state' | 'trigger'>): RunAction[] {
  switch (run.state) {
    case 'running':
      return ['pause', 'cancel'];
    case 'paused':
      return ['resume', 'cancel', 'export'];
    case 'failed':
      return ['resume', 'raise', 'export', 'media'];
    case 'cancelled':
      // A cancelled run stays cancelled (main refuses to resume it): a new run takes over what it left.
      return ['export', 'media'];
    case 'stopped_budget':
      return ['raise', 'cancel', 'export', 'media'];
    case 'done':
      return ['export', 'media'];
  }
}

/** The budget offered for a raise: half again, at least 10 more. */
export function raisedBudget(budget: number): number {
  return budget + Math.max(10, Math.ceil(budget / 2));
}

export function requestCount(n: number): string {
  return `${n.toLocaleString('en-US')} request${n === 1 ? '' : 's'}`;
}

/** "12 new of 40 seen" */
export function runFound(run: Pick<RunInfo, 'newItems' | 'items'>): string {
  return `${run.newItems.toLocaleString('en-US')} new of ${run.items.toLocaleString('en-US')} seen`;
}
