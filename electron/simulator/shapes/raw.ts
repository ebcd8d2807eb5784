// Raw (upstream-style) records of the /v2 family, also the base of the g2, gql and topsearch forms:
// user dicts, media dicts with image_versions2, raw comments, raw stories and raw highlights.
// Integers beyond 2^53 are bigints (media `pk`, `fbid`, `fbid_v2`, story `pk`, highlight `media_ids`,
// comment `media_id`): the shell writes them as bare integer literals, or strings with safe_int=true.
import { mediaPaths } from '../types';
import { commentCountOf, threadOf } from '../world/comments';
import { mediaId } from '../world/ids';
import type { WorldComment, WorldHighlight, WorldLocation, WorldMedia, WorldStory, WorldUser } from '../world/model';
import { storyTakenAt } from '../world/world';
import {
  activeStories, latestReelMedia, picturesOf, profilePicId, profilePicUrl, userOf, videoFile, type Candidate, type ShapeContext,
} from './common';
import { coverMedia, highlightLatest, imageVersions, musicAsset, videoVersions } from './v1';

type Json = Record<string, unknown>;

const FRIENDSHIP = {
  following: false, followed_by: false, blocking: false, muting: false, is_private: false, incoming_request: false,
  outgoing_request: false, is_bestie: false, is_restricted: false, is_feed_favorite: false, is_muting_reel: false,
};

export function socialContext(ctx: ShapeContext, u: WorldUser): string | null {
  const first = u.followers[0];
  const follower = first ? ctx.world.userByPk.get(first) : undefined;
  if (!follower) return null;
  const more = u.followers.length - 1;
  return more > 0 ? `Followed by ${follower.username} + ${more} more` : `Followed by ${follower.username}`;
}

/** The raw user dict of lists and nested owners. */
export function rawUser(ctx: ShapeContext, u: WorldUser): Json {
  return {
    __typename: 'XDTUserDict',
    strong_id__: u.pk,
    id: u.pk,
    pk: Number(u.pk),
    pk_id: u.pk,
    fbid_v2: BigInt(u.fbid),
    username: u.username,
    full_name: u.fullName,
    is_private: u.isPrivate,
    is_verified: u.isVerified,
    profile_pic_id: u.anonymousPic ? null : profilePicId(u),
    profile_pic_url: profilePicUrl(ctx, u),
    has_anonymous_profile_picture: u.anonymousPic,
    account_badges: [],
    social_context: socialContext(ctx, u),
    latest_reel_media: latestReelMedia(ctx, u),
    is_unpublished: false,
    third_party_downloads_enabled: 0,
  };
}

/** The full raw user of `/v2/user/by/*`. */
export function rawUserFull(ctx: ShapeContext, u: WorldUser): Json {
  const c = u.contact;
  const hd = (size: number): Json => ({
    width: size,
    height: size,
    url: ctx.mediaUrl(mediaPaths.image(u.anonymousPic ? 'anonymous-profile' : `profile-${u.pk}`, size, size)),
  });
  return {
    ...rawUser(ctx, u),
    biography: u.biography,
    biography_with_entities: { raw_text: u.biography, entities: [] },
    bio_links: u.externalUrl
      ? [{ link_id: Number(u.fbid.slice(-12)), url: u.externalUrl, lynx_url: u.externalUrl, link_type: 'external', title: '', is_pinned: false, open_external_url_with_in_app_browser: true }]
      : [],
    external_url: u.externalUrl,
    external_lynx_url: u.externalUrl,
    media_count: u.posts.length,
    follower_count: u.followers.length,
    following_count: u.following.length,
    total_clips_count: u.clips.length,
    usertags_count: u.tagged.length,
    has_highlight_reels: u.highlights.length > 0,
    highlight_reel_count: u.highlights.length,
    has_clips: u.clips.length > 0,
    has_videos: u.clips.length > 0,
    account_type: u.accountType,
    is_business: u.accountType === 2,
    is_professional_account: u.accountType !== 1,
    category: u.category,
    public_email: c?.email ?? '',
    contact_phone_number: c?.phone ?? '',
    public_phone_country_code: c?.phoneCountryCode ?? '',
    public_phone_number: c?.phoneNumber ?? '',
    business_contact_method: c?.method ?? 'UNKNOWN',
    address_street: c?.street ?? '',
    city_id: c ? Number(c.cityId) : null,
    city_name: c?.city ?? '',
    zip: c?.zip ?? '',
    latitude: c?.lat ?? null,
    longitude: c?.lng ?? null,
    instagram_location_id: c?.locationPk ?? '',
    interop_messaging_user_fbid: u.interopFbid,
    hd_profile_pic_url_info: hd(1080),
    hd_profile_pic_versions: [hd(320), hd(640)],
    highlights_tray_type: 'DEFAULT',
    is_memorialized: false,
    is_opal_enabled: false,
    is_call_to_action_enabled: false,
    mutual_followers_count: 0,
    pronouns: [],
    friendship_status: FRIENDSHIP,
  };
}

