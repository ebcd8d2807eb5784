// The data browser's rows as main answers them, a page of 100 at a time as the table scrolls to them
// (the other study queries are in queries.ts). Nothing here spends: main runs every query in the study's database.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppError } from '../../../../shared/api/errors';
import type { BrowseQuery, BrowseRow } from '../../../../shared/ipc/study-data';
import { feedlens } from '../../api/bridge';

const PAGE = 100;

export interface BrowseState {
  total: number | null;
  /** Time main took for the last page, ms. */
  ms: number | null;
  error: AppError | null;
  row(index: number): BrowseRow | undefined;
  /** Loads the pages holding rows [from, to] that are not loaded yet. */
  ensure(from: number, to: number): void;
  /** Reads the loaded pages again (after coding, a note, a re-check). */
  refresh(): void;
  /** Every row loaded so far, in order (to act on a range). */
  loaded(): BrowseRow[];
}

/** The rows a query matches, a page at a time; a new query starts over. */
export function useBrowse(id: string, query: BrowseQuery): BrowseState {
  const key = JSON.stringify(query);
  const pages = useRef(new Map<number, BrowseRow[]>());
  const pending = useRef(new Set<number>());
  const generation = useRef(0);
  const [total, setTotal] = useState<number | null>(null);
  const [ms, setMs] = useState<number | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [, setTick] = useState(0);

  const load = useCallback(
    (page: number, gen: number) => {
      pending.current.add(page);
      void feedlens()
        .studyBrowse({ id, query: JSON.parse(key) as BrowseQuery, offset: page * PAGE, limit: PAGE })
        .then((r) => {
          if (gen !== generation.current) return;
          pending.current.delete(page);
          if (!r.ok) return setError(r.error);
          pages.current.set(page, r.value.rows);
          setTotal(r.value.total);
          setMs(r.value.ms);
          setError(null);
          setTick((t) => t + 1);
        });
    },
    [id, key],
  );

  useEffect(() => {
    generation.current += 1;
    pages.current = new Map();
    pending.current = new Set();
    setTotal(null);
    load(0, generation.current);
  }, [load]);

  const ensure = useCallback(
    (from: number, to: number) => {
      for (let p = Math.floor(Math.max(0, from) / PAGE); p <= Math.floor(Math.max(0, to) / PAGE); p++) {
        if (!pages.current.has(p) && !pending.current.has(p)) load(p, generation.current);
      }
    },
    [load],
  );
  const refresh = useCallback(() => {
    const loadedPages = [...pages.current.keys()];
    generation.current += 1;
    pending.current = new Set();
    for (const p of loadedPages.length > 0 ? loadedPages : [0]) load(p, generation.current);
  }, [load]);

  return {
    total,
    ms,
    error,
    row: (index) => pages.current.get(Math.floor(index / PAGE))?.[index % PAGE],
    ensure,
    refresh,
    loaded: () => [...pages.current.entries()].sort((a, b) => a[0] - b[0]).flatMap(([, rows]) => rows),
  };
}
