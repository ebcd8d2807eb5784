import { describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../../../electron/simulator/service';
import { harness, TEST_KEY, unitsOf, type Harness } from './service-fixtures';

async function balanceOf(h: Harness, key = TEST_KEY): Promise<{ requests: number; rate: number; currency: string; amount: number }> {
  const res = await h.call('/sys/balance', { key });
  expect(res.status).toBe(200);
  expect(unitsOf(res)).toBe(0); // /sys/balance is free
  return (await res.json()) as { requests: number; rate: number; currency: string; amount: number };
}

describe('billing', () => {
  it('bills each call exactly per the cost table, checked against /sys/balance', async () => {
    const h = harness();
    // [path, status, units] from service-facts.md's cost table and error rules.
    const calls: [string, number, number][] = [
      ['/v1/user/by/username?username=instagram', 200, 1],
      ['/v1/user/stories?user_id=25025320', 200, 2],
      ['/v1/user/stories?user_id=25025320&force=true', 200, 1], // force: one less
      ['/v1/user/stories/by/username?username=instagram', 200, 3],
      ['/v1/user/stories/by/username?username=hidden&force=true', 200, 2],
      ['/v1/user/highlights/by/username?username=instagram&force=true', 200, 2],
      ['/v1/user/by/username?username=ghost', 404, 1], // 404 charged
      ['/v1/user/stories/by/username?username=hidden', 403, 3], // private: charged
      ['/v1/user/by/username?username=boom', 500, 0], // 5xx not charged
      ['/gql/user/by/username?username=instagram', 410, 0], // retired: never charged
      ['/a1/user?username=instagram', 410, 0],
      ['/s1/anything', 410, 0],
      ['/v9/unknown/path', 404, 0], // a path the service does not have
      ['/v1/user/by/username', 422, 1], // validation: 1 unit
      ['/v1/user/stories/by/username', 422, 1],
    ];
    let expected = 100;
    for (const [path, status, units] of calls) {
      const res = await h.call(path);
      expect({ path, status: res.status, units: unitsOf(res) }).toEqual({ path, status, units });
      expected -= units;
      const balance = await balanceOf(h);
      expect({ path, requests: balance.requests }).toEqual({ path, requests: expected });
      h.clock.now += 1000; // stay under the rate
    }
    expect(expected).toBe(100 - (1 + 2 + 1 + 3 + 2 + 2 + 1 + 3 + 1 + 1));
    expect(h.sim.keys.spent(TEST_KEY)).toBe(100 - expected);
  });

  it('does not bill 429, the 1010 refusal, 405 or key errors', async () => {
    const h = harness({}, { balance: 50, rate: 1 });
    expect(unitsOf(await h.call('/v1/user/by/username?username=instagram'))).toBe(1);
    const limited = await h.call('/v1/user/by/username?username=instagram');
    expect(limited.status).toBe(429);
    expect(unitsOf(limited)).toBe(0);
    h.clock.now += 1000;
    const blocked = await h.call('/v1/user/by/username?username=instagram', { userAgent: null });
    expect([blocked.status, unitsOf(blocked)]).toEqual([403, 0]);
    h.clock.now += 1000;
    const post = await h.call('/v1/user/by/username?username=instagram', { method: 'POST' });
    expect([post.status, unitsOf(post)]).toEqual([405, 0]);
    expect(h.sim.keys.balance(TEST_KEY)).toBe(49);
  });

  it('reports balance, rate, currency and amount = requests x price', async () => {
    const h = harness({}, { balance: 1000, rate: 15, amount: 0.6 });
    expect(await balanceOf(h)).toEqual({ requests: 1000, rate: 15, currency: 'USD', amount: 0.6 });
    await h.call('/v1/user/stories/by/username?username=instagram');
    expect(await balanceOf(h)).toEqual({ requests: 997, rate: 15, currency: 'USD', amount: 0.5982 });
  });

  it('gives the demo key a generous balance and rate', async () => {
    const h = harness();
    const demo = await balanceOf(h, DEMO_KEY);
    expect(demo.requests).toBeGreaterThanOrEqual(100_000);
    expect(demo.rate).toBeGreaterThanOrEqual(100);
    for (let i = 0; i < 50; i++) expect((await h.call('/v1/user/by/username?username=instagram', { key: DEMO_KEY })).status).toBe(200);
  });
});

describe('402 InsufficientFunds', () => {
  const body = { state: false, error: 'Top up your account at https://hikerapi.com/billing', exc_type: 'InsufficientFunds' };

  it('answers 402 when the balance is below the call cost, and not below', async () => {
    const h = harness({}, { balance: 2, rate: 100 });
    const expensive = await h.call('/v1/user/stories/by/username?username=instagram');
    expect(expensive.status).toBe(402);
    expect(await expensive.json()).toEqual(body);
    expect(unitsOf(expensive)).toBe(0);
    // With force the same call costs 2: affordable.
    expect((await h.call('/v1/user/stories/by/username?username=instagram&force=true')).status).toBe(200);
    expect(h.sim.keys.balance(TEST_KEY)).toBe(0);
  });

  it('answers 402 on any billed path once the balance is 0; /sys/balance still answers', async () => {
    const h = harness({}, { balance: 0, rate: 100 });
    for (const path of [
      '/v1/user/by/username?username=instagram',
      '/v1/user/by/username?username=ghost',
      '/v1/user/by/username', // even a call that would fail validation
      '/v1/hashtag/by/name?name=travel',
      '/v2/user/by/id?id=25025320',
    ]) {
      const res = await h.call(path);
      expect({ path, status: res.status }).toEqual({ path, status: 402 });
      expect(await res.json()).toEqual(body);
    }
    expect(await balanceOf(h)).toMatchObject({ requests: 0 });
  });

  it('follows setBalance', async () => {
    const h = harness({}, { balance: 0, rate: 100 });
    expect((await h.call('/v1/user/by/username?username=instagram')).status).toBe(402);
    h.sim.keys.setBalance(TEST_KEY, 5);
    expect((await h.call('/v1/user/by/username?username=instagram')).status).toBe(200);
    expect(h.sim.keys.balance(TEST_KEY)).toBe(4);
  });
});

describe('keys and the front door', () => {
  it('answers 401 without a key and 403 for an unknown key, with JSON bodies', async () => {
    const h = harness();
    const missing = await h.call('/v1/user/by/username?username=instagram', { key: null });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('content-type')).toBe('application/json');
    expect(await missing.json()).toEqual({ detail: 'Access key required in the x-access-key header', exc_type: 'AuthRequired' });
    const unknown = await h.call('/v1/user/by/username?username=instagram', { key: 'not-a-key' });
    expect(unknown.status).toBe(403);
    expect(await unknown.json()).toEqual({ detail: 'Invalid access key', exc_type: 'InvalidAccessKey' });
    expect([unitsOf(missing), unitsOf(unknown)]).toEqual([0, 0]);
    // /sys/balance needs a key too.
    expect((await h.call('/sys/balance', { key: null })).status).toBe(401);
  });

  it('answers the plain-text 403 "error code: 1010" without a User-Agent, even with a valid key', async () => {
    const h = harness();
    const res = await h.call('/v1/user/by/username?username=instagram', { userAgent: null });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('error code: 1010');
    expect(h.sim.keys.balance(TEST_KEY)).toBe(100);
  });

  it('answers 405 to anything but GET', async () => {
    const h = harness();
    const res = await h.call('/v1/user/by/username?username=instagram', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({ detail: 'Method Not Allowed' });
  });

  it('puts x-hiker-info (older form on v1/g1/g2/a2/sys, JSON form elsewhere) and a JSON content type on every API answer', async () => {
    const h = harness();
    for (const path of ['/sys/balance', '/v1/user/by/username?username=instagram', '/v1/user/by/username']) {
      const res = await h.call(path);
      expect(res.headers.get('x-hiker-info')).toMatch(/^reqs=\d+$/);
      expect(res.headers.get('content-type')).toBe('application/json');
    }
    for (const path of ['/gql/user/by/id?id=1', '/v2/user/by/id?id=1', '/nowhere']) {
      const res = await h.call(path);
      expect(res.headers.get('x-hiker-info')).toMatch(/^\{"reqs": \d+\}$/);
      expect(res.headers.get('content-type')).toBe('application/json');
    }
  });
});

describe('429 rate limit', () => {
  it('refuses calls beyond the rate within one second, then accepts after the window', async () => {
    const h = harness({}, { balance: 100, rate: 3 });
    for (let i = 0; i < 3; i++) {
      expect((await h.call('/v1/user/by/username?username=instagram')).status).toBe(200);
      h.clock.now += 100;
    }
    const limited = await h.call('/v1/user/by/username?username=instagram');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ exc_type: 'RateLimitExceeded' });
    // The window slides: 1 s after the first call one slot is free again.
    h.clock.now += 1000 - 300;
    expect((await h.call('/v1/user/by/username?username=instagram')).status).toBe(200);
    expect((await h.call('/v1/user/by/username?username=instagram')).status).toBe(429);
    h.clock.now += 1000;
    expect((await h.call('/v1/user/by/username?username=instagram')).status).toBe(200);
    expect(h.sim.keys.balance(TEST_KEY)).toBe(100 - 5);
  });

  it('limits each key on its own', async () => {
    const h = harness({}, { balance: 100, rate: 1 });
    expect((await h.call('/v1/user/by/username?username=instagram')).status).toBe(200);
    expect((await h.call('/v1/user/by/username?username=instagram')).status).toBe(429);
    expect((await h.call('/v1/user/by/username?username=instagram', { key: DEMO_KEY })).status).toBe(200);
  });
});

