// The studies as main knows them, kept current by main's `study` events (a run's pages and changes of
// state). Reading them sends nothing to the service.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppError } from '../../../../shared/api/errors';
import type { Result } from '../../../../shared/ipc';
import type { RunInfo, StudyDetail, StudyInfo } from '../../../../shared/studies';
import { feedlens } from '../../api/bridge';

export interface Loaded<T> {
  data: T | null;
  error: AppError | null;
  reload: () => void;
}

/** Loads `load()` now, again on `reload`, and (at most every 400 ms) when `onEvent` says so. */
export function useMainData<T>(load: () => Promise<Result<T>>, onEvent: (studyId: string) => boolean, deps: unknown[]): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const eventRef = useRef(onEvent);
  eventRef.current = onEvent;
  useEffect(() => {
    let live = true;
    void loadRef.current().then((r) => {
      if (!live) return;
      if (r.ok) {
        setData(r.value);
        setError(null);
      } else setError(r.error);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deps are the caller's
  }, [tick, ...deps]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const off = feedlens().on('study', (event) => {
      if (!eventRef.current(event.studyId) || timer) return;
      timer = setTimeout(() => {
        timer = null;
        setTick((t) => t + 1);
      }, 400);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, []);
  return { data, error, reload: useCallback(() => setTick((t) => t + 1), []) };
}

export function useStudyList(): Loaded<StudyInfo[]> {
  return useMainData(() => feedlens().studyList({}), () => true, []);
}

export function useStudy(id: string): Loaded<StudyDetail> {
  return useMainData(() => feedlens().studyGet({ id }), (studyId) => studyId === id, [id]);
}

/** The study's run under way (running or paused), live from every event. */
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
