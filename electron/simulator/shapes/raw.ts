// Raw (upstream-style) records of the /v2 family, also the base of the g2, gql and topsearch forms:
// user dicts, media dicts with image_versions2, raw comments, raw stories and raw highlights.
// Integers beyond 2^53 are bigints (media `pk`, `fbid`, `fbid_v2`, story `pk`, highlight `media_ids`,
// comment `media_id`): the shell writes them as bare integer literals, or strings with safe_int=true.
import { mediaPaths } from '../types';
import { commentCountOf } from '../world/comments';
import { mediaId } from '../world/ids';
import type { WorldLocation, WorldMedia, WorldUser } from '../world/model';
import { likersOf } from '../world/world';
import {
  latestReelMedia, picturesOf, profilePicId, profilePicUrl, userOf, videoFile, type Candidate, type ShapeContext,
} from './common';
import { MEDIA_EXTRA } from './extras-media';
import { USER_EXTRA, USER_FULL_EXTRA } from './extras-user';
import { imageVersions, musicAsset, videoVersions } from './v1';

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
export function rawUser(ctx: ShapeContext, u: WorldUser, form: RawForm = {}): Json {
  return {
    ...USER_EXTRA,
    __typename: 'XDTUserDict',
    strong_id__: u.pk,
    id: u.pk,
    pk: form.stringIds ? u.pk : Number(u.pk),
    pk_id: u.pk,
    fbid_v2: form.gqlIds ? u.fbid : BigInt(u.fbid),
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
    account_type: u.accountType,
    interop_messaging_user_fbid: u.interopFbid,
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
    ...USER_FULL_EXTRA,
    ...rawUser(ctx, u),
    biography: u.biography,
    biography_with_entities: { raw_text: u.biography, entities: [] },
    bio_links: u.externalUrl
      ? [{
        link_id: Number(u.fbid.slice(-12)), url: u.externalUrl, lynx_url: u.externalUrl, link_type: 'external', title: '', is_pinned: false,
        open_external_url_with_in_app_browser: true, media_type: 'none', image_url: '', icon_url: '', media_accent_color_hex: '', is_verified: false,
        click_id: '', creation_source: 'profile_edit',
      }]
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
    city_id: c?.cityId ?? '',
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

/** How an endpoint writes its raw records where production's endpoints differ. */
export interface RawForm {
  /** `pk` of media and users as strings (`/v2/hashtag/medias/*`, highlights, comment authors). */
  stringIds?: boolean;
  /** `usertags` as a plain list of `{user, x, y}` instead of `{in: [{user, position}]}` (v2 feeds). */
  usertagsList?: boolean;
  /** GraphQL answers: users' `fbid_v2` and the caption author's `pk` as strings (`/gql/user/*` grids). */
  gqlIds?: boolean;
}

/** Production's v2 user feeds (posts, reels, videos, tagged) write media and user pks as strings, usertags as a list. */
export const V2_USER_FEED: RawForm = { stringIds: true, usertagsList: true };

function candidate(c: Candidate): Json {
  const sizes = [7, 14, 21, 28, 35].map((k) => Math.round(c.width * k));
  return { width: c.width, height: c.height, url: c.url, scans_profile: 'e35', estimated_scans_sizes: sizes, is_spatial_image: false };
}

export function candidatesOf(pictures: Candidate[]): Json[] {
  return pictures.map(candidate);
}

export function imageVersions2(ctx: ShapeContext, id: string, item: { width: number; height: number; video: WorldMedia['video'] }): Json {
  const pictures = picturesOf(ctx, id, item);
  if (!item.video) return { candidates: candidatesOf(pictures) };
  const first = pictures[0];
  const frame = first ? candidate(first) : null;
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
        thumbnail_duration: Math.round((videoFile(ctx, id, item.video).durationSec / 90) * 1000) / 1000,
        total_thumbnail_num_per_sprite: 90,
      },
    },
    smart_thumbnail_enabled: false,
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
    phone: l.phone,
    website: l.website,
    category: l.category,
    hours: {},
    zip: l.zip === '' ? null : l.zip,
    external_id: l.externalId,
    external_id_source: 'facebook_places',
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
    strong_id__: captionPk(m),
    created_at_for_fb_app: m.takenAt,
    is_created_by_media_owner: true,
    is_ranked_comment: false,
    text_translation: '',
    has_translation: false,
  };
}

