import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClientOptions, type ApiOutcome, type AttemptRecord, type CallOptions } from '../../../../electron/api/client';
import type { RequestScheduler } from '../../../../electron/calls/scheduler';
import { CATALOG } from '../../../../shared/api/catalog';

// A real HTTP server on loopback plays the service. Each test queues the answers it wants.
const KEY = 'test-key-5f2b9c1e7a';
const UA = 'Feedlens/0.1.0 (test)';

interface Planned {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /** Never answer: the request stays open until the client gives up (the connection then closes). */
  hang?: boolean;
  /** Send the headers and part of the body, then drop the connection. */
  cutAfter?: number;
}

interface Seen {
  url: URL;
  headers: IncomingMessage['headers'];
}

let server: Server;
let baseUrl: string;
let plan: Planned[] = [];
let seen: Seen[] = [];

function answer(res: ServerResponse, p: Planned): void {
  const body = p.body ?? '';
  const headers = { 'content-type': 'application/json', ...p.headers };
  if (p.cutAfter !== undefined) {
    res.writeHead(p.status, { ...headers, 'content-length': String(Buffer.byteLength(body)) });
    res.write(body.slice(0, p.cutAfter), () => res.destroy());
    return;
  }
  res.writeHead(p.status, { ...headers, 'content-length': String(Buffer.byteLength(body)) });
  res.end(body);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: new URL(req.url ?? '/', 'http://127.0.0.1'), headers: req.headers });
    const p = plan.shift() ?? { status: 500, body: '{"detail":"test server has no planned answer"}' };
    if (!p.hang) answer(res, p);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  plan = [];
  seen = [];
});

interface Harness {
  call: (path: string, params: Record<string, unknown>, opts?: CallOptions) => Promise<ApiOutcome>;
  records: AttemptRecord[];
  sleeps: number[];
}

function client(overrides: Partial<ApiClientOptions> = {}): Harness {
  const records: AttemptRecord[] = [];
  const sleeps: number[] = [];
  const c = createApiClient({
    baseUrl,
    fetch: globalThis.fetch,
    getKey: () => KEY,
    userAgent: UA,
    timeoutMs: 2000,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    onAttempt: (a) => records.push(a),
    ...overrides,
  });
  return { call: c.call, records, sleeps };
}

function ok(outcome: ApiOutcome) {
  if (!outcome.ok) throw new Error(`expected success, got ${outcome.error.kind}: ${outcome.error.message}`);
  return outcome.value;
}

function fail(outcome: ApiOutcome) {
  if (outcome.ok) throw new Error('expected an error');
  return outcome.error;
}

const USER_BODY = '{"pk":"25025320","username":"natgeo","full_name":"National Geographic","is_private":false,"follower_count":283000000}';

