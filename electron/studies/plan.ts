// What a run reads for each target, and what a page opens next. The endpoints are those the app's
// screens and bulk jobs use (so a page the user already opened may come from the cache), read with the
// shared pager. An account run starts with its profile (1 request): it carries the counts, tells a private
// account (its lists are then skipped, not paid for) and what lets the run skip reads (profile-signals.ts).
import { LIST_PLANS } from '../jobs/plan';
import type { JobSpec } from '../../shared/ipc';
import type { Comment, Highlight, Post, Profile } from '../../shared/records';
import type { CollectList, TargetKind } from '../../shared/ipc/studies';
import { highlightsDue, reelsHeadDue, storiesDue } from './profile-signals';
import type { ListStates, NewTask, TaskList } from './tasks';

export interface TargetRow {
  id: number;
  kind: TargetKind;
  key: string;
  label: string;
  username: string | null;
  lists: CollectList[];
  since: number | null;
  until: number | null;
  maxUnitsPerRun: number | null;
  /** Pages of comments and replies read per post this target brings (null: every page). */
  commentPagesPerPost: number | null;
}

/** What a run does beyond the targets' own settings. */
export interface RunOptions {
  /** Only these lists (a stories run reads stories only). Default: each target's own. */
  lists?: CollectList[];
  /** Read every list from the start, known items or not (one-off collections). */
  full?: boolean;
  /** Stop each list after this many items (one-off "latest N"). */
  limit?: number;
  /** Read the chosen lists at once: no profile of accounts, no post first (one-off collections). */
  direct?: boolean;
  /** Top-level comments only. */
  noReplies?: boolean;
  /** The one-off collection this run is (the jobs of the Downloads screen). */
  job?: JobSpec;
  /** Only these targets. */
  targetIds?: number[];
}

export const PROFILE_PATH = '/v2/user/by/id';
export const STORIES_PATH = '/v1/user/stories';
export const HIGHLIGHTS_PATH = '/v1/user/highlights';
export const HIGHLIGHT_PATH = '/v2/highlight/by/id';
export const POST_PATH = '/v1/media/by/id';
export const COMMENTS_PATH = LIST_PLANS.comments.path;
export const REPLIES_PATH = '/v2/media/comments/replies';
export const LIKERS_PATH = '/v1/media/likers';
export const FEED_PATHS: Readonly<Record<'hashtag' | 'place' | 'music', { path: string; param: string; pageSize: number }>> = {
  hashtag: { path: LIST_PLANS.hashtag.path, param: 'name', pageSize: LIST_PLANS.hashtag.pageSize },
  place: { path: LIST_PLANS.location.path, param: 'location_pk', pageSize: LIST_PLANS.location.pageSize },
  music: { path: '/v2/track/by/canonical/id', param: 'canonical_id', pageSize: 12 },
};
/** Account lists read page by page, newest first. */
export const ACCOUNT_LISTS = ['posts', 'reels', 'tagged', 'followers', 'following'] as const;
export type AccountList = (typeof ACCOUNT_LISTS)[number];

/** Lists whose items are posts (their new posts open comments and likers). */
export const POST_LISTS: ReadonlySet<TaskList> = new Set(['posts', 'reels', 'tagged', 'post']);
/** Lists read newest first: an incremental read stops at the first item the study already had. */
export const NEWEST_FIRST: ReadonlySet<TaskList> = new Set(['posts', 'reels', 'tagged', 'followers', 'following']);

/** The lists a run reads for this target: the target's own, narrowed to the run's. */
export function listsOf(target: TargetRow, options: RunOptions): Set<CollectList> {
  const own = new Set(target.lists);
  return options.lists ? new Set(options.lists.filter((l) => own.has(l) || options.full)) : own;
}

function listPath(target: TargetRow, list: AccountList | 'posts'): { path: string; params: Record<string, string> } {
  if (target.kind === 'account') {
    const plan = LIST_PLANS[list as AccountList];
    return { path: plan.path, params: { user_id: target.key } };
  }
  const feed = FEED_PATHS[target.kind as 'hashtag' | 'place' | 'music'];
  return { path: feed.path, params: { [feed.param]: target.key } };
}

const task = (t: Omit<NewTask, 'read' | 'cursor' | 'minFreshAt' | 'boundary'> & Partial<NewTask>): NewTask => ({ read: 0, cursor: null, minFreshAt: 0, boundary: 0, ...t });

/**
 * The reads of one newest-first list: from the top until an item the study already had (head), then
 * what earlier runs left unread (gaps, then the tail), or the whole list the first time.
 */
