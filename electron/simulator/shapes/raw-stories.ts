// Raw stories, story reels and highlights of the /v2 family (stories of `/v2/user/stories*`, highlight
// trays and `/v2/highlight/by/id`). A story's pk is a bigint in `/v2/user/stories*` (service-facts.md)
// and a string in `/v2/story/by/*` (the OpenAPI document's examples) and in highlights (recorded);
// media_ids stay bigints, as in raw.ts.
import { mediaId } from '../world/ids';
import type { WorldHighlight, WorldStory, WorldUser } from '../world/model';
import { storyTakenAt } from '../world/world';
import { activeStories, picturesOf, userOf, videoFile, type ShapeContext } from './common';
import { imageVersions2, rawLocation, rawUser } from './raw';
import { isoZ, storySponsors } from './common';
import { STORY_EXTRA } from './extras-story';
import { imageVersions } from './v1';
import { coverMedia, highlightLatest, story } from './v1-stories';

type Json = Record<string, unknown>;

/**
 * A raw story, its pk a string when `stringPk`. In a highlight (`inHighlight`) production writes the
 * story's and its owner's pks as strings, `taken_at` as an ISO string, and adds the v1 story's sticker lists.
 */
export function rawStory(ctx: ShapeContext, s: WorldStory, inHighlight = false, stringPk = inHighlight): Json {
  const world = ctx.world;
  const owner = userOf(world, s.ownerPk);
  const id = mediaId(s.pk, s.ownerPk);
  const takenAt = storyTakenAt(s, ctx.now);
  const pictures = picturesOf(ctx, s.pk, s);
  const reshared = s.resharedMediaPk ? world.mediaByPk.get(s.resharedMediaPk) : undefined;
  const sponsors = storySponsors(s);
  const out: Json = {
    ...STORY_EXTRA,
    __typename: 'XDTMediaDict',
    pk: stringPk ? s.pk : BigInt(s.pk),
    id,
    strong_id__: id,
    code: s.code,
    media_type: s.mediaType,
    original_media_type: s.mediaType,
    product_type: 'story',
    taken_at: takenAt,
    expiring_at: takenAt + 86_400,
    device_timestamp: takenAt * 1000,
    original_width: s.width,
    original_height: s.height,
    image_versions2: imageVersions2(ctx, s.pk, s),
    user: rawUser(ctx, owner),
    owner: rawUser(ctx, owner),
    caption: null,
    can_reply: true,
    can_reshare: true,
    is_reel_media: true,
    reel_mentions: s.mentions.map((m) => ({
      user: rawUser(ctx, userOf(world, m.userPk)), x: m.x, y: m.y, z: 0, width: m.width, height: m.height, rotation: 0,
      is_pinned: 0, is_hidden: 0, is_sticker: 1, is_fb_sticker: 0, display_type: 'mention_username',
      id: `mention_${s.pk}_${m.userPk}`, start_time_ms: 0, end_time_ms: s.video ? Math.round(videoFile(ctx, s.pk, s.video).durationSec * 1000) : 5000,
    })),
    story_link_stickers: s.stickers.filter((st) => st.url).map((st) => ({
      x: st.x, y: st.y, z: 0, width: st.width, height: st.height, rotation: st.rotation, is_pinned: 0, is_hidden: 0, is_sticker: 1,
      story_link: { url: st.url, link_title: new URL(st.url ?? 'https://example.com').hostname, link_type: 'web', display_url: (st.url ?? '').replace(/^https:\/\//, '') },
    })),
    story_hashtags: s.hashtags.flatMap((h) => {
      const tag = world.hashtagByName.get(h.name);
      return tag ? [{ hashtag: { name: tag.name, id: tag.id }, x: h.x, y: h.y, z: 0, width: h.width, height: h.height, rotation: 0, is_pinned: 0, is_hidden: 0 }] : [];
    }),
    story_locations: s.locations.flatMap((l) => {
      const place = world.locationByPk.get(l.locationPk);
      return place ? [{ location: rawLocation(place), x: l.x, y: l.y, z: 0, width: l.width, height: l.height, rotation: 0, is_pinned: 0, is_hidden: 0 }] : [];
    }),
    story_feed_media: reshared
      ? [{ x: 0.5, y: 0.4997, z: 0, width: 0.8, height: 0.6057, rotation: 0, is_pinned: 0, is_hidden: 0, is_sticker: 1, media_id: reshared.pk, media_code: reshared.code, product_type: reshared.productType }]
      : [],
    story_sticker_ids: s.stickers.filter((st) => !st.url).map((st) => st.type),
    // Compatibility fields of the v1 form.
    thumbnail_url: pictures[0]?.url ?? null,
    image_versions: imageVersions(pictures),
    taken_at_ts: takenAt,
    // The paid partnership's sponsors, each in production's tag (the v1 form flattens it to the user).
    is_paid_partnership: sponsors.length > 0,
    sponsor_tags: sponsors.map((pk) => {
      const sponsor = userOf(world, pk);
      return { permission: false, sponsor_id: null, username: null, is_pending: false, sponsor: { ...rawUser(ctx, sponsor), follower_count: sponsor.followers.length } };
    }),
  };
  if (s.video) {
    const v = videoFile(ctx, s.pk, s.video);
    out.video_versions = [{ type: 101, width: v.width, height: v.height, url: v.url, id: `${s.pk}v`, bandwidth: 900_000, url_expiration_timestamp_us: null, fallback: null }];
    out.video_duration = v.durationSec;
    out.has_audio = true;
    out.video_url = v.url;
  } else {
    out.video_url = null;
  }
  if (inHighlight) {
    const flat = story(ctx, s, { inHighlight: true });
    for (const key of ['mentions', 'links', 'hashtags', 'locations', 'stickers', 'medias']) out[key] = flat[key];
    out.taken_at = isoZ(takenAt);
    out.user = rawUser(ctx, owner, { stringIds: true });
  }
  return out;
}

/** `/v2/user/stories*` `reel`: the user's active stories, or null when there are none. */
export function rawUserReel(ctx: ShapeContext, u: WorldUser): Json | null {
  const stories = activeStories(ctx, u);
  if (stories.length === 0) return null;
  return rawReel(ctx, u, stories);
}

export function rawReel(ctx: ShapeContext, u: WorldUser, stories: WorldStory[], stringPks = false): Json {
  const latest = Math.max(...stories.map((s) => storyTakenAt(s, ctx.now)));
  return {
    id: Number(u.pk),
    strong_id__: u.pk,
    latest_reel_media: latest,
    expiring_at: latest + 86_400,
    seen: 0,
    can_reply: true,
    can_gif_quick_reply: true,
    can_reshare: true,
    can_react_with_avatar: false,
    reel_type: 'user_reel',
    prefetch_count: 0,
    // The reel fields a user reel shares with a highlight's (recorded /v2/highlight/by/id).
    ad_expiry_timestamp_in_millis: null,
    is_cta_sticker_available: null,
    should_treat_link_sticker_as_cta: null,
    pool_refresh_ttl_in_sec: null,
    is_cacheable: true,
    disabled_reply_types: ['story_remix_reply', 'story_selfie_reply'],
    has_besties_media: false,
    has_fan_club_media: false,
    is_nux: false,
    show_fan_club_stories_teaser: false,
    is_archived: false,
    show_expiration_tray_signal: false,
    media_count: stories.length,
    media_ids: stories.map((s) => BigInt(s.pk)),
    items: stories.map((s) => rawStory(ctx, s, false, stringPks)),
    user: rawUser(ctx, u),
  };
}

/** A raw highlight; tray entries (lists) carry an empty `items`. */
export function rawHighlight(ctx: ShapeContext, h: WorldHighlight, withItems: boolean): Json {
  const world = ctx.world;
  const owner = userOf(world, h.ownerPk);
  const out: Json = {
    ad_expiry_timestamp_in_millis: null,
    is_cta_sticker_available: null,
    should_treat_link_sticker_as_cta: null,
    pool_refresh_ttl_in_sec: null,
    can_react_with_avatar: false,
    is_cacheable: true,
    is_converted_to_clips: false,
    disabled_reply_types: ['story_remix_reply', 'story_selfie_reply'],
    highlight_reel_type: 'default',
    is_added_to_main_grid: false,
    is_archived: false,
    show_expiration_tray_signal: false,
    id: `highlight:${h.pk}`,
    strong_id__: `highlight:${h.pk}`,
    pk: h.pk,
    latest_reel_media: highlightLatest(ctx, h),
    seen: null,
    can_reply: false,
    can_gif_quick_reply: false,
    can_reshare: true,
    reel_type: 'highlight_reel',
    is_pinned_highlight: h.isPinned,
    is_nux: false,
    title: h.title,
    created_at: h.createdAt,
    // The tray's order: newest first, as production ranks it.
    ranked_position: -h.createdAt,
    seen_ranked_position: -h.createdAt,
    updated_timestamp: h.createdAt,
    contains_stitched_media_blocked_by_rm: false,
    media_count: h.items.length,
    media_ids: h.items.map((pk) => BigInt(pk)),
    cover_media: coverMedia(ctx, h),
    user: rawUser(ctx, owner, { stringIds: true }),
    prefetch_count: 0,
  };
  // A tray entry's `items` is empty: its stories come with the highlight itself.
  out.items = withItems ? h.items.flatMap((pk) => {
    const s = world.storyByPk.get(pk);
    return s ? [rawStory(ctx, s, true)] : [];
  }) : [];
  return out;
}
