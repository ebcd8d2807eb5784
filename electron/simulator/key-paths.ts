// The shape of a JSON answer as its key paths with the JSON types seen there (arrays collapsed), and how
// much of one answer's shape another carries: the simulator's answers are compared with production's so
// (the shape-contract tests, `npm run fidelity`). Only paths and types are kept, never a value.

/** JSON types of a key path, sorted and joined with '|' ("null|object"). */
export type KeyPaths = Record<string, string>;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Keys that carry an id (`highlight:<pk>`) are written with `<id>` so no recorded value is kept. */
export function keyName(key: string): string {
  return key.replace(/\d{6,}/g, '<id>');
}

/**
 * Every key path of a JSON text with the JSON types seen there: `a.b`, `a.list[]`, `a.list[].c`; the
 * root is `$`. JSON.parse, not parseLossless, on purpose: only types are kept, and a 19-digit literal must
 * stay of type number (parseLossless would make it a bigint); no value is read.
 */
export function keyPaths(text: string): KeyPaths {
  const seen = new Map<string, Set<string>>();
  const walk = (value: unknown, path: string): void => {
    const type = typeOf(value);
    let types = seen.get(path);
    if (!types) seen.set(path, (types = new Set()));
    types.add(type);
    if (Array.isArray(value)) for (const item of value) walk(item, `${path}[]`);
    else if (type === 'object') {
      for (const [key, item] of Object.entries(value as Record<string, unknown>)) walk(item, path === '$' ? keyName(key) : `${path}.${keyName(key)}`);
    }
  };
  walk(JSON.parse(text), '$');
  const out: KeyPaths = {};
  for (const [path, types] of seen) out[path] = [...types].sort().join('|');
  return out;
}

export interface Comparison {
  total: number;
  matched: number;
  /** Recorded paths the simulator's answer does not have. */
  missing: string[];
  /** Recorded paths whose (non-null) types the simulator's answer does not give. */
  wrongType: string[];
}

/**
 * A recorded path matches when the simulator's answer has it with every non-null type production gave
 * there (a recorded null says nothing about the type, so any type matches it).
 */
export function compare(recorded: KeyPaths, simulated: KeyPaths): Comparison {
  const missing: string[] = [];
  const wrongType: string[] = [];
  let matched = 0;
  for (const [path, types] of Object.entries(recorded)) {
    const got = simulated[path];
    if (got === undefined) {
      missing.push(path);
      continue;
    }
    const have = new Set(got.split('|'));
    const want = types.split('|').filter((t) => t !== 'null');
    if (want.every((t) => have.has(t))) matched++;
    else wrongType.push(`${path}: ${types} (simulator: ${got})`);
  }
  return { total: Object.keys(recorded).length, matched, missing, wrongType };
}
