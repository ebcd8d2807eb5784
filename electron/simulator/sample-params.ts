// Requests the simulator's world can answer, to compare its answers with production's (the shape
// contracts, `npm run fidelity`): for the endpoints with a recorded production answer, subjects that
// resemble the recorded requests' (a carousel with a place and tags, a reel with music, a post with
// replies, an account with a sponsored story); for any other endpoint of the catalog, its required
// parameters filled with subjects that have something to show.
import { findEndpoint } from '../../shared/api/catalog';
import { storySponsors } from './shapes/common';
import { postUrl } from './shapes/v1';
import { shareCode } from './world/ids';
import { ANCHORS, threadOf, type World, type WorldMedia, type WorldUser } from './world/world';

export type SampleParams = Record<string, string>;

export interface SampleRequest {
  /** The name of its recorded production answer (../shared/spec/recorded), without `.json`. */
  name: string;
  path: string;
  params: (w: WorldPicks) => SampleParams;
}

/** Entities of the simulated world that resemble the recorded requests' subjects. */
export interface WorldPicks {
  world: World;
  big: WorldUser;
  business: WorldUser;
  clipsUser: WorldUser;
  storyUser: WorldUser;
  post: WorldMedia;
  reel: WorldMedia;
  discussed: WorldMedia;
  hashtag: string;
  /** A hashtag whose first v2 feed page has a place and a coauthored post in its grid rows. */
  feedHashtag: string;
  placePk: string;
  placeQuery: string;
  musicQuery: string;
  trackCanonicalId: string;
  highlightPk: string;
  replyParent: string;
  /** A comment with more likers than a page holds (its likers have a next page). */
  likedComment: string;
  /** A reel whose sound more than a page of other reels use (its template has a next page). */
  templated: WorldMedia;
  /** A public account with more followers than a v2 page and no more than the follower cap (a next page either way). */
  listUser: WorldUser;
}

function pick<T>(list: readonly T[], label: string, test: (x: T) => boolean): T {
  const found = list.find(test);
  if (found === undefined) throw new Error(`sample requests: the world has no ${label}`);
  return found;
}

export function worldPicks(world: World): WorldPicks {
  const user = (name: string): WorldUser => pick(world.users, name, (u) => u.username === name);
  const big = user(ANCHORS.big);
  const business = user(ANCHORS.business);
  const isPublic = (m: WorldMedia): boolean => !world.userByPk.get(m.ownerPk)?.isPrivate;
  const post = pick(world.media, 'carousel with a place and tags', (m) =>
    isPublic(m) && m.mediaType === 8 && m.locationPk !== null && m.usertags.length > 0 && m.children.some((c) => c.video !== null));
  const reel = pick(world.media, 'reel with music', (m) => isPublic(m) && m.productType === 'clips' && m.trackId !== null && m.reshareCount !== null);
  const discussed = pick(world.media, 'post with replies', (m) =>
    isPublic(m) && !m.commentsDisabled && threadOf(world, m).top.length >= 20 && threadOf(world, m).top.some((c) => c.replies.length >= 3));
  const parent = pick(threadOf(world, discussed).top, 'comment with replies', (c) => c.replies.length >= 3);
  const coauthoredIn = (pks: readonly string[]): boolean => pks.slice(0, 12).some((pk) => (world.mediaByPk.get(pk)?.coauthors.length ?? 0) > 0);
  // The posts of a v2 feed page that sit in media_grid rows (odd rows with a reel are one_by_two rows).
  const inGrid = (pks: readonly string[], test: (m: WorldMedia) => boolean): boolean => {
    const list = pks.slice(0, 12).flatMap((pk) => world.mediaByPk.get(pk) ?? []);
    return list.some((m, i) => test(m) && (Math.floor(i / 3) % 2 === 0 || list[i - (i % 3)]?.productType !== 'clips'));
  };
  const hashtag = [...world.hashtags]
    .filter((h) => coauthoredIn(h.recent) && coauthoredIn(h.top) && coauthoredIn(h.clips))
    .sort((a, b) => b.recent.length - a.recent.length)[0];
  const feedHashtag = [...world.hashtags]
    .filter((h) => inGrid(h.recent, (m) => m.locationPk !== null) && inGrid(h.recent, (m) => m.coauthors.length > 0))
    .sort((a, b) => b.recent.length - a.recent.length)[0];
  const storyUser = pick(world.users, 'account with a sponsored story', (u) =>
    !u.isPrivate && u.stories.some((pk) => {
      const st = world.storyByPk.get(pk);
      return st !== undefined && storySponsors(st).length > 0;
    }));
  const clipsUser = pick(world.users, 'account whose first reels include a coauthored one', (u) => !u.isPrivate && coauthoredIn(u.clips));
  const place = [...world.locations].filter((l) => l.hours !== null).sort((a, b) => b.recent.length - a.recent.length)[0];
  const track = [...world.tracks].filter((t) => t.hasLyrics).sort((a, b) => b.reels.length - a.reels.length)[0];
  const highlight = pick(world.highlights, 'highlight of the big account', (h) => h.ownerPk === big.pk);
  const liked = pick(world.media.flatMap((m) => threadOf(world, m).top), 'comment with many likers', (c) => c.likeCount > 60);
  const templated = pick(world.media, 'reel whose sound many reels use', (m) => m.trackId !== null && (world.trackById.get(m.trackId)?.reels.length ?? 0) > 13);
  if (!hashtag || !feedHashtag || !place || !track) throw new Error('sample requests: the world has no hashtag, place or track');
  return {
    world,
    big,
    business,
    clipsUser,
    storyUser,
    post,
    reel,
    discussed,
    hashtag: hashtag.name,
    feedHashtag: feedHashtag.name,
    placePk: String(place.pk),
    placeQuery: place.city,
    musicQuery: track.title.split(' ')[0] ?? track.title,
    trackCanonicalId: track.canonicalId,
    highlightPk: highlight.pk,
    replyParent: parent.pk,
    likedComment: liked.pk,
    templated,
    listUser: pick(world.users, 'account with 26 to 50 followers', (u) => !u.isPrivate && u.followers.length > 25 && u.followers.length <= 50),
  };
}

