import { describe, expect, it, vi } from 'vitest';
import { createFaults, parseFaultSettings, pathMatches } from '../../../../electron/simulator/faults';
import { parseLossless } from '../../../../shared/api/json';
import { harness, request, TEST_KEY, unitsOf } from './service-fixtures';

const PROFILE = '/v1/user/by/username?username=instagram';
const HASHTAG = '/v1/hashtag/by/name?name=travel';

describe('faults, programmatic', () => {
  it('adds latency to API answers', async () => {
    const slept: number[] = [];
    const h = harness({ sleep: async (ms) => void slept.push(ms) });
    h.sim.faults.set({ latencyMs: 250 });
    expect((await h.call(PROFILE)).status).toBe(200);
    expect(slept).toEqual([250]);
    h.sim.faults.clear();
    await h.call(PROFILE);
    expect(slept).toEqual([250]);
  });

  it('really waits with the default sleep (on fake timers: no wall clock)', async () => {
    vi.useFakeTimers();
    try {
      const h = harness();
      h.sim.faults.set({ latencyMs: 60 });
      let answered = false;
      const answer = h.call(PROFILE).then((res) => ((answered = true), res));
      await vi.advanceTimersByTimeAsync(59);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect((await answer).status).toBe(200);
      expect(answered).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers a given status for the next N calls of a path, billed per the rules', async () => {
    const h = harness({}, { balance: 100, rate: 1000 });
    h.sim.faults.set({ status: { status: 503, count: 2, path: '/v1/user/by/username' } });
    expect((await h.call(HASHTAG)).status).toBe(200); // another path: untouched
    const first = await h.call(PROFILE);
    expect(first.status).toBe(503);
    expect(await first.json()).toMatchObject({ exc_type: 'InstagramServerError' });
    expect(unitsOf(first)).toBe(0);
    expect((await h.call(PROFILE)).status).toBe(503);
    expect((await h.call(PROFILE)).status).toBe(200);
    expect(h.sim.keys.balance(TEST_KEY)).toBe(100 - 2);

    // A 404 fault is billed like any 404; a custom body is sent as given.
    h.sim.faults.set({ status: { status: 404, count: 1, body: { detail: 'Media is unavailable', exc_type: 'MediaUnavailable' } } });
    const missing = await h.call(HASHTAG);
    expect([missing.status, unitsOf(missing)]).toEqual([404, 1]);
    expect(await missing.json()).toEqual({ detail: 'Media is unavailable', exc_type: 'MediaUnavailable' });
    expect(h.sim.faults.snapshot().status?.count).toBe(0);
  });

  it('draws errors at the given rate per path, reproducibly', async () => {
    async function run(): Promise<number[]> {
      const h = harness({}, { balance: 10_000, rate: 10_000 });
      h.sim.faults.set({ errorRate: { '/v1/user/*': 0.5, '/v1/hashtag/by/name': 0 }, errorStatus: 502 });
      const statuses: number[] = [];
      for (let i = 0; i < 200; i++) {
        statuses.push((await h.call(PROFILE)).status);
        expect((await h.call(HASHTAG)).status).toBe(200);
      }
      return statuses;
    }
    const first = await run();
    const failures = first.filter((s) => s === 502).length;
    expect(new Set(first)).toEqual(new Set([200, 502]));
    expect(failures).toBeGreaterThan(60);
    expect(failures).toBeLessThan(140);
    expect(await run()).toEqual(first);
  });

  it('errorRate 1 fails every API call and 0 none', async () => {
    const h = harness({}, { balance: 100, rate: 1000 });
    h.sim.faults.set({ errorRate: 1 });
    for (let i = 0; i < 5; i++) expect((await h.call(PROFILE)).status).toBe(500);
    h.sim.faults.set({ errorRate: 0 });
    for (let i = 0; i < 5; i++) expect((await h.call(PROFILE)).status).toBe(200);
    expect(h.sim.keys.balance(TEST_KEY)).toBe(95);
  });

  it('truncates the next N bodies to half their bytes', async () => {
    const h = harness();
    const whole = await (await h.call(PROFILE)).text();
    h.sim.faults.set({ truncate: { count: 1 } });
    const cut = await h.call(PROFILE);
    expect(cut.status).toBe(200);
    const text = await cut.text();
    expect(text).toBe(whole.slice(0, Math.floor(whole.length / 2)));
    expect(cut.headers.get('content-length')).toBe(String(text.length));
    expect(() => parseLossless(text)).toThrow(SyntaxError);
    expect(await (await h.call(PROFILE)).text()).toBe(whole);
  });

  it('resets the connection: handle() rejects like fetch does', async () => {
    const h = harness();
    h.sim.faults.set({ reset: { count: 1 } });
    const failure = await h.call(PROFILE).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as TypeError).message).toBe('fetch failed');
    expect(((failure as TypeError).cause as { code?: string }).code).toBe('ECONNRESET');
    expect((await h.call(PROFILE)).status).toBe(200);
    expect(h.sim.keys.balance(TEST_KEY)).toBe(99); // the reset call was never billed
  });

  it('answers the plain-text 403 error code: 1010 for the next N calls', async () => {
    const h = harness();
    h.sim.faults.set({ block1010: { count: 2 } });
    for (let i = 0; i < 2; i++) {
      const res = await h.call(PROFILE);
      expect(res.status).toBe(403);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).toBe('error code: 1010');
      h.clock.now += 1000;
    }
    expect((await h.call(PROFILE)).status).toBe(200);
    expect(h.sim.keys.balance(TEST_KEY)).toBe(99);
  });

  it('leaves media alone unless a pattern names it', async () => {
    const h = harness();
    const media = (await (await h.call('/v1/media/by/code?code=DRqAYKuAIUx')).json()) as { thumbnail_url: string };
    const thumb = new URL(media.thumbnail_url);
    h.sim.faults.set({ status: { status: 503, count: 1 } });
    expect((await h.sim.handle(new Request(thumb))).status).toBe(200);
    expect((await h.call(PROFILE)).status).toBe(503);
    h.sim.faults.set({ status: { status: 503, count: 1, path: '/media/*' } });
    expect((await h.call(PROFILE)).status).toBe(200);
    expect((await h.sim.handle(new Request(thumb))).status).toBe(503);
    expect((await h.sim.handle(new Request(thumb))).status).toBe(200);
  });

  it('clear() disarms everything', async () => {
    const h = harness();
    h.sim.faults.set({ status: { status: 500, count: 5 }, reset: { count: 5 }, truncate: { count: 5 }, errorRate: 1 });
    h.sim.faults.clear();
    expect(h.sim.faults.snapshot()).toEqual({});
    expect((await h.call(PROFILE)).status).toBe(200);
  });

  it('refuses malformed settings with a message', () => {
    const faults = createFaults();
    expect(() => faults.set({ errorRate: 2 })).toThrow(/errorRate/);
    expect(() => faults.set({ status: { status: 99, count: 1 } })).toThrow(/status/);
    expect(() => faults.set({ reset: 3 })).toThrow(/reset/);
    expect(() => faults.set({ explode: true })).toThrow(/unknown fault "explode"/);
    expect(() => faults.set('reset')).toThrow(/JSON object/);
    expect(faults.snapshot()).toEqual({});
    expect(parseFaultSettings({ reset: { count: 1, path: '/v2/*' } })).toEqual({ reset: { count: 1, path: '/v2/*' } });
  });
});

