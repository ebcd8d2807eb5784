// The data browser's rows as main answers them, a page of 100 at a time as the table scrolls to them
// (the other study queries are in queries.ts): one react-query query per page, so a change to the study
// (coding, a note, a run's pages) reads the loaded pages again. Nothing here spends: main runs every
// query in the study's database.
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { AppError } from '../../../../shared/api/errors';
import type { BrowseQuery, BrowseRow } from '../../../../shared/ipc/study-data';
import { appErrorOf, feedlens, unwrap } from '../../api/bridge';
import { studyKeys } from './queries';

const PAGE = 100;

export interface BrowseState {
  total: number | null;
  /** Time main took for the last page, ms. */
  ms: number | null;
  error: AppError | null;
  row(index: number): BrowseRow | undefined;
  /** Loads the pages holding rows [from, to] that are not loaded yet. */
  ensure(from: number, to: number): void;
  /** Reads the loaded pages again (after a re-check). */
  refresh(): void;
  /** Every row loaded so far, in order (to act on a range). */
  loaded(): BrowseRow[];
}

/** The rows a query matches, a page at a time; a new query starts over. */
export function useBrowse(id: string, query: BrowseQuery): BrowseState {
  const key = JSON.stringify(query);
  const queryClient = useQueryClient();
  // The pages the table has asked for, of this query (a new query starts from its first page).
  const [asked, setAsked] = useState<{ key: string; pages: number[] }>({ key, pages: [0] });
  const pages = asked.key === key ? asked.pages : [0];
  const results = useQueries({
    queries: pages.map((page) => ({
      queryKey: studyKeys.browse(id, key, page),
      queryFn: async () => unwrap(await feedlens().studyBrowse({ id, query: JSON.parse(key) as BrowseQuery, offset: page * PAGE, limit: PAGE })),
      staleTime: 0,
      // The pages of a query left behind (another filter, another study) go soon: a study can have 100,000s of rows.
      gcTime: 60_000,
    })),
  });
  const byPage = new Map(pages.map((page, i) => [page, results[i]!] as const));
  const newest = results.reduce<(typeof results)[number] | null>((a, r) => (r.data && (!a || r.dataUpdatedAt > a.dataUpdatedAt) ? r : a), null);
  const failed = results.find((r) => r.error);

  const ensure = useCallback(
    (from: number, to: number) => {
      const wanted: number[] = [];
      for (let p = Math.floor(Math.max(0, from) / PAGE); p <= Math.floor(Math.max(0, to) / PAGE); p++) wanted.push(p);
      setAsked((was) => {
        const had = was.key === key ? was.pages : [0];
        const more = wanted.filter((p) => !had.includes(p));
        return more.length === 0 && was.key === key ? was : { key, pages: [...had, ...more] };
      });
    },
    [key],
  );
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: studyKeys.browseAll(id) }), [queryClient, id]);

  return {
    total: newest?.data?.total ?? null,
    ms: newest?.data?.ms ?? null,
    error: failed ? appErrorOf(failed.error) : null,
    row: (index) => byPage.get(Math.floor(index / PAGE))?.data?.rows[index % PAGE],
    ensure,
    refresh,
    loaded: () => [...byPage.entries()].sort((a, b) => a[0] - b[0]).flatMap(([, r]) => r.data?.rows ?? []),
  };
}
