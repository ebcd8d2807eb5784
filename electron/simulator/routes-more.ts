// The endpoints beyond routes.ts's core, so that every catalog endpoint has an answer: legacy and
// deprecated lists, the older search forms, guides and downloads, reposts, and the stream forms of
// user profiles and music pages. Shapes follow the OpenAPI document's examples and models where
// production's answer was not recorded (docs/simulator.md names the source of each). Also assembles
// ROUTES, the table the shell serves.
import { gqlCommentLiker, gqlLiker } from './shapes/gql';
import { repostsObject } from './shapes/gql-grids';
import { musicPage } from './shapes/music';
import { encodeCursor, type Page } from './shapes/paging';
import { rawMedia, rawUser, rawUserFull, socialContext, V2_USER_FEED } from './shapes/raw';
import { mediaSections } from './shapes/sections';
import { serverError } from './errors';
import { notFound } from './shapes/errors';
import * as v1 from './shapes/v1';
import {
  CORE_ROUTES, SIZE, accountsMatching, amountOf, arg, commentThread, findHashtag, findLocation, findMedia, findUser, likers, medias, memo,
  ok, page, postsMatching, rankToken, readableUser, relationList, required, users, withValue, type Direction,
} from './routes';
import type { RouteContext, RouteHandler, RouteOutcome } from './types';
import { mediaId } from './world/ids';
import type { WorldComment, WorldMedia, WorldUser } from './world/model';
import { hashString } from './world/random';

type Json = Record<string, unknown>;

// ---- first pages of lists (`amount`): the legacy v1 and gql forms ------------------------------------

/** `/v1/user/followers`, `/gql/user/followers`...: the first `amount` of the list (the follower cap applies). */
const relationsFirst = (dir: Direction, fallback: number): RouteHandler => (ctx) =>
  withValue(readableUser(ctx, 'user_id', false), (u) => {
    const { list, limit } = relationList(ctx, u, dir);
    return ok(amountOf(ctx, users(ctx.world, list.slice(0, Math.min(list.length, limit))), fallback).map((x) => v1.userShort(ctx, x)));
  });

/** Reels and video posts of an account, newest first (the "videos" lists). */
function videosOf(ctx: RouteContext, u: WorldUser): string[] {
  return memo(ctx.world, `videos:${u.pk}`, () =>
    medias(ctx.world, u.posts).filter((m) => m.mediaType === 2 && m.ownerPk === u.pk).map((m) => m.pk));
}

const userMediaFirst = (which: 'posts' | 'clips' | 'tagged' | 'videos', fallback: number): RouteHandler => (ctx) =>
  withValue(readableUser(ctx, 'user_id', false), (u) => {
    const list = which === 'videos' ? videosOf(ctx, u) : u[which];
    return ok(amountOf(ctx, medias(ctx.world, list), fallback).map((m) => v1.media(ctx, m)));
  });

const videosChunk: RouteHandler = (ctx) =>
  withValue(readableUser(ctx, 'user_id', false), (u) =>
    withValue(page(ctx, videosOf(ctx, u), 'end_cursor', SIZE.reels, `videos:${u.pk}`), (p) => ok([medias(ctx.world, p.items).map((m) => v1.media(ctx, m)), p.next])));

const videosV2: RouteHandler = (ctx) =>
  withValue(readableUser(ctx, 'user_id', false), (u) =>
    withValue(page(ctx, videosOf(ctx, u), 'page_id', SIZE.reels, `videos-v2:${u.pk}`), (p) => ok({
      response: { items: medias(ctx.world, p.items).map((m) => rawMedia(ctx, m, V2_USER_FEED)), paging_info: { max_id: p.next, more_available: p.next !== null }, status: 'ok' },
      next_page_id: p.next,
    })));

const hashtagFirst = (which: 'top' | 'clips' | 'recent', fallback: number): RouteHandler => (ctx) =>
  withValue(findHashtag(ctx), (h) => ok(amountOf(ctx, medias(ctx.world, h[which]), fallback).map((m) => v1.media(ctx, m))));

