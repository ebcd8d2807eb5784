// Near-duplicate groups: images whose pHashes differ in at most k bits belong together (single linkage:
// a chain of near copies is one group), across accounts and time. A group lists its items by date: the
// first poster, then the later ones. Only groups of two or more are groups.
import { REUSE_DEFAULT_BITS } from '../../shared/ipc/media';

/** Default k: pHash copies re-encoded, resized or slightly cropped stay within it (docs/analysis.md). */
export const DEFAULT_MAX_BITS = REUSE_DEFAULT_BITS;

export interface HashedItem {
  id: string;
  owner: string | null;
  /** Epoch seconds. */
  takenAt: number | null;
  phash: string;
}

export interface ReuseGroup<T extends HashedItem = HashedItem> {
  items: T[];
  /** Distinct accounts that posted it. */
  accounts: number;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Bits that differ between two hashes of 16 hex digits. */
export function hamming(a: string, b: string): number {
  return popcount((parseInt(a.slice(0, 8), 16) ^ parseInt(b.slice(0, 8), 16)) >>> 0) + popcount((parseInt(a.slice(8), 16) ^ parseInt(b.slice(8), 16)) >>> 0);
}

const byDate = (a: HashedItem, b: HashedItem): number => (a.takenAt ?? Infinity) - (b.takenAt ?? Infinity) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function reuseGroups<T extends HashedItem>(items: readonly T[], maxBits = DEFAULT_MAX_BITS): ReuseGroup<T>[] {
  // Each hash as two 32-bit halves, parsed once: every pair is compared (n² / 2 comparisons).
  const hi = Uint32Array.from(items, (i) => parseInt(i.phash.slice(0, 8), 16));
  const lo = Uint32Array.from(items, (i) => parseInt(i.phash.slice(8), 16));
  const parent = items.map((_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  for (let i = 0; i < items.length; i++) {
    const h = hi[i]!;
    const l = lo[i]!;
    for (let j = i + 1; j < items.length; j++) {
      if (popcount((h ^ hi[j]!) >>> 0) + popcount((l ^ lo[j]!) >>> 0) <= maxBits) parent[root(i)] = root(j);
    }
  }
  const byRoot = new Map<number, T[]>();
  items.forEach((item, i) => {
    const r = root(i);
    const group = byRoot.get(r);
    if (group) group.push(item);
    else byRoot.set(r, [item]);
  });
  return [...byRoot.values()]
    .filter((g) => g.length > 1)
    .map((g) => {
      const sorted = [...g].sort(byDate);
      return { items: sorted, accounts: new Set(sorted.map((i) => i.owner)).size };
    })
    .sort((a, b) => byDate(a.items[0]!, b.items[0]!));
}
