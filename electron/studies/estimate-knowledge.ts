// What an estimate knows about a target, sending nothing: the counts the service reported (a profile's
// media, follower and following counts, its reels and highlights; a hashtag's media count; a post's
// comment count and its comments' reply counts), the study's own history (new items a day per list, from
// its earlier runs or from the dates of what it holds), similar targets of the study (the size of other
// hashtags' feeds, other accounts' comment threads) and, last, the priors of estimate-priors.ts.
import { findEndpoint } from '../../shared/api/catalog';
import { parseLossless } from '../../shared/api/json';
import { normalizeAnswer } from '../../shared/api/normalize';
import type { AppRecord, Post, Profile } from '../../shared/records';
import type { EstimateBasis } from '../../shared/ipc/studies';
import type { CallCache } from '../calls/calls';
import type { Db } from './db';
import {
  AVERAGE_SPREAD, COMMENT_PAGES_PER_POST, commentPagesOf, FOLLOWER_CAP, HISTORY_SPREAD, NEW_PER_DAY, REELS_SHARE, REPLY_PAGES_PER_POST, replyPagesOf, repliesPagesOfComment, SIZE_PRIORS,
} from './estimate-priors';
import { POST_PATH, PROFILE_PATH, type TargetRow } from './plan';
import type { ListStates, TaskList } from './tasks';

// Queries name their join order and index (CROSS JOIN, `+kind`): a study's database has no statistics,
// and SQLite would otherwise scan every post or comment of the study for each target.
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The response cache, read before the estimate (which then reads it synchronously). */
export interface CacheView {
  get(path: string, params: Record<string, string>): { data: unknown; fetchedAt: number } | null;
}

export const NO_CACHE: CacheView = { get: () => null };

const keyOf = (path: string, params: Record<string, string>) => `${path}?${JSON.stringify(Object.entries(params).sort())}`;

/** Reads these answers from the cache once (a miss costs nothing), for a synchronous estimate. */
export async function readCache(cache: Pick<CallCache, 'get'>, wanted: readonly (readonly [string, Record<string, string>])[]): Promise<CacheView> {
  const found = new Map<string, { data: unknown; fetchedAt: number }>();
  for (const [path, params] of wanted) {
    const key = keyOf(path, params);
    if (found.has(key)) continue;
    const hit = await cache.get(path, params);
    if (hit) found.set(key, { data: hit.data, fetchedAt: hit.fetchedAt });
  }
  return { get: (path, params) => found.get(keyOf(path, params)) ?? null };
}

/** A figure with its spread and where it comes from. */
export interface Figure {
  likely: number;
  upper: number;
  basis: EstimateBasis;
  /** A followers list past the outsider cap: the service answers one page of about 50, and no next page. */
  capped?: boolean;
}

/**
 * The followers an outsider is shown of an account with `count` of them: about the first 50, likely; the
 * upper bound is the whole list (the cap is production's habit, not a promise).
 */
export function followersShown(count: number): Figure {
  return { likely: Math.min(count, FOLLOWER_CAP), upper: count, basis: 'reported', capped: count > FOLLOWER_CAP };
}

export interface EstimateContext {
  db: Db;
  states: ListStates;
  cache: CacheView;
  now: number;
  /** What one estimate found about targets of a kind, found once (a study of many targets stays quick). */
  memo?: Map<string, unknown>;
}

function once<T>(ctx: EstimateContext, key: string, find: () => T): T {
  if (!ctx.memo) return find();
  if (!ctx.memo.has(key)) ctx.memo.set(key, find());
  return ctx.memo.get(key) as T;
}

export const HASHTAG_PATHS = ['/v1/hashtag/by/name', '/v2/hashtag/by/name'] as const;

/** The record of a cached answer, when it is one of `kind`. */
export function cachedRecord(ctx: Pick<EstimateContext, 'cache'>, path: string, params: Record<string, string>, after = -1): AppRecord | null {
  const hit = ctx.cache.get(path, params);
  const endpoint = findEndpoint(path);
  if (!hit || !endpoint || hit.fetchedAt <= after) return null;
  const found = normalizeAnswer(endpoint, hit.data);
  return Array.isArray(found) ? (found[0] ?? null) : found;
}

function storedRecord<T>(db: Db, kind: string, id: string, richness = 1): T | null {
  const row = db.prepare('SELECT record, raw FROM records WHERE kind = ? AND id = ? AND richness >= ?').get(kind, id, richness) as { record: string; raw: string } | undefined;
  return row ? ({ ...(JSON.parse(row.record) as object), raw: parseLossless(row.raw) } as T) : null;
}

export interface KnownProfile {
  profile: Profile | null;
  /** A copy in the cache newer than the study's last read of it: the run takes it for free. */
  free: boolean;
}

