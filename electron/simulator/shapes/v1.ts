// v1 shapes: flat, normalised records (service-interface.md "Resources and their fields", and the
// OpenAPI models for what the interface leaves out). Ids are strings except where the interface says
// integer (full user pk, search user pk, location pk); highlight `media_ids` are bigints (19 digits).
// Stories and highlights are in v1-stories.ts.
import { mediaPaths } from '../types';
import { commentCountOf } from '../world/comments';
import { mediaId } from '../world/ids';
import type { WorldComment, WorldHashtag, WorldLocation, WorldMedia, WorldTrack, WorldUser } from '../world/model';
import {
  PLATFORM, formatCount, isoZ, picturesOf, profilePicId, profilePicUrl, userOf, videoFile, type Candidate, type ShapeContext,
} from './common';

type Json = Record<string, unknown>;

export interface UserShortOptions {
  /** `pk` as an integer (user search) instead of a string. */
  numericPk?: boolean;
  /** Stories nested in a highlight: username, picture and verified flag are null. */
  sparse?: boolean;
}

export function userShort(ctx: ShapeContext, u: WorldUser, opts: UserShortOptions = {}): Json {
  return {
    pk: opts.numericPk ? Number(u.pk) : u.pk,
    id: u.pk,
    username: opts.sparse ? null : u.username,
    full_name: u.fullName,
    profile_pic_url: opts.sparse ? null : profilePicUrl(ctx, u),
    profile_pic_url_hd: null,
    is_private: u.isPrivate,
    is_verified: opts.sparse ? null : u.isVerified,
  };
}

export function userFull(ctx: ShapeContext, u: WorldUser): Json {
  const c = u.contact;
  return {
    ...userShort(ctx, u, { numericPk: true }),
    profile_pic_url_hd: ctx.mediaUrl(mediaPaths.image(u.anonymousPic ? 'anonymous-profile' : `profile-${u.pk}`, 1080, 1080)),
    media_count: u.posts.length,
    follower_count: u.followers.length,
    following_count: u.following.length,
    biography: u.biography,
    external_url: u.externalUrl,
    account_type: u.accountType,
    is_business: u.accountType === 2,
    public_email: c?.email ?? '',
    contact_phone_number: c?.phone ?? '',
    public_phone_country_code: c?.phoneCountryCode ?? '',
    public_phone_number: c?.phoneNumber ?? '',
    business_contact_method: c?.method ?? 'UNKNOWN',
    business_category_name: u.businessGroup,
    category_name: u.category === '' ? null : u.category,
    category: u.category,
    address_street: c?.street ?? '',
    city_id: c?.cityId ?? '',
    city_name: c?.city ?? '',
    latitude: c?.lat ?? null,
    longitude: c?.lng ?? null,
    zip: c?.zip ?? '',
    // The interface writes this field as `platform_location_id` (it neutralises the brand); the service
    // and the OpenAPI model name it instagram_location_id.
    instagram_location_id: c?.locationPk ?? '',
    interop_messaging_user_fbid: u.interopFbid,
  };
}

export function about(u: WorldUser): Json {
  return { username: u.username, is_verified: u.isVerified, country: u.country, date: u.joined, former_usernames: u.formerUsernames };
}

export function imageVersions(candidates: Candidate[]): Json[] {
  return candidates.map((c) => ({
    estimated_scans_sizes: [Math.round(c.width * 7), Math.round(c.width * 14), Math.round(c.width * 21), Math.round(c.width * 28), Math.round(c.width * 35)],
    height: c.height,
    width: c.width,
    scans_profile: 'e35',
    url: c.url,
    is_spatial_image: false,
  }));
}

export function videoVersions(ctx: ShapeContext, id: string, item: { video: WorldMedia['video'] }): Json[] {
  if (!item.video) return [];
  const v = videoFile(ctx, id, item.video);
  return [{ bandwidth: 1_200_000, height: v.height, width: v.width, id: `${id}v`, type: 101, url: v.url, url_expiration_timestamp_us: null, fallback: null }];
}

function openingHours(ctx: ShapeContext, l: WorldLocation): Json {
  if (!l.hours) return {};
  const day = (new Date(ctx.now).getUTCDay() + 6) % 7; // Monday = 0
  const today = l.hours.schedule[day];
  const minutes = new Date(ctx.now).getUTCHours() * 60 + new Date(ctx.now).getUTCMinutes();
  const toMin = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  const isOpen = !!today?.open && !!today.close && minutes >= toMin(today.open) && minutes < toMin(today.close);
  return {
    status: isOpen ? 'open' : 'closed',
    current_status: isOpen ? 'Open now' : 'Closed now',
    hours_today: today?.open && today.close ? `${today.open} - ${today.close}` : 'Closed',
    schedule: l.hours.schedule.map((d) => ({ day: d.day, hours: d.open && d.close ? `${d.open} - ${d.close}` : 'Closed' })),
    is_open: isOpen,
  };
}

