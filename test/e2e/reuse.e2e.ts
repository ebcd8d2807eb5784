// Media analysis end to end, in demo mode over the simulator: a study of the accounts among which the
// simulator planted reposted pictures, run once; the Reuse tab analyses its pictures (no request billed)
// and shows exactly the planted groups, first poster first; a wider k finds more; the data browser's
// "In a reuse group" filter shows the planted posts; a video's keyframes show in the record viewer; words
// drawn in pictures are read, found by the browser's search and shown under the post; a tile opens the post. Screenshots, light and dark.
import { copyFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHarness, SCREENS_DIR, stopHarness, type Harness } from './harness/harness';
import { answering, demoBalance, shotThemes } from './support/page';

describe('reuse', () => {
  let h: Harness;
  let owners: string[];
  let reposts: number;

  beforeAll(async () => {
    h = await openHarness();
    const world = h.sim.sim.world;
    const planted = [...world.reuse.flatMap((g) => [g.original, ...g.copies.map((c) => c.pk)]), ...world.words.map((w) => w.pk)];
    owners = [...new Set(planted.map((pk) => world.mediaByPk.get(pk)!.ownerPk))];
    reposts = world.reuse.reduce((n, g) => n + 1 + g.copies.length, 0);
  });
  afterAll(() => stopHarness(h));

  it('analyses a study’s pictures and shows the planted reposts as groups, nothing billed', async () => {
    await h.page.getByRole('button', { name: 'Studies' }).click();
    await h.page.getByTestId('study-new').click();
    await h.page.getByTestId('study-name').fill('Reposts');
    h.folderPick.next = join(h.dataDir, 'Documents', 'Feedlens', 'Reposts');
    await h.page.getByTestId('study-create').click();
    await h.page.getByTestId('study-screen').waitFor();
    await h.page.getByTestId('study-add-targets').click();
    await h.page.getByTestId('targets-text').fill(owners.join('\n'));
    await h.page.getByTestId('targets-preview').click();
    await h.page.locator(`[data-testid=preview-summary][data-valid="${owners.length}"]`).waitFor();
    await h.page.getByTestId('targets-add').click();
    await h.page.locator(`[data-testid=targets-added][data-added="${owners.length}"]`).waitFor();
    await h.page.getByRole('button', { name: 'Close' }).click();
    await h.page.getByTestId('study-run').click();
    await h.page.locator('[data-testid=run-estimate]').waitFor();
    const budget = Number(await h.page.getByTestId('run-budget').inputValue());
    await answering(h, `Spend up to ${budget} requests?`, 'confirm', () => h.page.getByTestId('run-start').click());
    await h.page.getByTestId('run-dialog').waitFor({ state: 'detached' });
    await h.page.getByTestId('tab-runs').click();
    await h.page.locator('[data-testid=run-row][data-state=done]').waitFor({ timeout: 60_000 });

    await h.page.getByTestId('tab-reuse').click();
    await h.page.locator('[data-testid=reuse-empty]').waitFor();
    await shotThemes(h, 'reuse-before-analysis');
    const before = await demoBalance(h);
    // Text is read in English by default.
    await expect(h.page.getByTestId('ocr-eng').isChecked()).resolves.toBe(true);
    await expect(h.page.getByTestId('ocr-deu').isChecked()).resolves.toBe(false);
    await h.page.getByTestId('media-start').click();
    await h.page.locator('[data-testid=media-analysis][data-state=running]').waitFor();
    await shotThemes(h, 'reuse-analysing');
    await h.page.locator('[data-testid=media-analysis][data-state=done]').waitFor({ timeout: 150_000 });
    const analysis = h.page.getByTestId('media-analysis');
    expect(await analysis.getAttribute('data-done')).toBe(await analysis.getAttribute('data-items'));
    expect(await demoBalance(h)).toBe(before);

    await h.page.locator(`[data-testid=reuse-summary][data-groups="${h.sim.sim.world.reuse.length}"]`).waitFor();
    expect(await h.page.getByTestId('reuse-tile').count()).toBe(reposts);
    await expect(h.page.getByTestId('reuse-group').first().locator('.badge.ok').textContent()).resolves.toBe('first');
    await h.page.getByTestId('reuse-tile').first().locator('img').evaluate((img: HTMLImageElement) => (img.complete ? null : new Promise((r) => img.addEventListener('load', r))));
    await shotThemes(h, 'reuse-groups');

    // An image wall of every group: the PNG, the captions, and the contact sheet that opens in a browser.
    await h.page.getByTestId('reuse-wall-0').click();
    await expect(h.page.getByTestId('reuse-wall-made').textContent()).resolves.toBe(`${reposts} tiles: show the folder`);
    const walls = join(h.dataDir, 'Documents', 'Feedlens', 'Reposts', 'exports', 'walls');
    const [wall] = readdirSync(walls);
    expect(readdirSync(join(walls, wall!)).sort()).toEqual(['captions.csv', 'index.html', 'tiles', 'wall.png']);
    copyFileSync(join(walls, wall!, 'wall.png'), join(SCREENS_DIR, 'reuse-wall.png'));
    const sheet = await h.page.context().newPage();
    await sheet.goto(pathToFileURL(join(walls, wall!, 'index.html')).href);
    await sheet.locator('figure img').last().evaluate((img: HTMLImageElement) => (img.complete ? null : new Promise((r) => img.addEventListener('load', r))));
    expect(await sheet.locator('figure').count()).toBe(reposts);
    await sheet.screenshot({ path: join(SCREENS_DIR, 'reuse-contact-sheet.png') });
    await sheet.close();
  }, 240_000);

  it('keeps a new k for the study, and the data browser filters the posts in a group', async () => {
    await h.page.getByTestId('reuse-bits').fill('0');
    await h.page.locator('[data-testid=reuse-summary][data-bits="0"]').waitFor();
    await h.page.getByTestId('reuse-bits').fill('10');
    await h.page.locator('[data-testid=reuse-summary][data-bits="10"]').waitFor();
    await h.page.locator(`[data-testid=reuse-summary][data-groups="${h.sim.sim.world.reuse.length}"]`).waitFor();

    await h.page.getByTestId('tab-data').click();
    await h.page.getByTestId('browser-filters-toggle').click();
    await h.page.getByTestId('filter-reuse').check();
    await h.page.locator(`[data-testid=browser-count][data-total="${reposts}"]`).waitFor();
    await h.page.getByTestId('filter-reuse').uncheck();

    // Words read in a picture: found by the data browser's search, shown under the post.
    const { words } = h.sim.sim.world.words[0]!;
    await h.page.getByTestId('browser-search').fill(words.toLowerCase());
    await h.page.locator('[data-testid=browser-count][data-total="1"]').waitFor();
    await h.page.locator('[data-testid=browser-row][data-kind=post]').first().locator('.row-open').click();
    await h.page.locator(`[data-testid=record-body]`).waitFor();
    await expect(h.page.getByTestId('ocr-text').first().textContent()).resolves.toContain(words);
    await shotThemes(h, 'reuse-ocr-text');
    await h.page.keyboard.press('Escape');
    await h.page.getByTestId('browser-search').fill('');

    // A video's keyframes, with their times, under it in the record viewer.
    await h.page.getByTestId('filter-media').getByText('video').click();
    await h.page.locator('[data-testid=browser-row][data-kind=post]').first().locator('.row-open').click();
    await h.page.locator('[data-testid=media-finding][data-keyframes="5"]').waitFor();
    await h.page.getByTestId('keyframe').last().locator('img').evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? null : new Promise((r) => img.addEventListener('load', r))));
    expect(await h.page.getByTestId('keyframe').last().locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    await shotThemes(h, 'reuse-keyframes');
    await h.page.keyboard.press('Escape');
    await h.page.getByTestId('filter-media').getByText('video').click();

    await h.page.getByTestId('tab-reuse').click();
    await h.page.getByTestId('reuse-tile').nth(1).click();
    await h.page.getByText('2 of').first().waitFor();
    await shotThemes(h, 'reuse-viewer');
    await h.page.keyboard.press('Escape');
  });
});
