// The shape contract: the key paths of an answer with their JSON types (arrays collapsed), the 37
// endpoints the app calls with production answers recorded in ../shared/spec/recorded, and the request
// the simulator is asked for each. Only paths and types are kept: never a value of a recorded answer.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { findEndpoint, type Endpoint } from '../../../../shared/api/catalog';
import { parseLossless } from '../../../../shared/api/json';
import { normalizeAnswer } from '../../../../shared/api/normalize';
import { readPage } from '../../../../shared/api/pager';
import { createSimulator, type Simulator } from '../../../../electron/simulator/service';
import { ANCHORS, threadOf, type World, type WorldMedia, type WorldUser } from '../../../../electron/simulator/world/world';
import { storySponsors } from '../../../../electron/simulator/shapes/common';
import { postUrl } from '../../../../electron/simulator/shapes/v1';

/** The recorded answers (FEEDLENS_RECORDED_DIR points elsewhere, e.g. to check the run without them). */
export const RECORDED_DIR = process.env.FEEDLENS_RECORDED_DIR ?? resolve(__dirname, '../../../../../shared/spec/recorded');
export const CONTRACT_FILE = resolve(__dirname, '../../../fixtures/shape-contract/contract.json');

/** JSON types of a key path, sorted and joined with '|' ("null|object"). */
export type KeyPaths = Record<string, string>;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Keys that carry an id (`highlight:<pk>`) are written with `<id>` so no recorded value is kept. */
export function keyName(key: string): string {
  return key.replace(/\d{6,}/g, '<id>');
}

/**
 * Every key path of a JSON text with the JSON types seen there: `a.b`, `a.list[]`, `a.list[].c`; the
 * root is `$`. JSON.parse is enough here: a 19-digit literal is still of type number.
 */
export function keyPaths(text: string): KeyPaths {
  const seen = new Map<string, Set<string>>();
  const walk = (value: unknown, path: string): void => {
    const type = typeOf(value);
    let types = seen.get(path);
    if (!types) seen.set(path, (types = new Set()));
    types.add(type);
    if (Array.isArray(value)) for (const item of value) walk(item, `${path}[]`);
    else if (type === 'object') {
      for (const [key, item] of Object.entries(value as Record<string, unknown>)) walk(item, path === '$' ? keyName(key) : `${path}.${keyName(key)}`);
    }
  };
  walk(JSON.parse(text), '$');
  const out: KeyPaths = {};
  for (const [path, types] of seen) out[path] = [...types].sort().join('|');
  return out;
}

export interface Comparison {
  total: number;
  matched: number;
  /** Recorded paths the simulator's answer does not have. */
  missing: string[];
  /** Recorded paths whose (non-null) types the simulator's answer does not give. */
  wrongType: string[];
}

/**
 * A recorded path matches when the simulator's answer has it with every non-null type production gave
 * there (a recorded null says nothing about the type, so any type matches it).
 */
export function compare(recorded: KeyPaths, simulated: KeyPaths): Comparison {
  const missing: string[] = [];
  const wrongType: string[] = [];
  let matched = 0;
  for (const [path, types] of Object.entries(recorded)) {
    const got = simulated[path];
    if (got === undefined) {
      missing.push(path);
      continue;
    }
    const have = new Set(got.split('|'));
    const want = types.split('|').filter((t) => t !== 'null');
    if (want.every((t) => have.has(t))) matched++;
    else wrongType.push(`${path}: ${types} (simulator: ${got})`);
  }
  return { total: Object.keys(recorded).length, matched, missing, wrongType };
}

// ---- what the pager and the normaliser read ---------------------------------------------------------

export interface Reads {
  /** Kinds of the app records the normaliser makes of the answer, sorted. */
  kinds: string[];
  /** The answer yields records. */
  records: boolean;
}

export function readsOf(endpoint: Endpoint, text: string): Reads {
  const answer = parseLossless(text);
  const normalized = normalizeAnswer(endpoint, answer);
  const list = normalized === null ? [] : Array.isArray(normalized) ? normalized : [normalized];
  if (endpoint.paging) readPage(endpoint, answer); // must not throw on either form
  return { kinds: [...new Set(list.map((r) => r.kind))].sort(), records: list.length > 0 };
}

