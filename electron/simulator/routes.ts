// Every simulated endpoint: path -> handler over the world. The shell (service.ts) has checked the key,
// the balance and the parameters before a handler runs; handlers still answer FastAPI bodies for what
// they need and do not find, so they can be called directly in tests.
//
// Answers follow service-interface.md where it details an endpoint and the OpenAPI document's shapes
// otherwise. Choices where neither says (see also shapes/errors.ts):
// - private accounts: profiles are readable; posts, reels, tagged posts, followers and following answer
//   403 {"detail":"Account is private","exc_type":"PrivateAccount"}, stories and highlights too unless
//   force=true; a single post of a private account answers 404 MediaUnavailable, as production does
//   for "private, deleted or fake" posts;
// - a cursor that does not belong to the list answers 422 (FastAPI body, value_error);
// - `/v1/share/by/*` answer {pk: "<pk as string>", type} (OpenAPI's Share model); `/v1/share/reel/by/url`
//   answers the reel's media pk as a JSON string;
// - `/v1/story/download*` answer a JSON description of the file: {pk, id, media_type, url, filename,
//   content_type, width, height, taken_at} (the interface only says "download data");
// - comment_count counts top-level comments and replies; `/v1/media/comments/chunk` pages top-level
//   comments (replies come from /v2/media/comments/replies), or every comment with
//   can_support_threading=false.
import { entriesNotFound, commentsDisabled, invalidCursor, invalidParam, mediaUnavailable, missingParam, notFound, privateAccount, userNotFound } from './shapes/errors';
import { a2User } from './shapes/a2';
import { activeStories, formatCount } from './shapes/common';
import { g1User } from './shapes/g1';
import { g2Media, g2User } from './shapes/g2';
import { gqlCommentLiker, gqlLiker, mediaStream, topsearchFlat, topsearchStream, usertagsMultifetch, type TopsearchUnit } from './shapes/gql';
import { musicPage } from './shapes/music';
import { paginate, type Page } from './shapes/paging';
import { mediaSections } from './shapes/sections';
import {
  musicAssetInfo, rawLocation, rawMedia, rawUser, rawUserFull, socialContext,
} from './shapes/raw';
import { commentsEnvelope, rawComment } from './shapes/raw-comments';
import { rawHighlight, rawReel, rawUserReel } from './shapes/raw-stories';
import * as v1 from './shapes/v1';
import type { RouteContext, RouteHandler, RouteOutcome } from './types';
import { threadOf, findComment } from './world/comments';
import { pkToShortcode, shortcodeToPk } from './world/ids';
import {
  highlightById, highlightByUrl, mediaByCode, mediaById, mediaByUrl, mediaFileId, shareTarget, storyById, storyByUrl, userById, userByUrl, userByUsername,
} from './world/lookup';
import type { WorldComment, WorldHashtag, WorldHighlight, WorldLocation, WorldMedia, WorldStory, WorldTrack, WorldUser } from './world/model';
import { hashString } from './world/random';
import { searchable } from './world/text';
import { likersOf, type World } from './world/world';

// ---- page sizes (service-facts.md: comments about 15, followers 25-50, reels 12) -------------------

export const SIZE = {
  followersG1: 50,
  followersG2: 40,
  followersV1: 25,
  followersGql: 50,
  followersV2: 25,
  posts: 12,
  reels: 12,
  tagged: 12,
  comments: 15,
  replies: 10,
  commentLikers: 50,
  highlightsV2: 10,
  hashtagFeed: 12,
  placeFeed: 12,
  searchAccounts: 20,
  searchReels: 12,
  topsearch: 10,
  tracks: 12,
  searchMusic: 12,
  searchHashtags: 20,
} as const;

/** Production shows outsiders about the first 50 followers of any account. */
export const FOLLOWER_LIMIT = 50;

// ---- small helpers ---------------------------------------------------------------------------------

type Json = Record<string, unknown>;

export const ok = (body: unknown): RouteOutcome => ({ status: 200, body });

export function isOutcome(value: unknown): value is RouteOutcome {
  return typeof value === 'object' && value !== null && 'status' in value && 'body' in value;
}

/** A query value, trimmed; null when absent or empty. */
export function arg(ctx: RouteContext, name: string): string | null {
  const value = ctx.query.get(name);
  return value === null || value.trim() === '' ? null : value.trim();
}

export function intArg(ctx: RouteContext, name: string, fallback: number): number {
  const value = Number(arg(ctx, name) ?? fallback);
  return Number.isFinite(value) ? Math.trunc(value) : fallback;
}

export function required(ctx: RouteContext, name: string): string | RouteOutcome {
  return arg(ctx, name) ?? missingParam(name);
}

/** `amount` as the v1 endpoints read it: 0 or absent means everything. */
export function amountOf<T>(ctx: RouteContext, items: readonly T[], fallback = 0): T[] {
  const amount = intArg(ctx, 'amount', fallback);
  return amount > 0 ? items.slice(0, amount) : items.slice();
}

export type UserKey = 'id' | 'user_id' | 'username' | 'url';

export function findUser(ctx: RouteContext, key: UserKey): WorldUser | RouteOutcome {
  const value = required(ctx, key);
  if (isOutcome(value)) return value;
  const user = key === 'username' ? userByUsername(ctx.world, value) : key === 'url' ? userByUrl(ctx.world, value) : userById(ctx.world, value);
  return user ?? userNotFound();
}

/** The user, unless the account is private (and `force` is not set where it counts). */
export function readableUser(ctx: RouteContext, key: UserKey, honourForce: boolean): WorldUser | RouteOutcome {
  const user = findUser(ctx, key);
  if (isOutcome(user)) return user;
  return user.isPrivate && !(honourForce && ctx.force) ? privateAccount() : user;
}

export type MediaKey = 'id' | 'media_id' | 'code' | 'url';

