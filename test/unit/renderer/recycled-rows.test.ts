// The rows a virtual grid renders and their keys: while a reader waits at the end of the list for pages,
// and while they scroll back up, every row keeps a key the grid already had (React moves and refills it,
// builds nothing), and the list's last row keeps its own key (`tail`) as it moves down page after page.
import { describe, expect, it } from 'vitest';
import { recycledRows, rowKeys } from '../../../renderer/src/components/recycledRows';

const OVERSCAN = 2;
const ON_SCREEN = 4;
const SIZE = ON_SCREEN + 2 * OVERSCAN;

/** The window the virtualizer asks for with rows `first`..`first + ON_SCREEN - 1` on screen. */
function rendered(first: number, count: number) {
  const range = { startIndex: first, endIndex: Math.min(count, first + ON_SCREEN) - 1, overscan: OVERSCAN, count };
  const indexes = recycledRows(range, SIZE);
  return { indexes, keys: rowKeys(indexes, count) };
}

describe('recycled grid rows', () => {
  it('render the rows on screen and the overscan, with the last row one more', () => {
    expect(rendered(10, 40).indexes).toEqual([8, 9, 10, 11, 12, 13, 14, 15]);
    // At the end: the overscan below is past the list, the rows above fill the window, plus the tail.
    expect(rendered(36, 40).indexes).toEqual([31, 32, 33, 34, 35, 36, 37, 38, 39]);
    // A short list: all of it.
    expect(rendered(0, 3).indexes).toEqual([0, 1, 2]);
  });

  it('keep their keys while pages arrive at the end: no row built or dropped but the tail moving down', () => {
    let count = 40;
    let before = rendered(count - ON_SCREEN, count);
    for (const added of [3, 2, 3, 2, 3, 3, 2]) {
      count += added;
      const now = rendered(count - ON_SCREEN, count);
      expect(new Set(now.keys)).toEqual(new Set(before.keys));
      expect(now.keys.at(-1)).toBe('tail');
      expect(new Set(now.keys).size).toBe(now.keys.length);
      // The rows that stayed kept their keys: only the rows that left gave theirs to the rows that came.
      for (const [n, index] of now.indexes.entries()) {
        const was = before.indexes.indexOf(index);
        if (was >= 0 && index !== count - 1 && index !== before.indexes.at(-1)) expect(now.keys[n]).toBe(before.keys[was]);
      }
      before = now;
    }
  });

  it('keep their keys while the reader scrolls back up, away from the tail', () => {
    const count = 60;
    let before = rendered(count - ON_SCREEN, count);
    for (let first = count - ON_SCREEN - 1; first > 20; first--) {
      const now = rendered(first, count);
      const numbers = (keys: (number | 'tail')[]) => new Set(keys.filter((k) => k !== 'tail'));
      expect(numbers(now.keys)).toEqual(numbers(before.keys));
      expect(new Set(now.keys).size).toBe(now.keys.length);
      for (const [n, index] of now.indexes.entries()) {
        const was = before.indexes.indexOf(index);
        if (was >= 0) expect(now.keys[n]).toBe(before.keys[was]);
      }
      before = now;
    }
  });
});
