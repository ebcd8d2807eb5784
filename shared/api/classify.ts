// Classifying a service answer (status, headers, body) into an AppError, or null for a usable answer.
import { findEndpoint } from './catalog';
import { parseLossless } from './json';
import { DEFAULT_RETRY_AFTER_MS, TOP_UP_URL, describeIssues, retiredMessage, type AppError, type ErrorKind, type ParamIssue } from './error-model';

// ---- headers ----

type HeaderBag = Headers | Record<string, string>;

function headerValue(headers: HeaderBag, name: string): string | null {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name);
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers as Record<string, string>)) {
    if (key.toLowerCase() === wanted) return value;
  }
  return null;
}

/** Units charged, from `x-hiker-info`: `reqs=1` (older form) or `{"reqs": 1}` (newer). */
export function unitsFromHeader(value: string | null): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (text.startsWith('{')) {
    try {
      const reqs = (parseLossless(text) as { reqs?: unknown }).reqs;
      const n = typeof reqs === 'string' ? Number(reqs) : reqs;
      return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : null;
    } catch {
      return null;
    }
  }
  const match = /(?:^|[\s;,&])reqs\s*=\s*(\d+(?:\.\d+)?)/.exec(text);
  return match?.[1] ? Number(match[1]) : null;
}

/** Retry-After as delay-seconds or an HTTP date; null when absent or unreadable. */
function retryAfterMs(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

// ---- messages ----

function chargeNote(billed: boolean, units: number | null): string {
  if (!billed) return 'Nothing was charged.';
  if (units !== null) return `The service charged ${units} ${units === 1 ? 'request' : 'requests'} for it.`;
  return 'The service counts this request as used.';
}

// ---- classifying a service answer ----

interface ServiceBody {
  detail?: string;
  excType?: string;
  issues?: ParamIssue[];
  /** The 402 shape: {"state":false,"error":"Top up your account at …","exc_type":"InsufficientFunds"}. */
  errorText?: string;
}

function readBody(parsed: unknown): ServiceBody {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const o = parsed as Record<string, unknown>;
  const body: ServiceBody = {};
  if (typeof o.exc_type === 'string') body.excType = o.exc_type;
  if (typeof o.error === 'string') body.errorText = o.error;
  if (typeof o.detail === 'string') body.detail = o.detail;
  else if (Array.isArray(o.detail)) {
    // FastAPI validation: [{"loc":["query","username"],"msg":"Field required","type":"missing"}]
    body.issues = o.detail.map((item): ParamIssue => {
      const entry = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
      const loc = Array.isArray(entry.loc) ? entry.loc.map(String) : [];
      const where = loc.length > 1 && ['query', 'path', 'body', 'header'].includes(loc[0] ?? '') ? loc.slice(1) : loc;
      return {
        param: where.join('.') || 'request',
        message: typeof entry.msg === 'string' ? entry.msg : 'invalid value',
      };
    });
    body.detail = describeIssues(body.issues);
  } else if (o.detail !== undefined && o.detail !== null) {
    body.detail = JSON.stringify(o.detail);
  }
  if (body.detail === undefined && body.errorText !== undefined) body.detail = body.errorText;
  return body;
}

/** Billing per service-facts: 2xx, 400, 403, 404, 422 are billed; 401, 402, 410, 429, 5xx are not. */
function billedByStatus(status: number): boolean {
  return (status >= 200 && status < 300) || status === 400 || status === 403 || status === 404 || status === 422;
}

/**
 * An answer Feedlens would not read: larger than it takes, or nested deeper (shared/api/answer-limits.ts).
 * It arrived, so it is billed as its status says (a success is charged), unless `x-hiker-info` says.
 */
export function unreadableAnswer(a: { status: number; headers: HeaderBag; path?: string }, problem: 'too_large' | 'too_deep', limit: number): AppError {
  const units = unitsFromHeader(headerValue(a.headers, 'x-hiker-info'));
  const billed = units !== null ? units > 0 : billedByStatus(a.status);
  const what =
    problem === 'too_large'
      ? `an answer larger than ${limit >= 1024 * 1024 ? `${Math.round(limit / (1024 * 1024))} MB` : `${limit} bytes`}`
      : `an answer nested more than ${limit} levels deep`;
  return {
    kind: 'bad_response',
    message:
      `The service sent ${what}, so Feedlens stopped reading it and stored nothing. ${chargeNote(billed, units)} ` +
      'Check the service address in Settings; if it is right, ask for less at a time (a smaller amount) or tell the service.',
    status: a.status,
    ...(a.path !== undefined ? { path: a.path } : {}),
    billed,
    retryable: false,
  };
}

const AUTH_WORDS = /access[ _-]?key|api[ _-]?key|token|unauthori[sz]ed|authenticat|credential|invalid key|forbidden key/i;

export interface ServiceAnswer {
  status: number;
  headers: HeaderBag;
  bodyText: string;
  /** The endpoint path asked for (for retired replacements and messages). */
  path?: string;
  /** Current time for Retry-After dates; defaults to Date.now(). */
  now?: number;
}

/**
 * Classifies one HTTP answer of the service. Null means success: a 2xx whose body is valid JSON.
 * `billed` follows the status, unless `x-hiker-info` states the units charged (then it is trusted).
 */
export function classifyAnswer(a: ServiceAnswer): AppError | null {
  const { status, bodyText } = a;
  const units = unitsFromHeader(headerValue(a.headers, 'x-hiker-info'));
  let parsed: unknown;
  let isJson = true;
  try {
    parsed = parseLossless(bodyText);
  } catch {
    isJson = false;
  }
  if (status >= 200 && status < 300 && isJson) return null;

  const body = isJson ? readBody(parsed) : {};
  const base = {
    status,
    ...(a.path !== undefined ? { path: a.path } : {}),
    ...(body.excType !== undefined ? { excType: body.excType } : {}),
    ...(body.detail !== undefined ? { detail: body.detail } : isJson ? {} : { detail: bodyText.slice(0, 300) }),
  };
  const make = (kind: ErrorKind, message: string, billedDefault: boolean, retryable: boolean, extra: Partial<AppError> = {}): AppError => {
    const billed = units !== null ? units > 0 : billedDefault;
    return { ...base, kind, message: `${message} ${chargeNote(billed, units)}`, billed, retryable, ...extra };
  };
  const excType = body.excType ?? '';

  // Exception names win over statuses: they say exactly what happened.
  if (excType === 'InsufficientFunds' || status === 402) {
    const topUpUrl = /https?:\/\/[^\s"']+/.exec(body.errorText ?? body.detail ?? '')?.[0] ?? TOP_UP_URL;
    return make('payment', `Your balance is used up. Top up at ${topUpUrl}, then try again.`, false, false, { topUpUrl });
  }
  if (excType === 'EndpointDeprecated' || status === 410) {
    const endpointStatus = a.path !== undefined ? findEndpoint(a.path)?.status : undefined;
    const replacements = endpointStatus && endpointStatus.kind !== 'active' ? endpointStatus.replacements : [];
    return make('retired', retiredMessage(replacements), false, false, { replacements });
  }

  if (status >= 200 && status < 300) {
    return make(
      'bad_response',
      'The service sent an answer that is cut off or is not valid JSON, so it could not be read. Try again.',
      true,
      true,
    );
  }
  if (status === 401) {
    return make('auth', 'The service did not accept the access key. Check the key in Settings, then try again.', false, false);
  }
  if (status === 429) {
    const wait = retryAfterMs(headerValue(a.headers, 'retry-after'), a.now ?? Date.now()) ?? DEFAULT_RETRY_AFTER_MS;
    return make(
      'rate_limited',
      'Too many requests per second for this key. Feedlens waits a moment and tries again.',
      false,
      true,
      { retryAfterMs: wait },
    );
  }
  if (status >= 500) {
    const retryable = status === 500 || status === 502 || status === 503 || status === 504;
    return make(
      'upstream',
      `The service or the platform behind it failed (HTTP ${status}). ${retryable ? 'Try again in a moment.' : 'Try again later.'}`,
      false,
      retryable,
    );
  }
  if (status === 408) {
    return make('timeout', 'The service took too long to answer (HTTP 408). Try again in a moment.', false, true);
  }
  if (status === 403 && !isJson && /error code/i.test(bodyText)) {
    return make(
      'blocked',
      `The service's front door refused the request (${bodyText.trim().slice(0, 40)}). ` +
        'This happens when a request has no User-Agent header or comes from a blocked network; ' +
        'check proxy or VPN settings, then try again.',
      false,
      false,
    );
  }
  if (!isJson) {
    return make(
      'bad_response',
      `The service answered HTTP ${status} with something that is not JSON (for example an error page). ` +
        'Check the service address in Settings, then try again.',
      billedByStatus(status),
      false,
    );
  }

  if (status === 403) {
    if (excType === 'CommentsDisabled') {
      return make('comments_disabled', 'The author turned comments off for this post, so there are none to read.', true, false);
    }
    if (AUTH_WORDS.test(`${excType} ${body.detail ?? ''}`)) {
      return make('auth', 'The service did not accept the access key. Check the key in Settings, then try again.', false, false);
    }
    return make(
      'private',
      'This account, post or comment is private, so the service cannot read it. Stories and highlights of private accounts stay hidden.',
      true,
      false,
    );
  }
  if (status === 404) {
    const message =
      excType === 'UserNotFound'
        ? 'No account with that username or id exists. It may have been renamed or deleted.'
        : excType === 'MediaUnavailable'
          ? 'This post is unavailable: it is private, deleted, or never existed.'
          : excType === 'NotFoundError'
            ? 'The service found nothing here (for example, a post with no comments).'
            : 'The service found nothing for this request. Check the id or link.';
    return make('not_found', message, true, false);
  }
  if (status === 422 || status === 400) {
    const issues = body.issues ?? [];
    const what = issues.length > 0 ? describeIssues(issues) : (body.detail ?? 'the parameters were not understood');
    return make('validation', `The service rejected the request: ${what}. Correct the input, then try again.`, true, false, {
      issues,
    });
  }
  return make(
    'bad_response',
    `The service answered with an unexpected status (HTTP ${status}${body.detail ? `: ${body.detail}` : ''}).`,
    false,
    false,
  );
}
