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
            in: m.usertags.map((t) => ({ user: rawUser(ctx, userOf(ctx.world, t.userPk)), position: [t.x, t.y] })),
          },
        },
      })),
    },
    extensions: { server_metadata: serverMetadata(ctx), is_final: true },
  };
}

export type TopsearchUnit = { kind: 'user'; user: WorldUser } | { kind: 'media'; media: WorldMedia };

/**
 * `/gql/topsearch` stream for one page of units. The first row holds the connection with its
 * page_info (where the next end_cursor is); later rows stream more units, one of them nested in an
 * array, and an assistant unit (neither account nor media) follows the first row.
 */
export function topsearchStream(ctx: ShapeContext, query: string, units: TopsearchUnit[], endCursor: string | null): Json {
  const dict = (u: TopsearchUnit): Json => (u.kind === 'user' ? { ...rawUser(ctx, u.user), search_social_context: socialContext(ctx, u.user) } : rawMedia(ctx, u.media));
  const head = units.slice(0, 4);
  const rest = units.slice(4);
  const ext = (isFinal: boolean): Json => ({ is_final: isFinal, server_metadata: serverMetadata(ctx) });
  const rows: unknown[] = [
    {
      data: {
        xdt_api__v1__fbsearch__topsearch_connection: {
          edges: head.map((u) => ({ node: dict(u) })),
          page_info: { end_cursor: endCursor, has_next_page: endCursor !== null },
          rank_token: `ts-${query.length}-${units.length}`,
        },
      },
      extensions: ext(false),
    },
    {
      data: { __typename: 'XDTTopsearchAssistantUnit', unit_type: 'assistant', title: `Ask about “${query}”`, suggestions: [`${query} near me`, `best of ${query}`] },
      path: ['xdt_api__v1__fbsearch__topsearch_connection', 'assistant'],
      label: 'TopsearchAssistant$defer',
      extensions: ext(false),
      status: 'ok',
    },
  ];
  const streamed = rest.map((u, i) => ({
    data: { edges: [{ node: dict(u) }] },
    path: ['xdt_api__v1__fbsearch__topsearch_connection', 'edges', head.length + i],
    label: 'TopsearchResults$stream',
    extensions: ext(false),
    status: 'ok',
  }));
  // Two rows travel together as a nested array, as the service sometimes sends them.
  if (streamed.length >= 2) rows.push(...streamed.slice(0, -2), streamed.slice(-2));
  else rows.push(...streamed);
  rows.push({ data: null, path: ['xdt_api__v1__fbsearch__topsearch_connection'], label: 'TopsearchResults$end', extensions: ext(true), status: 'ok' });
  return { stream_rows: rows };
}

/** `/gql/topsearch?flat=true`: the units as one list. */
export function topsearchFlat(ctx: ShapeContext, units: TopsearchUnit[], endCursor: string | null): Json {
  return {
    items: units.map((u) => (u.kind === 'user' ? { ...rawUser(ctx, u.user), search_social_context: socialContext(ctx, u.user) } : rawMedia(ctx, u.media))),
    end_cursor: endCursor,
    has_more: endCursor !== null,
  };
}

/**
 * `/gql/user/medias` and `/gql/user/clips`: one stream row with the timeline connection
 * (edges of media dicts, page_info with the next cursor), or `{items}` with flat=true.
 */
export function mediaStream(ctx: ShapeContext, connection: string, medias: WorldMedia[], cursor: string | null, cursorKey: string, flat: boolean): Json {
  if (flat) return { items: medias.map((m) => rawMedia(ctx, m)), [cursorKey]: cursor, more_available: cursor !== null };
  return {
    stream_rows: [
      {
        data: {
          [connection]: {
            edges: medias.map((m) => ({ node: rawMedia(ctx, m), cursor: null })),
            page_info: { end_cursor: cursor, has_next_page: cursor !== null, has_previous_page: false, start_cursor: null },
          },
        },
        extensions: { is_final: true, server_metadata: serverMetadata(ctx) },
        status: 'ok',
      },
    ],
  };
}