const topRecentChunk: RouteHandler = (ctx) =>
  withValue(findHashtag(ctx), (h) =>
    withValue(page(ctx, h.recent, 'max_id', SIZE.hashtagFeed, `tag-top-recent:${h.id}`), (p) => ok([medias(ctx.world, p.items).map((m) => v1.media(ctx, m)), p.next])));

// ---- gql comments (legacy): `[[XDTCommentDict...], cursor]` -----------------------------------------

function gqlComment(ctx: RouteContext, c: WorldComment): Json {
  const author = ctx.world.userByPk.get(c.userPk);
  return {
    pk: c.pk,
    user: author ? gqlLiker(ctx, author) : null,
    is_covered: false,
    child_comment_count: c.replies.length,
    has_liked_comment: false,
    text: c.text,
    created_at: c.createdAt,
    comment_like_count: c.likeCount,
    __typename: 'XDTCommentDict',
  };
}

const gqlComments = (paged: boolean): RouteHandler => (ctx) =>
  withValue(commentThread(ctx, 'media_id'), ({ media: m, top }) => {
    if (!paged) return ok([amountOf(ctx, top, 50).map((c) => gqlComment(ctx, c)), null]);
    return withValue(page(ctx, top, 'end_cursor', SIZE.comments, `gql-comments:${m.pk}`), (p) => ok([p.items.map((c) => gqlComment(ctx, c)), p.next]));
  });

const gqlThreaded = (paged: boolean): RouteHandler => (ctx) =>
  withValue(commentThread(ctx, 'media_id'), ({ top }) => withValue(required(ctx, 'comment_id'), (id) => {
    const parent = top.find((c) => c.pk === id);
    if (!parent) return notFound('Comment');
    if (!paged) return ok([amountOf(ctx, parent.replies, 50).map((c) => gqlComment(ctx, c)), null]);
    return withValue(page(ctx, parent.replies, 'end_cursor', SIZE.replies, `gql-replies:${parent.pk}`), (p) => ok([p.items.map((c) => gqlComment(ctx, c)), p.next]));
  }));

/** `/gql/comment/likers`: the first `amount` likers of the post's first comment liked by many, with a cursor. */
const gqlCommentLikersFirst: RouteHandler = (ctx) =>
  withValue(findMedia(ctx, 'media_id'), (m) => {
    const list = likers(ctx, m);
    const shown = amountOf(ctx, list, 50);
    return ok([shown.map((u) => gqlCommentLiker(ctx, u)), shown.length < list.length ? encodeCursor(`gql-likers:${m.pk}`, shown.length) : null]);
  });

// ---- accounts around an account -------------------------------------------------------------------

/** Accounts related to an account: the accounts it follows that have content, biggest first. */
function relatedOf(ctx: RouteContext, u: WorldUser): WorldUser[] {
  return users(ctx.world, u.following).filter((x) => x.tier === 'main' && x.pk !== u.pk).sort((a, b) => b.followers.length - a.followers.length).slice(0, 30);
}

const related: RouteHandler = (ctx) => withValue(findUser(ctx, 'id'), (u) => ok(relatedOf(ctx, u).map((x) => v1.userShort(ctx, x))));

/**
 * `/v2/user/suggested/profiles`: the app's `discover/chaining/` answer (`users`, `is_backup`, each user's
 * `chaining_info`); with expand_suggestion=true its `discover/fetch_suggestion_details/` answer, keyed by
 * `items` (the service's client library, subzeroid/aiograpi, says so; the fields are the service's
 * documented answer's).
 */
const suggested: RouteHandler = (ctx) =>
  withValue(findUser(ctx, 'user_id'), (u) => {
    const list = relatedOf(ctx, u).map((x) => ({
      ...rawUser(ctx, x), social_context: socialContext(ctx, x), chaining_info: { sources: '[]', algorithm: null }, profile_chaining_secondary_label: '',
    }));
    if (arg(ctx, 'expand_suggestion') === 'true' && list.length > 0) return ok({ items: list, status: 'ok' });
    return ok({ users: list, is_backup: false, is_recommend_account: false, chaining_upsell_cards: [], follow_ranking_token: `${hashString(`chain:${u.pk}`).toString(16)}|${u.pk}|chaining`, status: 'ok' });
  });

