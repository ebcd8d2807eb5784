// The shared pager: one function reads a page of any list endpoint (items and the cursor of the next
// page) from the endpoint's catalog descriptor. No screen has its own paging code.
import type { AnswerPath, Endpoint, Paging } from './catalog';
import { isDict } from '../guards';

/** The request parameters that ask for the next page, e.g. `{ page_id: 'QVFB…' }`. */
export type PageCursor = Record<string, string>;

/** Why a list ends at a page other than by the service saying there is no more. */
export type PageStop =
  /** The page had no items but named a next page: paging on would pay for pages that may never hold any. */
  | 'empty_page'
  /** The service caps the list (`should_limit_list_of_followers`: outsiders see about the first 50 followers). */
  | 'limited';

export interface Page {
  items: unknown[];
  /** null at the end of the list. */
  nextCursor: PageCursor | null;
  /** Set when the list ends here for a reason worth telling the user (see PageStop). */
  stop?: PageStop;
}

/** What to tell the user when a list stopped (ListStatus, job logs). */
export const PAGE_STOP_MESSAGES: Readonly<Record<PageStop, string>> = {
  empty_page: 'The service answered a page with no items but a next page; the list stops here instead of paying for more empty pages.',
  limited: 'The service shows outsiders only about the first 50 followers of this account; the list ends there.',
};

type Obj = Record<string, unknown>;

function isNothing(value: unknown): boolean {
  return value === undefined || value === null || (Array.isArray(value) && value.length === 0);
}

/**
 * The posts of a v2 feed section whose layout is not a grid: production's `one_by_two_left/right` rows
 * hold one reel in `one_by_two_item.clips.items[]` and the posts beside it in `fill_items[]`, where a
 * `media_grid` row has `medias[]`. Read as that row's `medias`, in display order, so every path through
 * `layout_content.medias[]` reads every layout.
 */
function sectionMedias(layoutContent: Obj): unknown[] | undefined {
  const oneByTwo = layoutContent.one_by_two_item;
  const clips = isDict(oneByTwo) && isDict(oneByTwo.clips) && Array.isArray(oneByTwo.clips.items) ? oneByTwo.clips.items : [];
  const fill = Array.isArray(layoutContent.fill_items) ? layoutContent.fill_items : [];
  return clips.length + fill.length > 0 ? [...clips, ...fill] : undefined;
}

function child(value: unknown, key: string): unknown {
  if (Array.isArray(value)) return /^\d+$/.test(key) ? value[Number(key)] : undefined;
  if (isDict(value) && Object.hasOwn(value, key)) return value[key];
  if (!isDict(value)) return undefined;
  return key === 'medias' ? sectionMedias(value) : streamed(value, key);
}

function childrenOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isDict(value)) return Object.values(value);
  return [];
}

/** The value and every object or array inside it, shallowest first. */
function containersBreadthFirst(value: unknown): unknown[] {
  const out: unknown[] = [];
  const queue: unknown[] = [value];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i];
    if (!Array.isArray(node) && !isDict(node)) continue;
    out.push(node);
    for (const item of childrenOf(node)) queue.push(item);
  }
  return out;
}

interface Reached {
  values: unknown[];
  /** True when the path used `[]`, `*` or `**`: the values are a list, not one value. */
  fanned: boolean;
}

/** One alternative of an AnswerPath. */
function follow(root: unknown, path: string): Reached {
  if (path === '') return { values: [root], fanned: false };
  let current: unknown[] = [root];
  let fanned = false;
  for (const rawStep of path.split('.')) {
    const flatten = rawStep.endsWith('[]');
    const step = flatten ? rawStep.slice(0, -2) : rawStep;
    let next: unknown[] = [];
    for (const value of current) {
      if (step === '') next.push(value);
      else if (step === '*') next = next.concat(childrenOf(value));
      else if (step === '**') next = next.concat(containersBreadthFirst(value));
      else {
        const found = child(value, step);
        if (found !== undefined) next.push(found);
      }
    }
    if (step === '*' || step === '**') fanned = true;
    if (flatten) {
      next = next.flatMap((value) => (Array.isArray(value) ? value : []));
      fanned = true;
    }
    current = next;
  }
  return { values: current, fanned };
}

