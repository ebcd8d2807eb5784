// Fault injection, so tests can drive the app through the failures production has: slow answers, upstream
// errors at a given rate, a fixed status for the next calls, truncated bodies, reset connections and the
// front door's plain-text 403 `error code: 1010`.
//
// Path patterns: an exact endpoint path ("/v1/user/by/username"), a prefix ending in "*" ("/v2/*",
// "/media/*"), or "*"/absent for every API path. Media files (the CDN, "/media/...") are affected only
// by a pattern that names them, so a fault set for "the next call" is not eaten by a thumbnail.
import { isDict } from '../../shared/guards';

export interface FaultCount {
  /** How many matching calls the fault still applies to. */
  count: number;
  path?: string;
}

export interface StatusFault extends FaultCount {
  status: number;
  /** JSON body to answer with; default: production's body for that status. */
  body?: unknown;
}

export interface FaultSettings {
  /** Added to every API answer, in milliseconds. */
  latencyMs?: number;
  /** Probability (0..1) that a call answers `errorStatus`: one number for every API path, or per pattern. */
  errorRate?: number | Record<string, number>;
  /** Status of the errors drawn by `errorRate` (default 500). */
  errorStatus?: number;
  /** The next `count` matching calls answer `status`. */
  status?: StatusFault;
  /** The next `count` matching answers lose the second half of their body. */
  truncate?: FaultCount;
  /** The next `count` matching calls fail at the connection: a socket reset (HTTP) or a rejected fetch. */
  reset?: FaultCount;
  /** The next `count` matching calls answer the front door's plain-text 403 `error code: 1010`. */
  block1010?: FaultCount;
  /** Reseeds the generator behind `errorRate` (answers stay reproducible). */
  seed?: number;
}

export type CountedFault = 'truncate' | 'reset' | 'block1010';

export interface Faults {
  /** Merges these settings into the current ones (a key given replaces that fault). Throws on bad input. */
  set(settings: unknown): void;
  clear(): void;
  /** What is still armed. */
  snapshot(): FaultSettings;
  /** Latency to add before answering `path`, in ms. */
  latencyFor(path: string): number;
  /** Uses up one count of a counted fault when it applies to `path`. */
  take(kind: CountedFault, path: string): boolean;
  /** The injected status for this call, if any: a `status` fault first, then an `errorRate` draw. */
  takeStatus(path: string): { status: number; body?: unknown } | null;
}

/** The error a reset connection produces; in-process, handle() rejects with it like fetch does. */
export class ConnectionResetError extends TypeError {
  constructor() {
    super('fetch failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) });
    this.name = 'TypeError';
  }
}

export function isConnectionReset(error: unknown): error is ConnectionResetError {
  return error instanceof ConnectionResetError;
}

export function isMediaPath(path: string): boolean {
  return path.startsWith('/media/');
}

export function pathMatches(pattern: string | undefined, path: string): boolean {
  if (pattern === undefined || pattern === '*') return !isMediaPath(path);
  if (pattern.endsWith('*')) return path.startsWith(pattern.slice(0, -1));
  return pattern === path;
}

/** mulberry32: small, fast, good enough for error draws. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function fail(message: string): never {
  throw new TypeError(`Invalid fault settings: ${message}`);
}

function readCount(v: unknown, name: string): FaultCount {
  if (!isDict(v)) fail(`${name} must be an object { count, path? }`);
  const { count, path } = v;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) fail(`${name}.count must be a whole number >= 0`);
  if (path !== undefined && typeof path !== 'string') fail(`${name}.path must be a string`);
  return path === undefined ? { count } : { count, path };
}

function readStatus(v: unknown, name: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 200 || v > 599) fail(`${name} must be an HTTP status (200-599)`);
  return v;
}

function readRate(v: unknown, name: string): number {
  if (typeof v !== 'number' || !(v >= 0 && v <= 1)) fail(`${name} must be a number from 0 to 1`);
  return v;
}

/** Checks settings that may come from a network request (the HTTP control endpoint). */
export function parseFaultSettings(input: unknown): FaultSettings {
  if (!isDict(input)) fail('expected a JSON object');
  const out: FaultSettings = {};
  for (const [key, v] of Object.entries(input)) {
    switch (key) {
      case 'latencyMs':
        if (typeof v !== 'number' || !(v >= 0 && v <= 60_000)) fail('latencyMs must be 0..60000');
        out.latencyMs = v;
        break;
      case 'errorRate':
        if (typeof v === 'number') out.errorRate = readRate(v, 'errorRate');
        else if (isDict(v)) out.errorRate = Object.fromEntries(Object.entries(v).map(([p, r]) => [p, readRate(r, `errorRate[${p}]`)]));
        else fail('errorRate must be a number or { pattern: rate }');
        break;
      case 'errorStatus':
        out.errorStatus = readStatus(v, 'errorStatus');
        break;
      case 'status': {
        const counted = readCount(v, 'status');
        const raw = v as Record<string, unknown>;
        out.status = { ...counted, status: readStatus(raw.status, 'status.status') };
        if (raw.body !== undefined) out.status.body = raw.body;
        break;
      }
      case 'truncate':
      case 'reset':
      case 'block1010':
        out[key] = readCount(v, key);
        break;
      case 'seed':
        if (typeof v !== 'number' || !Number.isInteger(v)) fail('seed must be an integer');
        out.seed = v;
        break;
      default:
        fail(`unknown fault "${key}"`);
    }
  }
  return out;
}

export function createFaults(seed = 1): Faults {
  let state: FaultSettings = {};
  let random = prng(seed);

  function rateFor(path: string): number {
    const rate = state.errorRate;
    if (rate === undefined) return 0;
    if (typeof rate === 'number') return pathMatches(undefined, path) ? rate : 0;
    // The most specific pattern wins: exact, then the longest prefix, then "*".
    if (rate[path] !== undefined) return rate[path] ?? 0;
    let best: [string, number] | null = null;
    for (const [pattern, r] of Object.entries(rate)) {
      if (pattern === '*' || !pattern.endsWith('*') || !pathMatches(pattern, path)) continue;
      if (!best || pattern.length > best[0].length) best = [pattern, r];
    }
    if (best) return best[1];
    return rate['*'] !== undefined && pathMatches('*', path) ? rate['*'] : 0;
  }

  function consume(fault: FaultCount | undefined, path: string): boolean {
    if (!fault || fault.count <= 0 || !pathMatches(fault.path, path)) return false;
    fault.count -= 1;
    return true;
  }

  return {
    set(settings) {
      const parsed = parseFaultSettings(settings);
      if (parsed.seed !== undefined) random = prng(parsed.seed);
      state = { ...state, ...parsed };
    },
    clear() {
      state = {};
    },
    snapshot: () => structuredClone(state),
    latencyFor: (path) => (state.latencyMs && pathMatches(undefined, path) ? state.latencyMs : 0),
    take: (kind, path) => consume(state[kind], path),
    takeStatus(path) {
      const fixed = state.status;
      if (fixed && consume(fixed, path)) return fixed.body === undefined ? { status: fixed.status } : { status: fixed.status, body: fixed.body };
      const rate = rateFor(path);
      // Draw only for paths with a rate, so other traffic does not shift the sequence.
      if (rate > 0 && random() < rate) return { status: state.errorStatus ?? 500 };
      return null;
    },
  };
}
