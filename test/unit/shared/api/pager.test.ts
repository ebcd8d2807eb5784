import { describe, expect, it } from 'vitest';
import { findEndpoint, type Endpoint } from '../../../../shared/api/catalog';
import { parseLossless } from '../../../../shared/api/json';
import { normalizeAnswer } from '../../../../shared/api/normalize';
import { getOne, getPath, readPage, withCursor, type PageCursor } from '../../../../shared/api/pager';
import type { AppRecord } from '../../../../shared/records';

function endpoint(path: string): Endpoint {
  const found = findEndpoint(path);
  if (!found) throw new Error(`${path} is not in the catalog`);
  return found;
}

// Records shaped as the interface document describes them (trimmed to the fields that matter here).
const shortUser = (pk: string, username: string) => ({
  pk,
  id: pk,
  username,
  full_name: '',
  profile_pic_url: `https://scontent-ams2-1.cdninstagram.com/v/t51.2885-19/${pk}_n.jpg?oe=69F1A2B3`,
  is_private: false,
  is_verified: false,
});
const userDict = (id: string, username: string) => ({ __typename: 'XDTUserDict', strong_id__: id, id, pk: id, username, full_name: '', is_private: false, is_verified: false });
const mediaDict = (pk: string, owner = '528817151') => ({
  __typename: 'XDTMediaDict',
  id: `${pk}_${owner}`,
  pk,
  code: 'DOE5rniXUuH',
  media_type: 1,
  product_type: 'feed',
  taken_at: 1770000000,
  user: userDict(owner, 'nasa'),
  like_count: 1200345,
});
const v1Comment = (pk: string, text: string) => ({
  pk,
  text,
  user: shortUser('3300112233', 'ivan.petrov'),
  created_at_utc: '2026-04-01T13:00:03Z',
  content_type: 'comment',
  status: 'Active',
  has_liked: false,
  like_count: 2,
});
const rawComment = (pk: string) => ({ pk, text: 'Beautiful', type: 0, user_id: '3300112233', media_id: '3866530439053193316', created_at: 1775146773, comment_like_count: 1 });
const ids = (items: unknown[]): unknown[] => items.map((i) => getPath(i, 'pk') ?? getPath(i, 'id'));

describe('getPath', () => {
  const answer = {
    response: {
      sections: [
        { layout_content: { medias: [{ media: { pk: '1' } }, { media: { pk: '2' } }] } },
        { layout_content: { medias: [{ media: { pk: '3' } }] } },
        { layout_content: {} },
      ],
      reels: { 'highlight:18146216698022174': { pk: '18146216698022174', title: 'Travel' } },
    },
    next_page_id: null,
  };

  it('follows keys and indexes, and gives undefined for a missing step', () => {
    expect(getPath(answer, 'response.sections.1.layout_content.medias.0.media.pk')).toBe('3');
    expect(getPath(answer, 'response.nothing.here')).toBeUndefined();
    expect(getPath(answer, 'next_page_id')).toBeNull();
    expect(getPath([['a'], 'cursor'], '1')).toBe('cursor');
    expect(getPath(answer, '')).toBe(answer);
    expect(getPath('text', 'length')).toBeUndefined(); // only JSON keys, never properties of values
    expect(getPath({}, 'constructor')).toBeUndefined();
  });

  it('flattens lists with [] and skips entries that lack the rest of the path', () => {
    expect(getPath(answer, 'response.sections[].layout_content.medias[].media.pk')).toEqual(['1', '2', '3']);
    expect(getPath({ response: {} }, 'response.sections[].layout_content')).toEqual([]);
  });

  it('takes every value of an object with *', () => {
    expect(getPath(answer, 'response.reels.*.title')).toEqual(['Travel']);
  });

  it('reads an object spread over stream rows as the one object (a user whose fields come in several rows)', () => {
    const rows = { stream_rows: [{ user: { pk: '528817151', username: 'nasa' } }, [{ user: { follower_count: 7 } }]], status: 'ok' };
    expect(getOne(rows, 'user')).toEqual({ pk: '528817151', username: 'nasa', follower_count: 7 });
    // The object itself, when it comes whole, is read as it is.
    expect(getOne({ user: { pk: '1' }, status: 'ok' }, 'user')).toEqual({ pk: '1' });
  });

  it('gives the first value reached with getOne', () => {
    expect(getOne(answer, 'response.reels.*')).toEqual({ pk: '18146216698022174', title: 'Travel' });
    expect(getOne(answer, 'response.sections[].layout_content.medias[].media.pk')).toBe('1');
    expect(getOne(answer, 'response.sections.0')).toBe(answer.response.sections[0]);
    expect(getOne(answer, 'response.missing[]')).toBeUndefined();
  });

  it('searches every depth with **, shallowest first', () => {
    const rows = { stream_rows: [{ data: { a: { b: { page_info: { end_cursor: 'deep' } } } } }, { data: { page_info: { end_cursor: 'shallow' } } }] };
    expect(getPath(rows, '**.page_info.end_cursor')).toEqual(['shallow', 'deep']);
  });

  it('joins what each part of a + reaches', () => {
    const top = { list: [{ position: 0, user: { pk: 'u1' } }, { position: 1, hashtag: { name: 'space' } }], media_grid: { sections: [{ layout_content: { medias: [{ media: { pk: 'm1' } }] } }] } };
    expect(getPath(top, 'list[].user + media_grid.sections[].layout_content.medias[].media')).toEqual([{ pk: 'u1' }, { pk: 'm1' }]);
    expect(getPath({ a: { pk: 1 } }, 'a + b')).toEqual([{ pk: 1 }]);
    expect(getPath({}, 'a + b | c')).toBeUndefined();
  });

  it('takes the first alternative that yields something', () => {
    const media = { pk: '3776832898280228145' };
    expect(getPath({ media_or_ad: media, status: 'ok' }, 'media_or_ad | items.0')).toBe(media);
    expect(getPath({ items: [media], num_results: 1 }, 'media_or_ad | items.0')).toBe(media);
    expect(getPath({ next_max_id: null, media_grid: { next_max_id: 'abc' } }, 'next_max_id | media_grid.next_max_id')).toBe('abc');
    expect(getPath({}, 'a | b')).toBeUndefined();
  });
});

