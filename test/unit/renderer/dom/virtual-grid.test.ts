// @vitest-environment happy-dom
// The virtual grid is memoised: a screen rendering again for something else (a fetch starting shows the
// footer's spinner) does not render the grid and its cells again when the grid's props are the same.
import { act, cleanup, render } from '@testing-library/react';
import { createElement, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VirtualGrid } from '../../../../renderer/src/components/Virtual';
import type * as ReactVirtual from '@tanstack/react-virtual';

// Counts the grid's renders: it calls useVirtualizer once each.
const renders = vi.hoisted(() => ({ count: 0 }));
vi.mock('@tanstack/react-virtual', async (original) => {
  const real = await original<typeof ReactVirtual>();
  return { ...real, useVirtualizer: (...args: Parameters<typeof real.useVirtualizer>) => (renders.count++, real.useVirtualizer(...args)) };
});

afterEach(() => cleanup());

const items = ['a', 'b', 'c'];
const renderCell = (item: string) => createElement('button', { type: 'button' }, item);

describe('VirtualGrid', () => {
  it('does not render again when its screen does and its props are the same', () => {
    const select = { list: 'l', entry: () => null };
    let renderScreen = () => undefined as void;
    function Screen() {
      const [n, setN] = useState(0);
      renderScreen = () => setN((x) => x + 1);
      return createElement('div', { id: 'content' }, createElement('span', null, n), createElement(VirtualGrid<string>, { items, renderCell, label: 'grid', select }));
    }
    render(createElement(Screen));
    const before = renders.count;
    expect(before).toBeGreaterThan(0);
    act(() => renderScreen());
    expect(renders.count).toBe(before);
  });
});
