// Lossless JSON for service answers. Media pks, highlight media_ids and fbid_v2 are integers above 2^53:
// JSON.parse rounds them, so such integer literals become strings with the exact digits. The platform
// hands a reviver the literal as written (`context.source`: V8 since 11.4, so Node 22 and Electron's main
// process); why this over a hand-written scanner, with the figures: docs/decisions/lossless-json.md.
/** What V8 passes a reviver as its third argument; TypeScript's lib does not declare it yet. */
interface ReviverContext {
  source?: string;
}

type Reviver = (this: unknown, key: string, value: unknown, context?: ReviverContext) => unknown;

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
/** An integer literal: no fraction, no exponent (those stay numbers, as JSON.parse reads them). */
const INTEGER_LITERAL = /^-?\d+$/;

const keepBigIntegers: Reviver = (_key, value, context) => {
  if (typeof value !== 'number' || (value <= MAX_SAFE && value >= -MAX_SAFE)) return value;
  const source = context?.source;
  if (source === undefined) throw new Error('JSON.parse gave no source text: this runtime cannot read big ids exactly');
  return INTEGER_LITERAL.test(source) ? source : value;
};

/**
 * Parses JSON text like JSON.parse, except that integers beyond Number.MAX_SAFE_INTEGER in magnitude
 * become strings holding exactly the digits written ('-' kept). Fractions and exponent forms stay
 * numbers. Throws a SyntaxError on invalid or truncated text.
 */
export function parseLossless(text: string): unknown {
  return JSON.parse(text, keepBigIntegers as (key: string, value: unknown) => unknown);
}

/** JSON.rawJSON (V8 11.4, with `context.source`); TypeScript's lib does not declare it yet. */
const rawJSON = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON;

const writeBigInts = (_key: string, value: unknown): unknown => (typeof value === 'bigint' ? rawJSON(value.toString()) : value);

/**
 * JSON.stringify that also writes bigint values as exact integer literals (JSON.stringify throws on
 * them). Big ids that parseLossless turned into strings stay strings.
 */
export function stringifyLossless(value: unknown, space?: number | string): string {
  const text = JSON.stringify(value, writeBigInts, space) as string | undefined;
  if (text === undefined) throw new TypeError('Value cannot be written as JSON');
  return text;
}
