// One run of the Explorer's form: the first page when the user sends it, then "next page" through the
// shared pager, pages appended, each page asked for once (PageGuard). Every call goes through
// callEndpoint, so main's validation, cache, cost guard (and its confirmation) and request log apply
// as to any screen. Each page then gets from main where its big integers were.
import { useCallback, useRef, useState } from 'react';
import type { Endpoint } from '../../../../shared/api/catalog';
import { normalizeAnswer, normalizeItems } from '../../../../shared/api/normalize';
import type { PageCursor } from '../../../../shared/api/pager';
import { EXPLORER_REQUEST_PREFIX, type ExplorerAnswerInfo } from '../../../../shared/explorer';
import type { CallValue } from '../../../../shared/ipc';
import type { AppRecord } from '../../../../shared/records';
import { feedlens } from '../../api/bridge';
import { callEndpoint } from '../../api/call';
import type { CallParams } from './form';
import { PageGuard, pageRequest, readAnswer, type PageRequest } from './paging';

export interface ExplorerPage {
  /** 1-based. */
  n: number;
  request: PageRequest;
  value: CallValue;
  /** When the request left (epoch ms), to find its request log entries. */
  sentAt: number;
  records: AppRecord[];
  /** The cursor of the page after this one; null at the end. */
  next: PageCursor | null;
  /** Where its big integers were; undefined while main is asked. */
  info?: ExplorerAnswerInfo;
}

export interface ExplorerRun {
  params: CallParams;
  /** Every page of the run is asked of the service, whatever the cache holds. */
  fresh: boolean;
  pages: ExplorerPage[];
  /** The page being fetched. */
  pending: PageRequest | null;
  error: unknown;
  /** The request id of the call that failed, to save the service's error answer raw. */
  failedRequestId: string | null;
}

const UNKNOWN: ExplorerAnswerInfo = { bigInts: null, bytes: null, sha256: null };

function recordsOf(endpoint: Endpoint, data: unknown, items: unknown[]): AppRecord[] {
  if (endpoint.paging) return normalizeItems(endpoint, items);
  const records = normalizeAnswer(endpoint, data);
  return records === null ? [] : Array.isArray(records) ? records : [records];
}

export function useExplorerRun(endpoint: Endpoint) {
  const [run, setRun] = useState<ExplorerRun | null>(null);
  const guard = useRef(new PageGuard());
  // Bumped by each new run: answers of an older run arriving late are dropped.
  const generation = useRef(0);

  const fetchPage = useCallback(
    async (params: CallParams, fresh: boolean, cursor: PageCursor | null, pageNumber: number) => {
      const request = pageRequest(params, cursor);
      if (!guard.current.claim(request)) return;
      const mine = generation.current;
      const update = (f: (r: ExplorerRun) => ExplorerRun) => setRun((r) => (r && generation.current === mine ? f(r) : r));
      update((r) => ({ ...r, pending: request, error: null, failedRequestId: null }));
      const sentAt = Date.now();
      const requestId = `${EXPLORER_REQUEST_PREFIX}${crypto.randomUUID()}`;
      try {
        const value = await callEndpoint(endpoint.path, request.sent, { requestId, ...(fresh ? { refresh: true } : {}) });
        const { items, next } = readAnswer(endpoint, value.data, request.sent);
        const page: ExplorerPage = { n: pageNumber, request, value, sentAt, records: recordsOf(endpoint, value.data, items), next };
        update((r) => ({ ...r, pending: null, pages: [...r.pages, page] }));
        const info = await feedlens().explorerAnswer({ requestId: value.requestId });
        update((r) => ({ ...r, pages: r.pages.map((p) => (p === page ? { ...p, info: info.ok ? info.value : UNKNOWN } : p)) }));
      } catch (error) {
        guard.current.release(request);
        update((r) => ({ ...r, pending: null, error, failedRequestId: requestId }));
      }
    },
    [endpoint],
  );

  /** Sends the form: a new run from the first page (ignored while a page is being fetched). */
  const send = useCallback(
    (params: CallParams, { fresh }: { fresh: boolean }) => {
      if (run?.pending) return;
      generation.current += 1;
      guard.current = new PageGuard();
      setRun({ params, fresh, pages: [], pending: null, error: null, failedRequestId: null });
      void fetchPage(params, fresh, null, 1);
    },
    [run?.pending, fetchPage],
  );

  const last = run?.pages.at(-1) ?? null;
  const canNext = !!run && !run.pending && !!last?.next;
  /** The page after the last one; a second click while it loads asks for nothing. */
  const nextPage = useCallback(() => {
    if (!run || !last?.next) return;
    void fetchPage(run.params, run.fresh, last.next, last.n + 1);
  }, [run, last, fetchPage]);

  /** Tries the page that failed again (the first page, or the next one). */
  const retry = useCallback(() => {
    if (!run || run.pending) return;
    if (!last) void fetchPage(run.params, run.fresh, null, 1);
    else if (last.next) void fetchPage(run.params, run.fresh, last.next, last.n + 1);
  }, [run, last, fetchPage]);

  return { run, send, nextPage, canNext, retry, ended: !!last && last.next === null };
}
