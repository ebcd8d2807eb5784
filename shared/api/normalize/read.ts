// Reading raw values: tolerant field readers every record builder uses. g2 records carry some keys
// type-prefixed ("1ltaken_at"); readKey finds them under their plain name. Never throws: a missing or odd
// value reads as null (or an empty list).
import { isDict, type Dict } from '../../guards';

export { isDict, type Dict };

// g2 keys may carry a type prefix: a digit run, then one or two type letters ("1l" long, "1f" float).
const TYPE_PREFIX = /^(\d+)([a-z]{1,2})/;

// Per record, the names its prefixed keys stand for; computed once, as records are read many times.
const prefixedNames = new WeakMap<Dict, Map<string, string>>();

function namesOfPrefixedKeys(obj: Dict): Map<string, string> {
  let names = prefixedNames.get(obj);
  if (names === undefined) {
    names = new Map();
    for (const key of Object.keys(obj)) {
      const prefix = TYPE_PREFIX.exec(key);
      if (prefix === null) continue;
      const digits = prefix[1]?.length ?? 0;
      // One or two type letters? Offer both readings: the name asked for decides.
      for (let letters = 1; letters <= (prefix[2]?.length ?? 0); letters++) {
        const name = key.slice(digits + letters);
        if (name !== '' && !names.has(name)) names.set(name, key);
      }
    }
    prefixedNames.set(obj, names);
  }
  return names;
}

function findKey(obj: Dict, name: string): string | undefined {
  if (Object.prototype.hasOwnProperty.call(obj, name)) return name;
  return namesOfPrefixedKeys(obj).get(name);
}

/** The value of `name` in a raw record, also found under a g2 type-prefixed key ("1ltaken_at"). */
export function readKey(obj: unknown, name: string): unknown {
  if (!isDict(obj)) return undefined;
  const key = findKey(obj, name);
  return key === undefined ? undefined : obj[key];
}

/** Whether the raw record has the field at all (plain or type-prefixed), whatever its value. */
export function hasKey(obj: unknown, name: string): boolean {
  return isDict(obj) && findKey(obj, name) !== undefined;
}

/** Follows plain keys (each matched like readKey); undefined as soon as a step is missing. */
export function dig(obj: unknown, ...names: string[]): unknown {
  let value = obj;
  for (const name of names) value = readKey(value, name);
  return value;
}

export function str(obj: unknown, name: string): string | null {
  const value = readKey(obj, name);
  return typeof value === 'string' ? value : null;
}

/** A string field with something in it; empty or blank strings are null. */
export function text(obj: unknown, name: string): string | null {
  const value = str(obj, name);
  return value !== null && value.trim() !== '' ? value : null;
}

export function firstText(obj: unknown, ...names: string[]): string | null {
  for (const name of names) {
    const value = text(obj, name);
    if (value !== null) return value;
  }
  return null;
}

export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
}

export function num(obj: unknown, name: string): number | null {
  return toNumber(readKey(obj, name));
}

export function firstNum(obj: unknown, ...names: string[]): number | null {
  for (const name of names) {
    const value = num(obj, name);
    if (value !== null) return value;
  }
  return null;
}

/** Booleans, and the 0/1 flags some raw records use instead. */
export function bool(obj: unknown, name: string): boolean | null {
  const value = readKey(obj, name);
  if (typeof value === 'boolean') return value;
  if (value === 0 || value === 1) return value === 1;
  return null;
}

export function list(obj: unknown, name: string): unknown[] {
  const value = readKey(obj, name);
  return Array.isArray(value) ? value : [];
}

/**
 * An id as an exact string. Safe integers become their digits; an unsafe number has already lost
 * digits (someone used JSON.parse), so it is refused rather than passed on wrong. 0 means "none".
 */
export function toId(value: unknown): string | null {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' || trimmed === '0' ? null : trimmed;
  }
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? String(value) : null;
  if (typeof value === 'bigint') return value > 0n ? value.toString() : null;
  return null;
}

export function idOf(obj: unknown, ...names: string[]): string | null {
  for (const name of names) {
    const value = toId(readKey(obj, name));
    if (value !== null) return value;
  }
  return null;
}

// ISO 8601 only: Date.parse alone would also accept loose text ("October 2010") as a local date.
const ISO_8601 = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Epoch seconds from either form the service uses: a number of seconds (or its digits as a string) or
 * an ISO 8601 string ("2025-11-26T06:32:13+00:00", "2026-04-01T13:00:03Z"; no offset means UTC here).
 * 0 and anything else are null.
 */
export function toEpochSeconds(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? value : null;
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return toEpochSeconds(Number(trimmed));
  const iso = ISO_8601.exec(trimmed);
  if (iso === null) return null;
  const [, date, time = '00:00', zone = 'Z'] = iso;
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : zone.replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2');
  const ms = Date.parse(`${date}T${time}${offset}`);
  return Number.isNaN(ms) || ms <= 0 ? null : Math.floor(ms / 1000);
}

export function firstTime(obj: unknown, ...names: string[]): number | null {
  for (const name of names) {
    const value = toEpochSeconds(readKey(obj, name));
    if (value !== null) return value;
  }
  return null;
}

/** Coordinates; (0, 0) is how some records say "no location". */
export function coordinates(lat: number | null, lng: number | null): { lat: number; lng: number } | null {
  if (lat === null || lng === null || (lat === 0 && lng === 0)) return null;
  return { lat, lng };
}

export function dedupe(values: string[]): string[] {
  return [...new Set(values)];
}