export function location(ctx: ShapeContext, l: WorldLocation): Json {
  return {
    pk: l.pk,
    name: l.name,
    phone: l.phone,
    website: l.website,
    category: l.category,
    hours: openingHours(ctx, l),
    address: l.address,
    city: l.city,
    zip: l.zip === '' ? null : l.zip,
    lng: l.lng,
    lat: l.lat,
    external_id: l.externalId,
    external_id_source: 'facebook_places',
  };
}

function coauthor(ctx: ShapeContext, u: WorldUser): Json {
  return {
    strong_id__: u.pk,
    pk: Number(u.pk),
    pk_id: u.pk,
    id: u.pk,
    username: u.username,
    full_name: u.fullName,
    is_private: u.isPrivate,
    is_verified: u.isVerified,
    profile_pic_id: profilePicId(u),
    profile_pic_url: profilePicUrl(ctx, u),
  };
}

function clipsMetadata(ctx: ShapeContext, m: WorldMedia): Json {
  if (m.productType !== 'clips') return {};
  const track = m.trackId ? ctx.world.trackById.get(m.trackId) : undefined;
  const owner = userOf(ctx.world, m.ownerPk);
  return track
    ? { music_info: { music_asset_info: { audio_cluster_id: track.canonicalId, id: track.id, title: track.title, display_artist: track.artist } }, original_sound_info: null }
    : { music_info: null, original_sound_info: { audio_asset_id: `${m.fbid}1`, original_audio_title: 'Original audio', ig_artist: { pk: Number(owner.pk), username: owner.username } } };
}

export function media(ctx: ShapeContext, m: WorldMedia): Json {
  const world = ctx.world;
  const owner = userOf(world, m.ownerPk);
  const id = mediaId(m.pk, m.ownerPk);
  const first = m.children[0];
  const pictures = picturesOf(ctx, first ? first.pk : m.pk, first ?? m);
  const videos = videoVersions(ctx, m.pk, m);
  const place = m.locationPk !== null ? world.locationByPk.get(m.locationPk) : undefined;
  const out: Json = {
    pk: m.pk,
    id,
    code: m.code,
    taken_at: isoZ(m.takenAt),
    taken_at_ts: m.takenAt,
    media_type: m.mediaType,
    product_type: m.productType,
    thumbnail_url: pictures[0]?.url ?? null,
    location: place ? location(ctx, place) : null,
    user: userShort(ctx, owner),
    comment_count: commentCountOf(world, m),
    like_count: m.likeCount,
    play_count: m.mediaType === 2 ? m.playCount : 0,
    view_count: m.mediaType === 2 ? m.playCount : 0,
    has_liked: false,
    comments_disabled: m.commentsDisabled,
    like_and_view_counts_disabled: m.likesHidden,
    is_paid_partnership: m.isPaidPartnership,
    caption_text: m.caption,
    accessibility_caption: m.accessibilityCaption,
    usertags: m.usertags.map((t) => ({ user: userShort(ctx, userOf(world, t.userPk)), x: t.x, y: t.y })),
    sponsor_tags: m.sponsors.map((pk) => userShort(ctx, userOf(world, pk))),
    video_url: videos[0]?.url ?? null,
    video_duration: m.video ? videoFile(ctx, m.pk, m.video).durationSec : 0,
    title: m.title,
    resources: m.children.map((c) => {
      const pics = picturesOf(ctx, c.pk, c);
      const vids = videoVersions(ctx, c.pk, c);
      return {
        pk: c.pk,
        id: mediaId(c.pk, m.ownerPk),
        video_url: vids[0]?.url ?? null,
        thumbnail_url: pics[0]?.url ?? '',
        media_type: c.mediaType,
        product_type: 'carousel_item',
        image_versions: imageVersions(pics),
        video_versions: vids,
        preview: null,
        carousel_parent_id: id,
        commerciality_status: 'not_commercial',
        taken_at: m.takenAt,
      };
    }),
    image_versions: imageVersions(pictures),
    video_versions: videos,
    coauthor_producers: m.coauthors.map((pk) => coauthor(ctx, userOf(world, pk))),
    clips_metadata: clipsMetadata(ctx, m),
    video_dash_manifest: null,
  };
  // Trial reels carry no reshare_count (service-interface.md): reels only, absent for trials.
  if (m.productType === 'clips' && m.reshareCount !== null) out.reshare_count = m.reshareCount;
  return out;
}

export function comment(ctx: ShapeContext, c: WorldComment): Json {
  return {
    pk: c.pk,
    text: c.text,
    user: userShort(ctx, userOf(ctx.world, c.userPk)),
    created_at_utc: isoZ(c.createdAt),
    content_type: 'comment',
    status: 'Active',
    has_liked: false,
    like_count: c.likeCount,
  };
}

export function hashtag(ctx: ShapeContext, h: WorldHashtag): Json {
  const topPk = h.top[0];
  const top = topPk ? ctx.world.mediaByPk.get(topPk) : undefined;
  return {
    id: h.id,
    name: h.name,
    media_count: h.recent.length,
    allow_following: true,
    profile_pic_url: top ? ctx.mediaUrl(mediaPaths.image(top.children[0]?.pk ?? top.pk, 150, 150)) : null,
  };
}

