// The GraphQL forms of an account's grids (`/gql/user/medias`, `/gql/user/clips`, `/gql/user/reposts`) as
// the service's documented production answers write them. Each query's field is named with its argument
// template (`1$xdt_user_clips_graphql(data:$data)`); `is_fulfilled__(name:"…")` marks a fulfilled
// fragment. Posts and reels come in rows: the document first (posts: the client's image hints; reels: the
// grid's entries with the fields a grid shows), then the page (posts: the grid entries, the cursor and
// the owner; reels: the paging info), then one deferred row per entry with the rest of its media; the
// middle deferred rows come nested in one array. Reposts are one object, under the account they are of.
import { isDict } from '../../../shared/guards';
import { mediaId } from '../world/ids';
import type { WorldMedia, WorldUser } from '../world/model';
import { profilePicId, profilePicUrl, type ShapeContext } from './common';
import { GQL_MEDIA_EXTRA } from './extras-gql';
import { fulfilled, serverMetadata } from './gql';
import { rawMedia, type RawForm } from './raw';

type Json = Record<string, unknown>;

export const MEDIAS_FIELD =
  '1$xdt_api__v1__profile_timeline(_request_data:{"count":$count,"exclude_comment":$exclude_comment,' +
  '"fetch_all_highlights":$fetch_all_highlights,"fetch_media_for_highlights":$include_associated_highlights,' +
  '"fetch_profile_grid_items":$fetch_profile_grid_items,"is_pull_to_refresh":$is_pull_to_refresh,"max_id":$max_id,' +
  '"pinned_profile_grid_items_ids":$pinned_profile_grid_items_ids,"profile_grid_items_cursor":$profile_grid_items_cursor},user_id:$user_id)';
export const CLIPS_FIELD = '1$xdt_user_clips_graphql(data:$data)';
export const REPOSTS_USER_FIELD = '1$fetch__XDTUserDict(id:$id)';
export const REPOSTS_FIELD = '1$user_reposts_timeline(max_id:$max_id)';
const GQL_FORM: RawForm = { gqlIds: true };
const MEDIA = fulfilled('XDTMediaDict');

/** What a grid entry shows before its deferred row: the posts grid's and the reels grid's fields. */
const POSTS_HEAD = [
  'carousel_media_count', 'carousel_media', 'content_views_count', 'enable_waist', 'image_versions2', 'media_cropping_info', 'media_type',
  'original_height', 'original_width', 'pk', 'profile_grid_thumbnail_fitting_style', 'product_type', 'timeline_pinned_user_ids',
  'open_carousel_submission_state', 'all_previous_submitters', 'user', '1ltaken_at',
];
const CLIPS_HEAD = [
  'clips_tab_pinned_user_ids', 'clips_trial', 'enable_media_notes_production', 'inventory_source', 'media_notes', 'floating_context_items',
  'media_overlay_info', 'wearable_attribution_info', 'image_versions2', 'media_type', 'original_height', 'original_width', 'pk', 'play_count',
  'product_type', 'video_versions', '1fvideo_duration', 'meta_ai_content_deep_dive_prompt_v2', 'meta_ai_contextual_voice_data',
  'crosspost_metadata', 'mv_link', 'shimmed_mv_link',
];

/** GraphQL's names of Long (`1l`) and Float (`1f`) fields, wherever they sit in a media dict. */
const TYPED_KEYS: Readonly<Record<string, string>> = {
  taken_at: '1ltaken_at', device_timestamp: '1ldevice_timestamp', created_at: '1lcreated_at', created_at_utc: '1lcreated_at_utc',
  lat: '1flat', lng: '1flng', video_duration: '1fvideo_duration', thumbnail_duration: '1fthumbnail_duration', video_length: '1fvideo_length',
  crop_left: '1fcrop_left', crop_right: '1fcrop_right', crop_top: '1fcrop_top', crop_bottom: '1fcrop_bottom',
};
/** GraphQL writes ids as strings, lists of ids too. */
const ID_KEYS = new Set(['pk', 'id', 'pk_id', 'media_id', 'user_id', 'fbid_v2', 'strong_id__', 'interop_messaging_user_fbid', 'timeline_pinned_user_ids']);
const asId = (value: unknown): unknown => (typeof value === 'number' || typeof value === 'bigint' ? String(value) : value);