// ---- the endpoints and the simulator's requests ---------------------------------------------------

type Params = Record<string, string>;

export interface ContractEndpoint {
  /** The recorded file's name without `.json`. */
  name: string;
  path: string;
  params: (w: WorldPicks) => Params;
}

/** Entities of the simulated world that resemble the recorded requests' subjects. */
export interface WorldPicks {
  world: World;
  big: WorldUser;
  business: WorldUser;
  clipsUser: WorldUser;
  storyUser: WorldUser;
  post: WorldMedia;
  reel: WorldMedia;
  discussed: WorldMedia;
  hashtag: string;
  /** A hashtag whose first v2 feed page has a place and a coauthored post in its grid rows. */
  feedHashtag: string;
  placePk: string;
  placeQuery: string;
  musicQuery: string;
  trackCanonicalId: string;
  highlightPk: string;
  replyParent: string;
}

function pick<T>(list: readonly T[], label: string, test: (x: T) => boolean): T {
  const found = list.find(test);
  if (found === undefined) throw new Error(`shape contract: the world has no ${label}`);
  return found;
}

export function worldPicks(world: World): WorldPicks {
  const user = (name: string): WorldUser => pick(world.users, name, (u) => u.username === name);
  const big = user(ANCHORS.big);
  const business = user(ANCHORS.business);
  const isPublic = (m: WorldMedia): boolean => !world.userByPk.get(m.ownerPk)?.isPrivate;
  const post = pick(world.media, 'carousel with a place and tags', (m) =>
    isPublic(m) && m.mediaType === 8 && m.locationPk !== null && m.usertags.length > 0 && m.children.some((c) => c.video !== null));
  const reel = pick(world.media, 'reel with music', (m) => isPublic(m) && m.productType === 'clips' && m.trackId !== null && m.reshareCount !== null);
  const discussed = pick(world.media, 'post with replies', (m) =>
    isPublic(m) && !m.commentsDisabled && threadOf(world, m).top.length >= 20 && threadOf(world, m).top.some((c) => c.replies.length >= 3));
  const parent = pick(threadOf(world, discussed).top, 'comment with replies', (c) => c.replies.length >= 3);
  const coauthoredIn = (pks: readonly string[]): boolean => pks.slice(0, 12).some((pk) => (world.mediaByPk.get(pk)?.coauthors.length ?? 0) > 0);
  // The posts of a v2 feed page that sit in media_grid rows (odd rows with a reel are one_by_two rows).
  const inGrid = (pks: readonly string[], test: (m: WorldMedia) => boolean): boolean => {
    const list = pks.slice(0, 12).flatMap((pk) => world.mediaByPk.get(pk) ?? []);
    return list.some((m, i) => test(m) && (Math.floor(i / 3) % 2 === 0 || list[i - (i % 3)]?.productType !== 'clips'));
  };
  const hashtag = [...world.hashtags]
    .filter((h) => coauthoredIn(h.recent) && coauthoredIn(h.top) && coauthoredIn(h.clips))
    .sort((a, b) => b.recent.length - a.recent.length)[0];
  const feedHashtag = [...world.hashtags]
    .filter((h) => inGrid(h.recent, (m) => m.locationPk !== null) && inGrid(h.recent, (m) => m.coauthors.length > 0))
    .sort((a, b) => b.recent.length - a.recent.length)[0];
  const storyUser = pick(world.users, 'account with a sponsored story', (u) =>
    !u.isPrivate && u.stories.some((pk) => {
      const st = world.storyByPk.get(pk);
      return st !== undefined && storySponsors(st).length > 0;
    }));
  const clipsUser = pick(world.users, 'account whose first reels include a coauthored one', (u) => !u.isPrivate && coauthoredIn(u.clips));
  const place = [...world.locations].filter((l) => l.hours !== null).sort((a, b) => b.recent.length - a.recent.length)[0];
  const track = [...world.tracks].filter((t) => t.hasLyrics).sort((a, b) => b.reels.length - a.reels.length)[0];
  const highlight = pick(world.highlights, 'highlight of the big account', (h) => h.ownerPk === big.pk);
  if (!hashtag || !feedHashtag || !place || !track) throw new Error('shape contract: the world has no hashtag, place or track');
  return {
    world,
    big,
    business,
    clipsUser,
    storyUser,
    post,
    reel,
    discussed,
    hashtag: hashtag.name,
    feedHashtag: feedHashtag.name,
    placePk: String(place.pk),
    placeQuery: place.city,
    musicQuery: track.title.split(' ')[0] ?? track.title,
    trackCanonicalId: track.canonicalId,
    highlightPk: highlight.pk,
    replyParent: parent.pk,
  };
}

