// Errors as a researcher meets them: each says what happened and what to do. The simulator's faults
// produce a failing service, rate limits (retried automatically with a countdown), an exhausted balance
// (with the top-up link) and an unreachable service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorldUser } from '../../electron/simulator/world/world';
import { openHarness, stopHarness, type Harness } from './harness/harness';
import { enterInOmnibox } from './support/page';

const KEY = 'sk-live-errors-test-4Rt8';

describe('errors', () => {
  let h: Harness;
  let accounts: WorldUser[];
  beforeAll(async () => {
    h = await openHarness({ liveKey: KEY, liveBalance: 5000 });
    accounts = [...h.sim.sim.world.users.values()].filter((u) => u.tier === 'main' && !u.isPrivate).slice(10, 20);
  });
  afterAll(() => stopHarness(h));

  const openProfile = (username: string) => enterInOmnibox(h, `@${username}`);
  const errorBox = () => h.page.getByRole('alert').first();

  it('a failing service: says so after main retried, and offers to try again', async () => {
    h.sim.sim.faults.set({ status: { status: 503, count: 20, path: '/v1/user/by/username' } });
    await openProfile(accounts[0]!.username);
    await expect.poll(() => errorBox().getAttribute('data-error-kind'), { timeout: 20_000 }).toBe('upstream');
    expect(await errorBox().textContent()).toMatch(/service is failing/i);
    await h.shot('error-upstream');
    h.sim.sim.faults.clear();
    await errorBox().getByRole('button', { name: /try again/i }).click();
    await h.page.getByText(accounts[0]!.fullName, { exact: true }).first().waitFor();
  });

  it('rate limited: counts down and retries by itself', async () => {
    h.sim.sim.faults.set({ status: { status: 429, count: 5, path: '/v1/user/by/username' } });
    await openProfile(accounts[1]!.username);
    await expect.poll(() => errorBox().getAttribute('data-error-kind'), { timeout: 20_000 }).toBe('rate_limited');
    expect(await errorBox().textContent()).toMatch(/Retrying in \d+ s/);
    await h.shot('error-rate-limited');
    // The fault has run out by the time the countdown ends: the automatic retry shows the profile.
    await h.page.getByText(accounts[1]!.fullName, { exact: true }).first().waitFor({ timeout: 20_000 });
  });

  it('out of balance: refused before sending, with the top-up link', async () => {
    h.sim.sim.keys.setBalance(KEY, 0);
    await h.page.evaluate(() => (window as unknown as { feedlens: { balanceGet(a: unknown): Promise<unknown> } }).feedlens.balanceGet({ refresh: true }));
    const before = h.bridge.length;
    const spent = h.sim.sim.keys.spent(KEY);
    await openProfile(accounts[2]!.username);
    await expect.poll(() => errorBox().getAttribute('data-error-kind')).toBe('over_balance');
    await h.shot('error-balance');
    await errorBox().getByRole('button', { name: /top up/i }).click();
    await expect.poll(() => h.opened).toContain('https://hikerapi.com/billing');
    // The renderer asked; main refused before sending: the service billed nothing.
    expect(h.bridge.slice(before).some((r) => r.channel === 'feedlens:call')).toBe(true);
    expect(h.sim.sim.keys.spent(KEY)).toBe(spent);
    h.sim.sim.keys.setBalance(KEY, 5000);
  });

  it('offline: the service cannot be reached', async () => {
    await h.page.evaluate(() => (window as unknown as { feedlens: { balanceGet(a: unknown): Promise<unknown> } }).feedlens.balanceGet({ refresh: true }));
    await h.sim.close();
    await openProfile(accounts[3]!.username);
    await expect.poll(() => errorBox().getAttribute('data-error-kind'), { timeout: 20_000 }).toBe('network');
    expect(await errorBox().textContent()).toMatch(/offline or unreachable/i);
    await h.shot('error-offline');
  });
});
