import { describe, expect, it } from 'vitest';
import {
  cancelledError,
  classifyAnswer,
  confirmationRequired,
  internalError,
  isAppError,
  networkError,
  overBalance,
  retiredError,
  timeoutError,
  unitsFromHeader,
  validationError,
  type AppError,
} from '../../../../shared/api/errors';
import { CATALOG, findEndpoint } from '../../../../shared/api/catalog';

const JSON_HEADERS = { 'content-type': 'application/json' };

// A retired endpoint that names replacements, whichever the catalog holds.
const RETIRED_PATH =
  CATALOG.find((e) => e.status.kind === 'retired' && e.status.replacements.length > 0)?.path ?? 'no retired endpoint in the catalog';

function classify(status: number, bodyText: string, headers: Headers | Record<string, string> = JSON_HEADERS, path?: string): AppError {
  const error = classifyAnswer({ status, headers, bodyText, ...(path !== undefined ? { path } : {}) });
  if (error === null) throw new Error(`expected an error for HTTP ${status}`);
  return error;
}

describe('unitsFromHeader', () => {
  it('reads both forms of x-hiker-info', () => {
    expect(unitsFromHeader('reqs=1')).toBe(1);
    expect(unitsFromHeader('reqs=3')).toBe(3);
    expect(unitsFromHeader('{"reqs": 1}')).toBe(1);
    expect(unitsFromHeader('{"reqs":2,"rate":15}')).toBe(2);
    expect(unitsFromHeader(' reqs=0 ')).toBe(0);
  });

  it('returns null when the header is absent or unreadable', () => {
    expect(unitsFromHeader(null)).toBeNull();
    expect(unitsFromHeader('')).toBeNull();
    expect(unitsFromHeader('{"reqs": ')).toBeNull();
    expect(unitsFromHeader('{"other": 1}')).toBeNull();
    expect(unitsFromHeader('xreqs=4')).toBeNull();
    expect(unitsFromHeader('reqs=abc')).toBeNull();
  });
});

describe('classifyAnswer: success', () => {
  it('returns null for a 2xx with parseable JSON, big integers and bare strings included', () => {
    expect(classifyAnswer({ status: 200, headers: JSON_HEADERS, bodyText: '{"requests":1992006,"rate":15,"currency":"USD","amount":916.3235}' })).toBeNull();
    expect(classifyAnswer({ status: 200, headers: {}, bodyText: '"B1LbfVPlwIA"' })).toBeNull();
    expect(classifyAnswer({ status: 200, headers: {}, bodyText: '[[],null]' })).toBeNull();
    expect(classifyAnswer({ status: 200, headers: {}, bodyText: '{"media_ids":[3776832898280228145]}' })).toBeNull();
  });

  it('calls a truncated or non-JSON 200 a bad response, billed', () => {
    const truncated = classify(200, '{"pk":"3776832898280228145","code":"DRqAYKuA');
    expect(truncated).toMatchObject({ kind: 'bad_response', status: 200, billed: true });
    expect(classify(200, '<html><body>Maintenance</body></html>', { 'content-type': 'text/html' })).toMatchObject({ kind: 'bad_response' });
    expect(classify(200, '')).toMatchObject({ kind: 'bad_response' });
  });
});

