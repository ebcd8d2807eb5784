// @vitest-environment happy-dom
// The virtual grid: memoised, so a screen rendering again for something else (a fetch starting shows the
// footer's spinner) does not render it again when its props are the same; a page it receives is shown from
// the next frame on, a row of cells a frame, and no next page is asked for until all of it is.
import { act, cleanup, render } from '@testing-library/react';
import { createElement, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VirtualGrid } from '../../../../renderer/src/components/Virtual';
import type * as ReactVirtual from '@tanstack/react-virtual';

// The grid's renders (one useVirtualizer call each) and the rows it last asked for (one column here:
// happy-dom lays nothing out, so the grid is 0 wide).
const seen = vi.hoisted(() => ({ renders: 0, rows: 0, counts: [] as number[] }));
vi.mock('@tanstack/react-virtual', async (original) => {
  const real = await original<typeof ReactVirtual>();
  return {
    ...real,
    useVirtualizer: (...args: Parameters<typeof real.useVirtualizer>) => {
      seen.renders++;
      seen.rows = args[0].count;
      seen.counts.push(seen.rows);
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

  it('shows a page from the frame after it arrives, and asks for the next only once it shows it', async () => {
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

  it('shows a page a row a frame, busy and asking for no next page until its last row is shown', async () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return (this.id === 'content' ? { top: 0, bottom: 800, height: 800 } : { top: 0, bottom: 100, height: 100 }) as DOMRect;
    });
    const asked: number[] = [];
    const view = render(createElement(Screen, { items: ['a', 'b'], onNearEnd: () => asked.push(seen.rows) }));
    await nextFrame();
    const grid = view.getByRole('grid');
    // One column (happy-dom lays nothing out): a row is a cell.
    view.rerender(createElement(Screen, { items: ['a', 'b', 'c', 'd', 'e'], onNearEnd: () => asked.push(seen.rows) }));
    // Busy meanwhile (happy-dom's frames come sooner than a screen's: the rows shown are read from the renders).
    expect(grid.getAttribute('aria-busy')).toBe('true');
    seen.counts.length = 0;
    for (let i = 0; i < 3 && seen.rows < 5; i++) await nextFrame();
    expect([...new Set(seen.counts)]).toEqual([3, 4, 5]);
    expect(grid.getAttribute('aria-busy')).toBeNull();
    expect(asked.filter((rows) => rows > 2).every((rows) => rows === 5)).toBe(true);
    // Another list (not the shown one grown at its end) is shown whole in the next frame.
    view.rerender(createElement(Screen, { items: ['x', 'y', 'z', 'w'], onNearEnd: () => asked.push(seen.rows) }));
    await nextFrame();
    expect(seen.rows).toBe(4);
    expect(grid.getAttribute('aria-busy')).toBeNull();
  });

  it('shows the next row in the frame after the row before has its images (a few frames later at most)', () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return (this.id === 'content' ? { top: 0, bottom: 800, height: 800 } : { top: 0, bottom: 100, height: 100 }) as DOMRect;
    });
    // The page's scroller has room for rows (the virtualizer reads its clientHeight).
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.id === 'content' ? 800 : 0;
    });
    // Frames run one at a time here (happy-dom's come sooner than a screen's).
    let queue: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => queue.push(callback));
    vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => undefined);
    const frame = () =>
      act(() => {
        const now = queue;
        queue = [];
        for (const callback of now) callback(0);
      });
    let complete = false;
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockImplementation(() => complete);
    const withImage = (item: string) => createElement('img', { src: `${item}.png`, alt: item });
    const grid = (items: string[]) => createElement('div', { id: 'content' }, createElement(VirtualGrid<string>, { items, renderCell: withImage, label: 'grid', select }));
    const view = render(grid(['a']));
    frame();
    view.rerender(grid(['a', 'b', 'c', 'd']));
    const framesUntil = (rows: number) => {
      let frames = 0;
      while (seen.rows < rows && frames < 20) {
        frame();
        frames++;
      }
      return frames;
    };
    // The images of the rows shown are loading: the next row waits for them, a few frames at most.
    expect(document.querySelectorAll('img').length).toBe(1);
    const waited = framesUntil(2);
    expect(waited).toBeGreaterThan(1);
    expect(waited).toBeLessThanOrEqual(5);
    // They load after two frames: the next row waits for the frame after the one that found them loaded
    // (their answers were handled in that one).
    frame();
    frame();
    expect(seen.rows).toBe(2);
    complete = true;
    expect(framesUntil(3)).toBe(2);
    // Loaded already: the next row comes in the next frame.
    expect(framesUntil(4)).toBe(1);
  });
});
