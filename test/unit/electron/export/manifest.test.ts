// The manifest written in pieces (its endpoints list entry by entry from the counter) is the same text as
// the whole manifest written at once, pretty-printed: what readers of earlier exports parse.
import { describe, expect, it } from 'vitest';
import { toJson } from '../../../../electron/export/lines';
import { createEndpointCounter, manifestChunks, MANIFEST_FORMAT_VERSION, type EndpointUse, type Manifest } from '../../../../electron/export/manifest';

function manifestWith(endpoints: EndpointUse[], extra: Partial<Manifest> = {}): Manifest {
  return {
    format: 'feedlens-export-manifest',
    formatVersion: MANIFEST_FORMAT_VERSION,
    app: { name: 'Feedlens', version: '0.0.0-test' },
    createdAt: '2026-11-20T12:00:00.000Z',
    label: 'a "label" with \n "endpoints": [] in it',
    export: { format: 'ndjson', columnSet: null, columnSetsVersion: 2, linesFormatVersion: 1, delimiter: null, bom: false, includeMedia: false, timeZone: 'UTC' },
    items: { total: 5, byKind: { post: 4, user: 1 }, rows: 5, skipped: {} },
    endpoints,
    requests: { distinct: 3, inLedger: 0, unitsSpent: null, note: 'n' },
    source: { simulated: null, simulatedItems: 0, liveItems: 0, unknownItems: 5, origins: [], note: 'n' },
    pseudonymisation: null,
    ...extra,
    files: [{ path: 'x.ndjson', role: 'data', format: 'ndjson', rows: 5, bytes: 10, sha256: 'ab' }],
  };
}

describe('the manifest written in pieces', () => {
  it('is the text of the whole manifest, endpoints counted per request in the order first met', () => {
    const counter = createEndpointCounter();
    const requests = [
      { path: '/v1/user/medias/chunk', params: { user_id: '51234567', end_cursor: 'QVFC' } },
      { path: '/v1/user/medias/chunk', params: { end_cursor: 'QVFC', user_id: '51234567' } },
      { path: '/v2/user/by/id', params: { id: '51234567', amount: 12, tags: ['a', 'é'] } },
      { path: '/v1/user/medias/chunk', params: { user_id: '51234567' } },
      { path: '/gql/topsearch', params: {} },
    ];
    for (const r of requests) counter.add(r);
    const expected: EndpointUse[] = [
      { path: '/v1/user/medias/chunk', params: { end_cursor: 'QVFC', user_id: '51234567' }, items: 2 },
      { path: '/v2/user/by/id', params: { amount: 12, id: '51234567', tags: ['a', 'é'] }, items: 1 },
      { path: '/v1/user/medias/chunk', params: { user_id: '51234567' }, items: 1 },
      { path: '/gql/topsearch', params: {}, items: 1 },
    ];
    // A field a caller adds may hold its own "endpoints": only the manifest's own list is the counter's.
    const extra = { minimisation: { endpoints: [], nested: { endpoints: [] } } };
    const text = [...manifestChunks(manifestWith([], extra), counter)].join('');
    expect(text).toBe(`${toJson(manifestWith(expected, extra), 2)}\n`);
    expect((JSON.parse(text) as Manifest).endpoints).toEqual(expected);
  });

  it('tells apart requests that follow one another with the same keys but another value, a list or a changed object', () => {
    const counter = createEndpointCounter();
    const params: Record<string, unknown> = { user_id: '51234567', end_cursor: 'A' };
    const tags = ['a'];
    counter.add({ path: '/v1/user/medias/chunk', params });
    counter.add({ path: '/v1/user/medias/chunk', params: { user_id: '51234567', end_cursor: 'B' } });
    counter.add({ path: '/v1/user/medias/chunk', params: { user_id: '51234567', end_cursor: 'B' } });
    counter.add({ path: '/v1/user/clips/chunk', params: { user_id: '51234567', end_cursor: 'B' } });
    counter.add({ path: '/v2/hashtag/medias', params: { tags } });
    counter.add({ path: '/v2/hashtag/medias', params: { tags: ['b'] } });
    counter.add({ path: '/v2/hashtag/medias', params: { tags: ['b'] } });
    params['end_cursor'] = 'C';
    counter.add({ path: '/v1/user/medias/chunk', params });
    counter.add({ path: '/v1/user/medias/chunk', params });
    params['end_cursor'] = 'D';
    counter.add({ path: '/v1/user/medias/chunk', params });
    expect([...counter.uses()].map((u) => [u.path, u.params, u.items])).toEqual([
      ['/v1/user/medias/chunk', { end_cursor: 'A', user_id: '51234567' }, 1],
      ['/v1/user/medias/chunk', { end_cursor: 'B', user_id: '51234567' }, 2],
      ['/v1/user/clips/chunk', { end_cursor: 'B', user_id: '51234567' }, 1],
      ['/v2/hashtag/medias', { tags: ['a'] }, 1],
      ['/v2/hashtag/medias', { tags: ['b'] }, 2],
      ['/v1/user/medias/chunk', { end_cursor: 'C', user_id: '51234567' }, 2],
      ['/v1/user/medias/chunk', { end_cursor: 'D', user_id: '51234567' }, 1],
    ]);
  });

  it('writes an empty list as the whole manifest would', () => {
    const text = [...manifestChunks(manifestWith([]), createEndpointCounter())].join('');
    expect(text).toBe(`${toJson(manifestWith([]), 2)}\n`);
  });
});
