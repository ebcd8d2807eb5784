// Selection and export from the UI: posts, a carousel item and followers selected across screens, counted
// per kind in the tray; Shift-click ranges; "select all loaded"; the keys; a CSV export of selected posts
// read back from disk and compared with the simulator's world; a pseudonymised export scanned for names.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANCHORS, type WorldMedia, type WorldUser } from '../../electron/simulator/world/world';
import { parseLossless } from '../../shared/api/json';
import { openHarness, stopHarness, type Harness } from './harness/harness';
import { openAccount, openProfileTab, readCsv, shotThemes, worldUser } from './support/page';

/** What the tray counts a world post as. */
const kindOf = (m: WorldMedia): 'reel' | 'post' => (m.productType === 'clips' ? 'reel' : 'post');

describe('selection and export', () => {
  let h: Harness;
  let owner: WorldUser;
  let grid: WorldMedia[];

  const cell = (code: string) => h.page.locator('.sel-host', { has: h.page.locator(`[data-testid=post-cell][data-code="${code}"]`) });
  const tray = () => h.page.getByTestId('selection-tray');
  async function trayCounts(): Promise<Record<string, number>> {
    return h.page.$$eval('[data-testid^=tray-count-]', (els) =>
      Object.fromEntries(els.map((e) => [(e.getAttribute('data-testid') ?? '').replace('tray-count-', ''), Number(e.getAttribute('data-count'))])),
    );
  }
  async function check(code: string, modifiers: ('Shift')[] = []): Promise<void> {
    await cell(code).hover();
    await cell(code).getByTestId('select-check').click({ modifiers });
  }
  async function clearSelection(): Promise<void> {
    if (await tray().isVisible()) await h.page.getByTestId('tray-clear').click();
    await tray().waitFor({ state: 'detached' });
  }
  function expectedCounts(media: WorldMedia[]): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const m of media) counts[kindOf(m)] = (counts[kindOf(m)] ?? 0) + 1;
    return counts;
  }

  beforeAll(async () => {
    h = await openHarness();
    owner = worldUser(h, ANCHORS.business);
    grid = owner.posts.map((pk) => {
      const m = h.sim.sim.world.mediaByPk.get(pk);
      if (!m) throw new Error(`no media ${pk}`);
      return m;
    });
    await openAccount(h, owner.username);
    await cell(grid[0]?.code ?? '').waitFor();
  });
  afterAll(() => stopHarness(h));

  it('selects posts, a carousel item and followers across screens; the tray counts each kind', async () => {
    const firstGrid = grid.slice(0, 12);
    const reel = firstGrid.find((m) => m.productType === 'clips');
    const carousel = firstGrid.find((m) => m.kind === 'carousel');
    if (!reel || !carousel) throw new Error('the business account has no reel or carousel among its first posts');
    const posts = [firstGrid[0], firstGrid[1], reel].filter((m): m is WorldMedia => m !== undefined);
    for (const m of posts) await check(m.code);
    await expect(tray().getAttribute('data-count')).resolves.toBe(String(posts.length));
    expect(await trayCounts()).toEqual(expectedCounts(posts));

    // A carousel's second item, in the post view.
    await cell(carousel.code).locator('[data-testid=post-cell]').click();
    await h.page.getByTestId('post-view').waitFor();
    await h.page.getByRole('button', { name: 'Next item' }).click();
    await expect(h.page.getByTestId('carousel-position').textContent()).resolves.toBe(`2 / ${carousel.children.length}`);
    const pill = h.page.getByTestId('select-pill');
    await expect(pill.textContent()).resolves.toContain('Select item 2');
    await pill.click();
    await expect(pill.getAttribute('aria-checked')).resolves.toBe('true');
    await expect(pill.getAttribute('data-key')).resolves.toBe(`post:${carousel.children[1]?.pk}`);
    await shotThemes(h, 'selection-carousel-item');

    // Back on the profile (the selection survived), two followers.
    await h.page.getByRole('button', { name: 'Back' }).click();
    await openProfileTab(h, 'followers');
    const rows = h.page.locator('.sel-host', { has: h.page.getByTestId('user-row') });
    await rows.first().waitFor();
    for (const i of [0, 1]) {
      await rows.nth(i).hover();
      await rows.nth(i).getByTestId('select-check').click();
    }
    const chosen = await rows.evaluateAll((els) => els.slice(0, 2).map((e) => e.querySelector('[data-testid=user-row]')?.getAttribute('data-username') ?? ''));
    const followerNames = new Set(owner.followers.map((pk) => h.sim.sim.world.userByPk.get(pk)?.username));
    for (const name of chosen) expect(followerNames.has(name)).toBe(true);

    expect(await trayCounts()).toEqual({ ...expectedCounts(posts), item: 1, user: 2 });
    await expect(tray().getAttribute('data-count')).resolves.toBe(String(posts.length + 3));
    await expect(rows.first().getAttribute('data-selected')).resolves.toBe('true');
    await shotThemes(h, 'selection-tray');
    await clearSelection();
  });

  it('Shift-click selects the range from the last click, on the checkbox or on the cell', async () => {
    await openProfileTab(h, 'posts');
    await cell(grid[1]?.code ?? '').waitFor();
    await check(grid[1]?.code ?? '');
    await check(grid[5]?.code ?? '', ['Shift']);
    expect(await trayCounts()).toEqual(expectedCounts(grid.slice(1, 6)));
    // Shift-click on the picture itself extends the range instead of opening the post.
    await cell(grid[7]?.code ?? '').locator('[data-testid=post-cell]').click({ modifiers: ['Shift'] });
    await expect(h.page.getByTestId('profile').isVisible()).resolves.toBe(true);
    expect(await trayCounts()).toEqual(expectedCounts(grid.slice(1, 8)));
    const selected = await h.page.$$eval('.sel-host[data-selected] [data-testid=post-cell]', (els) => els.map((e) => e.getAttribute('data-code')));
    expect(new Set(selected)).toEqual(new Set(grid.slice(1, 8).map((m) => m.code)));
    await shotThemes(h, 'selection-range');

    // Download: every file of the selected posts is queued (a carousel gives one per item), and the tray
    // follows them until they are saved; asked again, they are all already saved.
    const files = grid.slice(1, 8).reduce((n, m) => n + Math.max(1, m.children.length), 0);
    await h.page.getByTestId('tray-download').click();
    await expect.poll(() => h.page.getByTestId('tray-outcome').textContent(), { timeout: 30_000 }).toContain(`${files} files saved ·`);
    await shotThemes(h, 'selection-downloaded');
    await h.page.getByTestId('tray-download').click();
    await expect.poll(() => h.page.getByTestId('tray-outcome').textContent()).toContain(`Nothing new to save: ${files} already saved`);
    await clearSelection();
  });

  it('"Select all loaded" selects exactly the loaded posts; the keys select, toggle and clear', async () => {
    const all = h.page.getByTestId('select-all');
    const loaded = Number(await all.getAttribute('data-loaded'));
    const stats = await h.page.getByTestId('list-stats').textContent();
    expect(stats).toMatch(new RegExp(`^${loaded}( of [\\d,]+)? posts`));
    expect(loaded).toBeGreaterThanOrEqual(Math.min(12, grid.length));
    await all.click();
    await expect(tray().getAttribute('data-count')).resolves.toBe(String(loaded));
    expect(await trayCounts()).toEqual(expectedCounts(grid.slice(0, loaded)));
    await expect(all.getAttribute('aria-checked')).resolves.toBe('true');

    // Esc clears; Ctrl+A in the focused grid selects everything loaded again.
    await h.page.keyboard.press('Escape');
    await tray().waitFor({ state: 'detached' });
    const first = cell(grid[0]?.code ?? '').locator('[data-testid=post-cell]');
    await first.focus();
    await h.page.keyboard.press('Control+a');
    await expect(tray().getAttribute('data-count')).resolves.toBe(String(loaded));
    // In selection mode, Space toggles the focused cell instead of opening it.
    await h.page.keyboard.press('Space');
    await expect(tray().getAttribute('data-count')).resolves.toBe(String(loaded - 1));
    await expect(cell(grid[0]?.code ?? '').getAttribute('data-selected')).resolves.toBeNull();
    expect(await h.page.getByTestId('post-view').count()).toBe(0);
    await h.page.keyboard.press('Space');
    await expect(tray().getAttribute('data-count')).resolves.toBe(String(loaded));
    await h.page.keyboard.press('Escape');
    await tray().waitFor({ state: 'detached' });
  });

  it('exports the selected posts as CSV: the file at the reported path holds exactly those posts', async () => {
    const chosen = [grid[0], grid[2], grid[4], grid[6]].filter((m): m is WorldMedia => m !== undefined);
    for (const m of chosen) await check(m.code);
    await h.page.getByTestId('tray-export').click();
    const dialog = h.page.getByTestId('export-dialog');
    await dialog.waitFor();
    await expect(h.page.getByTestId('export-format-csv').getAttribute('aria-checked')).resolves.toBe('true');
    await expect(h.page.getByTestId('export-columns').inputValue()).resolves.toBe('posts');
    await shotThemes(h, 'export-dialog');
    // The ethics reminder is in the dialog; its choice goes into the manifest.
    await dialog.getByTestId('ethics-reminder').getByText('I will paraphrase quotes').click();
    await h.page.getByTestId('export-run').click();
    const result = h.page.getByTestId('export-result');
    await result.waitFor();
    const path = (await result.getAttribute('data-path')) ?? '';
    await expect(result.getAttribute('data-rows')).resolves.toBe(String(chosen.length));
    expect(JSON.parse(readFileSync(path.replace(/\.csv$/, '.manifest.json'), 'utf8')).ethics).toEqual({ reminderShown: true, acknowledged: true, quotes: 'paraphrase' });
    await shotThemes(h, 'export-done');

    const rows = readCsv(path);
    expect(rows.map((r) => r.id).sort()).toEqual(chosen.map((m) => m.code).sort());
    for (const m of chosen) {
      const row = rows.find((r) => r.id === m.code);
      const author = h.sim.sim.world.userByPk.get(m.ownerPk);
      expect(row?.author).toBe(author?.username);
      expect(row?.author_id).toBe(m.ownerPk);
      expect(row?.unix_timestamp).toBe(String(m.takenAt));
      expect(row?.num_media).toBe(String(m.children.length > 0 ? m.children.length : 1));
      expect(row?.url).toBe(`https://www.instagram.com/p/${m.code}`);
    }
    await h.page.getByTestId('export-reveal').click();
    await expect.poll(() => h.revealed).toContain(path);
    await h.page.getByTestId('export-close').click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('exports a whole loaded list (followers) as NDJSON: one line per follower, each with the page it came from', async () => {
    await openProfileTab(h, 'followers');
    const bar = h.page.getByTestId('selection-listbar');
    await bar.waitFor();
    const loaded = Number(await h.page.getByTestId('select-all').getAttribute('data-loaded'));
    await h.page.getByTestId('export-list').click();
    await h.page.getByTestId('export-format-ndjson').click();
    await h.page.getByTestId('export-run').click();
    const result = h.page.getByTestId('export-result');
    await result.waitFor();
    const lines = readFileSync((await result.getAttribute('data-path')) ?? '', 'utf8').split('\n').filter((l) => l.trim() !== '');
    const items = lines.map((l) => parseLossless(l) as { record: { id: string }; provenance: { endpoint: string; params: Record<string, string> } });
    expect(items).toHaveLength(loaded);
    expect(items.map((i) => i.record.id)).toEqual(owner.followers.slice(0, loaded)); // newest first, as the world lists them
    for (const item of items) {
      expect(item.provenance.endpoint).toBe('/v1/user/followers/chunk');
      expect(item.provenance.params.user_id).toBe(owner.pk);
    }
    await h.page.getByTestId('export-close').click();
    await openProfileTab(h, 'posts');
  });

  it('a pseudonymised export of the same posts names none of their authors', async () => {
    await expect(tray().getAttribute('data-count')).resolves.toBe('4');
    const selectedCodes = await h.page.$$eval('.sel-host[data-selected] [data-testid=post-cell]', (els) => els.map((e) => e.getAttribute('data-code') ?? ''));
    const authors = selectedCodes.map((code) => {
      const m = h.sim.sim.world.mediaByCode.get(code);
      const u = m ? h.sim.sim.world.userByPk.get(m.ownerPk) : undefined;
      if (!u) throw new Error(`no author for ${code}`);
      return u;
    });
    await h.page.getByTestId('tray-export').click();
    // The dialog keeps the last export's format (NDJSON above): CSV again.
    await expect(h.page.getByTestId('export-format-ndjson').getAttribute('aria-checked')).resolves.toBe('true');
    await h.page.getByTestId('export-format-csv').click();
    await h.page.getByTestId('export-pseudonymise').check();
    await h.page.getByTestId('export-project').fill('e2e-study');
    await shotThemes(h, 'export-pseudonymise');
    await h.page.getByTestId('export-run').click();
    const result = h.page.getByTestId('export-result');
    await result.waitFor();
    const path = (await result.getAttribute('data-path')) ?? '';
    const text = readFileSync(path, 'utf8');
    const rows = readCsv(path);
    expect(rows).toHaveLength(4);
    for (const author of authors) {
      expect(text.toLowerCase()).not.toContain(author.username.toLowerCase());
      expect(text).not.toContain(author.fullName);
      expect(text).not.toContain(author.pk);
      expect(path.toLowerCase()).not.toContain(author.username.toLowerCase());
    }
    for (const row of rows) expect(row.author).toMatch(/^u_[0-9a-f]{16}$/);
    // The posts themselves are still there.
    expect(rows.map((r) => r.id).sort()).toEqual([...selectedCodes].sort());
    await h.page.getByTestId('export-close').click();
    await h.page.getByTestId('tray-clear').click();
  });
});
