// A small seeded PRNG (sfc32, seeded through splitmix32) with the helpers the world builder needs.
// The world must be the same byte for byte for a given seed, so nothing here reads the clock or
// Math.random().

/** FNV-1a 32-bit hash of a string: used to derive sub-seeds and to sign cursors. */
export function hashString(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function splitmix32(state: number): () => number {
  let s = state >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  float(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** Shuffles in place (Fisher-Yates) and returns the same array. */
  shuffle<T>(items: T[]): T[];
  /** `count` distinct items (order random); all of them when count >= length. */
  sample<T>(items: readonly T[], count: number): T[];
  /** Picks by weight: entries are [value, weight]. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** A string of `length` decimal digits, the first one non-zero. */
  digits(length: number): string;
  /** An independent generator derived from this one's seed and a label (order-independent). */
  fork(label: string | number): Rng;
}

/** sfc32 state in a class: methods live on the prototype, so forking many generators stays cheap. */
class Sfc32 implements Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(private readonly seed: number) {
    const init = splitmix32(seed);
    this.a = init();
    this.b = init();
    this.c = init();
    this.d = init();
    for (let i = 0; i < 12; i++) this.next();
  }

  next(): number {
    const t0 = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    const t = (t0 + this.d) | 0;
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = items[i] as T;
      items[i] = items[j] as T;
      items[j] = tmp;
    }
    return items;
  }

  sample<T>(items: readonly T[], count: number): T[] {
    if (count >= items.length) return this.shuffle(items.slice());
    if (count * 4 < items.length) {
      // Sparse draw: cheaper than shuffling a large list for a few items.
      const chosen = new Set<number>();
      while (chosen.size < count) chosen.add(Math.floor(this.next() * items.length));
      return [...chosen].map((i) => items[i] as T);
    }
    return this.shuffle(items.slice()).slice(0, count);
  }

  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of entries) total += w;
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (!last) throw new Error('weighted pick from an empty list');
    return last[0];
  }

  digits(length: number): string {
    // First digit non-zero, then up to 9 digits per draw.
    let out = String(1 + Math.floor(this.next() * 9));
    while (out.length < length) {
      const n = Math.min(9, length - out.length);
      out += String(Math.floor(this.next() * 10 ** n)).padStart(n, '0');
    }
    return out;
  }

  fork(label: string | number): Rng {
    return new Sfc32(hashString(String(label), this.seed ^ 0x5bd1e995));
  }
}

export function createRng(seed: number): Rng {
  return new Sfc32(seed);
}
