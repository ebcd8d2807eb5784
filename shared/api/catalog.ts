// The endpoint catalog: every endpoint of the service, described once. Everything that needs to know
// about an endpoint (validation, cost guard, pager, normaliser, simulator, error messages) reads it here.
//
// CONTRACT (types and exported functions below are relied on by other modules; keep their names/shapes).

export type Family = 'g1' | 'g2' | 'gql' | 'a2' | 'v1' | 'v2' | 'v3' | 'sys';

export type ParamType = 'string' | 'integer' | 'number' | 'boolean' | 'string[]';

/** Extra rules a parameter value must satisfy, checked in shared/api/params.ts. */
export type ParamRule =
  | 'hashtag_name' // letters/digits in any script; no leading '#', no trailing '.', no '_.'
  | 'profile_url' // https://www.instagram.com/<username>/
  | 'post_url' // /p/, /reel/, /tv/ links
  | 'story_url' // /stories/<username>/<pk>/
  | 'highlight_url' // /stories/highlights/<pk>/
  | 'share_url' // /s/<code>
  | 'platform_url' // any link on the platform's web host
  | 'media_file_url' // a CDN media file URL (cdninstagram.com, fbcdn.net)
  | 'numeric_id' // digits only, at most 20 (user, media, location, comment, track pks)
  | 'media_id' // <pk> or <pk>_<owner id>, each at most 20 digits
  | 'highlight_id' // <pk> or highlight:<pk>
  | 'username' // the platform's usernames: letters, digits, '.' and '_', at most 30
  | 'shortcode' // a post's code (base64url, at most 64 characters)
  | 'share_code' // a share link's code (/s/<code>: base64 of <type>:<pk>) or a /share/<token>
  | 'cursor'; // an opaque cursor from a previous page: printable ASCII, no control characters

export interface ParamSpec {
  name: string;
  type: ParamType;
  required: boolean;
  default?: string | number | boolean;
  rule?: ParamRule;
  /** For 'string[]' parameters: the most items allowed (`media_ids`: 10). */
  maxItems?: number;
  description?: string;
}

export type EndpointStatus =
  | { kind: 'active' }
  | { kind: 'deprecated'; replacements: string[]; note?: string }
  | { kind: 'retired'; replacements: string[]; note?: string };

/**
 * Where a value sits in an answer. Dot-separated steps: an object key, an array index, or `[]` to
 * flatten the array at that point ("response.sections[].layout_content.medias[].media"). The empty
 * string is the answer itself. A step that does not exist yields nothing (no throw).
 * Also (read by getPath in shared/api/pager.ts):
 * - `*` takes every value of an object ("response.reels.*": the one highlight under its own key);
 * - `**` searches every depth, shallowest first ("**.page_info.end_cursor");
 * - `a | b` are alternatives: the first that yields something ("media_or_ad | items.0");
 * - `a + b` joins what both reach, in order, into one list (a join may sit inside an alternative);
 * - a path starting with `@` names an item extractor of the pager (`@topsearch`), for items only.
 * Once `[]`, `*`, `**` or `+` is used the result is the list of every value reached.
 */
export type AnswerPath = string;

/** How an endpoint pages: read by shared/api/pager.ts. One descriptor per pageable endpoint. */
export interface Paging {
  /** Paging style, for documentation and tests. */
  style: 'chunk' | 'next_page_id' | 'page_token' | 'reels' | 'min_id' | 'end_cursor' | 'next_max_id' | 'stream';
  /** Request parameter -> where its next value is read from the previous answer. */
  cursor: Record<string, AnswerPath>;
  /** Where the page's items are. `@topsearch` names the stream-row extractor in the pager. */
  items: AnswerPath;
  /**
   * Without it, every parameter of `cursor` needs a value for there to be a next page. With it, only
   * this parameter decides; the others are sent when the answer has them.
   */
  endWhenEmpty?: string;
  /** A flag in the answer that, when false, ends the list whatever the cursor says (`has_more`). */
  hasMore?: AnswerPath;
}

/** The kind of record an answer (or each of its items) holds, for the normaliser. */
export type RecordKind =
  | 'user'
  | 'profile'
  | 'about'
  | 'post'
  | 'comment'
  | 'story'
  | 'highlight'
  | 'location'
  | 'hashtag'
  | 'track'
  | 'balance'
  | 'insight'
  | 'oembed'
  | 'share'
  | 'download'
  | 'guide'
  | 'usertags'
  | 'offensive'
  | 'mixed' // accounts and media interleaved (top search)
  | 'string' // a bare JSON string
  | 'raw'; // nothing the app maps

export interface AnswerSpec {
  record: RecordKind;
  /** True when the answer is (or pages through) a list of such records. */
  many: boolean;
  /** Where the record(s) sit when not paged (paged endpoints use paging.items). '' = the answer. */
  at?: AnswerPath;
}

/** Where the endpoint is named: the interface document (detailed, listed, deprecated) and/or OpenAPI. */
export type EndpointSource = 'interface' | 'interface-listed' | 'interface-deprecated' | 'openapi';

export interface Endpoint {
  path: string;
  family: Family;
  summary: string;
  params: ParamSpec[];
  /** Units billed per call. */
  cost: number;
  /** `force=true` bills one unit less (stories/highlights endpoints). */
  forceDiscount: boolean;
  status: EndpointStatus;
  /** Accepts `safe_int=true` (big integers come back as strings). */
  safeInt: boolean;
  paging: Paging | null;
  answer: AnswerSpec;
  sources: EndpointSource[];
}

// ------------------------------------------------------------------------------------------------
// Building blocks. Sources: service-interface.md (the contract), service-facts.md (production
// behaviour), openapi-1.7.9.json (names, types, defaults). Param order follows OpenAPI, with
// interface-only parameters (mostly `safe_int`) after them.

