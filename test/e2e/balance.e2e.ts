// The balance indicator: requests, money and rate from the service; amber below the low-balance
// threshold, red below a fifth of it; it follows every paid call and opens the request log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHarness, stopHarness, type Harness } from './harness/harness';

const KEY = 'sk-live-balance-test-9Xq2';

describe('balance indicator', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await openHarness({ liveKey: KEY, liveBalance: 1000 });
  });
  afterAll(() => stopHarness(h));

  async function refreshBalance(): Promise<void> {
    await h.page.evaluate(() => (window as unknown as { feedlens: { balanceGet(a: unknown): Promise<unknown> } }).feedlens.balanceGet({ refresh: true }));
  }
  const indicator = () => h.page.getByTestId('balance');

  it('shows the service figures and is green above the threshold', async () => {
    await expect.poll(() => indicator().getAttribute('data-level')).toBe('ok');
    expect(await h.page.getByTestId('balance-requests').textContent()).toBe('1,000');
    expect(await indicator().textContent()).toContain('50/s');
  });

  it('turns amber below the low-balance threshold and red below a fifth of it', async () => {
    const threshold = h.core.settings().lowBalanceThreshold;
    h.sim.sim.keys.setBalance(KEY, threshold - 1);
    await refreshBalance();
    await expect.poll(() => indicator().getAttribute('data-level')).toBe('amber');
    await h.shot('balance-amber');
    h.sim.sim.keys.setBalance(KEY, Math.floor(threshold / 5));
    await refreshBalance();
    await expect.poll(() => indicator().getAttribute('data-level')).toBe('red');
    await h.shot('balance-red');
  });

  it('opens the request log', async () => {
    await indicator().click();
    await h.page.getByRole('heading', { name: /request log/i }).waitFor();
  });
});