export function findMedia(ctx: RouteContext, key: MediaKey): WorldMedia | RouteOutcome {
  const value = required(ctx, key);
  if (isOutcome(value)) return value;
  const m = key === 'code' ? mediaByCode(ctx.world, value) : key === 'url' ? mediaByUrl(ctx.world, value) : mediaById(ctx.world, value);
  if (!m || ctx.world.userByPk.get(m.ownerPk)?.isPrivate) return mediaUnavailable();
  return m;
}

export function page<T>(ctx: RouteContext, list: readonly T[], cursorParam: string, size: number, scope: string, limit?: number): Page<T> | RouteOutcome {
  return paginate(list, arg(ctx, cursorParam), size, scope, limit) ?? invalidCursor(cursorParam);
}

export function users(world: World, pks: readonly string[]): WorldUser[] {
  return pks.flatMap((pk) => {
    const u = world.userByPk.get(pk);
    return u ? [u] : [];
  });
}

export function medias(world: World, pks: readonly string[]): WorldMedia[] {
  return pks.flatMap((pk) => {
    const m = world.mediaByPk.get(pk);
    return m ? [m] : [];
  });
}

function highlights(world: World, pks: readonly string[]): WorldHighlight[] {
  return pks.flatMap((pk) => {
    const h = world.highlightByPk.get(pk);
    return h ? [h] : [];
  });
}

/** Composes lookups: runs `f` with the value unless it is already an answer. */
export function withValue<T>(value: T | RouteOutcome, f: (v: T) => RouteOutcome): RouteOutcome {
  return isOutcome(value) ? value : f(value);
}

function findUserByPk(ctx: RouteContext, pk: string): WorldUser | RouteOutcome {
  return ctx.world.userByPk.get(pk) ?? userNotFound();
}

// ---- users --------------------------------------------------------------------------------------------

const userV1 = (key: UserKey): RouteHandler => (ctx) => withValue(findUser(ctx, key), (u) => ok(v1.userFull(ctx, u)));
const aboutOf = (ctx: RouteContext): RouteOutcome => withValue(findUser(ctx, 'id'), (u) => ok(v1.about(u)));
const userV2 = (key: UserKey): RouteHandler => (ctx) => withValue(findUser(ctx, key), (u) => ok({ user: rawUserFull(ctx, u), status: 'ok' }));

// ---- followers and following --------------------------------------------------------------------

export type Direction = 'followers' | 'following';

/** The list, with production's follower limit applied to followers when it is on. */
export function relationList(ctx: RouteContext, u: WorldUser, dir: Direction): { list: string[]; limit: number; limited: boolean } {
  const list = dir === 'followers' ? u.followers : u.following;
  const limited = dir === 'followers' && ctx.followerLimit && list.length > FOLLOWER_LIMIT;
  return { list, limit: limited ? FOLLOWER_LIMIT : Infinity, limited };
}

function relationPage(ctx: RouteContext, dir: Direction, cursorParam: string, size: number, honourForce: boolean, f: (p: Page<string>, u: WorldUser, limited: boolean) => RouteOutcome): RouteOutcome {
  return withValue(readableUser(ctx, 'user_id', honourForce), (u) => {
    const { list, limit, limited } = relationList(ctx, u, dir);
    // Limited lists come as one page of about 50 with no next page, as production answers outsiders.
    return withValue(page(ctx, list, cursorParam, limited ? limit : size, `${dir}:${u.pk}`, limit), (p) => f(p, u, limited));
  });
}

const g1Relations = (dir: Direction): RouteHandler => (ctx) =>
  relationPage(ctx, dir, 'end_cursor', SIZE.followersG1, false, (p) =>
    ok([users(ctx.world, p.items).map((u) => g1User(ctx, u, dir === 'followers' ? 'always' : 'when-active')), p.next]));

const g2Relations = (dir: Direction): RouteHandler => (ctx) =>
  relationPage(ctx, dir, 'page_id', SIZE.followersG2, false, (p, _u, limited) => {
    const list = users(ctx.world, p.items).map((u) => g2User(ctx, u));
    const response: Json = dir === 'followers'
      ? { users: list, next_max_id: p.next, should_limit_list_of_followers: limited }
      : { users: list, next_max_id: p.next, has_more: p.next !== null };
    return ok({ response, next_page_id: p.next });
  });

const v1RelationsChunk = (dir: Direction): RouteHandler => (ctx) =>
  relationPage(ctx, dir, 'max_id', SIZE.followersV1, false, (p) => ok([users(ctx.world, p.items).map((u) => v1.userShort(ctx, u)), p.next]));

const gqlRelationsChunk = (dir: Direction): RouteHandler => (ctx) =>
  relationPage(ctx, dir, 'end_cursor', SIZE.followersGql, true, (p) =>
    ok([users(ctx.world, p.items).map((u) => (dir === 'followers' ? g1User(ctx, u, 'always') : v1.userShort(ctx, u))), p.next]));

const v2Relations = (dir: Direction): RouteHandler => (ctx) =>
  relationPage(ctx, dir, 'page_id', SIZE.followersV2, false, (p, u, limited) => ok({
    response: {
      users: users(ctx.world, p.items).map((x) => rawUser(ctx, x)),
      big_list: (dir === 'followers' ? u.followers : u.following).length > SIZE.followersV2,
      page_size: SIZE.followersV2,
      next_max_id: p.next,
      has_more: p.next !== null,
      should_limit_list_of_followers: limited,
      status: 'ok',
    },
    next_page_id: p.next,
  }));

interface SearchIndex {
  /** searchable("username full name"), aligned with world.users. */
  users: string[];
  /** searchable("caption username"), aligned with world.media. */
  media: string[];
}

const searchIndexes = new WeakMap<World, SearchIndex>();

/** The world changed (its clock moved): search indexes and remembered results are built again. */
export function forgetSearches(world: World): void {
  searchIndexes.delete(world);
  searchMemo.delete(world);
}

/** Search keys of every user and post, built on the first search. */
function searchIndex(world: World): SearchIndex {
  let index = searchIndexes.get(world);
  if (!index) {
    index = {
      users: world.users.map((u) => searchable(`${u.username} ${u.fullName}`)),
      media: world.media.map((m) => searchable(`${m.caption} ${world.userByPk.get(m.ownerPk)?.username ?? ''}`)),
    };
    searchIndexes.set(world, index);
  }
  return index;
}