describe('410 retired endpoints', () => {
  it('names the replacements', async () => {
    const h = harness();
    const res = await h.call('/gql/user/by/username?username=instagram');
    expect(res.status).toBe(410);
    const body = (await res.json()) as { detail: string; exc_type: string };
    expect(body.exc_type).toBe('EndpointDeprecated');
    expect(body.detail).toMatch(/^Endpoint is deprecated and removed: use \/v1\/user\/by\/username/);
  });
});

describe('404 for what is not simulated', () => {
  it('says so in a FastAPI body, for unknown paths and catalog paths without a route', async () => {
    const h = harness();
    for (const path of ['/v9/unknown', '/v1/location/guides']) {
      const res = await h.call(`${path}?location_pk=1`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ detail: `Not simulated: ${path}`, exc_type: 'NotSimulated' });
      expect(unitsOf(res)).toBe(0);
    }
  });
});

describe('422 validation', () => {
  it('answers a missing parameter with FastAPI\'s exact body', async () => {
    const h = harness();
    const res = await h.call('/v1/user/by/username');
    expect(res.status).toBe(422);
    expect(await res.text()).toBe('{"detail":[{"loc":["query","username"],"msg":"Field required","type":"missing"}]}');
  });

  it('applies the hashtag-name rule', async () => {
    const h = harness();
    for (const name of ['#travel', 'travel.', 'a_.b', 'hello world']) {
      const res = await h.call(`/v1/hashtag/by/name?name=${encodeURIComponent(name)}`);
      expect({ name, status: res.status }).toEqual({ name, status: 422 });
      const body = (await res.json()) as { detail: { loc: string[]; msg: string; type: string }[] };
      expect(body.detail[0]).toMatchObject({ loc: ['query', 'name'], type: 'value_error' });
      expect(body.detail[0]?.msg.length).toBeGreaterThan(0);
    }
    for (const name of ['travel', 'café', '東京', 'москва', 'القاهرة', 'under_score']) {
      expect((await h.call(`/v1/hashtag/by/name?name=${encodeURIComponent(name)}`)).status).toBe(200);
    }
  });

  it('refuses more than 10 media_ids', async () => {
    const h = harness();
    const ids = Array.from({ length: 11 }, (_, i) => `media_ids=${3776832898280228145n + BigInt(i)}`);
    const eleven = await h.call(`/gql/media/usertags?${ids.join('&')}`);
    expect(eleven.status).toBe(422);
    const body = (await eleven.json()) as { detail: { loc: string[]; type: string }[] };
    expect(body.detail).toHaveLength(1);
    expect(body.detail[0]).toMatchObject({ loc: ['query', 'media_ids'], type: 'value_error' });
    const ten = await h.call(`/gql/media/usertags?${ids.slice(0, 10).join('&')}`);
    expect(ten.status).toBe(200);
  });

  it('ignores parameters the endpoint does not declare, like FastAPI', async () => {
    const h = harness();
    expect((await h.call('/v1/user/by/username?username=instagram&utm_source=x')).status).toBe(200);
  });

  it('treats an empty optional parameter (a first page cursor) as absent', async () => {
    const h = harness();
    expect((await h.call('/v1/user/stories?user_id=25025320&amount=')).status).toBe(200);
  });
});
