import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG, costOf, findEndpoint, isRetired, type Endpoint } from '../../../../shared/api/catalog';
import { ITEM_EXTRACTORS } from '../../../../shared/api/pager';
import {
  FIXTURE_SPEC_DIR,
  SHARED_SPEC_DIR,
  SPEC_FILES,
  backtickedPaths,
  deprecatedTable,
  factsCosts,
  factsCursorNames,
  factsMd,
  interfaceMd,
  interfaceParams,
  interfacePaths,
  listedPaths,
  openApiOperation,
  openApiParams,
  openApiPaths,
  pagingSummary,
  wildcard,
} from './spec-docs';

function endpoint(path: string): Endpoint {
  const found = findEndpoint(path);
  if (!found) throw new Error(`${path} is not in the catalog`);
  return found;
}

const concretePaths = (paths: string[]): string[] => paths.filter((p) => !p.includes('*'));

/** Concrete catalog paths a wildcard of the interface stands for. */
const expand = (path: string): string[] =>
  path.includes('*') ? CATALOG.map((e) => e.path).filter((p) => wildcard(path).test(p)) : [path];

describe('coverage of the spec documents', () => {
  it('has every endpoint the interface document names', () => {
    expect(interfacePaths.length).toBeGreaterThan(100); // the extraction itself worked
    const missing = concretePaths(interfacePaths).filter((p) => !findEndpoint(p));
    expect(missing).toEqual([]);
  });

  it('expands the wildcards of the interface to endpoints it names', () => {
    expect(expand('/v1/hashtag/medias/*/chunk').sort()).toEqual([
      '/v1/hashtag/medias/clips/chunk',
      '/v1/hashtag/medias/recent/chunk',
      '/v1/hashtag/medias/top/chunk',
      '/v1/hashtag/medias/top/recent/chunk',
    ]);
    for (const path of interfacePaths.filter((p) => p.includes('*'))) {
      expect(expand(path).length, path).toBeGreaterThan(0);
    }
  });

  it('has every OpenAPI path', () => {
    expect(openApiPaths).toHaveLength(151);
    expect(openApiPaths.filter((p) => !findEndpoint(p))).toEqual([]);
  });

  it('holds nothing else, once per path', () => {
    const named = new Set([...concretePaths(interfacePaths), ...openApiPaths]);
    expect(CATALOG.map((e) => e.path).filter((p) => !named.has(p))).toEqual([]);
    expect(new Set(CATALOG.map((e) => e.path)).size).toBe(CATALOG.length);
    expect(CATALOG).toHaveLength(named.size);
  });

  it('records which documents name each endpoint', () => {
    const inInterface = new Set(concretePaths(interfacePaths));
    const listed = new Set(listedPaths);
    for (const e of CATALOG) {
      expect(e.sources.includes('openapi'), e.path).toBe(openApiPaths.includes(e.path));
      expect(e.sources.includes('interface-listed'), e.path).toBe(listed.has(e.path));
      expect(e.sources.includes('interface-deprecated'), e.path).toBe(deprecatedTable.has(e.path));
      const anyInterface = e.sources.some((s) => s.startsWith('interface'));
      expect(anyInterface, e.path).toBe(inInterface.has(e.path));
    }
  });

  // A clean clone has only the copies: the comparison is skipped there, and says so.
  it.skipIf(!existsSync(SHARED_SPEC_DIR))('keeps its copies of the spec documents in step with the shared spec (skipped without ../shared/spec)', () => {
    for (const file of SPEC_FILES) {
      expect(readFileSync(resolve(FIXTURE_SPEC_DIR, file), 'utf8'), file).toBe(readFileSync(resolve(SHARED_SPEC_DIR, file), 'utf8'));
    }
  });
});

