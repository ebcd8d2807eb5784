// The app's dialogs are native modal <dialog>s: Tab never leaves an open one, Esc closes it and the focus
// returns to what opened it; where a dialog spends, the focus starts on the button that does not. The
// story viewer holds the focus the same way (the selection tray above it included) and pauses while the
// focus is out of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANCHORS } from '../../electron/simulator/world/world';
import { startHarness, stopHarness, type Harness } from './harness/harness';
import { open, openAccount, openProfileTab, shotSizes, worldUser } from './support/page';

/** Presses Tab (or Shift+Tab) `times` times; after each, whether the focus is inside `selector`. */
async function tabStaysIn(h: Harness, selector: string, times: number, shift = false): Promise<boolean[]> {
  const inside: boolean[] = [];
  for (let i = 0; i < times; i++) {
    await h.page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
    inside.push(await h.page.evaluate((s) => [...document.querySelectorAll(s)].some((root) => root.contains(document.activeElement) && document.activeElement !== document.body), selector));
  }
  return inside;
}

const focusedTestId = (h: Harness) => h.page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

describe('dialogs and the viewer hold the focus', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ followerLimit: false });
    await h.page.clock.install(); // time flows as usual; the viewer's test jumps it forward
    await h.open();
  });
  afterAll(() => stopHarness(h));

  it('the export dialog is modal: Tab stays inside, Esc closes, the focus goes back to the tray', async () => {
    await openAccount(h, worldUser(h, ANCHORS.business).username);
    const cell = h.page.locator('[data-testid=post-grid] [data-index="0"]');
    await cell.hover();
    await cell.getByTestId('select-check').click();
    await h.page.getByTestId('tray-export').click();
    const dialog = h.page.getByTestId('export-dialog');
    await dialog.waitFor();
    expect(await dialog.evaluate((d) => d.tagName === 'DIALOG' && d.matches(':modal'))).toBe(true);
    expect(await focusedTestId(h)).toBe('export-format-csv');
    expect(await tabStaysIn(h, '[data-testid=export-dialog]', 25)).not.toContain(false);
    expect(await tabStaysIn(h, '[data-testid=export-dialog]', 25, true)).not.toContain(false);
    await shotSizes(h, 'dialog-export');
    await h.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedTestId(h)).toBe('tray-export');
    // Esc closed the dialog only: the selection is still there.
    await expect(h.page.getByTestId('selection-tray').getAttribute('data-count')).resolves.toBe('1');
    await h.page.getByTestId('tray-clear').click();
  });

  it('the job dialog, which spends, starts on Cancel; Tab stays inside; Esc closes', async () => {
    const account = h.sim.sim.world.users.find((u) => u.tier === 'main' && !u.isPrivate && u.followers.length >= 60 && u.followers.length <= 140)!;
    await openAccount(h, account.username);
    await openProfileTab(h, 'followers');
    await h.page.getByTestId('collect-followers').click();
    const dialog = h.page.getByTestId('job-dialog');
    await dialog.waitFor();
    expect(await focusedTestId(h)).toBe('job-cancel');
    await h.page.getByTestId('job-estimate').waitFor();
    expect(await tabStaysIn(h, '[data-testid=job-dialog]', 20)).not.toContain(false);
    await shotSizes(h, 'dialog-job', () => h.page.getByTestId('job-estimate').waitFor());
    await h.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedTestId(h)).toBe('collect-followers');
  });

  it('the story viewer keeps Tab inside it (and the selection tray), and pauses while the focus is in the tray', async () => {
    const world = h.sim.sim.world;
    const highlight = world.highlights.find((x) => x.items.length >= 3 && !world.userByPk.get(x.ownerPk)?.isPrivate)!;
    await open(h, `https://www.instagram.com/stories/highlights/${highlight.pk}/`);
    await h.page.getByTestId('story-frame').waitFor();
    expect(await tabStaysIn(h, '[data-testid=story-viewer]', 15)).not.toContain(false);
    // Selected, the story brings the tray, which Tab reaches above the viewer; nothing behind it.
    await h.page.getByTestId('viewer-pause').click();
    await h.page.getByTestId('select-pill').click();
    await h.page.getByTestId('viewer-pause').click();
    const roots = '[data-testid=story-viewer], [data-testid=selection-tray]';
    const inside = await tabStaysIn(h, roots, 25);
    expect(inside).not.toContain(false);
    const sidebar = await h.page.evaluate(() => (document.querySelector('.sidebar') as HTMLElement).inert);
    expect(sidebar).toBe(true);
    await h.page.getByTestId('tray-download').focus();
    const fill = () => h.page.locator('[data-testid=story-segment] > div').evaluateAll((els) => els.map((e) => (e as HTMLElement).style.transform).join());
    const before = await fill();
    await h.page.clock.runFor(6000); // longer than a story: it would have moved on
    expect(await fill()).toBe(before);
    await shotSizes(h, 'viewer-tray');
    await h.page.getByTestId('tray-clear').click();
    await h.page.keyboard.press('Escape');
    await h.page.getByTestId('story-viewer').waitFor({ state: 'detached' });
    expect(await h.page.evaluate(() => (document.querySelector('.sidebar') as HTMLElement).inert)).toBe(false);
  });
});