describe('api client: what is sent', () => {
  it('sends GET with the key, a User-Agent and accept: application/json, to the catalog path', async () => {
    plan.push({ status: 200, body: USER_BODY, headers: { 'x-hiker-info': 'reqs=1' } });
    const { call } = client();
    const value = ok(await call('/v1/user/by/username', { username: 'natgeo' }));
    expect(value.data).toEqual({ pk: '25025320', username: 'natgeo', full_name: 'National Geographic', is_private: false, follower_count: 283000000 });
    expect(seen).toHaveLength(1);
    const req = seen[0]!;
    expect(req.url.pathname).toBe('/v1/user/by/username');
    expect([...req.url.searchParams]).toEqual([['username', 'natgeo']]);
    expect(req.headers['x-access-key']).toBe(KEY);
    expect(req.headers['user-agent']).toBe(UA);
    expect(req.headers.accept).toBe('application/json');
  });

  it('adds safe_int=true where the endpoint supports it, and only there', async () => {
    plan.push({ status: 200, body: '{"user":{"pk":"25025320","fbid_v2":"17841401474538262"},"status":"ok"}' });
    plan.push({ status: 200, body: USER_BODY });
    plan.push({ status: 200, body: '{"user":{"pk":"25025320"},"status":"ok"}' });
    const { call } = client();
    ok(await call('/v2/user/by/id', { id: '25025320' }));
    ok(await call('/v1/user/by/username', { username: 'natgeo' }));
    ok(await call('/v2/user/by/id', { id: '25025320', safe_int: false }));
    expect(seen[0]!.url.searchParams.getAll('safe_int')).toEqual(['true']);
    expect(seen[1]!.url.searchParams.has('safe_int')).toBe(false);
    expect(seen[2]!.url.searchParams.getAll('safe_int')).toEqual(['true']);
  });

  it('sends nothing when the params are invalid, the path unknown or retired, or no key is set', async () => {
    const { call, records } = client();
    const missing = fail(await call('/v1/user/by/username', {}));
    expect(missing).toMatchObject({ kind: 'validation', billed: false });
    expect(missing.issues?.map((i) => i.param)).toContain('username');
    expect(fail(await call('/v2/user/by/id', { id: 'natgeo' }))).toMatchObject({ kind: 'validation' });
    expect(fail(await call('/v9/nothing/here', {}))).toMatchObject({ kind: 'validation' });

    const retired = CATALOG.find((e) => e.status.kind === 'retired');
    expect(retired).toBeDefined();
    const gone = fail(await call(retired!.path, { username: 'natgeo', id: '1' }));
    expect(gone).toMatchObject({ kind: 'retired', billed: false });
    expect(gone.replacements).toEqual(retired!.status.kind === 'retired' ? retired!.status.replacements : []);

    const noKey = client({ getKey: async () => null });
    expect(fail(await noKey.call('/v1/user/by/username', { username: 'natgeo' }))).toMatchObject({ kind: 'auth', billed: false });

    expect(seen).toHaveLength(0);
    expect(records).toHaveLength(0);
  });

  it('never puts the key in a record or an error, even when the service echoes it', async () => {
    plan.push({ status: 401, body: `{"detail":"Invalid key ${KEY}"}` });
    plan.push({ status: 403, body: `{"detail":"access key ${KEY} is disabled"}` });
    const { call, records } = client();
    const e1 = fail(await call('/v1/user/by/username', { username: 'natgeo' }));
    const e2 = fail(await call('/v1/user/by/username', { username: 'natgeo' }));
    expect(e1.kind).toBe('auth');
    expect(e2.kind).toBe('auth');
    expect(records).toHaveLength(2);
    expect(JSON.stringify([e1, e2, records])).not.toContain(KEY);
    expect(records[0]!.params).toEqual({ username: 'natgeo' });
  });
});