/**
 * `/v2/user/explore/businesses/by/id`: the app's `discover/recommended_accounts_for_category/` answer as
 * the service's documented answer writes it: the category's id and `items[]` of `{user, media_previews}`
 * (none without a category).
 */
const businesses: RouteHandler = (ctx) =>
  withValue(findUser(ctx, 'user_id'), (u) => {
    const categoryId = (name: string): string => String(hashString(`category:${name}`) % 1_000_000_000);
    const items = u.category === '' ? [] : relatedOf(ctx, u).filter((x) => x.accountType === 2).map((x) => ({
      user: {
        ...rawUser(ctx, x), can_hide_category: true, can_hide_public_contacts: true, should_show_category: x.category !== '',
        category_id: categoryId(x.category), is_category_tappable: x.category !== '', should_show_public_contacts: false, category: x.category,
      },
      media_previews: medias(ctx.world, x.posts.slice(0, 3)).map((m) => ({ media_id: BigInt(m.pk), media_fbid: BigInt(m.fbid), thumbnail_url: v1.media(ctx, m).thumbnail_url })),
    }));
    return ok({ category_id: u.category === '' ? null : Number(categoryId(u.category)), items, status: 'ok' });
  });

// ---- guides (the OpenAPI Guide model: id, title, description, cover_media, feedback_item) ------------

function guide(ctx: RouteContext, id: string, title: string, description: string, cover: WorldMedia): Json {
  return { id, title, description, cover_media: v1.media(ctx, cover), feedback_item: null };
}

/** An account with twenty posts or more keeps one guide of its most liked post. */
const userGuides: RouteHandler = (ctx) =>
  withValue(findUser(ctx, 'user_id'), (u) => {
    const posts = medias(ctx.world, u.posts).filter((m) => m.ownerPk === u.pk);
    const best = [...posts].sort((a, b) => b.likeCount - a.likeCount)[0];
    return ok(posts.length >= 20 && best && !u.isPrivate ? [guide(ctx, String(hashString(`guide:${u.pk}`)), `${u.fullName || u.username}: favourites`, `Posts ${u.username} likes best.`, best)] : []);
  });

const locationGuides: RouteHandler = (ctx) =>
  withValue(findLocation(ctx, 'location_pk'), (l) => {
    const best = medias(ctx.world, l.top)[0];
    return ok(best ? [guide(ctx, String(hashString(`guide:${l.pk}`)), `Around ${l.name}`, `Posts from ${l.name}, ${l.city}.`, best)] : []);
  });

// ---- media by id (v2 legacy), templates, downloads, likers ------------------------------------------

const mediaItemsV2 = (key: 'code' | 'id' | 'url'): RouteHandler => (ctx) =>
  withValue(findMedia(ctx, key), (m) => ok({ num_results: 1, more_available: false, items: [rawMedia(ctx, m)], auto_load_more_enabled: true, status: 'ok' }));

/** `/v2/media/template`: reels made with the same sound as the given reel. */
const template: RouteHandler = (ctx) =>
  withValue(findMedia(ctx, 'id'), (m) => {
    const track = m.trackId ? ctx.world.trackById.get(m.trackId) : undefined;
    const all = track ? medias(ctx.world, track.reels).filter((x) => x.pk !== m.pk) : [];
    const others = all.slice(0, SIZE.tracks);
    const cover = rawMedia(ctx, m).image_versions2;
    // The endpoint takes no cursor: production still names one (an opaque string) when more reels exist.
    const more = all.length > others.length;
    return ok({
      items: others.map((x) => ({ media: rawMedia(ctx, x) })),
      metadata: { template_clips_media_creator: 'use_template', clips_count: `${all.length} ${all.length === 1 ? 'reel' : 'reels'}`, image_versions2: cover, template_title: 'Original template' },
      paging_info: { max_id: more ? encodeCursor(`template:${m.pk}`, others.length) : null, more_available: more },
      status: 'ok',
      status_code: '200',
    });
  });