/** The account's profile: from the cache when fresher than the study's last read, else as the study holds it. */
export function knownProfile(ctx: EstimateContext, t: TargetRow): KnownProfile {
  const last = ctx.states.get({ targetId: t.id, list: 'profile', contextId: '' })?.lastReadAt ?? 0;
  const cached = cachedRecord(ctx, PROFILE_PATH, { id: t.key }, last);
  if (cached?.kind === 'profile') return { profile: cached, free: true };
  const stored = storedRecord<Profile>(ctx.db, 'user', t.key, 2);
  return { profile: stored ? { ...stored, kind: 'profile' } : null, free: false };
}

/** The watched post as the cache or the study knows it. */
export function knownPost(ctx: EstimateContext, t: TargetRow): Post | null {
  const cached = cachedRecord(ctx, POST_PATH, { id: t.key });
  if (cached?.kind === 'post') return cached;
  return storedRecord<Post>(ctx.db, 'post', t.key);
}

const rawNumber = (p: Profile | null, field: string): number | null => {
  const v = p?.raw && typeof p.raw === 'object' ? (p.raw as Record<string, unknown>)[field] : undefined;
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null;
};

/** Highlights of the account, as its profile says. */
export function highlightCount(p: Profile | null): Figure {
  const n = rawNumber(p, 'highlight_reel_count');
  return n !== null ? { likely: n, upper: n, basis: 'reported' } : { likely: SIZE_PRIORS.highlights.likely, upper: SIZE_PRIORS.highlights.upper, basis: 'prior' };
}

/** Items of an account's list, from its profile (followers capped as the service shows them to outsiders). */
export function accountListSize(ctx: EstimateContext, t: TargetRow, list: TaskList, p: Profile | null): Figure {
  const media = p?.counts.media ?? null;
  if (list === 'posts' && media !== null) return { likely: media, upper: media, basis: 'reported' };
  if (list === 'followers' && p?.counts.followers != null) return followersShown(p.counts.followers);
  if (list === 'following' && p?.counts.following != null) return { likely: p.counts.following, upper: p.counts.following, basis: 'reported' };
  if (list === 'reels') {
    const clips = rawNumber(p, 'total_clips_count');
    // Production answers total_clips_count for some accounts only, and not always in step with the grid.
    if (clips !== null) return { likely: clips, upper: Math.max(clips, media ?? 0), basis: 'reported' };
    const similar = similarShare(ctx, t, 'reels', 'posts');
    if (media !== null) return { likely: Math.round(media * (similar ?? REELS_SHARE.likely)), upper: media, basis: similar !== null ? 'history' : 'prior' };
  }
  // Accounts with many posts are tagged in more: the upper bound grows with the account.
  const bigger = list === 'tagged' ? (media ?? 0) : 0;
  const similar = similarSize(ctx, t, list);
  if (similar !== null) return { likely: similar, upper: Math.max(similar * HISTORY_SPREAD, bigger), basis: 'history' };
  const prior = SIZE_PRIORS[list as keyof typeof SIZE_PRIORS] ?? SIZE_PRIORS.posts;
  return { likely: prior.likely, upper: Math.max(prior.upper, bigger), basis: 'prior' };
}

/** A hashtag's, place's or sound's feed: its media count when reported, else like similar targets, else a prior. */
export function feedSize(ctx: EstimateContext, t: TargetRow): Figure {
  if (t.kind === 'hashtag') {
    for (const path of HASHTAG_PATHS) {
      const found = cachedRecord(ctx, path, { name: t.key });
      if (found?.kind === 'hashtag' && found.mediaCount !== null) return { likely: found.mediaCount, upper: found.mediaCount, basis: 'reported' };
    }
    const stored = storedRecord<{ mediaCount?: number | null }>(ctx.db, 'hashtag', t.key.toLowerCase());
    if (typeof stored?.mediaCount === 'number') return { likely: stored.mediaCount, upper: stored.mediaCount, basis: 'reported' };
  }
  const similar = similarSize(ctx, t, 'posts');
  if (similar !== null) return { likely: similar, upper: similar * HISTORY_SPREAD, basis: 'history' };
  const prior = SIZE_PRIORS[t.kind as 'hashtag' | 'place' | 'music'];
  return { likely: prior.likely, upper: prior.upper, basis: 'prior' };
}

