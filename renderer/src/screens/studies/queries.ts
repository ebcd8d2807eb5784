// The studies as main knows them, through react-query like every other answer of main: one key per
// thing main answers, read afresh when a screen opens (local and free: nothing here reaches the service),
// and invalidated when main's `study` events say a run's pages or a state changed; a re-check's progress
// arrives in `studyCheck` events and is written into its query directly.
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { AppError } from '../../../../shared/api/errors';
import type { OpArgs, Result } from '../../../../shared/ipc';
import type { ChartsData } from '../../../../shared/charts';
import type { CheckInfo, CodeInfo, SavedView, StudyAccount } from '../../../../shared/ipc/study-data';
import type { RunDetail, RunEstimate, RunInfo, StudyDetail, StudyInfo } from '../../../../shared/ipc/studies';
import type { MediaStatus, ReuseAnswer } from '../../../../shared/ipc/media';
import { appErrorOf, feedlens, unwrap } from '../../api/bridge';

export interface Loaded<T> {
  data: T | null;
  error: AppError | null;
  reload: () => void;
}

/** Query keys: everything of one study under ['study', id], the list apart. */
export const studyKeys = {
  list: ['studies'] as const,
  all: (id: string) => ['study', id] as const,
  detail: (id: string) => ['study', id, 'detail'] as const,
  accounts: (id: string) => ['study', id, 'accounts'] as const,
  codes: (id: string) => ['study', id, 'codes'] as const,
  views: (id: string) => ['study', id, 'views'] as const,
  checks: (id: string) => ['study', id, 'checks'] as const,
  runEstimate: (id: string) => ['study', id, 'run-estimate'] as const,
  scheduleEstimate: (id: string, everyHours: number | null) => ['study', id, 'schedule-estimate', everyHours] as const,
  run: (id: string, runId: number, updatedAt: number) => ['study', id, 'run', runId, updatedAt] as const,
  record: (id: string, rowid: number) => ['study', id, 'record', rowid] as const,
  browseAll: (id: string) => ['study', id, 'browse'] as const,
  browse: (id: string, query: string, page: number) => ['study', id, 'browse', query, page] as const,
  timeline: (id: string, targetId: number) => ['study', id, 'timeline', targetId] as const,
  minimisation: (id: string) => ['study', id, 'minimisation'] as const,
  checkQuote: (id: string, scope: unknown) => ['study', id, 'check-quote', JSON.stringify(scope)] as const,
  charts: (id: string, unit: string, timeZone: string, targetId: number | null) => ['study', id, 'charts', unit, timeZone, targetId] as const,
  media: (id: string) => ['study', id, 'media'] as const,
  reuse: (id: string) => ['study', id, 'reuse'] as const,
  mediaOf: (id: string, rowid: number) => ['study', id, 'media-of', rowid] as const,
};

/** Events come in bursts (a run's pages): a query is read again at most this often. */
const EVENT_THROTTLE_MS = 400;

/** Reads `key` again (throttled) whenever main's `study` event is about a study `matches` accepts. */
function useInvalidateOnStudyEvent(key: QueryKey, matches: (studyId: string) => boolean): void {
  const queryClient = useQueryClient();
  const serial = JSON.stringify(key);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const off = feedlens().on('study', (event) => {
      if (!matches(event.studyId) || timer) return;
      timer = setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: JSON.parse(serial) as QueryKey });
      }, EVENT_THROTTLE_MS);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `matches` depends only on what `key` names
  }, [queryClient, serial]);
}

/** A query of main's answer (`load`), in the shape the study screens use. */
export function useMainQuery<T>(key: QueryKey, load: () => Promise<Result<T>>, o: { keep?: boolean } = {}): Loaded<T> {
  // `keep: false`: nothing of an earlier reading is shown while main answers again (gcTime 0 drops it once unused).
  const query = useQuery({ queryKey: key, queryFn: async () => unwrap(await load()), staleTime: 0, refetchOnMount: 'always', ...(o.keep === false ? { gcTime: 0 } : {}) });
  const { refetch } = query;
  return { data: query.data ?? null, error: query.error ? appErrorOf(query.error) : null, reload: useCallback(() => void refetch(), [refetch]) };
}

export function useStudyList(): Loaded<StudyInfo[]> {
  useInvalidateOnStudyEvent(studyKeys.list, () => true);
  return useMainQuery(studyKeys.list, () => feedlens().studyList({}));
}