describe('readPage: chunk arrays', () => {
  it('reads a g1 chunk: records first, cursor second', () => {
    const answer = [[shortUser('48211937265', 'mika_tanaka.jp'), shortUser('3300112233', 'ivan.petrov')], 'QVFBbU5vX1pmbG9fR3lfYXJr'];
    const page = readPage(endpoint('/g1/user/followers'), answer);
    expect(ids(page.items)).toEqual(['48211937265', '3300112233']);
    expect(page.nextCursor).toEqual({ end_cursor: 'QVFBbU5vX1pmbG9fR3lfYXJr' });
  });

  it('reads the three-element comments chunk [comments, max_id, null]', () => {
    const answer = [[v1Comment('18055443322110099', 'Nice'), v1Comment('18055443322110100', 'Wow')], 'QVFDX2F4T0pZ', null];
    const page = readPage(endpoint('/v1/media/comments/chunk'), answer);
    expect(ids(page.items)).toEqual(['18055443322110099', '18055443322110100']);
    expect(page.nextCursor).toEqual({ max_id: 'QVFDX2F4T0pZ' });
    expect(readPage(endpoint('/v1/media/comments/chunk'), [[v1Comment('1', 'x')], null, null]).nextCursor).toBeNull();
  });

  it('reads end_cursor chunks (v1 clips, gql comment likers)', () => {
    const clips = [[{ pk: '3866530439053193316', id: '3866530439053193316_51234567890', media_type: 2, product_type: 'clips' }], 'QVFDSnV6a2VjZ3Zf'];
    expect(readPage(endpoint('/v1/user/clips/chunk'), clips)).toEqual({ items: [clips[0]?.[0]], nextCursor: { end_cursor: 'QVFDSnV6a2VjZ3Zf' } });
    const likers = [[{ id: '13277463868', username: 'example_user', full_name: 'Example User', is_private: true }], 'QVFEbzJ'];
    expect(readPage(endpoint('/gql/comment/likers/chunk'), likers).nextCursor).toEqual({ end_cursor: 'QVFEbzJ' });
  });

  it('reads max_id chunks of media (hashtag, location)', () => {
    const answer = [[{ pk: '1', media_type: 1 }, { pk: '2', media_type: 8 }], 'QVFBOXB0'];
    for (const path of ['/v1/hashtag/medias/top/chunk', '/v1/location/medias/recent/chunk', '/v1/user/tag/medias/chunk']) {
      expect(readPage(endpoint(path), answer), path).toEqual({ items: answer[0], nextCursor: { max_id: 'QVFBOXB0' } });
    }
  });
});