export function candidatesOf(pictures: Candidate[]): Json[] {
  return pictures.map((c) => ({ width: c.width, height: c.height, url: c.url, scans_profile: 'e35' }));
}

function imageVersions2(ctx: ShapeContext, id: string, item: { width: number; height: number; video: WorldMedia['video'] }): Json {
  const pictures = picturesOf(ctx, id, item);
  if (!item.video) return { candidates: candidatesOf(pictures) };
  const first = pictures[0];
  const frame = first ? { width: first.width, height: first.height, url: first.url, scans_profile: 'e35' } : null;
  return {
    candidates: candidatesOf(pictures),
    additional_candidates: { igtv_first_frame: frame, first_frame: frame, smart_frame: null },
    scrubber_spritesheet_info_candidates: {
      default: {
        video_length: videoFile(ctx, id, item.video).durationSec,
        thumbnail_width: 100,
        thumbnail_height: 178,
        sprite_width: 1500,
        sprite_height: 1068,
        sprite_urls: [ctx.mediaUrl(mediaPaths.image(`sprite-${id}`, 1500, 1068))],
        thumbnails_per_row: 15,
        total_thumbnails_per_sprite: 90,
        max_thumbnails_per_sprite: 105,
        file_size_kb: 120,
        rendered_width: 96,
      },
    },
  };
}

export function rawLocation(l: WorldLocation): Json {
  return {
    pk: l.pk,
    short_name: l.name,
    facebook_places_id: Number(l.externalId),
    external_source: 'facebook_places',
    name: l.name,
    address: l.address,
    city: l.city,
    has_viewer_saved: false,
    lng: l.lng,
    lat: l.lat,
    is_eligible_for_guides: true,
  };
}

function captionPk(m: WorldMedia): string {
  return (BigInt(m.fbid) + 7n).toString();
}

/** The caption as a comment-like object; `user` is the owner's dict when the caller has it already. */
export function rawCaption(ctx: ShapeContext, m: WorldMedia, user?: Json): Json | null {
  if (m.caption === '') return null;
  const owner = userOf(ctx.world, m.ownerPk);
  return {
    pk: captionPk(m),
    user_id: Number(owner.pk),
    text: m.caption,
    type: 1,
    created_at: m.takenAt,
    created_at_utc: m.takenAt,
    content_type: 'comment',
    status: 'Active',
    bit_flags: 0,
    did_report_as_spam: false,
    share_enabled: false,
    user: user ?? rawUser(ctx, owner),
    is_covered: false,
    media_id: BigInt(m.pk),
    private_reply_status: 0,
  };
}

function clipsMetadata(ctx: ShapeContext, m: WorldMedia): Json | null {
  if (m.productType !== 'clips') return null;
  const t = m.trackId ? ctx.world.trackById.get(m.trackId) : undefined;
  const owner = userOf(ctx.world, m.ownerPk);
  return {
    music_info: t ? { music_asset_info: musicAssetInfo(ctx, t), music_consumption_info: { should_mute_audio: false, is_trending_in_clips: false } } : null,
    original_sound_info: t ? null : { audio_asset_id: Number(`${m.fbid.slice(0, 15)}`), original_audio_title: 'Original audio', ig_artist: rawUser(ctx, owner), duration_in_ms: 15_000 },
    audio_type: t ? 'licensed_music' : 'original_sounds',
    is_shared_to_fb: false,
    clips_creation_entry_point: 'clips',
  };
}

/** The track as the raw `music_asset_info` record. */
export const musicAssetInfo = musicAsset;