function asGraphql(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asGraphql);
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, inner] of Object.entries(value)) {
    out[TYPED_KEYS[key] ?? key] = ID_KEYS.has(key) ? (Array.isArray(inner) ? inner.map(asId) : asId(inner)) : asGraphql(inner);
  }
  return out;
}

/** `value` with the fields of `defaults` it lacks, object into object. */
function withDefaults(defaults: Readonly<Json>, value: Json): Json {
  const out: Json = { ...defaults, ...value };
  for (const [key, fallback] of Object.entries(defaults)) {
    const own = value[key];
    if (isDict(fallback) && isDict(own)) out[key] = withDefaults(fallback, own);
  }
  return out;
}

/** The whole media dict as GraphQL writes it: string ids, typed keys, production's GraphQL-only fields. */
function gqlMedia(ctx: ShapeContext, m: WorldMedia): Json {
  const id = mediaId(m.pk, m.ownerPk);
  const raw = rawMedia(ctx, m, GQL_FORM);
  const followers = ctx.world.userByPk.get(m.ownerPk)?.followers.length ?? 0;
  // The owner as GraphQL's media writes it (twice: the media's user and its caption's), with its follower count.
  const caption = isDict(raw.caption) && isDict(raw.caption.user) ? { ...raw.caption, user: { ...raw.caption.user, follower_count: followers } } : raw.caption;
  const media = asGraphql(withDefaults(GQL_MEDIA_EXTRA, { ...raw, user: { ...(raw.user as Json), follower_count: followers }, caption })) as Json;
  return { ...media, __typename: 'XDTMediaDict', strong_id__: id, id, [MEDIA]: true };
}

/** What a grid entry shows (head) and its deferred row (the whole media: production repeats some fields). */
function split(media: Json, headKeys: readonly string[]): { head: Json; rest: Json } {
  const head: Json = { __typename: media.__typename, strong_id__: media.strong_id__, id: media.id, [MEDIA]: true };
  for (const key of headKeys) if (key in media) head[key] = media[key];
  return { head, rest: media };
}

interface Row {
  path: (string | number)[];
  label: string;
  data: Json;
}

/** The rows after the document: the middle deferred ones nested in one array, the last one final. */
function laterRows(rows: Row[]): unknown[] {
  const out = rows.map((r, i) => ({ ...r, extensions: { is_final: i === rows.length - 1 } }));
  if (out.length <= 3) return out;
  const middle = out.slice(2, -1).map((r) => ({ ...r, extensions: { ...r.extensions, fulfilled_payloads: [{ label: r.label, path: r.path }] } }));
  return [out[0], out[1], middle, out[out.length - 1]];
}

function document(ctx: ShapeContext, field: string, value: Json, extensions: Json = {}): Json {
  return { data: { __typename: 'Query', strong_id__: null, [field]: value }, extensions: { is_final: false, ...extensions, server_metadata: serverMetadata(ctx) }, status: 'ok' };
}

/** With `flat=true` the service answers the items as one list with the cursor beside them. */
function flat(ctx: ShapeContext, medias: WorldMedia[], cursorKey: string, cursor: string | null): Json {
  return { items: medias.map((m) => gqlMedia(ctx, m)), [cursorKey]: cursor, more_available: cursor !== null };
}

/** The first image of each post, as the client's hints name them. */
function clientHints(medias: Json[]): Json {
  const first = (m: Json): Json => ((m.image_versions2 as { candidates?: Json[] } | undefined)?.candidates?.[0] ?? {});
  return {
    [fulfilled('XDTClientHints')]: true,
    version: 4,
    media: medias.map((m) => ({
      [fulfilled('XDTMediaHint')]: true,
      resources: [{ [fulfilled('XDTMediaResourceHint')]: true, image: { [fulfilled('XDTImageCandidate')]: true, width: first(m).width, height: first(m).height, url: first(m).url, scans_profile: 'e35' } }],
    })),
  };
}

function gridOwner(ctx: ShapeContext, u: WorldUser): Json {
  return {
    __typename: 'XDTUserDict', strong_id__: u.pk, id: u.pk, full_name: u.fullName, has_onboarded_to_text_post_app: null, is_cannes: false,
    is_private: u.isPrivate, is_verified: u.isVerified, pk: u.pk, profile_grid_display_type: 'default',
    profile_overlay_info: { bloks_payload: null, overlay_format: '' }, profile_pic_id: u.anonymousPic ? null : profilePicId(u),
    profile_pic_url: profilePicUrl(ctx, u), username: u.username, user_activation_info: null,
  };
}

