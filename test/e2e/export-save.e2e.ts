// Exports save where the user wants (main's own folder dialog, the folder remembered) under a name that
// says what they hold (<target>_<list>_<date>.csv, simulated_ in demo mode), never over another file;
// a list loaded in part says "N of M" when exported or selected, and offers the rest as a run.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANCHORS } from '../../electron/simulator/world/world';
import { openHarness, stopHarness, type Harness } from './harness/harness';
import { openAccount, openProfileTab, readCsv, shotSizes, worldUser } from './support/page';

describe('exports: where and under which name, and partial lists said', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await openHarness();
  });
  afterAll(() => stopHarness(h));

  it('exporting a list loaded in part says "N of M", offers the rest as a run, and saves in the folder chosen', async () => {
    const big = worldUser(h, ANCHORS.big);
    await openAccount(h, big.username);
    await openProfileTab(h, 'following');
    await h.page.getByTestId('user-list').locator('[data-index="0"]').waitFor();
    const loaded = Number(await h.page.getByTestId('select-all').getAttribute('data-loaded'));
    const total = big.following.length;
    expect(loaded).toBeLessThan(total);
    await expect(h.page.getByTestId('select-all').textContent()).resolves.toContain(`Select all loaded (${loaded} of ${total.toLocaleString('en-US')})`);
    // The footer and the header say the same count.
    await expect(h.page.getByTestId('list-stats').textContent()).resolves.toMatch(new RegExp(`^${loaded} of ${total.toLocaleString('en-US')} accounts · 1 page · 1 request$`));

    await h.page.getByTestId('export-list').click();
    const dialog = h.page.getByTestId('export-dialog');
    await dialog.waitFor();
    const note = dialog.getByTestId('export-partial');
    expect(await note.textContent()).toContain(`${loaded} of ${total.toLocaleString('en-US')}`);
    // The run is offered from the dialog: its own dialog opens above it, starts on Cancel, and Esc closes only it.
    await note.getByTestId('collect-following').click();
    await h.page.getByTestId('job-dialog').waitFor();
    expect(await h.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('job-cancel');
    await h.page.keyboard.press('Escape');
    await h.page.getByTestId('job-dialog').waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByTestId('export-folder').textContent()).toBe(join(h.dataDir, 'downloads', 'exports'));

    // Main's folder dialog: cancelled, nothing changes; chosen, the folder is remembered.
    h.folderPick.next = null;
    await dialog.getByTestId('export-folder-choose').click();
    expect(await dialog.getByTestId('export-folder').textContent()).toBe(join(h.dataDir, 'downloads', 'exports'));
    const chosen = join(h.dataDir, 'chosen exports');
    h.folderPick.next = chosen;
    await dialog.getByTestId('export-folder-choose').click();
    await expect.poll(() => dialog.getByTestId('export-folder').textContent()).toBe(chosen);
    await shotSizes(h, 'export-partial');

    await dialog.getByTestId('export-run').click();
    const result = dialog.getByTestId('export-result');
    await result.waitFor();
    const date = new Date().toISOString().slice(0, 10);
    const path = join(chosen, `simulated_${big.username}_following_${date}.csv`);
    expect(await result.getAttribute('data-path')).toBe(path);
    expect(readCsv(path)).toHaveLength(loaded);
    expect(existsSync(join(chosen, `simulated_${big.username}_following_${date}.manifest.json`))).toBe(true);
    expect(JSON.parse(readFileSync(join(h.dataDir, 'settings.json'), 'utf8')).exportFolder).toBe(chosen);
    await dialog.getByTestId('export-close').click();

    // The same list again the same day: a new name, the first file untouched.
    const first = readFileSync(path, 'utf8');
    await h.page.getByTestId('export-list').click();
    expect(await dialog.getByTestId('export-folder').textContent()).toBe(chosen);
    await dialog.getByTestId('export-run').click();
    await result.waitFor();
    expect(await result.getAttribute('data-path')).toBe(join(chosen, `simulated_${big.username}_following_${date}-2.csv`));
    expect(readFileSync(path, 'utf8')).toBe(first);
    await dialog.getByTestId('export-close').click();
  });

  it('selecting all loaded of a partial list says how many are left', async () => {
    await h.page.getByTestId('select-all').click();
    const more = h.page.getByTestId('listbar-more');
    const total = worldUser(h, ANCHORS.big).following.length;
    const loaded = Number(await h.page.getByTestId('select-all').getAttribute('data-loaded'));
    expect(await more.textContent()).toBe(`${(total - loaded).toLocaleString('en-US')} not loaded`);
    expect(await h.page.getByTestId('select-all').textContent()).toContain(`All ${loaded} of ${total.toLocaleString('en-US')} accounts loaded selected`);
    await shotSizes(h, 'listbar-partial');
    await h.page.getByTestId('tray-clear').click();
  });
});
