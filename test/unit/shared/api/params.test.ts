import { describe, expect, it } from 'vitest';
import { CATALOG, findEndpoint, type Endpoint, type ParamSpec } from '../../../../shared/api/catalog';
import { validateParams, type ParamCheck } from '../../../../shared/api/params';

function endpoint(path: string): Endpoint {
  const found = findEndpoint(path);
  if (!found) throw new Error(`${path} is not in the catalog`);
  return found;
}

const check = (path: string, input: Record<string, unknown>): ParamCheck => validateParams(endpoint(path), input);

function issues(result: ParamCheck): { param: string; message: string }[] {
  return result.ok ? [] : result.issues;
}

/** The message of the single issue about `param`. */
function messageFor(result: ParamCheck, param: string): string {
  const found = issues(result).filter((i) => i.param === param);
  expect(found, JSON.stringify(result)).toHaveLength(1);
  return found[0]?.message ?? '';
}

// Valid values from the spec documents, by rule, then by type.
const SAMPLE_BY_RULE: Record<string, string> = {
  numeric_id: '25025320',
  hashtag_name: 'travel',
  profile_url: 'https://www.instagram.com/nasa/',
  post_url: 'https://www.instagram.com/p/CA2aJYrg6cZ/',
  story_url: 'https://www.instagram.com/stories/nasa/3866000000000000000/',
  highlight_url: 'https://www.instagram.com/stories/highlights/18146216698022174/',
  share_url: 'https://www.instagram.com/s/aGlnaGxpZ2h0OjE4MTQ2MjE2Njk4MDIyMTc0',
  media_file_url: 'https://scontent-iad3-1.cdninstagram.com/v/t51.2885-15/ts1_1080.jpg?oe=69F1A2B3',
  media_id: '3162273595027945978_123123',
  highlight_id: 'highlight:18146216698022174',
  username: 'nasa',
  shortcode: 'CA2aJYrg6cZ',
  share_code: 'aGlnaGxpZ2h0OjE4MTQ2MjE2Njk4MDIyMTc0',
  cursor: 'QVFBS1NTZjNnYzQ0X2k3cDNuTUZWb2Qx',
};
const SAMPLE_BY_TYPE: Record<string, unknown> = {
  string: '3162273595027945978_123123',
  integer: 213385402,
  number: 40.74,
  boolean: true,
  'string[]': ['3866530439053193313', '3866530439053193314'],
};
const sample = (p: ParamSpec): unknown => (p.rule ? SAMPLE_BY_RULE[p.rule] : SAMPLE_BY_TYPE[p.type]);

describe('validateParams on every endpoint', () => {
  it.each(CATALOG.map((e) => [e.path, e] as const))('accepts valid required params for %s and reports each missing one', (_path, e) => {
    const required = e.params.filter((p) => p.required);
    const input = Object.fromEntries(required.map((p) => [p.name, sample(p)]));
    const result = validateParams(e, input);
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
    if (result.ok) expect(new Set(result.query.map(([name]) => name))).toEqual(new Set(required.map((p) => p.name)));
    for (const p of required) {
      const { [p.name]: _dropped, ...rest } = input;
      expect(messageFor(validateParams(e, rest), p.name)).toContain(`'${p.name}' is required`);
    }
  });
});

