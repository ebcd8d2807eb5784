// Bill only for pages the user reaches: a scripted browse (support/browse.ts) is billed exactly the pages a
// person saw (a row on screen at some point) and the answers its screens showed, each once: billed/needed
// is 1.00. The simulator's balance confirms what the bridge says was billed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANCHORS } from '../../electron/simulator/world/world';
import { openHarness, stopHarness, type Harness } from './harness/harness';
import { billingReport, describeBilling, waitForQuiet, watchScreen } from './support/billing';
import { scriptedBrowse } from './support/browse';
import { demoBalance, openAccount, worldUser } from './support/page';

describe('billing', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await openHarness();
  });
  afterAll(() => stopHarness(h));

  it('opening a profile bills the profile and one page of posts', async () => {
    await watchScreen(h);
    const start = await demoBalance(h);
    await openAccount(h, worldUser(h, ANCHORS.big).username);
    await h.page.getByTestId('post-cell').first().waitFor();
    await waitForQuiet(h, 800);
    await h.shot('billing-profile-open');
    const report = await billingReport(h);
    expect(report.calls.map((c) => [c.path, c.page])).toEqual([
      ['/v1/user/by/username', null],
      ['/v1/user/medias/chunk', 1],
    ]);
    expect(start - (await demoBalance(h))).toBe(2);
  });

  it('a scripted browse bills exactly the pages a person saw: billed/needed = 1.00', async () => {
    // A fresh app: nothing cached from the test before.
    await stopHarness(h);
    h = await openHarness();
    const start = await demoBalance(h);
    await scriptedBrowse(h, (what) => console.log(`browse: ${what}`));
    const report = await billingReport(h);
    console.log(describeBilling(report).join('\n'));
    expect(start - (await demoBalance(h))).toBe(report.billed); // every call billed 1 unit
    expect(report.calls.filter((c) => !c.needed)).toEqual([]);
    expect(report.ratio.toFixed(2)).toBe('1.00');
  });
});
