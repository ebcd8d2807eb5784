// One target's share of a run's estimate, read through the planner's own decisions (plan.ts): the reads
// firstTasks, accountTasks, listTasks and the follow-up rules make are the reads estimated, so what the
// estimate counts changes when the plan does. Each read gets a likely figure and an upper bound: the
// likely one from the profile the study expects (stories it is likely to show, nothing else changed), the
// upper one from the plan without a profile (every chosen list) and the spread of the sizes behind it.
import { costOf, findEndpoint } from '../../shared/api/catalog';
import type { Comment, Post, Profile } from '../../shared/records';
import type { EstimateBasis, EstimateLine } from '../../shared/ipc/studies';
import { LIST_PLANS } from '../jobs/plan';
import { recordsOf } from './page';
import {
  accountListSize, daysSince, feedSize, heldItems, heldThreadReplies, highlightCount, knownPost, knownProfile, newPerDay, newToStudyShare, threadPages,
  type EstimateContext, type Figure,
} from './estimate-knowledge';
import { CHANGED_HIGHLIGHTS_SHARE, commentPagesOf, COMMENT_PAGES_PER_POST, GROWTH, pagesFor, replyPagesOf, REPLY_PAGES_PER_POST, WATCHED_THREAD_PAGES } from './estimate-priors';
import {
  accountTasks, FEED_PATHS, firstTasks, highlightFollowUps, listsOf, postFollowUps, POST_LISTS, replyFollowUps, watchedPostFollowUps, type RunOptions, type TargetRow,
} from './plan';
import type { NewTask, TaskList } from './tasks';

/** What the caller knows that the study does not (a job's count as the screen showed it). */
export interface TargetHints {
  size?: Figure & { from: string };
  /** The account's profile, found elsewhere (a job's account is not in a study yet). */
  profile?: Profile;
}

interface Range {
  likely: number;
  upper: number;
}

const ZERO: Range = { likely: 0, upper: 0 };
const MAX_PAGES = 1e12;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const about = (f: Range) => (f.upper > f.likely ? `about ${fmt(f.likely)}, up to ${fmt(f.upper)}` : `${fmt(f.likely)}`);
const BASIS_WORDS: Readonly<Record<EstimateBasis, string>> = {
  reported: 'as the service reported',
  history: 'from the study’s history',
  prior: 'size unknown: a prior',
  cache: 'from a page in the cache',
  plan: '',
};

class Lines {
  readonly out: EstimateLine[] = [];
  constructor(private readonly t: TargetRow) {}
  add(list: string, what: string, pages: Range, cost: number, basis: EstimateBasis): void {
    // A count past any budget (a hashtag of two billion posts) stays a finite, large figure.
    const likely = Math.min(MAX_PAGES, Math.round(pages.likely * 100) / 100);
    const upper = Math.min(MAX_PAGES, Math.max(likely, pages.upper));
    const line: EstimateLine = {
      targetId: this.t.id, label: this.t.label, list, what, basis, open: basis === 'prior',
      pages: Math.round(likely), units: Math.round(likely * cost), upperPages: Math.ceil(upper), upperUnits: Math.ceil(upper) * cost,
    };
    if (line.upperUnits > 0 || line.units > 0 || basis === 'cache') this.out.push(line);
  }
}

const costOfTask = (task: Pick<NewTask, 'path' | 'params'>): number => {
  const endpoint = findEndpoint(task.path);
  return endpoint ? costOf(endpoint, task.params) : 1;
};

const taskKey = (t: NewTask) => `${t.list}|${t.phase}|${t.contextId}`;

/** Posts times pages per post: the upper bound takes one of the two at its upper bound, not both at once. */
const spread = (posts: Range, perPost: Range): Range => ({
  likely: posts.likely * perPost.likely,
  upper: Math.max(posts.upper * perPost.likely, posts.likely * perPost.upper),
});