describe('readPage: next_page_id envelopes', () => {
  it('reads v2 comments and sends next_page_id back as page_id', () => {
    const answer = {
      response: { comments: [rawComment('18100000000000001'), rawComment('18100000000000002')], comment_count: 40, caption: { text: 'x' } },
      next_page_id: 'QVFCcnhIWE82OUswLXBt',
    };
    const page = readPage(endpoint('/v2/media/comments'), answer);
    expect(ids(page.items)).toEqual(['18100000000000001', '18100000000000002']);
    expect(page.nextCursor).toEqual({ page_id: 'QVFCcnhIWE82OUswLXBt' });
  });

  it('reads g2 followers (request page_id) and g2 medias (request next_page_id)', () => {
    const following = { response: { users: [userDict('80117947544', 'noor.vandijk')], next_max_id: '50', has_more: true }, next_page_id: 'QVFBdF9Yb2lH' };
    expect(readPage(endpoint('/g2/user/following'), following).nextCursor).toEqual({ page_id: 'QVFBdF9Yb2lH' });
    // The raw next_max_id inside `response` is IG-internal: only the envelope's next_page_id counts.
    const medias = { response: { items: [mediaDict('3894831928272017840', '80117947544')], next_max_id: 'QVFB_internal', more_available: true }, next_page_id: 'QVFB_envelope' };
    const page = readPage(endpoint('/g2/user/medias'), medias);
    expect(ids(page.items)).toEqual(['3894831928272017840']);
    expect(page.nextCursor).toEqual({ next_page_id: 'QVFB_envelope' });
  });

  it('ends the g2 followers list the production service cuts at about 50', () => {
    const answer = { response: { users: [userDict('6622001', 'old.account')], next_max_id: null, should_limit_list_of_followers: true }, next_page_id: null };
    // The cap is reported, so the list can say why it ends at about 50.
    expect(readPage(endpoint('/g2/user/followers'), answer)).toEqual({ items: [answer.response.users[0]], nextCursor: null, stop: 'limited' });
    const uncapped = { response: { ...answer.response, should_limit_list_of_followers: false }, next_page_id: null };
    expect(readPage(endpoint('/g2/user/followers'), uncapped).stop).toBeUndefined();
  });

  it('reaches nested media: hashtag sections and clips items', () => {
    const hashtag = {
      response: {
        sections: [
          { layout_type: 'media_grid', feed_type: 'media', layout_content: { medias: [{ media: mediaDict('11') }, { media: mediaDict('12') }] } },
          { layout_type: 'media_grid', feed_type: 'media', layout_content: { medias: [{ media: mediaDict('13') }] } },
        ],
      },
      next_page_id: 'QVFC_hashtag',
    };
    expect(ids(readPage(endpoint('/v2/hashtag/medias/recent'), hashtag).items)).toEqual(['11', '12', '13']);
    const clips = { response: { items: [{ media: mediaDict('21') }, { media: mediaDict('22') }], paging_info: { max_id: 'x', more_available: true } }, next_page_id: 'QVFB_clips' };
    const page = readPage(endpoint('/v2/user/clips'), clips);
    expect(ids(page.items)).toEqual(['21', '22']);
    expect(page.nextCursor).toEqual({ page_id: 'QVFB_clips' });
  });
});

describe('readPage: search and reply cursors', () => {
  it('sends page_token back as page_token, and stops on has_more: false', () => {
    const answer = { num_results: 2, users: [userDict('528817151', 'nasa'), userDict('1067259270', 'nasahubble')], has_more: true, rank_token: 'rt', clear_client_cache: false, page_token: '6cce7521a797481a871e466d5e59c388', status: 'ok' };
    const page = readPage(endpoint('/v2/fbsearch/accounts'), answer);
    expect(ids(page.items)).toEqual(['528817151', '1067259270']);
    expect(page.nextCursor).toEqual({ page_token: '6cce7521a797481a871e466d5e59c388' });
    expect(readPage(endpoint('/v2/fbsearch/accounts'), { ...answer, has_more: false }).nextCursor).toBeNull();
  });

  it('sends both reels_max_id and rank_token, and needs both', () => {
    const answer = {
      reels_serp_modules: [{ module_type: 'clips', clips: [{ media: mediaDict('31') }, { media: mediaDict('32') }] }, { module_type: 'clips', clips: [{ media: mediaDict('33') }] }],
      has_more: true,
      reels_max_id: 'r:b3fbe8219cce4db48b0fa020c8488872',
      page_index: 12,
      rank_token: '219b370d-514f-4eb9-b140-06321c037237',
      status: 'ok',
    };
    const reels = endpoint('/v2/fbsearch/reels');
    const page = readPage(reels, answer);
    expect(ids(page.items)).toEqual(['31', '32', '33']);
    expect(page.nextCursor).toEqual({ reels_max_id: 'r:b3fbe8219cce4db48b0fa020c8488872', rank_token: '219b370d-514f-4eb9-b140-06321c037237' });
    expect(readPage(reels, { ...answer, rank_token: null }).nextCursor).toBeNull();
    expect(readPage(reels, { ...answer, reels_max_id: '' }).nextCursor).toBeNull();
  });

  it('sends the replies next_min_id back as min_id', () => {
    const answer = { child_comment_count: 3, child_comments: [rawComment('18200000000000001'), rawComment('18200000000000002')], next_min_id: '{"server_cursor": "QVFBc2", "is_server_cursor_inverse": true}', status: 'ok' };
    const page = readPage(endpoint('/v2/media/comments/replies'), answer);
    expect(ids(page.items)).toEqual(['18200000000000001', '18200000000000002']);
    expect(page.nextCursor).toEqual({ min_id: answer.next_min_id });
    const { next_min_id: _dropped, ...last } = answer;
    expect(readPage(endpoint('/v2/media/comments/replies'), last).nextCursor).toBeNull();
  });

  it('reads the v2 top search: accounts of the first page, then the media grid it pages through', () => {
    const first = {
      list: [{ position: 0, user: userDict('528817151', 'nasa') }, { position: 1, hashtag: { name: 'nasa' } }],
      rank_token: '551e3787-6b05-4aa8-9c6f-c5cd184f7af6',
      media_grid: { sections: [{ layout_content: { medias: [{ media: mediaDict('61') }] } }], next_max_id: '968edc0e78c741ada0c35e55288deb5e', has_more: true },
      status: 'ok',
    };
    const top = endpoint('/v2/fbsearch/topsearch');
    const page = readPage(top, first);
    expect(ids(page.items)).toEqual(['528817151', '61']);
    expect(page.nextCursor).toEqual({ next_max_id: '968edc0e78c741ada0c35e55288deb5e' });
    const last = { media_grid: { sections: [{ layout_content: { medias: [{ media: mediaDict('62') }] } }], next_max_id: 'x', has_more: false } };
    expect(readPage(top, last)).toEqual({ items: [last.media_grid.sections[0]?.layout_content.medias[0]?.media], nextCursor: null });
  });

  it('reads the v2 music search cursor inside page_info', () => {
    const answer = { items: [{ track: { id: '1', title: 'Song' }, metadata: {} }], page_info: { next_max_id: '10', more_available: true }, status: 'ok' };
    expect(readPage(endpoint('/v2/search/music'), answer)).toEqual({ items: [{ id: '1', title: 'Song' }], nextCursor: { next_max_id: '10' } });
    expect(readPage(endpoint('/v2/search/music'), { ...answer, page_info: { next_max_id: '20', more_available: false } }).nextCursor).toBeNull();
  });
});

