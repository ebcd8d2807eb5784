// A list derived from a list that grows at its end a page at a time (an infinite list's items), deriving
// only what each page added: deriving all of 10,000 items again for every page arriving costs the frame.
import { useMemo, useRef } from 'react';

function startsWith<A>(list: readonly A[], prefix: readonly A[]): boolean {
  if (prefix.length > list.length) return false;
  for (let i = 0; i < prefix.length; i++) if (list[i] !== prefix[i]) return false;
  return true;
}

/**
 * `derive(source)`, computed on the items added since the last call when `source` still starts with the
 * items it had then (else on all of them). `derive` must map each item on its own (a filter, a pairing).
 */
export function useAppendOnly<A, B>(source: readonly A[], derive: (items: readonly A[]) => B[]): B[] {
  const last = useRef<{ source: readonly A[]; result: B[] } | null>(null);
  return useMemo(() => {
    const before = last.current;
    let result: B[];
    if (before && startsWith(source, before.source)) {
      const added = source.length === before.source.length ? [] : derive(source.slice(before.source.length));
      result = added.length === 0 && source.length === before.source.length ? before.result : before.result.concat(added);
    } else {
      result = derive(source);
    }
    last.current = { source, result };
    return result;
    // `derive` may be a new function each render: what it does to an item must not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source]);
}