describe('endpoint fields', () => {
  it('derives the family from the path prefix', () => {
    for (const e of CATALOG) expect(`/${e.family}/`, e.path).toBe(e.path.slice(0, e.family.length + 2));
    expect(endpoint('/a2/user').family).toBe('a2');
    expect(endpoint('/sys/balance').family).toBe('sys');
  });

  it('gives every endpoint a summary and an answer kind', () => {
    for (const e of CATALOG) {
      expect(e.summary.length, e.path).toBeGreaterThan(5);
      expect(e.answer.record, e.path).toBeTruthy();
    }
  });

  it('says where nested single records sit', () => {
    expect(endpoint('/v2/user/by/id').answer).toEqual({ record: 'profile', many: false, at: 'user' });
    expect(endpoint('/v2/media/info/by/code').answer.at).toContain('media_or_ad');
    expect(endpoint('/v2/highlight/by/id').answer.at).toBe('response.reels.*');
    expect(endpoint('/v1/media/code/from/pk').answer.record).toBe('string');
    expect(endpoint('/a2/user').answer.at).toBe('graphql.user');
    expect(endpoint('/v2/user/stories').answer).toEqual({ record: 'story', many: true, at: 'reel.items' });
  });
});

describe('parameters', () => {
  // Where the catalog is stricter than OpenAPI, and why.
  const REQUIRED_BEYOND_OPENAPI: Record<string, string> = {
    '/v2/user/clips user_id': 'the interface marks it (req)',
    '/v2/user/followers user_id': 'OpenAPI default "" names no account; same as /v2/user/clips',
    '/v2/user/following user_id': 'same',
    '/v2/user/tag/medias user_id': 'same',
    '/v2/user/medias user_id': 'same',
    '/v2/user/videos user_id': 'same',
    '/gql/media/usertags media_ids': 'a call without ids cannot answer anything',
  };
  // Parameters OpenAPI does not list: `safe_int` where the interface does, and the facts' v2 highlights paging.
  const EXTRA_PARAMS = new Set(['/v2/user/highlights page_id', '/v2/user/highlights/by/username page_id']);

  it.each(openApiPaths)('match OpenAPI for %s', (path) => {
    const e = endpoint(path);
    const documented = openApiParams(path);
    for (const doc of documented) {
      const spec = e.params.find((p) => p.name === doc.name);
      expect(spec, `${path} ${doc.name}`).toBeDefined();
      expect(spec?.type, `${path} ${doc.name}`).toBe(doc.type);
      const stricter = REQUIRED_BEYOND_OPENAPI[`${path} ${doc.name}`] !== undefined;
      expect(spec?.required, `${path} ${doc.name}`).toBe(doc.required || stricter);
      if (doc.default !== undefined && doc.default !== null && doc.default !== '') {
        expect(spec?.default, `${path} ${doc.name} default`).toBe(doc.default);
      }
    }
    for (const spec of e.params.filter((p) => !documented.some((d) => d.name === p.name))) {
      const fromInterface = interfaceParams.get(path)?.some((p) => p.name === spec.name) ?? false;
      expect(fromInterface || EXTRA_PARAMS.has(`${path} ${spec.name}`), `${path} ${spec.name} is in no document`).toBe(true);
    }
  });

  it('match the interface tables (names, types, required)', () => {
    expect(interfaceParams.size).toBeGreaterThan(60);
    for (const [path, documented] of interfaceParams) {
      const e = endpoint(path);
      for (const doc of documented) {
        const spec = e.params.find((p) => p.name === doc.name);
        expect(spec, `${path} ${doc.name}`).toBeDefined();
        expect(spec?.type, `${path} ${doc.name}`).toBe(doc.type);
        if (doc.required) expect(spec?.required, `${path} ${doc.name}`).toBe(true);
      }
    }
    // Nothing the interface marks optional is required, except the documented exceptions.
    const comment = interfaceParams.get('/gql/comment/likers/chunk') ?? [];
    expect(comment.map((p) => p.name)).toEqual(['comment_id', 'media_id', 'end_cursor']);
    expect(endpoint('/gql/comment/likers/chunk').params.every((p) => !p.required)).toBe(true);
  });

  it('caps media_ids at 10 items', () => {
    const mediaIds = endpoint('/gql/media/usertags').params.find((p) => p.name === 'media_ids');
    expect(mediaIds).toMatchObject({ type: 'string[]', maxItems: 10 });
    expect(interfaceMd).toMatch(/`media_ids` array of string, at most 10 ids/);
  });

  it('flags safe_int where the interface or OpenAPI lists it', () => {
    const listing = [
      ...[...interfaceParams].filter(([, ps]) => ps.some((p) => p.name === 'safe_int')).map(([path]) => path),
      ...openApiPaths.filter((path) => openApiParams(path).some((p) => p.name === 'safe_int')),
    ];
    expect(listing.length).toBeGreaterThan(10);
    for (const e of CATALOG) {
      expect(e.safeInt, e.path).toBe(listing.includes(e.path));
      expect(e.safeInt, e.path).toBe(e.params.some((p) => p.name === 'safe_int' && p.type === 'boolean'));
    }
  });

  it('gives hashtag names the hashtag rule', () => {
    const hashtagNames = CATALOG.filter((e) => e.path.includes('/hashtag/')).flatMap((e) => e.params.filter((p) => p.name === 'name'));
    expect(hashtagNames.length).toBeGreaterThanOrEqual(12);
    for (const p of hashtagNames) expect(p.rule).toBe('hashtag_name');
  });

  it('gives every url parameter the fitting link rule', () => {
    const expected: Record<string, string> = {
      '/v1/user/by/url': 'profile_url',
      '/v1/media/by/url': 'post_url',
      '/v2/media/info/by/url': 'post_url',
      '/v2/media/by/url': 'post_url',
      '/v1/media/oembed': 'post_url',
      '/v1/media/pk/from/url': 'post_url',
      '/v1/share/reel/by/url': 'post_url',
      '/v1/story/by/url': 'story_url',
      '/v2/story/by/url': 'story_url',
      '/v1/story/download/by/story/url': 'story_url',
      '/v1/highlight/by/url': 'highlight_url',
      '/v1/share/by/url': 'share_url',
      '/v1/story/download/by/url': 'media_file_url',
      // Legacy downloads of a file by its URL: the file's CDN address, like the story one.
      '/v1/media/download/photo/by/url': 'media_file_url',
      '/v1/media/download/video/by/url': 'media_file_url',
    };
    const withUrl = CATALOG.filter((e) => e.params.some((p) => p.name === 'url'));
    expect(Object.fromEntries(withUrl.map((e) => [e.path, e.params.find((p) => p.name === 'url')?.rule]))).toEqual(expected);
  });

  it('checks digits only on account and comment ids, and the media id form (<pk> or <pk>_<owner>) on media ids', () => {
    for (const e of CATALOG) {
      for (const p of e.params) {
        if (p.name === 'user_id' || p.name === 'comment_id') expect(p.rule, `${e.path} ${p.name}`).toBe('numeric_id');
        if (p.name === 'media_id' || p.name === 'media_ids') expect(p.rule, `${e.path} ${p.name}`).toBe('media_id');
        if (p.name === 'username') expect(p.rule, `${e.path} ${p.name}`).toBe('username');
        if (/(^|_)(max_id|min_id|cursor|page_id|page_token|rank_token)$/.test(p.name)) expect(p.rule, `${e.path} ${p.name}`).toBe('cursor');
      }
    }
    expect(endpoint('/v1/media/by/id').params[0]?.rule).toBe('media_id');
    expect(endpoint('/v1/user/by/id').params[0]?.rule).toBe('numeric_id');
    expect(endpoint('/v2/highlight/by/id').params[0]?.rule).toBe('highlight_id');
  });
});

