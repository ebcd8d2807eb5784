// One pass over a string's characters that tells whether it can name a person of the export: most strings
// of a record (links, ids, codes, words) name no one, and this pass lets them through without a regular
// expression, a look-up per word or a string made per word. What it finds is exact for ids; for names it
// only says "maybe", and the exact (slower) rules of pseudonym-people.ts decide.
import { isDigit } from './pseudonym-fields';

/** A run of digits that is a known id. */
export const FOUND_ID = 1;
/** A `<media pk>_<owner id>` media id (MEDIA_ID). */
export const FOUND_MEDIA_ID = 2;
/** A word (USERNAME_TOKEN) that may be a known username. */
export const MAY_NAME = 4;
/** The first two characters of a full name, or a character the pass cannot judge (from U+0300 on: NFC may differ). */
export const MAY_FULL_NAME = 8;

/**
 * A text of code units below U+0300 only is its own NFC form: no such character changes, combines with the
 * one before it or is reordered (the combining marks start at U+0300; checked for every such character after
 * every BMP character in test/unit/electron/export/pseudonym-scan.test.ts). Its full names are then found
 * by their first two units as they are; any unit from here on may compose and is left to the exact rules.
 */
export const NFC_STABLE_BELOW = 0x300;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** Characters of USERNAME_TOKEN ([A-Za-z0-9._]) by code, with what else the pass needs to know of them. */
const TOKEN = 1;
const DIGIT = 2;
const UPPER = 4;
const CLASSES = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z0-9._]/.test(ch)) CLASSES[c] = TOKEN | (/[0-9]/.test(ch) ? DIGIT : 0) | (/[A-Z]/.test(ch) ? UPPER : 0);
}

/** Id lengths below this are flags in an array; longer ones (rare) are kept in a set. */
const SHORT_ID_LENGTHS = 64;

/**
 * The lengths of the known numeric ids: a run of digits of another length is no one's id, and is not even
 * cut out to be looked up. Asked for every run of digits of every string scanned: a flag per length
 * instead of a set look-up.
 */
export class IdLengths {
  private readonly short = new Uint8Array(SHORT_ID_LENGTHS);
  private readonly long = new Set<number>();

  add(length: number): void {
    if (length < SHORT_ID_LENGTHS) this.short[length] = 1;
    else this.long.add(length);
  }

  has(length: number): boolean {
    return length < SHORT_ID_LENGTHS ? this.short[length] === 1 : this.long.has(length);
  }
}

/** Bits per known username in the filter (two bits set per name): about 1 word in 250 is let through by chance. */
const FILTER_BITS_PER_NAME = 32;

export class StringScanner {
  /** A bit per hash of a known username (lower-cased): a word whose bit is clear is no one's username. */
  private readonly nameBits: Uint32Array;
  private readonly nameMask: number;
  /** The first unit of every full name, and its first two units as `first * 65536 + second`. */
  private readonly fullNameFirsts = new Uint8Array(65536);
  private readonly fullNameHeads = new Set<number>();

  constructor(
    private readonly ids: ReadonlySet<string>,
    private readonly idLengths: { has(length: number): boolean },
    names: Iterable<string>,
    private readonly nameCount: number,
    fullNames: Iterable<string>,
    private readonly fullNameCount: number,
  ) {
    let bits = 1024;
    while (bits < nameCount * FILTER_BITS_PER_NAME) bits *= 2;
    this.nameBits = new Uint32Array(bits / 32);
    this.nameMask = bits - 1;
    for (const name of names) {
      let h = FNV_OFFSET;
      for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), FNV_PRIME);
      this.setBit(h & this.nameMask);
      this.setBit(Math.imul(h ^ (h >>> 16), 0x45d9f3b) & this.nameMask);
    }
    for (const name of fullNames) {
      this.fullNameFirsts[name.charCodeAt(0)] = 1;
      this.fullNameHeads.add(name.charCodeAt(0) * 65536 + name.charCodeAt(1));
    }
  }

  private setBit(slot: number): void {
    this.nameBits[slot >>> 5] = (this.nameBits[slot >>> 5] ?? 0) | (1 << (slot & 31));
  }

  private hasBit(slot: number): boolean {
    return ((this.nameBits[slot >>> 5] ?? 0) & (1 << (slot & 31))) !== 0;
  }

  /** Whether a word with this hash may be a known username (both its bits are set). */
  private mayBeName(h: number): boolean {
    return this.hasBit(h & this.nameMask) && this.hasBit(Math.imul(h ^ (h >>> 16), 0x45d9f3b) & this.nameMask);
  }

  /** Whether a full name can start at `i` (its first two units are there). */
  private isHead(text: string, i: number, code: number): boolean {
    return this.fullNameFirsts[code] === 1 && i + 1 < text.length && this.fullNameHeads.has(code * 65536 + text.charCodeAt(i + 1));
  }

  /** Whether a full name may be in a (NFC) text: the first two units of one are somewhere in it. */
  mayHoldFullName(text: string): boolean {
    if (this.fullNameCount === 0) return false;
    for (let i = 0; i + 1 < text.length; i++) if (this.isHead(text, i, text.charCodeAt(i))) return true;
    return false;
  }

  /** What the text holds, as the bits above (0: it names no one of the export). */
  scan(text: string): number {
    let found = 0;
    const n = text.length;
    const full = this.fullNameCount > 0;
    for (let i = 0; i < n; ) {
      const c = text.charCodeAt(i);
      if (c >= 128 || (CLASSES[c] as number) === 0) {
        if (full && (c >= NFC_STABLE_BELOW || this.isHead(text, i, c))) found |= MAY_FULL_NAME;
        i++;
        continue;
      }
      // A word [i, end): hashed lower-cased as it is read, for the username filter.
      let h = FNV_OFFSET;
      let digits = false;
      let end = i;
      for (; end < n; end++) {
        const t = text.charCodeAt(end);
        const k = t < 128 ? (CLASSES[t] as number) : 0;
        if (k === 0) break;
        if (k & DIGIT) digits = true;
        h = Math.imul(h ^ (k & UPPER ? t + 32 : t), FNV_PRIME);
        if (full && this.fullNameFirsts[t] === 1 && this.isHead(text, end, t)) found |= MAY_FULL_NAME;
      }
      if (digits) found |= this.idsIn(text, i, end);
      // A word with a dot at either end is also looked up without it: left to the exact rules.
      if (this.nameCount > 0 && (found & MAY_NAME) === 0 && (text.charCodeAt(i) === 0x2e || text.charCodeAt(end - 1) === 0x2e || this.mayBeName(h))) {
        found |= MAY_NAME;
      }
      i = end;
    }
    return found;
  }

  /** The runs of digits of [start, end) that are known ids or media ids (FOUND_ID, FOUND_MEDIA_ID). */
  idsIn(text: string, start: number, end: number): number {
    let found = 0;
    for (let j = start; j < end; ) {
      if (!isDigit(text.charCodeAt(j))) {
        j++;
        continue;
      }
      let k = j + 1;
      while (k < end && isDigit(text.charCodeAt(k))) k++;
      if (k - j >= 15 && k < end && text.charCodeAt(k) === 0x5f) {
        let owner = k + 1;
        while (owner < end && isDigit(text.charCodeAt(owner))) owner++;
        if (owner - k - 1 >= 3) found |= FOUND_MEDIA_ID;
      }
      if (this.idLengths.has(k - j) && this.ids.has(text.slice(j, k))) found |= FOUND_ID;
      j = k;
    }
    return found;
  }
}