describe('api client: answers', () => {
  it('keeps big integers exact and reports the body hash and request id', async () => {
    const body =
      '[{"pk":"18146216698022174","id":"highlight:18146216698022174","title":"Trips","media_count":2,' +
      '"media_ids":[3776832898280228145,2278584739065882267],"items":[]}]';
    plan.push({ status: 200, body, headers: { 'x-hiker-info': '{"reqs": 2}' } });
    const { call, records } = client();
    const value = ok(await call('/v1/user/highlights', { user_id: '25025320' }, { requestId: 'req-42' }));
    expect(value.data).toEqual([
      { pk: '18146216698022174', id: 'highlight:18146216698022174', title: 'Trips', media_count: 2, media_ids: ['3776832898280228145', '2278584739065882267'], items: [] },
    ]);
    const hash = createHash('sha256').update(body).digest('hex');
    expect(value).toMatchObject({ status: 200, units: 2, requestId: 'req-42', bodySha256: hash, attempts: 1 });
    expect(records).toEqual([
      expect.objectContaining({ requestId: 'req-42', attempt: 1, path: '/v1/user/highlights', status: 200, units: 2, errorKind: null, bodySha256: hash, retryInMs: null }),
    ]);
  });

  it('returns a bare JSON string answer', async () => {
    plan.push({ status: 200, body: '"DRqAYKuAIUx"' });
    const { call } = client();
    expect(ok(await call('/v1/media/code/from/pk', { pk: '3776832898280228145' })).data).toBe('DRqAYKuAIUx');
  });

  it('takes units from x-hiker-info in both forms, else from the catalog', async () => {
    plan.push({ status: 200, body: '[]', headers: { 'x-hiker-info': 'reqs=1' } });
    plan.push({ status: 200, body: '[]', headers: { 'x-hiker-info': '{"reqs": 3}' } });
    plan.push({ status: 200, body: '[]' });
    plan.push({ status: 200, body: '[]' });
    plan.push({ status: 404, body: '{"detail":"User not found","exc_type":"UserNotFound"}' });
    const { call, records } = client();
    expect(ok(await call('/v1/user/stories', { user_id: '25025320' })).units).toBe(1);
    expect(ok(await call('/v1/user/stories', { user_id: '25025320' })).units).toBe(3);
    expect(ok(await call('/v1/user/stories', { user_id: '25025320' })).units).toBe(2); // catalog cost
    expect(ok(await call('/v1/user/stories', { user_id: '25025320', force: true })).units).toBe(1); // force discount
    expect(fail(await call('/v1/user/stories', { user_id: '25025320' }))).toMatchObject({ kind: 'not_found', billed: true });
    expect(records.map((r) => r.units)).toEqual([1, 3, 2, 1, 2]);
  });

  it.each([
    ['truncated JSON', '{"pk":"3776832898280228145","media_ids":[37768328'],
    ['an HTML page', '<html><body><h1>Service Unavailable</h1></body></html>'],
    ['an empty body', ''],
  ])('calls %s on a 200 a bad response, without retrying', async (_name, body) => {
    plan.push({ status: 200, body });
    const { call, records } = client();
    const e = fail(await call('/v1/user/by/username', { username: 'natgeo' }));
    expect(e).toMatchObject({ kind: 'bad_response', status: 200, billed: true });
    expect(seen).toHaveLength(1);
    expect(records[0]).toMatchObject({ status: 200, errorKind: 'bad_response', units: 1 });
  });

  it('calls an answer cut off mid-body a bad response', async () => {
    plan.push({ status: 200, body: USER_BODY, cutAfter: 20 });
    const { call } = client();
    expect(fail(await call('/v1/user/by/username', { username: 'natgeo' }))).toMatchObject({ kind: 'bad_response', status: 200 });
    expect(seen).toHaveLength(1);
  });
});

