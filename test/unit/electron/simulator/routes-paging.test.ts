// Contract suite, paging: every pageable list is paged to its end with the app's own pager
// (shared/api/pager.ts over the catalog's descriptors), through the wire (shell writer + lossless
// parser). The pages must give exactly the world's list: same order, no duplicates, no gaps, a null
// cursor at the end, opaque cursors and realistic page sizes.
import { describe, expect, it } from 'vitest';
import { findEndpoint } from '../../../../shared/api/catalog';
import { readPage, withCursor, type PageCursor } from '../../../../shared/api/pager';
import { searchable } from '../../../../electron/simulator/world/text';
import { ANCHORS, likersOf, threadOf, type WorldMedia, type WorldUser } from '../../../../electron/simulator/world/world';
import { arr, callRoute, get, obj, sharedWorld, type CallOptions, type Params } from './routes-support';

const world = sharedWorld();

function user(name: string): WorldUser {
  const u = world.userByName.get(name);
  if (!u) throw new Error(`no ${name}`);
  return u;
}

interface Paged {
  items: unknown[];
  sizes: number[];
  cursors: PageCursor[];
}

/** Pages a list to its end with the shared pager, as every screen of the app does. */
function pageAll(path: string, params: Params, opts: CallOptions = {}, maxPages = 2000): Paged {
  const endpoint = findEndpoint(path);
  if (!endpoint?.paging) throw new Error(`${path} has no paging descriptor`);
  const sizes: number[] = [];
  const cursors: PageCursor[] = [];
  const items: unknown[] = [];
  let request: Record<string, unknown> = { ...params };
  for (let i = 0; i < maxPages; i++) {
    const answer = get(path, request as Params, opts);
    const page = readPage(endpoint, answer, request);
    items.push(...page.items);
    sizes.push(page.items.length);
    if (!page.nextCursor) return { items, sizes, cursors };
    cursors.push(page.nextCursor);
    request = withCursor(params, page.nextCursor);
  }
  throw new Error(`${path}: no end after ${maxPages} pages`);
}

const pkOf = (item: unknown): string => String(obj(item).pk);
const idOf = (item: unknown): string => String(obj(item).id);

function expectList(paged: Paged, ids: string[], expected: readonly string[], label: string): void {
  expect(new Set(ids).size, `${label}: duplicates`).toBe(ids.length);
  expect(ids, label).toEqual(expected);
  for (const cursor of paged.cursors) {
    for (const value of Object.values(cursor)) {
      expect(value, `${label}: a bare offset as cursor`).not.toMatch(/^\d+$/);
    }
  }
}

function expectSizes(paged: Paged, min: number, max: number, label: string): void {
  const full = paged.sizes.slice(0, -1); // the last page may be short
  for (const size of full) {
    expect(size, label).toBeGreaterThanOrEqual(min);
    expect(size, label).toBeLessThanOrEqual(max);
  }
}

const big = user(ANCHORS.big);
const follower = world.users.filter((u) => u.tier === 'main' && !u.isPrivate).sort((a, b) => b.following.length - a.following.length)[0] as WorldUser;