/** The median size of this list in the study's other targets of the same kind that read it to its end. */
function similarSize(ctx: EstimateContext, t: TargetRow, list: TaskList): number | null {
  return once(ctx, `size:${t.kind}:${list}`, () => {
    const sizes = (
      ctx.db
        .prepare(
          `SELECT (SELECT count(*) FROM list_items li WHERE li.target_id = s.target_id AND li.list = s.list AND li.context_id = '') AS n
           FROM list_state s JOIN targets x ON x.id = s.target_id
           WHERE s.list = ? AND s.context_id = '' AND s.complete = 1 AND x.kind = ? AND x.removed_at IS NULL`,
        )
        .all(list, t.kind) as { n: number }[]
    ).map((r) => r.n).sort((a, b) => a - b);
    return sizes.length === 0 ? null : (sizes[Math.floor(sizes.length / 2)] ?? null);
  });
}

/** Items of `list` per item of `of` in the study's other targets of the same kind that read both to their end. */
function similarShare(ctx: EstimateContext, t: TargetRow, list: TaskList, of: TaskList): number | null {
  return once(ctx, `share:${t.kind}:${list}:${of}`, () => {
  const row = ctx.db
    .prepare(
      `SELECT sum((SELECT count(*) FROM list_items li WHERE li.target_id = a.target_id AND li.list = a.list AND li.context_id = '')) AS n,
              sum((SELECT count(*) FROM list_items li WHERE li.target_id = b.target_id AND li.list = b.list AND li.context_id = '')) AS d
       FROM list_state a JOIN list_state b ON b.target_id = a.target_id AND b.list = ? AND b.context_id = '' AND b.complete = 1
       JOIN targets x ON x.id = a.target_id
       WHERE a.list = ? AND a.context_id = '' AND a.complete = 1 AND x.kind = ?`,
    )
    .get(of, list, t.kind) as { n: number | null; d: number | null };
  return row.d && row.d >= 10 ? (row.n ?? 0) / row.d : null;
  });
}

/** Items the study holds in a target's list. */
export function heldItems(ctx: EstimateContext, targetId: number, list: TaskList, contextId = ''): number {
  return (ctx.db.prepare('SELECT count(*) AS n FROM list_items WHERE target_id = ? AND list = ? AND context_id = ?').get(targetId, list, contextId) as { n: number }).n;
}

const DATED: ReadonlySet<TaskList> = new Set(['posts', 'reels', 'tagged', 'stories']);

/**
 * New items a day in a target's list: from the runs after its first read (items first seen then, over the
 * time they cover), else from the dates of the items it holds (the last 30 days), else a prior.
 */
export function newPerDay(ctx: EstimateContext, t: TargetRow, list: TaskList): Figure {
  const { db } = ctx;
  const prior = NEW_PER_DAY[t.kind === 'account' || t.kind === 'post' ? list : t.kind] ?? NEW_PER_DAY.posts!;
  const last = ctx.states.get({ targetId: t.id, list, contextId: '' })?.lastReadAt ?? null;
  const first = db
    .prepare(`SELECT f.run, (SELECT started_at FROM runs WHERE id = f.run) AS at FROM (SELECT min(first_run) AS run FROM list_items WHERE target_id = ? AND list = ? AND context_id = '') f`)
    .get(t.id, list) as { run: number | null; at: number | null };
  if (last !== null && first.run !== null && first.at !== null && last - first.at >= 6 * HOUR_MS) {
    const later = (db.prepare("SELECT count(*) AS n FROM list_items WHERE target_id = ? AND list = ? AND context_id = '' AND first_run > ?").get(t.id, list, first.run) as { n: number }).n;
    const rate = later / ((last - first.at) / DAY_MS);
    return { likely: rate, upper: Math.max(rate * HISTORY_SPREAD, prior.upper), basis: 'history' };
  }
  if (DATED.has(list)) {
    const until = Math.floor((last ?? ctx.now) / 1000);
    const dated = db
      .prepare(
        `SELECT count(*) AS n, min(r.taken_at) AS oldest, sum(r.taken_at >= ?) AS recent FROM list_items li CROSS JOIN records r ON r.rowid = li.record_id
         WHERE li.target_id = ? AND li.list = ? AND li.context_id = '' AND r.taken_at IS NOT NULL AND r.taken_at <= ?`,
      )
      .get(until - 30 * 86_400, t.id, list, until) as { n: number; oldest: number | null; recent: number | null };
    if (dated.n >= 3 && dated.oldest !== null) {
      const days = Math.max(1, Math.min(30, (until - dated.oldest) / 86_400));
      const rate = (dated.recent ?? 0) / days;
      // A few dated items say little about the pace to come: the upper bound keeps the prior's.
      return { likely: rate, upper: Math.max(rate * HISTORY_SPREAD, prior.upper), basis: 'history' };
    }
  }
  return { likely: prior.likely, upper: prior.upper, basis: 'prior' };
}

