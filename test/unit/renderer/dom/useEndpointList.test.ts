// @vitest-environment happy-dom
// The list hook every infinite list uses, over a mocked bridge: the first page on mount, the next page
// only when asked (and only once), pages appended, pages kept per session (mode, service, key).
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEndpointList } from '../../../../renderer/src/hooks/useEndpointList';
import { createQueryClient } from '../../../../renderer/src/queryClient';
import { useAppState } from '../../../../renderer/src/state/app';
import type { Post } from '../../../../shared/records';
import { mockBridge, session, v1Post } from './bridge-mock';

const PATH = '/v1/user/medias/chunk';
const PARAMS = { user_id: '42' };

/** Page 1: posts 1-2, then posts 3-4, then the end. The v1 chunk form: [items, next cursor]. */
const PAGES: Record<string, unknown> = { '': [[v1Post(1), v1Post(2)], 'c2'], c2: [[v1Post(3), v1Post(4)], 'c3'], c3: [[v1Post(5)], null] };

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);

/** Runs whatever the hook and react-query would do in the next minute (a retry, a refetch) on a fake
 *  clock, so "nothing more was sent" holds for longer than a real wait could check. */
async function aMinuteLater(): Promise<void> {
  vi.useFakeTimers();
  try {
    await act(() => vi.advanceTimersByTimeAsync(60_000));
  } finally {
    vi.useRealTimers();
  }
}

function setSession(id: string) {
  useAppState.setState({ mode: { session: session(id) } as never });
}

beforeEach(() => {
  client = createQueryClient();
  setSession('s1');
});
afterEach(() => {
  cleanup();
  client.clear();
});

describe('useEndpointList', () => {
  it('loads the first page on mount and no other until asked', async () => {
    const call = mockBridge(({ params }) => ({ data: PAGES[String(params['end_cursor'] ?? '')] }));
    const { result } = renderHook(() => useEndpointList<Post>(PATH, PARAMS), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.items.map((p) => p.id)).toEqual(['1', '2']);
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0]?.[0]).toMatchObject({ path: PATH, params: { user_id: '42' } });
    expect(call.mock.calls[0]?.[0].params).not.toHaveProperty('end_cursor');
    // Rendering again (a scroll, a parent update) buys nothing.
    await aMinuteLater();
    expect(call).toHaveBeenCalledTimes(1);
    expect(result.current.stats).toMatchObject({ pages: 1, requests: 1, units: 1, reachedEnd: false });
  });

  it('appends the next page on demand, sending its cursor, each page once', async () => {
    const call = mockBridge(({ params }) => ({ data: PAGES[String(params['end_cursor'] ?? '')] }));
    const { result } = renderHook(() => useEndpointList<Post>(PATH, PARAMS), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const firstItems = result.current.items;
    act(() => {
      // Two asks in one render (a fast scroll): one request.
      result.current.loadMore();
      result.current.loadMore();
    });
    await waitFor(() => expect(result.current.items).toHaveLength(4));
    expect(call).toHaveBeenCalledTimes(2);
    expect(call.mock.calls[1]?.[0].params).toMatchObject({ user_id: '42', end_cursor: 'c2' });
    expect(result.current.items.slice(0, 2)).toEqual(firstItems);
    expect(result.current.provenanceOf(result.current.items[3] as never)).toMatchObject({ path: PATH, params: { end_cursor: 'c2' } });

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.stats.reachedEnd).toBe(true));
    expect(result.current.items.map((p) => p.id)).toEqual(['1', '2', '3', '4', '5']);
    // Each record keeps the call of its own page as pages are added.
    expect(result.current.items.map((p) => result.current.provenanceOf(p)?.requestId)).toEqual(['r1', 'r1', 'r2', 'r2', 'r3']);
    act(() => result.current.loadMore()); // no next page: nothing sent
    await aMinuteLater();
    expect(call).toHaveBeenCalledTimes(3);
  });

  it('keeps one end-of-list function while a page loads, a new one when it arrives (the grid renders only then)', async () => {
    const call = mockBridge(({ params }) => ({ data: PAGES[String(params['end_cursor'] ?? '')] }));
    // Page 2 waits until let go, so the render that shows its fetch starting can be looked at.
    let letGo = () => undefined as void;
    const held = new Promise<void>((done) => (letGo = done));
    window.feedlens = {
      call: async (request: Parameters<typeof call>[0]) => {
        if (request.params['end_cursor']) await held;
        return call(request);
      },
    } as unknown as typeof window.feedlens;
    const { result } = renderHook(() => useEndpointList<Post>(PATH, PARAMS), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const before = result.current.onListEnd;
    expect(before).toBeDefined();
    act(() => before?.());
    await waitFor(() => expect(result.current.isFetchingNextPage).toBe(true));
    expect(result.current.onListEnd).toBe(before);
    expect(result.current.loadMore).toBe(before);
    await act(async () => letGo());
    await waitFor(() => expect(result.current.items).toHaveLength(4));
    expect(result.current.onListEnd).not.toBe(before);
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('a list started over (Refresh) gives its records the calls that fetched them again', async () => {
    mockBridge(({ params }) => ({ data: PAGES[String(params['end_cursor'] ?? '')] }));
    const { result } = renderHook(() => useEndpointList<Post>(PATH, PARAMS), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(4));
    await act(() => result.current.refresh());
    await waitFor(() => expect(result.current.items.map((p) => result.current.provenanceOf(p)?.requestId)).toEqual(['r3', 'r3']));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items.map((p) => result.current.provenanceOf(p)?.requestId)).toEqual(['r3', 'r3', 'r4', 'r4']));
  });

  it('lists a record a later page gives again once, where it came first, and anew after a Refresh', async () => {
    const repeating: Record<string, unknown> = { '': [[v1Post(1), v1Post(2)], 'c2'], c2: [[v1Post(2), v1Post(3)], null] };
    mockBridge(({ params }) => ({ data: repeating[String(params['end_cursor'] ?? '')] }));
    const { result } = renderHook(() => useEndpointList<Post>(PATH, PARAMS), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.stats.reachedEnd).toBe(true));
    expect(result.current.items.map((p) => p.id)).toEqual(['1', '2', '3']);
    expect(result.current.items.map((p) => result.current.provenanceOf(p)?.requestId)).toEqual(['r1', 'r1', 'r2']);
    await act(() => result.current.refresh());
    await waitFor(() => expect(result.current.items.map((p) => result.current.provenanceOf(p)?.requestId)).toEqual(['r3', 'r3']));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items.map((p) => p.id)).toEqual(['1', '2', '3']));
  });

  it('keeps pages per session: a new session fetches its own first page, and shows none of the old', async () => {
    const call = mockBridge(({ params }) => ({ data: PAGES[String(params['end_cursor'] ?? '')] }));
    const { result } = renderHook(() => useEndpointList<Post>(PATH, PARAMS), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(4));

    act(() => setSession('s2'));
    await waitFor(() => expect(call).toHaveBeenCalledTimes(3));
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    expect(client.getQueryData(['list', 's1', PATH, PARAMS])).toBeDefined();
    expect(client.getQueryData(['list', 's2', PATH, PARAMS])).toBeDefined();
  });

  it('a declined page is an error, asked once and not retried', async () => {
    const call = mockBridge(() => ({ error: { kind: 'cancelled', message: 'Cancelled: nothing was sent.', billed: false, retryable: false } }));
    const { result } = renderHook(() => useEndpointList<Post>(PATH, PARAMS), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.items).toEqual([]);
    await aMinuteLater();
    expect(call).toHaveBeenCalledTimes(1);
  });
});