describe('followers and following', () => {
  const cases: [string, (item: unknown) => string][] = [
    ['/g1/user/followers', pkOf],
    ['/g2/user/followers', idOf],
    ['/v1/user/followers/chunk', pkOf],
    ['/gql/user/followers/chunk', pkOf],
    ['/v2/user/followers', idOf],
  ];
  for (const [path, key] of cases) {
    it(`pages ${path} of the big account to its end (without production's follower limit)`, () => {
      const paged = pageAll(path, { user_id: big.pk }, { followerLimit: false });
      expectList(paged, paged.items.map(key), big.followers, path);
      expectSizes(paged, 25, 50, path);
    });
    const followingPath = path.replace('followers', 'following');
    it(`pages ${followingPath} to its end`, () => {
      const paged = pageAll(followingPath, { user_id: follower.pk });
      expectList(paged, paged.items.map(key), follower.following, followingPath);
      expectSizes(paged, 25, 50, followingPath);
    });
  }

  it('writes /v2/user/following\'s envelope as the private API does and leaves /v2/user/followers\' fields null', () => {
    const following = obj(get('/v2/user/following', { user_id: follower.pk }));
    expect(obj(following.response)).toMatchObject({ next_max_id: '25', has_more: true, page_size: 25, status: 'ok' });
    expect(typeof following.next_page_id).toBe('string');
    const followers = obj(get('/v2/user/followers', { user_id: big.pk }, { followerLimit: false }));
    expect(obj(followers.response)).toMatchObject({ next_max_id: null, has_more: null, should_limit_list_of_followers: null });
    expect(typeof followers.next_page_id).toBe('string');
  });

  it('reproduces production\'s limit of about 50 followers by default, and lifts it when asked', () => {
    for (const [path, key] of cases) {
      const limited = pageAll(path, { user_id: big.pk });
      expect(limited.sizes.length, path).toBe(1);
      expect(limited.items.map(key), path).toEqual(big.followers.slice(0, 50));
    }
    const g2 = obj(get('/g2/user/followers', { user_id: big.pk }));
    expect(obj(g2.response).should_limit_list_of_followers).toBe(true);
    expect(g2.next_page_id).toBeNull();
    expect(obj(obj(get('/g2/user/followers', { user_id: big.pk }, { followerLimit: false })).response).should_limit_list_of_followers).toBe(false);
    // Accounts below the limit page to their end, marked as not limited.
    const small = world.users.find((u) => !u.isPrivate && u.followers.length > 25 && u.followers.length <= 50);
    if (!small) throw new Error('no account with 26 to 50 followers');
    const whole = pageAll('/v1/user/followers/chunk', { user_id: small.pk });
    expect(whole.items.map(pkOf)).toEqual(small.followers);
    expect(obj(obj(get('/g2/user/followers', { user_id: small.pk })).response).should_limit_list_of_followers).toBe(false);
    // Following lists page normally under the limit.
    const following = pageAll('/g2/user/following', { user_id: big.pk });
    expect(following.items.length).toBe(big.following.length);
  });
});

describe('posts, reels and tagged posts of an account', () => {
  const posts: [string, Params][] = [
    ['/v1/user/medias/chunk', {}],
    ['/g2/user/medias', {}],
    ['/gql/user/medias', {}],
    ['/gql/user/medias', { flat: 'true' }],
    ['/v2/user/medias', {}],
  ];
  for (const [path, extra] of posts) {
    it(`pages ${path}${extra.flat ? ' (flat)' : ''} through all ${big.posts.length} posts of the big account`, () => {
      const paged = pageAll(path, { user_id: big.pk, ...extra });
      expectList(paged, paged.items.map(pkOf), big.posts, path);
      expectSizes(paged, 12, 33, path);
    });
  }

  for (const path of ['/v1/user/clips/chunk', '/v2/user/clips', '/gql/user/clips']) {
    it(`pages ${path} through every reel, trial reels included`, () => {
      const paged = pageAll(path, { user_id: big.pk });
      expectList(paged, paged.items.map(pkOf), big.clips, path);
      expectSizes(paged, 12, 12, path);
      expect(big.clips.some((pk) => world.mediaByPk.get(pk)?.isTrial)).toBe(true);
    });
  }

  const mostTagged = world.users.filter((u) => !u.isPrivate).sort((a, b) => b.tagged.length - a.tagged.length)[0] as WorldUser;
  for (const path of ['/v1/user/tag/medias/chunk', '/v2/user/tag/medias']) {
    it(`pages ${path} through every post the account is tagged in`, () => {
      expect(mostTagged.tagged.length).toBeGreaterThan(12);
      const paged = pageAll(path, { user_id: mostTagged.pk });
      expectList(paged, paged.items.map(pkOf), mostTagged.tagged, path);
    });
  }

  it('pages /v2/user/highlights with next_page_id', () => {
    const paged = pageAll('/v2/user/highlights', { user_id: big.pk });
    expect(paged.sizes.length).toBeGreaterThan(1);
    expectList(paged, paged.items.map((h) => idOf(h).replace(/^highlight:/, '')), big.highlights, 'highlights');
  });
});