/** A post as the follow-up rules see a new one: with comments and likes, nothing hidden. */
function probePost(id: string): Post {
  return { kind: 'post', id, mediaId: id, counts: { comments: 1, likes: 1, plays: null, views: null, reshares: null }, commentsDisabled: false, likesHidden: false } as Post;
}

function probeComment(): Comment {
  return { kind: 'comment', id: 'probe', parentId: null, replyCount: 100, previewReplies: [] } as unknown as Comment;
}

/**
 * The profile the study expects now, for the plan: new stories if the account is likely to show some since
 * they were last read, and a grid grown by the posts it has likely published since (a grown grid makes the
 * plan read the reels again); otherwise the profile as last read.
 */
function expectedProfile(ctx: EstimateContext, t: TargetRow, known: Profile | null): Profile | null {
  if (!known) return null;
  let expected = known;
  const stories = ctx.states.get({ targetId: t.id, list: 'stories', contextId: '' });
  if (stories && stories.lastReadAt !== null) {
    const day = ctx.db
      .prepare(
        `SELECT count(*) AS n FROM list_items li CROSS JOIN records r ON r.rowid = li.record_id WHERE li.target_id = ? AND li.list = 'stories' AND r.taken_at >= ?`,
      )
      .get(t.id, Math.floor(stories.lastReadAt / 1000) - 86_400) as { n: number };
    if (day.n * daysSince(ctx, stories.lastReadAt) >= 0.5) expected = { ...expected, latestReelMedia: Math.max(known.latestReelMedia ?? 0, stories.count ?? 0) + 1 };
  }
  const posts = ctx.states.get({ targetId: t.id, list: 'posts', contextId: '' });
  const media = known.counts.media;
  if (media !== null && posts && posts.lastReadAt !== null) {
    const newPosts = newPerDay(ctx, t, 'posts').likely * daysSince(ctx, posts.lastReadAt);
    if (newPosts >= 0.5) expected = { ...expected, counts: { ...expected.counts, media: media + Math.round(newPosts) } };
  }
  return expected;
}

