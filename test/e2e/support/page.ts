// Steps and readings the end-to-end suites share: the omnibox, the profile's and search's tabs, lists
// scrolled or read to the end, the simulator's world and balance, the calls that crossed the bridge,
// main's own questions, screenshots in both themes from one run, and the files the app wrote.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { OpArgs, OpName } from '../../../shared/ipc';
import type { WorldUser } from '../../../electron/simulator/world/world';
import { csvObjects } from '../../unit/electron/export/support';
import { SCREENS_DIR, settle, type Harness } from '../harness/harness';

// ---- the omnibox and tabs ----

/** The omnibox's accessible name. */
export const OMNIBOX = 'Open a link, @handle, #hashtag or search';

/** Types `text` into the omnibox and presses Enter; the omnibox keeps the focus. */
export async function enterInOmnibox(h: Harness, text: string): Promise<void> {
  const box = h.page.getByLabel(OMNIBOX);
  await box.fill(text);
  await box.press('Enter');
}

/** Takes the focus from wherever it is (the omnibox), so keys ('/', arrows, Space) reach the page. */
export async function blurFocus(h: Harness): Promise<void> {
  await h.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** Opens a link, @handle, #hashtag or words through the omnibox, then blurs it so the page gets the keys. */
export async function open(h: Harness, text: string): Promise<void> {
  await enterInOmnibox(h, text);
  await blurFocus(h);
}

/** Opens @username's profile through the omnibox, waits for its header, then blurs the omnibox. */
export async function openAccount(h: Harness, username: string): Promise<void> {
  await enterInOmnibox(h, `@${username}`);
  await h.page.getByTestId('profile-username').filter({ hasText: username }).waitFor();
  await blurFocus(h);
}

/** Switches the profile on screen to `tab` (posts, reels, followers...) and waits for its panel. */
export async function openProfileTab(h: Harness, tab: string): Promise<void> {
  await openTab(h, 'profile-panel', tab);
}

/** Switches the search screen to `tab` (top, accounts, reels...) and waits for its panel. */
export async function openSearchTab(h: Harness, tab: string): Promise<void> {
  await openTab(h, 'search-panel', tab);
}

async function openTab(h: Harness, panel: string, tab: string): Promise<void> {
  await h.page.getByTestId(`tab-${tab}`).click();
  await h.page.locator(`[data-testid=${panel}][data-tab=${tab}]`).waitFor();
}

// ---- lists in the page's scroller (#content) ----

/** Scrolls the page back to the top and waits for a virtual list on it to render its first row again. */
export async function scrollToTop(h: Harness): Promise<void> {
  await h.page.evaluate(() => document.getElementById('content')?.scrollTo(0, 0));
  await h.page.waitForFunction(() => document.querySelector('[data-index]') === null || document.querySelector('[data-index="0"]') !== null);
}

/** Scrolls the page until the list footer says it reached the end; returns the item count in the list's stats. */
export async function scrollToEnd(h: Harness): Promise<number> {
  const footer = h.page.locator('[data-testid="list-footer"]');
  await expect
    .poll(
      async () => {
        await h.page.evaluate(() => {
          const content = document.getElementById('content');
          if (content) content.scrollTop = content.scrollHeight;
        });
        return footer.getAttribute('data-end', { timeout: 2000 }).catch(() => null);
      },
      { timeout: 45_000, interval: 250 },
    )
    .toBe('true');
  const stats = (await h.page.getByTestId('list-stats').textContent()) ?? '';
  return Number(stats.split(' ')[0]?.replace(/[^\d]/g, ''));
}

/**
 * Scrolls the page down step by step until the list's footer says "End of list", reading `attr` of every
 * `selector` element on the way, by its virtual index (rows leave the DOM when off screen). Expects every
 * row to have been seen, none skipped.
 */
export async function readToEnd(h: Harness, selector: string, attr: string): Promise<string[]> {
  await h.page.locator('[data-testid=list-footer], [data-testid=list-empty]').first().waitFor();
  const seen = new Map<number, string>();
  for (let step = 0; step < 600; step++) {
    // The state first, then the rows: the last page may arrive in between, and its rows must be read.
    const state = await h.page.evaluate(() => {
      const c = document.getElementById('content') as HTMLElement;
      const footer = document.querySelector('[data-testid=list-footer]');
      // A grid shows a page from the frame after it arrives, a row a frame (aria-busy until its last row): its rows are not all there yet.
      const showing = document.querySelector('[role=grid][aria-busy=true]') === null;
      return { bottom: c.scrollTop + c.clientHeight >= c.scrollHeight - 2, end: showing && footer?.getAttribute('data-end') === 'true' };
    });
    const rows = await h.page.$$eval(
      selector,
      (els, name) => els.map((e) => [Number(e.closest<HTMLElement>('[data-index]')?.dataset.index ?? -1), e.getAttribute(name) ?? ''] as const),
      attr,
    );
    for (const [i, v] of rows) seen.set(i, v);
    if (state.end && state.bottom) break;
    await h.page.evaluate(() => document.getElementById('content')?.scrollBy(0, Math.round(window.innerHeight * 0.6)));
    await h.page.waitForTimeout(40);
  }
  const indexes = [...seen.keys()].sort((a, b) => a - b);
  expect(indexes).toEqual(indexes.map((_, i) => i)); // every row was seen, none skipped
  return indexes.map((i) => seen.get(i) ?? '');
}

// ---- the simulator ----

/** The world's account called `username` (in any case); throws if there is none. */
export function worldUser(h: Harness, username: string): WorldUser {
  const user = h.sim.sim.world.userByName.get(username.toLowerCase());
  if (!user) throw new Error(`no @${username} in the world`);
  return user;
}

/** What the simulator says the demo key has left, in requests. */
export async function demoBalance(h: Harness): Promise<number> {
  const value = await h.sim.sim.keys.balance(h.sim.sim.demoKey);
  if (typeof value !== 'number') throw new Error('the demo key has no balance');
  return value;
}

// ---- the bridge ----

/** The arguments the renderer sent to main for one operation, oldest first, e.g. sentOps(h, 'jobStart'). */
export function sentOps<K extends OpName>(h: Harness, op: K): OpArgs<K>[] {
  return h.bridge.filter((b) => b.direction === 'to-main' && b.channel === `feedlens:${op}`).map((b) => b.payload as OpArgs<K>);
}

/** The service calls the renderer asked main for (cache hits included), oldest first; those to `path` only when given. */
export function callsTo(h: Harness, path?: string): OpArgs<'call'>[] {
  return sentOps(h, 'call').filter((c) => path === undefined || c.path === path);
}

// ---- main's own questions ----

/**
 * Runs `action` (a click that leads main to ask the user), then answers main's question as the user would
 * in its native dialog, after checking its title ("Spend 2 requests?").
 */
export async function answering(h: Harness, title: string, answer: 'confirm' | 'decline', action: () => Promise<void>): Promise<void> {
  const policy = h.asks.policy;
  h.asks.policy = 'wait';
  try {
    await action();
    const question = await h.asks.next();
    expect(question.request.title).toBe(title);
    if (answer === 'confirm') question.confirm();
    else question.decline();
  } finally {
    h.asks.policy = policy;
  }
}

// ---- screenshots ----

/**
 * Screenshots `<name>-light.png` and `<name>-dark.png` from one run, switching the OS colour scheme (the
 * app's "system" theme follows it), each once the screen has settled; then goes back to the harness's theme.
 */
export async function shotThemes(h: Harness, name: string): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await h.page.emulateMedia({ colorScheme: scheme });
    await settle(h.page);
    await h.page.screenshot({ path: join(SCREENS_DIR, `${name}-${scheme}.png`) });
  }
  await h.page.emulateMedia({ colorScheme: h.theme });
}

// ---- files the app wrote ----

/** Every file below `dir`, at any depth, as full paths. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

/** A CSV file the app wrote, as objects keyed by its header (a UTF-8 BOM is skipped). */
export function readCsv(path: string): Record<string, string>[] {
  return csvObjects(readFileSync(path, 'utf8').replace(/^\uFEFF/, '')).rows;
}

/** The window sizes every changed screen is shot at: a small laptop and a full HD screen. */
export const SHOT_SIZES = [
  { width: 1024, height: 700 },
  { width: 1920, height: 1080 },
] as const;

/**
 * Screenshots the screen light and dark at each of SHOT_SIZES (`<name>-<w>x<h>-<scheme>.png`), then
 * gives the page its size back. `ready` runs after each resize (a layout that must settle first).
 */
export async function shotSizes(h: Harness, name: string, ready?: () => Promise<void>): Promise<void> {
  const before = h.page.viewportSize();
  for (const size of SHOT_SIZES) {
    await h.page.setViewportSize(size);
    await ready?.();
    await shotThemes(h, `${name}-${size.width}x${size.height}`);
  }
  if (before) await h.page.setViewportSize(before);
}
