// The endpoint catalog: every endpoint of the service, described once. Everything that needs to know
// about an endpoint (validation, cost guard, pager, normaliser, simulator, error messages) reads it here.
//
// CONTRACT (types and exported functions below are relied on by other modules; keep their names/shapes).
import type { Definition } from './catalog/blocks';
import { DEFINITIONS } from './catalog/definitions';
import type { Family, ParamRule, ParamSpec, EndpointStatus, EndpointSource, Endpoint } from './catalog/types';

export type { Family, ParamType, ParamRule, ParamSpec, EndpointStatus, AnswerPath, Paging, RecordKind, AnswerSpec, EndpointSource, Endpoint } from './catalog/types';

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
