// Bulk collection from the UI: "Collect all followers" of a mid-size account of the simulator's world. The
// dialog's estimate comes from the profile on screen; cancelling it spends nothing; started, the job runs to
// the end in main and the Jobs panel (Downloads screen) shows every follower of the world's account, with
// units spent equal to what the simulator billed.
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorldUser } from '../../electron/simulator/world/world';
import { openHarness, stopHarness, type Harness } from './harness/harness';
import { demoBalance, openAccount, openProfileTab, sentOps, shotThemes } from './support/page';

describe('bulk collection jobs', () => {
  let h: Harness;
  let account: WorldUser;

  beforeAll(async () => {
    // The job collects a follower list of several pages: production's follower limit (the default) is lifted.
    h = await openHarness({ followerLimit: false });
    // A public account whose followers take a few pages (25 a page in the simulator).
    const found = h.sim.sim.world.users.find((u) => u.tier === 'main' && !u.isPrivate && u.followers.length >= 60 && u.followers.length <= 140);
    if (!found) throw new Error('no mid-size public account in the world');
    account = found;
    await openAccount(h, account.username);
    await openProfileTab(h, 'followers');
    await h.page.getByTestId('collect-followers').waitFor();
  });
  afterAll(() => stopHarness(h));

  async function openDialog(): Promise<{ units: number; budget: number }> {
    await h.page.getByTestId('collect-followers').click();
    await h.page.getByTestId('job-dialog').waitFor();
    const estimate = h.page.getByTestId('job-estimate');
    await h.page.waitForFunction((n) => document.querySelector('[data-testid=job-estimate]:not(.stale)')?.getAttribute('data-items') === String(n), account.followers.length);
    const units = Number(await estimate.getAttribute('data-units'));
    const budget = Number(await h.page.getByTestId('job-budget').inputValue());
    return { units, budget };
  }

  it('estimates "all followers" from the count on screen, and cancelling spends nothing', async () => {
    const { units, budget } = await openDialog();
    expect(units).toBeGreaterThan(0);
    expect(budget).toBeGreaterThan(units); // room for one more page
    await expect(h.page.getByTestId('job-confirm-text').textContent()).resolves.toContain(`at most ${budget.toLocaleString('en-US')} requests`);
    await expect(h.page.getByTestId('job-start').textContent()).resolves.toBe(`Spend up to ${budget.toLocaleString('en-US')} requests`);
    await shotThemes(h, 'job-dialog');

    const before = await demoBalance(h);
    await h.page.getByTestId('job-cancel').click();
    await h.page.getByTestId('job-dialog').waitFor({ state: 'detached' });
    expect(sentOps(h, 'jobStart')).toHaveLength(0);
    expect(await demoBalance(h)).toBe(before);
  });

  it('declined in main\'s own question, the job does not start and nothing is spent', async () => {
    const { budget } = await openDialog();
    const before = await demoBalance(h);
    h.asks.policy = 'decline';
    await h.page.getByTestId('job-start').click();
    await expect.poll(() => h.asks.of('job').length).toBe(1);
    expect(h.asks.of('job')[0]).toMatchObject({ title: `Spend up to ${budget.toLocaleString('en-US')} requests?` });
    expect(await h.page.getByTestId('job-started').count()).toBe(0);
    expect((await h.core.handlers.jobList({}, { senderId: 1 })).length).toBe(0);
    expect(await demoBalance(h)).toBe(before);
    await h.page.getByTestId('job-cancel').click();
    await h.page.getByTestId('job-dialog').waitFor({ state: 'detached' });
  });

  it('runs to the end from the UI: the Jobs panel shows every follower, and the units spent are what was billed', async () => {
    const { budget } = await openDialog();
    const before = await demoBalance(h);
    h.asks.policy = 'confirm';
    await h.page.getByTestId('job-start').click();
    await h.page.getByTestId('job-started').waitFor();
    // The page asks to start; main asked the user (and the page sent no confirmation of its own).
    expect(sentOps(h, 'jobStart').at(-1)).toEqual({ spec: expect.objectContaining({ kind: 'followers', budget, knownCount: account.followers.length }) });
    expect(h.asks.of('job')).toHaveLength(2);
    await h.page.getByTestId('job-open-panel').click();
    const job = h.page.getByTestId('jobs-panel').getByTestId('job').first();
    await job.waitFor();
    await h.page.locator('[data-testid=job][data-state=done]').waitFor({ timeout: 30_000 });

    const count = account.followers.length;
    await expect(job.getAttribute('data-items')).resolves.toBe(String(count));
    await expect(job.getByTestId('job-items').textContent()).resolves.toBe(`${count} of ${count} followers`);
    const units = Number(await job.getAttribute('data-units'));
    expect(units).toBeGreaterThan(0);
    expect(before - (await demoBalance(h))).toBe(units);
    await expect(job.getByTestId('job-units').textContent()).resolves.toBe(`${units} of ${budget} requests spent`);

    // The job is a run of the ad-hoc study: its output is that study's database, where the items are the
    // world's followers, each once.
    const output = h.page.getByTestId('job-reveal');
    await output.waitFor();
    const file = (await job.locator('.job-output .mono').getAttribute('title')) ?? '';
    expect(file.endsWith('study.sqlite')).toBe(true);
    const db = new DatabaseSync(file, { readOnly: true });
    const ids = (db.prepare("SELECT r.id FROM list_items li JOIN records r ON r.rowid = li.record_id WHERE li.list = 'followers'").all() as { id: string }[]).map((r) => r.id);
    db.close();
    expect(ids).toHaveLength(count);
    expect(new Set(ids)).toEqual(new Set(account.followers));
    await shotThemes(h, 'jobs-panel');
  });

  it('removes a finished job after a second click confirms it', async () => {
    const job = h.page.getByTestId('job').first();
    await job.getByTestId('job-remove').click();
    await expect(job.getByTestId('job-remove').textContent()).resolves.toContain('Remove job and its items?');
    await job.getByTestId('job-remove').click();
    await h.page.getByTestId('job').waitFor({ state: 'detached' });
    await h.page.getByTestId('jobs-empty').waitFor();
  });
});
