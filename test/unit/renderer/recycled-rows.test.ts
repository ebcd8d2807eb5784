// The rows a virtual grid renders and their keys: while a reader waits at the end of the list for pages,
// and while they scroll back up, every row keeps a key the grid already had (React moves and refills it,
// builds nothing), and a row that stays keeps its key: only a row coming in is refilled.
import { describe, expect, it } from 'vitest';
import { recycledRows, rowKeys } from '../../../renderer/src/components/recycledRows';

const OVERSCAN = 2;
const ON_SCREEN = 4;
const SIZE = ON_SCREEN + 2 * OVERSCAN;

/** The window the virtualizer asks for with rows `first`..`first + ON_SCREEN - 1` on screen. */
function rendered(first: number, count: number) {
  const range = { startIndex: first, endIndex: Math.min(count, first + ON_SCREEN) - 1, overscan: OVERSCAN, count };
  const indexes = recycledRows(range, SIZE);
  return { indexes, keys: rowKeys(indexes) };
}

describe('recycled grid rows', () => {
  it('render the rows on screen and the overscan', () => {
    expect(rendered(10, 40).indexes).toEqual([8, 9, 10, 11, 12, 13, 14, 15]);
    // At the end: the overscan below is past the list, the rows above fill the window.
    expect(rendered(36, 40).indexes).toEqual([32, 33, 34, 35, 36, 37, 38, 39]);
    // A short list: all of it.
    expect(rendered(0, 3).indexes).toEqual([0, 1, 2]);
  });

  it('keep their keys while pages arrive at the end: no row built or dropped, the last row included', () => {
    let count = 40;
    let before = rendered(count - ON_SCREEN, count);
    for (const added of [1, 3, 2, 1, 3, 3, 2]) {
      count += added;
      const now = rendered(count - ON_SCREEN, count);
      expect(new Set(now.keys)).toEqual(new Set(before.keys));
      expect(new Set(now.keys).size).toBe(now.keys.length);
      // The rows that stayed kept their keys (the last one, gaining cells, too): only the rows that left
      // gave theirs to the rows that came.
      let kept = 0;
      for (const [n, index] of now.indexes.entries()) {
        const was = before.indexes.indexOf(index);
        if (was >= 0) {
          expect(now.keys[n]).toBe(before.keys[was]);
          kept++;
        }
      }
      expect(kept).toBe(SIZE - added);
      before = now;
    }
  });

  it('keep their keys while a short list grows into a full window', () => {
    let before = rendered(0, 2);
    for (let count = 3; count <= 14; count++) {
      const now = rendered(Math.max(0, count - ON_SCREEN), count);
      for (const [n, index] of now.indexes.entries()) {
        const was = before.indexes.indexOf(index);
        if (was >= 0) expect(now.keys[n]).toBe(before.keys[was]);
      }
      expect(new Set(now.keys).size).toBe(now.keys.length);
      before = now;
    }
  });

  it('keep their keys while the reader scrolls back up, away from the tail', () => {
    const count = 60;
    let before = rendered(count - ON_SCREEN, count);
    for (let first = count - ON_SCREEN - 1; first > 20; first--) {
      const now = rendered(first, count);
      expect(new Set(now.keys)).toEqual(new Set(before.keys));
      expect(new Set(now.keys).size).toBe(now.keys.length);
      for (const [n, index] of now.indexes.entries()) {
        const was = before.indexes.indexOf(index);
        if (was >= 0) expect(now.keys[n]).toBe(before.keys[was]);
      }
      before = now;
    }
  });
});