/** The raw media dict (v2, and the base of g2 / gql / topsearch media). */
export function rawMedia(ctx: ShapeContext, m: WorldMedia): Json {
  const world = ctx.world;
  const owner = userOf(world, m.ownerPk);
  const id = mediaId(m.pk, m.ownerPk);
  const first = m.children[0];
  const pictures = picturesOf(ctx, first ? first.pk : m.pk, first ?? m);
  const videos = videoVersions(ctx, m.pk, m);
  const place = m.locationPk !== null ? world.locationByPk.get(m.locationPk) : undefined;
  const user = rawUser(ctx, owner);
  const out: Json = {
    __typename: 'XDTMediaDict',
    id,
    strong_id__: id,
    pk: BigInt(m.pk),
    code: m.code,
    fbid: BigInt(m.fbid),
    media_type: m.mediaType,
    product_type: m.productType,
    taken_at: m.takenAt,
    device_timestamp: m.takenAt * 1000,
    original_width: m.width,
    original_height: m.height,
    image_versions2: imageVersions2(ctx, first ? first.pk : m.pk, first ?? m),
    caption: rawCaption(ctx, m, user),
    caption_is_edited: false,
    like_count: m.likeCount,
    comment_count: commentCountOf(world, m),
    has_liked: false,
    comments_disabled: m.commentsDisabled,
    like_and_view_counts_disabled: m.likesHidden,
    is_paid_partnership: m.isPaidPartnership,
    user,
    owner: user,
    coauthor_producers: m.coauthors.map((pk) => rawUser(ctx, userOf(world, pk))),
    usertags: { in: m.usertags.map((t) => ({ user: rawUser(ctx, userOf(world, t.userPk)), position: [t.x, t.y], start_time_in_video_in_sec: null, duration_in_video_in_sec: null })) },
    location: place ? rawLocation(place) : null,
    accessibility_caption: m.accessibilityCaption,
    commerciality_status: 'not_commercial',
    can_viewer_reshare: true,
    timeline_pinned_user_ids: owner.pinned.includes(m.pk) ? [Number(owner.pk)] : [],
    // Compatibility fields of the v1 Media form.
    thumbnail_url: pictures[0]?.url ?? null,
    video_url: videos[0]?.url ?? null,
    image_versions: imageVersions(pictures),
    taken_at_ts: m.takenAt,
    sponsor_tags: m.sponsors.map((pk) => rawUser(ctx, userOf(world, pk))),
  };
  if (place) {
    out.lat = place.lat;
    out.lng = place.lng;
  }
  if (m.video) {
    const v = videoFile(ctx, m.pk, m.video);
    out.video_versions = [{ type: 101, width: v.width, height: v.height, url: v.url, id: `${m.pk}v`, bandwidth: 1_200_000 }];
    out.video_duration = v.durationSec;
    out.has_audio = true;
    out.play_count = m.playCount;
    out.ig_play_count = m.playCount;
    out.fb_play_count = 0;
    out.view_count = m.playCount;
    out.number_of_qualities = 1;
  }
  // Trial reels carry no reshare_count.
  if (m.reshareCount !== null) out.reshare_count = m.reshareCount;
  if (m.kind === 'igtv') out.title = m.title;
  if (m.productType === 'clips') out.clips_metadata = clipsMetadata(ctx, m);
  if (m.children.length > 0) {
    out.carousel_media_count = m.children.length;
    out.carousel_media_ids = m.children.map((c) => BigInt(c.pk));
    out.carousel_media = m.children.map((c, index) => {
      const childId = mediaId(c.pk, m.ownerPk);
      const child: Json = {
        id: childId,
        strong_id__: childId,
        pk: BigInt(c.pk),
        media_type: c.mediaType,
        product_type: 'carousel_item',
        taken_at: m.takenAt,
        carousel_parent_id: id,
        original_width: c.width,
        original_height: c.height,
        image_versions2: imageVersions2(ctx, c.pk, c),
        carousel_index: index,
        commerciality_status: 'not_commercial',
      };
      if (c.video) {
        const v = videoFile(ctx, c.pk, c.video);
        child.video_versions = [{ type: 101, width: v.width, height: v.height, url: v.url, id: `${c.pk}v`, bandwidth: 1_200_000 }];
        child.video_duration = v.durationSec;
      }
      return child;
    });
  }
  return out;
}