function param(name: string, type: ParamType, required: boolean, extra: Partial<ParamSpec> = {}): ParamSpec {
  const spec: ParamSpec = { name, type, required };
  for (const [key, value] of Object.entries(extra)) {
    if (value !== undefined) Object.assign(spec, { [key]: value });
  }
  return spec;
}

const required = (name: string, rule?: ParamRule, description?: string): ParamSpec =>
  param(name, 'string', true, { rule, description });
const text = (name: string, description?: string): ParamSpec => param(name, 'string', false, { description });
const int = (name: string, dflt?: number, description?: string): ParamSpec =>
  param(name, 'integer', false, { default: dflt, description });
const flag = (name: string, dflt?: boolean, description?: string): ParamSpec =>
  param(name, 'boolean', false, { default: dflt, description });

const USER_ID = required('user_id', 'numeric_id', 'numeric account id');
const USERNAME = required('username', undefined, 'account username, without @');
const QUERY = required('query', undefined, 'search text');
const HASHTAG = required('name', 'hashtag_name', 'hashtag name without #');
const MEDIA_ID = required('media_id', undefined, 'media id: <pk> or <pk>_<owner id>');
const COMMENT_ID = required('comment_id', 'numeric_id', 'comment id');
const LOCATION_PK = param('location_pk', 'integer', true, { rule: 'numeric_id', description: 'location id' });
const SAFE_INT = flag('safe_int', undefined, 'return big integers as strings');
const FORCE = flag('force', undefined, 'skip the account privacy check');
const FLAT = (dflt: boolean): ParamSpec => flag('flat', dflt, 'flatten nested objects into one list');
const AMOUNT = (dflt: number): ParamSpec => int('amount', dflt, 'how many records to return');
const MAX_ID = text('max_id', 'cursor from the previous page');
const END_CURSOR = text('end_cursor', 'cursor from the previous page');
const PAGE_ID = text('page_id', 'next_page_id of the previous page');
const PAGE_TOKEN = text('page_token', 'page_token of the previous page');
const SORT_ORDER = param('sort_order', 'string', false, { default: 'recent' });
const NEXT_MAX_ID = text('next_max_id', 'next_max_id of the previous page');
const ID = (description: string, rule?: ParamRule): ParamSpec => required('id', rule, description);
const URL_PARAM = (rule: ParamRule, description: string): ParamSpec => required('url', rule, description);
/** `user_id` of the v2 user lists: OpenAPI gives it the default "" (no account), so it is required here. */
const V2_USER_ID = USER_ID;

// Paging descriptors, one builder per style.
/** `[items, cursor]` arrays (the v1 comments chunk adds a third element, ignored). */
const chunk = (cursorParam: 'max_id' | 'end_cursor'): Paging => ({
  style: cursorParam === 'max_id' ? 'chunk' : 'end_cursor',
  cursor: { [cursorParam]: '1' },
  items: '0',
});
/** The service's v2/g2 envelope `{response, next_page_id}`; the request name differs per endpoint. */
const nextPageId = (items: AnswerPath, requestParam = 'page_id'): Paging => ({
  style: 'next_page_id',
  cursor: { [requestParam]: 'next_page_id' },
  items,
});
const pageToken = (items: AnswerPath): Paging => ({
  style: 'page_token',
  cursor: { page_token: 'page_token' },
  items,
  hasMore: 'has_more',
});
const REEL_CLIPS = 'reels_serp_modules[].clips[].media';
/** Reels search: both values come back at the top level and both go into the next request. */
const reelsPaging = (withRankToken: boolean): Paging => ({
  style: 'reels',
  cursor: withRankToken ? { reels_max_id: 'reels_max_id', rank_token: 'rank_token' } : { reels_max_id: 'reels_max_id' },
  items: REEL_CLIPS,
  hasMore: 'has_more',
});
/**
 * GraphQL stream answers (`{stream_rows: [...]}`, or `{items: [...]}` with flat=true). Neither document
 * says where the next cursor sits: we take the cursor's own name where it sits shallowest (the top level
 * first), else `also` (another name the same query gives it), else the first GraphQL `page_info` in the
 * rows (the usual place of `end_cursor`/`has_next_page`).
 */
const stream = (cursorParam: string, items: AnswerPath, also?: string): Paging => ({
  style: 'stream',
  cursor: { [cursorParam]: `**.${cursorParam}${also ? ` | **.${also}` : ''} | **.page_info.end_cursor` },
  items,
  hasMore: 'has_more | more_available | **.page_info.has_next_page | **.more_available',
});

const SECTION_MEDIAS = 'response.sections[].layout_content.medias[].media';

const one = (record: RecordKind, at?: AnswerPath): AnswerSpec => (at === undefined ? { record, many: false } : { record, many: false, at });
const many = (record: RecordKind, at?: AnswerPath): AnswerSpec => (at === undefined ? { record, many: true } : { record, many: true, at });

/** Billing per call where it is not 1 unit (service-facts.md, and the interface's Limits). */
const COSTS: Readonly<Record<string, number>> = {
  '/v1/user/stories': 2,
  '/v2/user/stories': 2,
  '/v1/user/highlights': 2,
  '/v2/user/highlights': 2,
  '/v1/user/search/followers': 2,
  '/v1/user/search/following': 2,
  '/gql/user/followers/chunk': 2,
  '/gql/user/following/chunk': 2,
  '/a2/user': 2,
  '/v2/user/explore/businesses/by/id': 2,
  '/v1/user/stories/by/username': 3,
  '/v2/user/stories/by/username': 3,
  '/v1/user/highlights/by/username': 3,
  '/v2/user/highlights/by/username': 3,
  '/sys/balance': 0, // free
};

