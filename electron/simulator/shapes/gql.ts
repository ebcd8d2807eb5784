// /gql records: likers, comment likers, the usertags multifetch and GraphQL stream answers
// (`{stream_rows: [...]}`: rows with `data`, `extensions {is_final, server_metadata}` and, after the
// first, `path`, `label`, `status`; rows may nest in arrays; units other than accounts and media occur).
import { mediaId } from '../world/ids';
import type { WorldMedia, WorldUser } from '../world/model';
import { profilePicUrl, userOf, type ShapeContext } from './common';
import { rawMedia, rawUser, socialContext } from './raw';

type Json = Record<string, unknown>;

const FRIENDSHIP = {
  blocking: false, is_feed_favorite: false, following: false, is_muting_reel: false, muting: false, outgoing_request: false,
  followed_by: false, incoming_request: false, is_restricted: false, is_bestie: false,
};

/** `/gql/media/likers` items. */
export function gqlLiker(ctx: ShapeContext, u: WorldUser): Json {
  return {
    pk: u.pk,
    __typename: 'XDTUserDict',
    username: u.username,
    full_name: u.fullName,
    profile_pic_url: profilePicUrl(ctx, u),
    is_verified: u.isVerified,
    social_context: socialContext(ctx, u),
    supervision_info: null,
    friendship_status: FRIENDSHIP,
    id: u.pk,
  };
}

/** `/gql/comment/likers/chunk` items. */
export function gqlCommentLiker(ctx: ShapeContext, u: WorldUser): Json {
  return {
    id: u.pk,
    username: u.username,
    full_name: u.fullName,
    profile_pic_url: profilePicUrl(ctx, u),
    is_private: u.isPrivate,
    is_verified: u.isVerified,
    followed_by_viewer: false,
    requested_by_viewer: false,
  };
}

export function serverMetadata(ctx: ShapeContext): Json {
  return { request_start_time_ms: ctx.now, time_at_flush_ms: ctx.now + 42 };
}

export const USERTAGS_KEY = '1$multifetch__XDTMediaDict(ids:$media_ids)';

/** `/gql/media/usertags`: one node per known media id, in the order asked. */
export function usertagsMultifetch(ctx: ShapeContext, medias: WorldMedia[]): Json {
  return {
    data: {
      __typename: 'Query',
      strong_id__: null,
      [USERTAGS_KEY]: medias.map((m) => ({
        node: {
          __typename: 'XDTMediaDict',
          strong_id__: mediaId(m.pk, m.ownerPk),
          id: mediaId(m.pk, m.ownerPk),
          usertags: {
            in: m.usertags.map((t) => ({ user: rawUser(ctx, userOf(ctx.world, t.userPk), { gqlIds: true }), position: [t.x, t.y] })),
          },
        },
      })),
    },
    extensions: { server_metadata: serverMetadata(ctx), is_final: true },
  };
}

export type TopsearchUnit = { kind: 'user'; user: WorldUser } | { kind: 'media'; media: WorldMedia };

/** The connection field of production's top search answer (the GraphQL call with its arguments). */
export const TOP_SERP_KEY =
  '1$xdt_fbsearch__top_serp_graphql(after:$after,first:null,request_data:{"is_discovery_grid_enabled":$is_discovery_grid_enabled,' +
  '"is_pagination_request":$is_pagination_request,"journey_session_id":$journey_session_id,"post_id":$post_id,"query":$query,' +
  '"requested_unit_types":$requested_unit_types,"search_session_id":$search_session_id,"serp_origination_context":$serp_origination_context,' +
  '"serp_session_id":$serp_session_id,"turn_id":$turn_id})';
const EDGE = 'XDTTopSerpGraphQLConnectionEdge';
const HCM_KEY = '1$meta_ai_hcm(hcm_request_data:{"entrypoint":$hcm_entrypoint})';
/** The key GraphQL marks a fulfilled fragment with. */
export const fulfilled = (name: string): string => `is_fulfilled__(name:"${name}")`;

/** An account as a top search unit lists it: production's few fields, `fbid_v2` as a string, no `pk`. */
function serpUser(ctx: ShapeContext, u: WorldUser): Json {
  const raw = rawUser(ctx, u);
  return {
    __typename: 'XDTUserDict', strong_id__: u.pk, id: u.pk, [fulfilled('XDTUserDict')]: true, fbid_v2: u.fbid, username: u.username,
    full_name: u.fullName, profile_pic_id: raw.profile_pic_id, profile_pic_url: raw.profile_pic_url,
  };
}

