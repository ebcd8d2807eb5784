// Places and hashtags.
import { missingParam, notFound } from '../shapes/errors';
import { formatCount } from '../shapes/common';
import { mediaSections } from '../shapes/sections';
import { rawLocation } from '../shapes/raw';
import * as v1 from '../shapes/v1';
import type { RouteContext, RouteHandler, RouteOutcome } from '../types';
import type { WorldHashtag, WorldLocation } from '../world/model';
import { searchable } from '../world/text';
import type { World } from '../world/world';
import { SIZE, amountOf, arg, medias, ok, page, rankToken, required, withValue, withValueT } from './common';
import { searchQuery } from './search-index';

// ---- places -------------------------------------------------------------------------------------------

export function findLocation(ctx: RouteContext, key: 'id' | 'location_pk'): WorldLocation | RouteOutcome {
  return withValueT(required(ctx, key), (v) => (/^\d+$/.test(v) ? ctx.world.locationByPk.get(Number(v)) : undefined) ?? notFound('Location'));
}

export const placeFeed = (which: 'recent' | 'top', fallback: number): RouteHandler => (ctx) =>
  withValue(findLocation(ctx, 'location_pk'), (l) => ok(amountOf(ctx, medias(ctx.world, l[which]), fallback).map((m) => v1.media(ctx, m))));

export const placeFeedChunk = (which: 'recent' | 'top'): RouteHandler => (ctx) =>
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

export const nearby: RouteHandler = (ctx) => {
  const lat = Number(arg(ctx, 'lat'));
  const lng = Number(arg(ctx, 'lng'));
  if (!Number.isFinite(lat)) return missingParam('lat');
  if (!Number.isFinite(lng)) return missingParam('lng');
  const sorted = ctx.world.locations.slice().sort((a, b) => distanceKm(lat, lng, a.lat, a.lng) - distanceKm(lat, lng, b.lat, b.lng));
  return ok(sorted.slice(0, 20).map((l) => v1.location(ctx, l)));
};

export const placesV1: RouteHandler = (ctx) =>
  withValue(required(ctx, 'query'), (query) => {
    const lat = Number(arg(ctx, 'lat') ?? 40.74);
    const lng = Number(arg(ctx, 'lng') ?? -73.94);
    const found = placesMatching(ctx.world, query).sort((a, b) => distanceKm(lat, lng, a.lat, a.lng) - distanceKm(lat, lng, b.lat, b.lng));
    return ok(found.slice(0, 30).map((l) => v1.location(ctx, l)));
  });

export const placesV2: RouteHandler = (ctx) =>
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

export const hashtagV1: RouteHandler = (ctx) => withValue(findHashtag(ctx), (h) => ok(v1.hashtag(ctx, h)));
export const hashtagV2: RouteHandler = (ctx) => withValue(findHashtag(ctx), (h) => ok(v1.hashtagV2(ctx, h)));

export const hashtagChunk = (which: 'top' | 'clips' | 'recent'): RouteHandler => (ctx) =>
  withValue(findHashtag(ctx), (h) =>
    withValue(page(ctx, h[which], 'max_id', SIZE.hashtagFeed, `tag-${which}:${h.id}`), (p) => ok([medias(ctx.world, p.items).map((m) => v1.media(ctx, m)), p.next])));

/** `/v2/hashtag/medias/*`: rows of posts (shapes/sections.ts), pks as strings and usertags as a list. */
export const hashtagSections = (which: 'top' | 'clips' | 'recent'): RouteHandler => (ctx) =>
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

export const searchHashtagsV1: RouteHandler = (ctx) =>
  withValue(required(ctx, 'query'), (query) => ok(hashtagsMatching(ctx.world, query).slice(0, SIZE.searchHashtags).map((h) => v1.hashtag(ctx, h))));

export const searchHashtagsV2: RouteHandler = (ctx) =>
  withValue(required(ctx, 'query'), (query) =>
    withValue(page(ctx, hashtagsMatching(ctx.world, query), 'page_token', SIZE.searchHashtags, `tag-search:${query}`), (p) => ok({
      results: p.items.map((h) => ({
        id: BigInt(h.id),
        name: h.name,
        media_count: h.recent.length,
        formatted_media_count: formatCount(h.recent.length),
        search_result_subtitle: `${formatCount(h.recent.length)} posts`,
        use_default_avatar: true,
        challenge_id: 0, // a number in production's answers; what it counts is not documented
      })),
      has_more: p.next !== null,
      page_token: p.next,
      rank_token: rankToken(query),
      status: 'ok',
    })));