export function listTasks(target: TargetRow, list: AccountList, states: ListStates, runId: number, options: RunOptions): NewTask[] {
  const { path, params } = listPath(target, list);
  const state = states.get({ targetId: target.id, list, contextId: '' });
  const base = { targetId: target.id, list, contextId: '', path, params } as const;
  if (options.full || !state || state.lastReadAt === null) return [task({ ...base, phase: 'all' })];
  const out: NewTask[] = [task({ ...base, phase: 'head', minFreshAt: state.lastReadAt, boundary: runId })];
  for (const gap of state.gaps) out.push(task({ ...base, phase: 'gap', cursor: gap.cursor, boundary: gap.boundary, minFreshAt: state.lastReadAt }));
  if (!state.complete) out.push(task({ ...base, phase: state.cursor ? 'tail' : 'all', cursor: state.cursor, minFreshAt: state.lastReadAt }));
  return out;
}

/** The first reads of a target in a run; its unfinished follow-ups (comments, replies...) come along. */
export function firstTasks(target: TargetRow, states: ListStates, runId: number, options: RunOptions): NewTask[] {
  const lists = listsOf(target, options);
  const out: NewTask[] = [];
  const last = (list: TaskList, contextId = '') => states.get({ targetId: target.id, list, contextId })?.lastReadAt ?? 0;
  if (target.kind === 'account') {
    if (options.direct) out.push(...accountTasks(target, null, states, runId, options));
    else out.push(task({ targetId: target.id, list: 'profile', contextId: '', path: PROFILE_PATH, params: { id: target.key }, phase: 'once', minFreshAt: last('profile') }));
  } else if (target.kind === 'post' && options.direct) {
    if (lists.has('comments')) out.push(followUp(target.id, 'comments', target.key, { id: target.key }));
    if (lists.has('likers')) out.push(followUp(target.id, 'likers', target.key, { id: target.key }));
  } else if (target.kind === 'post') {
    out.push(task({ targetId: target.id, list: 'post', contextId: '', path: POST_PATH, params: { id: target.key }, phase: 'once', minFreshAt: last('post') }));
  } else if (lists.has('posts')) {
    out.push(...listTasks(target, 'posts' as AccountList, states, runId, options));
  }
  if (!options.full) {
    for (const p of states.pending(target.id)) {
      if (p.list === 'comments' && !lists.has('comments')) continue;
      if (p.list === 'likers' && !lists.has('likers')) continue;
      if (p.list === 'replies' && !lists.has('comments')) continue;
      if (p.list === 'highlight' && !lists.has('highlights')) continue;
      out.push(followUp(target.id, p.list, p.contextId, followUpParams(p.list, p.contextId), p.cursor));
    }
  }
  return out;
}

/** The params of a follow-up list from its context (pending follow-ups are stored by context only). */
function followUpParams(list: TaskList, contextId: string): Record<string, string> {
  if (list === 'replies') {
    const [mediaId = '', commentId = ''] = contextId.split('/');
    return { media_id: mediaId, comment_id: commentId };
  }
  return { id: contextId };
}

const FOLLOW_UP_PATHS: Partial<Record<TaskList, string>> = { comments: COMMENTS_PATH, replies: REPLIES_PATH, likers: LIKERS_PATH, highlight: HIGHLIGHT_PATH };

function followUp(targetId: number, list: TaskList, contextId: string, params: Record<string, string>, cursor: NewTask['cursor'] = null): NewTask {
  const once = list === 'likers' || list === 'highlight';
  return task({ targetId, list, contextId, path: FOLLOW_UP_PATHS[list] ?? '', params, cursor, phase: once ? 'once' : 'all' });
}

/**
 * An account's reads once its profile is known (null: without a profile, every chosen list). The first
 * page of the grid is read every run even when the post count did not change: a new post and a deleted
 * one leave the count as it was, and the new one would be missed. Stories, the highlights tray and the
 * first page of reels are read only when the profile says they may hold something new (profile-signals.ts).
 */
export function accountTasks(target: TargetRow, profile: Profile | null, states: ListStates, runId: number, options: RunOptions): NewTask[] {
  const lists = listsOf(target, options);
  const out: NewTask[] = [];
  const last = (list: TaskList) => states.get({ targetId: target.id, list, contextId: '' })?.lastReadAt ?? 0;
  if (lists.has('stories') && storiesDue(profile, states, target.id)) {
    out.push(task({ targetId: target.id, list: 'stories', contextId: '', path: STORIES_PATH, params: { user_id: target.key }, phase: 'once', minFreshAt: last('stories') }));
  }
  if (lists.has('highlights') && highlightsDue(profile, states, target.id)) {
    out.push(task({ targetId: target.id, list: 'highlights', contextId: '', path: HIGHLIGHTS_PATH, params: { user_id: target.key }, phase: 'once', minFreshAt: last('highlights') }));
  }
  const skipReelsHead = !reelsHeadDue(profile, states, target.id, lists);
  for (const list of ACCOUNT_LISTS) {
    if (!lists.has(list)) continue;
    const reads = listTasks(target, list, states, runId, options);
    out.push(...(list === 'reels' && skipReelsHead ? reads.filter((r) => r.phase !== 'head') : reads));
  }
  return out;
}

