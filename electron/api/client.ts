// The service client of the main process: checks the request against the catalog, sends it with the
// key, reads the answer within its size and nesting limits (read-answer.ts), parses it losslessly,
// classifies errors, retries what is safe to retry, and reports every attempt for the request ledger. The key is added here and nowhere else; it never leaves this module.
// With a scheduler (the session's, calls/scheduler.ts), every attempt waits there for its turn, and a 429
// is the scheduler's to wait out: one back-off for every caller of the session.
import { createHash, randomUUID } from 'node:crypto';
import { costOf, findEndpoint, type Endpoint } from '../../shared/api/catalog';
import {
  cancelledError,
  classifyAnswer,
  DEFAULT_RETRY_AFTER_MS,
  internalError,
  missingKeyError,
  networkError,
  retiredError,
  scrubSecret,
  timeoutError,
  unitsFromHeader,
  unreadableAnswer,
  validationError,
  type AppError,
  type ErrorKind,
} from '../../shared/api/errors';
import { MAX_ANSWER_BYTES, MAX_ANSWER_DEPTH } from '../../shared/api/answer-limits';
import { parseLossless } from '../../shared/api/json';
import { validateParams } from '../../shared/api/params';
import { backoffMs, sleep } from '../../shared/timing';
import type { Pass, Priority, RequestScheduler } from '../calls/scheduler';
import { readAnswerBody, type AnswerLimits } from './read-answer';

export interface AttemptRecord {
  /** When the attempt started, epoch ms. */
  time: number;
  requestId: string;
  /** 1 for the first try, 2 for the first retry, ... */
  attempt: number;
  path: string;
  /** The query as sent (safe_int included). Never the key. */
  params: Record<string, string | string[]>;
  /** HTTP status, or null when no answer arrived. */
  status: number | null;
  /** Units this attempt was billed: the x-hiker-info header, else the catalog's guess. */
  units: number;
  durationMs: number;
  errorKind: ErrorKind | null;
  /**
   * SHA-256 (hex) of the answer's text as Feedlens keeps it (decoded from UTF-8, the key masked where the
   * service echoed it: see withoutKey), so it is the hash of the raw answer the Explorer saves; null when
   * no body was read.
   */
  bodySha256: string | null;
  /** When another attempt follows: how long the client waits before it. */
  retryInMs: number | null;
}

export interface ApiClientOptions {
  baseUrl: string;
  fetch: typeof fetch;
  getKey: () => Promise<string | null> | string | null;
  userAgent: string;
  /** Per attempt, headers and body included. Default 30 000. */
  timeoutMs?: number;
  /** Retries after network errors, timeouts (408 included) and 500/502/503/504. Default 2. */
  maxRetries?: number;
  /**
   * Retries after 429 (each wait jittered up to +50 % without a scheduler). Default 3; under a scheduler,
   * background work (runs, jobs) tries 20 times, a screen's request 3 (the page then counts down and retries).
   */
  maxRateRetries?: number;
  /** The session's request scheduler: each attempt waits there for a token; 429s slow it for everyone. */
  scheduler?: RequestScheduler;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
  /** Requests per second the key allows, if known: waits after a 429 are at least 1000/rate ms (without a scheduler). */
  rate?: () => number | null;
  /** Called after every attempt sent, for the request ledger. */
  onAttempt?: (a: AttemptRecord) => void;
  /** Bytes of one answer at most (default MAX_ANSWER_BYTES); beyond, reading stops and the call fails. */
  maxAnswerBytes?: number;
  /** Nesting of one answer at most (default MAX_ANSWER_DEPTH); beyond, reading stops and the call fails. */
  maxAnswerDepth?: number;
  /** Called with each successful answer's text and what it was parsed into (the Explorer keeps its own). */
  onAnswer?: (requestId: string, text: string, data: unknown) => void;
  /** Called with each error answer's text and status (the Explorer can save it raw); the key is masked. */
  onErrorAnswer?: (requestId: string, text: string, status: number) => void;
}

export interface ApiResult {
  data: unknown;
  /** Units billed for the whole call (every attempt). */
  units: number;
  status: number;
  requestId: string;
  bodySha256: string;
  /** The whole call, waits between attempts included. */
  durationMs: number;
  attempts: number;
}

export type ApiOutcome = { ok: true; value: ApiResult } | { ok: false; error: AppError };

export interface CallOptions {
  signal?: AbortSignal;
  requestId?: string;
  /** Its place in the scheduler's lines: what a person waits for on screen (default), or runs and jobs. */
  priority?: Priority;
}

export interface ApiClient {
  call(path: string, params: Record<string, unknown>, opts?: CallOptions): Promise<ApiOutcome>;
}

const BACKOFF_BASE_MS = 500;

