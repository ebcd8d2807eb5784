// Where a record was collected (issue 38 item 1): the view comes from one table keyed by the catalog's
// exact paths (every list of the catalog in it, nothing that is not a catalog path), never from a part of
// the path; collected_from_url is the page on instagram.com whenever the account, tag, place or post is known.
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../../../shared/api/catalog';
import type { Provenance } from '../../../../shared/ipc';
import { pkToShortcode } from '../../../../shared/links';
import { collectedFrom } from '../../../../electron/export/collected';
import { FOURCAT_VIEWS, VIEW_OF_PATH, viewOfPath } from '../../../../electron/export/views';

const at = (path: string, params: Provenance['params']): Provenance => ({ path, params, requestId: null, fetchedAt: 0 });

/** Record kinds an export writes rows of. */
const EXPORTED = new Set(['post', 'user', 'profile', 'comment', 'story', 'highlight', 'mixed', 'about', 'usertags']);

describe('the view of every endpoint', () => {
  it('covers every list endpoint of the catalog and every endpoint answering records an export writes', () => {
    const missing = CATALOG.filter((e) => (e.answer.many || e.paging !== null || EXPORTED.has(e.answer.record)) && e.answer.record !== 'download' && !VIEW_OF_PATH.has(e.path));
    // The lists of raw answers, guides, places, hashtags and tracks are searches or sub-pages: named too.
    expect(missing.map((e) => e.path)).toEqual([]);
    const paths = new Set(CATALOG.map((e) => e.path));
    expect([...VIEW_OF_PATH.keys()].filter((p) => !paths.has(p))).toEqual([]);
  });

  it('tells hashtag feeds from an account’s tagged posts, in the CSV and in the 4CAT file', () => {
    for (const path of ['/v1/hashtag/medias/top/chunk', '/v1/hashtag/medias/recent/chunk', '/v2/hashtag/medias/recent', '/v2/hashtag/medias/top', '/v2/hashtag/medias/clips']) {
      expect({ path, view: viewOfPath(path), fourCat: FOURCAT_VIEWS[viewOfPath(path)] }).toEqual({ path, view: 'hashtag', fourCat: 'explore' });
    }
    for (const path of ['/v1/user/tag/medias/chunk', '/v2/user/tag/medias', '/v1/user/tag/medias']) {
      expect({ path, view: viewOfPath(path), fourCat: FOURCAT_VIEWS[viewOfPath(path)] }).toEqual({ path, view: 'tagged', fourCat: 'user_tagged' });
    }
    expect(viewOfPath('/v2/media/comments/replies')).toBe('replies');
    expect(viewOfPath('/v1/media/comments/chunk')).toBe('comments');
    expect(viewOfPath('/v1/user/followers/chunk/')).toBe('followers');
    expect(viewOfPath('/v9/not/a/path')).toBe('other');
  });
});

describe('collected_from_url', () => {
  const names = (id: string) => (id === '51234567890' ? 'skyward.atlas' : null);
  const pk = '3776832898280228145';
  const code = pkToShortcode(pk);

  it('is the page on instagram.com of the account, list, tag, place or post the request read', () => {
    const cases: [Provenance, string][] = [
      [at('/v1/user/medias/chunk', { user_id: '51234567890', end_cursor: 'x' }), 'https://www.instagram.com/skyward.atlas/'],
      [at('/v1/user/followers/chunk', { user_id: '51234567890' }), 'https://www.instagram.com/skyward.atlas/followers/'],
      [at('/v2/user/following', { user_id: '51234567890' }), 'https://www.instagram.com/skyward.atlas/following/'],
      [at('/v1/user/tag/medias/chunk', { user_id: '51234567890' }), 'https://www.instagram.com/skyward.atlas/tagged/'],
      [at('/v1/user/clips/chunk', { user_id: '51234567890' }), 'https://www.instagram.com/skyward.atlas/reels/'],
      [at('/v1/user/stories/by/username', { username: 'lea' }), 'https://www.instagram.com/stories/lea/'],
      [at('/v1/user/by/username', { username: 'lea' }), 'https://www.instagram.com/lea/'],
      [at('/v2/hashtag/medias/recent', { name: 'sunset' }), 'https://www.instagram.com/explore/tags/sunset/'],
      [at('/v1/location/medias/recent/chunk', { location_pk: 213385402 }), 'https://www.instagram.com/explore/locations/213385402/'],
      [at('/v2/media/comments', { id: pk }), `https://www.instagram.com/p/${code}/`],
      [at('/v2/media/comments/replies', { media_id: `${pk}_51234567890`, comment_id: '1' }), `https://www.instagram.com/p/${code}/`],
      [at('/v1/media/by/code', { code }), `https://www.instagram.com/p/${code}/`],
      [at('/v2/highlight/by/id', { id: 'highlight:17900000000000001' }), 'https://www.instagram.com/stories/highlights/17900000000000001/'],
    ];
    for (const [p, url] of cases) expect({ path: p.path, url: collectedFrom(p, false, names).url }).toEqual({ path: p.path, url });
  });

  it('names an account by the owner of the record when the request gives only its id', () => {
    const p = at('/v1/user/medias/chunk', { user_id: '999' });
    expect(collectedFrom(p, false, undefined, { id: '999', username: 'owner.name' }).url).toBe('https://www.instagram.com/owner.name/');
    expect(collectedFrom(at('/v1/story/by/id', { id: '3' }), false, undefined, { id: '999', username: 'owner.name' }).url).toBe('https://www.instagram.com/stories/owner.name/3/');
  });

  it('is the service request when the account is unknown, a search, or the export is pseudonymised', () => {
    expect(collectedFrom(at('/v1/user/medias/chunk', { user_id: '999' })).url).toBe('/v1/user/medias/chunk?user_id=999');
    expect(collectedFrom(at('/v1/search/users', { query: 'lea' })).url).toBe('/v1/search/users?query=lea');
    expect(collectedFrom(at('/v1/user/followers/chunk', { user_id: 'u_0123456789abcdef' }), true, () => 'someone').url).toBe('/v1/user/followers/chunk?user_id=u_0123456789abcdef');
    expect(collectedFrom(at('/v1/user/by/url', { url: 'https://www.instagram.com/lea/' }), true).url).toBe('/v1/user/by/url?url=https%3A%2F%2Fwww.instagram.com%2Flea%2F');
  });
});