/** `/v1/media/download/*`: where the post's file is (as the story downloads describe theirs). */
function mediaDownload(ctx: RouteContext, m: WorldMedia, kind: 'photo' | 'video'): RouteOutcome {
  const item = v1.media(ctx, m);
  const url = kind === 'video' ? item.video_url : item.thumbnail_url;
  if (typeof url !== 'string') return notFound(kind === 'video' ? 'Video' : 'Photo');
  const owner = ctx.world.userByPk.get(m.ownerPk);
  return ok({
    pk: m.pk,
    id: mediaId(m.pk, m.ownerPk),
    media_type: m.mediaType,
    url,
    filename: `${owner?.username ?? m.ownerPk}_${m.pk}.${kind === 'video' ? 'mp4' : 'png'}`,
    content_type: kind === 'video' ? 'video/mp4' : 'image/png',
  });
}

/** A post from one of its file URLs (`/media/img/<pk>.png`, `/media/vid/<asset>/<pk>.mp4`). */
const downloadByUrl = (kind: 'photo' | 'video'): RouteHandler => (ctx) =>
  withValue(required(ctx, 'url'), (url) => {
    let id = '';
    try {
      id = decodeURIComponent(/\/media\/(?:img|vid\/[a-z]+)\/([^/]+)\.(?:png|mp4)$/.exec(new URL(url).pathname)?.[1] ?? '');
    } catch {
      id = '';
    }
    const m = ctx.world.mediaByPk.get(id) ?? ctx.world.parentOfChild.get(id);
    return m ? mediaDownload(ctx, m, kind) : notFound('Media');
  });

const likersV3: RouteHandler = (ctx) =>
  withValue(findMedia(ctx, 'id'), (m) => ok({ users: likers(ctx, m).map((u) => ({ ...rawUser(ctx, u), is_new: false })), user_count: m.likeCount, status: 'ok' }));

// ---- the older top search forms ---------------------------------------------------------------------

/** `/v2/fbsearch/topsearch`, `/v2/search/topsearch`: accounts on the first page, then a grid of posts. */
const topsearchV2: RouteHandler = (ctx) =>
  withValue(required(ctx, 'query'), (query) =>
    withValue(page(ctx, memo(ctx.world, `posts:${query}`, () => postsMatching(ctx.world, query, false)), 'next_max_id', SIZE.hashtagFeed, `topsearch-v2:${query}`), (p) => {
      const token = rankToken(query);
      const accounts = p.offset === 0 ? accountsMatching(ctx.world, query).slice(0, 4) : [];
      return ok({
        list: accounts.map((u, position) => ({ position, user: { ...rawUser(ctx, u), search_social_context: socialContext(ctx, u) } })),
        rank_token: token,
        clear_client_cache: false,
        more_results_header: 'Posts',
        entity_results_header: 'Accounts',
        media_grid: {
          refinements: {},
          sections: mediaSections(ctx, p.items, {}, true),
          rank_token: token,
          next_max_id: p.next,
          has_more: p.next !== null,
          auto_load_more_enabled: true,
          grid_post_click_experience: 'contextual',
          topic_status: -1,
          reels_max_id: p.next,
          has_more_reels: p.next !== null,
          reels_page_index: Math.floor(p.offset / SIZE.hashtagFeed) + 1,
          autoplay_type: 'single',
        },
        status: 'ok',
      });
    }));

/** `/v3/fbsearch/topsearch`: the same results as stream rows (client hints, the accounts, the grid). */
const topsearchV3: RouteHandler = (ctx) => {
  const answer = topsearchV2(ctx);
  if (answer.status !== 200) return answer;
  const body = answer.body as Json;
  const grid = body.media_grid as Json;
  return ok({
    stream_rows: [
      { clear_client_cache: false, client_hints: { rank_token: body.rank_token, query: arg(ctx, 'query') }, status: 'ok' },
      { list: body.list, entity_results_header: body.entity_results_header },
      { media_grid: grid, next_max_id: grid.next_max_id, has_more: grid.has_more },
    ],
  });
};

