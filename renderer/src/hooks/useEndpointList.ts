// Every infinite list in the app: react-query's useInfiniteQuery over the shared pager. No screen pages
// by itself: the catalog's paging descriptor says where the cursor goes and where the items are.
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { findEndpoint } from '../../../shared/api/catalog';
import { normalizeItems } from '../../../shared/api/normalize';
import { readPage, withCursor, type PageCursor } from '../../../shared/api/pager';
import type { AppRecord } from '../../../shared/records';
import { callEndpoint } from '../api/call';
import type { Params } from './useEndpoint';

export interface ListPage {
  records: AppRecord[];
  raw: unknown;
  nextCursor: PageCursor | null;
  units: number;
  cacheHit: boolean;
}

export interface ListStats {
  pages: number;
  /** Pages that went to the service (the rest came from main's cache). */
  requests: number;
  units: number;
  reachedEnd: boolean;
}

export const listKey = (path: string, params: Params) => ['list', path, params] as const;

export function useEndpointList<T extends AppRecord = AppRecord>(path: string, params: Params, options: { enabled?: boolean; what?: string } = {}) {
  const endpoint = findEndpoint(path);
  if (!endpoint?.paging) throw new Error(`${path} does not page: use useEndpoint`);
  const queryClient = useQueryClient();
  // After an explicit Refresh, pages bypass main's cache (they are fetched again from the service).
  const bypassCache = useRef(false);
  const query = useInfiniteQuery({
    queryKey: listKey(path, params),
    enabled: options.enabled ?? true,
    initialPageParam: null as PageCursor | null,
    queryFn: async ({ pageParam }): Promise<ListPage> => {
      const value = await callEndpoint(path, withCursor(params, pageParam) as Params, { what: options.what, refresh: bypassCache.current });
      const page = readPage(endpoint, value.data, withCursor(params, pageParam));
      return { records: normalizeItems(endpoint, page.items), raw: value.data, nextCursor: page.nextCursor, units: value.units, cacheHit: value.cacheHit };
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

  const pages = query.data?.pages;
  const items = useMemo(() => (pages ?? []).flatMap((p) => p.records) as T[], [pages]);
  const stats: ListStats = useMemo(
    () => ({
      pages: pages?.length ?? 0,
      requests: (pages ?? []).filter((p) => !p.cacheHit).length,
      units: (pages ?? []).reduce((sum, p) => sum + p.units, 0),
      reachedEnd: query.isSuccess && !query.hasNextPage,
    }),
    [pages, query.isSuccess, query.hasNextPage],
  );

  /** Loads the next page only when one exists and none is already loading. */
  const loadMore = () => {
    if (query.hasNextPage && !query.isFetchingNextPage && !query.isFetching) void query.fetchNextPage();
  };

  /** Starts over from page 1, bypassing main's cache: spends one request per page loaded again. */
  const refresh = async () => {
    bypassCache.current = true;
    await queryClient.resetQueries({ queryKey: listKey(path, params), exact: true });
  };

  return { ...query, items, stats, loadMore, refresh, endpoint };
}
