// How much of a service answer Feedlens reads: a size and a nesting depth it never goes past. A larger
// answer would hold main for seconds and take gigabytes to parse; a deeper one would overflow the stack of
// whatever walks or copies it afterwards (JSON.stringify, structuredClone, the renderer's tree). Both are
// checked on the bytes as they arrive, so reading stops as soon as either is passed and nothing is parsed.

/** Bytes of one answer at most. */
export const MAX_ANSWER_BYTES = 50 * 1024 * 1024;

/**
 * Arrays and objects inside each other at most: far deeper than any answer of the service, far shallower
 * than where copying or writing out a value overflows the stack.
 */
export const MAX_ANSWER_DEPTH = 100;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** '[' and '{' differ by 0x20 only, as do ']' and '}': one compare each after setting that bit. */
const OPEN_FOLDED = 0x7b;
const CLOSE_FOLDED = 0x7d;

export interface DepthScanner {
  /** Reads the next bytes of the answer; false once its nesting went deeper than the limit. */
  feed(chunk: Uint8Array): boolean;
}

interface ScanState {
  depth: number;
  inString: boolean;
  /** The last chunk ended right after a backslash inside a string: the next byte is escaped. */
  escaped: boolean;
}

/**
 * One chunk of the count. Each string is skipped by one tight loop that steps over escapes and leaves `i`
 * past the end when the chunk ends with a backslash; the last byte it read tells whether the string
 * closed. A plain function over a state object, not a closure's method (docs/decisions/lossless-json.md).
 */
function scan(chunk: Uint8Array, s: ScanState, limit: number): boolean {
  const n = chunk.length;
  let i = 0;
  if (s.inString) {
    if (s.escaped && n > 0) {
      s.escaped = false;
      i = 1;
    }
    let k = 0;
    while (i < n && (k = chunk[i++] as number) !== QUOTE) if (k === BACKSLASH) i++;
    if (k !== QUOTE) {
      s.escaped ||= i > n;
      return true;
    }
    s.inString = false;
  }
  let depth = s.depth;
  while (i < n) {
    const c = chunk[i++] as number;
    if (c === QUOTE) {
      let k = 0;
      while (i < n && (k = chunk[i++] as number) !== QUOTE) if (k === BACKSLASH) i++;
      if (k !== QUOTE) {
        s.inString = true;
        s.escaped = i > n;
        break;
      }
    } else {
      const folded = c | 0x20;
      if (folded === OPEN_FOLDED) {
        if (++depth > limit) return false;
      } else if (folded === CLOSE_FOLDED) depth--;
    }
  }
  s.depth = depth;
  return true;
}

/**
 * Counts the nesting of JSON text as UTF-8 bytes arrive in chunks of any size. Brackets inside strings do
 * not count (escaped quotes do not end a string); every byte of a multi-byte character is 0x80 or above,
 * so it is never taken for a bracket or a quote. Text that is not JSON is counted all the same: the parse
 * refuses it afterwards.
 */
export function createDepthScanner(limit: number): DepthScanner {
  const state: ScanState = { depth: 0, inString: false, escaped: false };
  return { feed: (chunk) => scan(chunk, state, limit) };
}
