// Helpers for the world and routes tests: one shared world per test file, a route caller with a
// hand-made RouteContext, and the wire round trip (the shell's JSON writer, then the app's lossless
// parser) so tests see answers as the app does.
import { parseLossless } from '../../../../shared/api/json';
import { ROUTES } from '../../../../electron/simulator/routes-more';
import { toJsonText } from '../../../../electron/simulator/serialize';
import type { RouteOutcome } from '../../../../electron/simulator/types';
import { buildWorld, type World } from '../../../../electron/simulator/world/world';

/** The clock of the tests: a day after the world's reference time. */
export const NOW = Date.UTC(2026, 10, 21, 9, 0, 0);
export const SEED = 7;

let shared: World | null = null;

export function sharedWorld(): World {
  shared ??= buildWorld(SEED);
  return shared;
}

export interface CallOptions {
  force?: boolean;
  followerLimit?: boolean;
  now?: number;
  world?: World;
}

export type Params = Record<string, string | number | boolean | string[] | undefined>;

export function toQuery(params: Params): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) query.append(key, String(v));
  }
  return query;
}

/** Calls a route directly, as the shell would after its checks. */
export function callRoute(path: string, params: Params = {}, opts: CallOptions = {}): RouteOutcome {
  const handler = ROUTES[path];
  if (!handler) throw new Error(`no route for ${path}`);
  const query = toQuery(params);
  return handler({
    world: opts.world ?? sharedWorld(),
    path,
    query,
    safeInt: query.get('safe_int') === 'true',
    force: opts.force ?? query.get('force') === 'true',
    mediaUrl: (p) => `http://sim${p}`,
    now: opts.now ?? NOW,
    followerLimit: opts.followerLimit ?? true,
  });
}

/** The answer's JSON text, as the shell writes it. */
export function wireText(outcome: RouteOutcome, safeInt = false): string {
  return toJsonText(outcome.body, { safeInt });
}

/** The answer as the app sees it: written by the shell, read back losslessly (big integers become strings). */
export function onWire(outcome: RouteOutcome): unknown {
  return parseLossless(wireText(outcome));
}

/** Calls a route that must answer 200 and returns its body as the app sees it. */
export function get(path: string, params: Params = {}, opts: CallOptions = {}): unknown {
  const outcome = callRoute(path, params, opts);
  if (outcome.status !== 200) throw new Error(`${path} answered ${outcome.status}: ${JSON.stringify(outcome.body)}`);
  return onWire(outcome);
}

export type Obj = Record<string, unknown>;

export function obj(value: unknown, label = 'value'): Obj {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${label} is not an object: ${JSON.stringify(value)?.slice(0, 200)}`);
  return value as Obj;
}

export function arr(value: unknown, label = 'value'): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${label} is not an array: ${JSON.stringify(value)?.slice(0, 200)}`);
  return value;
}

/** JSON types as the interface document names them. */
export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'null' | 'any';

export function jsonType(value: unknown): Exclude<JsonType, 'any'> {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string' || typeof value === 'boolean') return typeof value as 'string' | 'boolean';
  return 'object';
}

/** A field spec: one type or the allowed types ('number' also admits integers). */
export type FieldSpec = Record<string, JsonType | JsonType[]>;

/** The problems of a record against a field spec (missing fields, wrong types); [] when it conforms. */
export function shapeProblems(record: unknown, spec: FieldSpec, label: string): string[] {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return [`${label}: not an object`];
  const problems: string[] = [];
  for (const [field, expected] of Object.entries(spec)) {
    if (!(field in record)) {
      problems.push(`${label}.${field}: missing`);
      continue;
    }
    const allowed = Array.isArray(expected) ? expected : [expected];
    if (allowed.includes('any')) continue;
    const actual = jsonType((record as Obj)[field]);
    const fits = allowed.includes(actual) || (actual === 'integer' && allowed.includes('number'));
    if (!fits) problems.push(`${label}.${field}: ${actual}, expected ${allowed.join(' | ')}`);
  }
  return problems;
}
