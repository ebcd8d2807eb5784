// Building blocks of the endpoint table (./definitions.ts): parameters, paging descriptors, answer specs.
import type { AnswerPath, AnswerSpec, Paging, ParamRule, ParamSpec, ParamType, RecordKind } from './types';

// Sources: service-interface.md (the contract), service-facts.md (production
// behaviour), openapi-1.7.9.json (names, types, defaults). Param order follows OpenAPI, with
// interface-only parameters (mostly `safe_int`) after them.

export function param(name: string, type: ParamType, required: boolean, extra: Partial<ParamSpec> = {}): ParamSpec {
  const spec: ParamSpec = { name, type, required };
  for (const [key, value] of Object.entries(extra)) {
    if (value !== undefined) Object.assign(spec, { [key]: value });
  }
  return spec;
}

export const required = (name: string, rule?: ParamRule, description?: string): ParamSpec =>
  param(name, 'string', true, { rule, description });
export const text = (name: string, description?: string): ParamSpec => param(name, 'string', false, { description });
export const int = (name: string, dflt?: number, description?: string): ParamSpec =>
  param(name, 'integer', false, { default: dflt, description });
export const flag = (name: string, dflt?: boolean, description?: string): ParamSpec =>
  param(name, 'boolean', false, { default: dflt, description });

export const USER_ID = required('user_id', 'numeric_id', 'numeric account id');
export const USERNAME = required('username', undefined, 'account username, without @');
export const QUERY = required('query', undefined, 'search text');
export const HASHTAG = required('name', 'hashtag_name', 'hashtag name without #');
export const MEDIA_ID = required('media_id', undefined, 'media id: <pk> or <pk>_<owner id>');
export const COMMENT_ID = required('comment_id', 'numeric_id', 'comment id');
export const LOCATION_PK = param('location_pk', 'integer', true, { rule: 'numeric_id', description: 'location id' });
export const SAFE_INT = flag('safe_int', undefined, 'return big integers as strings');
export const FORCE = flag('force', undefined, 'skip the account privacy check');
export const FLAT = (dflt: boolean): ParamSpec => flag('flat', dflt, 'flatten nested objects into one list');
export const AMOUNT = (dflt: number): ParamSpec => int('amount', dflt, 'how many records to return');
export const MAX_ID = text('max_id', 'cursor from the previous page');
export const END_CURSOR = text('end_cursor', 'cursor from the previous page');
export const PAGE_ID = text('page_id', 'next_page_id of the previous page');
export const PAGE_TOKEN = text('page_token', 'page_token of the previous page');
export const SORT_ORDER = param('sort_order', 'string', false, { default: 'recent' });
export const NEXT_MAX_ID = text('next_max_id', 'next_max_id of the previous page');
export const ID = (description: string, rule?: ParamRule): ParamSpec => required('id', rule, description);
export const URL_PARAM = (rule: ParamRule, description: string): ParamSpec => required('url', rule, description);
/** `user_id` of the v2 user lists: OpenAPI gives it the default "" (no account), so it is required here. */
export const V2_USER_ID = USER_ID;

// Paging descriptors, one builder per style.
/** `[items, cursor]` arrays (the v1 comments chunk adds a third element, ignored). */
export const chunk = (cursorParam: 'max_id' | 'end_cursor'): Paging => ({
  style: cursorParam === 'max_id' ? 'chunk' : 'end_cursor',
  cursor: { [cursorParam]: '1' },
  items: '0',
});
/** The service's v2/g2 envelope `{response, next_page_id}`; the request name differs per endpoint. */
export const nextPageId = (items: AnswerPath, requestParam = 'page_id'): Paging => ({
  style: 'next_page_id',
  cursor: { [requestParam]: 'next_page_id' },
  items,
});
export const pageToken = (items: AnswerPath): Paging => ({
  style: 'page_token',
  cursor: { page_token: 'page_token' },
  items,
  hasMore: 'has_more',
});
export const REEL_CLIPS = 'reels_serp_modules[].clips[].media';
/** Reels search: both values come back at the top level and both go into the next request. */
export const reelsPaging = (withRankToken: boolean): Paging => ({
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
export const stream = (cursorParam: string, items: AnswerPath, also?: string): Paging => ({
  style: 'stream',
  cursor: { [cursorParam]: `**.${cursorParam}${also ? ` | **.${also}` : ''} | **.page_info.end_cursor` },
  items,
  hasMore: 'has_more | more_available | **.page_info.has_next_page | **.more_available',
});

export const SECTION_MEDIAS = 'response.sections[].layout_content.medias[].media';

export const one = (record: RecordKind, at?: AnswerPath): AnswerSpec => (at === undefined ? { record, many: false } : { record, many: false, at });
export const many = (record: RecordKind, at?: AnswerPath): AnswerSpec => (at === undefined ? { record, many: true } : { record, many: true, at });

export interface Definition {
  path: string;
  /** Where the endpoint is named: i = interface tables, l = interface "listed", d = interface deprecated table, o = OpenAPI. */
  src: string;
  summary: string;
  params: ParamSpec[];
  answer: AnswerSpec;
  paging?: Paging;
}

export const def = (path: string, src: string, summary: string, params: ParamSpec[], answer: AnswerSpec, paging?: Paging): Definition =>
  paging ? { path, src, summary, params, answer, paging } : { path, src, summary, params, answer };
