// Every simulated endpoint: path -> handler over the world. The shell (service.ts) has checked the key,
// the balance and the parameters before a handler runs; handlers still answer FastAPI bodies for what
// they need and do not find, so they can be called directly in tests.
//
// Answers follow service-interface.md where it details an endpoint and the OpenAPI document's shapes
// otherwise. Choices where neither says (see also shapes/errors.ts):
// - private accounts: profiles are readable; posts, reels, tagged posts, followers and following answer
//   403 {"detail":"Account is private","exc_type":"PrivateAccount"}, stories and highlights too unless
//   force=true; a single post of a private account answers 404 MediaUnavailable, as production does
//   for "private, deleted or fake" posts;
// - a cursor that does not belong to the list answers 422 (FastAPI body, value_error);
// - `/v1/share/by/*` answer {pk: "<pk as string>", type} (OpenAPI's Share model); `/v1/share/reel/by/url`
//   answers the reel's media pk as a JSON string;
// - `/v1/story/download*` answer a JSON description of the file: {pk, id, media_type, url, filename,
//   content_type, width, height, taken_at} (the interface only says "download data");
// - comment_count counts top-level comments and replies; `/v1/media/comments/chunk` pages top-level
//   comments (replies come from /v2/media/comments/replies), or every comment with
//   can_support_threading=false.
//
// The handlers live in ./routes/ by domain; this index holds the table and keeps the helpers' public names.
import { mediaUnavailable } from './shapes/errors';
import { a2User } from './shapes/a2';
import { rawUserFull } from './shapes/raw';
import * as v1 from './shapes/v1';
import type { RouteHandler } from './types';
import { findMedia, findUser, findUserByPk, ok, required, withValue } from './routes/common';
import { findLocation, hashtagChunk, hashtagSections, hashtagV1, hashtagV2, nearby, placeFeed, placeFeedChunk, placesV1, placesV2, searchHashtagsV1, searchHashtagsV2 } from './routes/places-tags';
import { codeFromPk, commentLikers, commentsChunk, commentsV2, likersGql, likersV1, likersV2, mediaV1, mediaV2, offensive, pkFromCode, pkFromUrl, replies, shareAnswer, shareCodeOfUrl, usertags } from './routes/posts';
import { searchAccounts, searchMusicV1, searchMusicV2, searchReels, searchUsers, topsearch, trackReels } from './routes/search';
import { highlightV1, highlightV2, storyDownload, storyV1, storyV2, userHighlightsV1, userHighlightsV2, userStoriesV1, userStoriesV2 } from './routes/stories';
import { aboutOf, clipsChunk, clipsV2, g1Relations, g2Medias, g2Relations, gqlClips, gqlMedias, gqlRelationsChunk, mediasChunk, mediasV2, pinned, searchRelations, taggedChunk, taggedV2, userV1, userV2, v1RelationsChunk, v2Relations } from './routes/users';

export { FOLLOWER_LIMIT, type MediaKey, SIZE, type UserKey, amountOf, arg, findMedia, findUser, intArg, isOutcome, medias, ok, page, rankToken, readableUser, required, users, withValue, withValueT } from './routes/common';
export { findHashtag, findLocation, placesMatching } from './routes/places-tags';
export { commentThread, likers } from './routes/posts';
export { accountsMatching, postsMatching, topsearchUnits } from './routes/search';
export { forgetSearches, memo, searchQuery } from './routes/search-index';
export { type Direction, relationList } from './routes/users';

/** Fields the web profile's GraphQL user adds, as the service's documented answer writes them (all empty). */
const WEB_PROFILE_EXTRA = {
  gating: null, has_story_archive: null, supervision_info: null, regulated_news_in_locations: null, linked_fb_info: null,
  live_broadcast_visibility: null, live_broadcast_id: null, has_profile_pic: null, ring_creator_metadata: { profile_background_color: null },
  ai_agent_type: null, transparency_label: null, transparency_product: null, hide_creator_marketplace_badge: false, reel_media_seen_timestamp: null,
};

// ---- the table -----------------------------------------------------------------------------------------