/** The interface's deprecated table first, then OpenAPI's "Legacy" paths (replacements from their summaries). */
const DEPRECATED: Readonly<Record<string, { replacements: string[]; note?: string }>> = {
  '/v1/user/clips': { replacements: ['/v1/user/clips/chunk'] },
  '/v1/user/followers': { replacements: ['/v2/user/followers', '/v1/user/followers/chunk'] },
  '/v1/user/following': { replacements: ['/v2/user/following', '/v1/user/following/chunk'] },
  '/v1/user/guides': { replacements: [] },
  '/v1/user/medias': { replacements: ['/v2/user/medias', '/v1/user/medias/chunk'] },
  '/v1/user/tag/medias': { replacements: [] },
  '/v1/user/videos': { replacements: ['/v2/user/clips', '/v2/user/medias'] },
  '/v1/user/videos/chunk': { replacements: ['/v2/user/clips', '/v2/user/medias'] },
  '/v1/user/web_profile_info': {
    replacements: ['/gql/user/web_profile_info'],
    note: 'returns false user-not-found results for most calls',
  },
  '/v1/highlight/by/id': { replacements: ['/v2/highlight/by/id'] },
  '/v1/hashtag/medias/clips': { replacements: ['/v1/hashtag/medias/clips/chunk', '/v2/hashtag/medias/clips'] },
  '/v1/hashtag/medias/recent': { replacements: [] },
  '/v1/hashtag/medias/recent/chunk': { replacements: [] },
  '/v1/hashtag/medias/top': { replacements: ['/v1/hashtag/medias/top/chunk', '/v2/hashtag/medias/top'] },
  '/v1/hashtag/medias/top/recent/chunk': { replacements: ['/v1/hashtag/medias/top/chunk', '/v2/hashtag/medias/top'] },
  '/v1/fbsearch/topsearch': { replacements: ['/gql/topsearch'], note: 'fails: the upstream answers 5xx' },
  // OpenAPI "Legacy" only.
  '/gql/comments': { replacements: ['/v1/media/comments/chunk', '/v2/media/comments'] },
  '/gql/comments/chunk': { replacements: ['/v1/media/comments/chunk', '/v2/media/comments'] },
  '/gql/comments/threaded': { replacements: ['/v2/media/comments/replies'] },
  '/gql/comments/threaded/chunk': { replacements: ['/v2/media/comments/replies'] },
  '/gql/comment/likers': { replacements: ['/gql/comment/likers/chunk'] },
  '/gql/user/followers': { replacements: ['/v2/user/followers'] },
  '/gql/user/following': { replacements: ['/v2/user/following'] },
  '/gql/user/related/profiles': { replacements: ['/v2/user/suggested/profiles'] },
  '/v1/media/comments': { replacements: [], note: 'the paged /v1/media/comments/chunk serves the same list' },
  '/v1/media/download/photo': { replacements: [] },
  '/v1/media/download/photo/by/url': { replacements: [] },
  '/v1/media/download/video': { replacements: [] },
  '/v1/media/download/video/by/url': { replacements: [] },
  '/v2/hashtag/medias/clips': {
    replacements: ['/v2/fbsearch/reels'],
    note: 'returns all media types, not just reels',
  },
  '/v2/media/by/code': { replacements: ['/v2/media/info/by/code'] },
  '/v2/media/by/id': { replacements: ['/v2/media/info/by/id'] },
  '/v2/media/by/url': { replacements: ['/v2/media/info/by/url'] },
  '/v2/search/accounts': { replacements: ['/v2/fbsearch/accounts'], note: 'does not page' },
  // OpenAPI points these at /v3 paths that are deprecated themselves: we name the active ones.
  '/v2/search/topsearch': { replacements: ['/gql/topsearch'], note: 'OpenAPI names /v3/fbsearch/topsearch, itself deprecated' },
  '/v2/search/reels': { replacements: ['/v2/fbsearch/reels'], note: 'OpenAPI names /v3/fbsearch/reels, itself deprecated' },
  '/v2/search/places': { replacements: ['/v3/fbsearch/places'] },
  '/v3/fbsearch/topsearch': { replacements: ['/gql/topsearch'], note: 'duplicate results across pages' },
  '/v3/fbsearch/reels': { replacements: ['/v2/fbsearch/reels'], note: 'duplicate results across pages' },
  '/v2/user/medias': { replacements: ['/gql/user/medias'] },
  '/v2/user/videos': { replacements: ['/v2/user/clips', '/v2/user/medias'] },
};

/** Removed: they answer 410 Gone and are never charged. */
const RETIRED: Readonly<Record<string, string[]>> = {
  '/gql/user/by/username': ['/v1/user/by/username', '/v2/user/by/username'],
  '/gql/user/by/id': ['/v1/user/by/id', '/v2/user/by/id'],
};

interface Definition {
  path: string;
  /** Where the endpoint is named: i = interface tables, l = interface "listed", d = interface deprecated table, o = OpenAPI. */
  src: string;
  summary: string;
  params: ParamSpec[];
  answer: AnswerSpec;
  paging?: Paging;
}

const def = (path: string, src: string, summary: string, params: ParamSpec[], answer: AnswerSpec, paging?: Paging): Definition =>
  paging ? { path, src, summary, params, answer, paging } : { path, src, summary, params, answer };

// ------------------------------------------------------------------------------------------------
// The endpoints, grouped as in the interface document.