/** `/v1/fbsearch/topsearch`: deprecated because the upstream fails; so it does here (500, not billed). */
const brokenTopsearch: RouteHandler = () => ({ status: 500, body: serverError('Upstream top search failed: use /gql/topsearch') });

// ---- reposts, the profile stream, the music stream -------------------------------------------------

/** The posts an account reposted: some posts of the accounts it follows, newest first. */
function repostsOf(ctx: RouteContext, u: WorldUser): string[] {
  return memo(ctx.world, `reposts:${u.pk}`, () =>
    users(ctx.world, u.following).flatMap((x) => (x.isPrivate ? [] : medias(ctx.world, x.posts.slice(0, 40))))
      .filter((m) => m.ownerPk !== u.pk && hashString(`repost:${u.pk}:${m.pk}`) % 9 === 0)
      .sort((a, b) => b.takenAt - a.takenAt || (a.pk < b.pk ? 1 : -1))
      .map((m) => m.pk)
      .filter((pk, i, all) => all.indexOf(pk) === i));
}

/** `/gql/user/reposts`: one GraphQL object (no stream rows) with the posts under the account's field. */
const reposts: RouteHandler = (ctx) =>
  withValue(readableUser(ctx, 'user_id', false), (u) =>
    withValue(page(ctx, repostsOf(ctx, u), 'repost_next_max_id', SIZE.posts, `reposts:${u.pk}`), (p) =>
      ok(repostsObject(ctx, u, medias(ctx.world, p.items), p.next))));

/** `/v2/userstream/by/*`: the full user spread over several stream rows, each `{user: {some fields}}`. */
const userStream = (key: 'id' | 'username'): RouteHandler => (ctx) =>
  withValue(findUser(ctx, key), (u) => {
    const entries = Object.entries(rawUserFull(ctx, u));
    const third = Math.ceil(entries.length / 3);
    const rows = [0, 1, 2].map((i) => ({ user: Object.fromEntries(entries.slice(i * third, (i + 1) * third)) }));
    return ok({ stream_rows: rows, status: 'ok' });
  });

/** What the music stream's preview row keeps of a reel. */
const PREVIEW_KEYS = ['id', 'image_versions2', 'media_type', 'original_height', 'original_width', 'pk', 'play_count'];

/**
 * `/v2/track/stream/by/id`: the music page in `response.stream_rows`, as the service's documented answer
 * writes it: first a preview row (the reels with a few fields, a short music page), then the full row
 * with the same reels, the whole music page and its paging.
 */
const trackStream: RouteHandler = (ctx) =>
  withValue(required(ctx, 'track_id'), (id) => {
    const t = ctx.world.trackById.get(id) ?? ctx.world.tracks.find((x) => x.assetId === id);
    if (!t) return notFound('Track');
    return withValue(page(ctx, t.reels, 'page_id', SIZE.tracks, `track-stream:${t.id}`), (p: Page<string>) => {
      const body = musicPage(ctx, t, medias(ctx.world, p.items), p.next);
      const { items, status_code: _code, status: _status, ...music } = body.response as Json;
      const list = (Array.isArray(items) ? items : []) as { media: Json }[];
      const preview = list.map(({ media }) => ({ media: Object.fromEntries(PREVIEW_KEYS.map((k) => [k, media[k] ?? null])) }));
      const previewPage = {
        paging_info: { more_available: p.next !== null },
        music_canonical_id: music.music_canonical_id,
        audio_page_reporting_id: music.audio_page_reporting_id,
        formatted_media_count: music.formatted_media_count,
        metadata: { additional_audio_info: null, creative_config_info: null, music_info: null, original_sound_info: null },
        audio_page_segments: music.audio_page_segments,
        spotify_track_metadata: music.spotify_track_metadata,
        is_music_page_restricted: music.is_music_page_restricted,
      };
      const rows = list.length === 0 ? [] : [
        { items: preview, is_media_preview: true, music_page_response: previewPage, status: 'ok' },
        { items: list, is_media_preview: false, music_page_response: music, paging_info: music.paging_info, status: 'ok' },
      ];
      return ok({ response: { stream_rows: rows }, next_page_id: body.next_page_id });
    });
  });