describe('readPage: the topsearch stream', () => {
  // Rows as the interface describes them: `data` + `extensions`, later rows with path/label/status,
  // a nested array of rows, and a unit that is neither an account nor a media.
  const stream = {
    stream_rows: [
      {
        data: { xdt_api__v1__fbsearch__topsearch_connection: { __typename: 'XDTTopsearchResponse', users: [userDict('528817151', 'nasa')] } },
        extensions: { is_final: false, server_metadata: { request_start_time_ms: 1775146773001, time_at_flush_ms: 1775146773120 } },
      },
      [
        {
          data: { media_grid: [mediaDict('3712345678901234567'), mediaDict('3712345678901234568')] },
          path: ['xdt_api__v1__fbsearch__topsearch_connection', 'media_grid'],
          label: 'FBSearchTopsearchQuery$defer$media_grid',
          extensions: { is_final: false },
          status: 'ok',
        },
        {
          data: { assistant_unit: { unit_type: 'META_AI_PROMPTS', title: 'Ask Meta AI', prompts: ['What is NASA working on?'] } },
          path: ['xdt_api__v1__fbsearch__topsearch_connection', 'assistant_unit'],
          extensions: { is_final: false },
          status: 'ok',
        },
      ],
      {
        data: { more_users: [userDict('1067259270', 'nasahubble')], page_info: { end_cursor: 'QVFB_top_2', has_next_page: true } },
        path: ['xdt_api__v1__fbsearch__topsearch_connection', 'more_users'],
        extensions: { is_final: true },
        status: 'ok',
      },
    ],
  };

  it('collects accounts and media in stream order, skipping other units and nested owners', () => {
    const page = readPage(endpoint('/gql/topsearch'), stream);
    expect(page.items.map((i) => [getPath(i, '__typename'), getPath(i, 'pk')])).toEqual([
      ['XDTUserDict', '528817151'],
      ['XDTMediaDict', '3712345678901234567'],
      ['XDTMediaDict', '3712345678901234568'],
      ['XDTUserDict', '1067259270'],
    ]);
  });

  it("takes end_cursor from the stream's page_info, and ends without one", () => {
    expect(readPage(endpoint('/gql/topsearch'), stream).nextCursor).toEqual({ end_cursor: 'QVFB_top_2' });
    const last = structuredClone(stream);
    const tail = last.stream_rows[2];
    if (tail && !Array.isArray(tail)) tail.data.page_info = { end_cursor: 'QVFB_top_2', has_next_page: false };
    expect(readPage(endpoint('/gql/topsearch'), last).nextCursor).toBeNull();
    expect(readPage(endpoint('/gql/topsearch'), { stream_rows: stream.stream_rows.slice(0, 2) }).nextCursor).toBeNull();
  });

  it('reads flat=true answers from items', () => {
    const flat = { items: [userDict('528817151', 'nasa'), mediaDict('3712345678901234567')], end_cursor: 'QVFB_flat' };
    expect(readPage(endpoint('/gql/topsearch'), flat)).toEqual({ items: flat.items, nextCursor: { end_cursor: 'QVFB_flat' } });
  });

  it('counts a media once when a later row repeats it (a preview row, a deferred patch), its fields merged', () => {
    const full = { ...mediaDict('41'), like_count: 7 };
    const medias = {
      stream_rows: [
        { data: { feed: { edges: [{ node: full }, { node: mediaDict('42') }], page_info: { end_cursor: 'QVFB_grid', has_next_page: true } } } },
        // A deferred fragment that patches the first grid item in place.
        { data: { comment_count: 3 }, path: ['feed', 'edges', 0, 'node'], label: 'ProfileGrid$defer$counts' },
        // A preview row that repeats the first item, with fewer fields.
        { data: { preview: { __typename: 'XDTMediaDict', pk: '41', id: '41', media_type: 1 } } },
      ],
    };
    const page = readPage(endpoint('/gql/user/medias'), medias);
    expect(ids(page.items)).toEqual(['41', '42']);
    expect(page.items[0]).toMatchObject({ like_count: 7, comment_count: 3 });
  });

  it('counts a reel of the music stream once when its preview row repeats it', () => {
    const reel = (pk: string) => ({ media: { ...mediaDict(pk), play_count: 10 } });
    const answer = { response: { stream_rows: [{ items: [reel('61'), reel('62')] }, { items: [{ media: { pk: '61', id: '61' } }] }] }, next_page_id: 'QVFB_track' };
    const page = readPage(endpoint('/v2/track/stream/by/id'), answer);
    expect(ids(page.items)).toEqual(['61', '62']);
    expect(page.items[0]).toMatchObject({ play_count: 10 });
  });

  it('reads /gql/user/medias answered whole (no rows), its media without __typename, the next page by next_max_id', () => {
    const grid = (more: boolean) => ({
      data: {
        xdt_api__v1__profile_timeline: {
          profile_grid_items: [{ media: { id: '3776832898280228141', code: 'DOE5rniXUuH', '1ltaken_at': 1775048403, media_type: 1, user: { pk: '528817151' } } }],
          more_available: more,
          next_max_id: 'QVFB_next',
        },
      },
    });
    const page = readPage(endpoint('/gql/user/medias'), grid(true));
    expect(ids(page.items)).toEqual(['3776832898280228141']);
    expect(page.nextCursor).toEqual({ profile_grid_items_cursor: 'QVFB_next' });
    // Read as a post: the pk from the id, the time from the type-prefixed key, the owner.
    expect(normalizeAnswer(endpoint('/gql/user/medias'), grid(true))).toMatchObject([{ kind: 'post', id: '3776832898280228141', takenAt: 1775048403, owner: { id: '528817151' } }]);
    // more_available false ends the list, whatever cursor the page names.
    expect(readPage(endpoint('/gql/user/medias'), grid(false)).nextCursor).toBeNull();
  });

  it('reads the gql user media streams with their own cursor names', () => {
    const medias = { stream_rows: [{ data: { feed: { edges: [{ node: mediaDict('41') }, { node: mediaDict('42') }], page_info: { end_cursor: 'QVFB_grid', has_next_page: true } } } }] };
    const page = readPage(endpoint('/gql/user/medias'), medias);
    expect(ids(page.items)).toEqual(['41', '42']);
    expect(page.nextCursor).toEqual({ profile_grid_items_cursor: 'QVFB_grid' });
    const reposts = { items: [mediaDict('51')], repost_next_max_id: 'QVFB_rep' };
    expect(readPage(endpoint('/gql/user/reposts'), reposts).nextCursor).toEqual({ repost_next_max_id: 'QVFB_rep' });
  });
});