const DEFINITIONS: Definition[] = [
  // /g1, /g2: followers, following, user media
  def('/g1/user/followers', 'io', 'Followers of an account (legacy public GraphQL)', [USER_ID, END_CURSOR], many('user'), chunk('end_cursor')),
  def('/g1/user/following', 'io', 'Accounts an account follows (legacy public GraphQL)', [USER_ID, END_CURSOR], many('user'), chunk('end_cursor')),
  def('/g2/user/followers', 'io', 'Followers of an account', [USER_ID, PAGE_ID], many('user'), nextPageId('response.users')),
  def('/g2/user/following', 'io', 'Accounts an account follows', [USER_ID, PAGE_ID], many('user'), nextPageId('response.users')),
  def('/g2/user/medias', 'io', 'Posts of an account, one grid page', [USER_ID, text('next_page_id', 'next_page_id of the previous page'), FLAT(true)],
    many('post'), nextPageId('response.items', 'next_page_id')),

  // /gql
  def('/gql/comment/likers/chunk', 'io', 'Accounts that liked a comment',
    [param('comment_id', 'string', false, { rule: 'numeric_id', description: 'comment id' }),
      text('media_id', 'media id (deprecated by the service)'), END_CURSOR],
    many('user'), chunk('end_cursor')),
  def('/gql/media/likers', 'io', 'Accounts that liked a post (one list, no paging)', [MEDIA_ID], many('user')),
  def('/gql/media/usertags', 'io', 'Accounts tagged in up to 10 posts or videos',
    [param('media_ids', 'string[]', true, { maxItems: 10, description: 'up to 10 media ids' })],
    many('usertags', 'data.1$multifetch__XDTMediaDict(ids:$media_ids)[].node')),
  def('/gql/topsearch', 'io', 'Top accounts and posts for a search', [QUERY, END_CURSOR, FLAT(false)], many('mixed'),
    {
      style: 'stream',
      cursor: { end_cursor: 'end_cursor | **.page_info.end_cursor' },
      items: '@topsearch',
      hasMore: 'has_more | **.page_info.has_next_page',
    }),
  def('/gql/user/about', 'lo', 'About this account: country, creation date, former usernames', [ID('numeric account id', 'numeric_id')], one('about')),
  def('/gql/user/clips', 'lo', 'Reels of an account',
    [USER_ID, text('max_id', 'cursor from the previous page'), flag('sort_by_views', false, 'most viewed first'), FLAT(false)],
    many('post'), stream('max_id', '@stream_media')),
  def('/gql/user/followers/chunk', 'lo', 'Followers of an account', [USER_ID, END_CURSOR, FORCE], many('user'), chunk('end_cursor')),
  def('/gql/user/following/chunk', 'lo', 'Accounts an account follows', [USER_ID, END_CURSOR, FORCE], many('user'), chunk('end_cursor')),
  def('/gql/user/medias', 'lo', 'Posts of an account',
    [USER_ID, text('profile_grid_items_cursor', 'cursor from the previous page'), FLAT(false)],
    // IGProfileTimelineQuery names the next page next_max_id too, at times without profile_grid_items_cursor.
    many('post'), stream('profile_grid_items_cursor', '@stream_media', 'next_max_id')),
  def('/gql/user/reposts', 'lo', 'Posts an account reposted',
    [USER_ID, text('repost_next_max_id', 'cursor from the previous page'), FLAT(false)],
    many('post'), stream('repost_next_max_id', '@stream_media')),
  def('/gql/user/web_profile_info', 'ilo', 'Profile of an account by numeric id (web profile info)', [USER_ID], one('profile')),
  // /gql legacy. Their OpenAPI examples show `[records, cursor]` pairs even without a cursor parameter.
  def('/gql/comment/likers', 'o', 'Accounts that liked a comment (first page)', [MEDIA_ID, AMOUNT(50)], many('user', '0')),
  def('/gql/comments', 'o', 'Comments of a post (first pages)',
    [MEDIA_ID, SORT_ORDER, AMOUNT(50), int('max_requests', 0)], many('comment', '0')),
  def('/gql/comments/chunk', 'o', 'Comments of a post', [MEDIA_ID, SORT_ORDER, END_CURSOR], many('comment'), chunk('end_cursor')),
  def('/gql/comments/threaded', 'o', 'Replies to a comment (first pages)', [MEDIA_ID, COMMENT_ID, AMOUNT(50)], many('comment', '0')),
  def('/gql/comments/threaded/chunk', 'o', 'Replies to a comment', [MEDIA_ID, COMMENT_ID, END_CURSOR], many('comment'), chunk('end_cursor')),
  def('/gql/user/by/id', 'o', 'Profile by numeric id (removed)', [ID('numeric account id', 'numeric_id')], one('profile')),
  def('/gql/user/by/username', 'o', 'Profile by username (removed)', [USERNAME], one('profile')),
  def('/gql/user/followers', 'o', 'Followers of an account (first pages)', [USER_ID, AMOUNT(46)], many('user')),
  def('/gql/user/following', 'o', 'Accounts an account follows (first pages)', [USER_ID, AMOUNT(50)], many('user')),
  def('/gql/user/related/profiles', 'o', 'Accounts related to an account', [ID('numeric account id', 'numeric_id')], many('user')),

  // /a2 and /v2 user
  def('/a2/user', 'io', 'Profile with its latest posts (public web form)', [USERNAME], one('profile', 'graphql.user')),
  def('/v2/user/by/id', 'io', 'Profile by numeric id', [ID('numeric account id', 'numeric_id'), SAFE_INT], one('profile', 'user')),
  def('/v2/user/by/username', 'lo', 'Profile by username', [USERNAME], one('profile', 'user')),
  def('/v2/user/clips', 'io', 'Reels of an account', [V2_USER_ID, PAGE_ID, SAFE_INT], many('post'), nextPageId('response.items[].media')),
  def('/v2/user/explore/businesses/by/id', 'lo', 'Accounts recommended for the category of a business account', [USER_ID], one('raw')),
  def('/v2/user/followers', 'ilo', 'Followers of an account', [V2_USER_ID, PAGE_ID], many('user'), nextPageId('response.users')),
  def('/v2/user/following', 'ilo', 'Accounts an account follows', [V2_USER_ID, PAGE_ID], many('user'), nextPageId('response.users')),
  // `page_id` is not in OpenAPI: the facts say these page with next_page_id, sent back as page_id.
  def('/v2/user/highlights', 'lo', 'Story highlights of an account', [USER_ID, AMOUNT(20), FORCE, PAGE_ID], many('highlight'), nextPageId('response.tray')),
  def('/v2/user/highlights/by/username', 'lo', 'Story highlights of an account, by username', [USERNAME, AMOUNT(20), FORCE, PAGE_ID],
    many('highlight'), nextPageId('response.tray')),
  def('/v2/user/stories', 'lo', 'Current stories of an account', [USER_ID, FORCE, SAFE_INT], many('story', 'reel.items')),
  def('/v2/user/stories/by/username', 'lo', 'Current stories of an account, by username', [USERNAME, FORCE, SAFE_INT], many('story', 'reel.items')),
  def('/v2/user/suggested/profiles', 'lo', 'Accounts suggested alongside an account',
    [USER_ID, flag('expand_suggestion', false, 'more detail per account')], one('raw')),
  def('/v2/user/tag/medias', 'lo', 'Posts an account is tagged in', [V2_USER_ID, PAGE_ID], many('post'), nextPageId('response.items')),
  def('/v2/userstream/by/id', 'lo', 'Profile by numeric id (stream form)', [ID('numeric account id', 'numeric_id')], one('profile', 'user')),
  def('/v2/userstream/by/username', 'lo', 'Profile by username (stream form)', [USERNAME], one('profile', 'user')),
  def('/v2/user/medias', 'io', 'Posts of an account', [V2_USER_ID, PAGE_ID, SAFE_INT], many('post'), nextPageId('response.items')),
  def('/v2/user/videos', 'o', 'Videos of an account', [V2_USER_ID, PAGE_ID], many('post'), nextPageId('response.items')),

  // /v1 user
  def('/v1/user/about', 'io', 'About this account: country, creation date, former usernames', [ID('numeric account id', 'numeric_id')], one('about')),
  def('/v1/user/by/id', 'io', 'Profile by numeric id', [ID('numeric account id', 'numeric_id')], one('profile')),
  def('/v1/user/by/url', 'io', 'Profile by profile link', [URL_PARAM('profile_url', 'profile link')], one('profile')),
  def('/v1/user/by/username', 'io', 'Profile by username', [USERNAME], one('profile')),
  def('/v1/user/clips/chunk', 'ilo', 'Reels of an account', [USER_ID, END_CURSOR], many('post'), chunk('end_cursor')),
  def('/v1/user/followers/chunk', 'io', 'Followers of an account', [USER_ID, MAX_ID], many('user'), chunk('max_id')),
  def('/v1/user/following/chunk', 'ilo', 'Accounts an account follows', [USER_ID, MAX_ID], many('user'), chunk('max_id')),
  def('/v1/user/medias/chunk', 'ilo', 'Posts of an account', [USER_ID, END_CURSOR], many('post'), chunk('end_cursor')),
  def('/v1/user/medias/pinned', 'lo', 'Pinned posts of an account', [USER_ID, AMOUNT(33)], many('post')),
  def('/v1/user/search/followers', 'lo', 'Search the followers of an account', [USER_ID, QUERY, FORCE], many('user')),
  def('/v1/user/search/following', 'lo', 'Search the accounts an account follows', [USER_ID, QUERY, FORCE], many('user')),
  def('/v1/user/tag/medias/chunk', 'io', 'Posts an account is tagged in', [USER_ID, MAX_ID], many('post'), chunk('max_id')),
  def('/v1/user/highlights', 'io', 'Story highlights of an account', [USER_ID, AMOUNT(0), FORCE], many('highlight')),
  def('/v1/user/highlights/by/username', 'io', 'Story highlights of an account, by username', [USERNAME, AMOUNT(0), FORCE], many('highlight')),
  def('/v1/user/stories', 'io', 'Current stories of an account', [USER_ID, AMOUNT(0), FORCE], many('story')),
  def('/v1/user/stories/by/username', 'io', 'Current stories of an account, by username', [USERNAME, AMOUNT(0), FORCE], many('story')),
  // /v1 user, deprecated
  def('/v1/user/clips', 'do', 'Reels of an account (first page)', [USER_ID, AMOUNT(50)], many('post')),
  def('/v1/user/followers', 'do', 'Followers of an account (first page)', [USER_ID, AMOUNT(100)], many('user')),
  def('/v1/user/following', 'do', 'Accounts an account follows (first page)', [USER_ID, AMOUNT(100)], many('user')),
  def('/v1/user/guides', 'do', 'Guides of an account', [USER_ID], many('guide')),
  def('/v1/user/medias', 'do', 'Posts of an account (first page)', [USER_ID, AMOUNT(33)], many('post')),
  def('/v1/user/tag/medias', 'do', 'Posts an account is tagged in (first page)', [USER_ID, AMOUNT(0)], many('post')),
  def('/v1/user/videos', 'do', 'Videos of an account (first page)', [USER_ID, AMOUNT(50)], many('post')),
  def('/v1/user/videos/chunk', 'do', 'Videos of an account', [USER_ID, END_CURSOR], many('post'), chunk('end_cursor')),
  def('/v1/user/web_profile_info', 'ido', 'Web profile info by username', [USERNAME], one('raw')),

  // /v1 media
  def('/v1/media/by/code', 'io', 'Post by short code', [required('code', undefined, 'short code from a post link')], one('post')),
  def('/v1/media/by/id', 'io', 'Post by media id', [ID('media id: <pk> or <pk>_<owner id>')], one('post')),
  def('/v1/media/by/url', 'io', 'Post by link', [URL_PARAM('post_url', 'post link')], one('post')),
  def('/v1/media/code/from/pk', 'io', 'Short code of a media pk', [required('pk', 'numeric_id', 'media pk')], one('string')),
  def('/v1/media/comments/chunk', 'io', 'Comments of a post',
    [ID('media id'), text('min_id', 'cursor for newer comments'), MAX_ID, flag('can_support_threading')], many('comment'), chunk('max_id')),
  def('/v1/media/insight', 'io', 'Insights of a post', [MEDIA_ID], one('insight')),
  def('/v1/media/likers', 'io', 'Accounts that liked a post', [ID('media id')], many('user')),
  def('/v1/media/oembed', 'io', 'Embed data of a post', [URL_PARAM('post_url', 'post link')], one('oembed')),
  def('/v1/media/pk/from/code', 'lo', 'Media pk of a short code', [required('code', undefined, 'short code from a post link')], one('string')),
  def('/v1/media/pk/from/url', 'lo', 'Media pk of a post link', [URL_PARAM('post_url', 'post link')], one('string')),
  def('/v1/media/user', 'lo', 'Author of a post', [MEDIA_ID], one('user')),
  def('/v1/media/comments', 'o', 'Comments of a post (first pages)', [ID('media id'), AMOUNT(20)], many('comment')),
  def('/v1/media/download/photo', 'o', 'Photo file of a post', [ID('media id')], one('download')),
  def('/v1/media/download/photo/by/url', 'o', 'Photo file by its CDN URL', [URL_PARAM('media_file_url', 'photo file URL')], one('download')),
  def('/v1/media/download/video', 'o', 'Video file of a post', [ID('media id')], one('download')),
  def('/v1/media/download/video/by/url', 'o', 'Video file by its CDN URL', [URL_PARAM('media_file_url', 'video file URL')], one('download')),

  // /v1 highlights and stories
  def('/v1/highlight/by/url', 'io', 'Highlight with its stories, by link', [URL_PARAM('highlight_url', 'highlight link')], one('highlight')),
  def('/v1/highlight/by/id', 'do', 'Highlight with its stories, by id', [ID('highlight id')], one('highlight')),
  def('/v1/story/by/id', 'io', 'Story by id', [ID('story id')], one('story')),
  def('/v1/story/by/url', 'io', 'Story by link', [URL_PARAM('story_url', 'story link')], one('story')),
  def('/v1/story/download', 'io', 'Story file, by story id', [ID('story id')], one('download')),
  def('/v1/story/download/by/story/url', 'io', 'Story file, by story link', [URL_PARAM('story_url', 'story link')], one('download')),
  def('/v1/story/download/by/url', 'io', 'Story file, by its CDN URL', [URL_PARAM('media_file_url', 'story file URL from a story')], one('download')),

  // /v1 location and hashtag
  def('/v1/location/by/id', 'io', 'Place by id', [ID('location id', 'numeric_id')], one('location')),
  def('/v1/location/guides', 'io', 'Guides of a place', [LOCATION_PK], many('guide')),
  def('/v1/location/medias/recent', 'io', 'Recent posts at a place (first page)', [LOCATION_PK, AMOUNT(63)], many('post')),
  def('/v1/location/medias/recent/chunk', 'io', 'Recent posts at a place', [LOCATION_PK, MAX_ID], many('post'), chunk('max_id')),
  def('/v1/location/medias/top', 'lo', 'Top posts at a place (first page)', [LOCATION_PK, AMOUNT(21)], many('post')),
  def('/v1/location/medias/top/chunk', 'lo', 'Top posts at a place', [LOCATION_PK, MAX_ID], many('post'), chunk('max_id')),
  def('/v1/location/search', 'lo', 'Places near a point',
    [param('lat', 'number', true, { description: 'latitude' }), param('lng', 'number', true, { description: 'longitude' })], many('location')),
  def('/v1/hashtag/by/name', 'io', 'Hashtag by name', [HASHTAG], one('hashtag')),
  def('/v1/hashtag/medias/clips/chunk', 'io', 'Reels under a hashtag', [HASHTAG, MAX_ID], many('post'), chunk('max_id')),
  def('/v1/hashtag/medias/top/chunk', 'io', 'Top posts under a hashtag', [HASHTAG, MAX_ID], many('post'), chunk('max_id')),
  def('/v1/hashtag/medias/recent/chunk', 'do', 'Recent posts under a hashtag', [HASHTAG, MAX_ID], many('post'), chunk('max_id')),
  def('/v1/hashtag/medias/top/recent/chunk', 'do', 'Top recent posts under a hashtag', [HASHTAG, MAX_ID], many('post'), chunk('max_id')),
  def('/v1/hashtag/medias/clips', 'do', 'Reels under a hashtag (first page)', [HASHTAG, AMOUNT(27)], many('post')),
  def('/v1/hashtag/medias/recent', 'do', 'Recent posts under a hashtag (first page)', [HASHTAG, AMOUNT(27)], many('post')),
  def('/v1/hashtag/medias/top', 'do', 'Top posts under a hashtag (first page)', [HASHTAG, AMOUNT(9)], many('post')),

  // /v1 search and share
  def('/v1/fbsearch/places', 'io', 'Search places',
    [QUERY, param('lat', 'number', false, { default: 40.74, description: 'latitude' }),
      param('lng', 'number', false, { default: -73.94, description: 'longitude' })], many('location')),
  def('/v1/fbsearch/topsearch/hashtags', 'io', 'Search hashtags (web top search)', [QUERY], many('hashtag')),
  def('/v1/fbsearch/topsearch', 'ido', 'Top search (broken upstream)', [QUERY], many('raw')),
  def('/v1/search/hashtags', 'io', 'Search hashtags', [QUERY], many('hashtag')),
  def('/v1/search/music', 'io', 'Search music tracks', [QUERY], many('track')),
  def('/v1/search/users', 'io', 'Search accounts', [QUERY], many('user')),
  def('/v1/share/by/code', 'io', 'What a share code points to (stories and highlights)',
    [required('code', 'share_code', 'code from a /s/ share link')], one('share')),
  def('/v1/share/by/url', 'io', 'What a share link points to (stories and highlights)', [URL_PARAM('share_url', 'share link with /s/')], one('share')),
  def('/v1/share/reel/by/url', 'io', 'Media pk of a shared reel link', [URL_PARAM('post_url', 'reel link')], one('string')),

  // /v2 media
  def('/v2/media/comment/offensive', 'io', 'Whether a comment text would be flagged as offensive',
    [MEDIA_ID, required('comment', undefined, 'comment text'), SAFE_INT], one('offensive', 'response')),
  def('/v2/media/comments', 'io', 'Comments of a post',
    [ID('media id'), flag('can_support_threading'), PAGE_ID, SAFE_INT], many('comment'), nextPageId('response.comments')),
  def('/v2/media/comments/replies', 'io', 'Replies to a comment', [MEDIA_ID, COMMENT_ID, text('min_id', 'next_min_id of the previous page'), SAFE_INT],
    many('comment'), { style: 'min_id', cursor: { min_id: 'next_min_id' }, items: 'child_comments' }),
  // The facts show `{media_or_ad}`; OpenAPI's examples show `{items: [media]}`: accept both.
  def('/v2/media/info/by/code', 'lo', 'Post by short code', [required('code', undefined, 'short code from a post link')],
    one('post', 'media_or_ad | items.0')),
  def('/v2/media/info/by/id', 'lo', 'Post by media id', [ID('media id: <pk> or <pk>_<owner id>')], one('post', 'media_or_ad | items.0')),
  def('/v2/media/info/by/url', 'lo', 'Post by link', [URL_PARAM('post_url', 'post link')], one('post', 'media_or_ad | items.0')),
  def('/v2/media/likers', 'lo', 'Accounts that liked a post', [ID('media id')], many('user', 'users')),
  def('/v2/media/template', 'lo', 'Reels made with the template of a reel', [ID('media id')], many('post', 'items[].media')),
  def('/v2/media/by/code', 'o', 'Post by short code', [required('code', undefined, 'short code from a post link')], one('post', 'items.0 | media_or_ad')),
  def('/v2/media/by/id', 'o', 'Post by media id', [ID('media id: <pk> or <pk>_<owner id>')], one('post', 'items.0 | media_or_ad')),
  def('/v2/media/by/url', 'o', 'Post by link', [URL_PARAM('post_url', 'post link')], one('post', 'items.0 | media_or_ad')),

  // /v2 hashtag, search, highlight, track, story
  def('/v2/hashtag/by/name', 'io', 'Hashtag by name', [HASHTAG, SAFE_INT], one('hashtag')),
  def('/v2/hashtag/medias/recent', 'io', 'Recent posts under a hashtag', [HASHTAG, PAGE_ID, SAFE_INT], many('post'), nextPageId(SECTION_MEDIAS)),
  def('/v2/hashtag/medias/top', 'ilo', 'Top posts under a hashtag', [HASHTAG, PAGE_ID], many('post'), nextPageId(SECTION_MEDIAS)),
  def('/v2/hashtag/medias/clips', 'io', 'Posts under a hashtag (meant for reels)', [HASHTAG, PAGE_ID], many('post'), nextPageId(SECTION_MEDIAS)),
  def('/v2/fbsearch/accounts', 'io', 'Search accounts', [QUERY, PAGE_TOKEN, SAFE_INT], many('user'), pageToken('users')),
  def('/v2/fbsearch/places', 'io', 'Search places', [QUERY, SAFE_INT], many('location', 'items[].location')),
  def('/v2/fbsearch/reels', 'io', 'Search reels',
    [QUERY, text('reels_max_id', 'reels_max_id of the previous page'), text('rank_token', 'rank_token of the previous page'), SAFE_INT],
    many('post'), reelsPaging(true)),
  def('/v2/fbsearch/topsearch', 'lo', 'Top accounts and posts for a search', [QUERY, NEXT_MAX_ID], many('mixed'), {
    style: 'next_max_id',
    cursor: { next_max_id: 'next_max_id | media_grid.next_max_id' },
    items: 'list[].user + media_grid.sections[].layout_content.medias[].media',
    hasMore: 'media_grid.has_more',
  }),
  def('/v2/highlight/by/id', 'io', 'Highlight with its stories, by id', [ID('highlight id'), SAFE_INT], one('highlight', 'response.reels.*')),
  def('/v2/search/hashtags', 'lo', 'Search hashtags', [QUERY, PAGE_TOKEN], many('hashtag'), pageToken('results')),
  def('/v2/search/music', 'lo', 'Search music tracks', [QUERY, NEXT_MAX_ID], many('track'), {
    style: 'next_max_id',
    cursor: { next_max_id: 'page_info.next_max_id | next_max_id' },
    items: 'items[].track',
    hasMore: 'page_info.more_available',
  }),
  def('/v2/track/by/canonical/id', 'io', 'Reels using a track, by canonical id', [required('canonical_id', undefined, 'canonical track id'), PAGE_ID, SAFE_INT],
    many('post'), nextPageId('response.items[].media')),
  def('/v2/track/by/id', 'lo', 'Reels using a track', [required('track_id', undefined, 'track id'), PAGE_ID], many('post'), nextPageId('response.items[].media')),
  def('/v2/track/stream/by/id', 'lo', 'Reels using a track (stream form)', [required('track_id', undefined, 'track id'), PAGE_ID],
    many('post'), nextPageId('response.items[].media')),
  def('/v2/story/by/id', 'o', 'Story by id', [ID('story id')], one('story', 'reel.items.0')),
  def('/v2/story/by/url', 'o', 'Story by link', [URL_PARAM('story_url', 'story link')], one('story', 'reel.items.0')),
  def('/v2/search/accounts', 'o', 'Search accounts', [QUERY, PAGE_TOKEN], many('user'), pageToken('users')),
  def('/v2/search/places', 'o', 'Search places', [QUERY], many('location', 'items[].location')),
  def('/v2/search/reels', 'o', 'Search reels',
    [QUERY, text('reels_max_id', 'reels_max_id of the previous page'), text('rank_token', 'rank_token of the previous page')],
    many('post'), reelsPaging(true)),
  def('/v2/search/topsearch', 'o', 'Top accounts and posts for a search',
    [QUERY, NEXT_MAX_ID, text('rank_token', 'rank_token of the previous page'), text('reels_max_id', 'reels_max_id of the previous page')],
    many('mixed'), {
      style: 'next_max_id',
      cursor: {
        next_max_id: 'next_max_id | media_grid.next_max_id',
        rank_token: 'rank_token | media_grid.rank_token',
        reels_max_id: 'reels_max_id | media_grid.reels_max_id',
      },
      items: 'list[].user + media_grid.sections[].layout_content.medias[].media',
      endWhenEmpty: 'next_max_id',
      hasMore: 'media_grid.has_more',
    }),

  // /v3
  def('/v3/fbsearch/accounts', 'lo', 'Search accounts', [QUERY, PAGE_TOKEN], many('user'), pageToken('users')),
  def('/v3/fbsearch/places', 'lo', 'Search places', [QUERY], many('location', 'items[].location')),
  // Named in the interface only: parameters inferred from /v1 and /v2 media likers, answer not published.
  def('/v3/media/likers', 'l', 'Accounts that liked a post', [ID('media id')], one('raw')),
  def('/v3/fbsearch/topsearch', 'o', 'Top search (stream form)', [QUERY, NEXT_MAX_ID], many('raw'), {
    style: 'stream',
    cursor: { next_max_id: 'next_max_id | **.next_max_id' },
    items: 'stream_rows',
  }),
  def('/v3/fbsearch/reels', 'o', 'Search reels', [QUERY, text('reels_max_id', 'reels_max_id of the previous page')], many('post'), reelsPaging(false)),

  // /sys
  def('/sys/balance', 'io', 'Remaining requests, rate and money of the account', [], one('balance')),
];

