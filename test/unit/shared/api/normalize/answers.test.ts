import { describe, expect, it } from 'vitest';
import { findEndpoint } from '../../../../../shared/api/catalog';
import { normalizeAnswer, normalizeItems, normalizeRecord } from '../../../../../shared/api/normalize';
import type { AppRecord } from '../../../../../shared/records';
import { as, endpoint, loadAnswer } from './support';

describe('mixed top search (/gql/topsearch)', () => {
  const topsearch = endpoint('/gql/topsearch', { record: 'mixed', many: true }, {
    style: 'stream',
    cursor: { end_cursor: 'end_cursor' },
    items: '@topsearch',
  });
  const records = normalizeAnswer(topsearch, loadAnswer('gql-topsearch.json')) as AppRecord[];

  it('turns XDTUserDict into users and XDTMediaDict into posts, in stream order, skipping other units', () => {
    expect(records.map((r) => r.kind)).toEqual(['user', 'post', 'user']);
    expect(as(records[0], 'user').username).toBe('nasa');
    expect(as(records[2], 'user').username).toBe('nasahubble');
  });

  it('reads the media dict fully, its bare pk exact', () => {
    const post = as(records[1], 'post');
    expect(post.id).toBe('3712345678901234567');
    expect(post.code).toBe('DOE5rniXUuH');
    expect(post.owner?.username).toBe('nasa');
    expect(post.caption.hashtags).toEqual(['space', 'NASA']);
    expect(post.counts.likes).toBe(1200345);
    expect(post.source).toEqual({ family: 'gql', path: '/gql/topsearch' });
  });

  it('tells records apart without __typename, and unwraps `{user}` / `{media}` items', () => {
    const source = { family: 'v2', path: '/v2/fbsearch/topsearch' } as const;
    expect(normalizeRecord('mixed', { position: 0, user: { pk: 528817151, username: 'nasa' } }, source)?.kind).toBe('user');
    expect(normalizeRecord('mixed', { media: { pk: '3712345678901234567', code: 'DOE5rniXUuH', media_type: 1 } }, source)?.kind).toBe('post');
    expect(normalizeRecord('mixed', { unit_type: 'META_AI_PROMPTS', title: 'Ask' }, source)).toBeNull();
  });
});

describe('what is not an app record', () => {
  it('gives null for kinds the app shows raw', () => {
    const balance = endpoint('/sys/balance', { record: 'balance', many: false });
    expect(normalizeAnswer(balance, { requests: 1992006, rate: 15, currency: 'USD', amount: 916.3235 })).toBeNull();
    const code = endpoint('/v1/media/code/from/pk', { record: 'string', many: false });
    expect(normalizeAnswer(code, 'DRqAYKuAIUx')).toBeNull();
    expect(normalizeRecord('share', { pk: '18146216698022174', type: 'highlight' }, { family: 'v1' })).toBeNull();
  });

  it('skips list items that are not records instead of failing the page', () => {
    const likers = endpoint('/v1/media/likers', { record: 'user', many: true });
    const items = [null, 'x', 7, { full_name: 'no id' }, { pk: '2256048641', username: 'bowling_1141' }];
    expect(normalizeItems(likers, items).map((r) => as(r, 'user').id)).toEqual(['2256048641']);
    expect(normalizeAnswer(likers, { detail: 'odd answer' })).toEqual([]);
  });

  it('gives null for a single record that is missing from the answer', () => {
    const byId = endpoint('/v2/user/by/id', { record: 'profile', many: false, at: 'user' });
    expect(normalizeAnswer(byId, { status: 'ok' })).toBeNull();
  });
});

describe('a page that repeats an item', () => {
  it('makes one record of an item a page repeats, and keeps records of another kind or without an id', () => {
    const likers = endpoint('/v1/media/likers', { record: 'user', many: true });
    const amy = { pk: '1234567890123456789', username: 'amy.example' };
    const bo = { pk: '2256048641', username: 'bo' };
    const users = normalizeItems(likers, [amy, bo, { ...amy, full_name: 'Amy again' }]);
    expect(users.map((r) => [as(r, 'user').id, as(r, 'user').fullName])).toEqual([['1234567890123456789', null], ['2256048641', null]]);

    const topsearch = endpoint('/v2/fbsearch/topsearch', { record: 'mixed', many: true });
    const post = { media: { pk: '2256048641', code: 'DOE5rniXUuH', media_type: 1 } };
    expect(normalizeItems(topsearch, [{ user: bo }, post, { user: bo }]).map((r) => r.kind)).toEqual(['user', 'post']);

    const places = endpoint('/v2/fbsearch/places', { record: 'location', many: true });
    const unnamed = { place: { location: { name: 'Harbour' }, title: 'Harbour' } };
    expect(normalizeItems(places, [unnamed, unnamed]).map((r) => as(r, 'location').id)).toEqual([null, null]);
  });
});