describe('api client: retries', () => {
  it('retries a 503 with backoff, then succeeds; the failed attempt costs nothing', async () => {
    plan.push({ status: 503, body: '{"detail":"Upstream failed","exc_type":"InstagramServerError"}' });
    plan.push({ status: 200, body: USER_BODY, headers: { 'x-hiker-info': 'reqs=1' } });
    const { call, records, sleeps } = client();
    const value = ok(await call('/v1/user/by/username', { username: 'natgeo' }));
    expect(value).toMatchObject({ attempts: 2, units: 1, status: 200 });
    expect(seen).toHaveLength(2);
    expect(sleeps).toEqual([500]); // 500 ms * 2^0 * (0.5 + 0.5)
    expect(records.map((r) => [r.attempt, r.status, r.errorKind, r.units, r.retryInMs])).toEqual([
      [1, 503, 'upstream', 0, 500],
      [2, 200, null, 1, null],
    ]);
    expect(records[0]!.requestId).toBe(records[1]!.requestId);
  });

  it('gives up after two retries of 5xx, with growing jittered waits', async () => {
    for (let i = 0; i < 3; i++) plan.push({ status: 502, body: '<html>Bad Gateway</html>', headers: { 'content-type': 'text/html' } });
    let r = 0;
    const randoms = [0, 1];
    const { call, sleeps } = client({ random: () => randoms[r++] ?? 0.5 });
    const e = fail(await call('/v1/user/by/username', { username: 'natgeo' }));
    expect(e).toMatchObject({ kind: 'upstream', status: 502, billed: false });
    expect(seen).toHaveLength(3);
    expect(sleeps).toEqual([250, 1500]); // 500*1*(0.5+0), 500*2*(0.5+1)
  });

  it('respects maxRetries', async () => {
    plan.push({ status: 500, body: '{"detail":"x"}' });
    const { call } = client({ maxRetries: 0 });
    expect(fail(await call('/v1/user/by/username', { username: 'natgeo' })).kind).toBe('upstream');
    expect(seen).toHaveLength(1);
  });

  it.each([
    [404, '{"detail":"User not found","exc_type":"UserNotFound"}', 'not_found'],
    [410, '{"detail":"Endpoint deprecated","exc_type":"EndpointDeprecated"}', 'retired'],
    [422, '{"detail":[{"loc":["query","username"],"msg":"Field required","type":"missing"}]}', 'validation'],
    [403, '{"detail":"Comments disabled by author","exc_type":"CommentsDisabled"}', 'comments_disabled'],
    [403, 'error code: 1010', 'blocked'],
    [402, '{"state":false,"error":"Top up your account at https://hikerapi.com/billing","exc_type":"InsufficientFunds"}', 'payment'],
  ])('does not retry HTTP %i (%s)', async (status, body, kind) => {
    plan.push({ status, body }, { status: 200, body: USER_BODY });
    const { call, sleeps } = client();
    expect(fail(await call('/v1/user/by/username', { username: 'natgeo' })).kind).toBe(kind);
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('waits after a 429 (Retry-After, else 1.5 s, never under 1000/rate) and retries', async () => {
    plan.push({ status: 429, body: '{"detail":"Too many requests"}', headers: { 'retry-after': '2' } });
    plan.push({ status: 429, body: '{"detail":"Too many requests"}' });
    plan.push({ status: 200, body: USER_BODY });
    const { call, records, sleeps } = client();
    expect(ok(await call('/v1/user/by/username', { username: 'natgeo' })).attempts).toBe(3);
    expect(sleeps).toEqual([2500, 1875]); // each wait times 1 + 0.5 * random (0.5 here)
    expect(records.map((r) => [r.errorKind, r.retryInMs, r.units])).toEqual([
      ['rate_limited', 2500, 0],
      ['rate_limited', 1875, 0],
      [null, null, 1],
    ]);

    seen = [];
    plan.push({ status: 429, body: '{}' }, { status: 200, body: USER_BODY });
    const slowKey = client({ rate: () => 0.4, random: () => 0 }); // free trial pace: at most one request per 2.5 s
    ok(await slowKey.call('/v1/user/by/username', { username: 'natgeo' }));
    expect(slowKey.sleeps).toEqual([2500]);
  });

  it('spreads 429 waits at random, never shorter than Retry-After, so parallel jobs do not retry in lockstep', async () => {
    const waits: number[] = [];
    for (const r of [0, 0.37, 0.999]) {
      seen = [];
      plan.push({ status: 429, body: '{}', headers: { 'retry-after': '2' } }, { status: 200, body: USER_BODY });
      const c = client({ random: () => r });
      ok(await c.call('/v1/user/by/username', { username: 'natgeo' }));
      waits.push(...c.sleeps);
    }
    expect(waits).toEqual([2000, 2370, 2999]);
    expect(new Set(waits).size).toBe(3);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(2000);
  });

  it('retries HTTP 408 like a 5xx (bounded, jittered), then gives up', async () => {
    for (let i = 0; i < 3; i++) plan.push({ status: 408, body: '{"detail":"Request Timeout"}' });
    plan.push({ status: 200, body: USER_BODY });
    const { call, records, sleeps } = client();
    const e = fail(await call('/v1/user/by/username', { username: 'natgeo' }));
    expect(e).toMatchObject({ kind: 'timeout', status: 408, retryable: true });
    expect(seen).toHaveLength(3);
    expect(sleeps).toEqual([500, 1000]);
    expect(records.map((r) => [r.status, r.errorKind, r.retryInMs])).toEqual([
      [408, 'timeout', 500],
      [408, 'timeout', 1000],
      [408, 'timeout', null],
    ]);

    seen = [];
    plan = [{ status: 408, body: '{}' }, { status: 200, body: USER_BODY }];
    expect(ok(await client().call('/v1/user/by/username', { username: 'natgeo' })).attempts).toBe(2);
  });

  it('stops retrying 429 after a few waits', async () => {
    for (let i = 0; i < 10; i++) plan.push({ status: 429, body: '{}' });
    const { call, sleeps } = client();
    expect(fail(await call('/v1/user/by/username', { username: 'natgeo' }))).toMatchObject({ kind: 'rate_limited', retryable: true });
    expect(sleeps).toHaveLength(3);
    expect(seen).toHaveLength(4);
  });

  it('under a scheduler, waits in it for each attempt and leaves the 429 back-off to it (one wait for everyone)', async () => {
    plan.push({ status: 429, body: '{}', headers: { 'retry-after': '2' } }, { status: 503, body: '{}' }, { status: 200, body: USER_BODY });
    const entered: { priority: string; again: boolean }[] = [];
    const told: string[] = [];
    const scheduler: RequestScheduler = {
      enter: async (priority, options) => {
        entered.push({ priority, again: options?.again ?? false });
        // As the scheduler's passes: the first word on an attempt counts, later ones change nothing.
        let over = false;
        const tell = (what: string) => void (over || told.push(what), (over = true));
        return { release: () => tell('release'), refused: (ms) => (tell(`refused ${ms}`), 2600) };
      },
      stats: () => ({ inFlight: 0, waiting: 0, tokens: 1, sent: 0, refused: 0 }),
    };
    const { call, records, sleeps } = client({ scheduler });
    expect(ok(await call('/v1/user/by/username', { username: 'natgeo' }, { priority: 'background' })).attempts).toBe(3);
    // The 429 is told to the scheduler and goes again first, without a wait of the client's own; the 503 keeps its backoff.
    expect(entered).toEqual([
      { priority: 'background', again: false },
      { priority: 'background', again: true },
      { priority: 'background', again: false },
    ]);
    expect(told).toEqual(['refused 2000', 'release', 'release']);
    expect(sleeps).toEqual([500]);
    expect(records.map((r) => [r.status, r.retryInMs, r.units])).toEqual([
      [429, 2600, 0],
      [503, 500, 0],
      [200, null, 1],
    ]);
  });

  it('under a scheduler, runs and jobs go on through 429s; a screen\'s request hands them to the page after 3 retries', async () => {
    const scheduler: RequestScheduler = {
      enter: async () => ({ release: () => undefined, refused: () => 0 }),
      stats: () => ({ inFlight: 0, waiting: 0, tokens: 1, sent: 0, refused: 0 }),
    };
    for (let i = 0; i < 10; i++) plan.push({ status: 429, body: '{}' });
    plan.push({ status: 200, body: USER_BODY });
    const background = client({ scheduler });
    expect(ok(await background.call('/v1/user/by/username', { username: 'natgeo' }, { priority: 'background' })).attempts).toBe(11);
    expect(background.sleeps).toEqual([]);

    seen = [];
    plan = [];
    for (let i = 0; i < 10; i++) plan.push({ status: 429, body: '{}', headers: { 'retry-after': '3' } });
    const screen = client({ scheduler });
    expect(fail(await screen.call('/v1/user/by/username', { username: 'natgeo' }))).toMatchObject({ kind: 'rate_limited', retryAfterMs: 3000 });
    expect(seen).toHaveLength(4);
  });

  it('under a scheduler, a call cancelled while it waits there is never sent', async () => {
    const controller = new AbortController();
    const scheduler: RequestScheduler = {
      enter: async () => {
        controller.abort();
        return null;
      },
      stats: () => ({ inFlight: 0, waiting: 0, tokens: 1, sent: 0, refused: 0 }),
    };
    const { call, records } = client({ scheduler });
    expect(fail(await call('/v1/user/by/username', { username: 'natgeo' }, { signal: controller.signal }))).toMatchObject({ kind: 'cancelled', billed: false });
    expect(seen).toEqual([]);
    expect(records).toEqual([]);
  });

  it('retries network errors, reporting attempts without a status', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { call, records, sleeps } = client({ baseUrl: `http://127.0.0.1:${port}` });
    const e = fail(await call('/v1/user/by/username', { username: 'natgeo' }));
    expect(e).toMatchObject({ kind: 'network', billed: false, retryable: true });
    expect(records.map((r) => [r.attempt, r.status, r.errorKind, r.units, r.bodySha256])).toEqual([
      [1, null, 'network', 0, null],
      [2, null, 'network', 0, null],
      [3, null, 'network', 0, null],
    ]);
    expect(sleeps).toHaveLength(2);
  });
});

describe('api client: timeout and cancellation', () => {
  // The client's timeout is a setTimeout: on fake timers a 30 s timeout passes at once, and only when the
  // test says so (after the server has the request). The sockets and the server stay real.
  afterEach(() => vi.useRealTimers());

  /** Until the server has had `n` requests. Turns the event loop (vi.waitUntil would move the fake clock). */
  async function served(n: number): Promise<void> {
    while (seen.length < n) await new Promise((resolve) => setImmediate(resolve));
  }

  /** Lets `attempts` requests reach the server, each then left without an answer past the client's timeout. */
  async function timeOut(attempts: number, timeoutMs: number): Promise<void> {
    for (let n = 1; n <= attempts; n++) {
      await served(n);
      await vi.advanceTimersByTimeAsync(timeoutMs);
    }
  }

  it('times out on a slow answer and retries it like a 5xx, a bounded number of times', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    for (let i = 0; i < 3; i++) plan.push({ status: 200, body: USER_BODY, hang: true });
    const { call, records, sleeps } = client({ timeoutMs: 30_000 });
    const outcome = call('/v1/user/by/username', { username: 'natgeo' });
    await timeOut(3, 30_000);
    const e = fail(await outcome);
    expect(e).toMatchObject({ kind: 'timeout', retryable: true });
    expect(seen).toHaveLength(3);
    expect(sleeps).toEqual([500, 1000]);
    expect(records.map((r) => [r.status, r.errorKind, r.units])).toEqual([
      [null, 'timeout', 0],
      [null, 'timeout', 0],
      [null, 'timeout', 0],
    ]);
  });

  it('does not time out an answer that comes before the timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    plan.push({ status: 200, body: USER_BODY, hang: true }, { status: 200, body: USER_BODY });
    const { call, records } = client({ timeoutMs: 30_000 });
    const outcome = call('/v1/user/by/username', { username: 'natgeo' });
    await served(1);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(records).toHaveLength(0); // still waiting for the first answer
    await vi.advanceTimersByTimeAsync(1);
    expect(ok(await outcome).attempts).toBe(2); // the retry after the timeout answered in time
    expect(records.map((r) => r.errorKind)).toEqual(['timeout', null]);
  });

  it('cancels a request in flight', async () => {
    plan.push({ status: 200, body: USER_BODY, hang: true });
    const { call, records } = client();
    const controller = new AbortController();
    const outcome = call('/v1/user/by/username', { username: 'natgeo' }, { signal: controller.signal });
    await served(1);
    controller.abort();
    expect(fail(await outcome).kind).toBe('cancelled');
    expect(seen).toHaveLength(1);
    expect(records).toHaveLength(1);
  });

  it('cancels during a backoff wait without another attempt', async () => {
    plan.push({ status: 503, body: '{"detail":"x"}' }, { status: 200, body: USER_BODY });
    const controller = new AbortController();
    const { call } = client({
      sleep: () => {
        controller.abort();
        return new Promise(() => undefined); // never ends by itself
      },
    });
    expect(fail(await call('/v1/user/by/username', { username: 'natgeo' }, { signal: controller.signal })).kind).toBe('cancelled');
    expect(seen).toHaveLength(1);
  });

  it('sends nothing when already cancelled', async () => {
    const { call } = client();
    expect(fail(await call('/v1/user/by/username', { username: 'natgeo' }, { signal: AbortSignal.abort() })).kind).toBe('cancelled');
    expect(seen).toHaveLength(0);
  });
});