// ------------------------------------------------------------------------------------------------

const SOURCE_CODES: Readonly<Record<string, EndpointSource>> = {
  i: 'interface',
  l: 'interface-listed',
  d: 'interface-deprecated',
  o: 'openapi',
};

function familyOf(path: string): Family {
  const prefix = path.split('/')[1];
  const families: readonly Family[] = ['g1', 'g2', 'gql', 'a2', 'v1', 'v2', 'v3', 'sys'];
  const family = families.find((f) => f === prefix);
  if (!family) throw new Error(`catalog: unknown family in ${path}`);
  return family;
}

function statusOf(path: string): EndpointStatus {
  const retired = RETIRED[path];
  if (retired) return { kind: 'retired', replacements: retired, note: 'answers 410 Gone' };
  const deprecated = DEPRECATED[path];
  if (deprecated) return { kind: 'deprecated', ...deprecated };
  return { kind: 'active' };
}

/** Rules that follow from a parameter's name (or its description, for the many `id`s). */
const CURSOR_NAMES: ReadonlySet<string> = new Set([
  'max_id', 'min_id', 'end_cursor', 'next_max_id', 'next_page_id', 'page_id', 'page_token',
  'profile_grid_items_cursor', 'rank_token', 'reels_max_id', 'repost_next_max_id',
]);
function ruleByName(p: ParamSpec): ParamRule | undefined {
  if (p.rule) return p.rule;
  if (CURSOR_NAMES.has(p.name)) return 'cursor';
  if (p.name === 'username') return 'username';
  if (p.name === 'code') return 'shortcode';
  if (p.name === 'track_id' || p.name === 'canonical_id') return 'numeric_id';
  if (p.name === 'media_id' || p.name === 'media_ids') return 'media_id';
  if (p.name === 'id' && /^(media|story) id/.test(p.description ?? '')) return 'media_id';
  if (p.name === 'id' && p.description === 'highlight id') return 'highlight_id';
  return undefined;
}
const withRule = (p: ParamSpec): ParamSpec => {
  const rule = ruleByName(p);
  return rule && !p.rule ? { ...p, rule } : p;
};