function unitNode(typename: string, unitType: string, fields: Json): Json {
  return { __typename: typename, strong_id__: null, [fulfilled('XDTTopSerpUnitInterface')]: true, unit_type: unitType, [fulfilled(typename)]: true, ...fields };
}

/** The units of one page: a header and a list for the accounts, then a header and a grid for the posts. */
function serpUnits(ctx: ShapeContext, query: string, units: TopsearchUnit[]): { node: Json; fragment: string }[] {
  const users = units.flatMap((u) => (u.kind === 'user' ? [u.user] : []));
  const media = units.flatMap((u) => (u.kind === 'media' ? [u.media] : []));
  const out: { node: Json; fragment: string }[] = [];
  if (users.length > 0) {
    out.push({ node: unitNode('XDTTopSerpHeaderUnit', 'HEADER', { header: 'Accounts' }), fragment: 'TopSerpHeaderFragment__force_flush' });
    out.push({
      node: unitNode('XDTTopSerpAccountsHCMUnit', 'ACCOUNTS_HCM', { rank_token: `ts-${query.length}-${units.length}`, items: users.map((u) => serpUser(ctx, u)) }),
      fragment: 'TopSerpAccountsHCMFragment__force_flush',
    });
  }
  if (media.length > 0) {
    out.push({ node: unitNode('XDTTopSerpHeaderUnit', 'HEADER', { header: 'Posts' }), fragment: 'TopSerpHeaderFragment__force_flush' });
    out.push({ node: unitNode('XDTTopSerpMediaGridUnit', 'MEDIA_GRID', { items: media.map((m) => rawMedia(ctx, m, { gqlIds: true })) }), fragment: 'TopSerpMediaGridFragment__force_flush' });
  }
  return out;
}

/**
 * `/gql/topsearch` as production streams it: the first row opens the connection with a Meta AI unit,
 * a deferred row patches that unit, then the result units arrive together as one nested array of rows
 * (a header, the accounts, a header, the posts), each naming its place in `path`. The last row patches
 * the connection's `page_info`, where the next `end_cursor` is (the pager finds it at any depth).
 */
export function topsearchStream(ctx: ShapeContext, query: string, units: TopsearchUnit[], endCursor: string | null): Json {
  const hcm = {
    [fulfilled('XDTMetaAIHCMCompletion')]: true, status: 'FETCHING', text_response_id: null, text: null, text_request_id: null,
    replacement_text: null, is_final_text_chunk: false, module_type: 'RESPONSE', prompts_display_behavior: 'HIDE_BEHIND_SEE_MORE',
    search_plugin_response: null, prompts: null, entities: null, debug_information: null,
  };
  const unitRows = serpUnits(ctx, query, units).map(({ node, fragment }, i) => {
    const path = [TOP_SERP_KEY, 'edges', i + 1];
    return {
      path,
      label: 'units',
      data: { __typename: EDGE, strong_id__: null, node, cursor: null },
      extensions: { is_final: false, fulfilled_payloads: [{ label: fragment, path }] },
    };
  });
  return {
    stream_rows: [
      {
        data: {
          __typename: 'Query',
          strong_id__: null,
          [TOP_SERP_KEY]: { edges: [{ __typename: EDGE, strong_id__: null, node: unitNode('XDTTopSerpMetaAIHCMUnit', 'META_AI_HCM', {}), cursor: null }] },
        },
        extensions: { is_final: false, server_metadata: serverMetadata(ctx) },
        status: 'ok',
      },
      {
        path: [TOP_SERP_KEY, 'edges', 0],
        label: 'TopSerpMetaAIHCMFragment__force_flush',
        data: { [fulfilled('XDTTopSerpMetaAIHCMUnit')]: true, [HCM_KEY]: [hcm] },
        extensions: { is_final: false },
      },
      unitRows,
      {
        path: [TOP_SERP_KEY],
        label: 'TopSerpPageInfo$defer',
        data: { page_info: { end_cursor: endCursor, has_next_page: endCursor !== null } },
        extensions: { is_final: true },
      },
    ],
  };
}

/** `/gql/topsearch?flat=true`: the page's accounts, then its posts, as one list (the stream's order). */
export function topsearchFlat(ctx: ShapeContext, units: TopsearchUnit[], endCursor: string | null): Json {
  const ordered = [...units.filter((u) => u.kind === 'user'), ...units.filter((u) => u.kind === 'media')];
  return {
    items: ordered.map((u) => (u.kind === 'user' ? { ...rawUser(ctx, u.user, { gqlIds: true }), search_social_context: socialContext(ctx, u.user) } : rawMedia(ctx, u.media, { gqlIds: true }))),
    end_cursor: endCursor,
    has_more: endCursor !== null,
  };
}