const byUser = (w: WorldPicks): SampleParams => ({ user_id: w.big.pk });

/** The 37 endpoints with a recorded production answer, and what the simulator is asked for each. */
export const RECORDED_REQUESTS: readonly SampleRequest[] = [
  { name: 'gql_topsearch', path: '/gql/topsearch', params: () => ({ query: 'a' }) },
  { name: 'sys_balance', path: '/sys/balance', params: () => ({}) },
  { name: 'v1_fbsearch_places', path: '/v1/fbsearch/places', params: (w) => ({ query: w.placeQuery }) },
  { name: 'v1_hashtag_by_name', path: '/v1/hashtag/by/name', params: (w) => ({ name: w.hashtag }) },
  { name: 'v1_hashtag_medias_clips_chunk', path: '/v1/hashtag/medias/clips/chunk', params: (w) => ({ name: w.hashtag }) },
  { name: 'v1_hashtag_medias_top_chunk', path: '/v1/hashtag/medias/top/chunk', params: (w) => ({ name: w.hashtag }) },
  { name: 'v1_location_by_id', path: '/v1/location/by/id', params: (w) => ({ id: w.placePk }) },
  { name: 'v1_location_medias_recent_chunk', path: '/v1/location/medias/recent/chunk', params: (w) => ({ location_pk: w.placePk }) },
  { name: 'v1_location_medias_top_chunk', path: '/v1/location/medias/top/chunk', params: (w) => ({ location_pk: w.placePk }) },
  { name: 'v1_media_by_code', path: '/v1/media/by/code', params: (w) => ({ code: w.reel.code }) },
  { name: 'v1_media_by_id', path: '/v1/media/by/id', params: (w) => ({ id: w.reel.pk }) },
  { name: 'v1_media_insight', path: '/v1/media/insight', params: (w) => ({ media_id: w.reel.pk }) },
  { name: 'v1_media_likers', path: '/v1/media/likers', params: (w) => ({ id: w.post.pk }) },
  { name: 'v1_media_oembed', path: '/v1/media/oembed', params: (w) => ({ url: postUrl(w.post) }) },
  { name: 'v1_search_hashtags', path: '/v1/search/hashtags', params: (w) => ({ query: w.hashtag.slice(0, 4) }) },
  { name: 'v1_search_music', path: '/v1/search/music', params: (w) => ({ query: w.musicQuery }) },
  { name: 'v1_user_about', path: '/v1/user/about', params: (w) => ({ id: w.big.pk }) },
  { name: 'v1_user_by_id', path: '/v1/user/by/id', params: (w) => ({ id: w.big.pk }) },
  { name: 'v1_user_by_username', path: '/v1/user/by/username', params: (w) => ({ username: w.big.username }) },
  { name: 'v1_user_clips_chunk', path: '/v1/user/clips/chunk', params: (w) => ({ user_id: w.clipsUser.pk }) },
  { name: 'v1_user_followers_chunk', path: '/v1/user/followers/chunk', params: byUser },
  { name: 'v1_user_following_chunk', path: '/v1/user/following/chunk', params: byUser },
  { name: 'v1_user_highlights', path: '/v1/user/highlights', params: byUser },
  { name: 'v1_user_medias_chunk', path: '/v1/user/medias/chunk', params: byUser },
  { name: 'v1_user_stories', path: '/v1/user/stories', params: (w) => ({ user_id: w.storyUser.pk }) },
  { name: 'v1_user_tag_medias_chunk', path: '/v1/user/tag/medias/chunk', params: byUser },
  { name: 'v2_fbsearch_accounts', path: '/v2/fbsearch/accounts', params: () => ({ query: 'a' }) },
  { name: 'v2_fbsearch_reels', path: '/v2/fbsearch/reels', params: (w) => ({ query: w.hashtag }) },
  { name: 'v2_hashtag_by_name', path: '/v2/hashtag/by/name', params: (w) => ({ name: w.hashtag }) },
  { name: 'v2_hashtag_medias_recent', path: '/v2/hashtag/medias/recent', params: (w) => ({ name: w.feedHashtag }) },
  { name: 'v2_highlight_by_id', path: '/v2/highlight/by/id', params: (w) => ({ id: w.highlightPk }) },
  { name: 'v2_media_comments', path: '/v2/media/comments', params: (w) => ({ id: w.discussed.pk }) },
  { name: 'v2_media_comments_replies', path: '/v2/media/comments/replies', params: (w) => ({ media_id: w.discussed.pk, comment_id: w.replyParent }) },
  { name: 'v2_media_info_by_id', path: '/v2/media/info/by/id', params: (w) => ({ id: w.reel.pk }) },
  { name: 'v2_track_by_canonical_id', path: '/v2/track/by/canonical/id', params: (w) => ({ canonical_id: w.trackCanonicalId }) },
  { name: 'v2_user_by_id', path: '/v2/user/by/id', params: (w) => ({ id: w.big.pk }) },
  { name: 'v2_user_by_username', path: '/v2/user/by/username', params: (w) => ({ username: w.big.username }) },
];

