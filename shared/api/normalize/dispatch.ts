// Form detection and the dispatcher: which builder reads a raw record, and whole answers per the
// catalog's answer spec.
import type { Endpoint, RecordKind } from '../catalog';
import { getPath, readPage } from '../pager';
import type {
  AppRecord,
  Post,
  Profile,
  RecordSource,
  User,
} from '../../records';
import { commentFrom } from './comments';
import { hashtagFrom, locationFromSearchItem } from './places-tags';
import { postFromGraph, postFromV1, postFromV2 } from './posts';
import { hasKey, isDict, readKey, str } from './read';
import { highlightFrom, storyFrom } from './stories';
import { trackFromV2 } from './tracks';
import { aboutFrom, profileFromGraph, profileFromV1, profileFromV2, userFrom } from './users';

// ---------------------------------------------------------------------------------------------
// Form detection and the dispatcher

function isGraphNode(raw: unknown): boolean {
  const typename = str(raw, '__typename') ?? '';
  return (
    typename.startsWith('Graph') ||
    typename.startsWith('XDTGraph') ||
    hasKey(raw, 'shortcode') ||
    hasKey(raw, 'display_url') ||
    hasKey(raw, 'edge_media_to_caption')
  );
}

function isV2Media(raw: unknown): boolean {
  return (
    str(raw, '__typename') === 'XDTMediaDict' ||
    hasKey(raw, 'image_versions2') ||
    hasKey(raw, 'carousel_media') ||
    hasKey(raw, 'strong_id__') ||
    isDict(readKey(raw, 'caption')) ||
    isDict(readKey(raw, 'usertags'))
  );
}

function postFrom(raw: unknown, source: RecordSource): Post | null {
  if (isGraphNode(raw)) return postFromGraph(raw, source);
  return isV2Media(raw) ? postFromV2(raw, source) : postFromV1(raw, source);
}

function isGraphUser(raw: unknown): boolean {
  return hasKey(raw, 'edge_followed_by') || hasKey(raw, 'edge_owner_to_timeline_media');
}

function profileFrom(raw: unknown, source: RecordSource): Profile | null {
  if (isGraphUser(raw)) return profileFromGraph(raw, source);
  const v2 = hasKey(raw, 'bio_links') || hasKey(raw, 'hd_profile_pic_url_info') || hasKey(raw, 'strong_id__');
  return v2 ? profileFromV2(raw, source) : profileFromV1(raw, source);
}

const looksLikeMedia = (raw: unknown): boolean =>
  hasKey(raw, 'pk') || hasKey(raw, 'code') || hasKey(raw, 'shortcode') || hasKey(raw, 'media_type');
const looksLikeUser = (raw: unknown): boolean =>
  hasKey(raw, 'pk') || hasKey(raw, 'id') || hasKey(raw, 'username');

/**
 * Envelopes the service puts around one record: `{user, status}`, `{graphql: {user}}`, `{media}`,
 * `{media_or_ad}`, `{node}`, `{items: [record]}`, `{position, user}`, `{location, title}`... Returns the
 * record inside, or the value itself when it already looks like the record.
 */
function unwrap(raw: unknown, looksRight: (v: unknown) => boolean, keys: string[], depth = 0): unknown {
  if (!isDict(raw) || looksRight(raw) || depth > 3) return raw;
  for (const key of keys) {
    const inner = readKey(raw, key);
    if (isDict(inner)) return unwrap(inner, looksRight, keys, depth + 1);
    if (key === 'items' && Array.isArray(inner) && inner.length > 0) return unwrap(inner[0], looksRight, keys, depth + 1);
  }
  return raw;
}

function mixedFrom(raw: unknown, source: RecordSource): User | Post | null {
  const typename = str(raw, '__typename');
  if (typename === 'XDTUserDict') return userFrom(raw, source);
  if (typename === 'XDTMediaDict') return postFromV2(raw, source);
  if (isDict(raw) && !looksLikeUser(raw)) {
    if (isDict(readKey(raw, 'media'))) return mixedFrom(readKey(raw, 'media'), source);
    if (isDict(readKey(raw, 'user'))) return mixedFrom(readKey(raw, 'user'), source);
  }
  if (hasKey(raw, 'media_type') || hasKey(raw, 'code') || hasKey(raw, 'shortcode')) return postFrom(raw, source);
  return hasKey(raw, 'username') ? userFrom(raw, source) : null;
}

/** Record kinds the app maps; the others (balance, insight, share...) are shown raw by their screens. */
export const MAPPED_KINDS: ReadonlySet<RecordKind> = new Set<RecordKind>([
  'user',
  'profile',
  'about',
  'post',
  'comment',
  'story',
  'highlight',
  'location',
  'hashtag',
  'track',
  'mixed',
]);

/**
 * One raw record (or a record in one of the service's usual envelopes) -> the app record of `kind`,
 * the form detected from the raw's shape. Null when the kind has no app record or the raw is not one.
 */
