// @vitest-environment happy-dom
// The selection store as components use it: a component subscribed to a slice re-renders when the
// selection changes, Shift-click ranges extend from the anchor, and the selection survives unmounting
// (navigation) until cleared.
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { findEndpoint } from '../../../../shared/api/catalog';
import { normalizeItems } from '../../../../shared/api/normalize';
import type { AppRecord, Post } from '../../../../shared/records';
import { useSelection, type Selectable } from '../../../../renderer/src/state/selection';
import { v1Post } from './bridge-mock';

const endpoint = findEndpoint('/v1/user/medias/chunk');
if (!endpoint) throw new Error('no endpoint');
const records: AppRecord[] = normalizeItems(endpoint, [1, 2, 3, 4, 5].map(v1Post));
const entries: Selectable[] = records.map((record) => ({ record, provenance: { path: endpoint.path, params: { user_id: '42' }, requestId: 'r1', fetchedAt: 0 } }));
const LIST = 'list-a';

afterEach(() => {
  cleanup();
  useSelection.getState().clear();
});

describe('selection store in components', () => {
  it('re-renders a subscriber on toggle, and extends a Shift-click range from the anchor', () => {
    const count = renderHook(() => useSelection((s) => Object.keys(s.items).length));
    expect(count.result.current).toBe(0);
    act(() => useSelection.getState().toggle(entries[1] as Selectable, { list: LIST, index: 1 }));
    expect(count.result.current).toBe(1);
    act(() => useSelection.getState().extend(LIST, entries, 3));
    expect(count.result.current).toBe(3);
    expect(Object.values(useSelection.getState().items).map((i) => (i.record as Post).id).sort()).toEqual(['2', '3', '4']);
    act(() => useSelection.getState().toggle(entries[2] as Selectable));
    expect(count.result.current).toBe(2);
  });

  it('keeps the selection when the screen unmounts, until cleared', () => {
    const first = renderHook(() => useSelection((s) => Object.keys(s.items).length));
    act(() => useSelection.getState().setMany(entries, true));
    expect(first.result.current).toBe(5);
    first.unmount();
    const second = renderHook(() => useSelection((s) => Object.keys(s.items).length));
    expect(second.result.current).toBe(5);
    act(() => useSelection.getState().clear());
    expect(second.result.current).toBe(0);
  });
});