describe('presence and names', () => {
  it('requires required params, and counts blank, null and undefined as missing', () => {
    for (const username of [undefined, null, '', '   ']) {
      expect(messageFor(check('/v1/user/by/username', { username }), 'username')).toBe("'username' is required (account username, without @).");
    }
  });

  it('leaves out optional params that are not given', () => {
    expect(check('/g2/user/followers', { user_id: '25025320', page_id: '' })).toEqual({ ok: true, query: [['user_id', '25025320']] });
    expect(check('/g2/user/followers', { user_id: '25025320', page_id: undefined })).toEqual({ ok: true, query: [['user_id', '25025320']] });
  });

  it('rejects unknown params and says which ones the endpoint takes', () => {
    const result = check('/v1/user/by/username', { username: 'nasa', amount: 3 });
    expect(messageFor(result, 'amount')).toBe("/v1/user/by/username has no parameter 'amount': it takes username.");
    expect(messageFor(check('/sys/balance', { user_id: '1' }), 'user_id')).toContain('it takes no parameters');
  });

  it('does not add safe_int, and refuses it where the endpoint has none', () => {
    expect(check('/v2/user/by/id', { id: '25025320' })).toEqual({ ok: true, query: [['id', '25025320']] });
    expect(check('/v2/user/by/id', { id: '25025320', safe_int: true })).toEqual({ ok: true, query: [['id', '25025320'], ['safe_int', 'true']] });
    expect(issues(check('/v1/user/by/id', { id: '25025320', safe_int: true })).map((i) => i.param)).toEqual(['safe_int']);
  });

  it('reports every problem at once', () => {
    const result = check('/v1/user/stories', { amount: 'five', force: 'yes', extra: 1 });
    expect(issues(result).map((i) => i.param).sort()).toEqual(['amount', 'extra', 'force', 'user_id']);
  });
});

describe('types and serialisation', () => {
  it('serialises in catalog order, whatever the input order', () => {
    expect(check('/v1/user/stories', { force: true, amount: 5, user_id: ' 25025320 ' })).toEqual({
      ok: true,
      query: [['user_id', '25025320'], ['amount', '5'], ['force', 'true']],
    });
  });

  it('reads booleans from values and from true/false text', () => {
    const q = (force: unknown): ParamCheck => check('/v1/user/stories', { user_id: '1', force });
    expect(q(false)).toEqual({ ok: true, query: [['user_id', '1'], ['force', 'false']] });
    expect(q('TRUE')).toEqual({ ok: true, query: [['user_id', '1'], ['force', 'true']] });
    for (const bad of ['yes', 1, {}]) expect(messageFor(q(bad), 'force')).toBe("'force' must be true or false.");
  });

  it('reads integers from numbers and digit strings, keeping every digit', () => {
    const q = (location_pk: unknown): ParamCheck => check('/v1/location/medias/recent/chunk', { location_pk });
    expect(q('213385402')).toEqual({ ok: true, query: [['location_pk', '213385402']] });
    expect(q(213385402)).toEqual({ ok: true, query: [['location_pk', '213385402']] });
    expect(q('12345678901234567890')).toEqual({ ok: true, query: [['location_pk', '12345678901234567890']] });
    expect(q(12345678901234567890n)).toEqual({ ok: true, query: [['location_pk', '12345678901234567890']] });
    for (const bad of ['12a', 2.5, 'new york', 2 ** 60]) expect(messageFor(q(bad), 'location_pk')).toBe("'location_pk' must be a whole number, such as 12.");
  });

  it('reads decimal numbers', () => {
    expect(check('/v1/location/search', { lat: '40.7128', lng: -74.006 })).toEqual({ ok: true, query: [['lat', '40.7128'], ['lng', '-74.006']] });
    expect(messageFor(check('/v1/location/search', { lat: 'north', lng: 1 }), 'lat')).toBe("'lat' must be a number, such as 40.74.");
    expect(messageFor(check('/v1/location/search', { lat: Number.NaN, lng: 1 }), 'lat')).toContain('must be a number');
  });

  it('refuses ids given as numbers beyond 2^53, which have already lost digits', () => {
    const result = check('/v1/media/by/id', { id: Number('3776832898280228145') }); // what JSON.parse would give
    expect(messageFor(result, 'id')).toContain('pass it as text');
    expect(check('/v1/media/by/id', { id: '3776832898280228145' })).toEqual({ ok: true, query: [['id', '3776832898280228145']] });
    expect(check('/v1/user/by/id', { id: 25025320 })).toEqual({ ok: true, query: [['id', '25025320']] });
  });

  it('sends media_ids as repeated params, at most 10', () => {
    const ids = ['3866530439053193313', '3866530439053193314', '3866530439053193315'];
    expect(check('/gql/media/usertags', { media_ids: ids })).toEqual({ ok: true, query: ids.map((id) => ['media_ids', id]) });
    expect(check('/gql/media/usertags', { media_ids: '3866530439053193313, 3866530439053193314' })).toEqual({
      ok: true,
      query: [['media_ids', '3866530439053193313'], ['media_ids', '3866530439053193314']],
    });
    const eleven = Array.from({ length: 11 }, (_, i) => `38665304390531933${10 + i}`);
    expect(messageFor(check('/gql/media/usertags', { media_ids: eleven }), 'media_ids')).toBe(
      "'media_ids' takes at most 10 items per call, got 11: split them over several calls.",
    );
    expect(messageFor(check('/gql/media/usertags', { media_ids: [] }), 'media_ids')).toContain('is required');
    expect(messageFor(check('/gql/media/usertags', { media_ids: ' , ' }), 'media_ids')).toContain('is required');
  });
});