export function normalizeRecord(kind: RecordKind, raw: unknown, source: RecordSource): AppRecord | null {
  switch (kind) {
    case 'user':
      return userFrom(unwrap(raw, looksLikeUser, ['user', 'node']), source);
    case 'profile':
      return profileFrom(unwrap(raw, looksLikeUser, ['graphql', 'data', 'user']), source);
    case 'about':
      return aboutFrom(unwrap(raw, (v) => hasKey(v, 'username') || hasKey(v, 'date'), ['data', 'user']), source);
    case 'post':
      return postFrom(unwrap(raw, looksLikeMedia, ['media_or_ad', 'media', 'node', 'items']), source);
    case 'comment':
      return commentFrom(unwrap(raw, (v) => hasKey(v, 'pk') || hasKey(v, 'text'), ['node', 'comment']), source);
    case 'story':
      return storyFrom(unwrap(raw, looksLikeMedia, ['media', 'node']), source);
    case 'highlight':
      return highlightFrom(unwrap(raw, (v) => hasKey(v, 'pk') || hasKey(v, 'id'), ['response', 'reels']), source);
    case 'location':
      return locationFromSearchItem(unwrap(raw, (v) => hasKey(v, 'pk') || hasKey(v, 'location'), ['place']), source);
    case 'hashtag':
      return hashtagFrom(raw, source);
    case 'track':
      return trackFromV2(raw, source);
    case 'mixed':
      return mixedFrom(raw, source);
    default:
      return null;
  }
}

function sourceOf(endpoint: Endpoint): RecordSource {
  return { family: endpoint.family, path: endpoint.path };
}

/**
 * A list value as records: arrays as they are; a reel (`{items, user}`) as its items; a dict of
 * `highlight:<id>` keys as its values; one record as a list of one.
 */
function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (!isDict(value)) return [];
  const items = readKey(value, 'items');
  if (Array.isArray(items) && !hasKey(value, 'pk')) return items;
  const keys = Object.keys(value);
  if (keys.length > 0 && keys.every((key) => key.startsWith('highlight:'))) return keys.map((key) => value[key]);
  return [value];
}

/** The owner a stories answer names once for all its items (`reel.user`). */
function reelOwner(answer: unknown, source: RecordSource): User | null {
  for (const reel of [readKey(answer, 'reel'), readKey(readKey(answer, 'response'), 'reel'), answer]) {
    if (isDict(reel) && Array.isArray(readKey(reel, 'items'))) {
      const owner = userFrom(readKey(reel, 'user'), source);
      if (owner !== null) return owner;
    }
  }
  return null;
}

/** What makes two records of a list the same record: kind and id (null for a record without an id). */
export function recordIdentity(record: AppRecord): string | null {
  const id = 'id' in record ? record.id : null;
  return id === null || id === undefined || id === '' ? null : `${record.kind}:${id}`;
}

/** The records whose identity is not in `seen` yet (records without an id all are), each added to it. */
export function firstOfEach(records: readonly AppRecord[], seen: Set<string>): AppRecord[] {
  return records.filter((record) => {
    const identity = recordIdentity(record);
    if (identity === null) return true;
    if (seen.has(identity)) return false;
    seen.add(identity);
    return true;
  });
}

/** The records of one page's items, each record once: a page that repeats an item makes one record. */
function normalizeList(endpoint: Endpoint, items: unknown[], owner: User | null): AppRecord[] {
  const source = sourceOf(endpoint);
  const kind = endpoint.answer.record;
  const records: AppRecord[] = [];
  for (const item of items) {
    const record =
      kind === 'story' ? storyFrom(unwrap(item, looksLikeMedia, ['media', 'node']), source, owner) : normalizeRecord(kind, item, source);
    if (record !== null) records.push(record);
  }
  return firstOfEach(records, new Set());
}

/** The items of one page (as the pager found them) -> app records; unrecognised items are skipped. */
export function normalizeItems(endpoint: Endpoint, items: unknown[]): AppRecord[] {
  return normalizeList(endpoint, items, null);
}

/**
 * A whole answer -> its app record(s), per the catalog's answer spec: a list for `many` endpoints
 * (paged ones read through the pager), one record (or null) otherwise. Null for kinds with no app record.
 */
export function normalizeAnswer(endpoint: Endpoint, answer: unknown): AppRecord | AppRecord[] | null {
  const spec = endpoint.answer;
  if (!MAPPED_KINDS.has(spec.record)) return null;
  const source = sourceOf(endpoint);
  if (spec.many) {
    const items = endpoint.paging !== null ? readPage(endpoint, answer).items : asList(getPath(answer, spec.at ?? ''));
    const owner = spec.record === 'story' ? reelOwner(answer, source) : null;
    return normalizeList(endpoint, items, owner);
  }
  const found = getPath(answer, spec.at ?? '');
  // Forgiving: when the record is not where the spec says, look at the whole answer.
  const value = found === undefined || found === null ? answer : found;
  const record = normalizeRecord(spec.record, Array.isArray(value) ? value[0] : value, source);
  if (record?.kind === 'story' && record.owner === null) record.owner = reelOwner(answer, source);
  return record;
}
