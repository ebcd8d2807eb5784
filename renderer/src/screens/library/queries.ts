// The library's data: accounts and items from main's index. Local and free, so read afresh whenever the
// screen opens, and again whenever a download finishes (the index grows as items are saved).
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { OpArgs } from '../../../../shared/ipc';
import { feedlens, unwrap } from '../../api/bridge';

export type LibraryKind = NonNullable<OpArgs<'libraryList'>['kind']>;

const PAGE = 120;
const LOCAL = { staleTime: 0, refetchOnMount: 'always' as const };

export function useLibraryAccounts() {
  return useQuery({ queryKey: ['library', 'accounts'], queryFn: async () => unwrap(await feedlens().libraryAccounts({})), ...LOCAL });
}

/** Items newest first, filtered, a page at a time. */
export function useLibraryItems(username: string | null, kind: LibraryKind | null) {
  const query = useInfiniteQuery({
    queryKey: ['library', 'items', username, kind],
    initialPageParam: 0,
    queryFn: async ({ pageParam }) =>
      unwrap(await feedlens().libraryList({ username: username ?? undefined, kind: kind ?? undefined, offset: pageParam, limit: PAGE })),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
    ...LOCAL,
  });
  const items = useMemo(() => (query.data?.pages ?? []).flatMap((p) => p.items), [query.data]);
  const total = query.data?.pages.at(-1)?.total ?? null;
  const loadMore = () => {
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };
  return { ...query, items, total, loadMore };
}

/** How many items of each kind (for the filter's counts): one cheap local call per kind. */
export function useKindCounts(username: string | null) {
  return useQuery({
    queryKey: ['library', 'kinds', username],
    queryFn: async () => {
      const kinds: LibraryKind[] = ['post', 'story', 'highlight', 'profile'];
      const totals = await Promise.all(kinds.map(async (kind) => unwrap(await feedlens().libraryList({ username: username ?? undefined, kind, limit: 1 })).total));
      return Object.fromEntries(kinds.map((k, i) => [k, totals[i] ?? 0])) as Record<LibraryKind, number>;
    },
    ...LOCAL,
  });
}

/** Reloads the library's queries whenever main adds an item to the library (its sidecar is written). */
export function useReloadOnSaved(): void {
  const queryClient = useQueryClient();
  useEffect(() => feedlens().on('library', () => void queryClient.invalidateQueries({ queryKey: ['library'] })), [queryClient]);
}