export function useStudy(id: string): Loaded<StudyDetail> {
  useInvalidateOnStudyEvent(studyKeys.detail(id), (studyId) => studyId === id);
  return useMainQuery(studyKeys.detail(id), () => feedlens().studyGet({ id }));
}

export function useStudyAccounts(id: string): Loaded<StudyAccount[]> {
  useInvalidateOnStudyEvent(studyKeys.accounts(id), (studyId) => studyId === id);
  return useMainQuery(studyKeys.accounts(id), () => feedlens().studyAccounts({ id }));
}

type ChartsArgs = OpArgs<'studyCharts'>;

export function useStudyCharts(id: string, unit: NonNullable<ChartsArgs['unit']>, timeZone: NonNullable<ChartsArgs['timeZone']>, targetId: number | null): Loaded<ChartsData> {
  const key = studyKeys.charts(id, unit, timeZone, targetId);
  useInvalidateOnStudyEvent(key, (studyId) => studyId === id);
  return useMainQuery(key, () => feedlens().studyCharts({ id, unit, timeZone, ...(targetId !== null ? { targetId } : {}) }));
}

/** The codebook; `set` puts the codebook main answered after a change in place without reading it again. */
export function useCodes(id: string): Loaded<CodeInfo[]> & { set: (codes: CodeInfo[]) => void } {
  const queryClient = useQueryClient();
  const loaded = useMainQuery(studyKeys.codes(id), () => feedlens().studyCodes({ id }));
  const set = useCallback((codes: CodeInfo[]) => queryClient.setQueryData(studyKeys.codes(id), codes), [queryClient, id]);
  return { ...loaded, set };
}

/**
 * Main's estimate of a run now (from the study and the cache: nothing is sent). Never the one of an earlier
 * opening (runs since changed what is left to read): its budget is what the dialog proposes.
 */
export function useRunEstimate(id: string): Loaded<RunEstimate> {
  return useMainQuery(studyKeys.runEstimate(id), () => feedlens().studyRunEstimate({ id }), { keep: false });
}

/** One run's figures per target and its errors, as of the run's last change. */
export function useRunDetail(id: string, run: RunInfo): Loaded<RunDetail> {
  return useMainQuery(studyKeys.run(id, run.id, run.updatedAt), () => feedlens().studyRunDetail({ id, runId: run.id }));
}

export function useViews(id: string): Loaded<SavedView[]> {
  return useMainQuery(studyKeys.views(id), () => feedlens().studyViews({ id }));
}

/** The study's re-checks, newest first, each kept current by main's `studyCheck` events. */
export function useChecks(id: string): Loaded<CheckInfo[]> {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      feedlens().on('studyCheck', (event) => {
        if (event.studyId !== id) return;
        queryClient.setQueryData<CheckInfo[]>(studyKeys.checks(id), (was) => [event.check, ...(was ?? []).filter((c) => c.id !== event.check.id)].sort((a, b) => b.id - a.id));
      }),
    [queryClient, id],
  );
  return useMainQuery(studyKeys.checks(id), () => feedlens().studyChecks({ id }));
}

/** The study's media analysis, kept current by main's `studyMedia` events; its groups are read again when a pass ends. */
export function useMediaStatus(id: string): Loaded<MediaStatus> {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      feedlens().on('studyMedia', (status) => {
        if (status.studyId !== id) return;
        queryClient.setQueryData(studyKeys.media(id), status);
        if (status.state !== 'running') void queryClient.invalidateQueries({ queryKey: studyKeys.reuse(id) });
      }),
    [queryClient, id],
  );
  return useMainQuery(studyKeys.media(id), () => feedlens().studyMediaStatus({ id }));
}

/** The reuse groups at the study's k. */
export function useReuse(id: string): Loaded<ReuseAnswer> {
  return useMainQuery(studyKeys.reuse(id), () => feedlens().studyReuse({ id }));
}

/** The study's run under way (running or paused), live from every event (event state, not a call). */
export function useLiveRun(id: string, fromDetail: RunInfo | null): RunInfo | null {
  const [run, setRun] = useState<RunInfo | null>(fromDetail);
  useEffect(() => setRun(fromDetail), [fromDetail]);
  useEffect(
    () =>
      feedlens().on('study', (event) => {
        if (event.studyId === id && event.run) setRun((was) => (!was || event.run!.id >= was.id ? event.run : was));
      }),
    [id],
  );
  return run;
}