export function hashtagV2(ctx: ShapeContext, h: WorldHashtag): Json {
  return {
    ...hashtag(ctx, h),
    allow_muting_story: true,
    subtitle: null,
    follow_button_text: null,
    show_follow_drop_down: false,
    formatted_media_count: formatCount(h.recent.length),
    is_trending: h.recent.length >= 350,
    hide_use_hashtag_button: false,
    status: 'ok',
  };
}

/** A track's fields as both `music_asset_info` (raw) and the v1 Track give them. */
export function musicAsset(ctx: ShapeContext, t: WorldTrack): Json {
  const audio = ctx.mediaUrl(mediaPaths.audio(t.id));
  return {
    id: t.id,
    audio_cluster_id: t.canonicalId,
    audio_asset_id: t.assetId,
    title: t.title,
    subtitle: '',
    display_artist: t.artist,
    cover_artwork_uri: ctx.mediaUrl(mediaPaths.image(`track-${t.id}`, 300, 300)),
    cover_artwork_thumbnail_uri: ctx.mediaUrl(mediaPaths.image(`track-${t.id}`, 96, 96)),
    progressive_download_url: audio,
    fast_start_progressive_download_url: audio,
    highlight_start_times_in_ms: t.highlightStartMs,
    is_explicit: t.isExplicit,
    has_lyrics: t.hasLyrics,
    duration_in_ms: 15_000,
    allows_saving: true,
  };
}

/** The v1 Track (`/v1/search/music` items): the asset fields plus the ones v1 writes as null. */
export function track(ctx: ShapeContext, t: WorldTrack): Json {
  return {
    ...musicAsset(ctx, t),
    artist_id: null,
    reactive_audio_download_url: null,
    dash_manifest: '',
    dark_message: null,
    territory_validity_periods: null,
  };
}

export function insight(ctx: ShapeContext, m: WorldMedia): Json {
  const pictures = picturesOf(ctx, m.children[0]?.pk ?? m.pk, m.children[0] ?? m);
  const reach = Math.round(m.likeCount * 6.5 + 40);
  return {
    id: Buffer.from(`InstagramMediaInsights:${m.pk}`).toString('base64'),
    creation_time: m.takenAt,
    has_product_tags: false,
    instagram_media_id: m.pk,
    instagram_media_owner_id: m.ownerPk,
    instagram_actor: { instagram_actor_id: m.ownerPk, id: Buffer.from(`InstagramActor:${m.ownerPk}`).toString('base64') },
    inline_insights_node: {
      state: 'AVAILABLE',
      metrics: { impression_count: Math.round(reach * 1.4), reach_count: reach, owner_account_follows_count: Math.round(m.likeCount / 20), share_count: { tray: { value: m.reshareCount ?? 0 } } },
      error: null,
    },
    display_url: pictures[0]?.url ?? '',
    instagram_media_type: m.mediaType === 8 ? 'CAROUSEL_ALBUM' : m.mediaType === 2 ? 'VIDEO' : 'IMAGE',
    image: { height: m.height, width: m.width },
    comment_count: commentCountOf(ctx.world, m),
    like_count: m.likeCount,
    save_count: Math.round(m.likeCount / 12),
    ad_media: null,
    organic_instagram_media_id: m.pk,
    shopping_outbound_click_count: 0,
    shopping_product_click_count: null,
    shopping_product_insights: { shopping_product_by_tag_click_count: [], shopping_product_by_tag_outbound_click_count: [] },
  };
}

export function postUrl(m: WorldMedia): string {
  const kind = m.productType === 'clips' ? 'reel' : m.productType === 'igtv' ? 'tv' : 'p';
  return `${PLATFORM}/${kind}/${m.code}/`;
}

export function oembed(ctx: ShapeContext, m: WorldMedia): Json {
  const owner = userOf(ctx.world, m.ownerPk);
  const pictures = picturesOf(ctx, m.children[0]?.pk ?? m.pk, m.children[0] ?? m);
  const thumb = pictures.find((p) => p.width <= 640) ?? pictures[0];
  const permalink = postUrl(m);
  const title = m.caption.split('\n')[0] ?? '';
  return {
    title,
    author_name: owner.username,
    author_url: `${PLATFORM}/${owner.username}`,
    author_id: owner.pk,
    media_id: mediaId(m.pk, m.ownerPk),
    provider_name: 'Instagram',
    provider_url: PLATFORM,
    type: 'rich',
    width: 658,
    height: null,
    html: `<blockquote class="instagram-media" data-instgrm-permalink="${permalink}?utm_source=ig_embed" data-instgrm-version="14"><a href="${permalink}">A post shared by ${owner.fullName || owner.username} (@${owner.username})</a></blockquote>\n<script async src="//www.instagram.com/embed.js"></script>`,
    thumbnail_url: thumb?.url ?? '',
    thumbnail_width: thumb?.width ?? 0,
    thumbnail_height: thumb?.height ?? 0,
    can_view: true,
  };
}
