// Search (accounts, reels, top search, music) and track pages.
import { notFound } from '../shapes/errors';
import { topsearchFlat, topsearchStream, type TopsearchUnit } from '../shapes/gql';
import { musicPage } from '../shapes/music';
import { musicAssetInfo, rawMedia, rawUser, socialContext } from '../shapes/raw';
import * as v1 from '../shapes/v1';
import type { RouteHandler } from '../types';
import type { WorldMedia, WorldTrack, WorldUser } from '../world/model';
import { searchable } from '../world/text';
import type { World } from '../world/world';
import { SIZE, arg, medias, ok, page, rankToken, required, withValue } from './common';
import { memo, searchIndex, searchQuery } from './search-index';

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

export const searchUsers: RouteHandler = (ctx) =>
  withValue(required(ctx, 'query'), (query) => ok(accountsMatching(ctx.world, query).slice(0, 30).map((u) => v1.userShort(ctx, u, { numericPk: true }))));

/** Fields the v3 search's users add, all null in the service's documented answer. */
const V3_SEARCH_USER = Object.fromEntries([
  'coeff_weight', 'is_active', 'all_media_count', 'allowed_commenter_type', 'following_tag_count', 'liked_clips_count', 'reel_auto_archive',
  'text_post_app_take_a_break_setting', 'live_invite_only_branding_enabled', 'has_onboarded_to_text_post_app', 'ai_agent_owner_username',
  'is_ai_user', 'reachability_status', 'reel_media_seen_timestamp', 'aigm_account_label_info', 'live_broadcast_id',
  'live_broadcast_visibility', 'search_social_context_facepiles',
].map((key) => [key, null]));

/** `/v2/fbsearch/accounts` and (`v3`: its users' extra fields) `/v3/fbsearch/accounts`. */
export const searchAccounts = (v3: boolean): RouteHandler => (ctx) =>
  withValue(required(ctx, 'query'), (query) =>
    withValue(page(ctx, memo(ctx.world, `accounts:${query}`, () => accountsMatching(ctx.world, query)), 'page_token', SIZE.searchAccounts, `accounts:${query}`), (p) => ok({
      num_results: p.items.length,
      users: p.items.map((u) => ({
        ...rawUser(ctx, u),
        ...(v3 ? V3_SEARCH_USER : {}),
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

export const searchReels: RouteHandler = (ctx) =>
  withValue(required(ctx, 'query'), (query) =>
    withValue(page(ctx, memo(ctx.world, `reels:${query}`, () => postsMatching(ctx.world, query, true)), 'reels_max_id', SIZE.searchReels, `reels:${query}`), (p) => ok({
      reels_serp_modules: p.items.length > 0 ? [{ module_type: 'clips', clips: p.items.map((m) => ({ media: rawMedia(ctx, m) })) }] : [],
      has_more: p.next !== null,
      reels_max_id: p.next,
      page_index: Math.floor(p.offset / SIZE.searchReels),
      rank_token: arg(ctx, 'rank_token') ?? rankToken(query),
      status: 'ok',
    })));

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

export const topsearch: RouteHandler = (ctx) =>
  withValue(required(ctx, 'query'), (query) =>
    withValue(page(ctx, memo(ctx.world, `topsearch:${query}`, () => topsearchUnits(ctx.world, query)), 'end_cursor', SIZE.topsearch, `topsearch:${query}`), (p) =>
      ok(arg(ctx, 'flat') === 'true' ? topsearchFlat(ctx, p.items, p.next) : topsearchStream(ctx, query, p.items, p.next))));

function tracksMatching(world: World, query: string): WorldTrack[] {
  const q = searchQuery(query);
  return q === '' ? [] : world.tracks.filter((t) => searchable(`${t.title} ${t.artist}`).includes(q));
}

export const searchMusicV1: RouteHandler = (ctx) => withValue(required(ctx, 'query'), (query) => ok(tracksMatching(ctx.world, query).map((t) => v1.track(ctx, t))));

export const searchMusicV2: RouteHandler = (ctx) =>
  withValue(required(ctx, 'query'), (query) =>
    withValue(page(ctx, tracksMatching(ctx.world, query), 'next_max_id', SIZE.searchMusic, `music:${query}`), (p) => ok({
      items: p.items.map((t) => ({ track: musicAssetInfo(ctx, t), metadata: { is_bookmarked: false, allow_media_creation_with_music: true } })),
      page_info: { next_max_id: p.next, more_available: p.next !== null },
      alacorn_session_id: rankToken(query).slice(0, 21),
      licensed_music_eligibility_state: 'ELIGIBLE',
      status: 'ok',
    })));

// ---- music ----------------------------------------------------------------------------------------------

export const trackReels = (key: 'canonical_id' | 'track_id'): RouteHandler => (ctx) =>
  withValue(required(ctx, key), (id) => {
    const t = key === 'canonical_id' ? ctx.world.trackByCanonicalId.get(id) : (ctx.world.trackById.get(id) ?? ctx.world.tracks.find((x) => x.assetId === id));
    if (!t) return notFound('Track');
    return withValue(page(ctx, t.reels, 'page_id', SIZE.tracks, `track:${t.id}`), (p) => ok(musicPage(ctx, t, medias(ctx.world, p.items), p.next)));
  });