/** `a + b`: everything both reach, in order, as one list. */
function join(value: unknown, path: string): Reached {
  const parts = path.split('+').map((part) => follow(value, part.trim()));
  if (parts.length === 1 && parts[0]) return parts[0];
  return { values: parts.flatMap((r) => (r.fanned ? r.values : asList(r.values[0]))), fanned: true };
}

/** The first alternative that reaches something other than null or nothing (else the last one). */
function reach(value: unknown, path: AnswerPath): Reached {
  let reached: Reached = { values: [], fanned: false };
  for (const alternative of path.split('|')) {
    reached = join(value, alternative);
    const result = reached.fanned ? reached.values : reached.values[0];
    if (!isNothing(result)) return reached;
  }
  return reached;
}

/**
 * The value at `path` in an answer (see AnswerPath in catalog.ts). A plain path gives one value or
 * undefined; a path with `[]`, `*` or `**` gives the list of every value it reached (maybe empty).
 * With alternatives (`a | b`), the first that yields something other than undefined, null or [];
 * a join (`a + b`) gives the list of what each part reached.
 */
export function getPath(value: unknown, path: AnswerPath): unknown {
  const reached = reach(value, path);
  return reached.fanned ? reached.values : reached.values[0];
}

/** The first value `path` reaches (for one record behind `*` or `[]`), or undefined. */
export function getOne(value: unknown, path: AnswerPath): unknown {
  return reach(value, path).values[0];
}

/** What a path found, as a list: a list stays a list, one value becomes [value], nothing becomes []. */
function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value === undefined || value === null ? [] : [value];
}

// ---- the GraphQL stream extractors (`@name` item paths) -------------------------------------------

/** Rows may come as nested arrays of rows: flatten them, in order. */
function flattenRows(rows: unknown[]): unknown[] {
  return rows.flatMap((row) => (Array.isArray(row) ? flattenRows(row) : [row]));
}

/**
 * An object streamed in rows (`{stream_rows: [{user: {...}}, {user: {...}}]}`, the track stream's
 * `response.stream_rows[].items[]`) read as the object it streams: a key absent from the object is
 * taken from its rows, lists joined in row order, objects merged (later rows add fields).
 */
function streamed(value: Obj, key: string): unknown {
  if (!Array.isArray(value.stream_rows)) return undefined;
  const parts = flattenRows(value.stream_rows).flatMap((row) => (isDict(row) && row[key] !== undefined ? [row[key]] : []));
  if (parts.length === 0) return undefined;
  if (parts.every(Array.isArray)) return parts.flat();
  if (parts.every(isDict)) return Object.assign({}, ...parts) as Obj;
  return parts[0];
}

/** Objects of the given `__typename`s under `value`, in order; a found object is not searched further. */
function collectTyped(value: unknown, typenames: ReadonlySet<string>, out: unknown[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collectTyped(item, typenames, out);
    return;
  }
  if (!isDict(value)) return;
  const typename = value.__typename;
  if (typeof typename === 'string' && typenames.has(typename)) {
    out.push(value);
    return;
  }
  // Grid entries (`repost_grid_items[]: {media}`) may hold a media dict without its __typename.
  const media = value.media;
  if (typename === undefined && typenames.has('XDTMediaDict') && isDict(media) && media.__typename === undefined && 'media_type' in media) {
    out.push(media);
    return;
  }
  for (const item of Object.values(value)) collectTyped(item, typenames, out);
}

type Key = string | number;

const isMediaDict = (value: unknown): boolean => isDict(value) && value.__typename === 'XDTMediaDict';

/**
 * `data` merged into the object `root`. A media's deferred fields aimed at the grid entry that holds the
 * media (`profile_grid_items[i]`, `items[i]`: `{media}`) complete that media, not the entry.
 */
function mergeInto(root: Obj, data: Obj): Obj {
  if (isMediaDict(data) && !isMediaDict(root) && isDict(root.media)) return { ...root, media: { ...root.media, ...data } };
  return { ...root, ...data };
}