const picked = new WeakMap<World, WorldPicks>();

/** A value of the parameter `name` of `path` that the world answers; undefined for a name it cannot fill. */
function sampleValue(w: WorldPicks, path: string, name: string): string | undefined {
  const story = w.storyUser.stories[0] ?? '';
  const place = w.world.locations.find((l) => String(l.pk) === w.placePk);
  switch (name) {
    case 'user_id':
      if (/^\/(g1|g2|v2|gql)\/user\/followers/.test(path)) return w.listUser.pk;
      if (path.startsWith('/v2/user/stories')) return w.storyUser.pk;
      if (path === '/v2/user/explore/businesses/by/id') return w.business.pk;
      return /^\/(v2|gql)\/user\/clips$/.test(path) ? w.clipsUser.pk : w.big.pk;
    case 'username': return path.includes('/stories') ? w.storyUser.username : w.big.username;
    case 'query': return 'a';
    case 'name': return w.hashtag;
    case 'code': return path === '/v1/share/by/code' ? shareCode('highlight', w.highlightPk) : w.discussed.code;
    case 'media_id': return w.discussed.pk;
    case 'media_ids': return w.post.pk;
    case 'pk': return w.discussed.pk;
    case 'comment_id': return path.includes('likers') ? w.likedComment : w.replyParent;
    case 'comment': return 'What a view';
    case 'location_pk': return w.placePk;
    case 'lat': return place && String(place.lat);
    case 'lng': return place && String(place.lng);
    case 'track_id': return w.world.tracks.find((t) => t.canonicalId === w.trackCanonicalId)?.id;
    case 'url':
      if (path.startsWith('/v2/story')) return `https://www.instagram.com/stories/${w.storyUser.username}/${story}/`;
      if (path === '/v1/highlight/by/url') return `https://www.instagram.com/stories/highlights/${w.highlightPk}/`;
      if (path === '/v1/user/by/url') return `https://www.instagram.com/${w.big.username}/`;
      return postUrl(w.discussed);
    case 'id':
      if (path.startsWith('/v2/story')) return story;
      if (path.startsWith('/v2/user') || path === '/gql/user/about') return w.big.pk;
      return path === '/v2/media/template' ? w.templated.pk : w.discussed.pk;
    default: return undefined;
  }
}

/** The parameters `path` is asked with in `world`; null when the endpoint needs one this cannot make. */
export function sampleParams(world: World, path: string): SampleParams | null {
  const endpoint = findEndpoint(path);
  if (!endpoint) return null;
  let w = picked.get(world);
  if (!w) picked.set(world, (w = worldPicks(world)));
  const recorded = RECORDED_REQUESTS.find((r) => r.path === path);
  if (recorded) return recorded.params(w);
  const out: SampleParams = {};
  // comment_id is optional to the service (media_id is the older way), but the answer needs one of them.
  for (const p of endpoint.params.filter((x) => x.required || x.name === 'comment_id')) {
    const v = sampleValue(w, path, p.name);
    if (v === undefined) return null;
    out[p.name] = v;
  }
  return out;
}
