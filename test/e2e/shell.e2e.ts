import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHarness, stopHarness, type Harness } from './harness/harness';

describe('shell in demo mode', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await openHarness();
  });
  afterAll(() => stopHarness(h));

  it('shows the demo badge and the balance from the simulator', async () => {
    await expect(h.page.getByTestId('demo-badge').isVisible()).resolves.toBe(true);
    const balance = await h.sim.sim.keys.balance(h.sim.sim.demoKey);
    await h.page.getByTestId('balance-requests').waitFor();
    expect(await h.page.getByTestId('balance-requests').textContent()).toBe(balance!.toLocaleString('en-US'));
    await h.shot('shell');
  });
});