function clipsMetadata(ctx: ShapeContext, m: WorldMedia, form: RawForm): Json | null {
  if (m.productType !== 'clips') return null;
  const t = m.trackId ? ctx.world.trackById.get(m.trackId) : undefined;
  const owner = userOf(ctx.world, m.ownerPk);
  return {
    music_info: t ? { music_asset_info: musicAssetInfo(ctx, t), music_consumption_info: { should_mute_audio: false, is_trending_in_clips: false } } : null,
    original_sound_info: t ? null : { audio_asset_id: Number(`${m.fbid.slice(0, 15)}`), original_audio_title: 'Original audio', ig_artist: rawUser(ctx, owner, { gqlIds: form.gqlIds }), duration_in_ms: 15_000 },
    audio_type: t ? 'licensed_music' : 'original_sounds',
    is_shared_to_fb: false,
    clips_creation_entry_point: 'clips',
  };
}

/** The track as the raw `music_asset_info` record. */
export const musicAssetInfo = musicAsset;

/** A tag of the v2 feeds' plain list, as the service's documented `/v2/user/tag/medias` answer writes it. */
function listTag(ctx: ShapeContext, u: WorldUser, t: { x: number; y: number }): Json {
  return {
    user: { pk: u.pk, id: u.pk, username: u.username, full_name: u.fullName, profile_pic_url: profilePicUrl(ctx, u), profile_pic_url_hd: null, is_private: u.isPrivate, is_verified: u.isVerified },
    x: t.x,
    y: t.y,
  };
}

/** The raw media dict (v2, and the base of g2 / gql / topsearch media). */
export function rawMedia(ctx: ShapeContext, m: WorldMedia, form: RawForm = {}): Json {
  const world = ctx.world;
  const owner = userOf(world, m.ownerPk);
  const id = mediaId(m.pk, m.ownerPk);
  const first = m.children[0];
  const pictures = picturesOf(ctx, first ? first.pk : m.pk, first ?? m);
  const videos = videoVersions(ctx, m.pk, m);
  const place = m.locationPk !== null ? world.locationByPk.get(m.locationPk) : undefined;
  const user = rawUser(ctx, owner, form);
  // Coauthors and sponsors keep numeric pks in every form; GraphQL writes their fbid_v2 as a string.
  const others: RawForm = { gqlIds: form.gqlIds };
  const tags = m.usertags.map((t) => (form.usertagsList ? listTag(ctx, userOf(world, t.userPk), t) : { user: rawUser(ctx, userOf(world, t.userPk), form), position: [t.x, t.y], start_time_in_video_in_sec: null, duration_in_video_in_sec: null }));
  const out: Json = {
    ...MEDIA_EXTRA,
    __typename: 'XDTMediaDict',
    id,
    strong_id__: id,
    pk: form.stringIds ? m.pk : BigInt(m.pk),
    code: m.code,
    fbid: BigInt(m.fbid),
    media_type: m.mediaType,
    product_type: m.productType,
    taken_at: m.takenAt,
    device_timestamp: m.takenAt * 1000,
    original_width: m.width,
    original_height: m.height,
    image_versions2: imageVersions2(ctx, first ? first.pk : m.pk, first ?? m),
    // The caption's author keeps a numeric pk in the v2 feeds; GraphQL writes it as a string.
    caption: rawCaption(ctx, m, form.gqlIds ? rawUser(ctx, owner, { ...form, stringIds: true }) : form.stringIds ? undefined : user),
    caption_is_edited: false,
    like_count: m.likeCount,
    comment_count: commentCountOf(world, m),
    has_liked: false,
    comments_disabled: m.commentsDisabled,
    like_and_view_counts_disabled: m.likesHidden,
    is_paid_partnership: m.isPaidPartnership,
    user,
    owner: user,
    coauthor_producers: m.coauthors.map((pk) => rawUser(ctx, userOf(world, pk), others)),
    usertags: form.usertagsList ? tags : { in: tags },
    has_tagged_users: tags.length > 0,
    top_likers: likersOf(world, m.likerOffset, Math.min(2, m.likeCount)).map((pk) => userOf(world, pk).username),
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
    sponsor_tags: m.sponsors.map((pk) => rawUser(ctx, userOf(world, pk), others)),
  };
  if (place) {
    out.lat = place.lat;
    out.lng = place.lng;
  }
  if (m.video) {
    const v = videoFile(ctx, m.pk, m.video);
    out.video_versions = [{ type: 101, width: v.width, height: v.height, url: v.url, id: `${m.pk}v`, bandwidth: 1_200_000, url_expiration_timestamp_us: null, fallback: null }];
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
  if (m.productType === 'clips') out.clips_metadata = clipsMetadata(ctx, m, form);
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
