// Words and numbers of bulk collection jobs for the job dialog and the Jobs panel: pure, tested in Node.
// Main estimates, runs and enforces the budget (electron/jobs/, docs/bulk-jobs.md).
import type { JobEstimate, JobInfo, JobSpec, JobState, OpArgs } from '../../../shared/ipc';
import { MAX_BUDGET } from '../../../shared/study-values';

export type JobKind = JobSpec['kind'];
export type JobAction = OpArgs<'jobControl'>['action'];

/** What a screen knows when it offers a job; the user chooses the rest (limit, budget, destination). */
export interface JobDraft {
  kind: JobKind;
  /** User id, media id, hashtag name (no '#') or location pk. */
  target: string;
  /** "@nasa", "#travel", "post DRqAYKuAIUx", "Café Lumière". */
  label: string;
  /** The list's size as the screen shows it (profile counts, comment count). */
  knownCount?: number;
}

export const ITEM_NOUNS: Readonly<Record<JobKind, readonly [string, string]>> = {
  posts: ['post', 'posts'],
  reels: ['reel', 'reels'],
  tagged: ['tagged post', 'tagged posts'],
  followers: ['follower', 'followers'],
  following: ['account', 'accounts'],
  comments: ['comment', 'comments'],
  hashtag: ['post', 'posts'],
  location: ['post', 'posts'],
};

/** Hashtag and place jobs collect "the latest N posts": N is asked for. */
export function asksLimit(kind: JobKind): boolean {
  return kind === 'hashtag' || kind === 'location';
}

export const DEFAULT_LIMIT = 120;

/** When nothing tells the size of the list (reels, tagged posts), the budget is all that bounds the job. */
export const UNKNOWN_SIZE_BUDGET = 100;

export function jobTitle(spec: Pick<JobSpec, 'kind' | 'label' | 'limit'> & { withReplies?: boolean }): string {
  const latest = spec.limit !== undefined ? `The latest ${spec.limit.toLocaleString()} posts` : 'The latest posts';
  switch (spec.kind) {
    case 'posts':
      return `All posts of ${spec.label}`;
    case 'reels':
      return `All reels of ${spec.label}`;
    case 'tagged':
      return `All posts tagging ${spec.label}`;
    case 'followers':
      return `All followers of ${spec.label}`;
    case 'following':
      return `All accounts ${spec.label} follows`;
    case 'comments':
      return spec.withReplies === false ? `All comments on ${spec.label}` : `All comments and replies on ${spec.label}`;
    case 'hashtag':
      return `${latest} of ${spec.label}`;
    case 'location':
      return `${latest} at ${spec.label}`;
  }
}

/**
 * The budget offered by default: the estimate's upper bound (at least a page more than the likely figure,
 * since lists grow and page sizes vary), rounded up to two significant digits.
 */
export function suggestedBudget(estimate: Pick<JobEstimate, 'units' | 'pages' | 'upperUnits'>): number {
  const perPage = estimate.pages > 0 ? estimate.units / estimate.pages : 1;
  const raw = Math.ceil(Math.max(estimate.upperUnits, estimate.units + perPage));
  if (raw <= 10) return Math.max(1, raw);
  const step = 10 ** (String(raw).length - 2);
  return Math.min(MAX_BUDGET, Math.ceil(raw / step) * step);
}

/** Money for `units` at the balance's price per request; null when the price is not known. */
export function moneyFor(units: number, balance: { requests: number; amount: number } | null): number | null {
  if (!balance || balance.requests <= 0) return null;
  return (units * balance.amount) / balance.requests;
}

export function formatMoney(amount: number, currency: string | null): string {
  const digits = amount === 0 ? 2 : amount < 0.01 ? 4 : 2;
  return `${amount.toFixed(digits)} ${currency ?? ''}`.trim();
}

export const STATE_WORDS: Readonly<Record<JobState, string>> = {
  running: 'Running',
  paused: 'Paused',
  done: 'Done',
  stopped_budget: 'Stopped at its budget',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** How far along the job is, 0..1: by items when the list's size is known, else by budget spent. */
export function jobProgress(info: JobInfo): number {
  if (info.state === 'done') return 1;
  const target = Math.min(info.spec.limit ?? Infinity, info.spec.knownCount ?? Infinity);
  if (Number.isFinite(target) && target > 0) return Math.min(1, info.items / target);
  return Math.min(1, info.unitsSpent / info.spec.budget);
}

/** The controls that do something in each state (main ignores the others). */
export function jobActions(state: JobState): JobAction[] {
  switch (state) {
    case 'running':
      return ['pause', 'cancel'];
    case 'paused':
    case 'failed':
      return ['resume', 'cancel', 'remove'];
    default:
      return ['remove'];
  }
}