describe('rules', () => {
  it('accepts numeric ids only as digits', () => {
    expect(messageFor(check('/v1/user/followers/chunk', { user_id: 'nasa' }), 'user_id')).toBe(
      "'user_id' must be a numeric id (digits only, at most 20, such as 25025320), not 'nasa'. To start from a username, look the account up by username first.",
    );
    expect(messageFor(check('/v1/user/followers/chunk', { user_id: '-5' }), 'user_id')).toContain('digits only');
    // Media ids may be `<pk>_<owner>`: no digit rule there.
    expect(check('/v2/media/comments', { id: '3162273595027945978_123123' })).toMatchObject({ ok: true });
  });

  it.each(['love', 'sea', 'dog', '공구', 'sea_life', '___', 'café', 'नमस्ते', 'مرحبا', '東京', '2024', 'NASA'])('accepts the hashtag %s', (name) => {
    expect(check('/v1/hashtag/by/name', { name })).toEqual({ ok: true, query: [['name', name]] });
  });

  it.each([
    ['#dog', "Hashtag names cannot start with '#': use 'dog', not '#dog'."],
    ['#travel', "Hashtag names cannot start with '#': use 'travel', not '#travel'."],
    ['#공구', "Hashtag names cannot start with '#': use '공구', not '#공구'."],
    ['tanjung..', "Hashtag names cannot end with a dot: use 'tanjung', not 'tanjung..'."],
    ['sea_.', "Hashtag names cannot end with a dot: use 'sea_', not 'sea_.'."],
    ['sea_.life', "Hashtag names cannot contain '_.': 'sea_.life' is not a hashtag the platform accepts."],
    ['new york', "Hashtag names cannot contain spaces: give one hashtag, such as 'new'."],
    ['rock&roll', "Hashtag names may contain only letters, digits and underscores (any script): remove '&' from 'rock&roll'."],
    ['a.b-c', "Hashtag names may contain only letters, digits and underscores (any script): remove '.', '-' from 'a.b-c'."],
    ['travel✈', "Hashtag names may contain only letters, digits and underscores (any script): remove '✈' from 'travel✈'."],
  ])('refuses the hashtag %s and says how to fix it', (name, message) => {
    expect(messageFor(check('/v2/hashtag/medias/recent', { name }), 'name')).toBe(message);
  });

  describe('links', () => {
    it.each([
      ['post_url', '/v1/media/by/url', 'https://www.instagram.com/p/CA2aJYrg6cZ/'],
      ['post_url', '/v1/media/by/url', 'https://www.instagram.com/reel/DWorPLVADBk/?igshid=MzRlODBiNWFlZA=='],
      ['post_url', '/v1/media/oembed', 'https://instagram.com/tv/B1LbfVPlwIA'],
      ['post_url', '/v1/media/pk/from/url', 'https://instagr.am/p/B-fKL9qpeab/'],
      ['post_url', '/v1/share/reel/by/url', 'https://www.instagram.com/share/reel/BAFu2lB0TF/'],
      ['profile_url', '/v1/user/by/url', 'https://www.instagram.com/nasa/'],
      ['profile_url', '/v1/user/by/url', 'https://www.instagram.com/mika_tanaka.jp?hl=en'],
      ['story_url', '/v1/story/by/url', 'https://www.instagram.com/stories/nasa/3866000000000000000/'],
      ['story_url', '/v1/story/download/by/story/url', 'https://www.instagram.com/stories/noor.vandijk/3866000000000000001'],
      ['highlight_url', '/v1/highlight/by/url', 'https://www.instagram.com/stories/highlights/18146216698022174/'],
      ['share_url', '/v1/share/by/url', 'https://www.instagram.com/s/aGlnaGxpZ2h0OjE4MTQ2MjE2Njk4MDIyMTc0?story_media_id=1'],
      ['media_file_url', '/v1/story/download/by/url', 'https://scontent-iad3-1.cdninstagram.com/v/t51.2885-15/ts1_1080.jpg?oe=69F1A2B3'],
      ['media_file_url', '/v1/story/download/by/url', 'https://instagram.fcdg4-1.fna.fbcdn.net/o1/v/t16/f2/m86/AQR_720.mp4?efg=e30&oe=69F1A2B3'],
    ])('accepts a %s: %s', (_rule, path, url) => {
      expect(check(path, { url })).toEqual({ ok: true, query: [['url', url]] });
    });

    it('adds https:// to a link pasted without it', () => {
      expect(check('/v1/media/by/url', { url: 'www.instagram.com/p/CA2aJYrg6cZ/' })).toEqual({
        ok: true,
        query: [['url', 'https://www.instagram.com/p/CA2aJYrg6cZ/']],
      });
    });

    it.each([
      ['/v1/media/by/url', 'https://example.com/p/CA2aJYrg6cZ/', 'This link is not on instagram.com'],
      ['/v1/media/by/url', 'https://instagram.com.evil.example/p/CA2aJYrg6cZ/', 'This link is not on instagram.com'],
      ['/v1/media/by/url', 'https://www.instagram.com/nasa/', 'This is not a post or reel link.'],
      ['/v1/media/by/url', 'https://www.instagram.com/s/aGlnaGxpZ2h0OjE4MTQ2MjE2Njk4MDIyMTc0', 'must first be resolved with /v1/share/by/url'],
      ['/v1/media/by/url', 'javascript:alert(1)', "'url' must be a web link"],
      ['/v1/media/by/url', 'ftp://www.instagram.com/p/CA2aJYrg6cZ/', "'url' must be a web link"],
      ['/v1/user/by/url', 'https://www.instagram.com/p/CA2aJYrg6cZ/', 'This is not a profile link.'],
      ['/v1/user/by/url', 'https://www.instagram.com/', 'This is not a profile link.'],
      ['/v1/story/by/url', 'https://www.instagram.com/stories/highlights/18146216698022174/', 'This is a highlight link, not a story link'],
      ['/v1/story/by/url', 'https://www.instagram.com/stories/nasa/', 'This is not a story link.'],
      ['/v1/highlight/by/url', 'https://www.instagram.com/s/aGlnaGxpZ2h0OjE4MTQ2MjE2Njk4MDIyMTc0', 'must first be resolved with /v1/share/by/url'],
      ['/v1/share/by/url', 'https://www.instagram.com/stories/nasa/3866000000000000000/', 'it must contain /s/'],
      ['/v1/story/download/by/url', 'https://www.instagram.com/stories/nasa/3866000000000000000/', 'not a page on www.instagram.com'],
      ['/v1/story/download/by/url', 'https://cdninstagram.com.evil.example/x.jpg', 'Use the address of the media file itself'],
    ])('refuses %s with %s', (path, url, fragment) => {
      expect(messageFor(check(path, { url }), 'url')).toContain(fragment);
    });

    it('shows the expected form in the message', () => {
      expect(messageFor(check('/v1/highlight/by/url', { url: 'https://www.instagram.com/nasa/' }), 'url')).toBe(
        'This is not a highlight link. Use a link such as https://www.instagram.com/stories/highlights/<highlight id>/.',
      );
    });
  });
});

