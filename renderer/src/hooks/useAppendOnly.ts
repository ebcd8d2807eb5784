// A list derived from a list that grows at its end a page at a time (an infinite list's items), deriving
// only what each page added: deriving all of 10,000 items again for every page arriving costs the frame.
import { useMemo, useRef } from 'react';

/** Whether `list` starts with the items of `prefix` (the same objects: comparing references is cheap). */
function startsWith<A>(list: readonly A[], prefix: readonly A[]): boolean {
  if (prefix.length > list.length) return false;
  for (let i = 0; i < prefix.length; i++) if (list[i] !== prefix[i]) return false;
  return true;
}

function same<A, B>(a: readonly A[], b: readonly B[]): boolean {
  return a.length === b.length && a.every((x, i) => Object.is(x, b[i]));
}

export interface Derived<A, B> {
  source: readonly A[];
  result: readonly B[];
}

/**
 * `derive(source)`, computed on the items added since `before` when `source` still starts with the items
 * it had then (else on all of them, `fromStart` true). `derive` must map each item on its own (a filter,
 * a pairing), or keep what it needs of earlier items and forget it when told it starts from the first
 * item. A filter that keeps every item gives `source` itself: no copy of the list for every page.
 */
export function extendDerived<A, B>(before: Derived<A, B> | null, source: readonly A[], derive: (items: readonly A[], fromStart: boolean) => B[]): Derived<A, B> {
  if (before && startsWith(source, before.source)) {
    if (source.length === before.source.length) return { source, result: before.result };
    const fresh = source.slice(before.source.length);
    const added = derive(fresh, false);
    if ((before.result as unknown) === before.source && same(fresh, added)) return { source, result: source as unknown as readonly B[] };
    return { source, result: before.result.concat(added) };
  }
  const all = derive(source, true);
  return { source, result: same(source, all) ? (source as unknown as readonly B[]) : all };
}

/** extendDerived across renders: `derive` may be a new function each render, but must do the same to an item. */
export function useAppendOnly<A, B>(source: readonly A[], derive: (items: readonly A[], fromStart: boolean) => B[]): readonly B[] {
  const last = useRef<Derived<A, B> | null>(null);
  return useMemo(() => {
    last.current = extendDerived(last.current, source, derive);
    return last.current.result;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source]);
}