/** Days since the list was last read (the first page of a head read holds what came since). */
export function daysSince(ctx: EstimateContext, lastReadAt: number | null): number {
  return lastReadAt === null ? 0 : Math.max(0, (ctx.now - lastReadAt) / DAY_MS);
}

interface Thread {
  comments: Figure;
  replies: Figure;
}

/**
 * Comment and reply pages per post of this target: from the comment counts of the posts it collected and
 * the reply counts of their comments the study holds; else from the posts of targets of the same kind;
 * else the priors.
 */
export function threadPages(ctx: EstimateContext, t: TargetRow): Thread {
  const found =
    once(ctx, `threads:${t.id}`, () => threadsHeld(ctx, 'li.target_id = ?', t.id)) ??
    once(ctx, `threads:${t.kind}`, () => threadsHeld(ctx, 'li.target_id IN (SELECT id FROM targets WHERE kind = ?)', t.kind));
  if (found) return found;
  return {
    comments: { likely: COMMENT_PAGES_PER_POST.likely, upper: COMMENT_PAGES_PER_POST.upper, basis: 'prior' },
    replies: { likely: REPLY_PAGES_PER_POST.likely, upper: REPLY_PAGES_PER_POST.upper, basis: 'prior' },
  };
}

/** Comment and reply pages per post of the posts these targets hold (`where` selects list_items li), or null when too few. */
function threadsHeld(ctx: EstimateContext, where: string, arg: number | string): Thread | null {
  const posts = ctx.db
    .prepare(
      `SELECT DISTINCT r.id, r.comment_count FROM list_items li CROSS JOIN records r ON r.rowid = li.record_id
       WHERE ${where} AND li.list IN ('posts', 'reels', 'tagged', 'post') AND r.kind = 'post' AND r.comment_count IS NOT NULL`,
    )
    .all(arg) as { id: string; comment_count: number }[];
  if (posts.length < 3) return null;
  const comments = posts.reduce((n, p) => n + commentPagesOf(p.comment_count), 0) / posts.length;
  const targets = where.replace(/^li\.target_id/, 's.target_id');
  const threadsRead = new Set((ctx.db.prepare(`SELECT DISTINCT s.context_id AS id FROM list_state s WHERE ${targets} AND s.list = 'comments' AND s.complete = 1`).all(arg) as { id: string }[]).map((r) => r.id));
  // A sample of the threads read is enough for an average (and keeps the query's parameters few).
  const read = posts.filter((p) => threadsRead.has(p.id)).slice(0, 2000);
  let replies: number;
  if (read.length >= 3) {
    const rows = ctx.db
      .prepare(`SELECT c.post_id, c.comment_count FROM records c WHERE +c.kind = 'comment' AND +c.parent_id IS NULL AND c.comment_count > 0 AND c.post_id IN (${read.map(() => '?').join(', ')})`)
      .all(...read.map((p) => p.id)) as { post_id: string; comment_count: number }[];
    replies = rows.reduce((n, r) => n + repliesPagesOfComment(r.comment_count, 2), 0) / read.length;
  } else replies = posts.reduce((n, p) => n + replyPagesOf(p.comment_count), 0) / posts.length;
  return {
    comments: { likely: comments, upper: comments * AVERAGE_SPREAD, basis: 'history' },
    replies: { likely: replies, upper: replies * AVERAGE_SPREAD, basis: 'history' },
  };
}

/**
 * The share of a target's posts that were new to the study when it read them (only those open comments
 * and likers): posts other targets had stored first (a tag's posts read before under another tag) do not.
 */
export function newToStudyShare(ctx: EstimateContext, t: TargetRow): number {
  return once(ctx, `new-share:${t.id}`, () => {
  const row = ctx.db
    .prepare(
      `SELECT count(*) AS n, sum(r.first_seen = li.first_seen) AS first FROM list_items li CROSS JOIN records r ON r.rowid = li.record_id
       WHERE li.target_id = ? AND li.list IN ('posts', 'reels', 'tagged') AND li.context_id = '' AND r.kind = 'post'`,
    )
    .get(t.id) as { n: number; first: number | null };
  return row.n >= 10 ? (row.first ?? 0) / row.n : 1;
  });
}

/** Reply pages of a thread the study holds: from its comments' reply counts, else from the post's comment count. */
export function heldThreadReplies(ctx: EstimateContext, postId: string, commentCount: number): number {
  const rows = ctx.db.prepare("SELECT comment_count FROM records WHERE +kind = 'comment' AND post_id = ? AND +parent_id IS NULL AND comment_count > 0").all(postId) as { comment_count: number }[];
  return rows.length > 0 ? rows.reduce((n, r) => n + repliesPagesOfComment(r.comment_count, 2), 0) : replyPagesOf(commentCount);
}