describe('cost', () => {
  it('bills what the facts say, 1 for everything else, nothing for the balance', () => {
    expect(factsCosts.size).toBe(14);
    expect(factsMd).toMatch(/`GET \/sys\/balance` is free/);
    for (const e of CATALOG) {
      const expected = e.path === '/sys/balance' || e.status.kind === 'retired' ? 0 : (factsCosts.get(e.path) ?? 1);
      expect(e.cost, e.path).toBe(expected);
    }
  });

  it("agrees with the interface's Limits table", () => {
    const rows = [...interfaceMd.matchAll(/^\| Billing per call: \d+ requests? \| (\d+) \| (.*) \|$/gm)];
    expect(rows).toHaveLength(3);
    for (const [, units, paths] of rows) {
      for (const path of backtickedPaths(paths ?? '')) expect(endpoint(path).cost, path).toBe(Number(units));
    }
  });

  it('takes one unit off for force=true exactly on the stories/highlights endpoints of the cost table', () => {
    const discounted = CATALOG.filter((e) => e.forceDiscount).map((e) => e.path).sort();
    const expected = [...factsCosts.keys()].filter((p) => /\/(stories|highlights)\b/.test(p)).sort();
    expect(discounted).toEqual(expected);
    for (const path of expected) expect(endpoint(path).params.some((p) => p.name === 'force'), path).toBe(true);

    const stories = endpoint('/v1/user/stories');
    expect(costOf(stories, { user_id: '25025320' })).toBe(2);
    expect(costOf(stories, { user_id: '25025320', force: true })).toBe(1);
    expect(costOf(stories, { user_id: '25025320', force: 'true' })).toBe(1);
    expect(costOf(stories, { user_id: '25025320', force: false })).toBe(2);
    expect(costOf(stories, { user_id: '25025320', force: 'false' })).toBe(2);
    expect(costOf(endpoint('/v2/user/highlights/by/username'), { username: 'nasa', force: true })).toBe(2);
  });

  it('gives no discount elsewhere, even where force is accepted', () => {
    expect(costOf(endpoint('/gql/user/followers/chunk'), { user_id: '1', force: true })).toBe(2);
    expect(costOf(endpoint('/v1/user/search/followers'), { user_id: '1', query: 'a', force: true })).toBe(2);
    expect(costOf(endpoint('/v1/user/by/id'), { id: '1', force: true })).toBe(1);
    for (const e of CATALOG) {
      expect(costOf(e, { force: true }), e.path).toBeGreaterThanOrEqual(e.cost === 0 ? 0 : 1);
    }
  });
});