describe('readPage: end of list and non-paged answers', () => {
  const g2 = endpoint('/g2/user/followers');
  const users = { users: [userDict('1', 'a')] };

  it.each([
    ['null', { response: users, next_page_id: null }],
    ['an empty string', { response: users, next_page_id: '' }],
    ['blank', { response: users, next_page_id: '  ' }],
    ['missing', { response: users }],
  ])('ends the list when the next cursor is %s', (_label, answer) => {
    expect(readPage(g2, answer)).toEqual({ items: users.users, nextCursor: null });
  });

  it('ends a chunk list on a null or missing second element', () => {
    const chunk = endpoint('/v1/user/followers/chunk');
    expect(readPage(chunk, [[shortUser('1', 'a')], null]).nextCursor).toBeNull();
    expect(readPage(chunk, [[shortUser('1', 'a')]]).nextCursor).toBeNull();
    expect(readPage(chunk, [[], '']).items).toEqual([]);
  });

  it('stops when the service hands back the cursor it was just sent', () => {
    const answer = { response: users, next_page_id: 'QVFB_same' };
    expect(readPage(g2, answer, { user_id: '1', page_id: 'QVFB_same' }).nextCursor).toBeNull();
    expect(readPage(g2, answer, { user_id: '1', page_id: 'QVFB_older' }).nextCursor).toEqual({ page_id: 'QVFB_same' });
  });

  it('tolerates answers of the wrong shape', () => {
    for (const answer of [null, 'error code: 1010', 42, {}, []]) {
      expect(readPage(g2, answer)).toEqual({ items: [], nextCursor: null });
      expect(readPage(endpoint('/gql/topsearch'), answer)).toEqual({ items: [], nextCursor: null });
    }
  });

  it('gives the records of non-paged endpoints and no cursor', () => {
    const highlights = [{ pk: '18146216698022174', id: 'highlight:18146216698022174', title: 'Travel', media_ids: [], items: [] }];
    expect(readPage(endpoint('/v1/user/highlights'), highlights)).toEqual({ items: highlights, nextCursor: null });
    const user = { pk: 25025320, username: 'instagram' };
    expect(readPage(endpoint('/v2/user/by/id'), { user, status: 'ok' })).toEqual({ items: [user], nextCursor: null });
    const raw = { reel_type: 'highlight_reel', title: 'Travel', items: [] };
    expect(readPage(endpoint('/v2/highlight/by/id'), { response: { reels: { 'highlight:17990000000000000': raw }, status: 'ok' } }).items).toEqual([raw]);
    expect(readPage(endpoint('/v1/media/code/from/pk'), 'B1LbfVPlwIA').items).toEqual(['B1LbfVPlwIA']);
    // /v2/media/info/by/*: the facts' `{media_or_ad}` and OpenAPI's `{items: [media]}` both work.
    expect(readPage(endpoint('/v2/media/info/by/code'), { media_or_ad: { pk: '3776832898280228145' }, status: 'ok' }).items).toEqual([{ pk: '3776832898280228145' }]);
    expect(readPage(endpoint('/v2/media/info/by/code'), { num_results: 1, items: [{ pk: '3162273595027945978' }] }).items).toEqual([{ pk: '3162273595027945978' }]);
    expect(readPage(endpoint('/v2/user/by/id'), { status: 'ok' }).items).toEqual([]);
  });
});

