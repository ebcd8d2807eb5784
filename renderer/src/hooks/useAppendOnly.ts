// A list derived from a list that grows at its end a page at a time (an infinite list's items), deriving
// only what each page added: deriving all of 10,000 items again for every page arriving costs the frame.
import { useMemo, useRef } from 'react';

function startsWith<A>(list: readonly A[], prefix: readonly A[]): boolean {
  if (prefix.length > list.length) return false;
  for (let i = 0; i < prefix.length; i++) if (list[i] !== prefix[i]) return false;
  return true;
}

function same<A, B>(a: readonly A[], b: readonly B[]): boolean {
  return a.length === b.length && a.every((x, i) => Object.is(x, b[i]));
}

/**
 * `derive(source)`, computed on the items added since the last call when `source` still starts with the
 * items it had then (else on all of them). `derive` must map each item on its own (a filter, a pairing).
 * A filter that keeps every item gives `source` itself: no copy of the list for every page.
 */
export function useAppendOnly<A, B>(source: readonly A[], derive: (items: readonly A[]) => B[]): readonly B[] {
  const last = useRef<{ source: readonly A[]; result: readonly B[] } | null>(null);
  return useMemo(() => {
    const before = last.current;
    let result: readonly B[];
    if (before && startsWith(source, before.source)) {
      const fresh = source.slice(before.source.length);
      const added = fresh.length === 0 ? [] : derive(fresh);
      if (fresh.length === 0) result = before.result;
      else if ((before.result as unknown) === before.source && same(fresh, added)) result = source as unknown as readonly B[];
      else result = before.result.concat(added);
    } else {
      const all = derive(source);
      result = same(source, all) ? (source as unknown as readonly B[]) : all;
    }
    last.current = { source, result };
    return result;
    // `derive` may be a new function each render: what it does to an item must not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source]);
}