/** A copy of `root` with `data` placed at `path`: merged into an object there, else set there (`fill`). */
function placeAt(root: unknown, path: readonly Key[], data: unknown, fill = true): { root: unknown; placed: boolean } {
  if (path.length === 0) return isDict(root) && isDict(data) ? { root: mergeInto(root, data), placed: true } : { root, placed: false };
  const [key, ...rest] = path;
  if (Array.isArray(root) && typeof key === 'number') {
    if ((rest.length > 0 || !fill) && root[key] === undefined) return { root, placed: false };
    const inner = rest.length === 0 && root[key] === undefined ? { root: data, placed: true } : placeAt(root[key], rest, data, fill);
    if (!inner.placed) return { root, placed: false };
    const copy = root.slice();
    copy[key] = inner.root;
    return { root: copy, placed: true };
  }
  if (isDict(root) && key !== undefined) {
    const k = String(key);
    if (rest.length > 0 && root[k] === undefined) return { root, placed: false };
    const inner = rest.length === 0 && root[k] === undefined ? { root: data, placed: true } : placeAt(root[k], rest, data, fill);
    return inner.placed ? { root: { ...root, [k]: inner.root }, placed: true } : { root, placed: false };
  }
  return { root, placed: false };
}

/** A streamed row's `items` (GraphQL's @stream form) placed from the list index its path ends in. */
function placeItems(root: unknown, path: readonly Key[], items: unknown[]): { root: unknown; placed: boolean } {
  const start = path[path.length - 1];
  if (typeof start !== 'number') return { root, placed: false };
  let out = { root, placed: true };
  items.forEach((item, i) => {
    const next = placeAt(out.root, [...path.slice(0, -1), start + i], item);
    out = { root: next.root, placed: out.placed && next.placed };
  });
  return out;
}

/**
 * GraphQL incremental delivery: the first row holds the document; a later row with a `path` patches the
 * place it names (a deferred fragment's `data` merges into the object there, or fills a key there; a
 * row's `items` fill the list from the index its path ends in). A media's deferred fields whose list
 * entry is not in the answer are not an item of it; other rows that fit nowhere stay separate. The
 * answer itself is never changed.
 */
function mergeRows(rows: unknown[]): unknown[] {
  let document: unknown;
  const loose: unknown[] = [];
  for (const row of rows) {
    if (!isDict(row)) continue;
    const path = Array.isArray(row.path) && row.path.every((k) => typeof k === 'string' || typeof k === 'number') ? (row.path as Key[]) : null;
    if (document === undefined && path === null) {
      document = row.data;
      continue;
    }
    const streamedItems = Array.isArray(row.items) && path !== null ? row.items : null;
    const deferredMedia = streamedItems === null && isMediaDict(row.data);
    const placed = path === null || document === undefined
      ? { root: document, placed: false }
      : streamedItems !== null ? placeItems(document, path, streamedItems) : placeAt(document, path, row.data, !deferredMedia);
    if (placed.placed) document = placed.root;
    else if (!(deferredMedia && path !== null)) loose.push(streamedItems ?? row.data);
  }
  return document === undefined ? loose : [document, ...loose];
}

/** An item's id (media and accounts: `pk`, else `id`), as text; null when it has none. */
function itemId(item: unknown): string | null {
  if (!isDict(item)) return null;
  const id = item.pk ?? item.id;
  return typeof id === 'string' || typeof id === 'number' || typeof id === 'bigint' ? String(id) : null;
}

/**
 * Each item once: production's streams send a media again in a later row (a preview row repeating the
 * full row's reels, a grid item patched by a deferred fragment). The later copy's fields fill what the
 * first lacks; the item stays where it first came.
 */
export function onceEach(items: unknown[]): unknown[] {
  const at = new Map<string, number>();
  const out: unknown[] = [];
  for (const item of items) {
    const id = itemId(item);
    const seen = id === null ? undefined : at.get(id);
    if (seen === undefined) {
      if (id !== null) at.set(id, out.length);
      out.push(item);
    } else out[seen] = { ...(item as Record<string, unknown>), ...(out[seen] as Record<string, unknown>) };
  }
  return out;
}

/**
 * GraphQL answers: `{stream_rows: [...]}` (rows merged first: a patch row completes its item, it is
 * never an item of its own) or one GraphQL object (`/gql/user/reposts`): every account or media dict,
 * in order; other units (an assistant unit, headers) carry no such dict and give nothing. With
 * `flat=true` the service already answers `{items: [...]}`.
 */
function streamItems(answer: unknown, typenames: ReadonlySet<string>): unknown[] {
  if (!isDict(answer)) return [];
  if (Array.isArray(answer.items)) return answer.items;
  const parts = Array.isArray(answer.stream_rows) ? mergeRows(flattenRows(answer.stream_rows)) : [answer.data ?? answer];
  const out: unknown[] = [];
  collectTyped(parts, typenames, out);
  return onceEach(out);
}

