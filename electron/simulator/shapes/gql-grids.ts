// The GraphQL forms of an account's grids (`/gql/user/medias`, `/gql/user/clips`, `/gql/user/reposts`) in
// the grammar of production's recorded GraphQL answer (gql_topsearch.json): `data` is a `Query` with
// `strong_id__` whose field is named after the query; `is_fulfilled__(name:"…")` marks a fulfilled
// fragment; deferred fragments come in later rows (`path`, `label`), the middle ones nested in one array.
// The queries are the app's private ones the service's own client library names (subzeroid/aiograpi):
// posts from IGProfileTimelineQuery (`xdt_api__v1__profile_timeline`: `profile_grid_items[].media` with
// type-prefixed keys, `profile_grid_items_cursor`, `next_max_id`), reels from ClipsProfileQuery
// (`xdt_user_clips_graphql`: `edges[].node.media`, here with `paging_info`). Ids of nested users are
// strings where GraphQL writes them so (`fbid_v2`, the caption's author). No production answer of these
// endpoints is held: the fields below the query's are the project's best reading.
import { mediaId } from '../world/ids';
import type { WorldMedia, WorldUser } from '../world/model';
import type { ShapeContext } from './common';
import { fulfilled, serverMetadata } from './gql';
import { withTypePrefixes } from './g2';
import { rawMedia, type RawForm } from './raw';

type Json = Record<string, unknown>;

export const MEDIAS_FIELD = 'xdt_api__v1__profile_timeline';
export const CLIPS_FIELD = 'xdt_user_clips_graphql';
export const REPOSTS_FIELD = 'xdt_api__v1__feed__user_reposts';
const GQL_FORM: RawForm = { gqlIds: true };

/** Fields of a grid item that production defers to patch rows (counts, caption, tags, place). */
const DEFERRED = new Set([
  'like_count', 'comment_count', 'play_count', 'ig_play_count', 'view_count', 'caption', 'usertags', 'coauthor_producers', 'location',
  'top_likers', 'has_liked', 'clips_metadata',
]);

interface Split {
  head: Json;
  rest: Json;
}

/** A grid item as the first row sends it (head) and what a deferred row adds to it (rest). */
function split(ctx: ShapeContext, m: WorldMedia, prefixed: boolean): Split {
  const head: Json = {};
  const rest: Json = { __typename: 'XDTMediaDict', strong_id__: mediaId(m.pk, m.ownerPk) };
  const media = rawMedia(ctx, m, GQL_FORM);
  for (const [key, value] of Object.entries(prefixed ? withTypePrefixes(media) : media)) (DEFERRED.has(key) ? rest : head)[key] = value;
  return { head, rest };
}

/** The rows: the document, then one patch per item (the middle ones nested in one array), the last final. */
function rows(ctx: ShapeContext, field: string, value: Json, patches: { path: (string | number)[]; data: Json }[], label: string): Json {
  const patchRows = patches.map((p, i) => ({ path: p.path, label, data: p.data, extensions: { is_final: i === patches.length - 1 } }));
  const [first, ...others] = patchRows;
  const last = others.pop();
  return {
    stream_rows: [
      {
        data: { __typename: 'Query', strong_id__: null, [field]: value },
        extensions: { is_final: first === undefined, server_metadata: serverMetadata(ctx) },
        status: 'ok',
      },
      ...(first ? [first] : []),
      ...(others.length > 0 ? [others.map((r) => ({ ...r, extensions: { ...r.extensions, fulfilled_payloads: [{ label, path: r.path }] } }))] : []),
      ...(last ? [last] : []),
    ],
  };
}

/** With `flat=true` the service answers the items as one list with the cursor beside them. */
function flat(ctx: ShapeContext, medias: WorldMedia[], cursorKey: string, cursor: string | null): Json {
  return { items: medias.map((m) => rawMedia(ctx, m, GQL_FORM)), [cursorKey]: cursor, more_available: cursor !== null };
}

/** `/gql/user/medias`: a page of the posts grid. */
export function mediasStream(ctx: ShapeContext, u: WorldUser, medias: WorldMedia[], cursor: string | null, asFlat: boolean): Json {
  if (asFlat) return flat(ctx, medias, 'profile_grid_items_cursor', cursor);
  const parts = medias.map((m) => split(ctx, m, true));
  const feed: Json = {
    [fulfilled('XDTProfileFeedDict')]: true,
    profile_grid_items: parts.map((p) => ({ media: p.head })),
    num_results: medias.length,
    more_available: cursor !== null,
    next_max_id: cursor,
    auto_load_more_enabled: true,
    profile_grid_items_cursor: cursor,
    pinned_profile_grid_items_ids: u.pinned.join(','),
  };
  return rows(ctx, MEDIAS_FIELD, feed, parts.map((p, i) => ({ path: [MEDIAS_FIELD, 'profile_grid_items', i, 'media'], data: p.rest })), 'ProfileGridItem$defer');
}

/** `/gql/user/clips`: a page of the reels grid, each edge's node `{media}`. */
export function clipsStream(ctx: ShapeContext, medias: WorldMedia[], cursor: string | null, asFlat: boolean): Json {
  if (asFlat) return flat(ctx, medias, 'max_id', cursor);
  const parts = medias.map((m) => split(ctx, m, false));
  const feed: Json = { edges: parts.map((p) => ({ node: { media: p.head } })), paging_info: { max_id: cursor, more_available: cursor !== null } };
  return rows(ctx, CLIPS_FIELD, feed, parts.map((p, i) => ({ path: [CLIPS_FIELD, 'edges', i, 'node', 'media'], data: p.rest })), 'ClipsGridItem$defer');
}

/** `/gql/user/reposts`: one GraphQL object (no rows); the cursor is the last post's pk as a bare integer. */
export function repostsObject(ctx: ShapeContext, u: WorldUser, medias: WorldMedia[], more: boolean): Json {
  const last = medias[medias.length - 1];
  return {
    data: {
      __typename: 'Query',
      strong_id__: null,
      [REPOSTS_FIELD]: {
        repost_grid_items: medias.map((m) => ({ media: rawMedia(ctx, m, GQL_FORM), repost_id: `${m.pk}_${u.pk}` })),
        repost_next_max_id: more && last ? BigInt(last.pk) : null,
        more_available: more,
      },
    },
    extensions: { is_final: true, server_metadata: serverMetadata(ctx) },
    status: 'ok',
  };
}