export const MORE_ROUTES: Record<string, RouteHandler> = {
  // legacy first pages and lists
  '/v1/user/followers': relationsFirst('followers', 100),
  '/v1/user/following': relationsFirst('following', 100),
  '/gql/user/followers': relationsFirst('followers', 46),
  '/gql/user/following': relationsFirst('following', 50),
  '/v1/user/medias': userMediaFirst('posts', 33),
  '/v1/user/clips': userMediaFirst('clips', 50),
  '/v1/user/tag/medias': userMediaFirst('tagged', 0),
  '/v1/user/videos': userMediaFirst('videos', 50),
  '/v1/user/videos/chunk': videosChunk,
  '/v2/user/videos': videosV2,
  '/v1/hashtag/medias/top': hashtagFirst('top', 9),
  '/v1/hashtag/medias/recent': hashtagFirst('recent', 27),
  '/v1/hashtag/medias/clips': hashtagFirst('clips', 27),
  '/v1/hashtag/medias/top/recent/chunk': topRecentChunk,
  '/v1/media/comments': (ctx) => withValue(commentThread(ctx, 'id'), ({ top }) => ok(amountOf(ctx, top, 20).map((c) => v1.comment(ctx, c)))),
  '/gql/comments': gqlComments(false),
  '/gql/comments/chunk': gqlComments(true),
  '/gql/comments/threaded': gqlThreaded(false),
  '/gql/comments/threaded/chunk': gqlThreaded(true),
  '/gql/comment/likers': gqlCommentLikersFirst,
  '/v1/user/web_profile_info': (ctx) => withValue(findUser(ctx, 'username'), (u) => ok({ data: { user: rawUserFull(ctx, u) }, status: 'ok' })),

  // accounts around an account, guides
  '/gql/user/related/profiles': related,
  '/v2/user/suggested/profiles': suggested,
  '/v2/user/explore/businesses/by/id': businesses,
  '/v1/user/guides': userGuides,
  '/v1/location/guides': locationGuides,

  // posts
  '/v2/media/by/code': mediaItemsV2('code'),
  '/v2/media/by/id': mediaItemsV2('id'),
  '/v2/media/by/url': mediaItemsV2('url'),
  '/v2/media/template': template,
  '/v1/media/download/photo': (ctx) => withValue(findMedia(ctx, 'id'), (m) => mediaDownload(ctx, m, 'photo')),
  '/v1/media/download/video': (ctx) => withValue(findMedia(ctx, 'id'), (m) => mediaDownload(ctx, m, 'video')),
  '/v1/media/download/photo/by/url': downloadByUrl('photo'),
  '/v1/media/download/video/by/url': downloadByUrl('video'),
  '/v3/media/likers': likersV3,

  // search
  '/v2/search/accounts': CORE_ROUTES['/v2/fbsearch/accounts'] as RouteHandler,
  '/v2/search/places': CORE_ROUTES['/v2/fbsearch/places'] as RouteHandler,
  '/v3/fbsearch/places': CORE_ROUTES['/v2/fbsearch/places'] as RouteHandler,
  '/v2/search/reels': CORE_ROUTES['/v2/fbsearch/reels'] as RouteHandler,
  '/v3/fbsearch/reels': CORE_ROUTES['/v2/fbsearch/reels'] as RouteHandler,
  '/v2/fbsearch/topsearch': topsearchV2,
  '/v2/search/topsearch': topsearchV2,
  '/v3/fbsearch/topsearch': topsearchV3,
  '/v1/fbsearch/topsearch': brokenTopsearch,

  // stream forms and reposts
  '/gql/user/reposts': reposts,
  '/v2/userstream/by/id': userStream('id'),
  '/v2/userstream/by/username': userStream('username'),
  '/v2/track/stream/by/id': trackStream,
};

/** Every simulated endpoint: the core table and the rest. */
export const ROUTES: Record<string, RouteHandler> = { ...CORE_ROUTES, ...MORE_ROUTES };
