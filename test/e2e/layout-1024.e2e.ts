// The app at 1024 × 700, the smallest window it is made for: the study header stays compact, no table
// cuts off a column, and every dialog keeps its main button on screen without scrolling. Screenshots of
// each study tab and each dialog at that size (light and dark), to look at.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANCHORS, type WorldUser } from '../../electron/simulator/world/world';
import { OPS, type OpArgs, type OpName, type OpResults } from '../../shared/ipc';
import { openHarness, stopHarness, type Harness } from './harness/harness';
import { openAccount, openProfileTab, shotThemes, worldUser } from './support/page';

const SIZE = { width: 1024, height: 700 };

describe('at 1024 × 700', () => {
  let h: Harness;
  let accounts: WorldUser[];
  let studyId = '';

  const op = <K extends OpName>(name: K, args: OpArgs<K>): Promise<OpResults[K]> =>
    (h.core.handlers[name] as unknown as (a: unknown, c: { senderId: number }) => Promise<OpResults[K]>)(OPS[name].parse(args), { senderId: 1 });

  /** Where an element is, and whether it is wholly in view: inside the window and every box that clips it. */
  async function onScreen(selector: string): Promise<{ inside: boolean; box: { top: number; bottom: number; left: number; right: number } }> {
    return h.page.locator(selector).first().evaluate((el) => {
      const r = el.getBoundingClientRect();
      let inside = r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
      for (let p = el.parentElement; p && inside; p = p.parentElement) {
        if (getComputedStyle(p).overflow === 'visible') continue;
        const c = p.getBoundingClientRect();
        inside = r.top >= c.top - 0.5 && r.bottom <= c.bottom + 0.5 && r.left >= c.left - 0.5 && r.right <= c.right + 0.5;
      }
      // Nothing drawn over it (the button is what a click at its centre reaches).
      const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
      inside &&= hit !== null && el.contains(hit);
      return { inside, box: { top: r.top, bottom: r.bottom, left: r.left, right: r.right } };
    });
  }

  /** Columns a table shows cut off: header cells past the right edge of the box that shows them (a column
   *  reached only by scrolling sideways counts as cut: nothing on screen says it is there). */
  async function clippedColumns(selector: string): Promise<string[]> {
    return h.page.locator(selector).first().evaluate((table) => {
      const cut: string[] = [];
      const heads = table.querySelectorAll<HTMLElement>('[role=columnheader], th');
      for (const head of heads) {
        const r = head.getBoundingClientRect();
        // The nearest box that clips it: a scrolling one lets the user reach the column.
        let clipper: HTMLElement | null = head.parentElement;
        while (clipper && getComputedStyle(clipper).overflowX === 'visible') clipper = clipper.parentElement;
        const edge = clipper ? clipper.getBoundingClientRect().right : window.innerWidth;
        if (r.right > Math.min(edge, window.innerWidth) + 1) cut.push(head.textContent?.trim() || '(unnamed)');
        // A header whose own text is cut (it shows less than its words) counts too.
        if (head.scrollWidth > head.clientWidth + 1 && getComputedStyle(head).overflow !== 'visible' && getComputedStyle(head).textOverflow !== 'ellipsis') cut.push(`${head.textContent?.trim()} (text)`);
      }
      return cut;
    });
  }

  beforeAll(async () => {
    h = await openHarness({ viewport: SIZE });
    accounts = h.sim.sim.world.users.filter((u) => u.tier === 'main' && !u.isPrivate && u.posts.length >= 4 && u.posts.length <= 20).slice(0, 4);
    h.folderPick.next = join(h.dataDir, 'Documents', 'A study with a rather long name for a small window');
    studyId = (await op('studyCreate', { name: 'A study with a rather long name for a small window', description: 'Four accounts and a hashtag, read once, to see every tab at 1024 × 700.' })).id;
    h.asks.policy = 'confirm';
    await op('studyTargetsAdd', { id: studyId, text: [...accounts.map((u) => `@${u.username}`), '#coffee'].join('\n'), collect: { lists: ['posts'], since: null, until: null, maxUnitsPerRun: null } });
    const estimate = await op('studyRunEstimate', { id: studyId });
    await op('studyRunStart', { id: studyId, budget: estimate.suggestedBudget + 50 });
    for (let i = 0; i < 600 && (await op('studyGet', { id: studyId })).runs[0]?.state === 'running'; i++) await new Promise((r) => setTimeout(r, 50));
    h.asks.policy = 'decline';
  }, 120_000);
  afterAll(() => stopHarness(h));

  it('keeps the study header compact and no table cuts off a column, on every tab', async () => {
    await h.page.getByRole('button', { name: 'Studies' }).click();
    await h.page.getByText('A study with a rather long name').first().click();
    await h.page.getByTestId('study-screen').waitFor();
    await h.page.locator('[data-testid=target-row]').first().waitFor();
    await shotThemes(h, 'layout-1024-study-header');
    // Compact: the title, its actions, the facts and the tabs take at most a third of the window.
    const header = await h.page.getByTestId('study-screen').evaluate((el) => {
      const tabs = el.querySelector('[role=tablist]')!.getBoundingClientRect();
      return tabs.bottom - el.getBoundingClientRect().top;
    });
    expect(header).toBeLessThanOrEqual(SIZE.height / 3);
    for (const tab of ['targets', 'runs', 'data', 'changes', 'coding', 'charts', 'exports']) {
      await h.page.getByTestId(`tab-${tab}`).click();
      await h.page.waitForTimeout(0);
      if (tab === 'data') await h.page.locator('[data-testid=browser-row][data-rowid]').first().waitFor();
      if (tab === 'targets') await h.page.locator('[data-testid=target-row]').first().waitFor();
      for (const table of ['[data-testid=targets-table]', '[data-testid=browser-table]']) {
        if ((await h.page.locator(table).count()) > 0) expect(await clippedColumns(table), `${tab}: ${table}`).toEqual([]);
      }
      await shotThemes(h, `layout-1024-study-${tab}`);
    }
  });

  /** Opens a dialog, checks its main button is wholly on screen, takes its picture, closes it. */
  async function dialogKeepsMainButton(name: string, openIt: () => Promise<void>, dialog: string, main: string): Promise<void> {
    await openIt();
    await h.page.getByTestId(dialog).waitFor();
    await h.page.waitForTimeout(300); // estimates and quotes arrive; the dialog takes its full height
    const button = await onScreen(`[data-testid=${dialog}] [data-testid=${main}]`);
    expect(button.inside, `${name}: main button at ${JSON.stringify(button.box)}`).toBe(true);
    await shotThemes(h, `layout-1024-dialog-${name}`);
    await h.page.keyboard.press('Escape');
    await h.page.getByTestId(dialog).waitFor({ state: 'detached' });
  }

  it('keeps the main button of every study dialog on screen', async () => {
    await h.page.getByTestId('tab-targets').click();
    await dialogKeepsMainButton('run', () => h.page.getByTestId('study-run').click(), 'run-dialog', 'run-start');
    await dialogKeepsMainButton('schedule', () => h.page.getByTestId('study-schedule').click(), 'schedule-dialog', 'schedule-save');
    await dialogKeepsMainButton('add-targets', () => h.page.getByTestId('study-add-targets').click(), 'add-targets-dialog', 'targets-add');
    await h.page.getByRole('button', { name: 'Studies' }).click();
    await dialogKeepsMainButton('new-study', () => h.page.getByTestId('study-new').click(), 'study-new-dialog', 'study-create');
  });

  it('keeps the main button of the export and job dialogs on screen', async () => {
    await openAccount(h, worldUser(h, ANCHORS.business).username);
    const cell = h.page.locator('[data-testid=post-grid] [data-index="0"]');
    await cell.hover();
    await cell.getByTestId('select-check').click();
    await dialogKeepsMainButton('export', () => h.page.getByTestId('tray-export').click(), 'export-dialog', 'export-run');
    await h.page.getByTestId('tray-clear').click();
    const account = h.sim.sim.world.users.find((u) => u.tier === 'main' && !u.isPrivate && u.followers.length >= 60 && u.followers.length <= 140)!;
    await openAccount(h, account.username);
    await openProfileTab(h, 'followers');
    await dialogKeepsMainButton('job', () => h.page.getByTestId('collect-followers').click(), 'job-dialog', 'job-start');
  });
});