describe('paging a list to the end', () => {
  /** A fake service holding a 3-page g2 following list, keyed by page_id. */
  function fakeFollowing(): { call: (params: Record<string, unknown>) => unknown; calls: Record<string, unknown>[] } {
    const pages: Record<string, { users: string[]; next: string | null }> = {
      '': { users: ['101', '102', '103'], next: 'QVFB_p2' },
      QVFB_p2: { users: ['104', '105', '106'], next: 'QVFB_p3' },
      QVFB_p3: { users: ['107', '108'], next: null },
    };
    const calls: Record<string, unknown>[] = [];
    return {
      calls,
      call: (params) => {
        calls.push(params);
        const page = pages[String(params.page_id ?? '')];
        if (!page) throw new Error(`unknown page ${String(params.page_id)}`);
        return { response: { users: page.users.map((id) => userDict(id, `user${id}`)), has_more: page.next !== null }, next_page_id: page.next };
      },
    };
  }

  it('fetches every page once, in order, without duplicates', () => {
    const following = endpoint('/g2/user/following');
    const service = fakeFollowing();
    const first = { user_id: '80117947544' };
    const seen: unknown[] = [];
    let cursor: PageCursor | null = null;
    do {
      const params = withCursor(first, cursor);
      const page = readPage(following, service.call(params), params);
      seen.push(...ids(page.items));
      cursor = page.nextCursor;
    } while (cursor !== null && service.calls.length < 10);
    expect(seen).toEqual(['101', '102', '103', '104', '105', '106', '107', '108']);
    expect(new Set(seen).size).toBe(seen.length);
    expect(service.calls).toEqual([{ user_id: '80117947544' }, { user_id: '80117947544', page_id: 'QVFB_p2' }, { user_id: '80117947544', page_id: 'QVFB_p3' }]);
  });
});

describe('withCursor', () => {
  it('adds the cursor to the params without changing them, and leaves the first page alone', () => {
    const params = { name: 'travel' };
    expect(withCursor(params, { page_id: 'QVFC' })).toEqual({ name: 'travel', page_id: 'QVFC' });
    expect(withCursor({ name: 'travel', page_id: 'old' }, { page_id: 'new' })).toEqual({ name: 'travel', page_id: 'new' });
    expect(withCursor(params, null)).toEqual({ name: 'travel' });
    expect(params).toEqual({ name: 'travel' });
  });
});