/** Endpoints whose answers stream their items in rows that may repeat one. */
const STREAMED: ReadonlySet<string> = new Set(['/v2/track/stream/by/id']);

const EXTRACTORS: Readonly<Record<string, (answer: unknown) => unknown[]>> = {
  '@topsearch': (answer) => streamItems(answer, new Set(['XDTUserDict', 'XDTMediaDict'])),
  '@stream_media': (answer) => streamItems(answer, new Set(['XDTMediaDict'])),
};

/** The names of the item extractors, for the catalog's tests. */
export const ITEM_EXTRACTORS: readonly string[] = Object.keys(EXTRACTORS);

function itemsAt(answer: unknown, path: AnswerPath): unknown[] {
  if (path.startsWith('@')) {
    const extract = EXTRACTORS[path];
    if (!extract) throw new Error(`pager: unknown item extractor ${path}`);
    return extract(answer);
  }
  return asList(getPath(answer, path));
}

// ---- cursors ------------------------------------------------------------------------------------

/** A usable cursor: a non-blank string, or a number (sent as its digits). Lists give their first one. */
function cursorValue(value: unknown): string | null {
  if (Array.isArray(value)) {
    for (const candidate of value) {
      const usable = cursorValue(candidate);
      if (usable !== null) return usable;
    }
    return null;
  }
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  // A number is only usable while exact: the lossless parser hands bigger integers over as strings.
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'bigint') return value.toString();
  return null;
}

/** The answer says the service capped the list (production's follower limit for outsiders). */
function isLimited(answer: unknown): boolean {
  if (!isDict(answer)) return false;
  const response = answer.response;
  return answer.should_limit_list_of_followers === true || (isDict(response) && response.should_limit_list_of_followers === true);
}

function saysNoMore(value: unknown): boolean {
  const flag = Array.isArray(value) ? value.find((v) => typeof v === 'boolean' || v === 'false' || v === 'true') : value;
  return flag === false || flag === 'false';
}

function nextCursorOf(paging: Paging, answer: unknown, sent: Record<string, unknown> | undefined): PageCursor | null {
  if (paging.hasMore !== undefined && saysNoMore(getPath(answer, paging.hasMore))) return null;
  const cursor: PageCursor = {};
  for (const [param, path] of Object.entries(paging.cursor)) {
    const value = cursorValue(getPath(answer, path));
    if (value !== null) cursor[param] = value;
  }
  const deciding = paging.endWhenEmpty !== undefined ? [paging.endWhenEmpty] : Object.keys(paging.cursor);
  if (deciding.some((param) => cursor[param] === undefined)) return null;
  // The same cursor as the one just sent would only buy the same page again.
  if (sent && Object.entries(cursor).every(([param, value]) => cursorValue(sent[param]) === value)) return null;
  return cursor;
}

/**
 * The items of one answer and the cursor for the next page (null at the end: a null, empty or missing
 * next value, a `has_more: false`, or a cursor equal to the one `sent`). A page with no items ends the
 * list even when it names a next page (`stop: 'empty_page'`): an answer whose items the pager cannot
 * find would otherwise be bought page after page. Non-paged endpoints give their records
 * (`answer.at`) and no cursor.
 */
export function readPage(endpoint: Endpoint, answer: unknown, sent?: Record<string, unknown>): Page {
  const paging = endpoint.paging;
  if (!paging) {
    const at = endpoint.answer.at ?? '';
    const one = getOne(answer, at);
    const items = endpoint.answer.many ? asList(getPath(answer, at)) : one === undefined || one === null ? [] : [one];
    return { items, nextCursor: null };
  }
  // The music stream sends a preview row repeating its reels (streamItems dedupes the GraphQL streams).
  const items = STREAMED.has(endpoint.path) ? onceEach(itemsAt(answer, paging.items)) : itemsAt(answer, paging.items);
  const nextCursor = nextCursorOf(paging, answer, sent);
  if (items.length === 0 && nextCursor !== null) return { items, nextCursor: null, stop: 'empty_page' };
  if (nextCursor === null && isLimited(answer)) return { items, nextCursor, stop: 'limited' };
  return { items, nextCursor };
}

/** The params of the next request: the same params with the cursor's values (the first page has none). */
export function withCursor(params: Record<string, unknown>, cursor: PageCursor | null): Record<string, unknown> {
  return cursor ? { ...params, ...cursor } : { ...params };
}