const byUser = (w: WorldPicks): Params => ({ user_id: w.big.pk });

/** The 37 endpoints with a recorded answer, and what the simulator is asked for each. */
export const CONTRACT_ENDPOINTS: readonly ContractEndpoint[] = [
  { name: 'gql_topsearch', path: '/gql/topsearch', params: () => ({ query: 'a' }) },
  { name: 'sys_balance', path: '/sys/balance', params: () => ({}) },
  { name: 'v1_fbsearch_places', path: '/v1/fbsearch/places', params: (w) => ({ query: w.placeQuery }) },
  { name: 'v1_hashtag_by_name', path: '/v1/hashtag/by/name', params: (w) => ({ name: w.hashtag }) },
  { name: 'v1_hashtag_medias_clips_chunk', path: '/v1/hashtag/medias/clips/chunk', params: (w) => ({ name: w.hashtag }) },
  { name: 'v1_hashtag_medias_top_chunk', path: '/v1/hashtag/medias/top/chunk', params: (w) => ({ name: w.hashtag }) },
  { name: 'v1_location_by_id', path: '/v1/location/by/id', params: (w) => ({ id: w.placePk }) },
  { name: 'v1_location_medias_recent_chunk', path: '/v1/location/medias/recent/chunk', params: (w) => ({ location_pk: w.placePk }) },
  { name: 'v1_location_medias_top_chunk', path: '/v1/location/medias/top/chunk', params: (w) => ({ location_pk: w.placePk }) },
  { name: 'v1_media_by_code', path: '/v1/media/by/code', params: (w) => ({ code: w.reel.code }) },
  { name: 'v1_media_by_id', path: '/v1/media/by/id', params: (w) => ({ id: w.reel.pk }) },
  { name: 'v1_media_insight', path: '/v1/media/insight', params: (w) => ({ media_id: w.reel.pk }) },
  { name: 'v1_media_likers', path: '/v1/media/likers', params: (w) => ({ id: w.post.pk }) },
  { name: 'v1_media_oembed', path: '/v1/media/oembed', params: (w) => ({ url: postUrl(w.post) }) },
  { name: 'v1_search_hashtags', path: '/v1/search/hashtags', params: (w) => ({ query: w.hashtag.slice(0, 4) }) },
  { name: 'v1_search_music', path: '/v1/search/music', params: (w) => ({ query: w.musicQuery }) },
  { name: 'v1_user_about', path: '/v1/user/about', params: (w) => ({ id: w.big.pk }) },
  { name: 'v1_user_by_id', path: '/v1/user/by/id', params: (w) => ({ id: w.big.pk }) },
  { name: 'v1_user_by_username', path: '/v1/user/by/username', params: (w) => ({ username: w.big.username }) },
  { name: 'v1_user_clips_chunk', path: '/v1/user/clips/chunk', params: (w) => ({ user_id: w.clipsUser.pk }) },
  { name: 'v1_user_followers_chunk', path: '/v1/user/followers/chunk', params: byUser },
  { name: 'v1_user_following_chunk', path: '/v1/user/following/chunk', params: byUser },
  { name: 'v1_user_highlights', path: '/v1/user/highlights', params: byUser },
  { name: 'v1_user_medias_chunk', path: '/v1/user/medias/chunk', params: byUser },
  { name: 'v1_user_stories', path: '/v1/user/stories', params: (w) => ({ user_id: w.storyUser.pk }) },
  { name: 'v1_user_tag_medias_chunk', path: '/v1/user/tag/medias/chunk', params: byUser },
  { name: 'v2_fbsearch_accounts', path: '/v2/fbsearch/accounts', params: () => ({ query: 'a' }) },
  { name: 'v2_fbsearch_reels', path: '/v2/fbsearch/reels', params: (w) => ({ query: w.hashtag }) },
  { name: 'v2_hashtag_by_name', path: '/v2/hashtag/by/name', params: (w) => ({ name: w.hashtag }) },
  { name: 'v2_hashtag_medias_recent', path: '/v2/hashtag/medias/recent', params: (w) => ({ name: w.feedHashtag }) },
  { name: 'v2_highlight_by_id', path: '/v2/highlight/by/id', params: (w) => ({ id: w.highlightPk }) },
  { name: 'v2_media_comments', path: '/v2/media/comments', params: (w) => ({ id: w.discussed.pk }) },
  { name: 'v2_media_comments_replies', path: '/v2/media/comments/replies', params: (w) => ({ media_id: w.discussed.pk, comment_id: w.replyParent }) },
  { name: 'v2_media_info_by_id', path: '/v2/media/info/by/id', params: (w) => ({ id: w.reel.pk }) },
  { name: 'v2_track_by_canonical_id', path: '/v2/track/by/canonical/id', params: (w) => ({ canonical_id: w.trackCanonicalId }) },
  { name: 'v2_user_by_id', path: '/v2/user/by/id', params: (w) => ({ id: w.big.pk }) },
  { name: 'v2_user_by_username', path: '/v2/user/by/username', params: (w) => ({ username: w.big.username }) },
];

