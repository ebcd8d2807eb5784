// @vitest-environment happy-dom
// The study screens' actions and data browser over a mocked bridge: an action's failure is shown and a
// declined confirmation is not; a successful action has the study's queries read again (the data
// browser's pages among them), the other studies' not; the browser loads a page only when the table
// scrolls to it, and starts over for a new query.
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../../renderer/src/queryClient';
import { useStudyAction } from '../../../../renderer/src/screens/studies/actions';
import { useBrowse } from '../../../../renderer/src/screens/studies/useBrowse';
import type { AppError } from '../../../../shared/api/errors';
import type { FeedlensApi, Result } from '../../../../shared/ipc';
import type { BrowseQuery } from '../../../../shared/ipc/study-data';
import { emptyBrowseQuery } from '../../../../shared/study-values';

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
const refused = (kind: AppError['kind'], message: string): Result<never> => ({ ok: false, error: { kind, message, billed: false, retryable: false } });

beforeEach(() => {
  client = createQueryClient();
});
afterEach(() => {
  cleanup();
  client.clear();
});

describe('useStudyAction', () => {
  it('shows a failure, hides a declined confirmation, and is busy only while main works', async () => {
    const { result } = renderHook(() => useStudyAction('s1'), { wrapper });
    let answer!: (r: Result<number>) => void;
    let pending!: Promise<Result<number>>;
    act(() => void (pending = result.current.run(() => new Promise<Result<number>>((done) => (answer = done)))));
    await waitFor(() => expect(result.current.busy).toBe(true));
    await act(async () => {
      answer(refused('validation', 'The budget must be a whole number.'));
      expect(await pending).toMatchObject({ ok: false, error: { kind: 'validation' } });
    });
    await waitFor(() => expect(result.current).toMatchObject({ busy: false, error: { message: 'The budget must be a whole number.' } }));

    await act(async () => void (await result.current.run(async () => refused('cancelled', 'You declined.'))));
    await waitFor(() => expect(result.current).toMatchObject({ busy: false, error: null, declined: 'You declined.' }));
    await act(async () => void (await result.current.run(async () => refused('internal', 'Disk full'))));
    await waitFor(() => expect(result.current.error?.message).toBe('Disk full'));
    act(() => result.current.clear());
    await waitFor(() => expect(result.current.error).toBeNull());
  });

  it("after a success, reads this study's queries and the list again, not another study's", async () => {
    const reads = { s1: 0, s2: 0, list: 0 };
    const { result } = renderHook(
      () => {
        useQuery({ queryKey: ['study', 's1', 'detail'], queryFn: () => ++reads.s1 });
        useQuery({ queryKey: ['study', 's2', 'detail'], queryFn: () => ++reads.s2 });
        useQuery({ queryKey: ['studies'], queryFn: () => ++reads.list });
        return useStudyAction('s1');
      },
      { wrapper },
    );
    await waitFor(() => expect(reads).toEqual({ s1: 1, s2: 1, list: 1 }));
    await act(async () => void (await result.current.run(async () => refused('internal', 'no'))));
    await act(async () => expect(await result.current.run(async () => ({ ok: true, value: 7 }) as Result<number>)).toEqual({ ok: true, value: 7 }));
    await waitFor(() => expect(reads).toEqual({ s1: 2, s2: 1, list: 2 }));
  });
});

describe('useBrowse', () => {
  const rowsOf = (offset: number, limit: number) => Array.from({ length: limit }, (_, i) => ({ rowid: offset + i + 1 }));
  function mockBrowse(total: number) {
    const studyBrowse = vi.fn(async ({ offset, limit }: { offset: number; limit: number }) => ({ ok: true, value: { rows: rowsOf(offset, Math.min(limit, total - offset)), total, ms: 1 } }));
    window.feedlens = { studyBrowse } as unknown as FeedlensApi;
    return studyBrowse;
  }

  it('reads the first page, the pages scrolled to once each, and starts over for a new query', async () => {
    const studyBrowse = mockBrowse(250);
    const { result, rerender } = renderHook(({ query }: { query: BrowseQuery }) => useBrowse('s1', query), { wrapper, initialProps: { query: emptyBrowseQuery() } });
    await waitFor(() => expect(result.current.total).toBe(250));
    expect(result.current.row(0)?.rowid).toBe(1);
    expect(result.current.row(150)).toBeUndefined();
    act(() => result.current.ensure(140, 210));
    await waitFor(() => expect(result.current.row(210)?.rowid).toBe(211));
    act(() => result.current.ensure(150, 160));
    expect(studyBrowse.mock.calls.map(([a]) => a.offset)).toEqual([0, 100, 200]);
    expect(result.current.loaded()).toHaveLength(250);

    rerender({ query: { ...emptyBrowseQuery(), text: 'beach' } });
    await waitFor(() => expect(studyBrowse).toHaveBeenCalledTimes(4));
    expect(studyBrowse.mock.calls[3]?.[0]).toMatchObject({ offset: 0, query: { text: 'beach' } });
  });

  it('a successful action on the study reads the loaded pages again', async () => {
    const studyBrowse = mockBrowse(150);
    const { result } = renderHook(() => ({ browse: useBrowse('s1', emptyBrowseQuery()), action: useStudyAction('s1') }), { wrapper });
    await waitFor(() => expect(result.current.browse.total).toBe(150));
    act(() => result.current.browse.ensure(120, 130));
    await waitFor(() => expect(studyBrowse).toHaveBeenCalledTimes(2));
    await act(async () => void (await result.current.action.run(async () => ({ ok: true, value: null }) as Result<null>)));
    await waitFor(() => expect(studyBrowse).toHaveBeenCalledTimes(4));
    expect(studyBrowse.mock.calls.slice(2).map(([a]) => a.offset).sort()).toEqual([0, 100]);
  });
});
