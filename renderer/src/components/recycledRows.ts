// Which rows a virtual grid renders, and the key of each, so that rows are reused rather than rebuilt
// (Virtual.tsx). Pure: tested in Node.
import type { Range } from '@tanstack/react-virtual';

/**
 * The rows to render: always `size` of them (the most the grid ever needed: the rows on screen and the
 * overscan), so each keeps its slot, `index % slots`, as its key. Scrolling and pages arriving then move
 * and refill the same rows instead of building new ones and leaving the old to the garbage collector
 * (tens of thousands of DOM nodes over a 10,000-post grid). A row added at the end takes the slot of the
 * row that left at the top, and every other row keeps its element and its cells: the last row, short of
 * cells while pages arrive, only gains the cells a page adds.
 */
export function recycledRows(range: Range, size: number): number[] {
  const count = Math.min(range.count, size);
  const start = Math.max(0, Math.min(range.startIndex - range.overscan, range.count - count));
  return Array.from({ length: count }, (_, i) => start + i);
}

/** The key of each row of `indexes` (consecutive, ascending): its slot. */
export function rowKeys(indexes: readonly number[]): number[] {
  const slots = Math.max(1, indexes.length);
  return indexes.map((index) => index % slots);
}
