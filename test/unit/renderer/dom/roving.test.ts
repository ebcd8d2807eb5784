// @vitest-environment happy-dom
// One Tab stop per list: only the active cell's controls are in the Tab order, the stop follows the focus,
// falls back to the first cell rendered when the active one scrolls out, and cells that are recycled or
// added (a page arriving) have their controls taken out of the order, given back when they become the stop.
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { createElement, useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useRovingTabIndex } from '../../../../renderer/src/components/roving';

afterEach(() => cleanup());

/** A list of cells, each with a button and a link, as a virtual list renders the indexes it has on screen. */
function List({ indexes, extra }: { indexes: number[]; extra?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const onFocus = useRovingTabIndex(ref);
  return createElement(
    'div',
    { ref, role: 'list', onFocus },
    indexes.map((index, slot) =>
      // Keyed by slot, as the grid recycles its rows: a cell element shows another index.
      createElement(
        'div',
        { key: slot, role: 'listitem', 'data-index': index },
        createElement('button', { type: 'button' }, `open ${index}`),
        createElement('a', { href: `#${index}` }, 'link'),
        createElement('button', { type: 'button', tabIndex: -1 }, 'select'),
        slot === extra ? createElement('input', { 'aria-label': `note ${index}` }) : null,
      ),
    ),
  );
}

/** A cell that shows one more control on its own (as a checkbox shown once something is selected). */
function GrowingCell({ index }: { index: number }) {
  const [more, setMore] = useState(false);
  return createElement(
    'div',
    { role: 'listitem', 'data-index': index },
    createElement('button', { type: 'button', onClick: () => setMore(true) }, `grow ${index}`),
    more ? createElement('button', { type: 'button' }, `added ${index}`) : null,
  );
}

function GrowingList() {
  const ref = useRef<HTMLDivElement>(null);
  const onFocus = useRovingTabIndex(ref);
  return createElement('div', { ref, role: 'list', onFocus }, [0, 1].map((index) => createElement(GrowingCell, { key: index, index })));
}

/** Rows of two cells, in the order given (keyed by row: React moves a row's element when the order changes). */
function Rows({ rows }: { rows: number[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const onFocus = useRovingTabIndex(ref);
  return createElement(
    'div',
    { ref, role: 'grid', onFocus },
    rows.map((row) =>
      createElement(
        'div',
        { key: row, role: 'row' },
        [2 * row, 2 * row + 1].map((index) => createElement('div', { key: index, role: 'gridcell', 'data-index': index }, createElement('button', { type: 'button' }, `open ${index}`))),
      ),
    ),
  );
}

/** The indexes of the cells whose controls are in the Tab order, with how many of them. */
function stops(container: HTMLElement): Record<number, number> {
  const out: Record<number, number> = {};
  for (const el of container.querySelectorAll<HTMLElement>('button, a[href], input')) {
    if (el.tabIndex < 0) continue;
    const index = Number(el.closest<HTMLElement>('[data-index]')?.dataset.index);
    out[index] = (out[index] ?? 0) + 1;
  }
  return out;
}

describe('useRovingTabIndex', () => {
  it('keeps the first cell as the only Tab stop, then the cell last focused', () => {
    const view = render(createElement(List, { indexes: [0, 1, 2, 3] }));
    expect(stops(view.container)).toEqual({ 0: 2 });
    act(() => void fireEvent.focus(view.getByText('open 2')));
    expect(stops(view.container)).toEqual({ 2: 2 });
  });

  it('follows the cells as they are recycled and added, and gives a control its own tabindex back', () => {
    const view = render(createElement(List, { indexes: [0, 1, 2, 3] }));
    act(() => void fireEvent.focus(view.getByText('open 1')));
    // Scrolled on: the cell elements now show 4..7 (the active cell is gone), and a cell brings an input.
    view.rerender(createElement(List, { indexes: [4, 5, 6, 7], extra: 2 }));
    expect(stops(view.container)).toEqual({ 4: 2 });
    // A page arrives: more cells, whose controls stay out of the order.
    view.rerender(createElement(List, { indexes: [4, 5, 6, 7, 8, 9], extra: 2 }));
    expect(stops(view.container)).toEqual({ 4: 2 });
    // Back to the cell with the input: all three of its controls are in the order again.
    act(() => void fireEvent.focus(view.getByText('open 6')));
    expect(stops(view.container)).toEqual({ 6: 3 });
    // The control that was out of the order on its own stays out.
    expect(view.getAllByText('select').every((el) => el.tabIndex === -1)).toBe(true);
  });

  it('keeps the stop when the row holding it is moved, and takes out the controls of rows moved or added', () => {
    const view = render(createElement(Rows, { rows: [0, 1, 2] }));
    act(() => void fireEvent.focus(view.getByText('open 1')));
    expect(stops(view.container)).toEqual({ 1: 1 });
    // Row 0 (the stop's) is moved after the others, and a row is added.
    view.rerender(createElement(Rows, { rows: [1, 2, 0, 3] }));
    expect(stops(view.container)).toEqual({ 1: 1 });
    // The stop moves to a cell of a moved row; the cell that held it leaves the order.
    act(() => void fireEvent.focus(view.getByText('open 6')));
    expect(stops(view.container)).toEqual({ 6: 1 });
  });

  it('takes out of the order a control a cell adds on its own, without the list rendering again', async () => {
    const view = render(createElement(GrowingList));
    await act(async () => void fireEvent.click(view.getByText('grow 1')));
    expect(view.getByText('added 1').tabIndex).toBe(-1);
    expect(stops(view.container)).toEqual({ 0: 1 });
  });
});
