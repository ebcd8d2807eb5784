// Back and forward give each screen its place again: deep in a virtual grid, open a post, go back, and the
// same item is first on screen with the same cell focused; the open tab too; nothing is fetched again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANCHORS } from '../../electron/simulator/world/world';
import { openHarness, stopHarness, type Harness } from './harness/harness';
import { waitForQuiet } from './support/billing';
import { open, openAccount, shotSizes, worldUser } from './support/page';

/** Service calls answered by the service (not the cache) so far. */
function billedCalls(h: Harness): number {
  return h.answered.filter((a) => a.channel === 'feedlens:call' && (a.result as { ok: boolean; value?: { cacheHit: boolean } }).ok && !(a.result as { value: { cacheHit: boolean } }).value.cacheHit).length;
}

/** The scroll, the first item of the grid on screen and the focused cell's index. */
function place(h: Harness) {
  return h.page.evaluate(() => {
    const content = document.getElementById('content') as HTMLElement;
    const top = content.getBoundingClientRect().top;
    const cells = [...document.querySelectorAll<HTMLElement>('[role=grid] [data-index]')].filter((c) => c.getBoundingClientRect().bottom > top + 1);
    const first = Math.min(...cells.map((c) => Number(c.dataset.index)));
    const focused = document.activeElement?.closest<HTMLElement>('[data-index]')?.dataset.index ?? null;
    return { scrollTop: Math.round(content.scrollTop), first, focused };
  });
}

/** Scrolls #content down in steps (each one lets the pages it reaches arrive) until `px` from the top. */
async function scrollDown(h: Harness, px: number): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const top = await h.page.evaluate((target) => {
      const c = document.getElementById('content') as HTMLElement;
      c.scrollTop = Math.min(target, c.scrollTop + 400);
      return c.scrollTop;
    }, px);
    await waitForQuiet(h, 250);
    if (top >= px) return;
  }
  throw new Error(`could not scroll ${px} px down`);
}

/** Clicks the grid cell nearest the middle of the screen; its index. */
async function openMiddleCell(h: Harness): Promise<string> {
  const index = await h.page.evaluate(() => {
    const box = (document.getElementById('content') as HTMLElement).getBoundingClientRect();
    const middle = box.top + box.height / 2;
    const cells = [...document.querySelectorAll<HTMLElement>('[role=grid] [data-index]')];
    const cell = cells.find((c) => {
      const r = c.getBoundingClientRect();
      return r.top <= middle && r.bottom >= middle;
    });
    return cell?.dataset.index ?? null;
  });
  if (index === null) throw new Error('no cell in the middle of the screen');
  await h.page.locator(`[role=grid] [data-index="${index}"] [data-testid=post-cell]`).click();
  await h.page.getByTestId('post-view').waitFor();
  return index;
}

describe('back and forward restore the place', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await openHarness();
  });
  afterAll(() => stopHarness(h));

  it('3,000 px into a profile grid, a post and back: same first item, same focus, nothing fetched', async () => {
    await openAccount(h, worldUser(h, ANCHORS.big).username);
    await h.page.getByTestId('post-cell').first().waitFor();
    await scrollDown(h, 3000);
    const before = await place(h);
    expect(before.scrollTop).toBe(3000);
    expect(before.first).toBeGreaterThan(20);
    const clicked = await openMiddleCell(h);
    await waitForQuiet(h);
    const billed = billedCalls(h);

    await h.page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect.poll(() => place(h)).toEqual({ scrollTop: 3000, first: before.first, focused: clicked });
    await waitForQuiet(h);
    expect(billedCalls(h)).toBe(billed);
    await shotSizes(h, 'place-back-profile');

    // Forward shows the post again (from the cache), and back the grid again, still in place.
    await h.page.setViewportSize({ width: 1280, height: 820 });
    await h.page.getByRole('button', { name: 'Forward', exact: true }).click();
    await h.page.getByTestId('post-view').waitFor();
    await h.page.keyboard.press('Alt+ArrowLeft');
    await expect.poll(() => place(h)).toEqual({ scrollTop: 3000, first: before.first, focused: clicked });
    await waitForQuiet(h);
    expect(billedCalls(h)).toBe(billed);
  });

  it('a hashtag\'s open tab and scroll come back; the post\'s side tab too', async () => {
    const tag = [...h.sim.sim.world.hashtags].filter((t) => /^[a-z]+$/.test(t.name)).sort((a, b) => b.recent.length - a.recent.length)[0]!.name;
    await open(h, `#${tag}`);
    await h.page.getByTestId('tab-recent').click();
    await h.page.getByTestId('hashtag-recent').getByTestId('post-cell').first().waitFor();
    await scrollDown(h, 1200);
    const before = await place(h);
    const clicked = await openMiddleCell(h);
    await h.page.getByTestId('tab-likers').click();
    await waitForQuiet(h);
    const billed = billedCalls(h);

    await h.page.keyboard.press('Alt+ArrowLeft');
    await h.page.getByTestId('hashtag-recent').waitFor();
    await expect.poll(() => place(h)).toEqual({ ...before, focused: clicked });
    await h.page.keyboard.press('Alt+ArrowRight');
    await expect(h.page.getByTestId('tab-likers').getAttribute('aria-selected')).resolves.toBe('true');
    await waitForQuiet(h);
    expect(billedCalls(h)).toBe(billed);
  });
});
