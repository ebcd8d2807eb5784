// Stories and highlights.
import { notFound, privateAccount } from '../shapes/errors';
import { activeStories } from '../shapes/common';
import { rawHighlight, rawReel, rawUserReel } from '../shapes/raw-stories';
import * as v1Stories from '../shapes/v1-stories';
import type { RouteContext, RouteHandler, RouteOutcome } from '../types';
import { highlightById, highlightByUrl, mediaFileId, storyById, storyByUrl } from '../world/lookup';
import type { WorldHighlight, WorldStory } from '../world/model';
import { SIZE, amountOf, highlights, ok, page, readableUser, required, type UserKey, withValue, withValueT } from './common';

// ---- stories and highlights ------------------------------------------------------------------------------

export const userStoriesV1 = (key: UserKey): RouteHandler => (ctx) =>
  withValue(readableUser(ctx, key, true), (u) => ok(amountOf(ctx, activeStories(ctx, u)).map((s) => v1Stories.story(ctx, s))));

export const userStoriesV2 = (key: UserKey): RouteHandler => (ctx) =>
  withValue(readableUser(ctx, key, true), (u) => ok({ broadcast: null, reel: rawUserReel(ctx, u), unviewable_authors_info: null, status: 'ok' }));

export const userHighlightsV1 = (key: UserKey): RouteHandler => (ctx) =>
  withValue(readableUser(ctx, key, true), (u) => ok(amountOf(ctx, highlights(ctx.world, u.highlights)).map((h) => v1Stories.highlight(ctx, h, false))));

/** `/v2/user/highlights*`: pages with next_page_id and ignores `amount` (service-facts.md). */
export const userHighlightsV2 = (key: UserKey): RouteHandler => (ctx) =>
  withValue(readableUser(ctx, key, true), (u) =>
    withValue(page(ctx, u.highlights, 'page_id', SIZE.highlightsV2, `highlights:${u.pk}`), (p) => ok({
      response: {
        tray: highlights(ctx.world, p.items).map((h) => rawHighlight(ctx, h, false)),
        suggested_highlights: {},
        highlights_tray_type: 'DEFAULT',
        last_paginated_highlights_node_edited_at_ts: null,
        has_fetched_all_remaining_highlights: null,
        cursor: p.next ?? '',
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

export const storyV1 = (key: 'id' | 'url'): RouteHandler => (ctx) => withValue(storyFrom(ctx, key), (s) => ok(v1Stories.story(ctx, s)));

export const storyV2 = (key: 'id' | 'url'): RouteHandler => (ctx) =>
  withValue(storyFrom(ctx, key), (s) => {
    const owner = ctx.world.userByPk.get(s.ownerPk);
    return owner ? ok({ reel: rawReel(ctx, owner, [s], true), status: 'ok' }) : notFound('Story');
  });

export const storyDownload = (key: 'id' | 'url' | 'file'): RouteHandler => (ctx) => {
  const found = key === 'file'
    ? withValueT(required(ctx, 'url'), (url) => {
        const id = mediaFileId(url);
        return visibleStory(ctx, id ? ctx.world.storyByPk.get(id) : undefined);
      })
    : storyFrom(ctx, key);
  return withValue(found, (s) => ok(v1Stories.storyDownload(ctx, s)));
};

function visibleHighlight(ctx: RouteContext, h: WorldHighlight | undefined): WorldHighlight | RouteOutcome {
  if (!h) return notFound('Highlight');
  return ctx.world.userByPk.get(h.ownerPk)?.isPrivate && !ctx.force ? privateAccount() : h;
}

export const highlightV1 = (key: 'id' | 'url'): RouteHandler => (ctx) =>
  withValue(withValueT(required(ctx, key), (v) => visibleHighlight(ctx, key === 'id' ? highlightById(ctx.world, v) : highlightByUrl(ctx.world, v))),
    (h) => ok(v1Stories.highlight(ctx, h, true)));

export const highlightV2: RouteHandler = (ctx) =>
  withValue(withValueT(required(ctx, 'id'), (v) => visibleHighlight(ctx, highlightById(ctx.world, v))),
    (h) => ok({ response: { reels: { [`highlight:${h.pk}`]: rawHighlight(ctx, h, true) }, status: 'ok' } }));