/** The endpoints the app reads most; routes-more.ts adds the rest and assembles ROUTES. */
export const CORE_ROUTES: Record<string, RouteHandler> = {
  // users
  '/v1/user/by/username': userV1('username'),
  '/v1/user/by/id': userV1('id'),
  '/v1/user/by/url': userV1('url'),
  '/v1/user/about': aboutOf,
  '/gql/user/about': aboutOf,
  '/v2/user/by/username': userV2('username'),
  '/v2/user/by/id': userV2('id'),
  // A GraphQL answer: production writes pk and fbid_v2 as strings there.
  '/gql/user/web_profile_info': (ctx) => withValue(findUser(ctx, 'user_id'), (u) => ok({ ...rawUserFull(ctx, u), ...WEB_PROFILE_EXTRA, pk: u.pk, fbid_v2: u.fbid })),
  '/a2/user': (ctx) => withValue(findUser(ctx, 'username'), (u) => ok(a2User(ctx, u))),
  '/v1/media/user': (ctx) => withValue(findMedia(ctx, 'media_id'), (m) => withValue(findUserByPk(ctx, m.ownerPk), (u) => ok(v1.userShort(ctx, u)))),

  // followers and following
  '/g1/user/followers': g1Relations('followers'),
  '/g1/user/following': g1Relations('following'),
  '/g2/user/followers': g2Relations('followers'),
  '/g2/user/following': g2Relations('following'),
  '/v1/user/followers/chunk': v1RelationsChunk('followers'),
  '/v1/user/following/chunk': v1RelationsChunk('following'),
  '/gql/user/followers/chunk': gqlRelationsChunk('followers'),
  '/gql/user/following/chunk': gqlRelationsChunk('following'),
  '/v2/user/followers': v2Relations('followers'),
  '/v2/user/following': v2Relations('following'),
  '/v1/user/search/followers': searchRelations('followers'),
  '/v1/user/search/following': searchRelations('following'),

  // posts, reels, tagged posts of a user
  '/v1/user/medias/chunk': mediasChunk,
  '/g2/user/medias': g2Medias,
  '/gql/user/medias': gqlMedias,
  '/v2/user/medias': mediasV2,
  '/v1/user/medias/pinned': pinned,
  '/v1/user/clips/chunk': clipsChunk,
  '/v2/user/clips': clipsV2,
  '/gql/user/clips': gqlClips,
  '/v1/user/tag/medias/chunk': taggedChunk,
  '/v2/user/tag/medias': taggedV2,

  // stories and highlights
  '/v1/user/stories': userStoriesV1('user_id'),
  '/v1/user/stories/by/username': userStoriesV1('username'),
  '/v2/user/stories': userStoriesV2('user_id'),
  '/v2/user/stories/by/username': userStoriesV2('username'),
  '/v1/user/highlights': userHighlightsV1('user_id'),
  '/v1/user/highlights/by/username': userHighlightsV1('username'),
  '/v2/user/highlights': userHighlightsV2('user_id'),
  '/v2/user/highlights/by/username': userHighlightsV2('username'),
  '/v1/story/by/id': storyV1('id'),
  '/v1/story/by/url': storyV1('url'),
  '/v2/story/by/id': storyV2('id'),
  '/v2/story/by/url': storyV2('url'),
  '/v1/story/download': storyDownload('id'),
  '/v1/story/download/by/story/url': storyDownload('url'),
  '/v1/story/download/by/url': storyDownload('file'),
  '/v1/highlight/by/url': highlightV1('url'),
  '/v1/highlight/by/id': highlightV1('id'),
  '/v2/highlight/by/id': highlightV2,

  // share links
  '/v1/share/by/code': (ctx) => withValue(required(ctx, 'code'), (code) => shareAnswer(ctx, code)),
  '/v1/share/by/url': (ctx) => withValue(required(ctx, 'url'), (url) => shareAnswer(ctx, shareCodeOfUrl(url))),
  '/v1/share/reel/by/url': (ctx) => withValue(findMedia(ctx, 'url'), (m) => (m.productType === 'clips' ? ok(m.pk) : mediaUnavailable())),

  // posts
  '/v1/media/by/code': mediaV1('code'),
  '/v1/media/by/id': mediaV1('id'),
  '/v1/media/by/url': mediaV1('url'),
  '/v2/media/info/by/code': mediaV2('code'),
  '/v2/media/info/by/id': mediaV2('id'),
  '/v2/media/info/by/url': mediaV2('url'),
  '/v1/media/code/from/pk': codeFromPk,
  '/v1/media/pk/from/code': pkFromCode,
  '/v1/media/pk/from/url': pkFromUrl,
  '/v1/media/comments/chunk': commentsChunk,
  '/v2/media/comments': commentsV2,
  '/v2/media/comments/replies': replies,
  '/v2/media/comment/offensive': offensive,
  '/gql/comment/likers/chunk': commentLikers,
  '/v1/media/likers': likersV1,
  '/gql/media/likers': likersGql,
  '/v2/media/likers': likersV2,
  '/gql/media/usertags': usertags,
  '/v1/media/insight': (ctx) => withValue(findMedia(ctx, 'media_id'), (m) => ok(v1.insight(ctx, m))),
  '/v1/media/oembed': (ctx) => withValue(findMedia(ctx, 'url'), (m) => ok(v1.oembed(ctx, m))),

  // places
  '/v1/location/by/id': (ctx) => withValue(findLocation(ctx, 'id'), (l) => ok(v1.location(ctx, l))),
  '/v1/location/medias/recent': placeFeed('recent', 63),
  '/v1/location/medias/top': placeFeed('top', 21),
  '/v1/location/medias/recent/chunk': placeFeedChunk('recent'),
  '/v1/location/medias/top/chunk': placeFeedChunk('top'),
  '/v1/location/search': nearby,
  '/v1/fbsearch/places': placesV1,
  '/v2/fbsearch/places': placesV2,

  // hashtags
  '/v1/hashtag/by/name': hashtagV1,
  '/v2/hashtag/by/name': hashtagV2,
  '/v1/hashtag/medias/top/chunk': hashtagChunk('top'),
  '/v1/hashtag/medias/clips/chunk': hashtagChunk('clips'),
  '/v1/hashtag/medias/recent/chunk': hashtagChunk('recent'),
  '/v2/hashtag/medias/recent': hashtagSections('recent'),
  '/v2/hashtag/medias/top': hashtagSections('top'),
  '/v2/hashtag/medias/clips': hashtagSections('clips'),
  '/v1/search/hashtags': searchHashtagsV1,
  '/v1/fbsearch/topsearch/hashtags': searchHashtagsV1,
  '/v2/search/hashtags': searchHashtagsV2,

  // search
  '/v1/search/users': searchUsers,
  '/v2/fbsearch/accounts': searchAccounts(false),
  '/v3/fbsearch/accounts': searchAccounts(true),
  '/v2/fbsearch/reels': searchReels,
  '/gql/topsearch': topsearch,
  '/v1/search/music': searchMusicV1,
  '/v2/search/music': searchMusicV2,

  // music
  '/v2/track/by/canonical/id': trackReels('canonical_id'),
  '/v2/track/by/id': trackReels('track_id'),
};
