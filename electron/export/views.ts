// Which view of the platform a request reads, by its exact catalog path (shared/api/catalog.ts): the
// `collected_from_view` of the CSV exports and, through FOURCAT_VIEWS, the `_zs_instagram_view` of the
// 4CAT file. One table, looked up by path, never matched on part of it (`tag/medias` is inside
// `hashtag/medias`); test/unit/electron/export/views.test.ts checks it covers every list of the catalog.

export type View =
  | 'posts' | 'reels' | 'videos' | 'pinned' | 'reposts' | 'tagged' | 'guides' | 'profile' | 'about' | 'related'
  | 'followers' | 'following' | 'stories' | 'story' | 'highlights' | 'highlight'
  | 'post' | 'comments' | 'replies' | 'likers' | 'comment_likers' | 'usertags' | 'template'
  | 'hashtag' | 'location' | 'audio' | 'search';

/** What the view is a page of: an account, a post, a hashtag, a place, a highlight, an audio track, or none. */
export type Subject = 'account' | 'post' | 'hashtag' | 'place' | 'highlight' | 'audio' | 'story' | null;

export const SUBJECT: Readonly<Record<View, Subject>> = {
  posts: 'account', reels: 'account', videos: 'account', pinned: 'account', reposts: 'account', tagged: 'account', guides: 'account', profile: 'account',
  about: 'account', related: 'account', followers: 'account', following: 'account', stories: 'account', highlights: 'account',
  story: 'story', highlight: 'highlight',
  post: 'post', comments: 'post', replies: 'post', likers: 'post', comment_likers: 'post', usertags: 'post', template: 'post',
  hashtag: 'hashtag', location: 'place', audio: 'audio', search: null,
};

const by = (view: View, paths: string[]): [string, View][] => paths.map((p) => [p, view]);

/** Every endpoint that answers records, by exact path. */
export const VIEW_OF_PATH: ReadonlyMap<string, View> = new Map([
  ...by('posts', ['/g2/user/medias', '/gql/user/medias', '/v2/user/medias', '/v1/user/medias/chunk', '/v1/user/medias']),
  ...by('reels', ['/gql/user/clips', '/v2/user/clips', '/v1/user/clips/chunk', '/v1/user/clips']),
  ...by('videos', ['/v2/user/videos', '/v1/user/videos', '/v1/user/videos/chunk']),
  ...by('pinned', ['/v1/user/medias/pinned']),
  ...by('reposts', ['/gql/user/reposts']),
  ...by('guides', ['/v1/user/guides']),
  ...by('tagged', ['/v2/user/tag/medias', '/v1/user/tag/medias/chunk', '/v1/user/tag/medias']),
  ...by('profile', [
    '/gql/user/web_profile_info', '/gql/user/by/id', '/gql/user/by/username', '/a2/user', '/v2/user/by/id', '/v2/user/by/username',
    '/v2/userstream/by/id', '/v2/userstream/by/username', '/v1/user/by/id', '/v1/user/by/url', '/v1/user/by/username', '/v1/media/user',
  ]),
  ...by('about', ['/gql/user/about', '/v1/user/about']),
  ...by('related', ['/gql/user/related/profiles']),
  ...by('followers', [
    '/g1/user/followers', '/g2/user/followers', '/gql/user/followers/chunk', '/gql/user/followers', '/v2/user/followers',
    '/v1/user/followers/chunk', '/v1/user/followers', '/v1/user/search/followers',
  ]),
  ...by('following', [
    '/g1/user/following', '/g2/user/following', '/gql/user/following/chunk', '/gql/user/following', '/v2/user/following',
    '/v1/user/following/chunk', '/v1/user/following', '/v1/user/search/following',
  ]),
  ...by('stories', ['/v2/user/stories', '/v2/user/stories/by/username', '/v1/user/stories', '/v1/user/stories/by/username']),
  ...by('story', ['/v1/story/by/id', '/v1/story/by/url', '/v2/story/by/id', '/v2/story/by/url']),
  ...by('highlights', ['/v2/user/highlights', '/v2/user/highlights/by/username', '/v1/user/highlights', '/v1/user/highlights/by/username']),
  ...by('highlight', ['/v1/highlight/by/url', '/v1/highlight/by/id', '/v2/highlight/by/id']),
  ...by('post', [
    '/v1/media/by/code', '/v1/media/by/id', '/v1/media/by/url', '/v2/media/info/by/code', '/v2/media/info/by/id', '/v2/media/info/by/url',
    '/v2/media/by/code', '/v2/media/by/id', '/v2/media/by/url',
  ]),
  ...by('comments', ['/gql/comments', '/gql/comments/chunk', '/v1/media/comments/chunk', '/v1/media/comments', '/v2/media/comments']),
  ...by('replies', ['/gql/comments/threaded', '/gql/comments/threaded/chunk', '/v2/media/comments/replies']),
  ...by('likers', ['/gql/media/likers', '/v1/media/likers', '/v2/media/likers', '/v3/media/likers']),
  ...by('comment_likers', ['/gql/comment/likers/chunk', '/gql/comment/likers']),
  ...by('usertags', ['/gql/media/usertags']),
  ...by('template', ['/v2/media/template']),
  ...by('hashtag', [
    '/v1/hashtag/by/name', '/v1/hashtag/medias/clips/chunk', '/v1/hashtag/medias/top/chunk', '/v1/hashtag/medias/recent/chunk',
    '/v1/hashtag/medias/top/recent/chunk', '/v1/hashtag/medias/clips', '/v1/hashtag/medias/recent', '/v1/hashtag/medias/top',
    '/v2/hashtag/by/name', '/v2/hashtag/medias/recent', '/v2/hashtag/medias/top', '/v2/hashtag/medias/clips',
  ]),
  ...by('location', [
    '/v1/location/by/id', '/v1/location/guides', '/v1/location/medias/recent', '/v1/location/medias/recent/chunk', '/v1/location/medias/top',
    '/v1/location/medias/top/chunk',
  ]),
  ...by('audio', ['/v2/track/by/canonical/id', '/v2/track/by/id', '/v2/track/stream/by/id']),
  ...by('search', [
    '/gql/topsearch', '/v1/location/search', '/v1/fbsearch/places', '/v1/fbsearch/topsearch/hashtags', '/v1/fbsearch/topsearch',
    '/v1/search/hashtags', '/v1/search/music', '/v1/search/users', '/v2/fbsearch/accounts', '/v2/fbsearch/places', '/v2/fbsearch/reels',
    '/v2/fbsearch/topsearch', '/v2/search/hashtags', '/v2/search/music', '/v2/search/accounts', '/v2/search/places', '/v2/search/reels',
    '/v2/search/topsearch', '/v3/fbsearch/accounts', '/v3/fbsearch/places', '/v3/fbsearch/topsearch', '/v3/fbsearch/reels',
  ]),
]);

/** The view of a request's path; an unknown path (not in the catalog) is 'other'. */
export function viewOfPath(path: string): View | 'other' {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return VIEW_OF_PATH.get(trimmed) ?? 'other';
}

/** Zeeschuimer's names (`_zs_instagram_view`) for the pages a post was seen on; other views keep their own name. */
export const FOURCAT_VIEWS: Readonly<Partial<Record<View | 'other', string>>> = {
  posts: 'user_posts',
  pinned: 'user_posts',
  reels: 'user_reels',
  videos: 'user_reels',
  tagged: 'user_tagged',
  hashtag: 'explore',
  location: 'location',
  post: 'single_post',
  search: 'search',
};
