import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHarness, stopHarness, type Harness } from './harness/harness';
import { ANCHORS } from '../../electron/simulator/world/world';
import { enterInOmnibox, OMNIBOX, open, openAccount, shotSizes } from './support/page';

describe('shell in demo mode', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await openHarness();
  });
  afterAll(() => stopHarness(h));

  it('says demo mode bills nothing: no money in the balance pill, the simulator\'s count kept aside', async () => {
    await expect(h.page.getByTestId('demo-badge').isVisible()).resolves.toBe(true);
    const balance = await h.sim.sim.keys.balance(h.sim.sim.demoKey);
    const pill = h.page.getByTestId('balance');
    await expect.poll(() => pill.getAttribute('data-requests')).toBe(String(balance));
    expect((await pill.textContent())?.replace(/\s+/g, ' ').trim()).toBe('Demo · nothing is billed');
    expect(await pill.textContent()).not.toMatch(/[$€£]|\d/);
    expect(await h.page.getByTestId('balance-requests').count()).toBe(0);
    await h.shot('shell');
    await shotSizes(h, 'shell-demo');
  });

  it('"Open on the web" in demo mode says the page is simulated and opens nothing', async () => {
    const tag = h.sim.sim.world.hashtags.find((t) => /^[a-z]+$/.test(t.name))!;
    await open(h, `#${tag.name}`);
    const link = h.page.getByTestId('simulated-link').filter({ hasText: 'Open on the web' });
    await link.waitFor();
    expect(await link.textContent()).toContain('(simulated: not on the web)');
    expect(await link.locator('a').count()).toBe(0);
    await link.click();
    await openAccount(h, ANCHORS.business);
    await h.page.getByTestId('simulated-account').waitFor();
    expect(await h.page.getByRole('button', { name: /Open on web/ }).count()).toBe(0);
    expect(h.opened).toEqual([]);
  });

  it('the bar at the top is cleared when the page it was typed for is left', async () => {
    const box = h.page.getByLabel(OMNIBOX);
    await enterInOmnibox(h, `@${ANCHORS.business}`);
    await h.page.getByTestId('profile-username').waitFor();
    expect(await box.inputValue()).toBe(`@${ANCHORS.business}`);
    await h.page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect.poll(() => box.inputValue()).toBe('');
    // Typed and left without Enter: cleared too.
    await box.fill('#coff');
    await h.page.getByRole('button', { name: 'Library' }).click();
    await expect.poll(() => box.inputValue()).toBe('');
  });
});