describe('path patterns', () => {
  it('matches exact paths, prefixes and every API path', () => {
    expect(pathMatches('/v1/user/by/username', '/v1/user/by/username')).toBe(true);
    expect(pathMatches('/v1/user/by/username', '/v1/user/by/id')).toBe(false);
    expect(pathMatches('/v2/*', '/v2/user/clips')).toBe(true);
    expect(pathMatches('/v2/*', '/v1/user/clips/chunk')).toBe(false);
    expect(pathMatches(undefined, '/g1/user/followers')).toBe(true);
    expect(pathMatches('*', '/media/img/1.png')).toBe(false);
    expect(pathMatches('/media/*', '/media/img/1.png')).toBe(true);
  });
});

describe('no control endpoint in-process', () => {
  it('handle() never changes faults or balances through /__control paths', async () => {
    const h = harness();
    const post = await h.sim.handle(
      new Request('https://api.feedlens-sim.invalid/__control/faults', {
        method: 'POST',
        headers: { 'user-agent': 'x', 'x-access-key': TEST_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ status: { status: 500, count: 10 } }),
      }),
    );
    expect(post.status).toBe(405);
    const get = await h.sim.handle(request('/__control/faults'));
    expect(get.status).toBe(404);
    expect(await get.json()).toEqual({ detail: 'Not simulated: /__control/faults', exc_type: 'NotSimulated' });
    const balance = await h.sim.handle(
      new Request('https://api.feedlens-sim.invalid/__control/balance', {
        method: 'POST',
        headers: { 'user-agent': 'x', 'x-access-key': TEST_KEY },
        body: JSON.stringify({ key: TEST_KEY, balance: 0 }),
      }),
    );
    expect(balance.status).toBe(405);
    expect(h.sim.faults.snapshot()).toEqual({});
    expect(h.sim.keys.balance(TEST_KEY)).toBe(100);
    expect((await h.call(PROFILE)).status).toBe(200);
  });
});