/** A raw comment. Top-level comments carry up to two preview replies. */
export function rawComment(ctx: ShapeContext, c: WorldComment, index: number | null = null): Json {
  const world = ctx.world;
  const author = userOf(world, c.userPk);
  const m = world.mediaByPk.get(c.mediaPk);
  const out: Json = {
    pk: c.pk,
    text: c.text,
    type: c.parentPk ? 2 : 0,
    user: rawUser(ctx, author),
    user_id: Number(author.pk),
    media_id: BigInt(c.mediaPk),
    created_at: c.createdAt,
    created_at_utc: c.createdAt,
    created_at_for_fb_app: c.createdAt,
    comment_like_count: c.likeCount,
    has_liked_comment: false,
    is_pinned: c.isPinned,
    status: 'Active',
    content_type: 'comment',
    bit_flags: 0,
    did_report_as_spam: false,
    share_enabled: false,
    is_covered: false,
    is_ranked_comment: c.parentPk === null,
    private_reply_status: 0,
    preview_child_comments: c.parentPk === null ? c.replies.slice(0, 2).map((r, i) => rawComment(ctx, r, i)) : [],
    child_comment_count: c.replies.length,
    has_more_head_child_comments: false,
    has_more_tail_child_comments: c.replies.length > 2,
    parent_comment_id: c.parentPk,
    replied_to_comment_id: c.parentPk,
    child_comment_index: index,
    media_info: m ? { id: mediaId(m.pk, m.ownerPk), code: m.code, media_type: m.mediaType, product_type: m.productType } : null,
  };
  return out;
}

/** The v2 comments page's `response` besides `comments`. */
export function commentsEnvelope(ctx: ShapeContext, m: WorldMedia): Json {
  return {
    caption: rawCaption(ctx, m),
    comment_count: threadOf(ctx.world, m).total,
    can_view_more_preview_comments: false,
    caption_is_edited: false,
    comment_cover_pos: 'bottom',
    comment_filter_param: 'no_filter',
    comment_likes_enabled: true,
    display_realtime_typing_indicator: true,
    has_more_headload_comments: false,
    is_ranked: true,
    media_header_display: 'none',
    threading_enabled: true,
    status: 'ok',
  };
}

export function rawStory(ctx: ShapeContext, s: WorldStory): Json {
  const world = ctx.world;
  const owner = userOf(world, s.ownerPk);
  const id = mediaId(s.pk, s.ownerPk);
  const takenAt = storyTakenAt(s, ctx.now);
  const pictures = picturesOf(ctx, s.pk, s);
  const reshared = s.resharedMediaPk ? world.mediaByPk.get(s.resharedMediaPk) : undefined;
  const out: Json = {
    __typename: 'XDTMediaDict',
    pk: BigInt(s.pk),
    id,
    strong_id__: id,
    code: s.code,
    media_type: s.mediaType,
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
    sponsor_tags: [],
  };
  if (s.video) {
    const v = videoFile(ctx, s.pk, s.video);
    out.video_versions = [{ type: 101, width: v.width, height: v.height, url: v.url, id: `${s.pk}v`, bandwidth: 900_000 }];
    out.video_duration = v.durationSec;
    out.has_audio = true;
    out.video_url = v.url;
  } else {
    out.video_url = null;
  }
  return out;
}

/** `/v2/user/stories*` `reel`: the user's active stories, or null when there are none. */
export function rawUserReel(ctx: ShapeContext, u: WorldUser): Json | null {
  const stories = activeStories(ctx, u);
  if (stories.length === 0) return null;
  return rawReel(ctx, u, stories);
}

export function rawReel(ctx: ShapeContext, u: WorldUser, stories: WorldStory[]): Json {
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
    media_count: stories.length,
    media_ids: stories.map((s) => BigInt(s.pk)),
    items: stories.map((s) => rawStory(ctx, s)),
    user: rawUser(ctx, u),
  };
}

/** A raw highlight; tray entries (lists) carry no `items`. */
export function rawHighlight(ctx: ShapeContext, h: WorldHighlight, withItems: boolean): Json {
  const world = ctx.world;
  const owner = userOf(world, h.ownerPk);
  const out: Json = {
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
    media_count: h.items.length,
    media_ids: h.items.map((pk) => BigInt(pk)),
    cover_media: coverMedia(ctx, h),
    user: rawUser(ctx, owner),
    prefetch_count: 0,
  };
  if (withItems) {
    out.items = h.items.flatMap((pk) => {
      const s = world.storyByPk.get(pk);
      return s ? [rawStory(ctx, s)] : [];
    });
  }
  return out;
}