// The catalog's answer specs (written by another module) against the fixture answers.
describe('with the catalog', () => {
  const cases: [string, string, AppRecord['kind'], number][] = [
    ['/v1/media/by/code', 'v1-media-by-code-carousel.json', 'post', 1],
    ['/v1/user/clips/chunk', 'v1-user-clips-chunk.json', 'post', 2],
    ['/v2/media/info/by/code', 'v2-media-info-by-code.json', 'post', 1],
    ['/v2/media/info/by/id', 'v2-media-info-by-id-items.json', 'post', 1],
    ['/v2/user/clips', 'v2-user-clips.json', 'post', 2],
    ['/g2/user/medias', 'g2-user-medias.json', 'post', 2],
    ['/a2/user', 'a2-user.json', 'profile', 1],
    ['/g1/user/followers', 'g1-user-followers.json', 'user', 2],
    ['/g2/user/followers', 'g2-user-followers.json', 'user', 2],
    ['/gql/media/likers', 'gql-media-likers.json', 'user', 2],
    ['/v1/search/users', 'v1-search-users.json', 'user', 2],
    ['/v1/user/by/username', 'v1-user-by-username-business.json', 'profile', 1],
    ['/v2/user/by/id', 'v2-user-by-id.json', 'profile', 1],
    ['/v1/user/about', 'v1-user-about.json', 'about', 1],
    ['/v1/media/comments/chunk', 'v1-media-comments-chunk.json', 'comment', 2],
    ['/v2/media/comments', 'v2-media-comments.json', 'comment', 2],
    ['/v2/media/comments/replies', 'v2-media-comments-replies.json', 'comment', 2],
    ['/v1/user/highlights', 'v1-user-highlights.json', 'highlight', 2],
    ['/v1/highlight/by/url', 'v1-highlight-by-url.json', 'highlight', 1],
    ['/v2/highlight/by/id', 'v2-highlight-by-id.json', 'highlight', 1],
    ['/v1/user/stories', 'v1-user-stories.json', 'story', 2],
    ['/v2/user/stories', 'v2-user-stories.json', 'story', 2],
    ['/v1/location/by/id', 'v1-location-by-id.json', 'location', 1],
    ['/v2/fbsearch/places', 'v2-fbsearch-places.json', 'location', 2],
    ['/v1/hashtag/by/name', 'v1-hashtag-by-name.json', 'hashtag', 1],
    ['/v2/hashtag/by/name', 'v2-hashtag-by-name.json', 'hashtag', 1],
    ['/v2/search/hashtags', 'v2-search-hashtags.json', 'hashtag', 2],
    ['/v1/search/music', 'v1-search-music.json', 'track', 2],
    ['/v2/track/by/canonical/id', 'v2-track-by-canonical-id.json', 'post', 1],
  ];

  it.each(cases)('%s (%s) gives %s records', (path, fixture, kind, count) => {
    const found = findEndpoint(path);
    expect(found, `${path} is in the catalog`).toBeDefined();
    if (found === undefined) return;
    const result = normalizeAnswer(found, loadAnswer(fixture));
    const records = Array.isArray(result) ? result : result === null ? [] : [result];
    expect(records.map((r) => r.kind)).toEqual(Array.from({ length: count }, () => kind));
    expect(records.every((r) => r.source.path === path && r.source.family === found.family)).toBe(true);
  });

  it('gql topsearch through the catalog keeps users and posts in order', () => {
    const found = findEndpoint('/gql/topsearch');
    expect(found).toBeDefined();
    if (found === undefined) return;
    const records = normalizeAnswer(found, loadAnswer('gql-topsearch.json')) as AppRecord[];
    expect(records.map((r) => r.kind)).toEqual(['user', 'post', 'user']);
  });
});
