// Small steps the selection and jobs suites share: open an account through the omnibox, open a profile tab,
// read the simulator's balance, and take a screenshot in both themes once the images on screen are painted.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { WorldUser } from '../../../electron/simulator/world/world';
import { SCREENS_DIR, type Harness } from '../harness/harness';

export function worldUserNamed(h: Harness, username: string): WorldUser {
  const user = h.sim.sim.world.userByName.get(username.toLowerCase());
  if (!user) throw new Error(`no @${username} in the world`);
  return user;
}

export async function demoBalance(h: Harness): Promise<number> {
  const value = await h.sim.sim.keys.balance(h.sim.sim.demoKey);
  if (typeof value !== 'number') throw new Error('the demo key has no balance');
  return value;
}

/** Operations the renderer sent to main, e.g. 'jobStart'. */
export function sentOps(h: Harness, op: string): unknown[] {
  return h.bridge.filter((b) => b.direction === 'to-main' && b.channel === `feedlens:${op}`).map((b) => b.payload);
}

export async function openAccount(h: Harness, username: string): Promise<void> {
  const box = h.page.getByRole('textbox', { name: 'Open a link, @handle, #hashtag or search' });
  await box.fill(`@${username}`);
  await box.press('Enter');
  await h.page.getByTestId('profile-username').filter({ hasText: username }).waitFor();
  await h.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

export async function openProfileTab(h: Harness, tab: string): Promise<void> {
  await h.page.getByTestId(`tab-${tab}`).click();
  await h.page.locator(`[data-testid=profile-panel][data-tab=${tab}]`).waitFor();
}

/** Screenshots `<name>-light.png` and `<name>-dark.png` (the theme follows the OS setting). */
export async function shotThemes(h: Harness, name: string): Promise<void> {
  await h.page
    .evaluate(async () => {
      const visible = [...document.images].filter((img) => {
        const r = img.getBoundingClientRect();
        return r.bottom > 0 && r.top < window.innerHeight;
      });
      const deadline = Date.now() + 4000;
      while (Date.now() < deadline && visible.some((img) => !img.complete)) await new Promise((done) => setTimeout(done, 50));
      await Promise.race([Promise.all(visible.map((img) => img.decode().catch(() => undefined))), new Promise((done) => setTimeout(done, 2000))]);
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    })
    .catch(() => undefined);
  mkdirSync(SCREENS_DIR, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await h.page.emulateMedia({ colorScheme: scheme });
    await h.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await h.page.screenshot({ path: join(SCREENS_DIR, `${name}-${scheme}.png`) });
  }
  await h.page.emulateMedia({ colorScheme: 'light' });
}