describe('status', () => {
  it("follows the interface's deprecated table, replacements included", () => {
    expect(deprecatedTable.size).toBe(16);
    for (const [path, replacements] of deprecatedTable) {
      const status = endpoint(path).status;
      expect(status.kind, path).toBe('deprecated');
      if (status.kind !== 'active') expect(status.replacements, path).toEqual(replacements);
    }
    expect(endpoint('/v1/user/guides').status).toEqual({ kind: 'deprecated', replacements: [] });
  });

  it("marks OpenAPI's deprecated paths, and only those and the table's, as not active", () => {
    const deprecatedInOpenApi = openApiPaths.filter((p) => openApiOperation(p).deprecated === true);
    expect(deprecatedInOpenApi.length).toBeGreaterThan(30);
    const notActive = new Set([...deprecatedInOpenApi, ...deprecatedTable.keys()]);
    for (const e of CATALOG) expect(e.status.kind !== 'active', e.path).toBe(notActive.has(e.path));
  });

  it('retires the removed /gql user lookups: 410, never charged, with replacements', () => {
    for (const path of ['/gql/user/by/username', '/gql/user/by/id']) {
      const e = endpoint(path);
      expect(e.status.kind).toBe('retired');
      expect(isRetired(path)).toBe(true);
      expect(e.cost).toBe(0);
      expect(costOf(e, {})).toBe(0);
    }
    expect(endpoint('/gql/user/by/username').status).toMatchObject({ replacements: expect.arrayContaining(['/v1/user/by/username']) });
    expect(endpoint('/gql/user/by/id').status).toMatchObject({ replacements: expect.arrayContaining(['/v1/user/by/id']) });
    expect(CATALOG.filter((e) => e.status.kind === 'retired')).toHaveLength(2);
    expect(isRetired('/v1/user/by/id')).toBe(false);
    expect(isRetired('/no/such/path')).toBe(false);
  });

  it('names only replacements that exist and are not retired', () => {
    for (const e of CATALOG) {
      if (e.status.kind === 'active') continue;
      for (const r of e.status.replacements) {
        expect(findEndpoint(r), `${e.path} -> ${r}`).toBeDefined();
        expect(isRetired(r), `${e.path} -> ${r}`).toBe(false);
        expect(r, e.path).not.toBe(e.path);
      }
    }
  });
});

