// Lossless JSON for service answers. Media pks, highlight media_ids and fbid_v2 are integers above 2^53:
// JSON.parse would silently round them, so such integer literals become strings with the exact digits.
// Within about 1.2x JSON.parse (npm run bench):
//
// 1. Runs of 16+ digits are found without reading every character: any such run covers one of the
//    positions 15, 31, 47... so only those are looked at, and a run is measured around a digit found
//    there. A run beyond 2^53 in value position (after ':' ',' '[' or at the start, before ',' ']' '}' or
//    the end, JSON whitespace allowed) is a literal to keep. Text with no such run goes to JSON.parse
//    untouched.
// 2. In a long text (64K characters or more), JSON.parse reads the text as it is and the result is walked
//    in document order: the k-th unsafe integer met must be the k-th literal found (same count, each
//    equal to its literal rounded), and then takes that literal's digits. A copy of a long text to quote
//    the literals is a string over 128 KB, which V8 maps in pages of its own each time: that cost about
//    as much as the parse (a 113 KB answer with emoji: 0.2-0.3 ms), the walk a fifth of it. Shorter copies
//    cost a few microseconds, less than the walk. Only an object's integer-like keys ("12") are not in
//    document order (JS lists them first): such a result, or any mismatch, takes step 3. A key written
//    twice in one object (no answer does: the service writes dictionaries) moves its last value to the
//    first one's place; that pairs wrongly only when two ids also round to the same double, and a lost
//    big value shows as a count mismatch.
// 3. The literals are quoted in a copy of the text, which JSON.parse reads. That pass does not track
//    strings. It skips runs in a plain list of ids inside a string ("1…1,2…2"), and any other quote it
//    inserts inside a string closes that string right before a digit or '-', which no valid JSON allows:
//    such a text never parses. Then
// 4. the literals are found again outside strings only, hopping from quote to quote with indexOf.
import { stringify } from 'lossless-json';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

/** Digits of the shortest integer beyond Number.MAX_SAFE_INTEGER. */
const RUN = 16;
const MAX_SAFE_DIGITS = String(Number.MAX_SAFE_INTEGER);

function isDigit(code: number): boolean {
  return code >= ZERO && code <= NINE;
}

function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** The digits text[start, end) (no leading zero) exceed MAX_SAFE_INTEGER; same length compares as strings. */
function beyondSafe(text: string, start: number, end: number): boolean {
  const length = end - start;
  if (length !== MAX_SAFE_DIGITS.length) return length > MAX_SAFE_DIGITS.length;
  return text.slice(start, end) > MAX_SAFE_DIGITS;
}

/**
 * Finds the unsafe integer literals in value position among the digit runs of text[from, to) and
 * appends each one's [start, end) to `cuts` ('-' included). `guessStrings`: skip a run that plainly sits
 * in a string of digits and commas ("1…1,2…2"), which would otherwise look like an array element.
 */
function findLiterals(text: string, from: number, to: number, cuts: number[], guessStrings: boolean): void {
  let runEnd = from;
  for (let i = from + RUN - 1; i < to; i += RUN) {
    // Most probes stop here: not a digit, asked as one unsigned compare (i < to, so the code is a number).
    // Measured, not reasoned: with isDigit() here the 69 benchmark answers took 1.29-1.32x JSON.parse, with
    // this 1.21-1.23x (npm run bench -- json).
    if ((text.charCodeAt(i) - ZERO) >>> 0 > 9 || i < runEnd) continue;
    // Most digit runs are short (counts, times): a non-digit 8 places away on both sides rules out 16.
    if (!isDigit(text.charCodeAt(i - 8)) && !isDigit(text.charCodeAt(i + 8))) continue;
    let start = i;
    while (start > from && isDigit(text.charCodeAt(start - 1))) start--;
    // Most long runs sit in strings ("pk":"1…", URLs): the character before the run rules them out.
    const literal = start > 0 && text.charCodeAt(start - 1) === MINUS ? start - 1 : start;
    let before = literal - 1;
    while (before >= 0 && isWhitespace(text.charCodeAt(before))) before--;
    const b = before >= 0 ? text.charCodeAt(before) : COLON;
    if (b !== COLON && b !== COMMA && b !== OPEN_BRACKET) continue;
    let end = i + 1;
    while (end < to && isDigit(text.charCodeAt(end))) end++;
    runEnd = end;
    if (end - start < RUN || text.charCodeAt(start) === ZERO || !beyondSafe(text, start, end)) continue;
    let after = end;
    while (after < text.length && isWhitespace(text.charCodeAt(after))) after++;
    const a = after < text.length ? text.charCodeAt(after) : COMMA;
    if (a !== COMMA && a !== CLOSE_BRACKET && a !== CLOSE_BRACE) continue;
    if (guessStrings && b === COMMA) {
      const close = stringAround(text, before, cuts.length > 0 ? (cuts[cuts.length - 1] as number) : 0);
      if (close >= 0) {
        runEnd = close; // the rest of that string is skipped as well
        continue;
      }
    }
    cuts.push(literal, end);
  }
}

/**
 * When the comma at `comma` follows, over digits, commas, '-' and spaces only, a quote that a digit or
 * '-' follows, it is inside a string: a quote followed by a digit can only open one. Returns where that
 * string ends (its closing quote), else -1. Looks back at most 256 characters, and not past `floor`.
 */