describe('classifyAnswer: the bodies seen in production (service-facts.md)', () => {
  it('404 UserNotFound -> not_found, billed', () => {
    const e = classify(404, '{"detail":"User not found","exc_type":"UserNotFound"}', JSON_HEADERS, '/v1/user/by/username');
    expect(e).toMatchObject({
      kind: 'not_found',
      status: 404,
      excType: 'UserNotFound',
      detail: 'User not found',
      billed: true,
      retryable: false,
      path: '/v1/user/by/username',
    });
    expect(e.message).toMatch(/No account/);
  });

  it('404 MediaUnavailable -> not_found that says why', () => {
    const e = classify(404, '{"detail":"Media is unavailable","exc_type":"MediaUnavailable"}');
    expect(e).toMatchObject({ kind: 'not_found', excType: 'MediaUnavailable', billed: true });
    expect(e.message).toMatch(/private, deleted/);
  });

  it('404 NotFoundError (a post with no comments) -> not_found', () => {
    const e = classify(404, '{"detail":"Entries not found","exc_type":"NotFoundError"}');
    expect(e).toMatchObject({ kind: 'not_found', excType: 'NotFoundError', detail: 'Entries not found', billed: true });
  });

  it('403 CommentsDisabled -> comments_disabled; any other 403 JSON -> private', () => {
    expect(classify(403, '{"detail":"Comments disabled by author","exc_type":"CommentsDisabled"}')).toMatchObject({
      kind: 'comments_disabled',
      billed: true,
      retryable: false,
    });
    const priv = classify(403, '{"detail":"Not authorized to view user","exc_type":"PrivateError"}');
    expect(priv).toMatchObject({ kind: 'private', billed: true });
    expect(priv.message).toMatch(/private/);
  });

  it('403 with an auth-ish body -> auth, not billed', () => {
    expect(classify(403, '{"detail":"Invalid access key","exc_type":"InvalidAccessKey"}')).toMatchObject({ kind: 'auth', billed: false });
    expect(classify(403, '{"detail":"Token is missing"}')).toMatchObject({ kind: 'auth' });
  });

  it('plain-text 403 "error code: 1010" -> blocked, and says what to do', () => {
    const e = classify(403, 'error code: 1010', { 'content-type': 'text/plain; charset=UTF-8' });
    expect(e).toMatchObject({ kind: 'blocked', status: 403, billed: false, retryable: false });
    expect(e.message).toMatch(/front door/);
    expect(e.message).toMatch(/User-Agent/);
  });

  it('402 InsufficientFunds (its own shape) -> payment with the top-up link', () => {
    const e = classify(
      402,
      '{"state":false,"error":"Top up your account at https://hikerapi.com/billing","exc_type":"InsufficientFunds"}',
    );
    expect(e).toMatchObject({ kind: 'payment', excType: 'InsufficientFunds', topUpUrl: 'https://hikerapi.com/billing', billed: false });
    expect(e.message).toBe('Your balance is used up. Top up at https://hikerapi.com/billing, then try again. Nothing was charged.');
  });

  it('422 field list -> validation with issues per parameter', () => {
    const e = classify(422, '{"detail":[{"loc":["query","username"],"msg":"Field required","type":"missing"}]}');
    expect(e).toMatchObject({ kind: 'validation', billed: true, retryable: false, issues: [{ param: 'username', message: 'Field required' }] });
    expect(e.message).toContain('username: Field required');
    const two = classify(
      422,
      '{"detail":[{"loc":["query","user_id"],"msg":"Field required","type":"missing"},{"loc":["query","amount"],"msg":"Input should be a valid integer","type":"int_parsing"}]}',
    );
    expect(two.issues).toEqual([
      { param: 'user_id', message: 'Field required' },
      { param: 'amount', message: 'Input should be a valid integer' },
    ]);
  });

  it('400 -> validation, billed', () => {
    expect(classify(400, '{"detail":"arguments not correctly transmitted"}')).toMatchObject({
      kind: 'validation',
      billed: true,
      detail: 'arguments not correctly transmitted',
    });
  });

  it('401 -> auth, not billed', () => {
    expect(classify(401, '{"detail":"Unauthorized"}')).toMatchObject({ kind: 'auth', billed: false, retryable: false });
    expect(classify(401, 'Unauthorized', { 'content-type': 'text/plain' })).toMatchObject({ kind: 'auth' });
  });

  it('429 -> rate_limited, retryable, waits per Retry-After or 1.5 s', () => {
    expect(classify(429, '{"detail":"Too Many Requests"}')).toMatchObject({ kind: 'rate_limited', retryable: true, billed: false, retryAfterMs: 1500 });
    expect(classify(429, '', { 'Retry-After': '3' })).toMatchObject({ kind: 'rate_limited', retryAfterMs: 3000 });
    expect(classify(429, 'slow down', new Headers({ 'retry-after': '0.5' }))).toMatchObject({ retryAfterMs: 500 });
    const now = Date.parse('2026-04-01T13:00:00Z');
    const dated = classifyAnswer({ status: 429, headers: { 'retry-after': 'Wed, 01 Apr 2026 13:00:02 GMT' }, bodyText: '', now });
    expect(dated).toMatchObject({ retryAfterMs: 2000 });
  });

  it('500/502/503/504 -> upstream, retryable, not billed, whatever the body', () => {
    for (const status of [500, 502, 503, 504]) {
      expect(classify(status, '{"detail":"Instagram server error","exc_type":"InstagramServerError"}')).toMatchObject({
        kind: 'upstream',
        status,
        retryable: true,
        billed: false,
        excType: 'InstagramServerError',
      });
    }
    expect(classify(502, '<html><head><title>502 Bad Gateway</title></head></html>', { 'content-type': 'text/html' })).toMatchObject({
      kind: 'upstream',
      retryable: true,
    });
  });

  it('408 -> timeout, retryable', () => {
    expect(classify(408, '{"detail":"Request Timeout"}')).toMatchObject({ kind: 'timeout', retryable: true });
  });

  it('an HTML error page on a 4xx -> bad_response', () => {
    const e = classify(404, '<!DOCTYPE html><html><body><h1>Not Found</h1></body></html>', { 'content-type': 'text/html' });
    expect(e).toMatchObject({ kind: 'bad_response', status: 404 });
    expect(e.detail).toContain('<h1>Not Found</h1>');
  });

  it('truncated JSON on an error status -> bad_response', () => {
    expect(classify(404, '{"detail":"User not fo')).toMatchObject({ kind: 'bad_response' });
  });

  it('410 -> retired, not billed, never retryable, with the catalog replacements', () => {
    const e = classify(410, '{"detail":"Endpoint is deprecated","exc_type":"EndpointDeprecated"}', JSON_HEADERS, RETIRED_PATH);
    const status = findEndpoint(RETIRED_PATH)?.status;
    const expected = status && status.kind !== 'active' ? status.replacements : [];
    expect(expected.length).toBeGreaterThan(0);
    expect(e).toMatchObject({ kind: 'retired', billed: false, retryable: false, replacements: expected, path: RETIRED_PATH });
    for (const r of expected) expect(e.message).toContain(r);
    expect(classify(410, '{"detail":"Gone"}')).toMatchObject({ kind: 'retired', replacements: [] });
  });
});