/** Comments and likers of posts new to the study (the comments of a post are read once, by one target). */
export function postFollowUps(target: TargetRow, posts: readonly Post[], states: ListStates, options: RunOptions): NewTask[] {
  const lists = listsOf(target, options);
  const out: NewTask[] = [];
  for (const p of posts) {
    if (lists.has('comments') && !p.commentsDisabled && (p.counts.comments ?? 1) > 0 && !states.commentsRead(p.id)) {
      out.push(followUp(target.id, 'comments', p.id, { id: p.mediaId }));
    }
    if (lists.has('likers') && !p.likesHidden && (p.counts.likes ?? 1) > 0) out.push(followUp(target.id, 'likers', p.id, { id: p.mediaId }));
  }
  return out;
}

/** A watched post: its comments again when their count changed, its likers when theirs did. */
export function watchedPostFollowUps(target: TargetRow, post: Post, states: ListStates, options: RunOptions): NewTask[] {
  const lists = listsOf(target, options);
  const out: NewTask[] = [];
  const comments = states.get({ targetId: target.id, list: 'comments', contextId: post.id });
  if (lists.has('comments') && !post.commentsDisabled && (post.counts.comments ?? 1) > 0 && (!comments?.complete || comments.count !== post.counts.comments)) {
    out.push(followUp(target.id, 'comments', post.id, { id: post.mediaId }));
  }
  const likers = states.get({ targetId: target.id, list: 'likers', contextId: post.id });
  if (lists.has('likers') && !post.likesHidden && (post.counts.likes ?? 1) > 0 && (!likers?.complete || likers.count !== post.counts.likes)) {
    out.push(followUp(target.id, 'likers', post.id, { id: post.mediaId }));
  }
  return out;
}

/** Replies of comments that have some the study does not hold yet (new comments, or a changed count). */
export function replyFollowUps(target: TargetRow, mediaId: string, comments: readonly { comment: Comment; before: number | null | undefined }[], options: RunOptions): NewTask[] {
  const out: NewTask[] = [];
  if (options.noReplies) return out;
  for (const { comment, before } of comments) {
    const replies = comment.replyCount ?? 0;
    if (comment.parentId !== null || replies === 0) continue;
    if (before !== undefined && before === replies) continue;
    if (replies <= comment.previewReplies.length && before === undefined) continue;
    out.push(followUp(target.id, 'replies', `${mediaId}/${comment.id}`, { media_id: mediaId, comment_id: comment.id }));
  }
  return out;
}

/** Highlights new to the study, or whose count or newest item changed, are read with their stories. */
export function highlightFollowUps(target: TargetRow, highlights: readonly { highlight: Highlight; before: string | null; rich: boolean }[]): NewTask[] {
  const out: NewTask[] = [];
  for (const { highlight, before, rich } of highlights) {
    if (before !== null && rich) {
      const was = JSON.parse(before) as Partial<Highlight>;
      if (was.mediaCount === highlight.mediaCount && was.latestReelMedia === highlight.latestReelMedia) continue;
    }
    out.push(followUp(target.id, 'highlight', highlight.id, { id: highlight.id }));
  }
  return out;
}

const FIXED_PATHS: Partial<Record<TaskList, string>> = {
  profile: PROFILE_PATH, stories: STORIES_PATH, highlights: HIGHLIGHTS_PATH, post: POST_PATH, ...FOLLOW_UP_PATHS,
};

/**
 * Whether a queued read is one the planner makes for this target: the endpoint of its list and, for the
 * target's own lists, the target itself. Queued work read from a study's database is a proposal: a read
 * of another endpoint or another account (an edited database) is refused, not paid for.
 */
export function isPlannedRead(target: TargetRow, task: { list: TaskList; path: string; params: Record<string, unknown> }): boolean {
  const fixed = FIXED_PATHS[task.list];
  if (fixed !== undefined) {
    if (task.path !== fixed) return false;
    if (task.list === 'profile' || task.list === 'post') return task.params.id === target.key;
    if (task.list === 'stories' || task.list === 'highlights') return task.params.user_id === target.key;
    return true; // follow-ups of the target's posts, comments and highlights
  }
  if (task.list === 'posts' && target.kind !== 'account' && target.kind !== 'post') {
    const feed = FEED_PATHS[target.kind];
    return task.path === feed.path && task.params[feed.param] === target.key;
  }
  if (target.kind !== 'account' || !(ACCOUNT_LISTS as readonly string[]).includes(task.list)) return false;
  return task.path === LIST_PLANS[task.list as AccountList].path && task.params.user_id === target.key;
}
