// Onboarding (a key the simulator accepts or refuses, demo mode), Settings (edits persist in main, invalid
// input is explained, the theme applies at once) and the request log (the calls made earlier, with the
// units the simulator billed, filters, auto-refresh on a paid call, a CSV export whose rows match).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedlensApi } from '../../shared/ipc';
import { ANCHORS } from '../../electron/simulator/world/world';
import { openHarness, startHarness, stopHarness, type Harness } from './harness/harness';
import { answering, enterInOmnibox, readCsv } from './support/page';

const KEY = 'sk-test-feedlens-e2e-7Qm4';
const KEY_BALANCE = 4321;
const CTX = { senderId: 1 };

async function openSidebar(h: Harness, name: string): Promise<void> {
  await h.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name }).click();
}

async function bodyBackground(h: Harness): Promise<string> {
  return h.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

for (const theme of ['light', 'dark'] as const) {
  describe(`onboarding with an access key (${theme})`, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness({ theme, onboarded: false });
      // The key exists at the service, but nothing is stored yet: the researcher types it.
      h.sim.sim.keys.add({ key: KEY, balance: KEY_BALANCE, rate: 20 });
      await h.open();
    });
    afterAll(() => stopHarness(h));

    it('explains Feedlens and names where the key will be kept', async () => {
      await h.page.getByTestId('onboarding').waitFor();
      expect(await h.page.getByRole('heading', { name: 'Welcome to Feedlens' }).isVisible()).toBe(true);
      expect(await h.page.getByTestId('key-input').getAttribute('type')).toBe('password');
      const status = await h.core.handlers.keyStatus({}, CTX);
      expect(await h.page.getByTestId('key-backend').textContent()).toBe(status.backendName);
      // The harness keeps keys in memory: the app says the key would not survive a restart.
      expect(status.degraded).toBe(true);
      expect(await h.page.getByTestId('key-degraded').textContent()).toBe(status.degradedReason);
      await h.shot('onboarding');
    });

    it('explains a refused key inline and stores nothing', async () => {
      await h.page.getByTestId('key-input').fill('sk-not-a-real-key-0000');
      await h.page.getByTestId('key-submit').click();
      const error = h.page.getByTestId('key-error');
      await error.waitFor();
      expect(await error.textContent()).toContain('refused this key');
      expect((await h.core.handlers.keyStatus({}, CTX)).present).toBe(false);
      expect(await h.page.getByTestId('onboarding').isVisible()).toBe(true);
      await h.shot('onboarding-refused');
    });

    it('accepts a valid key, stores it and opens the app in live mode', async () => {
      await h.page.getByTestId('key-input').fill(KEY);
      await h.page.getByTestId('key-submit').click();
      await h.page.locator('.app').waitFor();
      expect(h.core.mode().mode).toBe('live');
      // The app opens as soon as the key is stored; marking the first run done is the call after it.
      await expect.poll(() => h.core.settings().onboarded).toBe(true);
      const status = await h.core.handlers.keyStatus({}, CTX);
      expect(status).toMatchObject({ present: true, last4: KEY.slice(-4) });
      // The balance shown is the simulator's balance for this key (the free /sys/balance call).
      await h.page.getByTestId('balance-requests').filter({ hasText: KEY_BALANCE.toLocaleString('en-US') }).waitFor();
      expect(h.sim.sim.keys.info(KEY)?.requests).toBe(KEY_BALANCE);
      expect(await h.page.getByTestId('demo-badge').count()).toBe(0);
      // The key never comes back to the page.
      expect(await h.page.content()).not.toContain(KEY);
      expect(JSON.stringify(h.bridge.filter((b) => b.direction === 'to-renderer'))).not.toContain(KEY);
    });

    it('shows the stored key only by its last 4 characters, and tests it', async () => {
      await openSidebar(h, 'Settings');
      await h.page.getByTestId('key-last4').waitFor();
      expect(await h.page.getByTestId('key-last4').textContent()).toBe(`••••${KEY.slice(-4)}`);
      expect(await h.page.getByTestId('key-backend-name').textContent()).toBe((await h.core.handlers.keyStatus({}, CTX)).backendName);
      await h.page.getByTestId('key-test').click();
      await h.page.getByTestId('key-test-result').waitFor();
      expect(await h.page.getByTestId('key-test-result').textContent()).toContain(`${KEY_BALANCE.toLocaleString('en-US')} requests left`);
      expect(await h.page.getByTestId('mode-live').getAttribute('aria-checked')).toBe('true');
      expect(await h.page.content()).not.toContain(KEY);
      await h.shot('settings-key');
    });

    it('switches to demo mode and back, then removes the key', async () => {
      await h.page.getByTestId('mode-demo').click();
      await h.page.getByTestId('demo-badge').waitFor();
      expect(h.core.mode()).toMatchObject({ mode: 'demo', reason: 'chosen' });
      await h.page.getByTestId('mode-live').click();
      await h.page.getByTestId('demo-badge').waitFor({ state: 'detached' });
      expect(h.core.mode().mode).toBe('live');
      await h.page.getByTestId('key-remove').click();
      await h.page.getByTestId('key-remove-confirm').click();
      await h.page.getByTestId('demo-badge').waitFor();
      expect((await h.core.handlers.keyStatus({}, CTX)).present).toBe(false);
      expect(h.core.mode()).toMatchObject({ mode: 'demo', reason: 'no_key' });
      expect(await h.page.getByTestId('mode-live').isDisabled()).toBe(true);
    });
  });

  describe(`onboarding in demo mode (${theme})`, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await openHarness({ theme, onboarded: false });
    });
    afterAll(() => stopHarness(h));

    it('continues in demo mode and remembers the choice', async () => {
      await h.page.getByTestId('continue-demo').click();
      await h.page.getByTestId('demo-badge').waitFor();
      expect(h.core.settings().onboarded).toBe(true);
      expect(h.core.mode().mode).toBe('demo');
      await h.page.reload();
      await h.page.locator('.app, .onboarding').first().waitFor();
      expect(await h.page.locator('.onboarding').count()).toBe(0);
    });
  });

  describe(`settings and the request log (${theme})`, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await openHarness({ theme });
    });
    afterAll(() => stopHarness(h));

    it('lists the calls made earlier with the units billed, and exports them as CSV', async () => {
      const world = h.sim.sim.world;
      const big = world.userByName.get(ANCHORS.big)!;
      const highlightPk = big.highlights[0]!;
      const storyPk = big.stories[0]!;
      const spentBefore = h.sim.sim.keys.spent(h.sim.sim.demoKey);
      // A highlight (1), one story (1), all of its owner's stories (2, confirmed), the highlight again (cache).
      await enterInOmnibox(h, `https://www.instagram.com/stories/highlights/${highlightPk}/`);
      await h.page.getByTestId('story-frame').waitFor();
      await h.page.keyboard.press('Escape');
      await enterInOmnibox(h, `https://www.instagram.com/stories/${big.username}/${storyPk}/`);
      await answering(h, 'Spend 2 requests?', 'confirm', () => h.page.getByTestId('viewer-load-all').click());
      await h.page.getByTestId('viewer-position').filter({ hasText: ` of ${big.stories.length}` }).waitFor();
      await h.page.keyboard.press('Escape');
      // After a reload the renderer has forgotten the answer; main answers from its cache, free.
      await h.page.reload();
      await h.page.locator('.app').waitFor();
      await enterInOmnibox(h, `https://www.instagram.com/stories/highlights/${highlightPk}/`);
      await h.page.getByTestId('story-frame').waitFor();
      await h.page.keyboard.press('Escape');
      const spent = h.sim.sim.keys.spent(h.sim.sim.demoKey) - spentBefore;
      expect(spent).toBe(4);

      // The balance indicator opens the log.
      await h.page.getByTestId('balance').click();
      await h.page.getByTestId('log-table').waitFor();
      const rows = h.page.getByTestId('log-row');
      await expect.poll(() => rows.count()).toBe(4);
      const shown = await rows.evaluateAll((els) => els.map((e) => ({ path: e.getAttribute('data-path'), units: Number(e.getAttribute('data-units')), cache: e.getAttribute('data-cache') })));
      expect(shown).toEqual([
        { path: '/v2/highlight/by/id', units: 0, cache: 'true' },
        { path: '/v1/user/stories', units: 2, cache: 'false' },
        { path: '/v1/story/by/url', units: 1, cache: 'false' },
        { path: '/v2/highlight/by/id', units: 1, cache: 'false' },
      ]);
      expect(await h.page.getByTestId('log-totals').textContent()).toContain(`4 calls · ${spent} requests · 1 from the cache · 0 errors`);
      await h.shot('log');

      await h.page.getByTestId('log-export-csv').click();
      const file = (await h.page.getByTestId('log-export-path').textContent())!;
      expect(await h.page.getByTestId('log-export-result').textContent()).toContain('Saved 4 rows');
      const csv = readCsv(file);
      // The export is oldest first; the screen newest first.
      expect(csv.map((r) => ({ path: r.path, units: Number(r.units), cache: r.cacheHit }))).toEqual([...shown].reverse());
      expect(JSON.parse(csv[0]!.params!)).toMatchObject({ id: highlightPk });
    });

    it('filters by outcome and endpoint, and reloads itself after a paid call', async () => {
      await h.page.getByTestId('log-outcome').selectOption('cache');
      await expect.poll(() => h.page.getByTestId('log-row').count()).toBe(1);
      await h.page.getByTestId('log-outcome').selectOption('');
      await h.page.getByTestId('log-path').selectOption('/v2/highlight/by/id');
      await expect.poll(() => h.page.getByTestId('log-row').count()).toBe(2);
      await h.shot('log-filtered');
      await h.page.getByTestId('log-path').selectOption('');
      await expect.poll(() => h.page.getByTestId('log-row').count()).toBe(4);
      // A paid call made while the log is open: main pushes the balance and the log shows the call.
      await h.page.evaluate(
        (username) => (window as unknown as { feedlens: FeedlensApi }).feedlens.call({ path: '/v1/user/by/username', params: { username } }),
        ANCHORS.empty,
      );
      await expect.poll(() => h.page.getByTestId('log-row').first().getAttribute('data-path')).toBe('/v1/user/by/username');
      expect(await h.page.getByTestId('log-row').count()).toBe(5);
    });

    it('saves edits through main, and they survive a reload', async () => {
      await openSidebar(h, 'Settings');
      await h.page.getByTestId('field-downloadConcurrency').waitFor();
      await h.shot('settings');
      await h.page.getByTestId('field-downloadConcurrency').fill('6');
      await h.page.getByTestId('field-cacheTtlMinutes').fill('15');
      await h.page.getByTestId('field-lowBalanceThreshold').fill('250');
      await h.page.getByTestId('field-filenameTemplate').fill('{username}/{date_utc}_{pk}');
      await h.page.getByTestId('threshold-1').check();
      await h.page.getByTestId('settings-save').click();
      await h.page.getByTestId('settings-saved').waitFor();
      expect(h.core.settings()).toMatchObject({ downloadConcurrency: 6, cacheTtlMinutes: 15, lowBalanceThreshold: 250, filenameTemplate: '{username}/{date_utc}_{pk}', confirmationThreshold: 1 });
      await h.page.reload();
      await h.page.locator('.app').waitFor();
      await openSidebar(h, 'Settings');
      expect(await h.page.getByTestId('field-downloadConcurrency').inputValue()).toBe('6');
      expect(await h.page.getByTestId('field-cacheTtlMinutes').inputValue()).toBe('15');
      expect(await h.page.getByTestId('threshold-1').isChecked()).toBe(true);
      // Asking less often loosens a guard on spending: main asks the user itself before saving it.
      await h.page.getByTestId('threshold-2').check();
      await answering(h, 'Change when Feedlens asks before spending?', 'confirm', () => h.page.getByTestId('settings-save').click());
      await h.page.getByTestId('settings-saved').waitFor();
      expect(h.core.settings().confirmationThreshold).toBe(2);
    });

    it('turns collecting in the tray off and opening at login on, saved at once', async () => {
      await openSidebar(h, 'Settings');
      const background = h.page.getByTestId('setting-background');
      expect(await background.isChecked()).toBe(true);
      expect(await h.page.getByTestId('setting-open-at-login').isChecked()).toBe(false);
      await h.page.getByTestId('settings-background').scrollIntoViewIfNeeded();
      await h.shot('settings-background');
      await background.uncheck();
      await h.page.getByTestId('setting-open-at-login').check();
      await expect.poll(() => h.core.settings()).toMatchObject({ backgroundCollection: false, openAtLogin: true });
      await h.page.reload();
      await h.page.locator('.app').waitFor();
      await openSidebar(h, 'Settings');
      expect(await h.page.getByTestId('setting-background').isChecked()).toBe(false);
      await h.page.getByTestId('setting-background').check();
      await h.page.getByTestId('setting-open-at-login').uncheck();
      await expect.poll(() => h.core.settings()).toMatchObject({ backgroundCollection: true, openAtLogin: false });
    });

    it('changes the download folder only through main\'s folder picker', async () => {
      const chosen = `${h.dataDir}/research-folder`;
      h.folderPick.next = chosen;
      await h.page.getByTestId('download-folder-choose').click();
      await expect.poll(() => h.page.getByTestId('download-folder').textContent()).toBe(chosen);
      expect(h.core.downloadFolder()).toBe(chosen);
      await h.page.getByTestId('download-folder-reset').click();
      await expect.poll(() => h.core.settings().downloadFolder).toBe('');
    });

    it('uses another service address only after main\'s own question, and explains one it refuses', async () => {
      const before = h.core.settings();
      await h.page.getByText('Use another address (a proxy or a local simulator)').click();
      await h.page.getByTestId('service-other').fill('http://attacker.example');
      await h.page.getByTestId('service-other-use').click();
      await expect.poll(() => h.page.getByTestId('service-error').textContent()).toContain('Only https addresses are allowed');
      await h.page.getByTestId('service-other').fill('https://proxy.example.org');
      await answering(h, 'Use another service address?', 'decline', () => h.page.getByTestId('service-other-use').click());
      await expect.poll(() => h.page.getByTestId('service-error').textContent()).toContain('was not changed');
      expect(h.core.settings().baseUrl).toBe(before.baseUrl);
      await h.shot('settings-service');
    });

    it('explains invalid input and saves nothing', async () => {
      const before = h.core.settings();
      await h.page.getByTestId('field-downloadConcurrency').fill('99');
      await h.page.getByTestId('settings-save').click();
      await h.page.getByTestId('settings-downloads').getByTestId('field-error').waitFor();
      expect(await h.page.getByTestId('settings-downloads').getByTestId('field-error').textContent()).toBe('Downloads at a time must be from 1 to 16.');
      expect(h.core.settings().downloadConcurrency).toBe(before.downloadConcurrency);
      await h.page.getByTestId('field-error').first().scrollIntoViewIfNeeded();
      await h.shot('settings-invalid');
      await h.page.getByRole('button', { name: 'Discard' }).click();
      expect(await h.page.getByTestId('field-downloadConcurrency').inputValue()).toBe(String(before.downloadConcurrency));
    });

    it('switches the theme at once and saves it', async () => {
      const other = theme === 'light' ? 'dark' : 'light';
      const before = await bodyBackground(h);
      await h.page.getByTestId(`theme-${other}`).click();
      await expect.poll(() => h.page.evaluate(() => document.documentElement.dataset.theme)).toBe(other);
      expect(await bodyBackground(h)).not.toBe(before);
      await expect.poll(() => h.core.settings().theme).toBe(other);
      await h.page.getByTestId('theme-system').click();
      // "System" follows the OS, which the harness set to this run's theme.
      await expect.poll(() => h.page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      expect(await bodyBackground(h)).toBe(before);
      expect(h.core.settings().theme).toBe('system');
    });
  });
}