export function endpointOf(entry: ContractEndpoint): Endpoint {
  const endpoint = findEndpoint(entry.path);
  if (!endpoint) throw new Error(`shape contract: ${entry.path} is not in the catalog`);
  return endpoint;
}

/** The fixed clock of the contract: the world's reference day. */
export const CONTRACT_NOW = Date.UTC(2026, 10, 21, 9, 0, 0);

export function contractSimulator(): Simulator {
  return createSimulator({ seed: 7, now: () => CONTRACT_NOW });
}

/** The simulator's answer text to the entry's request (it must answer 200). */
export async function simulatedText(sim: Simulator, entry: ContractEndpoint, picks: WorldPicks): Promise<string> {
  const url = new URL(`https://api.feedlens-sim.invalid${entry.path}`);
  for (const [key, value] of Object.entries(entry.params(picks))) url.searchParams.set(key, value);
  const res = await sim.handle(new Request(url, { headers: { 'x-access-key': sim.demoKey, 'user-agent': 'Feedlens/shape-contract' } }));
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${entry.path} answered ${res.status}: ${text.slice(0, 300)}`);
  return text;
}

// ---- the recorded answers and the checked-in contract ---------------------------------------------

export interface ContractEntry {
  path: string;
  keyPaths: KeyPaths;
  reads: Reads;
}

export type Contract = Record<string, ContractEntry>;

export function recordedPresent(): boolean {
  return existsSync(RECORDED_DIR) && readdirSync(RECORDED_DIR).some((f) => f.endsWith('.json'));
}

/** The contract derived from the recorded answers present (paths, types and record kinds only). */
export function contractFromRecorded(): Contract {
  const out: Contract = {};
  for (const entry of CONTRACT_ENDPOINTS) {
    const file = resolve(RECORDED_DIR, `${entry.name}.json`);
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    out[entry.name] = { path: entry.path, keyPaths: keyPaths(text), reads: readsOf(endpointOf(entry), text) };
  }
  return out;
}

export function checkedInContract(): Contract {
  return JSON.parse(readFileSync(CONTRACT_FILE, 'utf8')) as Contract;
}

/** The family of an endpoint path (`/v1/...` -> v1), for the per-family shares. */
export function familyOf(path: string): string {
  return path.split('/')[1] ?? '';
}