function build(d: Definition): Endpoint {
  const status = statusOf(d.path);
  // Retired endpoints answer 410 and are never charged.
  const cost = status.kind === 'retired' ? 0 : (COSTS[d.path] ?? 1);
  const takesForce = d.params.some((p) => p.name === 'force');
  return {
    path: d.path,
    family: familyOf(d.path),
    summary: d.summary,
    params: d.params.map(withRule),
    cost,
    // force=true skips the privacy check of the stories/highlights endpoints and bills one unit less.
    forceDiscount: takesForce && cost >= 2 && /\/(stories|highlights)(\/|$)/.test(d.path),
    status,
    safeInt: d.params.some((p) => p.name === 'safe_int'),
    paging: d.paging ?? null,
    answer: d.answer,
    sources: [...d.src].map((code) => {
      const source = SOURCE_CODES[code];
      if (!source) throw new Error(`catalog: unknown source code ${code} for ${d.path}`);
      return source;
    }),
  };
}

/** Every endpoint of the service, described once. */
export const CATALOG: readonly Endpoint[] = DEFINITIONS.map(build);

const BY_PATH: ReadonlyMap<string, Endpoint> = new Map(CATALOG.map((e) => [e.path, e]));

/** The endpoint at exactly this path (a trailing slash is tolerated). */
export function findEndpoint(path: string): Endpoint | undefined {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return BY_PATH.get(trimmed);
}

function isTrue(value: unknown): boolean {
  return value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
}

/** Units one call with these params bills: `force=true` takes one unit off where the service does so. */
export function costOf(endpoint: Endpoint, params: Record<string, unknown>): number {
  if (endpoint.forceDiscount && isTrue(params.force)) return Math.max(1, endpoint.cost - 1);
  return endpoint.cost;
}

/** True for removed endpoints (they answer 410 Gone). */
export function isRetired(path: string): boolean {
  return findEndpoint(path)?.status.kind === 'retired';
}
