// Every catalog endpoint has an answer (none "not simulated"), in the shape of the OpenAPI document's
// example, and the app's pager and normaliser read records from it. Also the production forms that
// routes-more.ts adds: reposts with a bare 19-digit cursor, the profile and music streams, and the
// deferred patch rows of the gql grids.
import { describe, expect, it } from 'vitest';
import { CATALOG, findEndpoint } from '../../../../shared/api/catalog';
import { normalizeAnswer } from '../../../../shared/api/normalize';
import type { Post } from '../../../../shared/records';
import { readPage, withCursor } from '../../../../shared/api/pager';
import { ROUTES } from '../../../../electron/simulator/routes-more';
import { storySponsors } from '../../../../electron/simulator/shapes/common';
import { postUrl } from '../../../../electron/simulator/shapes/v1';
import { ANCHORS, threadOf } from '../../../../electron/simulator/world/world';
import { arr, callRoute, get, obj, sharedWorld, wireText, type Params } from './routes-support';

const world = sharedWorld();
const user = (name: string) => {
  const u = world.userByName.get(name);
  if (!u) throw new Error(`no ${name}`);
  return u;
};
const big = user(ANCHORS.big);
const isPublic = (pk: string): boolean => !world.userByPk.get(pk)?.isPrivate;
const reel = world.media.find((m) => isPublic(m.ownerPk) && m.productType === 'clips' && m.trackId !== null && m.mediaType === 2);
const discussed = world.media.find((m) => isPublic(m.ownerPk) && !m.commentsDisabled && threadOf(world, m).top.some((c) => c.replies.length >= 2));
const hashtag = [...world.hashtags].sort((a, b) => b.recent.length - a.recent.length)[0];
const place = [...world.locations].sort((a, b) => b.recent.length - a.recent.length)[0];
if (!reel || !discussed || !hashtag || !place) throw new Error('the world lacks a reel, a discussed post, a hashtag or a place');
const parent = threadOf(world, discussed).top.find((c) => c.replies.length >= 2);
if (!parent) throw new Error('no comment with replies');
const fileUrl = (m: typeof reel, key: 'thumbnail_url' | 'video_url'): string => String(obj(get('/v1/media/by/id', { id: m.pk }))[key]);

/** The request each endpoint added by routes-more.ts is asked in these tests. */
const REQUESTS: Record<string, Params> = {
  '/v1/user/followers': { user_id: big.pk },
  '/v1/user/following': { user_id: big.pk },
  '/gql/user/followers': { user_id: big.pk },
  '/gql/user/following': { user_id: big.pk },
  '/v1/user/medias': { user_id: big.pk },
  '/v1/user/clips': { user_id: big.pk },
  '/v1/user/tag/medias': { user_id: big.pk },
  '/v1/user/videos': { user_id: big.pk },
  '/v1/user/videos/chunk': { user_id: big.pk },
  '/v2/user/videos': { user_id: big.pk },
  '/v1/hashtag/medias/top': { name: hashtag.name },
  '/v1/hashtag/medias/recent': { name: hashtag.name },
  '/v1/hashtag/medias/clips': { name: hashtag.name },
  '/v1/hashtag/medias/top/recent/chunk': { name: hashtag.name },
  '/v1/media/comments': { id: discussed.pk },
  '/gql/comments': { media_id: discussed.pk },
  '/gql/comments/chunk': { media_id: discussed.pk },
  '/gql/comments/threaded': { media_id: discussed.pk, comment_id: parent.pk },
  '/gql/comments/threaded/chunk': { media_id: discussed.pk, comment_id: parent.pk },
  '/gql/comment/likers': { media_id: discussed.pk },
  '/v1/user/web_profile_info': { username: big.username },
  '/gql/user/related/profiles': { id: big.pk },
  '/v2/user/suggested/profiles': { user_id: big.pk },
  '/v2/user/explore/businesses/by/id': { user_id: big.pk },
  '/v1/user/guides': { user_id: big.pk },
  '/v1/location/guides': { location_pk: String(place.pk) },
  '/v2/media/by/code': { code: reel.code },
  '/v2/media/by/id': { id: reel.pk },
  '/v2/media/by/url': { url: postUrl(reel) },
  '/v2/media/template': { id: reel.pk },
  '/v1/media/download/photo': { id: reel.pk },
  '/v1/media/download/video': { id: reel.pk },
  '/v1/media/download/photo/by/url': { url: fileUrl(reel, 'thumbnail_url') },
  '/v1/media/download/video/by/url': { url: fileUrl(reel, 'video_url') },
  '/v3/media/likers': { id: reel.pk },
  '/v2/search/accounts': { query: 'a' },
  '/v2/search/places': { query: place.city },
  '/v3/fbsearch/places': { query: place.city },
  '/v2/search/reels': { query: hashtag.name },
  '/v3/fbsearch/reels': { query: hashtag.name },
  '/v2/fbsearch/topsearch': { query: 'a' },
  '/v2/search/topsearch': { query: 'a' },
  '/v3/fbsearch/topsearch': { query: 'a' },
  '/gql/user/reposts': { user_id: big.pk },
  '/v2/userstream/by/id': { id: big.pk },
  '/v2/userstream/by/username': { username: big.username },
  '/v2/track/stream/by/id': { track_id: world.tracks.reduce((a, b) => (b.reels.length > a.reels.length ? b : a)).id },
};

