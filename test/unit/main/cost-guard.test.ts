import { describe, expect, it } from 'vitest';
import { findEndpoint, type Endpoint } from '../../../shared/api/catalog';
import { createCostGuard } from '../../../electron/cost-guard';

const ep = (path: string): Endpoint => {
  const e = findEndpoint(path);
  if (!e) throw new Error(`not in catalog: ${path}`);
  return e;
};

describe('cost guard', () => {
  const stories = ep('/v1/user/stories'); // 2 units
  const byUsername = ep('/v1/user/highlights/by/username'); // 3 units
  const profile = ep('/v1/user/by/username'); // 1 unit

  it('lets 1-unit calls run without a confirmation', () => {
    const guard = createCostGuard({ threshold: () => 2 });
    expect(guard.check({ endpoint: profile, params: { username: 'a' }, balance: 100 })).toBeNull();
  });

  it('refuses a 2-unit call without the confirmed cost, with the cost and balance', () => {
    const guard = createCostGuard({ threshold: () => 2 });
    const refusal = guard.check({ endpoint: stories, params: { user_id: '1' }, balance: 40 });
    expect(refusal).toMatchObject({ kind: 'confirmation_required', cost: 2, balance: 40, billed: false });
  });

  it('refuses a confirmation for a different cost than the call bills', () => {
    const guard = createCostGuard({ threshold: () => 2 });
    expect(guard.check({ endpoint: byUsername, params: { username: 'a' }, confirmedCost: 2, balance: 40 })?.kind).toBe('confirmation_required');
    expect(guard.check({ endpoint: byUsername, params: { username: 'a' }, confirmedCost: 3, balance: 40 })).toBeNull();
  });

  it('applies the force discount before asking: a 2-unit endpoint with force=true costs 1 and runs', () => {
    const guard = createCostGuard({ threshold: () => 2 });
    expect(guard.cost(stories, { user_id: '1', force: true })).toBe(1);
    expect(guard.check({ endpoint: stories, params: { user_id: '1', force: true }, balance: 40 })).toBeNull();
    expect(guard.cost(byUsername, { username: 'a', force: 'true' })).toBe(2);
    expect(guard.check({ endpoint: byUsername, params: { username: 'a', force: true }, balance: 40 })?.kind).toBe('confirmation_required');
  });

  it('remembers "don\'t ask again" per endpoint for the session only', () => {
    const guard = createCostGuard({ threshold: () => 2 });
    expect(guard.check({ endpoint: stories, params: { user_id: '1' }, confirmedCost: 2, dontAskAgain: true, balance: 40 })).toBeNull();
    expect(guard.check({ endpoint: stories, params: { user_id: '2' }, balance: 40 })).toBeNull();
    expect(guard.check({ endpoint: byUsername, params: { username: 'b' }, balance: 40 })?.kind).toBe('confirmation_required');
    guard.reset();
    expect(guard.check({ endpoint: stories, params: { user_id: '2' }, balance: 40 })?.kind).toBe('confirmation_required');
  });

  it('refuses a call that costs more than the known balance, even when confirmed', () => {
    const guard = createCostGuard({ threshold: () => 2 });
    expect(guard.check({ endpoint: byUsername, params: { username: 'a' }, confirmedCost: 3, balance: 2 })).toMatchObject({ kind: 'over_balance', cost: 3, balance: 2 });
    expect(guard.check({ endpoint: profile, params: { username: 'a' }, balance: 0 })?.kind).toBe('over_balance');
  });

  it('a threshold setting of 1 asks for every paid call, and no setting lifts it above 2', () => {
    const strict = createCostGuard({ threshold: () => 1 });
    expect(strict.check({ endpoint: profile, params: { username: 'a' }, balance: 10 })?.kind).toBe('confirmation_required');
    const lax = createCostGuard({ threshold: () => 99 });
    expect(lax.check({ endpoint: stories, params: { user_id: '1' }, balance: 10 })?.kind).toBe('confirmation_required');
  });

  it('never charges or asks for the free balance call', () => {
    const guard = createCostGuard({ threshold: () => 1 });
    expect(guard.check({ endpoint: ep('/sys/balance'), params: {}, balance: 0 })).toBeNull();
  });
});