describe('rules that keep clearly invalid requests from being sent (and billed)', () => {
  it.each([
    ['/v1/user/by/username', { username: 'a/b' }, 'username'],
    ['/v1/user/by/username', { username: 'nasa\u0000' }, 'username'],
    ['/v1/user/by/username', { username: 'javascript:alert(1)' }, 'username'],
    ['/v1/user/by/username', { username: 'x'.repeat(31) }, 'username'],
    ['/v1/user/by/username', { username: '../../etc' }, 'username'],
    ['/v1/media/by/id', { id: 'abc' }, 'id'],
    ['/v1/media/by/id', { id: '123_abc' }, 'id'],
    ['/v2/media/comments', { id: '3162273595027945978', page_id: 'abc\ndef' }, 'page_id'],
    ['/v1/user/medias/chunk', { user_id: '25025320', end_cursor: 'é' }, 'end_cursor'],
    ['/v1/user/medias/chunk', { user_id: '25025320', end_cursor: 'x'.repeat(4001) }, 'end_cursor'],
    ['/v1/media/by/code', { code: '<script>' }, 'code'],
    ['/v2/highlight/by/id', { id: 'story:123' }, 'id'],
    // Id forms no pk has: longer than a 64-bit integer, more than one '_', negative.
    ['/v1/user/by/id', { id: '1'.repeat(21) }, 'id'],
    ['/v1/user/followers/chunk', { user_id: '123456789012345678901' }, 'user_id'],
    ['/v1/media/by/id', { id: `${'3'.repeat(21)}_25025320` }, 'id'],
    ['/v1/media/by/id', { id: '3162273595027945978_25025320_1' }, 'id'],
    ['/v2/highlight/by/id', { id: `highlight:${'1'.repeat(21)}` }, 'id'],
    ['/v1/location/medias/recent/chunk', { location_pk: '-213385402' }, 'location_pk'],
    ['/v1/location/medias/recent/chunk', { location_pk: -5 }, 'location_pk'],
    ['/v1/location/medias/recent/chunk', { location_pk: '1234567890123456789012' }, 'location_pk'],
    // A post's code is base64url: no '+', '/' or '=' (those are share codes'), at most 64 characters.
    ['/v1/media/by/code', { code: 'CA2aJY+g6cZ' }, 'code'],
    ['/v2/media/info/by/code', { code: 'CA2aJYrg6c=' }, 'code'],
    ['/v1/media/pk/from/code', { code: 'C'.repeat(65) }, 'code'],
    ['/v1/share/by/code', { code: 'aGln<script>' }, 'code'],
    ['/v1/search/music', { query: 'a\u0007b' }, 'query'],
  ])('%s refuses %j', (path, input, param) => {
    const result = check(path, input);
    expect(result.ok).toBe(false);
    expect(issues(result).map((i) => i.param)).toContain(param);
  });

  it('accepts the real forms: a leading @ on usernames, <pk>_<owner> media ids, highlight:<pk>, JSON-like cursors', () => {
    expect(check('/v1/user/by/username', { username: '@nasa' })).toEqual({ ok: true, query: [['username', 'nasa']] });
    expect(check('/v1/media/by/id', { id: '3162273595027945978_25025320' }).ok).toBe(true);
    expect(check('/v2/highlight/by/id', { id: 'highlight:18146216698022174' }).ok).toBe(true);
    expect(check('/v1/user/by/id', { id: '18446744073709551615' }).ok).toBe(true); // the largest 64-bit pk
    expect(check('/v1/media/by/code', { code: 'DWzNE9hkj_e' }).ok).toBe(true);
    expect(check('/v1/media/by/code', { code: `DWzNE9hkj_e${'x-Y_z'.repeat(6)}` }).ok).toBe(true); // a private post's longer code
    expect(check('/v1/share/by/code', { code: 'aGlnaGxpZ2h0OjE4MTQ2MjE2Njk4MDIyMTc0' }).ok).toBe(true);
    expect(check('/v1/share/by/code', { code: 'aGlnaGxp+Z2h0/OjE4=' }).ok).toBe(true);
    expect(check('/v1/share/by/code', { code: 'BAFu2lB0TF' }).ok).toBe(true); // a /share/<token>
    expect(check('/v2/media/comments/replies', { media_id: '1', comment_id: '2', min_id: '{"cached_comments_cursor":"17906257188216085","bifilter_token":"GgYY-oQ="}' }).ok).toBe(true);
    expect(check('/v2/fbsearch/reels', { query: 'x', rank_token: '1775669296269|6263b0f0a51af5839ec7294a' }).ok).toBe(true);
  });
});
