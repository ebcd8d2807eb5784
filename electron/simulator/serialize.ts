// JSON text for every simulated answer. JSON.stringify cannot write a bigint, and turning ids into numbers
// would round them (media pks are 19 digits, beyond 2^53), so this writer prints bigints as bare integer
// literals, exactly as the real service does, or as strings when the caller sent `safe_int=true`.
// Otherwise it follows JSON.stringify: undefined and functions are left out of objects and become null in
// arrays, non-finite numbers become null, `toJSON` is honoured. Why hand-written rather than
// JSON.stringify with a bigint replacer: docs/decisions/simulator-speed.md.

export interface JsonTextOptions {
  /** Write bigints as JSON strings ("3776832898280228145") instead of integer literals. */
  safeInt: boolean;
}

// Strings without quotes, backslashes, control characters or surrogates need no escaping.
// eslint-disable-next-line no-control-regex -- control characters are exactly what JSON must escape
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
const keyCache = new Map<string, string>();
const KEY_CACHE_LIMIT = 5000;

function writeString(s: string): string {
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`;
}

/** `"key":`, cached because answers repeat the same few hundred keys. */
function writeKey(k: string): string {
  let text = keyCache.get(k);
  if (text === undefined) {
    text = `${writeString(k)}:`;
    if (keyCache.size < KEY_CACHE_LIMIT) keyCache.set(k, text);
  }
  return text;
}

function isSkipped(v: unknown): boolean {
  return v === undefined || typeof v === 'function' || typeof v === 'symbol';
}

function write(v: unknown, safeInt: boolean): string {
  switch (typeof v) {
    case 'string':
      return writeString(v);
    case 'number':
      return Number.isFinite(v) ? String(v) : 'null';
    case 'boolean':
      return v ? 'true' : 'false';
    case 'bigint':
      return safeInt ? `"${v.toString()}"` : v.toString();
    case 'object': {
      if (v === null) return 'null';
      const withToJson = v as { toJSON?: () => unknown };
      if (typeof withToJson.toJSON === 'function') return write(withToJson.toJSON(), safeInt);
      if (Array.isArray(v)) {
        let out = '[';
        for (let i = 0; i < v.length; i++) {
          if (i > 0) out += ',';
          const item: unknown = v[i];
          out += isSkipped(item) ? 'null' : write(item, safeInt);
        }
        return `${out}]`;
      }
      let out = '{';
      let first = true;
      const record = v as Record<string, unknown>;
      for (const k of Object.keys(record)) {
        const item = record[k];
        if (isSkipped(item)) continue;
        if (!first) out += ',';
        first = false;
        out += writeKey(k) + write(item, safeInt);
      }
      return `${out}}`;
    }
    default:
      // undefined, function, symbol at the top level: JSON.stringify gives undefined; we give null.
      return 'null';
  }
}

/** The JSON text of `value` with every bigint written exactly. */
export function toJsonText(value: unknown, options: JsonTextOptions = { safeInt: false }): string {
  return write(value, options.safeInt);
}
