// @vitest-environment happy-dom
// The virtual grid: memoised, so a screen rendering again for something else (a fetch starting shows the
// footer's spinner) does not render it again when its props are the same; a page it receives is shown in
// the next frame, and no next page is asked for until it is.
import { act, cleanup, render } from '@testing-library/react';
import { createElement, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VirtualGrid } from '../../../../renderer/src/components/Virtual';
import type * as ReactVirtual from '@tanstack/react-virtual';

// The grid's renders (one useVirtualizer call each) and the rows it last asked for (one column here:
// happy-dom lays nothing out, so the grid is 0 wide).
const seen = vi.hoisted(() => ({ renders: 0, rows: 0 }));
vi.mock('@tanstack/react-virtual', async (original) => {
  const real = await original<typeof ReactVirtual>();
  return {
    ...real,
    useVirtualizer: (...args: Parameters<typeof real.useVirtualizer>) => {
      seen.renders++;
      seen.rows = args[0].count;
      return real.useVirtualizer(...args);
    },
  };
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const renderCell = (item: string) => createElement('button', { type: 'button' }, item);
const select = { list: 'l', entry: () => null };
const nextFrame = () => act(() => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0))));

function Screen({ items, onNearEnd }: { items: string[]; onNearEnd?: () => void }) {
  return createElement('div', { id: 'content' }, createElement(VirtualGrid<string>, { items, renderCell, label: 'grid', select, onNearEnd }));
}

describe('VirtualGrid', () => {
  it('does not render again when its screen does and its props are the same', () => {
    const items = ['a', 'b', 'c'];
    let renderScreen = () => undefined as void;
    function Counter() {
      const [n, setN] = useState(0);
      renderScreen = () => setN((x) => x + 1);
      return createElement('div', { id: 'content' }, createElement('span', null, n), createElement(VirtualGrid<string>, { items, renderCell, label: 'grid', select }));
    }
    render(createElement(Counter));
    const before = seen.renders;
    expect(before).toBeGreaterThan(0);
    act(() => renderScreen());
    expect(seen.renders).toBe(before);
  });

  it('shows a page in the frame after it arrives, and asks for the next only once it shows it', async () => {
    // The grid's end is on screen (the page's scroller is taller than the grid).
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return (this.id === 'content' ? { top: 0, bottom: 800, height: 800 } : { top: 0, bottom: 100, height: 100 }) as DOMRect;
    });
    const asked: number[] = [];
    const onNearEnd = () => asked.push(seen.rows);
    const view = render(createElement(Screen, { items: ['a', 'b', 'c'], onNearEnd }));
    expect(seen.rows).toBe(3);
    await nextFrame();
    expect(asked).toEqual([3]);

    const grid = view.getByRole('grid');
    expect(grid.getAttribute('aria-busy')).toBeNull();
    view.rerender(createElement(Screen, { items: ['a', 'b', 'c', 'd', 'e'], onNearEnd: () => asked.push(seen.rows) }));
    expect(seen.rows).toBe(3);
    // Busy until the page is shown (tests and assistive technology wait for it).
    expect(grid.getAttribute('aria-busy')).toBe('true');
    await nextFrame();
    await nextFrame();
    expect(seen.rows).toBe(5);
    expect(grid.getAttribute('aria-busy')).toBeNull();
    // Asked again only with the page shown.
    expect(asked.slice(1).length).toBeGreaterThan(0);
    expect(asked.slice(1).every((rows) => rows === 5)).toBe(true);
  });
});
