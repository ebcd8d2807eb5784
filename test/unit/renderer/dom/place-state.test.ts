// @vitest-environment happy-dom
// A screen's state kept with its history entry: a screen built again for the same entry (back, forward)
// gets what it had; a new entry starts fresh; a value kept by usePlaceRef is read back without a render.
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useNavigation } from '../../../../renderer/src/state/navigation';
import { usePlaceRef, usePlaceState } from '../../../../renderer/src/state/place';

afterEach(() => cleanup());

/** A screen's hooks as DataBrowser uses them, built for the entry shown now. */
const screen = () =>
  renderHook(() => {
    const [query, setQuery] = usePlaceState('query', { text: '' });
    const scroll = usePlaceRef('scroll', 0);
    return { query, setQuery, scroll };
  });

describe('place state', () => {
  it('gives a screen built again for the same entry its state and its ref, and a new entry fresh ones', () => {
    act(() => useNavigation.getState().navigate({ name: 'studies' }));
    const first = screen();
    act(() => first.result.current.setQuery({ text: 'bakery' }));
    first.result.current.scroll.current = 612;
    first.unmount();

    // Another screen: a new entry starts at its initial values.
    act(() => useNavigation.getState().navigate({ name: 'settings' }));
    const other = screen();
    expect(other.result.current.query).toEqual({ text: '' });
    expect(other.result.current.scroll.current).toBe(0);
    other.unmount();

    // Back: the first entry's screen is built again with what it kept.
    act(() => useNavigation.getState().back());
    const again = screen();
    expect(again.result.current.query).toEqual({ text: 'bakery' });
    expect(again.result.current.scroll.current).toBe(612);
    again.unmount();

    // A new navigation from here cuts the settings entry off; the first entry keeps its place.
    act(() => useNavigation.getState().navigate({ name: 'explorer' }));
    const fresh = screen();
    expect(fresh.result.current.query).toEqual({ text: '' });
    fresh.unmount();
  });
});
