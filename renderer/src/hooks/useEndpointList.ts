// Every infinite list in the app: react-query's useInfiniteQuery over the shared pager. No screen pages
// by itself: the catalog's paging descriptor says where the cursor goes and where the items are.
import { useSessionId } from '../state/app';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { findEndpoint } from '../../../shared/api/catalog';
import { firstOfEach, normalizeItems } from '../../../shared/api/normalize';
import { PAGE_STOP_MESSAGES, readPage, withCursor, type PageCursor, type PageStop } from '../../../shared/api/pager';
import type { Provenance } from '../../../shared/ipc';
import type { AppRecord } from '../../../shared/records';
import { callEndpoint } from '../api/call';
import { useAppendOnly } from './useAppendOnly';
import type { Params } from './useEndpoint';

export interface ListPage {
  records: AppRecord[];
  raw: unknown;
  nextCursor: PageCursor | null;
  /** Why the list stopped at this page, when the pager says (an empty page with a next cursor, a capped list). */
  stop?: PageStop;
  units: number;
  cacheHit: boolean;
  /** The call that fetched this page (its params include the cursor sent), for selections and exports. */
  provenance: Provenance;
}

export interface ListStats {
  pages: number;
  /** Pages that went to the service (the rest came from main's cache). */
  requests: number;
  units: number;
  reachedEnd: boolean;
  /** What to tell the user when the list stopped early or was capped by the service, else null. */
  stopped?: string | null;
}

const NO_PAGES: readonly ListPage[] = [];

/** Pages are kept per session (mode, service, key): nothing of demo mode is shown as live, or back. */
export const listKey = (path: string, params: Params, session: string) => ['list', session, path, params] as const;

export function useEndpointList<T extends AppRecord = AppRecord>(path: string, params: Params, options: { enabled?: boolean } = {}) {
  const endpoint = findEndpoint(path);
  if (!endpoint?.paging) throw new Error(`${path} does not page: use useEndpoint`);
  const queryClient = useQueryClient();
  const session = useSessionId();
  // After an explicit Refresh, pages bypass main's cache (they are fetched again from the service).
  const bypassCache = useRef(false);
  const query = useInfiniteQuery({
    queryKey: listKey(path, params, session),
    enabled: options.enabled ?? true,
    initialPageParam: null as PageCursor | null,
    queryFn: async ({ pageParam }): Promise<ListPage> => {
      const sent = withCursor(params, pageParam) as Params;
      const value = await callEndpoint(path, sent, { refresh: bypassCache.current });
      const page = readPage(endpoint, value.data, sent);
      return {
        records: normalizeItems(endpoint, page.items),
        raw: value.data,
        nextCursor: page.nextCursor,
        ...(page.stop ? { stop: page.stop } : {}),
        units: value.units,
        cacheHit: value.cacheHit,
        provenance: { path, params: sent, requestId: value.fetchedBy, fetchedAt: value.fetchedAt },
      };
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A page appended keeps every page before it as it was (what useAppendOnly builds on); structural
    // sharing would compare the whole list of pages again for every page that arrives (a set of 800 pages
    // made and walked at 10,000 posts), and lists are fetched again only when the user refreshes them.
    structuralSharing: false,
  });

  const pages = query.data?.pages;
  // Extended a page at a time, not flattened again for every page (10,000 records, every page). A record
  // a later page gives again (the service's following lists are known to) is listed once, where it came first.
  const listed = useRef(new Set<string>());
  const items = useAppendOnly(pages ?? NO_PAGES, (added, fromStart) => {
    if (fromStart) listed.current = new Set();
    return added.flatMap((p) => firstOfEach(p.records, listed.current));
  }) as T[];
  // Each record's page provenance, looked up by the record object itself (screens filter and reorder items).
  // Filled with the pages each render adds (a page never changes; all of them again when the list starts
  // over), not by visiting every page of a long list for each page arriving.
  const [provenances] = useState(() => new WeakMap<AppRecord, Provenance>());
  useAppendOnly(pages ?? NO_PAGES, (added) => {
    for (const p of added) for (const r of p.records) provenances.set(r, p.provenance);
    return [...added];
  });
  /**
   * The call that fetched a record of this list (null for a record that never was one of its items). One
   * function while the list lives: the map is filled in this render, before anything reads it, and new
   * pages always bring new record objects (the items change with them).
   */
  const provenanceOf = useCallback((record: AppRecord): Provenance | null => provenances.get(record) ?? null, [provenances]);
  /** Identifies the list (endpoint and params) for selection ranges and "select all loaded". */
  const listId = useMemo(() => JSON.stringify([path, params]), [path, params]);
  const stats: ListStats = useMemo(
    () => ({
      pages: pages?.length ?? 0,
      requests: (pages ?? []).filter((p) => !p.cacheHit).length,
      units: (pages ?? []).reduce((sum, p) => sum + p.units, 0),
      reachedEnd: query.isSuccess && !query.hasNextPage,
      stopped: ((stop) => (stop ? PAGE_STOP_MESSAGES[stop] : null))(pages?.[pages.length - 1]?.stop),
    }),
    [pages, query.isSuccess, query.hasNextPage],
  );

  // The latest state, for loadMore: it keeps its identity while a page loads (below).
  const latest = useRef(query);
  useLayoutEffect(() => {
    latest.current = query;
  });
  /**
   * Loads the next page only when one exists and none is already loading. Two calls within one render see
   * the same (stale) state, so the second must not cancel and re-send the first: `cancelRefetch: false`
   * makes it a no-op while a page is on its way (each page is asked for once). A new function only when a
   * page arrives: the memoised grid given it then renders (and looks at its end again, even when the page
   * brought nothing new), but not when a fetch starts and only the footer's spinner changes.
   */
  const loadMore = useCallback(() => {
    const now = latest.current;
    if (now.hasNextPage && !now.isFetchingNextPage && !now.isFetching) void now.fetchNextPage({ cancelRefetch: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pages]);

  /**
   * For the virtual list, when its end is on screen: the next page, but never again by itself after a
   * next page failed (the footer offers a retry), or a billed error would be bought on every scroll.
   */
  const onListEnd = query.isFetchNextPageError ? undefined : loadMore;

  /** Starts over from page 1, bypassing main's cache: spends one request per page loaded again. */
  const refresh = async () => {
    bypassCache.current = true;
    await queryClient.resetQueries({ queryKey: listKey(path, params, session), exact: true });
  };

  return { ...query, items, stats, loadMore, onListEnd, refresh, endpoint, provenanceOf, listId };
}
