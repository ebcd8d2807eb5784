import { describe, expect, it } from 'vitest';
import { findEndpoint, type Endpoint } from '../../../../shared/api/catalog';
import { createCostGuard, createGrant, type CostGuardOptions, type GuardRequest } from '../../../../electron/calls/cost-guard';
import { createAskRecorder, type AskPolicy } from '../../../support/ask-recorder';

const ep = (path: string): Endpoint => {
  const e = findEndpoint(path);
  if (!e) throw new Error(`not in catalog: ${path}`);
  return e;
};

const stories = ep('/v1/user/stories'); // 2 units
const byUsername = ep('/v1/user/highlights/by/username'); // 3 units
const profile = ep('/v1/user/by/username'); // 1 unit

function setup(policy: AskPolicy = 'decline', options: Partial<CostGuardOptions> = {}) {
  const asks = createAskRecorder(policy);
  let t = 1_000_000;
  const clock = { advance: (ms: number) => void (t += ms) };
  const guard = createCostGuard({ threshold: () => 2, hourlyLimit: () => 200, ask: asks.ask, now: () => t, ...options });
  /** Authorises and settles with the full cost, as a call billed normally would. */
  const run = async (request: GuardRequest) => {
    const r = await guard.authorise(request);
    if (r.ok) r.permit.settle(guard.cost(request.endpoint, request.params));
    return r;
  };
  return { guard, asks, clock, run };
}

describe('cost guard: main asks the user itself', () => {
  it('lets 1-unit calls run without a question', async () => {
    const { guard, asks } = setup();
    expect((await guard.authorise({ endpoint: profile, params: { username: 'a' }, balance: 100 })).ok).toBe(true);
    expect(asks.asked).toHaveLength(0);
  });

  it('asks before a 2-unit call with its cost, what it fetches and the balance after; declining refuses it', async () => {
    const { guard, asks } = setup('decline');
    const r = await guard.authorise({ endpoint: stories, params: { user_id: '1' }, balance: 40 });
    expect(r).toMatchObject({ ok: false, error: { kind: 'cancelled', billed: false } });
    expect(asks.asked).toHaveLength(1);
    expect(asks.asked[0]).toMatchObject({ purpose: 'spend', title: 'Spend 2 requests?', confirm: 'Spend 2 requests' });
    expect(asks.asked[0]?.message).toContain('user_id 1');
    expect(asks.asked[0]?.detail).toContain('Balance after: 38 requests (now 40)');
  });

  it('runs a 2-unit or 3-unit call once the user confirms in main', async () => {
    const { guard, asks } = setup('confirm');
    expect((await guard.authorise({ endpoint: byUsername, params: { username: 'a' }, balance: 40 })).ok).toBe(true);
    expect(asks.asked[0]?.title).toBe('Spend 3 requests?');
  });

  it('applies the force discount before asking: a 2-unit endpoint with force=true costs 1 and runs unasked', async () => {
    const { guard, asks } = setup('decline');
    expect(guard.cost(stories, { user_id: '1', force: true })).toBe(1);
    expect((await guard.authorise({ endpoint: stories, params: { user_id: '1', force: true }, balance: 40 })).ok).toBe(true);
    expect(guard.cost(byUsername, { username: 'a', force: 'true' })).toBe(2);
    expect((await guard.authorise({ endpoint: byUsername, params: { username: 'a', force: true }, balance: 40 })).ok).toBe(false);
    expect(asks.asked).toHaveLength(1);
  });

  it('remembers "don\'t ask again" (ticked in main\'s question) per endpoint for the session only', async () => {
    const { guard, asks } = setup(() => ({ confirmed: true, checked: true }));
    await guard.authorise({ endpoint: stories, params: { user_id: '1' }, balance: 40 });
    expect(guard.isRemembered('/v1/user/stories')).toBe(true);
    asks.policy = 'decline';
    expect((await guard.authorise({ endpoint: stories, params: { user_id: '2' }, balance: 40 })).ok).toBe(true);
    expect((await guard.authorise({ endpoint: byUsername, params: { username: 'b' }, balance: 40 })).ok).toBe(false);
    guard.reset();
    expect((await guard.authorise({ endpoint: stories, params: { user_id: '2' }, balance: 40 })).ok).toBe(false);
    expect(asks.asked).toHaveLength(3);
  });

  it('refuses a call that costs more than the known balance without asking', async () => {
    const { guard, asks } = setup('confirm');
    expect(await guard.authorise({ endpoint: byUsername, params: { username: 'a' }, balance: 2 })).toMatchObject({ ok: false, error: { kind: 'over_balance', cost: 3, balance: 2 } });
    expect((await guard.authorise({ endpoint: profile, params: { username: 'a' }, balance: 0 })).ok).toBe(false);
    expect(asks.asked).toHaveLength(0);
  });

  it('a threshold of 1 asks for every paid call, no setting lifts it above 2, and a non-number means ask', async () => {
    const strict = setup('decline', { threshold: () => 1 });
    expect((await strict.guard.authorise({ endpoint: profile, params: { username: 'a' }, balance: 10 })).ok).toBe(false);
    const lax = setup('decline', { threshold: () => 99 });
    expect((await lax.guard.authorise({ endpoint: stories, params: { user_id: '1' }, balance: 10 })).ok).toBe(false);
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, undefined as unknown as number]) {
      const broken = setup('decline', { threshold: () => bad });
      expect((await broken.guard.authorise({ endpoint: profile, params: { username: 'a' }, balance: 10 })).ok, String(bad)).toBe(false);
    }
  });

  it('never charges or asks for the free balance call', async () => {
    const { guard, asks } = setup('decline', { threshold: () => 1 });
    expect((await guard.authorise({ endpoint: ep('/sys/balance'), params: {}, balance: 0 })).ok).toBe(true);
    expect(asks.asked).toHaveLength(0);
  });
});

