// Where an answer's text holds integers beyond 2^53 written as numbers. The lossless parser of
// shared/api/json.ts turns them into strings of their digits, which a JSON tree cannot tell from strings
// the service sent; the text can. Read only for Explorer answers, when the Explorer asks.
import { parse } from 'lossless-json';
import { pointerStep } from '../../shared/explorer';

/** Marks an unsafe integer literal while parsing (any other number becomes 0: only positions matter). */
class BigLiteral {
  constructor(readonly digits: string) {}
}

const INTEGER = /^-?\d+$/;

function isUnsafeInteger(literal: string): boolean {
  if (!INTEGER.test(literal)) return false;
  const magnitude = literal.startsWith('-') ? literal.slice(1) : literal;
  return magnitude.length >= 16 && BigInt(magnitude) > BigInt(Number.MAX_SAFE_INTEGER);
}

function collect(value: unknown, pointer: string, out: string[]): void {
  if (value instanceof BigLiteral) {
    out.push(pointer);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => collect(item, pointer + pointerStep(i), out));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) collect(item, pointer + pointerStep(key), out);
  }
}

/** JSON Pointers of the unsafe integer literals in `text`, in document order ('' is the whole answer). */
export function bigIntPointers(text: string): string[] {
  // No run of 16 digits, no such integer (the same shortcut the lossless parser takes).
  if (!/\d{16}/.test(text)) return [];
  const parsed = parse(text, null, (literal) => (isUnsafeInteger(literal) ? new BigLiteral(literal) : 0));
  const out: string[] = [];
  collect(parsed, '', out);
  return out;
}
