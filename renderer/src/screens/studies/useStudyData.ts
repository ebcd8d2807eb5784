// A study's data at hand as main answers it: accounts and their change timelines, the codebook, saved
// views, re-checks (live from main's `studyCheck` events) and the data browser's rows, a page of 100 at a
// time as the table scrolls to them. Nothing here spends: main runs every query in the study's database.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppError } from '../../../../shared/api/errors';
import type { BrowseQuery, BrowseRow, CheckInfo, CodeInfo, SavedView, StudyAccount } from '../../../../shared/study-data';
import { feedlens } from '../../api/bridge';
import { useMainData, type Loaded } from './useStudies';

export function useStudyAccounts(id: string): Loaded<StudyAccount[]> {
  return useMainData(() => feedlens().studyAccounts({ id }), (studyId) => studyId === id, [id]);
}

export function useCodes(id: string): Loaded<CodeInfo[]> & { set: (codes: CodeInfo[]) => void } {
  const loaded = useMainData(() => feedlens().studyCodes({ id }), () => false, [id]);
  const [override, setOverride] = useState<CodeInfo[] | null>(null);
  useEffect(() => setOverride(null), [loaded.data]);
  return { ...loaded, data: override ?? loaded.data, set: setOverride };
}

export function useViews(id: string): Loaded<SavedView[]> {
  return useMainData(() => feedlens().studyViews({ id }), () => false, [id]);
}

/** The study's re-checks, newest first, kept current by main's events. */
export function useChecks(id: string): Loaded<CheckInfo[]> {
  const loaded = useMainData(() => feedlens().studyChecks({ id }), () => false, [id]);
  const [live, setLive] = useState<CheckInfo[] | null>(null);
  useEffect(() => setLive(loaded.data), [loaded.data]);
  useEffect(
    () =>
      feedlens().on('studyCheck', (event) => {
        if (event.studyId !== id) return;
        setLive((was) => {
          const list = was ?? [];
          const rest = list.filter((c) => c.id !== event.check.id);
          return [event.check, ...rest].sort((a, b) => b.id - a.id);
        });
      }),
    [id],
  );
  return { ...loaded, data: live };
}

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
