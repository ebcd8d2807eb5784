// The keyboard map: "?" lists every shortcut; a grid is one Tab stop (roving tabindex) that comes back
// to the cell last used, the arrow keys move in it, Enter opens and Space selects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANCHORS } from '../../electron/simulator/world/world';
import { openHarness, stopHarness, type Harness } from './harness/harness';
import { blurFocus, callsTo, openAccount, shotSizes, worldUser } from './support/page';

const GRID = '[data-testid=post-grid] [role=grid]';

/** The focused element's cell index in the posts grid, or -1 when the focus is not in it. */
const focusedCell = (h: Harness) =>
  h.page.evaluate((grid) => {
    const el = document.activeElement;
    return el && document.querySelector(grid)?.contains(el) ? Number(el.closest<HTMLElement>('[data-index]')?.dataset.index ?? -1) : -1;
  }, GRID);

describe('keyboard', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await openHarness();
  });
  afterAll(() => stopHarness(h));

  it('"?" shows every shortcut in a dialog; Esc closes it', async () => {
    await blurFocus(h);
    await h.page.keyboard.press('?');
    const map = h.page.getByTestId('keyboard-map');
    await map.waitFor();
    const text = (await map.textContent()) ?? '';
    for (const words of ['Show this list of shortcuts', 'Back, to the same place', 'Open the item', 'Select or unselect the item', 'Mute or unmute', 'API explorer']) expect(text).toContain(words);
    expect(await map.getByTestId('shortcut').count()).toBeGreaterThanOrEqual(15);
    await shotSizes(h, 'keyboard-map');
    await h.page.keyboard.press('Escape');
    await map.waitFor({ state: 'detached' });
    // Typed in a text field, "?" is a character.
    await h.page.getByLabel('Open a link, @handle, #hashtag or search').fill('?');
    expect(await map.count()).toBe(0);
    await h.page.getByLabel('Open a link, @handle, #hashtag or search').fill('');
  });

  it('a grid is one Tab stop; arrows move, Tab leaves and comes back to the same cell; Enter opens; Space selects', async () => {
    await openAccount(h, worldUser(h, ANCHORS.big).username);
    await h.page.locator(`${GRID} [data-index="5"]`).waitFor();
    const stops = () => h.page.$$eval(`${GRID} button, ${GRID} a[href], ${GRID} [tabindex]`, (els) => els.filter((e) => (e as HTMLElement).tabIndex >= 0).length);
    expect(await stops()).toBe(1);

    await h.page.locator(`${GRID} [data-index="0"] [data-testid=post-cell]`).focus();
    await h.page.keyboard.press('ArrowRight');
    await h.page.keyboard.press('ArrowRight');
    await expect.poll(() => focusedCell(h)).toBe(2);
    expect(await stops()).toBe(1);
    await h.page.keyboard.press('Tab');
    expect(await focusedCell(h)).toBe(-1); // out of the grid in one press
    await h.page.keyboard.press('Shift+Tab');
    expect(await focusedCell(h)).toBe(2);

    await h.page.keyboard.press('Space');
    await expect(h.page.getByTestId('selection-tray').getAttribute('data-count')).resolves.toBe('1');
    expect(await h.page.getByTestId('post-view').count()).toBe(0);
    await h.page.keyboard.press('Space');
    await h.page.getByTestId('selection-tray').waitFor({ state: 'detached' });

    const code = await h.page.locator(`${GRID} [data-index="2"] [data-testid=post-cell]`).getAttribute('data-code');
    await h.page.keyboard.press('Enter');
    await h.page.getByTestId('post-view').waitFor();
    expect(callsTo(h, '/v1/media/by/code').at(-1)?.params.code).toBe(code);
    await h.page.keyboard.press('Alt+ArrowLeft');
    await expect.poll(() => focusedCell(h)).toBe(2);
  });
});