describe('every catalog endpoint is simulated', () => {
  it('has a route for every endpoint that is not retired', () => {
    const missing = CATALOG.filter((e) => e.status.kind !== 'retired' && e.path !== '/sys/balance' && !(e.path in ROUTES)).map((e) => e.path);
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(REQUESTS))('%s answers in its documented shape, and the app reads records from it', (path, params) => {
    const endpoint = findEndpoint(path);
    if (!endpoint) throw new Error(`${path} is not in the catalog`);
    const body = get(path, params);
    const records = normalizeAnswer(endpoint, body);
    if (['user', 'post', 'comment', 'location', 'mixed', 'profile'].includes(endpoint.answer.record)) {
      const list = Array.isArray(records) ? records : records ? [records] : [];
      expect(list.length, `${path} gives records`).toBeGreaterThan(0);
    } else {
      // guides, downloads and the raw answers: a non-empty JSON answer.
      expect(wireText(callRoute(path, params)).length).toBeGreaterThan(20);
    }
  });

  it('answers the deprecated /v1/fbsearch/topsearch as production does: an upstream failure, not billed', () => {
    const outcome = callRoute('/v1/fbsearch/topsearch', { query: 'a' });
    expect(outcome.status).toBe(500);
    expect(obj(outcome.body).exc_type).toBe('InstagramServerError');
  });

  it('caps legacy follower lists like the paged ones', () => {
    expect(arr(get('/v1/user/followers', { user_id: big.pk, amount: 200 }))).toHaveLength(50);
    expect(arr(get('/v1/user/followers', { user_id: big.pk, amount: 200 }, { followerLimit: false }))).toHaveLength(200);
    expect(arr(get('/v1/user/following', { user_id: big.pk, amount: 200 })).length).toBe(Math.min(200, big.following.length));
  });
});

describe('share links of the newer form', () => {
  it('resolves a reel\'s /share/ token by code and its /share/reel/<token>/ link by url', () => {
    const shared = world.media.find((m) => isPublic(m.ownerPk) && m.shareToken !== null);
    if (!shared?.shareToken) throw new Error('no shared reel');
    expect(get('/v1/share/by/code', { code: shared.shareToken })).toEqual({ pk: shared.pk, type: 'media' });
    expect(get('/v1/share/reel/by/url', { url: `https://www.instagram.com/share/reel/${shared.shareToken}/` })).toBe(shared.pk);
    expect(callRoute('/v1/share/by/code', { code: 'NoSuchToken' }).status).toBe(404);
  });
});

describe('production forms', () => {
  it('pages /gql/user/reposts, the posts under the account\'s field and repost_next_max_id an opaque string', () => {
    const endpoint = findEndpoint('/gql/user/reposts');
    if (!endpoint) throw new Error('no reposts endpoint');
    const first = obj(get('/gql/user/reposts', { user_id: big.pk }));
    const timeline = obj(obj(obj(first.data)['1$fetch__XDTUserDict(id:$id)'])['1$user_reposts_timeline(max_id:$max_id)']);
    expect(timeline).toMatchObject({ repost_next_max_id: expect.any(String), repost_more_available: true });
    expect(arr(timeline.repost_grid_items).length).toBe(12);
    const seen: string[] = [];
    let params: Record<string, unknown> = { user_id: big.pk };
    for (let i = 0; i < 50; i++) {
      const page = readPage(endpoint, get('/gql/user/reposts', params as Params), params);
      seen.push(...page.items.map((m) => String(obj(m).pk)));
      if (!page.nextCursor) break;
      params = withCursor(params, page.nextCursor);
    }
    expect(seen.length).toBeGreaterThan(12);
    expect(new Set(seen).size).toBe(seen.length);
    expect(callRoute('/gql/user/reposts', { user_id: big.pk, repost_next_max_id: '123' }).status).toBe(422);
  });

  it('lays the v2 top search grid out as explore does: a reel that leads five posts stands beside the four after it, read in order', () => {
    const endpoint = findEndpoint('/v2/fbsearch/topsearch');
    if (!endpoint) throw new Error('no topsearch endpoint');
    const body = obj(get('/v2/fbsearch/topsearch', { query: 'a' }));
    const sections = arr(obj(body.media_grid).sections).map((x) => obj(x));
    const tall = sections.filter((x) => String(x.layout_type).startsWith('one_by_two_'));
    expect(tall.length).toBeGreaterThan(0);
    for (const x of tall) {
      const content = obj(x.layout_content);
      expect(x.feed_type).toBe('clips');
      expect(arr(obj(obj(content.one_by_two_item).clips).items).map((i) => obj(obj(i).media).product_type)).toEqual(['clips']);
      expect(arr(content.fill_items)).toHaveLength(4);
    }
    expect(tall.map((x) => x.layout_type).slice(0, 2)).toEqual(['one_by_two_right', 'one_by_two_left'].slice(0, Math.min(2, tall.length)));
    // The app reads the reel, then the posts beside it: the grid's posts, each once, in the page's order.
    const posts = (normalizeAnswer(endpoint, body) as Post[]).filter((r) => r.kind === 'post').map((r) => r.id);
    const inSections = sections.flatMap((x) => {
      const content = obj(x.layout_content);
      const grid = Array.isArray(content.medias) ? arr(content.medias) : [...arr(obj(obj(content.one_by_two_item).clips).items), ...arr(content.fill_items)];
      return grid.map((i) => String(obj(obj(i).media).pk));
    });
    expect(new Set(inSections).size).toBe(inSections.length);
    expect(posts).toEqual(inSections);
  });

  it('tags a v2 story\'s sponsors as production does ({sponsor: user}), where the v1 form lists the users', () => {
    const sponsored = world.users.find((u) => !u.isPrivate && u.stories.some((pk) => storySponsors(world.storyByPk.get(pk)!).length > 0));
    if (!sponsored) throw new Error('no account with a sponsored story');
    const items = arr(obj(obj(get('/v2/user/stories', { user_id: sponsored.pk })).reel).items).map((x) => obj(x));
    const tagged = items.filter((i) => arr(i.sponsor_tags).length > 0);
    expect(tagged.length).toBeGreaterThan(0);
    for (const item of tagged) {
      expect(item.is_paid_partnership).toBe(true);
      for (const tag of arr(item.sponsor_tags)) expect(obj(tag)).toMatchObject({ is_pending: false, sponsor: { username: expect.any(String), follower_count: expect.any(Number) } });
    }
    const v1 = arr(get('/v1/user/stories', { user_id: sponsored.pk })).map((x) => obj(x));
    expect(v1.flatMap((i) => arr(i.sponsor_tags)).every((t) => typeof obj(t).username === 'string')).toBe(true);
  });

  it('answers suggested profiles and category businesses in the app endpoints’ envelopes', () => {
    const chained = obj(get('/v2/user/suggested/profiles', { user_id: big.pk }));
    expect(Object.keys(chained).sort()).toEqual(['chaining_upsell_cards', 'follow_ranking_token', 'is_backup', 'is_recommend_account', 'status', 'users']);
    const users = arr(chained.users).map((x) => String(obj(x).username));
    expect(users.length).toBeGreaterThan(0);
    const expanded = obj(get('/v2/user/suggested/profiles', { user_id: big.pk, expand_suggestion: 'true' }));
    expect(arr(expanded.items).map((x) => String(obj(x).username))).toEqual(users);
    const business = world.users.find((u) => u.tier === 'main' && u.category !== '' && u.following.some((pk) => world.userByPk.get(pk)?.accountType === 2))!;
    const similar = obj(get('/v2/user/explore/businesses/by/id', { user_id: business.pk }));
    expect(similar.category_id).toEqual(expect.any(Number));
    expect(arr(similar.items).length).toBeGreaterThan(0);
    for (const x of arr(similar.items)) {
      const user = world.userByPk.get(String(obj(obj(x).user).pk));
      expect(user?.accountType).toBe(2);
      expect(arr(obj(x).media_previews).map((m) => String(obj(m).media_id))).toEqual(user?.posts.slice(0, 3));
    }
  });

  it('spreads /v2/userstream profiles over several stream rows, read as one profile', () => {
    const body = obj(get('/v2/userstream/by/id', { id: big.pk }));
    const rows = arr(body.stream_rows);
    expect(rows.length).toBeGreaterThan(1);
    const endpoint = findEndpoint('/v2/userstream/by/id');
    if (!endpoint) throw new Error('no userstream endpoint');
    // The rows split the fields: the username and the counts come from different rows.
    expect(normalizeAnswer(endpoint, body)).toMatchObject({
      kind: 'profile', username: big.username, biography: big.biography, counts: { media: big.posts.length, followers: big.followers.length, following: big.following.length },
    });
  });

  it('streams /v2/track/stream/by/id items in response.stream_rows: a preview row, then the full row with the same reels, each read once and whole, paged to the end', () => {
    const track = world.tracks.reduce((a, b) => (b.reels.length > a.reels.length ? b : a));
    const endpoint = findEndpoint('/v2/track/stream/by/id');
    if (!endpoint) throw new Error('no track stream endpoint');
    const seen: string[] = [];
    let params: Record<string, unknown> = { track_id: track.id };
    for (let i = 0; i < 50; i++) {
      const body = get('/v2/track/stream/by/id', params as Params);
      const streamRows = arr(obj(obj(body).response).stream_rows).map((r) => obj(r));
      expect(streamRows.map((r) => r.is_media_preview)).toEqual([true, false]);
      const rows = streamRows.map((r) => arr(r.items).map((x) => String(obj(obj(x).media).pk)));
      // The full row repeats the preview's reels, which the pager counts once, with the full row's fields.
      expect(rows[1]).toEqual(rows[0]);
      const page = readPage(endpoint, body, params);
      for (const m of page.items) expect(obj(m)).toMatchObject({ play_count: expect.any(Number), code: expect.any(String) });
      seen.push(...page.items.map((m) => String(obj(m).pk)));
      if (!page.nextCursor) break;
      params = withCursor(params, page.nextCursor);
    }
    expect(seen).toEqual(track.reels);
  });

  it('sends deferred patch rows in the gql grids, merged by the pager into whole posts', () => {
    for (const [path, list] of [['/gql/user/medias', big.posts], ['/gql/user/clips', big.clips]] as const) {
      const endpoint = findEndpoint(path);
      if (!endpoint) throw new Error(`no ${path}`);
      const body = obj(get(path, { user_id: big.pk }));
      const rows = arr(body.stream_rows).flatMap((r) => (Array.isArray(r) ? r : [r]));
      // The page's row, then one deferred row per grid entry.
      expect(rows.filter((r) => Array.isArray(obj(r).path)).map((r) => arr(obj(r).path).length)).toEqual([1, ...list.slice(0, 12).map(() => 3)]);
      const page = readPage(endpoint, body);
      expect(page.items.map((m) => String(obj(m).pk))).toEqual(list.slice(0, 12));
      // Each item is whole: the deferred counts are merged in, and no patch is an item of its own.
      for (const m of page.items) expect(obj(m)).toHaveProperty('like_count');
      expect(page.nextCursor).not.toBeNull();
      // Read as posts: the type-prefixed time and the deferred caption and counts are there.
      const posts = normalizeAnswer(endpoint, body) as Post[];
      expect(posts.map((p) => [p.id, p.takenAt, p.caption.text, p.counts.likes])).toEqual(list.slice(0, 12).map((pk) => {
        const m = world.mediaByPk.get(pk)!;
        return [pk, m.takenAt, m.caption, m.likeCount];
      }));
    }
  });
});