describe('paging descriptors', () => {
  const CURSOR_PARAMS = new Set([
    'end_cursor', 'max_id', 'page_id', 'next_page_id', 'page_token', 'reels_max_id', 'min_id', 'next_max_id',
    'profile_grid_items_cursor', 'repost_next_max_id',
  ]);

  it("cover every row of the interface's paging summary, with its cursor parameters", () => {
    expect(pagingSummary.size).toBeGreaterThan(15);
    for (const [listed, params] of pagingSummary) {
      for (const path of expand(listed)) {
        const paging = endpoint(path).paging;
        expect(paging, path).not.toBeNull();
        expect(Object.keys(paging?.cursor ?? {}).sort(), path).toEqual([...params].sort());
      }
    }
  });

  it('cover the cursor names the facts report', () => {
    expect(factsCursorNames.size).toBe(5);
    for (const [path, name] of factsCursorNames) expect(Object.keys(endpoint(path).paging?.cursor ?? {}), path).toContain(name);
    expect(endpoint('/v2/user/highlights').paging?.cursor).toEqual({ page_id: 'next_page_id' });
  });

  it('exist for every endpoint that takes a cursor parameter, and only for them', () => {
    for (const e of CATALOG) {
      const takesCursor = e.params.some((p) => CURSOR_PARAMS.has(p.name));
      expect(e.paging !== null, e.path).toBe(takesCursor);
    }
    expect(endpoint('/gql/media/likers').paging).toBeNull(); // the interface: no paging
  });

  it('send only parameters the endpoint takes, and name items that can be found', () => {
    for (const e of CATALOG) {
      if (!e.paging) continue;
      for (const param of Object.keys(e.paging.cursor)) expect(e.params.map((p) => p.name), e.path).toContain(param);
      if (e.paging.endWhenEmpty) expect(Object.keys(e.paging.cursor), e.path).toContain(e.paging.endWhenEmpty);
      if (e.paging.items.startsWith('@')) expect(ITEM_EXTRACTORS, e.path).toContain(e.paging.items);
      expect(e.answer.many, e.path).toBe(true);
    }
  });

  it('describe the styles the interface and facts spell out', () => {
    expect(endpoint('/g1/user/followers').paging).toMatchObject({ cursor: { end_cursor: '1' }, items: '0' });
    expect(endpoint('/v1/media/comments/chunk').paging).toMatchObject({ cursor: { max_id: '1' }, items: '0' });
    expect(endpoint('/g2/user/followers').paging).toMatchObject({ cursor: { page_id: 'next_page_id' }, items: 'response.users' });
    expect(endpoint('/g2/user/medias').paging).toMatchObject({ cursor: { next_page_id: 'next_page_id' } });
    expect(endpoint('/v2/media/comments').paging).toMatchObject({ cursor: { page_id: 'next_page_id' }, items: 'response.comments' });
    expect(endpoint('/v2/hashtag/medias/recent').paging?.items).toBe('response.sections[].layout_content.medias[].media');
    expect(endpoint('/v2/user/clips').paging?.items).toBe('response.items[].media');
    expect(endpoint('/v2/fbsearch/accounts').paging).toMatchObject({ cursor: { page_token: 'page_token' } });
    expect(endpoint('/v2/fbsearch/reels').paging?.cursor).toEqual({ reels_max_id: 'reels_max_id', rank_token: 'rank_token' });
    expect(endpoint('/v2/media/comments/replies').paging?.cursor).toEqual({ min_id: 'next_min_id' });
    expect(endpoint('/gql/topsearch').paging).toMatchObject({ style: 'stream', items: '@topsearch' });
  });
});

describe('findEndpoint', () => {
  it('finds by exact path, tolerating a trailing slash', () => {
    expect(findEndpoint('/v1/user/by/username')?.path).toBe('/v1/user/by/username');
    expect(findEndpoint('/v1/user/by/username/')?.path).toBe('/v1/user/by/username');
    expect(findEndpoint('/v1/user/by')).toBeUndefined();
    expect(findEndpoint('v1/user/by/username')).toBeUndefined();
    expect(findEndpoint('/')).toBeUndefined();
  });
});