/** A query as search compares it ('@' and '#' prefixes dropped). */
export function searchQuery(query: string): string {
  return searchable(query.trim().replace(/^[@#]/, ''));
}

const searchRelations = (dir: Direction): RouteHandler => (ctx) =>
  withValue(readableUser(ctx, 'user_id', true), (u) => withValue(required(ctx, 'query'), (query) => {
    const q = searchQuery(query);
    const found = users(ctx.world, dir === 'followers' ? u.followers : u.following).filter((x) => searchable(`${x.username} ${x.fullName}`).includes(q));
    return ok(found.slice(0, 50).map((x) => v1.userShort(ctx, x)));
  }));

// ---- user posts, reels, tagged posts ------------------------------------------------------------------

function userMediaPage(ctx: RouteContext, which: 'posts' | 'clips' | 'tagged', cursorParam: string, size: number, f: (p: Page<WorldMedia>, u: WorldUser) => RouteOutcome): RouteOutcome {
  return withValue(readableUser(ctx, 'user_id', false), (u) =>
    withValue(page(ctx, u[which], cursorParam, size, `${which}:${u.pk}`), (p) => f({ ...p, items: medias(ctx.world, p.items) }, u)));
}

const mediasChunk: RouteHandler = (ctx) =>
  userMediaPage(ctx, 'posts', 'end_cursor', SIZE.posts, (p) => ok([p.items.map((m) => v1.media(ctx, m)), p.next]));

const g2Medias: RouteHandler = (ctx) =>
  userMediaPage(ctx, 'posts', 'next_page_id', SIZE.posts, (p, u) => ok({
    response: {
      items: p.items.map((m) => g2Media(ctx, m)),
      more_available: p.next !== null,
      next_max_id: p.next,
      num_results: p.items.length,
      auto_load_more_enabled: true,
      profile_grid_items_cursor: p.next,
      pinned_profile_grid_items_ids: u.pinned.join(','),
      'is_fulfilled__(name:"XDTProfileFeedDict")': true,
    },
    next_page_id: p.next,
  }));

const gqlMedias: RouteHandler = (ctx) =>
  userMediaPage(ctx, 'posts', 'profile_grid_items_cursor', SIZE.posts, (p) =>
    ok(mediaStream(ctx, 'xdt_api__v1__feed__user_timeline_graphql_connection', p.items, p.next, 'profile_grid_items_cursor', arg(ctx, 'flat') === 'true')));

const gqlClips: RouteHandler = (ctx) =>
  userMediaPage(ctx, 'clips', 'max_id', SIZE.reels, (p) =>
    ok(mediaStream(ctx, 'xdt_api__v1__clips__user__connection_v2', p.items, p.next, 'max_id', arg(ctx, 'flat') === 'true')));

const clipsChunk: RouteHandler = (ctx) =>
  userMediaPage(ctx, 'clips', 'end_cursor', SIZE.reels, (p) => ok([p.items.map((m) => v1.media(ctx, m)), p.next]));

const clipsV2: RouteHandler = (ctx) =>
  userMediaPage(ctx, 'clips', 'page_id', SIZE.reels, (p) => ok({
    response: { items: p.items.map((m) => ({ media: rawMedia(ctx, m) })), paging_info: { max_id: p.next, more_available: p.next !== null }, status: 'ok' },
    next_page_id: p.next,
  }));

const mediasV2: RouteHandler = (ctx) =>
  userMediaPage(ctx, 'posts', 'page_id', SIZE.posts, (p) => ok({
    response: { items: p.items.map((m) => rawMedia(ctx, m)), num_results: p.items.length, more_available: p.next !== null, next_max_id: p.next, status: 'ok' },
    next_page_id: p.next,
  }));

const taggedChunk: RouteHandler = (ctx) =>
  userMediaPage(ctx, 'tagged', 'max_id', SIZE.tagged, (p) => ok([p.items.map((m) => v1.media(ctx, m)), p.next]));

const taggedV2: RouteHandler = (ctx) =>
  userMediaPage(ctx, 'tagged', 'page_id', SIZE.tagged, (p, u) => ok({
    response: {
      items: p.items.map((m) => rawMedia(ctx, m)),
      num_results: p.items.length,
      total_count: u.tagged.length,
      more_available: p.next !== null,
      next_max_id: p.next,
      requires_review: false,
      status: 'ok',
    },
    next_page_id: p.next,
  }));

const pinned: RouteHandler = (ctx) =>
  withValue(readableUser(ctx, 'user_id', false), (u) => ok(amountOf(ctx, medias(ctx.world, u.pinned), 33).map((m) => v1.media(ctx, m))));

// ---- stories and highlights ------------------------------------------------------------------------------

const userStoriesV1 = (key: UserKey): RouteHandler => (ctx) =>
  withValue(readableUser(ctx, key, true), (u) => ok(amountOf(ctx, activeStories(ctx, u)).map((s) => v1.story(ctx, s))));

const userStoriesV2 = (key: UserKey): RouteHandler => (ctx) =>
  withValue(readableUser(ctx, key, true), (u) => ok({ reel: rawUserReel(ctx, u), status: 'ok' }));

const userHighlightsV1 = (key: UserKey): RouteHandler => (ctx) =>
  withValue(readableUser(ctx, key, true), (u) => ok(amountOf(ctx, highlights(ctx.world, u.highlights)).map((h) => v1.highlight(ctx, h, false))));

/** `/v2/user/highlights*`: pages with next_page_id and ignores `amount` (service-facts.md). */
const userHighlightsV2 = (key: UserKey): RouteHandler => (ctx) =>
  withValue(readableUser(ctx, key, true), (u) =>
    withValue(page(ctx, u.highlights, 'page_id', SIZE.highlightsV2, `highlights:${u.pk}`), (p) => ok({
      response: {
        tray: highlights(ctx.world, p.items).map((h) => rawHighlight(ctx, h, false)),
        suggested_highlights: {},
        highlights_tray_type: 'DEFAULT',
        status: 'ok',
      },
      next_page_id: p.next,
    })));

function visibleStory(ctx: RouteContext, s: WorldStory | undefined): WorldStory | RouteOutcome {
  if (!s) return notFound('Story');
  return ctx.world.userByPk.get(s.ownerPk)?.isPrivate && !ctx.force ? privateAccount() : s;
}

function storyFrom(ctx: RouteContext, key: 'id' | 'url'): WorldStory | RouteOutcome {
  return withValueT(required(ctx, key), (value) => visibleStory(ctx, key === 'id' ? storyById(ctx.world, value) : storyByUrl(ctx.world, value)));
}

/** Like withValue, for lookups that give an entity or an answer. */
export function withValueT<T, U>(value: T | RouteOutcome, f: (v: T) => U | RouteOutcome): U | RouteOutcome {
  return isOutcome(value) ? value : f(value);
}

const storyV1 = (key: 'id' | 'url'): RouteHandler => (ctx) => withValue(storyFrom(ctx, key), (s) => ok(v1.story(ctx, s)));

const storyV2 = (key: 'id' | 'url'): RouteHandler => (ctx) =>
  withValue(storyFrom(ctx, key), (s) => {
    const owner = ctx.world.userByPk.get(s.ownerPk);
    return owner ? ok({ reel: rawReel(ctx, owner, [s]), status: 'ok' }) : notFound('Story');
  });

const storyDownload = (key: 'id' | 'url' | 'file'): RouteHandler => (ctx) => {
  const found = key === 'file'
    ? withValueT(required(ctx, 'url'), (url) => {
        const id = mediaFileId(url);
        return visibleStory(ctx, id ? ctx.world.storyByPk.get(id) : undefined);
      })
    : storyFrom(ctx, key);
  return withValue(found, (s) => ok(v1.storyDownload(ctx, s)));
};

function visibleHighlight(ctx: RouteContext, h: WorldHighlight | undefined): WorldHighlight | RouteOutcome {
  if (!h) return notFound('Highlight');
  return ctx.world.userByPk.get(h.ownerPk)?.isPrivate && !ctx.force ? privateAccount() : h;
}

const highlightV1 = (key: 'id' | 'url'): RouteHandler => (ctx) =>
  withValue(withValueT(required(ctx, key), (v) => visibleHighlight(ctx, key === 'id' ? highlightById(ctx.world, v) : highlightByUrl(ctx.world, v))),
    (h) => ok(v1.highlight(ctx, h, true)));

const highlightV2: RouteHandler = (ctx) =>
  withValue(withValueT(required(ctx, 'id'), (v) => visibleHighlight(ctx, highlightById(ctx.world, v))),
    (h) => ok({ response: { reels: { [`highlight:${h.pk}`]: rawHighlight(ctx, h, true) }, status: 'ok' } }));

// ---- share links -------------------------------------------------------------------------------------

function shareAnswer(ctx: RouteContext, code: string | null): RouteOutcome {
  const target = code ? shareTarget(ctx.world, code) : null;
  return target ? ok({ pk: target.pk, type: target.type }) : notFound('Share');
}

function shareCodeOfUrl(url: string): string | null {
  try {
    const parts = new URL(url).pathname.split('/').filter((s) => s !== '');
    return parts[0] === 's' && parts[1] ? parts[1] : null;
  } catch {
    return null;
  }
}

// ---- posts ----------------------------------------------------------------------------------------------

const mediaV1 = (key: MediaKey): RouteHandler => (ctx) => withValue(findMedia(ctx, key), (m) => ok(v1.media(ctx, m)));
const mediaV2 = (key: MediaKey): RouteHandler => (ctx) => withValue(findMedia(ctx, key), (m) => ok({ media_or_ad: rawMedia(ctx, m), status: 'ok' }));

const codeFromPk: RouteHandler = (ctx) =>
  withValue(required(ctx, 'pk'), (pk) => (/^\d{1,20}$/.test(pk) ? ok(pkToShortcode(pk)) : invalidParam('pk', 'Media pk must be digits')));

const pkFromCode: RouteHandler = (ctx) =>
  withValue(required(ctx, 'code'), (code) => {
    const pk = shortcodeToPk(code);
    return pk ? ok(pk) : invalidParam('code', 'Not a short code');
  });

const pkFromUrl: RouteHandler = (ctx) =>
  withValue(required(ctx, 'url'), (url) => {
    const m = mediaByUrl(ctx.world, url);
    if (m) return ok(m.pk);
    let last: string | undefined;
    try {
      last = new URL(url).pathname.split('/').filter((s) => s !== '').pop();
    } catch {
      last = undefined;
    }
    const pk = last ? shortcodeToPk(last) : null;
    return pk ? ok(pk) : invalidParam('url', 'Not a post link');
  });

/** Comments of a post that can be read: 403 when disabled, 404 when there are none. */
export function commentThread(ctx: RouteContext, key: MediaKey): { media: WorldMedia; top: WorldComment[] } | RouteOutcome {
  return withValueT(findMedia(ctx, key), (m) => {
    if (m.commentsDisabled) return commentsDisabled();
    const thread = threadOf(ctx.world, m);
    return thread.total === 0 ? entriesNotFound() : { media: m, top: thread.top };
  });
}

const commentsChunk: RouteHandler = (ctx) =>
  withValue(commentThread(ctx, 'id'), ({ media: m, top }) => {
    const threaded = arg(ctx, 'can_support_threading') !== 'false';
    const list = threaded ? top : top.flatMap((c) => [c, ...c.replies]).sort((a, b) => b.createdAt - a.createdAt || (a.pk < b.pk ? 1 : -1));
    return withValue(page(ctx, list, 'max_id', SIZE.comments, `comments:${m.pk}:${threaded}`), (p) =>
      ok([p.items.map((c) => v1.comment(ctx, c)), p.next, null]));
  });

const commentsV2: RouteHandler = (ctx) =>
  withValue(commentThread(ctx, 'id'), ({ media: m, top }) =>
    withValue(page(ctx, top, 'page_id', SIZE.comments, `comments-v2:${m.pk}`), (p) => ok({
      response: {
        comments: p.items.map((c) => rawComment(ctx, c)),
        ...commentsEnvelope(ctx, m),
        has_more_comments: p.next !== null,
        next_max_id: p.next,
        next_min_id: p.next,
      },
      next_page_id: p.next,
    })));

const replies: RouteHandler = (ctx) =>
  withValue(findMedia(ctx, 'media_id'), (m) => withValue(required(ctx, 'comment_id'), (commentId) => {
    const parent = threadOf(ctx.world, m).byPk.get(commentId);
    if (!parent || parent.parentPk !== null) return entriesNotFound();
    return withValue(page(ctx, parent.replies, 'min_id', SIZE.replies, `replies:${parent.pk}`), (p) => ok({
      parent_comment: rawComment(ctx, parent, null, false),
      child_comment_count: parent.replies.length,
      child_comments: p.items.map((c, i) => rawComment(ctx, c, p.offset + i)),
      has_more_head_child_comments: p.next !== null,
      has_more_tail_child_comments: false,
      is_ranked_replies: false,
      liked_by_media_owner_badge_enabled: false,
      next_min_id: p.next,
      num_head_child_comments: Math.max(0, parent.replies.length - p.offset - p.items.length),
      status: 'ok',
    }));
  }));

const commentLikers: RouteHandler = (ctx) =>
  withValue(required(ctx, 'comment_id'), (commentId) => {
    const c = findComment(ctx.world, commentId);
    if (!c) return entriesNotFound();
    const likers = likersOf(ctx.world, c.likerOffset, c.likeCount);
    return withValue(page(ctx, likers, 'end_cursor', SIZE.commentLikers, `comment-likers:${c.pk}`), (p) =>
      ok([users(ctx.world, p.items).map((u) => gqlCommentLiker(ctx, u)), p.next]));
  });

export function likers(ctx: RouteContext, m: WorldMedia): WorldUser[] {
  return users(ctx.world, likersOf(ctx.world, m.likerOffset, m.likeCount));
}

const likersV1: RouteHandler = (ctx) => withValue(findMedia(ctx, 'id'), (m) => ok(likers(ctx, m).map((u) => v1.userShort(ctx, u))));
const likersGql: RouteHandler = (ctx) => withValue(findMedia(ctx, 'media_id'), (m) => ok(likers(ctx, m).map((u) => gqlLiker(ctx, u))));
const likersV2: RouteHandler = (ctx) =>
  withValue(findMedia(ctx, 'id'), (m) => ok({ users: likers(ctx, m).map((u) => rawUser(ctx, u)), user_count: m.likeCount, status: 'ok' }));

const usertags: RouteHandler = (ctx) => {
  const ids = ctx.query.getAll('media_ids').flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v !== '');
  if (ids.length === 0) return missingParam('media_ids');
  if (ids.length > 10) return invalidParam('media_ids', 'At most 10 media ids');
  const found = ids.flatMap((id) => {
    const m = mediaById(ctx.world, id);
    return m && !ctx.world.userByPk.get(m.ownerPk)?.isPrivate ? [m] : [];
  });
  return ok(usertagsMultifetch(ctx, found));
};

const OFFENSIVE = /\b(idiot|stupid|loser|hate you|ugly)\b/i;

function languageOf(text: string): string {
  if (/\p{Script=Cyrillic}/u.test(text)) return 'ru';
  if (/\p{Script=Arabic}/u.test(text)) return 'ar';
  if (/\p{Script=Hangul}/u.test(text)) return 'ko';
  if (/[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u.test(text)) return 'ja';
  return 'en';
}

const offensive: RouteHandler = (ctx) =>
  withValue(findMedia(ctx, 'media_id'), () => withValue(required(ctx, 'comment'), (text) =>
    ok({ response: { is_offensive: OFFENSIVE.test(text), text_language: languageOf(text), status: 'ok' }, next_page_id: null })));

// ---- places -------------------------------------------------------------------------------------------

export function findLocation(ctx: RouteContext, key: 'id' | 'location_pk'): WorldLocation | RouteOutcome {
  return withValueT(required(ctx, key), (v) => (/^\d+$/.test(v) ? ctx.world.locationByPk.get(Number(v)) : undefined) ?? notFound('Location'));
}

const placeFeed = (which: 'recent' | 'top', fallback: number): RouteHandler => (ctx) =>
  withValue(findLocation(ctx, 'location_pk'), (l) => ok(amountOf(ctx, medias(ctx.world, l[which]), fallback).map((m) => v1.media(ctx, m))));

const placeFeedChunk = (which: 'recent' | 'top'): RouteHandler => (ctx) =>
  withValue(findLocation(ctx, 'location_pk'), (l) =>
    withValue(page(ctx, l[which], 'max_id', SIZE.placeFeed, `place-${which}:${l.pk}`), (p) => ok([medias(ctx.world, p.items).map((m) => v1.media(ctx, m)), p.next])));

/** Distance in km (equirectangular: plenty for sorting places in a city). */
function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const x = ((lng2 - lng1) * Math.PI) / 180 * Math.cos((((lat1 + lat2) / 2) * Math.PI) / 180);
  const y = ((lat2 - lat1) * Math.PI) / 180;
  return Math.sqrt(x * x + y * y) * 6371;
}

export function placesMatching(world: World, query: string): WorldLocation[] {
  const q = searchQuery(query);
  return q === '' ? [] : world.locations.filter((l) => searchable(`${l.name} ${l.city}`).includes(q));
}

const nearby: RouteHandler = (ctx) => {
  const lat = Number(arg(ctx, 'lat'));
  const lng = Number(arg(ctx, 'lng'));
  if (!Number.isFinite(lat)) return missingParam('lat');
  if (!Number.isFinite(lng)) return missingParam('lng');
  const sorted = ctx.world.locations.slice().sort((a, b) => distanceKm(lat, lng, a.lat, a.lng) - distanceKm(lat, lng, b.lat, b.lng));
  return ok(sorted.slice(0, 20).map((l) => v1.location(ctx, l)));
};

const placesV1: RouteHandler = (ctx) =>
  withValue(required(ctx, 'query'), (query) => {
    const lat = Number(arg(ctx, 'lat') ?? 40.74);
    const lng = Number(arg(ctx, 'lng') ?? -73.94);
    const found = placesMatching(ctx.world, query).sort((a, b) => distanceKm(lat, lng, a.lat, a.lng) - distanceKm(lat, lng, b.lat, b.lng));
    return ok(found.slice(0, 30).map((l) => v1.location(ctx, l)));
  });

export function rankToken(query: string): string {
  const h = hashString(query).toString(16).padStart(8, '0');
  const g = hashString(`${query}#rank`).toString(16).padStart(8, '0');
  return `${h}-${g.slice(0, 4)}-4${g.slice(4, 7)}-8${h.slice(0, 3)}-${g}${h.slice(0, 4)}`;
}

const placesV2: RouteHandler = (ctx) =>
  withValue(required(ctx, 'query'), (query) => ok({
    items: placesMatching(ctx.world, query).slice(0, 30).map((l) => ({ location: rawLocation(l), title: l.name, subtitle: l.address || l.city })),
    has_more: false,
    rank_token: rankToken(query),
    status: 'ok',
  }));

// ---- hashtags -----------------------------------------------------------------------------------------

export function findHashtag(ctx: RouteContext): WorldHashtag | RouteOutcome {
  return withValueT(required(ctx, 'name'), (name) => ctx.world.hashtagByName.get(name.toLowerCase()) ?? notFound('Hashtag'));
}

const hashtagV1: RouteHandler = (ctx) => withValue(findHashtag(ctx), (h) => ok(v1.hashtag(ctx, h)));
const hashtagV2: RouteHandler = (ctx) => withValue(findHashtag(ctx), (h) => ok(v1.hashtagV2(ctx, h)));

const hashtagChunk = (which: 'top' | 'clips' | 'recent'): RouteHandler => (ctx) =>
  withValue(findHashtag(ctx), (h) =>
    withValue(page(ctx, h[which], 'max_id', SIZE.hashtagFeed, `tag-${which}:${h.id}`), (p) => ok([medias(ctx.world, p.items).map((m) => v1.media(ctx, m)), p.next])));

/** `/v2/hashtag/medias/*`: rows of posts (shapes/sections.ts), pks as strings and usertags as a list. */
const hashtagSections = (which: 'top' | 'clips' | 'recent'): RouteHandler => (ctx) =>
  withValue(findHashtag(ctx), (h) =>
    withValue(page(ctx, h[which], 'page_id', SIZE.hashtagFeed, `tag-v2-${which}:${h.id}`), (p) => ok({
      response: {
        sections: mediaSections(ctx, medias(ctx.world, p.items), { stringIds: true, usertagsList: true }),
        more_available: p.next !== null,
        next_max_id: p.next,
        next_page: Math.floor(p.offset / SIZE.hashtagFeed) + 1,
        next_media_ids: [],
        auto_load_more_enabled: true,
        status: 'ok',
      },
      next_page_id: p.next,
    })));

function hashtagsMatching(world: World, query: string): WorldHashtag[] {
  const q = searchQuery(query);
  if (q === '') return [];
  return world.hashtags.filter((h) => searchable(h.name).includes(q)).sort((a, b) => b.recent.length - a.recent.length || (a.name < b.name ? -1 : 1));
}

const searchHashtagsV1: RouteHandler = (ctx) =>
  withValue(required(ctx, 'query'), (query) => ok(hashtagsMatching(ctx.world, query).slice(0, SIZE.searchHashtags).map((h) => v1.hashtag(ctx, h))));

const searchHashtagsV2: RouteHandler = (ctx) =>
  withValue(required(ctx, 'query'), (query) =>
    withValue(page(ctx, hashtagsMatching(ctx.world, query), 'page_token', SIZE.searchHashtags, `tag-search:${query}`), (p) => ok({
      results: p.items.map((h) => ({
        id: BigInt(h.id),
        name: h.name,
        media_count: h.recent.length,
        formatted_media_count: formatCount(h.recent.length),
        search_result_subtitle: `${formatCount(h.recent.length)} posts`,
        use_default_avatar: true,
        challenge_id: null,
      })),
      has_more: p.next !== null,
      page_token: p.next,
      rank_token: rankToken(query),
      status: 'ok',
    })));

// ---- search --------------------------------------------------------------------------------------------

/** Accounts matching a query: main accounts by follower count first. */
export function accountsMatching(world: World, query: string): WorldUser[] {
  const q = searchQuery(query);
  if (q === '') return [];
  const keys = searchIndex(world).users;
  return world.users
    .filter((_, i) => (keys[i] ?? '').includes(q))
    .sort((a, b) => b.followers.length - a.followers.length || (a.username < b.username ? -1 : 1));
}

const searchUsers: RouteHandler = (ctx) =>
  withValue(required(ctx, 'query'), (query) => ok(accountsMatching(ctx.world, query).slice(0, 30).map((u) => v1.userShort(ctx, u, { numericPk: true }))));

const searchAccountsV2: RouteHandler = (ctx) =>
  withValue(required(ctx, 'query'), (query) =>
    withValue(page(ctx, memo(ctx.world, `accounts:${query}`, () => accountsMatching(ctx.world, query)), 'page_token', SIZE.searchAccounts, `accounts:${query}`), (p) => ok({
      num_results: p.items.length,
      users: p.items.map((u) => ({
        ...rawUser(ctx, u),
        search_social_context: socialContext(ctx, u),
        search_serp_type: 3,
        is_verified_search_boosted: false,
      })),
      has_more: p.next !== null,
      rank_token: rankToken(query),
      clear_client_cache: false,
      page_token: p.next,
      status: 'ok',
    })));

/** Public posts (or reels) whose caption, tags or author match a query, newest first. */
export function postsMatching(world: World, query: string, reelsOnly: boolean): WorldMedia[] {
  const q = searchQuery(query);
  if (q === '') return [];
  const keys = searchIndex(world).media;
  return world.media
    .filter((m, i) => (!reelsOnly || m.productType === 'clips') && !world.userByPk.get(m.ownerPk)?.isPrivate && world.mediaByPk.has(m.pk) && (keys[i] ?? '').includes(q))
    .sort((a, b) => b.takenAt - a.takenAt || (a.pk < b.pk ? 1 : -1));
}

const searchReels: RouteHandler = (ctx) =>
  withValue(required(ctx, 'query'), (query) =>
    withValue(page(ctx, memo(ctx.world, `reels:${query}`, () => postsMatching(ctx.world, query, true)), 'reels_max_id', SIZE.searchReels, `reels:${query}`), (p) => ok({
      reels_serp_modules: p.items.length > 0 ? [{ module_type: 'clips', clips: p.items.map((m) => ({ media: rawMedia(ctx, m) })) }] : [],
      has_more: p.next !== null,
      reels_max_id: p.next,
      page_index: Math.floor(p.offset / SIZE.searchReels),
      rank_token: arg(ctx, 'rank_token') ?? rankToken(query),
      status: 'ok',
    })));

const searchMemo = new WeakMap<World, Map<string, unknown>>();

/** Search results are recomputed for every page otherwise: keep the last few per world. */
export function memo<T>(world: World, key: string, compute: () => T): T {
  let cache = searchMemo.get(world);
  if (!cache) {
    cache = new Map();
    searchMemo.set(world, cache);
  }
  if (cache.has(key)) return cache.get(key) as T;
  const value = compute();
  if (cache.size >= 64) cache.delete(cache.keys().next().value as string);
  cache.set(key, value);
  return value;
}

/** Top search units: two accounts, then three posts, and so on; then whatever remains. */
export function topsearchUnits(world: World, query: string): TopsearchUnit[] {
  const accounts = accountsMatching(world, query).slice(0, 20);
  const posts = postsMatching(world, query, false).slice(0, 60);
  const units: TopsearchUnit[] = [];
  let a = 0;
  let m = 0;
  while (a < accounts.length || m < posts.length) {
    for (let i = 0; i < 2 && a < accounts.length; i++) units.push({ kind: 'user', user: accounts[a++] as WorldUser });
    for (let i = 0; i < 3 && m < posts.length; i++) units.push({ kind: 'media', media: posts[m++] as WorldMedia });
  }
  return units;
}

const topsearch: RouteHandler = (ctx) =>
  withValue(required(ctx, 'query'), (query) =>
    withValue(page(ctx, memo(ctx.world, `topsearch:${query}`, () => topsearchUnits(ctx.world, query)), 'end_cursor', SIZE.topsearch, `topsearch:${query}`), (p) =>
      ok(arg(ctx, 'flat') === 'true' ? topsearchFlat(ctx, p.items, p.next) : topsearchStream(ctx, query, p.items, p.next))));

function tracksMatching(world: World, query: string): WorldTrack[] {
  const q = searchQuery(query);
  return q === '' ? [] : world.tracks.filter((t) => searchable(`${t.title} ${t.artist}`).includes(q));
}

const searchMusicV1: RouteHandler = (ctx) => withValue(required(ctx, 'query'), (query) => ok(tracksMatching(ctx.world, query).map((t) => v1.track(ctx, t))));

const searchMusicV2: RouteHandler = (ctx) =>
  withValue(required(ctx, 'query'), (query) =>
    withValue(page(ctx, tracksMatching(ctx.world, query), 'next_max_id', SIZE.searchMusic, `music:${query}`), (p) => ok({
      items: p.items.map((t) => ({ track: musicAssetInfo(ctx, t), metadata: { is_bookmarked: false, allow_media_creation_with_music: true } })),
      page_info: { next_max_id: p.next, more_available: p.next !== null },
      alacorn_session_id: rankToken(query).slice(0, 21),
      licensed_music_eligibility_state: 'ELIGIBLE',
      status: 'ok',
    })));

// ---- music ----------------------------------------------------------------------------------------------

const trackReels = (key: 'canonical_id' | 'track_id'): RouteHandler => (ctx) =>
  withValue(required(ctx, key), (id) => {
    const t = key === 'canonical_id' ? ctx.world.trackByCanonicalId.get(id) : (ctx.world.trackById.get(id) ?? ctx.world.tracks.find((x) => x.assetId === id));
    if (!t) return notFound('Track');
    return withValue(page(ctx, t.reels, 'page_id', SIZE.tracks, `track:${t.id}`), (p) => ok(musicPage(ctx, t, medias(ctx.world, p.items), p.next)));
  });

// ---- the table -----------------------------------------------------------------------------------------

/** The endpoints the app reads most; routes-more.ts adds the rest and assembles ROUTES. */
export const CORE_ROUTES: Record<string, RouteHandler> = {
  // users
  '/v1/user/by/username': userV1('username'),
  '/v1/user/by/id': userV1('id'),
  '/v1/user/by/url': userV1('url'),
  '/v1/user/about': aboutOf,
  '/gql/user/about': aboutOf,
  '/v2/user/by/username': userV2('username'),
  '/v2/user/by/id': userV2('id'),
  '/gql/user/web_profile_info': (ctx) => withValue(findUser(ctx, 'user_id'), (u) => ok(rawUserFull(ctx, u))),
  '/a2/user': (ctx) => withValue(findUser(ctx, 'username'), (u) => ok(a2User(ctx, u))),
  '/v1/media/user': (ctx) => withValue(findMedia(ctx, 'media_id'), (m) => withValue(findUserByPk(ctx, m.ownerPk), (u) => ok(v1.userShort(ctx, u)))),

  // followers and following
  '/g1/user/followers': g1Relations('followers'),
  '/g1/user/following': g1Relations('following'),
  '/g2/user/followers': g2Relations('followers'),
  '/g2/user/following': g2Relations('following'),
  '/v1/user/followers/chunk': v1RelationsChunk('followers'),
  '/v1/user/following/chunk': v1RelationsChunk('following'),
  '/gql/user/followers/chunk': gqlRelationsChunk('followers'),
  '/gql/user/following/chunk': gqlRelationsChunk('following'),
  '/v2/user/followers': v2Relations('followers'),
  '/v2/user/following': v2Relations('following'),
  '/v1/user/search/followers': searchRelations('followers'),
  '/v1/user/search/following': searchRelations('following'),

  // posts, reels, tagged posts of a user
  '/v1/user/medias/chunk': mediasChunk,
  '/g2/user/medias': g2Medias,
  '/gql/user/medias': gqlMedias,
  '/v2/user/medias': mediasV2,
  '/v1/user/medias/pinned': pinned,
  '/v1/user/clips/chunk': clipsChunk,
  '/v2/user/clips': clipsV2,
  '/gql/user/clips': gqlClips,
  '/v1/user/tag/medias/chunk': taggedChunk,
  '/v2/user/tag/medias': taggedV2,

  // stories and highlights
  '/v1/user/stories': userStoriesV1('user_id'),
  '/v1/user/stories/by/username': userStoriesV1('username'),
  '/v2/user/stories': userStoriesV2('user_id'),
  '/v2/user/stories/by/username': userStoriesV2('username'),
  '/v1/user/highlights': userHighlightsV1('user_id'),
  '/v1/user/highlights/by/username': userHighlightsV1('username'),
  '/v2/user/highlights': userHighlightsV2('user_id'),
  '/v2/user/highlights/by/username': userHighlightsV2('username'),
  '/v1/story/by/id': storyV1('id'),
  '/v1/story/by/url': storyV1('url'),
  '/v2/story/by/id': storyV2('id'),
  '/v2/story/by/url': storyV2('url'),
  '/v1/story/download': storyDownload('id'),
  '/v1/story/download/by/story/url': storyDownload('url'),
  '/v1/story/download/by/url': storyDownload('file'),
  '/v1/highlight/by/url': highlightV1('url'),
  '/v1/highlight/by/id': highlightV1('id'),
  '/v2/highlight/by/id': highlightV2,

  // share links
  '/v1/share/by/code': (ctx) => withValue(required(ctx, 'code'), (code) => shareAnswer(ctx, code)),
  '/v1/share/by/url': (ctx) => withValue(required(ctx, 'url'), (url) => shareAnswer(ctx, shareCodeOfUrl(url))),
  '/v1/share/reel/by/url': (ctx) => withValue(findMedia(ctx, 'url'), (m) => (m.productType === 'clips' ? ok(m.pk) : mediaUnavailable())),

  // posts
  '/v1/media/by/code': mediaV1('code'),
  '/v1/media/by/id': mediaV1('id'),
  '/v1/media/by/url': mediaV1('url'),
  '/v2/media/info/by/code': mediaV2('code'),
  '/v2/media/info/by/id': mediaV2('id'),
  '/v2/media/info/by/url': mediaV2('url'),
  '/v1/media/code/from/pk': codeFromPk,
  '/v1/media/pk/from/code': pkFromCode,
  '/v1/media/pk/from/url': pkFromUrl,
  '/v1/media/comments/chunk': commentsChunk,
  '/v2/media/comments': commentsV2,
  '/v2/media/comments/replies': replies,
  '/v2/media/comment/offensive': offensive,
  '/gql/comment/likers/chunk': commentLikers,
  '/v1/media/likers': likersV1,
  '/gql/media/likers': likersGql,
  '/v2/media/likers': likersV2,
  '/gql/media/usertags': usertags,
  '/v1/media/insight': (ctx) => withValue(findMedia(ctx, 'media_id'), (m) => ok(v1.insight(ctx, m))),
  '/v1/media/oembed': (ctx) => withValue(findMedia(ctx, 'url'), (m) => ok(v1.oembed(ctx, m))),

  // places
  '/v1/location/by/id': (ctx) => withValue(findLocation(ctx, 'id'), (l) => ok(v1.location(ctx, l))),
  '/v1/location/medias/recent': placeFeed('recent', 63),
  '/v1/location/medias/top': placeFeed('top', 21),
  '/v1/location/medias/recent/chunk': placeFeedChunk('recent'),
  '/v1/location/medias/top/chunk': placeFeedChunk('top'),
  '/v1/location/search': nearby,
  '/v1/fbsearch/places': placesV1,
  '/v2/fbsearch/places': placesV2,

  // hashtags
  '/v1/hashtag/by/name': hashtagV1,
  '/v2/hashtag/by/name': hashtagV2,
  '/v1/hashtag/medias/top/chunk': hashtagChunk('top'),
  '/v1/hashtag/medias/clips/chunk': hashtagChunk('clips'),
  '/v1/hashtag/medias/recent/chunk': hashtagChunk('recent'),
  '/v2/hashtag/medias/recent': hashtagSections('recent'),
  '/v2/hashtag/medias/top': hashtagSections('top'),
  '/v2/hashtag/medias/clips': hashtagSections('clips'),
  '/v1/search/hashtags': searchHashtagsV1,
  '/v1/fbsearch/topsearch/hashtags': searchHashtagsV1,
  '/v2/search/hashtags': searchHashtagsV2,

  // search
  '/v1/search/users': searchUsers,
  '/v2/fbsearch/accounts': searchAccountsV2,
  '/v3/fbsearch/accounts': searchAccountsV2,
  '/v2/fbsearch/reels': searchReels,
  '/gql/topsearch': topsearch,
  '/v1/search/music': searchMusicV1,
  '/v2/search/music': searchMusicV2,

  // music
  '/v2/track/by/canonical/id': trackReels('canonical_id'),
  '/v2/track/by/id': trackReels('track_id'),
};

