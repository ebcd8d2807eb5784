// v1 shapes of stories and highlights (see v1.ts for the conventions), and the story download answer.
import { mediaPaths } from '../types';
import { mediaId } from '../world/ids';
import type { WorldHighlight, WorldStory } from '../world/model';
import { storyTakenAt } from '../world/world';
import { storySponsors, isoOffset, isoZ, picturesOf, userOf, videoFile, type ShapeContext } from './common';
import { hashtag, location, userShort } from './v1';

type Json = Record<string, unknown>;

export function story(ctx: ShapeContext, s: WorldStory, opts: { inHighlight?: boolean } = {}): Json {
  const world = ctx.world;
  const owner = userOf(world, s.ownerPk);
  const pictures = picturesOf(ctx, s.pk, s);
  const video = s.video ? videoFile(ctx, s.pk, s.video) : null;
  const reshared = s.resharedMediaPk ? world.mediaByPk.get(s.resharedMediaPk) : undefined;
  return {
    pk: s.pk,
    id: mediaId(s.pk, s.ownerPk),
    code: s.code,
    taken_at: isoZ(storyTakenAt(s, ctx.now)),
    media_type: s.mediaType,
    product_type: 'story',
    thumbnail_url: pictures[0]?.url ?? null,
    user: userShort(ctx, owner, { sparse: opts.inHighlight === true }),
    video_url: video?.url ?? null,
    video_duration: video?.durationSec ?? 0,
    sponsor_tags: storySponsors(s).map((pk) => userShort(ctx, userOf(world, pk))),
    mentions: s.mentions.map((m) => ({ user: userShort(ctx, userOf(world, m.userPk)), x: m.x, y: m.y, width: m.width, height: m.height })),
    links: s.links.map((l) => ({ webUri: l.url, x: l.x, y: l.y, z: 0, width: l.width, height: l.height, rotation: 0 })),
    hashtags: s.hashtags.flatMap((h) => {
      const tag = world.hashtagByName.get(h.name);
      return tag ? [{ hashtag: hashtag(ctx, tag), x: h.x, y: h.y, width: h.width, height: h.height }] : [];
    }),
    locations: s.locations.flatMap((l) => {
      const place = world.locationByPk.get(l.locationPk);
      return place ? [{ location: location(ctx, place), x: l.x, y: l.y, width: l.width, height: l.height }] : [];
    }),
    stickers: s.stickers.map((st) => ({
      id: st.id,
      type: st.type,
      x: st.x,
      y: st.y,
      z: 0,
      width: st.width,
      height: st.height,
      rotation: st.rotation,
      story_link: st.url ? { url: st.url, link_title: new URL(st.url).hostname, link_type: 'web', display_url: st.url.replace(/^https:\/\//, '') } : null,
      extra: {},
    })),
    medias: reshared
      ? [{
          x: 0.5, y: 0.4997, z: 0, width: 0.8, height: 0.6057, rotation: 0,
          is_pinned: false, is_hidden: false, is_sticker: true, is_fb_sticker: false,
          media_pk: reshared.pk, user_id: reshared.ownerPk, product_type: reshared.productType, media_code: reshared.code,
        }]
      : [],
  };
}

/** Highlight `cover_media`: a square crop of the cover story's picture and the full picture. */
export function coverMedia(ctx: ShapeContext, h: WorldHighlight): Json {
  const cover = ctx.world.storyByPk.get(h.coverStoryPk);
  const width = cover?.video ? cover.width * 2 : (cover?.width ?? 1080);
  const height = cover?.video ? cover.height * 2 : (cover?.height ?? 1920);
  const id = cover?.pk ?? h.pk;
  return {
    cropped_image_version: { width: 150, height: 150, url: ctx.mediaUrl(mediaPaths.image(`cover-${id}`, 150, 150)), scans_profile: '' },
    crop_rect: [0, 0.2188, 1, 0.7813],
    media_id: cover ? mediaId(cover.pk, cover.ownerPk) : null,
    full_image_version: { width, height, url: ctx.mediaUrl(mediaPaths.image(id, width, height)), scans_profile: '' },
    upload_id: null,
  };
}

/** Latest item's taken_at: what `latest_reel_media` of a highlight reports. */
export function highlightLatest(ctx: ShapeContext, h: WorldHighlight): number {
  let latest = 0;
  for (const pk of h.items) {
    const s = ctx.world.storyByPk.get(pk);
    if (s) latest = Math.max(latest, storyTakenAt(s, ctx.now));
  }
  return latest;
}

/** A highlight; list results carry empty `media_ids` and `items` (service-interface.md). */
export function highlight(ctx: ShapeContext, h: WorldHighlight, full: boolean): Json {
  const world = ctx.world;
  const items = full ? h.items.flatMap((pk) => {
    const s = world.storyByPk.get(pk);
    return s ? [story(ctx, s, { inHighlight: true })] : [];
  }) : [];
  return {
    pk: h.pk,
    id: `highlight:${h.pk}`,
    latest_reel_media: highlightLatest(ctx, h),
    cover_media: coverMedia(ctx, h),
    user: userShort(ctx, userOf(world, h.ownerPk)),
    title: h.title,
    created_at: isoOffset(h.createdAt),
    is_pinned_highlight: h.isPinned,
    media_count: h.items.length,
    media_ids: full ? h.items.map((pk) => BigInt(pk)) : [],
    items,
  };
}

/** `/v1/story/download*`: where to fetch the story's file (the interface leaves "download data" open). */
export function storyDownload(ctx: ShapeContext, s: WorldStory): Json {
  const owner = userOf(ctx.world, s.ownerPk);
  const video = s.video ? videoFile(ctx, s.pk, s.video) : null;
  const picture = picturesOf(ctx, s.pk, s)[0];
  return {
    pk: s.pk,
    id: mediaId(s.pk, s.ownerPk),
    media_type: s.mediaType,
    url: video?.url ?? picture?.url ?? '',
    filename: `${owner.username}_${s.pk}.${video ? 'mp4' : 'png'}`,
    content_type: video ? 'video/mp4' : 'image/png',
    width: video?.width ?? picture?.width ?? 0,
    height: video?.height ?? picture?.height ?? 0,
    taken_at: storyTakenAt(s, ctx.now),
  };
}
