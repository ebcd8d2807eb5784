// Media analysis end to end, in demo mode over the simulator: a study of the accounts among which the
// simulator planted reposted pictures, run once; the Reuse tab analyses its pictures (no request billed)
// and shows exactly the planted groups, first poster first; a wider k finds more; the data browser's
// "In a reuse group" filter shows the planted posts; a video's keyframes show in the record viewer; words
// drawn in pictures are read, found by the browser's search and shown under the post and the story; a tile opens the post. Screenshots, light and dark.
import { copyFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHarness, SCREENS_DIR, stopHarness, type Harness } from './harness/harness';
import { demoBalance, open, shotThemes } from './support/page';
import { studyRunOnce } from './support/study';

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
    await studyRunOnce(h, 'Reposts', owners);

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
    await h.page.getByTestId('stripe').locator('img').evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? null : new Promise((r) => img.addEventListener('load', r))));
    expect(await h.page.getByTestId('stripe').locator('img').evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(160);
    await shotThemes(h, 'reuse-keyframes');
    await h.page.keyboard.press('Escape');
    await h.page.getByTestId('filter-media').getByText('video').click();

    await h.page.getByTestId('tab-reuse').click();
    await h.page.getByTestId('reuse-tile').nth(1).click();
    await h.page.getByText('2 of').first().waitFor();
    await shotThemes(h, 'reuse-viewer');
    await h.page.keyboard.press('Escape');

    // The same post opened live: what the study's analysis read in it shows in the post view too.
    const { pk } = h.sim.sim.world.words[0]!;
    await open(h, `https://www.instagram.com/p/${h.sim.sim.world.mediaByPk.get(pk)!.code}/`);
    await h.page.getByTestId('post-study-history').getByTestId('ocr-text').waitFor();
    await expect(h.page.getByTestId('post-study-history').getByTestId('ocr-text').textContent()).resolves.toContain(words);
    await shotThemes(h, 'reuse-post-view');

    // A story the study holds: its analysis shows under it in the story viewer, and the story waits while it is open.
    const teller = owners.map((o) => h.sim.sim.world.userByPk.get(o)!).find((u) => u.stories.length > 0)!;
    await open(h, `https://www.instagram.com/stories/${teller.username}/${teller.stories[0]}/`);
    const findings = h.page.getByTestId('story-study-findings');
    await findings.locator('summary').click();
    await findings.getByTestId('media-finding').waitFor();
    await expect(findings.locator('.mono').textContent()).resolves.toMatch(/^pHash [0-9a-f]{16}$/);
    await shotThemes(h, 'reuse-story-viewer');
    await h.page.keyboard.press('Escape');
  });
});