function stringAround(text: string, comma: number, floor: number): number {
  const limit = Math.max(floor, comma - 256);
  let j = comma - 1;
  for (; j >= limit; j--) {
    const c = text.charCodeAt(j);
    if (!isDigit(c) && c !== COMMA && c !== MINUS && c !== 0x20) break;
  }
  if (j < limit || text.charCodeAt(j) !== QUOTE || j + 1 >= comma) return -1;
  const first = text.charCodeAt(j + 1);
  if (!isDigit(first) && first !== MINUS) return -1;
  return closingQuote(text, comma);
}

/** The first unescaped quote at or after `from`, or -1. */
function closingQuote(text: string, from: number): number {
  let close = from - 1;
  for (;;) {
    close = text.indexOf('"', close + 1);
    if (close < 0) return -1;
    let slashes = 0;
    while (text.charCodeAt(close - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return close;
  }
}

/** Step 3: the literals outside strings only. An unterminated string ends the search (JSON.parse rejects it). */
function findLiteralsOutsideStrings(text: string): number[] {
  const cuts: number[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const open = text.indexOf('"', i);
    const segmentEnd = open < 0 ? n : open;
    if (segmentEnd - i >= RUN) findLiterals(text, i, segmentEnd, cuts, false);
    if (open < 0) break;
    const close = closingQuote(text, open + 1);
    if (close < 0) break;
    i = close + 1;
  }
  return cuts;
}

/** The text with quotes around each cut (one join: cheaper for JSON.parse than a rope of pieces). */
function quoted(text: string, cuts: readonly number[]): string {
  const parts: string[] = [];
  let copied = 0;
  for (let k = 0; k < cuts.length; k += 2) {
    const start = cuts[k] as number;
    const end = cuts[k + 1] as number;
    parts.push(text.slice(copied, start), '"', text.slice(start, end), '"');
    copied = end;
  }
  parts.push(text.slice(copied));
  return parts.join('');
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
/** Characters from which a quoted copy may be a large object (128 KB of two-byte text): step 2 instead. */
const LONG_TEXT = 64 * 1024;

/** Where the walk of step 2 is: the literals found (`cuts`, as [start, end) pairs) and the next one's place. */
interface Restoring {
  text: string;
  cuts: readonly number[];
  next: number;
}

/** The next literal's digits when `value` is its rounding, else null (the walk gives up). */
function literalFor(value: number, r: Restoring): string | null {
  if (r.next >= r.cuts.length) return null;
  const digits = r.text.slice(r.cuts[r.next], r.cuts[r.next + 1]);
  r.next += 2;
  return Number(digits) === value ? digits : null;
}

/**
 * Step 2 within `node` of JSON.parse's reading: each unsafe integer, in document order, takes the digits
 * of the next literal. False when the walk cannot vouch for the pairing (an integer-like key, a value that
 * is not its literal rounded); the reading is then thrown away. A plain recursive function: closures made
 * the walk cost half again as much.
 */
function restoreIn(node: object, r: Restoring): boolean {
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const v: unknown = node[i];
      if (typeof v === 'number') {
        if (v > MAX_SAFE || v < -MAX_SAFE) {
          const digits = literalFor(v, r);
          if (digits === null) return false;
          node[i] = digits;
        }
      } else if (typeof v === 'object' && v !== null && !restoreIn(v, r)) return false;
    }
    return true;
  }
  const record = node as Record<string, unknown>;
  let first = true;
  for (const key in record) {
    // JS lists integer-like keys first, not where the text has them: the first key tells.
    if (first && isDigit(key.charCodeAt(0))) return false;
    first = false;
    const v = record[key];
    if (typeof v === 'number') {
      if (v > MAX_SAFE || v < -MAX_SAFE) {
        const digits = literalFor(v, r);
        if (digits === null) return false;
        record[key] = digits;
      }
    } else if (typeof v === 'object' && v !== null && !restoreIn(v, r)) return false;
  }
  return true;
}

/** Step 2: true when every literal at `cuts` went to its place in `parsed`, and no other unsafe integer is there. */
function restoreLiterals(parsed: unknown, text: string, cuts: readonly number[]): boolean {
  if (typeof parsed !== 'object' || parsed === null) return false;
  const r: Restoring = { text, cuts, next: 0 };
  return restoreIn(parsed, r) && r.next === cuts.length;
}

/**
 * Parses JSON text like JSON.parse, except that integers beyond Number.MAX_SAFE_INTEGER in magnitude
 * become strings holding exactly the digits written ('-' kept). Fractions and exponent forms stay
 * numbers. Throws a SyntaxError on invalid or truncated text.
 */
export function parseLossless(text: string): unknown {
  const cuts: number[] = [];
  findLiterals(text, 0, text.length, cuts, true);
  if (cuts.length === 0) return JSON.parse(text);
  if (text.length >= LONG_TEXT) {
    const parsed: unknown = JSON.parse(text);
    if (restoreLiterals(parsed, text, cuts)) return parsed;
  }
  try {
    return JSON.parse(quoted(text, cuts));
  } catch {
    // Digits inside a string were quoted too (or the text is invalid): quote outside strings only.
    const exact = findLiteralsOutsideStrings(text);
    return JSON.parse(exact.length === 0 ? text : quoted(text, exact));
  }
}

/**
 * JSON.stringify that also writes bigint values as exact integer literals (JSON.stringify throws on
 * them). Big ids that parseLossless turned into strings stay strings.
 */
export function stringifyLossless(value: unknown, space?: number | string): string {
  const text = stringify(value, undefined, space);
  if (text === undefined) throw new TypeError('Value cannot be written as JSON');
  return text;
}