/** `/gql/user/medias`: a page of the posts grid. */
export function mediasStream(ctx: ShapeContext, u: WorldUser, medias: WorldMedia[], cursor: string | null, asFlat: boolean): Json {
  if (asFlat) return flat(ctx, medias, 'profile_grid_items_cursor', cursor);
  const full = medias.map((m) => gqlMedia(ctx, m));
  const parts = full.map((m) => split(m, POSTS_HEAD));
  const feedFulfilled = fulfilled('XDTProfileFeedDict');
  const head = document(ctx, MEDIAS_FIELD, {
    [feedFulfilled]: true, __typename: 'XDTProfileFeedDict', strong_id__: null, [fulfilled('XDTHintableResponse')]: true, client_hints: clientHints(full),
  }, { fulfilled_payloads: [{ label: 'ClientHintsResponse__force_flush', path: [MEDIAS_FIELD] }] });
  const page: Row = {
    path: [MEDIAS_FIELD],
    label: 'ProfileTimelineFragment__force_flush',
    data: {
      [feedFulfilled]: true,
      pinned_profile_grid_items_ids: u.pinned.join(','),
      profile_grid_items_cursor: cursor,
      profile_grid_items: parts.map((p) => ({ __typename: 'XDTProfileGridItemDict', strong_id__: null, [fulfilled('XDTProfileGridItemDict')]: true, highlight: null, item_type: 'media', media: p.head })),
      more_available: cursor !== null,
      next_max_id: cursor,
      num_results: medias.length,
      user: gridOwner(ctx, u),
      auto_load_more_enabled: true,
    },
  };
  const deferred = parts.map((p, i): Row => ({ path: [MEDIAS_FIELD, 'profile_grid_items', i], label: 'ProfileTimelineMediaItemDeferredFields', data: p.rest }));
  return { stream_rows: [head, ...laterRows([page, ...deferred])] };
}

/** `/gql/user/clips`: a page of the reels grid, each entry `{media}`. */
export function clipsStream(ctx: ShapeContext, medias: WorldMedia[], cursor: string | null, asFlat: boolean): Json {
  if (asFlat) return flat(ctx, medias, 'max_id', cursor);
  const parts = medias.map((m) => split(gqlMedia(ctx, m), CLIPS_HEAD));
  const responseFulfilled = fulfilled('XDTGraphqlUserClipsResponse');
  const head = document(ctx, CLIPS_FIELD, { [responseFulfilled]: true, first_seen_media_id: null, just_watched_context: null, items: parts.map((p) => ({ media: p.head })) });
  const paging: Row = { path: [CLIPS_FIELD], label: 'ClipsProfilePagingInfo__force_flush', data: { [responseFulfilled]: true, paging_info: { max_id: cursor, more_available: cursor !== null } } };
  const deferred = parts.map((p, i): Row => ({ path: [CLIPS_FIELD, 'items', i], label: 'ClipsViewerGraphQLFragment', data: p.rest }));
  return { stream_rows: [head, ...laterRows([paging, ...deferred])] };
}

/** `/gql/user/reposts`: one GraphQL object, the posts under the account they are reposts of. */
export function repostsObject(ctx: ShapeContext, u: WorldUser, medias: WorldMedia[], cursor: string | null): Json {
  const itemsPath = [REPOSTS_USER_FIELD, REPOSTS_FIELD, 'repost_grid_items'];
  return {
    data: {
      __typename: 'Query',
      strong_id__: null,
      [REPOSTS_USER_FIELD]: {
        __typename: 'XDTUserDict',
        strong_id__: u.pk,
        id: u.pk,
        username: u.username,
        [REPOSTS_FIELD]: {
          [fulfilled('XDTProfileFeedDict')]: true,
          repost_grid_items: medias.map((m) => ({ item_type: 'media', media: gqlMedia(ctx, m) })),
          repost_next_max_id: cursor,
          repost_more_available: cursor !== null,
        },
      },
    },
    extensions: { is_final: true, fulfilled_payloads: medias.map(() => ({ label: 'DeferrableSharedMedia', path: itemsPath })), server_metadata: serverMetadata(ctx) },
    status: 'ok',
  };
}
