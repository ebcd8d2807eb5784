// What an estimate assumes when the service reported no count and the study has no history yet: priors,
// each with where it comes from, and the model of comment threads. A prior is only the last resort: a
// count the service reported (a profile, a hashtag, a post), the study's own history (its earlier runs,
// the posts and comments it holds) and similar targets of the study come first (estimate-knowledge.ts).
// Page sizes per endpoint are LIST_PLANS' (electron/jobs/plan.ts), as production answers them.
import { FOLLOWER_CAP } from '../../shared/follower-cap';
import { LIST_PLANS, REPLIES_PLAN, REPLY_CALLS_PER_COMMENT, TOP_LEVEL_SHARE } from '../jobs/plan';

export { FOLLOWER_CAP };

export interface Prior {
  likely: number;
  upper: number;
  /** Where the figure comes from, in words (shown nowhere; kept for whoever tunes the estimate). */
  source: string;
}

/** Items a list holds when nothing says how many. */
export const SIZE_PRIORS = {
  hashtag: { likely: 150, upper: 400, source: 'simulator: recent feeds of 137-165 posts (median 151); production hashtags are often far larger: a popular one has no end a run would reach' },
  place: { likely: 15, upper: 50, source: 'simulator: places of 6-50 recent posts (median 11, mean 15)' },
  music: { likely: 35, upper: 80, source: 'simulator: sounds of 28-40 reels' },
  tagged: { likely: 6, upper: 24, source: 'simulator: 2-8 tagged posts per account (median 5)' },
  reels: { likely: 5, upper: 40, source: 'simulator: 0-186 reels an account (a fifth of its posts), when not even its post count is known' },
  following: { likely: 200, upper: 1000, source: 'production: following lists of a few hundred are common; the service has no count of them without the profile' },
  followers: { likely: FOLLOWER_CAP, upper: FOLLOWER_CAP, source: 'service-facts.md: outsiders see about the first 50 followers' },
  posts: { likely: 30, upper: 120, source: 'simulator: accounts of 0-640 posts (median 9, mean 20)' },
  highlights: { likely: 2, upper: 8, source: 'simulator: 0-14 highlights (three accounts in four have none)' },
} as const satisfies Record<string, Prior>;

/** Reels of an account without `total_clips_count`, as a share of its posts. */
export const REELS_SHARE: Prior = { likely: 0.25, upper: 1, source: 'simulator: reels are 0-41 % of an account\'s posts (22 % overall); at most every post is one' };

/** New items a day when the study has no history of the list and holds none of its items to date. */
export const NEW_PER_DAY: Readonly<Record<string, Prior>> = {
  posts: { likely: 0.15, upper: 3, source: 'simulator: accounts post at the pace of their seeded posts, 0.05-0.5 a day (mean 0.15); busy production accounts post several a day' },
  reels: { likely: 0.04, upper: 1, source: 'simulator: about a quarter of new posts are reels' },
  tagged: { likely: 0.05, upper: 1, source: 'simulator: 0-1.1 a day (mean 0.05)' },
  followers: { likely: 0.2, upper: 5, source: 'simulator: one new follower in ten hours' },
  following: { likely: 0.1, upper: 3, source: 'rough' },
  hashtag: { likely: 1.3, upper: 20, source: 'simulator: 0.5-2.2 new posts a day per hashtag (mean 1.3); production hashtags get far more' },
  place: { likely: 0.15, upper: 3, source: 'simulator: 0-0.6 a day per place (mean 0.14)' },
  music: { likely: 0.25, upper: 3, source: 'simulator: 0.07-0.43 a day per sound (mean 0.26)' },
  stories: { likely: 1.5, upper: 8, source: 'simulator: as many a day as the account showed in its seeded day, 1-8 for the 38 % that show any (1.5 on average)' },
};

/**
 * Comment and reply pages per post read, when neither the post's comment count nor the study's posts say
 * more: measured on the simulator's 4,347 public posts (72 % have comments; one comments page for each,
 * more past 15 top-level comments; a replies call per comment with more replies than the 2 shown with it).
 */
export const COMMENT_PAGES_PER_POST: Prior = { likely: 0.91, upper: 1.8, source: 'simulator, 4,347 public posts; production threads can be far longer' };
export const REPLY_PAGES_PER_POST: Prior = { likely: 0.9, upper: 1.6, source: 'simulator, 4,347 public posts (long threads of 24-36 replies included)' };

/** A watched post's thread when its comment count is not known: posts are watched for their discussion. */
export const WATCHED_THREAD_PAGES: Prior = { likely: 3, upper: 20, source: 'simulator: the longest threads (40-75 comments, one of 24-36 replies) take about 20 pages' };

/** Changed highlights in a run of an account read before, as a share of its highlights (upper bound). */
export const CHANGED_HIGHLIGHTS_SHARE = 0.25;

/** A list whose size was reported may have grown by the time the run reaches its end (the upper bound's allowance). */
export const GROWTH = 1.05;

/** How much a figure taken from history may be exceeded (new items come in bursts). */
export const HISTORY_SPREAD = 3;

/** How much a per-post average from history may be exceeded over the posts of one run. */
export const AVERAGE_SPREAD = 1.5;

export const pagesFor = (items: number, size: number): number => Math.max(1, Math.ceil(items / size));

/** Pages of a post's top-level comments, from its comment count (which counts replies too). */
export function commentPagesOf(commentCount: number): number {
  if (commentCount <= 0) return 0;
  return Math.max(1, Math.ceil((commentCount * TOP_LEVEL_SHARE) / LIST_PLANS.comments.pageSize));
}

/** Replies calls of a post's thread, from its comment count, when its comments' reply counts are not known. */
export function replyPagesOf(commentCount: number): number {
  return commentCount <= 0 ? 0 : Math.ceil(commentCount * REPLY_CALLS_PER_COMMENT);
}

/** Replies pages of one comment with this many replies (its first two come with the comment). */
export function repliesPagesOfComment(replyCount: number, shown: number): number {
  return replyCount > shown ? Math.ceil(replyCount / REPLIES_PLAN.pageSize) : 0;
}
