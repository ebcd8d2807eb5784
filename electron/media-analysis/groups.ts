// Near-duplicate groups: images whose pHashes differ in at most k bits belong together (single linkage:
// a chain of near copies is one group), across accounts and time. A group lists its items by date: the
// first poster, then the later ones. Only groups of two or more are groups.
import { hamming } from './hash';

/** Default k: pHash copies re-encoded, resized or slightly cropped stay within it (docs/analysis.md). */
export const DEFAULT_MAX_BITS = 10;

export interface HashedItem {
  id: string;
  owner: string;
  /** Epoch seconds. */
  takenAt: number;
  phash: string;
}

export interface ReuseGroup {
  items: HashedItem[];
  /** Distinct accounts that posted it. */
  accounts: number;
}

export function reuseGroups(items: readonly HashedItem[], maxBits = DEFAULT_MAX_BITS): ReuseGroup[] {
  const parent = items.map((_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      if (hamming(items[i]!.phash, items[j]!.phash) <= maxBits) parent[root(i)] = root(j);
    }
  }
  const byRoot = new Map<number, HashedItem[]>();
  items.forEach((item, i) => byRoot.set(root(i), [...(byRoot.get(root(i)) ?? []), item]));
  return [...byRoot.values()]
    .filter((g) => g.length > 1)
    .map((g) => {
      const sorted = [...g].sort((a, b) => a.takenAt - b.takenAt || (a.id < b.id ? -1 : 1));
      return { items: sorted, accounts: new Set(sorted.map((i) => i.owner)).size };
    })
    .sort((a, b) => a.items[0]!.takenAt - b.items[0]!.takenAt);
}