// Shapes found in production answers (issue 10): each is read, and a list never pays for empty pages.
describe('readPage: production shapes', () => {
  const reel = mediaDict('3776832898280228145');
  const post = (pk: string) => ({ media: mediaDict(pk) });

  it('reads one_by_two rows of v2 feeds: the reel, then the posts beside it', () => {
    const section = (layout: string, content: object) => ({ layout_type: layout, layout_content: content });
    const answer = {
      list: [{ position: 0, user: userDict('6622001', 'old.account') }],
      media_grid: {
        sections: [
          section('media_grid', { medias: [post('3776832898280228141'), post('3776832898280228142'), post('3776832898280228143')] }),
          section('one_by_two_left', { one_by_two_item: { clips: { items: [{ media: reel }] } }, fill_items: [post('3776832898280228146'), post('3776832898280228147')] }),
          section('one_by_two_right', { one_by_two_item: { clips: { items: [post('3776832898280228148')] } }, fill_items: [post('3776832898280228149')] }),
        ],
        next_max_id: 'QVFC_grid',
        has_more: true,
      },
    };
    for (const path of ['/v2/fbsearch/topsearch', '/v2/search/topsearch']) {
      const page = readPage(endpoint(path), answer);
      expect(page.items.map((x) => (x as { pk?: string; username?: string }).pk)).toEqual([
        '6622001', '3776832898280228141', '3776832898280228142', '3776832898280228143', '3776832898280228145',
        '3776832898280228146', '3776832898280228147', '3776832898280228148', '3776832898280228149',
      ]);
      expect(page.nextCursor).toMatchObject({ next_max_id: 'QVFC_grid' });
    }
    // The v2 hashtag feeds read the same rows.
    const feed = { response: { sections: answer.media_grid.sections }, next_page_id: 'QVFD' };
    expect(readPage(endpoint('/v2/hashtag/medias/recent'), feed).items).toHaveLength(8);
  });

  it('reads /gql/user/reposts: one GraphQL object with repost_grid_items[].media, with or without __typename', () => {
    const bare = { ...mediaDict('3776832898280228150'), __typename: undefined };
    const answer = {
      data: { xdt_user_reposts: { repost_grid_items: [{ media: mediaDict('3776832898280228149') }, { media: bare }], repost_next_max_id: '3776832898280228150' } },
      status: 'ok',
    };
    const page = readPage(endpoint('/gql/user/reposts'), answer);
    expect(page.items.map((x) => (x as { pk: string }).pk)).toEqual(['3776832898280228149', '3776832898280228150']);
    expect(page.nextCursor).toEqual({ repost_next_max_id: '3776832898280228150' });
  });

  it('reads /v2/track/stream/by/id: the items of every stream row of the response', () => {
    const answer = { response: { stream_rows: [{ items: [post('3776832898280228141')] }, [{ items: [post('3776832898280228142'), post('3776832898280228143')] }]] }, next_page_id: 'QVFE' };
    const page = readPage(endpoint('/v2/track/stream/by/id'), answer);
    expect(page.items.map((x) => (x as { pk: string }).pk)).toEqual(['3776832898280228141', '3776832898280228142', '3776832898280228143']);
    expect(page.nextCursor).toEqual({ page_id: 'QVFE' });
  });

  it('merges deferred patch rows of /gql/user/medias and /gql/user/clips into the item they patch', () => {
    const conn = 'xdt_api__v1__feed__user_timeline_graphql_connection';
    const partial = (pk: string) => ({ __typename: 'XDTMediaDict', id: `${pk}_528817151`, pk, code: 'DOE5rniXUuH', media_type: 1 });
    const answer = {
      stream_rows: [
        { data: { [conn]: { edges: [{ node: partial('3776832898280228141') }, { node: partial('3776832898280228142') }], page_info: { end_cursor: 'QVFF', has_next_page: true } } } },
        { path: [conn, 'edges', 0, 'node'], label: 'ProfileGridItem$defer', data: { __typename: 'XDTMediaDict', like_count: 7, caption: { text: 'one' } } },
        [{ path: [conn, 'edges', 1, 'node'], label: 'ProfileGridItem$defer', data: { __typename: 'XDTMediaDict', like_count: 9 } }],
      ],
    };
    for (const path of ['/gql/user/medias', '/gql/user/clips']) {
      const page = readPage(endpoint(path), answer);
      expect(page.items).toEqual([
        { ...partial('3776832898280228141'), like_count: 7, caption: { text: 'one' } },
        { ...partial('3776832898280228142'), like_count: 9 },
      ]);
    }
    // The answer itself is left as it came.
    expect(answer.stream_rows[0]).not.toHaveProperty(`data.${conn}.edges.0.node.like_count`);
  });

  it('completes the media a grid entry holds with the deferred fields aimed at the entry, and makes no item of a patch whose entry is absent', () => {
    // Production's grammar: the field carries its arguments; the patch row's path names the grid entry.
    const field = '1$xdt_api__v1__profile_timeline(_request_data:{"count":$count},user_id:$user_id)';
    const head = (pk: string) => ({ __typename: 'XDTMediaDict', id: `${pk}_528817151`, pk, media_type: 1, '1ltaken_at': 1775048403 });
    const entry = (pk: string) => ({ __typename: 'XDTProfileGridItemDict', item_type: 'media', highlight: null, media: head(pk) });
    const patch = (pk: string, likes: number) => ({ __typename: 'XDTMediaDict', id: `${pk}_528817151`, code: 'DOE5rniXUuH', like_count: likes, caption: { text: `post ${likes}` } });
    const answer = {
      stream_rows: [
        { data: { __typename: 'Query', [field]: { __typename: 'XDTProfileFeedDict', client_hints: { version: 4 } } }, extensions: { is_final: false } },
        { path: [field], label: 'ProfileTimelineFragment__force_flush', data: { profile_grid_items: [entry('3776832898280228141'), entry('3776832898280228142')], profile_grid_items_cursor: 'QVFB', more_available: true } },
        { path: [field, 'profile_grid_items', 0], label: 'ProfileTimelineMediaItemDeferredFields', data: patch('3776832898280228141', 7) },
        { path: [field, 'profile_grid_items', 11], label: 'ProfileTimelineMediaItemDeferredFields', data: patch('3776832898280228199', 9) },
      ],
    };
    const page = readPage(endpoint('/gql/user/medias'), answer);
    expect(page.items).toEqual([{ ...head('3776832898280228141'), ...patch('3776832898280228141', 7) }, head('3776832898280228142')]);
    expect(page.nextCursor).toEqual({ profile_grid_items_cursor: 'QVFB' });
    const posts = normalizeAnswer(endpoint('/gql/user/medias'), answer) as AppRecord[];
    expect(posts.map((p) => [p.kind, 'id' in p ? p.id : null, 'code' in p ? p.code : null])).toEqual([['post', '3776832898280228141', 'DOE5rniXUuH'], ['post', '3776832898280228142', null]]);
  });

  it('places streamed list items (a row’s `items` from the index its path ends in) into the grid they extend', () => {
    const reel = (pk: string) => ({ node: { media: { pk, id: `${pk}_528817151`, media_type: 2, product_type: 'clips' } } });
    const answer = {
      stream_rows: [
        { data: { xdt_user_clips_graphql: { edges: [reel('3776832898280228141'), reel('3776832898280228142')], page_info: { end_cursor: 'QVFG', has_next_page: true } } } },
        { path: ['xdt_user_clips_graphql', 'edges', 2], label: 'ClipsProfile$stream', items: [reel('3776832898280228143'), reel('3776832898280228144')] },
        { path: ['xdt_user_clips_graphql', 'edges', 1, 'node', 'media'], label: 'ClipsItem$defer', data: { play_count: 5 } },
      ],
    };
    const page = readPage(endpoint('/gql/user/clips'), answer);
    expect(ids(page.items)).toEqual(['3776832898280228141', '3776832898280228142', '3776832898280228143', '3776832898280228144']);
    expect(page.items[1]).toMatchObject({ play_count: 5 });
    expect(page.nextCursor).toEqual({ max_id: 'QVFG' });
  });

  it('keeps 19-digit cursors sent as bare integers exact', () => {
    const answer = parseLossless('{"data":{"repost_grid_items":[{"media":{"__typename":"XDTMediaDict","pk":3776832898280228149,"media_type":1}}],"repost_next_max_id":3776832898280228149}}');
    expect(readPage(endpoint('/gql/user/reposts'), answer).nextCursor).toEqual({ repost_next_max_id: '3776832898280228149' });
    // A rounded number (an answer parsed without the lossless parser) is never sent back.
    const rounded = JSON.parse('{"data":{"repost_grid_items":[{"media":{"__typename":"XDTMediaDict","pk":"1"}}],"repost_next_max_id":3776832898280228149}}') as unknown;
    expect(readPage(endpoint('/gql/user/reposts'), rounded).nextCursor).toBeNull();
  });

  it('stops a list whose page has a next cursor but no items, and says so', () => {
    const cases: [string, unknown][] = [
      ['/v2/user/followers', { response: { users: [] }, next_page_id: 'QVFG' }],
      ['/v1/user/medias/chunk', [[], 'QVFH']],
      ['/gql/user/reposts', { data: { unknown_shape: [{ id: 1 }] }, repost_next_max_id: '3776832898280228149' }],
    ];
    for (const [path, answer] of cases) {
      expect(readPage(endpoint(path), answer)).toEqual({ items: [], nextCursor: null, stop: 'empty_page' });
    }
    // An empty last page is simply the end.
    expect(readPage(endpoint('/v2/user/followers'), { response: { users: [] }, next_page_id: null })).toEqual({ items: [], nextCursor: null });
  });
});