/** What one attempt produced. */
type Attempt =
  | { kind: 'answer'; status: number; headers: Headers; bodyText: string }
  | { kind: 'cut'; status: number; headers: Headers } // headers arrived, the body did not
  | { kind: 'refused'; status: number; headers: Headers; problem: 'too_large' | 'too_deep' } // past a limit: not read on
  | { kind: 'failed'; error: AppError }; // nothing usable arrived

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The query as the service receives it: the validated params, plus `safe_int=true` wherever supported. */
export function queryToSend(endpoint: Endpoint, validated: [string, string][]): [string, string][] {
  const query = validated.filter(([name]) => name !== 'safe_int');
  if (endpoint.safeInt) query.push(['safe_int', 'true']);
  return query;
}

/** A query as a record (repeated names become arrays), for the ledger. */
export function queryRecord(query: [string, string][]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of query) {
    const prev = out[name];
    out[name] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/** The key must never reach any string of an error, even if the service echoes it. */
const scrubKey = (error: AppError, key: string): AppError => scrubSecret(error, key);

/**
 * How the key can be written inside an answer's JSON text: as it is, JSON-escaped (a quote or backslash
 * in it), with every non-ASCII character as \uXXXX (Python's default) or '/' as '\/', and percent-encoded
 * (an echoed URL).
 */
function keyForms(key: string): string[] {
  const escaped = JSON.stringify(key).slice(1, -1);
  const ascii = escaped.replace(/[\u0080-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return [...new Set([key, escaped, ascii, ascii.replaceAll('/', '\\/'), encodeURIComponent(key)])];
}

/**
 * The answer's text with the key masked wherever the service echoed it (a debug field, the request's
 * headers): done on the text, before the hash and the parse, so neither the parsed answer nor anything made
 * from it (cache, ledger, studies, the Explorer's raw answers, exports) ever holds the key.
 */
export function withoutKey(text: string, key: string): string {
  let kept = text;
  for (const form of keyForms(key)) kept = scrubSecret(kept, form);
  return kept;
}

export function createApiClient(o: ApiClientOptions): ApiClient {
  const timeoutMs = o.timeoutMs ?? 30_000;
  const maxRetries = o.maxRetries ?? 2;
  const scheduler = o.scheduler ?? null;
  // Under a scheduler a 429 costs nothing and the bucket has slowed down for it: background work goes
  // again until it passes; a screen says why it waits after a few.
  const rateRetriesOf = (priority: Priority): number => o.maxRateRetries ?? (scheduler && priority === 'background' ? 20 : 3);
  const random = o.random ?? Math.random;
  const now = o.now ?? Date.now;
  const baseUrl = o.baseUrl.replace(/\/+$/, '');
  const limits: AnswerLimits = { maxBytes: o.maxAnswerBytes ?? MAX_ANSWER_BYTES, maxDepth: o.maxAnswerDepth ?? MAX_ANSWER_DEPTH };

  /** One GET with a timeout; the body is read inside the same timeout. */
  async function attemptOnce(url: string, key: string, signal?: AbortSignal): Promise<Attempt> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = (): void => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const stopped = (): Attempt | null =>
      signal?.aborted ? { kind: 'failed', error: cancelledError() } : timedOut ? { kind: 'failed', error: timeoutError(timeoutMs) } : null;
    try {
      let res: Response;
      try {
        res = await o.fetch(url, {
          method: 'GET',
          headers: { 'x-access-key': key, 'User-Agent': o.userAgent, accept: 'application/json' },
          signal: controller.signal,
          // A redirect would carry the key to another host: refuse it.
          redirect: 'error',
        });
      } catch (cause) {
        return stopped() ?? { kind: 'failed', error: networkError(cause) };
      }
      try {
        const body = await readAnswerBody(res, limits);
        if (body.kind !== 'text') return { kind: 'refused', status: res.status, headers: res.headers, problem: body.kind };
        return { kind: 'answer', status: res.status, headers: res.headers, bodyText: withoutKey(body.text, key) };
      } catch {
        return stopped() ?? { kind: 'cut', status: res.status, headers: res.headers };
      }
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  function report(record: AttemptRecord): void {
    try {
      o.onAttempt?.(record);
    } catch {
      // The ledger must not break a call.
    }
  }

  async function call(path: string, params: Record<string, unknown>, opts: CallOptions = {}): Promise<ApiOutcome> {
    const endpoint: Endpoint | undefined = findEndpoint(path);
    if (!endpoint) {
      return { ok: false, error: validationError([{ param: 'path', message: `${path} is not an endpoint of the service` }]) };
    }
    if (endpoint.status.kind === 'retired') {
      return { ok: false, error: retiredError(endpoint.path, endpoint.status.replacements) };
    }
    const checked = validateParams(endpoint, params);
    if (!checked.ok) return { ok: false, error: validationError(checked.issues) };
    const query = queryToSend(endpoint, checked.query);

    if (opts.signal?.aborted) return { ok: false, error: cancelledError() };
    let key: string | null;
    try {
      key = await o.getKey();
    } catch (cause) {
      return { ok: false, error: internalError(`the access key could not be read (${cause instanceof Error ? cause.message : String(cause)})`) };
    }
    if (!key) return { ok: false, error: missingKeyError() };

    const url = `${baseUrl}${endpoint.path}${query.length > 0 ? `?${new URLSearchParams(query).toString()}` : ''}`;
    const recordParams = queryRecord(query);
    const requestId = opts.requestId ?? randomUUID();
    const cost = costOf(endpoint, params);
    const callStart = now();
    let totalUnits = 0;
    let serverRetries = 0;
    let rateRetries = 0;

    const priority = opts.priority ?? 'interactive';
    const maxRateRetries = rateRetriesOf(priority);
    let again = false;
    for (let attempt = 1; ; attempt++) {
      const pass: Pass | null = scheduler ? await scheduler.enter(priority, { ...(opts.signal ? { signal: opts.signal } : {}), again }) : null;
      if (scheduler && !pass) return { ok: false, error: cancelledError() };
      try {
        const start = now();
        const outcome = await attemptOnce(url, key, opts.signal);
        const durationMs = now() - start;

        let error: AppError | null;
        let data: unknown;
        let status: number | null = null;
        let bodySha256: string | null = null;
        let headerUnits: number | null = null;
        if (outcome.kind === 'failed') {
          error = outcome.error;
        } else {
          status = outcome.status;
          headerUnits = unitsFromHeader(outcome.headers.get('x-hiker-info'));
          const bodyText = outcome.kind === 'answer' ? outcome.bodyText : '';
          if (outcome.kind === 'answer') bodySha256 = sha256(bodyText);
          error = null;
          if (outcome.kind === 'refused') {
            const limit = outcome.problem === 'too_large' ? limits.maxBytes : limits.maxDepth;
            error = unreadableAnswer({ status, headers: outcome.headers, path: endpoint.path }, outcome.problem, limit);
          } else if (status >= 200 && status < 300 && outcome.kind === 'answer') {
            try {
              data = parseLossless(bodyText);
            } catch {
              error = classifyAnswer({ status, headers: outcome.headers, bodyText, path: endpoint.path, now: now() });
            }
          } else {
            error = classifyAnswer({ status, headers: outcome.headers, bodyText, path: endpoint.path, now: now() });
          }
        }
        if (error) error = scrubKey(error, key);
        if (error && outcome.kind === 'answer') o.onErrorAnswer?.(requestId, outcome.bodyText, outcome.status);

        const units = headerUnits ?? (status !== null && (error === null || error.billed) ? cost : 0);
        totalUnits += units;
        // The scheduler hears how the attempt ended: a 429 slows it for everyone and says when sending resumes.
        const resumesInMs = pass && error?.kind === 'rate_limited' ? pass.refused(error.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS) : null;
        pass?.release();
        const retryInMs = error ? retryDelay(error, serverRetries, resumesInMs, rateRetries >= maxRateRetries) : null;
        report({
          time: start,
          requestId,
          attempt,
          path: endpoint.path,
          params: recordParams,
          status,
          units,
          durationMs,
          errorKind: error?.kind ?? null,
          bodySha256,
          retryInMs,
        });

        if (!error && status !== null && bodySha256 !== null) {
          if (outcome.kind === 'answer') o.onAnswer?.(requestId, outcome.bodyText, data);
          return {
            ok: true,
            value: { data, units: totalUnits, status, requestId, bodySha256, durationMs: now() - callStart, attempts: attempt },
          };
        }
        const failure = error ?? internalError('an answer was neither a success nor an error');
        if (retryInMs === null) return { ok: false, error: failure };
        if (failure.kind === 'rate_limited') rateRetries++;
        else serverRetries++;
        // After a 429 the scheduler does the waiting, for every request of the session at once.
        again = failure.kind === 'rate_limited' && pass !== null;
        if (!again && !(await sleep(retryInMs, opts.signal, o.sleep))) return { ok: false, error: cancelledError() };
      } finally {
        pass?.release();
      }
    }
  }

  /** How long to wait before retrying this error, or null when it is not retried. */
  function retryDelay(error: AppError, serverRetries: number, resumesInMs: number | null, rateRetriesSpent: boolean): number | null {
    if (error.kind === 'rate_limited') {
      if (rateRetriesSpent) return null;
      if (resumesInMs !== null) return resumesInMs;
      const rate = o.rate?.() ?? null;
      const floor = rate !== null && rate > 0 ? Math.ceil(1000 / rate) : 0;
      // Never sooner than asked; up to half as long again at random, so that parallel jobs that met the
      // limit together do not all come back in the same instant.
      return Math.round(Math.max(error.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS, floor) * (1 + 0.5 * random()));
    }
    // Network errors, timeouts (no answer in time, or HTTP 408) and retryable 5xx: bounded retries.
    const transient = error.kind === 'network' || (error.kind === 'timeout' && error.retryable) || (error.kind === 'upstream' && error.retryable);
    if (!transient || serverRetries >= maxRetries) return null;
    // Jittered exponential backoff: 500 ms, 1 s, 2 s ... each times 0.5-1.5.
    return backoffMs(serverRetries, { baseMs: BACKOFF_BASE_MS, spread: 0.5, random });
  }

  return { call };
}