describe('classifyAnswer: the x-hiker-info header overrides the billing guess', () => {
  it('trusts a charge the header reports', () => {
    const e = classify(503, '{"detail":"x","exc_type":"InstagramServerError"}', { 'x-hiker-info': 'reqs=1' });
    expect(e.billed).toBe(true);
    expect(e.message).toContain('charged 1 request');
  });

  it('trusts a zero charge too, in the JSON form', () => {
    const e = classify(404, '{"detail":"User not found","exc_type":"UserNotFound"}', new Headers({ 'X-Hiker-Info': '{"reqs": 0}' }));
    expect(e.billed).toBe(false);
    expect(e.message).toContain('Nothing was charged');
  });
});

describe('errors raised on our side', () => {
  it('builds each kind with the right flags', () => {
    const cause = new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    expect(networkError(cause)).toMatchObject({ kind: 'network', retryable: true, billed: false, detail: 'fetch failed (ECONNREFUSED)' });
    expect(timeoutError(30000)).toMatchObject({ kind: 'timeout', retryable: true, billed: false });
    expect(timeoutError(30000).message).toContain('30 s');
    expect(cancelledError()).toMatchObject({ kind: 'cancelled', retryable: false, billed: false });
    const v = validationError([{ param: 'username', message: 'is required' }]);
    expect(v).toMatchObject({ kind: 'validation', billed: false, issues: [{ param: 'username', message: 'is required' }] });
    expect(v.message).toContain('username: is required');
    expect(confirmationRequired(3, 120)).toMatchObject({ kind: 'confirmation_required', cost: 3, balance: 120, billed: false });
    const over = overBalance(3, 2);
    expect(over).toMatchObject({ kind: 'over_balance', cost: 3, balance: 2, topUpUrl: 'https://hikerapi.com/billing' });
    expect(over.message).toContain('https://hikerapi.com/billing');
    expect(internalError('cache unreadable')).toMatchObject({ kind: 'internal', detail: 'cache unreadable' });
    expect(retiredError('/v1/x', ['/v2/x'])).toMatchObject({ kind: 'retired', billed: false, replacements: ['/v2/x'] });
  });

  it('isAppError accepts every constructed error and rejects look-alikes', () => {
    for (const e of [networkError('x'), timeoutError(1), cancelledError(), internalError('x'), overBalance(2, 1)]) {
      expect(isAppError(e)).toBe(true);
      expect(isAppError(JSON.parse(JSON.stringify(e)))).toBe(true);
    }
    expect(isAppError(classify(404, '{"detail":"User not found","exc_type":"UserNotFound"}'))).toBe(true);
    expect(isAppError(new Error('boom'))).toBe(false);
    expect(isAppError({ kind: 'nope', message: 'x', billed: false, retryable: false })).toBe(false);
    expect(isAppError({ kind: 'auth', message: 'x' })).toBe(false);
    expect(isAppError(null)).toBe(false);
  });
});