describe('comments and likers', () => {
  const publicPosts = world.media.filter((m) => !world.userByPk.get(m.ownerPk)?.isPrivate);
  const discussed = publicPosts.reduce((best, m) => (threadOf(world, m).top.length > threadOf(world, best).top.length ? m : best), publicPosts[0] as WorldMedia);
  const thread = threadOf(world, discussed);

  it('pages /v1/media/comments/chunk through the top-level comments, about 15 a page', () => {
    expect(thread.top.length).toBeGreaterThanOrEqual(40);
    const paged = pageAll('/v1/media/comments/chunk', { id: discussed.pk });
    expectList(paged, paged.items.map(pkOf), thread.top.map((c) => c.pk), 'comments');
    expectSizes(paged, 15, 15, 'comments');
  });

  it('pages every comment, replies included, without threading', () => {
    const paged = pageAll('/v1/media/comments/chunk', { id: discussed.pk, can_support_threading: 'false' });
    const ids = paged.items.map(pkOf);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice().sort()).toEqual([...thread.byPk.keys()].sort());
    expect(ids.length).toBe(obj(get('/v1/media/by/id', { id: discussed.pk })).comment_count);
  });

  it('pages /v2/media/comments with next_page_id', () => {
    const paged = pageAll('/v2/media/comments', { id: discussed.pk });
    expectList(paged, paged.items.map(pkOf), thread.top.map((c) => c.pk), 'v2 comments');
  });

  it('pages replies with min_id', () => {
    const long = world.media
      .filter((m) => !world.userByPk.get(m.ownerPk)?.isPrivate)
      .flatMap((m) => threadOf(world, m).top.filter((c) => c.replies.length >= 20).map((c) => ({ m, c })))[0];
    expect(long).toBeDefined();
    const paged = pageAll('/v2/media/comments/replies', { media_id: long?.m.pk, comment_id: long?.c.pk });
    expect(paged.sizes.length).toBeGreaterThan(1);
    expectList(paged, paged.items.map(pkOf), long?.c.replies.map((r) => r.pk) ?? [], 'replies');
    const indexes = paged.items.map((r) => obj(r).child_comment_index);
    expect(indexes).toEqual(indexes.map((_, i) => i));
  });

  it('pages comment likers with end_cursor', () => {
    const comment = [...thread.byPk.values()].reduce((a, b) => (b.likeCount > a.likeCount ? b : a));
    expect(comment.likeCount).toBeGreaterThan(10);
    const paged = pageAll('/gql/comment/likers/chunk', { comment_id: comment.pk });
    expectList(paged, paged.items.map(idOf), likersOf(world, comment.likerOffset, comment.likeCount), 'comment likers');
  });
});