describe('cost guard: the hourly ceiling on spending without a question', () => {
  it('asks before the call that would pass 200 unasked units within an hour, then allows another 200', async () => {
    const { guard, asks, run } = setup('decline');
    for (let i = 0; i < 200; i++) expect((await run({ endpoint: profile, params: { username: 'a' }, balance: null })).ok).toBe(true);
    expect(asks.asked).toHaveLength(0);
    expect(guard.unconfirmedLastHour()).toBe(200);
    expect(await run({ endpoint: profile, params: { username: 'a' }, balance: null })).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(asks.of('ceiling')).toHaveLength(1);
    expect(asks.asked[0]?.message).toContain('200 requests');
    asks.policy = 'confirm';
    for (let i = 0; i < 200; i++) expect((await run({ endpoint: profile, params: { username: 'a' }, balance: null })).ok).toBe(true);
    expect(asks.of('ceiling')).toHaveLength(2);
  });

  it('forgets spending older than an hour', async () => {
    const { asks, clock, run } = setup('decline', { hourlyLimit: () => 3 });
    for (let i = 0; i < 3; i++) await run({ endpoint: profile, params: { username: 'a' }, balance: null });
    clock.advance(60 * 60_000 + 1);
    expect((await run({ endpoint: profile, params: { username: 'a' }, balance: null })).ok).toBe(true);
    expect(asks.asked).toHaveLength(0);
  });

  it('counts calls to remembered endpoints, not calls the user confirmed one by one', async () => {
    const { guard, run } = setup(() => ({ confirmed: true, checked: false }), { hourlyLimit: () => 10 });
    await run({ endpoint: stories, params: { user_id: '1' }, balance: null });
    expect(guard.unconfirmedLastHour()).toBe(0);
    const remembering = setup(() => ({ confirmed: true, checked: true }), { hourlyLimit: () => 10 });
    await remembering.run({ endpoint: stories, params: { user_id: '1' }, balance: null }); // asked: not counted
    await remembering.run({ endpoint: stories, params: { user_id: '2' }, balance: null }); // remembered: counted
    expect(remembering.guard.unconfirmedLastHour()).toBe(2);
  });

  it('a call that was not billed gives its units back', async () => {
    const { guard } = setup('decline');
    const r = await guard.authorise({ endpoint: profile, params: { username: 'a' }, balance: null });
    expect(guard.unconfirmedLastHour()).toBe(1);
    if (r.ok) r.permit.settle(0);
    expect(guard.unconfirmedLastHour()).toBe(0);
  });

  it('a limit that is not a number counts as 0: every paid call asks', async () => {
    const { guard, asks } = setup('decline', { hourlyLimit: () => Number.NaN });
    expect((await guard.authorise({ endpoint: profile, params: { username: 'a' }, balance: null })).ok).toBe(false);
    expect(asks.of('ceiling')).toHaveLength(1);
  });
});

describe('cost guard: spending grants (a confirmed job budget, a confirmed batch of renewals)', () => {
  it('runs calls within the grant without asking and without counting them against the hour', async () => {
    const { guard, asks } = setup('decline', { hourlyLimit: () => 0 });
    const grant = createGrant('Renewing 3 links', 4);
    for (const params of [{ user_id: '1' }, { user_id: '2' }]) {
      const r = await guard.authorise({ endpoint: stories, params, balance: null, grant });
      expect(r.ok).toBe(true);
      if (r.ok) r.permit.settle(2);
    }
    expect(grant.remaining()).toBe(0);
    const over = await guard.authorise({ endpoint: profile, params: { username: 'a' }, balance: null, grant });
    expect(over).toMatchObject({ ok: false, error: { kind: 'over_balance' } });
    expect(over.ok ? '' : over.error.message).toContain('Renewing 3 links');
    expect(asks.asked).toHaveLength(0);
    expect(guard.unconfirmedLastHour()).toBe(0);
  });
});
