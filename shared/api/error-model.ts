// The app's error value (AppError) and what every error module shares: kinds, constants, the guard,
// secret scrubbing and the message pieces. Errors cross IPC as plain values, so everything here is data.

export type ErrorKind =
  | 'auth'
  | 'payment'
  | 'private'
  | 'comments_disabled'
  | 'not_found'
  | 'validation'
  | 'rate_limited'
  | 'retired'
  | 'blocked'
  | 'upstream'
  | 'network'
  | 'timeout'
  | 'bad_response'
  | 'cancelled'
  | 'confirmation_required'
  | 'over_balance'
  | 'internal';

export interface ParamIssue {
  param: string;
  message: string;
}

export interface AppError {
  kind: ErrorKind;
  /** Plain words: what happened and what to do next. */
  message: string;
  /** What the service said. */
  status?: number;
  excType?: string;
  detail?: string;
  /** The service counted the request against the balance. */
  billed: boolean;
  /** Units the service billed for the failed call, every attempt counted (set by main's call service). */
  units?: number;
  /** Trying the same request again later may succeed. */
  retryable: boolean;
  path?: string;
  replacements?: string[];
  issues?: ParamIssue[];
  cost?: number;
  balance?: number;
  retryAfterMs?: number;
  topUpUrl?: string;
}

export const TOP_UP_URL = 'https://hikerapi.com/billing';
/** The vendor advises pausing 1-2 s after a 429. */
export const DEFAULT_RETRY_AFTER_MS = 1500;

const ERROR_KINDS: ReadonlySet<string> = new Set<ErrorKind>([
  'auth', 'payment', 'private', 'comments_disabled', 'not_found', 'validation', 'rate_limited', 'retired',
  'blocked', 'upstream', 'network', 'timeout', 'bad_response', 'cancelled', 'confirmation_required',
  'over_balance', 'internal',
]);

export function isAppError(x: unknown): x is AppError {
  if (typeof x !== 'object' || x === null) return false;
  const e = x as Record<string, unknown>;
  return (
    typeof e.kind === 'string' &&
    ERROR_KINDS.has(e.kind) &&
    typeof e.message === 'string' &&
    typeof e.billed === 'boolean' &&
    typeof e.retryable === 'boolean'
  );
}

/**
 * A copy of `value` with `secret` replaced in every string, at any depth (message, detail, excType,
 * topUpUrl, issues[].message...): whatever a service echoes, the key never reaches a message or record.
 */
export function scrubSecret<T>(value: T, secret: string, mask = '[access key]'): T {
  if (secret.length < 4) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return v.includes(secret) ? v.split(secret).join(mask) : v;
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [walk(k) as string, walk(x)]));
    return v;
  };
  return walk(value) as T;
}

// ---- messages ----

export function describeIssues(issues: ParamIssue[]): string {
  return issues.map((i) => `${i.param}: ${i.message}`).join('; ');
}

export function retiredMessage(replacements: string[]): string {
  return replacements.length > 0
    ? `The service retired this endpoint. Use ${replacements.join(' or ')} instead.`
    : 'The service retired this endpoint and names no replacement.';
}