export function estimateTarget(ctx: EstimateContext, t: TargetRow, options: RunOptions, hints: TargetHints = {}): EstimateLine[] {
  const lines = new Lines(t);
  const lists = listsOf(t, options);
  // Its counts size the lists, whether or not the run reads the profile first.
  let profile: Profile | null = hints.profile ?? (t.kind === 'account' ? knownProfile(ctx, t).profile : null);

  /** The comments, replies and likers of new posts, as the follow-up rules would open them. */
  const postFollowUpLines = (source: string, newItems: Range, basis: EstimateBasis) => {
    if (newItems.upper <= 0) return;
    const opened = postFollowUps(t, [probePost(`estimate:${t.id}`)], ctx.states, options);
    const thread = opened.some((o) => o.list === 'comments') ? threadPages(ctx, t) : null;
    const share = newToStudyShare(ctx, t);
    const newPosts: Range = { likely: newItems.likely * share, upper: newItems.upper };
    for (const o of opened) {
      if (o.list === 'likers') lines.add('likers', `likers of new ${source} (${about(newPosts)} posts)`, newPosts, costOfTask(o), basis);
      if (o.list !== 'comments' || !thread) continue;
      const b = basis === 'prior' || thread.comments.basis === 'prior' ? 'prior' : 'history';
      lines.add('comments', `comments of new ${source} (${about(newPosts)} posts)`, spread(newPosts, thread.comments), costOfTask(o), b);
      const replies = replyFollowUps(t, o.params.id ?? '', [{ comment: probeComment(), before: undefined }], options);
      if (replies[0]) lines.add('replies', `replies in the comments of new ${source}`, spread(newPosts, thread.replies), costOfTask(replies[0]), b);
    }
  };

  /** A newest-first list (an account's, or a hashtag's, place's or sound's feed). */
  const listLines = (task: NewTask) => {
    const list = task.list;
    const feed = t.kind !== 'account';
    const size = feed ? FEED_PATHS[t.kind as 'hashtag' | 'place' | 'music'].pageSize : LIST_PLANS[list as 'posts'].pageSize;
    const name = feed ? (t.kind === 'hashtag' ? 'feed' : 'posts') : list;
    const count: Figure = hints.size ?? (feed ? feedSize(ctx, t) : accountListSize(ctx, t, list, profile));
    const state = ctx.states.get({ targetId: t.id, list, contextId: '' });
    const cost = costOfTask(task);
    const limit = (n: number) => (options.limit !== undefined ? Math.min(n, options.limit) : n);
    let newItems: Range = ZERO;
    let basis: EstimateBasis = count.basis;
    if (task.phase === 'all') {
      // The whole list from its first page: a first read, a full one, or one restarted.
      const items: Range = { likely: limit(count.likely), upper: limit(count.upper) };
      // The service shows outsiders one page of about 50 followers, with no next page.
      const pages: Range = {
        likely: count.capped ? 1 : pagesFor(items.likely, size),
        upper: count.basis === 'prior' ? pagesFor(items.upper, size) : pagesFor(items.upper * GROWTH, size) + 1,
      };
      const words = hints.size ? `${fmt(items.likely)} (${hints.size.from})` : `${about(items)}${BASIS_WORDS[basis] ? `, ${BASIS_WORDS[basis]}` : ''}`;
      lines.add(list, `${name} (${state?.lastReadAt == null ? 'first read' : 'read whole'}: ${words})`, pages, cost, basis);
      newItems = items;
    } else if (task.phase === 'tail') {
      const left: Range = { likely: Math.max(0, count.likely - heldItems(ctx, t.id, list)), upper: Math.max(0, count.upper - heldItems(ctx, t.id, list)) };
      lines.add(list, `${name} (the rest of the first read: ${about(left)})`, { likely: pagesFor(left.likely, size), upper: pagesFor(left.upper, size) + 1 }, cost, basis);
      newItems = left;
    } else if (task.phase === 'gap') {
      lines.add(list, `${name} (what an earlier run left unread)`, { likely: 1, upper: 3 }, cost, 'prior');
      newItems = { likely: size / 2, upper: size * 3 };
    } else {
      const cached = ctx.cache.get(task.path, task.params);
      const endpoint = findEndpoint(task.path);
      const fresh = cached && endpoint && cached.fetchedAt > task.minFreshAt ? recordsOf(endpoint, cached.data, null).records : null;
      const known = fresh ? fresh.findIndex((r) => 'id' in r && typeof r.id === 'string' && heldRecord(ctx, t.id, list, r.id)) : -1;
      if (fresh && known >= 0) {
        newItems = { likely: known, upper: known };
        basis = 'cache';
        lines.add(list, `${name} (${known} new, from a page in the cache)`, ZERO, cost, 'cache');
      } else {
        const rate = newPerDay(ctx, t, list);
        const days = daysSince(ctx, state?.lastReadAt ?? null);
        newItems = { likely: limit(rate.likely * days), upper: limit(rate.upper * days) };
        basis = rate.basis;
        // The first page is read whatever came: it is what says whether anything is new.
        lines.add(list, `${name} (new since the last run: ${about(newItems)}, ${BASIS_WORDS[rate.basis] || 'estimated'})`, { likely: pagesFor(newItems.likely + 1, size), upper: pagesFor(newItems.upper + 1, size) }, cost, rate.basis === 'prior' ? 'prior' : 'history');
      }
    }
    // Reels are in the grid too: read after the posts, they bring no post new to the study.
    const inGrid = list === 'reels' && lists.has('posts') && t.kind === 'account';
    if (POST_LISTS.has(list) && !inGrid) postFollowUpLines(t.kind === 'account' ? list : 'posts', newItems, basis);
  };

  const followUpLines = (task: NewTask) => {
    const cost = costOfTask(task);
    const state = ctx.states.get({ targetId: t.id, list: task.list, contextId: task.contextId });
    const held = heldItems(ctx, t.id, task.list, task.contextId);
    if (task.list === 'comments') {
      const post = hints.size?.likely ?? (options.direct ? (knownPost(ctx, t)?.counts.comments ?? null) : (state?.count ?? null));
      if (post === null) {
        lines.add('comments', 'comments of a post (count unknown)', { likely: 1, upper: COMMENT_PAGES_PER_POST.upper }, cost, 'prior');
        if (!options.noReplies) lines.add('replies', 'their replies (count unknown)', { likely: REPLY_PAGES_PER_POST.likely, upper: REPLY_PAGES_PER_POST.upper }, cost, 'prior');
        return;
      }
      const left = Math.max(0, post - held);
      lines.add('comments', `comments of a post (${fmt(left)} left of ${fmt(post)})`, { likely: commentPagesOf(left), upper: commentPagesOf(left) + 1 }, cost, options.direct ? 'reported' : 'history');
      if (!options.noReplies) lines.add('replies', 'their replies', { likely: replyPagesOf(left), upper: replyPagesOf(left) * 2 + 1 }, cost, 'history');
    } else if (task.list === 'replies') {
      const [, commentId = ''] = task.contextId.split('/');
      const row = ctx.db.prepare("SELECT comment_count FROM records WHERE kind = 'comment' AND id = ?").get(commentId) as { comment_count: number | null } | undefined;
      const left = Math.max(0, (row?.comment_count ?? 10) - held);
      lines.add('replies', 'replies an earlier run left unread', { likely: pagesFor(left, 10), upper: pagesFor(left, 10) + 1 }, cost, row ? 'history' : 'prior');
    } else {
      lines.add(task.list, task.list === 'likers' ? 'likers (if their count changed)' : 'a highlight an earlier run left unread', { likely: 1, upper: 1 }, cost, 'plan');
    }
  };

  /** The post of a post target, then its comments again when their count changed (the plan's rule). */
  const watchedLines = (task: NewTask) => {
    lines.add('post', 'the post (its counts)', { likely: 1, upper: 1 }, costOfTask(task), 'plan');
    const post = knownPost(ctx, t);
    const changed = post ? { ...post, counts: { ...post.counts, comments: (post.counts.comments ?? 0) + 1, likes: (post.counts.likes ?? 0) + 1 } } : probePost(t.key);
    const likely = post ? watchedPostFollowUps(t, post, ctx.states, options) : postFollowUps(t, [probePost(t.key)], ctx.states, options);
    const upper = watchedPostFollowUps(t, changed, ctx.states, options);
    const count = post?.counts.comments ?? null;
    const readBefore = ctx.states.get({ targetId: t.id, list: 'comments', contextId: t.key })?.complete ?? false;
    for (const o of upper) {
      const inLikely = likely.some((l) => l.list === o.list) ? 1 : 0;
      const cost = costOfTask(o);
      if (o.list === 'likers') {
        lines.add('likers', 'likers (if their count changed)', { likely: inLikely, upper: 1 }, cost, 'plan');
        continue;
      }
      // A thread of unknown length: half of the watched-thread prior for the comments, half for their replies.
      const half = { likely: WATCHED_THREAD_PAGES.likely / 2, upper: WATCHED_THREAD_PAGES.upper / 2 };
      const pages = count !== null ? commentPagesOf(count) : half.likely;
      const replies = count === null ? half.likely : readBefore ? 0 : heldThreadReplies(ctx, t.key, count);
      const basis: EstimateBasis = count === null ? 'prior' : 'reported';
      lines.add('comments', readBefore ? 'comments (read again if their count changed)' : `comments${count !== null ? ` (${fmt(count)} with replies, as reported)` : ' (count unknown)'}`, { likely: inLikely * pages, upper: count !== null ? pages + 1 : half.upper }, cost, basis);
      if (!options.noReplies) lines.add('replies', readBefore ? 'replies of comments whose count changed' : 'their replies', { likely: inLikely * replies, upper: count !== null ? Math.max(1, replies * 2) : half.upper }, cost, basis);
    }
  };

  /** An account's reads after its profile: the likely ones, and those the plan makes without a profile. */
  const accountLines = (likelyTasks: NewTask[], upperTasks: NewTask[]) => {
    const likelyKeys = new Set(likelyTasks.map(taskKey));
    const all = [...likelyTasks, ...upperTasks.filter((u) => !likelyKeys.has(taskKey(u)))];
    for (const task of all) {
      const weight = likelyKeys.has(taskKey(task)) ? 1 : 0;
      const cost = costOfTask(task);
      if (task.list === 'stories') lines.add('stories', weight ? 'stories (the profile is likely to show new ones)' : 'stories (if the profile shows new ones)', { likely: weight, upper: 1 }, cost, 'plan');
      else if (task.list === 'highlights') highlightLines(task, weight, cost);
      else listLinesWeighted(task, weight);
    }
  };

  const listLinesWeighted = (task: NewTask, weight: number) => {
    const before = lines.out.length;
    listLines(task);
    if (weight === 0) for (const l of lines.out.slice(before)) Object.assign(l, { pages: 0, units: 0 });
  };

  const highlightLines = (task: NewTask, weight: number, cost: number) => {
    lines.add('highlights', weight ? 'highlights tray' : 'highlights tray (if the profile shows a change)', { likely: weight, upper: 1 }, cost, 'plan');
    const opened = highlightFollowUps(t, [{ highlight: { kind: 'highlight', id: 'probe', mediaCount: 1, latestReelMedia: 1 } as never, before: null, rich: false }]);
    if (!opened[0]) return;
    const count = highlightCount(profile);
    const read = ctx.states.get({ targetId: t.id, list: 'highlights', contextId: '' })?.lastReadAt != null;
    const items: Range = read ? { likely: 0, upper: Math.ceil(count.upper * CHANGED_HIGHLIGHTS_SHARE) } : { likely: count.likely * weight, upper: count.upper };
    lines.add('highlight', read ? 'highlights that changed' : `highlights (first read: ${about(count)}${BASIS_WORDS[count.basis] ? `, ${BASIS_WORDS[count.basis]}` : ''})`, items, costOfTask(opened[0]), read ? 'plan' : count.basis);
  };

  for (const task of firstTasks(t, ctx.states, 0, options)) {
    if (task.list === 'profile') {
      const known = knownProfile(ctx, t);
      profile = known.profile;
      lines.add('profile', known.free ? 'profile (a fresh copy is in the cache)' : 'profile', { likely: known.free ? 0 : 1, upper: 1 }, costOfTask(task), 'plan');
      if (profile?.isPrivate) continue; // its lists are skipped after the profile, unpaid
      accountLines(accountTasks(t, expectedProfile(ctx, t, profile), ctx.states, 0, options), accountTasks(t, null, ctx.states, 0, options));
    } else if (task.list === 'post') watchedLines(task);
    else if (task.list === 'stories' || task.list === 'highlights') accountLines([task], [task]);
    else if (task.list === 'comments' || task.list === 'replies' || task.list === 'likers' || task.list === 'highlight') followUpLines(task);
    else listLines(task);
  }
  return lines.out;
}

function heldRecord(ctx: EstimateContext, targetId: number, list: TaskList, id: string): boolean {
  return ctx.db.prepare('SELECT 1 FROM list_items li CROSS JOIN records r ON r.rowid = li.record_id WHERE li.target_id = ? AND li.list = ? AND r.id = ?').get(targetId, list, id) !== undefined;
}
