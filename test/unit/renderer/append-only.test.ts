// Lists derived from an infinite list's items are extended a page at a time: what each page added is
// derived, the rest reused; a list that is not an extension (a refresh) is derived again in full.
import { describe, expect, it } from 'vitest';
import { extendDerived } from '../../../renderer/src/hooks/useAppendOnly';
import { entriesOf } from '../../../renderer/src/state/selection';
import type { AppRecord } from '../../../shared/records';

const evens = (items: readonly number[]) => items.filter((n) => n % 2 === 0);

describe('extendDerived', () => {
  it('derives only the items added since the last time, keeping what was derived before', () => {
    const seen: number[][] = [];
    const derive = (items: readonly number[]) => {
      seen.push([...items]);
      return evens(items);
    };
    const page1 = [1, 2, 3, 4];
    const first = extendDerived(null, page1, derive);
    const page2 = [...page1, 5, 6, 7, 8];
    const second = extendDerived(first, page2, derive);
    expect(second.result).toEqual([2, 4, 6, 8]);
    expect(seen).toEqual([page1, [5, 6, 7, 8]]);
  });

  it('tells derive whether it starts from the first item, so what it keeps of earlier items can be forgotten', () => {
    const calls: [number[], boolean][] = [];
    const derive = (items: readonly number[], fromStart: boolean) => {
      calls.push([[...items], fromStart]);
      return [...items];
    };
    const first = extendDerived(null, [1, 2], derive);
    const second = extendDerived(first, [1, 2, 3], derive);
    extendDerived(second, [9], derive);
    expect(calls).toEqual([[[1, 2], true], [[3], false], [[9], true]]);
  });

  it('derives everything again when the list is not an extension of the last one', () => {
    const first = extendDerived(null, [1, 2, 3, 4], evens);
    const refreshed = extendDerived(first, [10, 11, 12], evens);
    expect(refreshed.result).toEqual([10, 12]);
  });

  it('gives the list itself while the filter keeps every item, and a copy once it drops one', () => {
    const page1 = [2, 4];
    const first = extendDerived(null, page1, evens);
    expect(first.result).toBe(page1);
    const page2 = [...page1, 6, 8];
    expect(extendDerived(first, page2, evens).result).toBe(page2);
    const page3 = [...page2, 9, 10];
    const third = extendDerived(extendDerived(first, page2, evens), page3, evens);
    expect(third.result).not.toBe(page3);
    expect(third.result).toEqual([2, 4, 6, 8, 10]);
  });

  it('keeps the same result when nothing was added', () => {
    const first = extendDerived(null, [1, 2, 3], evens);
    expect(extendDerived(first, [1, 2, 3], evens).result).toBe(first.result);
  });
});

describe('entriesOf', () => {
  it('pairs a record with its provenance once: the same entry object every time the list grows', () => {
    const post = { kind: 'post', id: '1' } as AppRecord;
    const provenance = { path: '/v1/user/medias/chunk', params: { user_id: '7' }, requestId: 'r1', fetchedAt: 1 };
    const before = entriesOf([post], () => provenance);
    const after = entriesOf([post], () => provenance);
    expect(after[0]).toBe(before[0]);
    expect(after[0]).toEqual({ record: post, provenance });
    // Another call fetched it: another pairing.
    const again = { ...provenance, requestId: 'r2' };
    expect(entriesOf([post], () => again)[0]).toEqual({ record: post, provenance: again });
  });
});
