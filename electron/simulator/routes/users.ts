// Users, their followers and following, and the posts, reels and tagged posts of a user.
import { g1User } from '../shapes/g1';
import { g2ListUser, g2Media } from '../shapes/g2';
import { clipsStream, mediasStream } from '../shapes/gql-grids';
import type { Page } from '../shapes/paging';
import { v2Followed, v2Follower } from '../shapes/relations';
import { rawMedia, rawUserFull, V2_USER_FEED } from '../shapes/raw';
import * as v1 from '../shapes/v1';
import type { RouteContext, RouteHandler, RouteOutcome } from '../types';
import type { WorldMedia, WorldUser } from '../world/model';
import { hashString } from '../world/random';
import { searchable } from '../world/text';
import { FOLLOWER_LIMIT, SIZE, amountOf, arg, findUser, medias, ok, page, readableUser, required, type UserKey, users, withValue } from './common';
import { searchQuery } from './search-index';

type Json = Record<string, unknown>;

// ---- users --------------------------------------------------------------------------------------------

export const userV1 = (key: UserKey): RouteHandler => (ctx) => withValue(findUser(ctx, key), (u) => ok(v1.userFull(ctx, u)));
export const aboutOf = (ctx: RouteContext): RouteOutcome => withValue(findUser(ctx, 'id'), (u) => ok(v1.about(u)));
export const userV2 = (key: UserKey): RouteHandler => (ctx) => withValue(findUser(ctx, key), (u) => ok({ user: rawUserFull(ctx, u), status: 'ok' }));

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

export const g1Relations = (dir: Direction): RouteHandler => (ctx) =>
  relationPage(ctx, dir, 'end_cursor', SIZE.followersG1, false, (p) =>
    ok([users(ctx.world, p.items).map((u) => g1User(ctx, u, dir === 'followers' ? 'always' : 'when-active')), p.next]));

export const g2Relations = (dir: Direction): RouteHandler => (ctx) =>
  relationPage(ctx, dir, 'page_id', SIZE.followersG2, false, (p, _u, limited) => {
    const list = users(ctx.world, p.items).map((u) => g2ListUser(ctx, u));
    const response: Json = dir === 'followers'
      ? { users: list, next_max_id: p.next, should_limit_list_of_followers: limited }
      : { users: list, next_max_id: p.next, has_more: p.next !== null };
    return ok({ response, next_page_id: p.next });
  });

export const v1RelationsChunk = (dir: Direction): RouteHandler => (ctx) =>
  relationPage(ctx, dir, 'max_id', SIZE.followersV1, false, (p) => ok([users(ctx.world, p.items).map((u) => v1.userShort(ctx, u)), p.next]));

export const gqlRelationsChunk = (dir: Direction): RouteHandler => (ctx) =>
  relationPage(ctx, dir, 'end_cursor', SIZE.followersGql, true, (p) =>
    ok([users(ctx.world, p.items).map((u) => (dir === 'followers' ? g1User(ctx, u, 'always') : v1.userShort(ctx, u))), p.next]));

/**
 * The service's `{response, next_page_id}` envelope. Followers (the web's GraphQL list) leave the private
 * API's fields null, save the follower cap the app shows; following carries them, `next_max_id` the offset
 * as a string, as the service's documented answers do.
 */
export const v2Relations = (dir: Direction): RouteHandler => (ctx) =>
  relationPage(ctx, dir, 'page_id', SIZE.followersV2, false, (p, u, limited) => {
    const list = users(ctx.world, p.items);
    const response: Json = dir === 'followers'
      ? {
          users: list.map((x) => v2Follower(ctx, x)),
          big_list: null, page_size: null, next_max_id: null, has_more: null,
          should_limit_list_of_followers: limited ? true : null,
          use_clickable_see_more: null, show_spam_follow_request_tab: null, status: null,
        }
      : {
          users: list.map((x) => v2Followed(ctx, x)),
          big_list: u.following.length > SIZE.followersV2,
          page_size: SIZE.followersV2,
          next_max_id: p.next === null ? null : String(p.offset + p.items.length),
          has_more: p.next !== null,
          should_limit_list_of_followers: false,
          use_clickable_see_more: false,
          follow_ranking_token: `${hashString(`rank:${u.pk}`).toString(16).padStart(8, '0')}|${u.pk}|osr`,
          status: 'ok',
        };
    return ok({ response, next_page_id: p.next });
  });

export const searchRelations = (dir: Direction): RouteHandler => (ctx) =>
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

export const mediasChunk: RouteHandler = (ctx) =>
  userMediaPage(ctx, 'posts', 'end_cursor', SIZE.posts, (p) => ok([p.items.map((m) => v1.media(ctx, m)), p.next]));

export const g2Medias: RouteHandler = (ctx) =>
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

export const gqlMedias: RouteHandler = (ctx) =>
  userMediaPage(ctx, 'posts', 'profile_grid_items_cursor', SIZE.posts, (p, u) =>
    ok(mediasStream(ctx, u, p.items, p.next, arg(ctx, 'flat') === 'true')));

export const gqlClips: RouteHandler = (ctx) =>
  userMediaPage(ctx, 'clips', 'max_id', SIZE.reels, (p) =>
    ok(clipsStream(ctx, p.items, p.next, arg(ctx, 'flat') === 'true')));

export const clipsChunk: RouteHandler = (ctx) =>
  userMediaPage(ctx, 'clips', 'end_cursor', SIZE.reels, (p) => ok([p.items.map((m) => v1.media(ctx, m)), p.next]));


export const clipsV2: RouteHandler = (ctx) =>
  userMediaPage(ctx, 'clips', 'page_id', SIZE.reels, (p) => ok({
    response: { items: p.items.map((m) => ({ media: rawMedia(ctx, m, V2_USER_FEED) })), paging_info: { max_id: p.next, more_available: p.next !== null }, status: 'ok' },
    next_page_id: p.next,
  }));

export const mediasV2: RouteHandler = (ctx) =>
  userMediaPage(ctx, 'posts', 'page_id', SIZE.posts, (p) => ok({
    response: { items: p.items.map((m) => rawMedia(ctx, m, V2_USER_FEED)), num_results: p.items.length, more_available: p.next !== null, next_max_id: p.next, status: 'ok' },
    next_page_id: p.next,
  }));

export const taggedChunk: RouteHandler = (ctx) =>
  userMediaPage(ctx, 'tagged', 'max_id', SIZE.tagged, (p) => ok([p.items.map((m) => v1.media(ctx, m)), p.next]));

/** Production writes this feed's `next_max_id` as a bare number: the last post's pk. */
export const taggedV2: RouteHandler = (ctx) =>
  userMediaPage(ctx, 'tagged', 'page_id', SIZE.tagged, (p, u) => ok({
    response: {
      items: p.items.map((m) => ({ ...rawMedia(ctx, m, V2_USER_FEED), comment_likes_enabled: true })),
      num_results: p.items.length,
      total_count: u.tagged.length,
      more_available: p.next !== null,
      auto_load_more_enabled: true,
      next_max_id: p.next === null ? null : BigInt(p.items[p.items.length - 1]?.pk ?? 0),
      new_photos: [],
      requires_review: false,
      status: 'ok',
    },
    next_page_id: p.next,
  }));

export const pinned: RouteHandler = (ctx) =>
  withValue(readableUser(ctx, 'user_id', false), (u) => ok(amountOf(ctx, medias(ctx.world, u.pinned), 33).map((m) => v1.media(ctx, m))));
