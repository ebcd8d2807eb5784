// The cursors main may send: only one that an earlier answer of the same list gave it (same service and
// mode, same endpoint, same parameters but the cursor). A cursor the service never issued would be
// refused by it, and charged; a renderer, a typed Explorer field or a study database (untrusted data) can
// name any. Every answer main reads, fresh or from the cache, tells this memory the cursor of its next page
// (the pager knows where it is); on the first cursor it does not know, the memory also takes in every
// cursor the request log of this machine ever recorded as received, which covers answers of earlier app
// sessions and those still in the cache (each was logged, with its cursor, when it was fetched).
// Kept as short hashes of (list, cursor), one per subset of a cursor's parameters, so that a request that
// sends part of a cursor (rank_token without reels_max_id) is known too. The memory holds the most
// recently given ones only (a headless collector runs for months; every page adds a cursor): a list paged
// beyond that many pages ago starts again from its first page.
import { createHash } from 'node:crypto';
import type { Endpoint } from '../../shared/api/catalog';
import { findEndpoint } from '../../shared/api/catalog';
import type { ParamIssue } from '../../shared/api/errors';
import type { PageCursor } from '../../shared/api/pager';
import type { LedgerEntry } from '../../shared/ipc';

/** The service a list belongs to: a demo cursor means nothing to the live service, nor one service's to another. */
export interface CursorScope {
  mode: 'demo' | 'live';
  origin: string;
}

export interface IssuedCursors {
  /** An answer to this request (its query as sent) gave `next` as the cursor of the following page. */
  remember(scope: CursorScope, endpoint: Endpoint, query: readonly (readonly [string, string])[], next: PageCursor | null): void;
  /** Why the cursor this request sends may not be sent (empty: it sends none, or one its list was given). */
  check(scope: CursorScope, endpoint: Endpoint, query: readonly (readonly [string, string])[]): Promise<ParamIssue[]>;
}

export interface IssuedCursorsOptions {
  /** Every request the log holds, oldest first (read once, when a cursor is first not known). */
  history?: () => AsyncIterable<LedgerEntry>;
  log?: (message: string) => void;
  /** How many cursor hashes are kept, the most recently given. */
  limit?: number;
}

/** About 20,000 pages of lists: far more than one app session pages back through, a few MB of memory. */
export const ISSUED_CURSORS_KEPT = 60_000;

type Pair = readonly [string, string];

function cursorNames(endpoint: Endpoint): ReadonlySet<string> {
  return new Set(endpoint.params.filter((p) => p.rule === 'cursor').map((p) => p.name));
}

/** The query's pairs, split into the list's own (sorted by name, repeated names in order) and the cursor's. */
function split(endpoint: Endpoint, query: readonly Pair[]): { list: Pair[]; cursor: Pair[] } {
  const names = cursorNames(endpoint);
  const list: Pair[] = [];
  const cursor: Pair[] = [];
  for (const pair of query) (names.has(pair[0]) ? cursor : list).push(pair);
  const byName = (a: Pair, b: Pair) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  return { list: list.sort(byName), cursor: cursor.sort(byName) };
}

function keyOf(scope: CursorScope, path: string, list: readonly Pair[], cursor: readonly Pair[]): string {
  return createHash('sha256').update(JSON.stringify([scope.mode, scope.origin, path, list, cursor])).digest('base64').slice(0, 22);
}

/** Every non-empty subset of the cursor's pairs (a cursor has one to three parameters). */
function subsets(pairs: readonly Pair[]): Pair[][] {
  const out: Pair[][] = [];
  for (let mask = 1; mask < 1 << pairs.length; mask++) out.push(pairs.filter((_, i) => mask & (1 << i)));
  return out;
}

/** A ledger entry's params (a query record) as query pairs. */
function pairsOf(params: Record<string, unknown>): Pair[] {
  return Object.entries(params).flatMap(([name, value]) =>
    Array.isArray(value) ? value.map((v): Pair => [name, String(v)]) : [[name, String(value)] as Pair],
  );
}

export function createIssuedCursors(options: IssuedCursorsOptions = {}): IssuedCursors {
  let known = new Set<string>(); // in the order given, the oldest first
  const limit = options.limit ?? ISSUED_CURSORS_KEPT;
  let history: Promise<void> | null = null;

  function keep(set: Set<string>, key: string): void {
    set.delete(key); // given again: now the most recent
    set.add(key);
    if (set.size > limit) set.delete(set.values().next().value!);
  }

  function remember(scope: CursorScope, endpoint: Endpoint, query: readonly Pair[], next: PageCursor | null, into = known): void {
    if (!next) return;
    const { list } = split(endpoint, query);
    const given = Object.entries(next)
      .map(([name, value]): Pair => [name, value.trim()])
      .sort((a, b) => (a[0] < b[0] ? -1 : 1));
    for (const part of subsets(given)) keep(into, keyOf(scope, endpoint.path, list, part));
  }

  async function readHistory(): Promise<void> {
    if (!options.history) return;
    const earlier = new Set<string>();
    try {
      for await (const e of options.history()) {
        if (e.errorKind !== null || !e.cursorReceived || !e.origin) continue;
        const endpoint = findEndpoint(e.path);
        if (endpoint) remember({ mode: e.mode, origin: e.origin }, endpoint, pairsOf(e.params), e.cursorReceived, earlier);
      }
      // The log's cursors are older than those this session was given meanwhile.
      for (const key of known) keep(earlier, key);
      known = earlier;
    } catch (error) {
      // Cursors of this app session still count; earlier ones are refused, and their lists start over.
      options.log?.(`cursors: the request log could not be read (${error instanceof Error ? error.message : String(error)})`);
    }
  }

  return {
    remember: (scope, endpoint, query, next) => remember(scope, endpoint, query, next),
    async check(scope, endpoint, query) {
      const { list, cursor } = split(endpoint, query);
      if (cursor.length === 0) return [];
      const key = keyOf(scope, endpoint.path, list, cursor);
      if (known.has(key)) return [];
      await (history ??= readHistory());
      if (known.has(key)) return [];
      const names = cursor.map(([name]) => `'${name}'`).join(' and ');
      return [
        {
          param: cursor[0]?.[0] ?? 'cursor',
          message:
            `${names} ${cursor.length > 1 ? 'are' : 'is'} not a cursor an earlier page of this list gave ` +
            '(a cursor only works for the list whose page gave it: the same request with the same parameters). Start the list again from its first page',
        },
      ];
    },
  };
}