describe('hashtags, places and music', () => {
  const tag = world.hashtagByName.get('travel');
  it('pages hashtag feeds (v1 chunks with max_id, v2 sections with page_id) to their media_count', () => {
    if (!tag) throw new Error('no #travel');
    const top = pageAll('/v1/hashtag/medias/top/chunk', { name: tag.name });
    expectList(top, top.items.map(pkOf), tag.top, 'top');
    expect(top.items.length).toBe(obj(get('/v1/hashtag/by/name', { name: tag.name })).media_count);
    const clips = pageAll('/v1/hashtag/medias/clips/chunk', { name: tag.name });
    expectList(clips, clips.items.map(pkOf), tag.clips, 'clips');
    const recent = pageAll('/v2/hashtag/medias/recent', { name: tag.name });
    expectList(recent, recent.items.map(pkOf), tag.recent, 'v2 recent');
    const topV2 = pageAll('/v2/hashtag/medias/top', { name: tag.name });
    expectList(topV2, topV2.items.map(pkOf), tag.top, 'v2 top');
  });

  it('pages place feeds with max_id', () => {
    const place = world.locations.reduce((a, b) => (b.recent.length > a.recent.length ? b : a));
    expect(place.recent.length).toBeGreaterThan(12);
    const recent = pageAll('/v1/location/medias/recent/chunk', { location_pk: String(place.pk) });
    expectList(recent, recent.items.map(pkOf), place.recent, 'place recent');
    const top = pageAll('/v1/location/medias/top/chunk', { location_pk: String(place.pk) });
    expectList(top, top.items.map(pkOf), place.top, 'place top');
  });

  it('pages the reels of a track by canonical id and by id', () => {
    const track = world.tracks.reduce((a, b) => (b.reels.length > a.reels.length ? b : a));
    expect(track.reels.length).toBeGreaterThan(12);
    const byCanonical = pageAll('/v2/track/by/canonical/id', { canonical_id: track.canonicalId });
    expectList(byCanonical, byCanonical.items.map(pkOf), track.reels, 'track');
    const byId = pageAll('/v2/track/by/id', { track_id: track.id });
    expectList(byId, byId.items.map(pkOf), track.reels, 'track by id');
  });
});

describe('search', () => {
  const matches = (text: string, query: string): boolean => searchable(text).includes(searchable(query));

  it('pages /v2/fbsearch/accounts with page_token through every matching account', () => {
    const query = 'anna';
    const expected = world.users.filter((u) => matches(`${u.username} ${u.fullName}`, query)).map((u) => u.pk);
    expect(expected.length).toBeGreaterThan(20);
    const paged = pageAll('/v2/fbsearch/accounts', { query });
    const ids = paged.items.map(idOf);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice().sort()).toEqual(expected.sort());
  });

  it('pages /v2/fbsearch/reels with reels_max_id and rank_token through every matching public reel', () => {
    const query = 'travel';
    const expected = world.media
      .filter((m) => m.productType === 'clips' && !world.userByPk.get(m.ownerPk)?.isPrivate)
      .filter((m) => matches(`${m.caption} ${world.userByPk.get(m.ownerPk)?.username ?? ''}`, query))
      .map((m) => m.pk);
    expect(expected.length).toBeGreaterThan(12);
    const paged = pageAll('/v2/fbsearch/reels', { query });
    for (const cursor of paged.cursors) expect(Object.keys(cursor).sort()).toEqual(['rank_token', 'reels_max_id']);
    const ids = paged.items.map(pkOf);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice().sort()).toEqual(expected.sort());
  });

  it('pages /gql/topsearch with end_cursor, in stream and flat form alike', () => {
    const stream = pageAll('/gql/topsearch', { query: 'anna' });
    const flat = pageAll('/gql/topsearch', { query: 'anna', flat: 'true' });
    const key = (item: unknown): string => `${String(obj(item).__typename)}:${String(obj(item).id)}`;
    expect(stream.sizes.length).toBeGreaterThan(1);
    const ids = stream.items.map(key);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(flat.items.map(key));
    expect(ids.some((id) => id.startsWith('XDTUserDict:'))).toBe(true);
    expect(ids.some((id) => id.startsWith('XDTMediaDict:'))).toBe(true);
  });
});

describe('cursors', () => {
  it('are opaque and bound to their list', () => {
    const open = { followerLimit: false };
    const first = arr(get('/v1/user/followers/chunk', { user_id: big.pk }, open));
    const cursor = first[1] as string;
    expect(cursor).not.toMatch(/^\d+$/);
    expect(Buffer.from(cursor, 'base64url').toString()).not.toBe('25');
    // The cursor of one list is refused by another.
    expect(callRoute('/v1/user/following/chunk', { user_id: big.pk, max_id: cursor }, open).status).toBe(422);
    expect(callRoute('/v1/user/followers/chunk', { user_id: big.pk, max_id: cursor }, open).status).toBe(200);
    // An empty cursor is the first page.
    expect(get('/v1/user/followers/chunk', { user_id: big.pk, max_id: '' }, open)).toEqual(first);
  });
});
