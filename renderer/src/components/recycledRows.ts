// Which rows a virtual grid renders, and the key of each, so that rows are reused rather than rebuilt
// (Virtual.tsx). Pure: tested in Node.
import type { Range } from '@tanstack/react-virtual';

/**
 * The rows to render: always `size` of them (the most the grid ever needed: the rows on screen and the
 * overscan), so each keeps its slot, `index % slots`, as its key. Scrolling and pages arriving then move
 * and refill the same rows instead of building new ones and leaving the old to the garbage collector
 * (tens of thousands of DOM nodes over a 10,000-post grid). The list's last row has a slot of its own,
 * `tail` (rowKey), rendered as one row more: it is the row short of cells while pages arrive, and
 * refilled in its own row it only gains or loses the cells a page changes, where a recycled full row
 * would lose most of its cells.
 */
export function recycledRows(range: Range, size: number): number[] {
  const count = Math.min(range.count, size);
  const end = Math.max(0, Math.min(range.startIndex - range.overscan, range.count - count)) + count;
  const start = Math.max(0, end - count - (end === range.count ? 1 : 0));
  return Array.from({ length: end - start }, (_, i) => start + i);
}

/** The key of each row of `indexes` (ascending) in a list of `rows` rows: `tail` for the last, else its slot. */
export function rowKeys(indexes: readonly number[], rows: number): (number | 'tail')[] {
  const slots = Math.max(1, indexes.length - (indexes.at(-1) === rows - 1 ? 1 : 0));
  return indexes.map((index) => (index === rows - 1 ? 'tail' : index % slots));
}
