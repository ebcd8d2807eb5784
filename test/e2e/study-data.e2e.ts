// A study's data at hand, end to end in demo mode: three accounts collected twice, with the world clock
// between the runs: one account renames itself, edits its biography and deletes two posts. The Changes tab
// shows the rename and the biography's change word by word; "Still there?" quotes its cost, main asks,
// and exactly those two posts come back gone, one unit billed per item checked; the data browser filters
// by text, date and status; a codebook is made, records are coded by key from the table and the viewer,
// a note written; an export of the coded rows carries them. Screenshots: timeline, data browser and
// coding, light and dark.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorldUser } from '../../electron/simulator/world/world';
import { OPS, type OpArgs, type OpName, type OpResults } from '../../shared/ipc';
import { openHarness, stopHarness, type Harness } from './harness/harness';
import { waitForQuiet } from './support/billing';
import { answering, demoBalance, open, readCsv, shotSizes, shotThemes } from './support/page';

const HOUR = 3_600_000;
const BIO_ADDED = 'Now roasting small batches by the canal: orders by message only.';

describe('a study’s data: what changed, what is gone, coding', () => {
  let h: Harness;
  let oldBio = '';
  let u: WorldUser;
  let oldName = '';
  let deleted: string[] = [];
  let studyId = '';

  /** An operation as the router hands it to main: arguments validated, defaults filled in. */
  const op = <K extends OpName>(name: K, args: OpArgs<K>): Promise<OpResults[K]> =>
    (h.core.handlers[name] as unknown as (a: unknown, c: { senderId: number }) => Promise<OpResults[K]>)(OPS[name].parse(args), { senderId: 1 });

  async function runOnce(): Promise<void> {
    const estimate = await op('studyRunEstimate', { id: studyId });
    await op('studyRunStart', { id: studyId, budget: estimate.suggestedBudget + 50 });
    for (let i = 0; i < 600; i++) {
      const run = (await op('studyGet', { id: studyId })).runs[0];
      if (run && run.state !== 'running') return expect(run.state).toBe('done');
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the run did not end');
  }

  beforeAll(async () => {
    h = await openHarness({ viewport: { width: 1440, height: 900 } });
    const users = h.sim.sim.world.users.filter((x) => x.tier === 'main' && !x.isPrivate && x.posts.length >= 6 && x.posts.length <= 16);
    u = users[0]!;
    oldName = u.username;
    h.folderPick.next = join(h.dataDir, 'Documents', 'Cafés over time');
    studyId = (await op('studyCreate', { name: 'Cafés over time', description: 'Three accounts, read twice.' })).id;
    h.asks.policy = 'confirm';
    await op('studyTargetsAdd', { id: studyId, text: users.slice(0, 3).map((x) => `@${x.username}`).join('\n'), collect: { lists: ['posts'], since: null, until: null, maxUnitsPerRun: null } });
    await runOnce();
    const before = [...u.posts];
    h.sim.sim.clock.advance(HOUR);
    h.sim.sim.clock.rename(u.pk, `${oldName}.studio`);
    oldBio = u.biography;
    h.sim.sim.clock.editBio(u.pk, `${u.biography.split('\n')[0]}\n${BIO_ADDED}`);
    deleted = before.filter((pk) => h.sim.sim.world.mediaByPk.has(pk)).slice(1, 3);
    for (const pk of deleted) h.sim.sim.clock.deletePost(pk);
    await runOnce();
    h.asks.policy = 'decline';
  }, 120_000);
  afterAll(() => stopHarness(h));

  it('shows the rename and the biography’s change on the account’s timeline', async () => {
    await h.page.getByRole('button', { name: 'Studies' }).click();
    await h.page.getByText('Cafés over time').first().click();
    await h.page.getByTestId('study-screen').waitFor();
    await h.page.getByTestId('tab-changes').click();
    const account = h.page.locator(`[data-testid=change-account][data-user-id="${u.pk}"]`);
    await expect(account.textContent()).resolves.toContain(`was @${oldName}`);
    await account.click();
    const entry = h.page.getByTestId('change-entry').first();
    await entry.waitFor();
    expect((await entry.getAttribute('data-fields'))!.split(',')).toEqual(expect.arrayContaining(['username', 'biography']));
    await expect(entry.locator('[data-field=username] .change-after').textContent()).resolves.toBe(`${oldName}.studio`);
    await expect(entry.locator('[data-testid=bio-diff] ins').allTextContents()).resolves.toEqual(expect.arrayContaining([expect.stringContaining('roasting small batches')]));
    // Before and after, each whole on its own line: no removed word runs into an added one.
    await expect(entry.getByTestId('bio-before').locator('.diff-text').textContent()).resolves.toBe(oldBio);
    await expect(entry.getByTestId('bio-after').locator('.diff-text').textContent()).resolves.toBe(`${oldBio.split('\n')[0]}\n${BIO_ADDED}`);
    // Local time shown, the exact UTC time on hover.
    await expect(entry.getByTestId('change-at').getAttribute('title')).resolves.toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(UTC\)$/);
    await shotThemes(h, 'study-changes');
  });

  it('re-checks the study only after main’s question, and marks exactly the two deleted posts gone, one unit per item', async () => {
    await h.page.getByTestId('tab-data').click();
    await h.page.locator('[data-testid=browser-row][data-rowid]').first().waitFor();
    await h.page.getByTestId('check-all').click();
    const quote = h.page.getByTestId('check-quote');
    await quote.waitFor();
    const items = Number(await quote.getAttribute('data-items'));
    expect(Number(await quote.getAttribute('data-units'))).toBe(items);
    // Declined: nothing is sent.
    const before = await demoBalance(h);
    await answering(h, `Spend ${items} requests?`, 'decline', () => h.page.getByTestId('check-start').click());
    await h.page.getByTestId('check-dialog').getByText('not started').waitFor();
    expect(await demoBalance(h)).toBe(before);
    await answering(h, `Spend ${items} requests?`, 'confirm', () => h.page.getByTestId('check-start').click());
    const done = h.page.locator('[data-testid=check-row][data-state=done]');
    await done.waitFor({ timeout: 30_000 });
    expect(Number(await done.getAttribute('data-gone'))).toBe(2);
    expect(Number(await done.getAttribute('data-units'))).toBe(items);
    expect(before - (await demoBalance(h))).toBe(items);
    await h.page.getByTestId('browser-filters-toggle').click();
    await h.page.getByTestId('filter-status').getByText('Gone').click();
    await h.page.locator('[data-testid=browser-count][data-total="2"]').waitFor();
    const gone = await h.page.locator('[data-testid=browser-row][data-status=gone]').count();
    expect(gone).toBe(2);
    await h.page.getByTestId('filter-status').getByText('Gone').click();
  });

  it('filters by full text and date in SQLite, and shows exact dates', async () => {
    const total = (await op('studyBrowse', { id: studyId, query: {}, offset: 0, limit: 1 })).total;
    await h.page.locator(`[data-testid=browser-count][data-total="${total}"]`).waitFor();
    // A word of a caption the study holds.
    const db = (await op('studyBrowse', { id: studyId, query: { kinds: ['post'] }, offset: 0, limit: 50 })).rows;
    const word = db.map((r) => (r.text ?? '').split(/\s+/).find((w) => /^[a-z]{5,}$/i.test(w))).find(Boolean)!;
    await h.page.getByTestId('browser-search').fill(word);
    const byText = (await op('studyBrowse', { id: studyId, query: { text: word }, offset: 0, limit: 1 })).total;
    expect(byText).toBeGreaterThan(0);
    expect(byText).toBeLessThan(total);
    await h.page.locator(`[data-testid=browser-count][data-total="${byText}"]`).waitFor();
    // A search that found nothing because of how it was written says why.
    await h.page.getByTestId('browser-search').fill(`${word} NOT qqzzxx`);
    await h.page.getByTestId('browser-text-note').first().waitFor();
    await expect(h.page.getByTestId('browser-text-note').first().textContent()).resolves.toContain('“NOT” was searched as a word');
    await shotThemes(h, 'study-data-search-note');
    await h.page.getByTestId('browser-search').fill('');
    await h.page.locator(`[data-testid=browser-count][data-total="${total}"]`).waitFor();
    // The renamed account shows under its new name in every row, the old one said beside it.
    await expect(h.page.getByTestId('former-names').first().getAttribute('title')).resolves.toBe(`Formerly @${oldName}`);
    const dated = h.page.locator('[data-testid=browser-row] .cell-taken_at time').first();
    await expect(dated.getAttribute('title')).resolves.toMatch(/Z \(UTC\)$/);
    await h.page.getByTestId('filter-from').fill('2025-01-01');
    await h.page.getByTestId('browser-filters-toggle').click();
    await shotThemes(h, 'study-data-browser');
    // Saved as a named view, the filters come back when chosen again; a tab left and shown again keeps them.
    await h.page.getByTestId('view-save').click();
    await h.page.getByTestId('view-name').fill('Since 2025');
    await h.page.getByTestId('view-name').press('Enter');
    await h.page.getByTestId('views-select').locator('option', { hasText: 'Since 2025' }).waitFor({ state: 'attached' });
    await h.page.getByTestId('tab-changes').click();
    await h.page.getByTestId('tab-data').click();
    await expect(h.page.getByTestId('browser-filters-toggle').textContent()).resolves.toBe('Filters (1)');
    await h.page.getByTestId('browser-filters-toggle').click();
    await h.page.getByTestId('filter-from').fill('');
    await expect(h.page.getByTestId('browser-filters-toggle').textContent()).resolves.toBe('Filters');
    await h.page.getByTestId('browser-filters-toggle').click();
    await h.page.getByTestId('views-select').selectOption({ label: 'Since 2025' });
    await expect(h.page.getByTestId('browser-filters-toggle').textContent()).resolves.toBe('Filters (1)');
    await h.page.getByTestId('browser-filters-toggle').click();
    await expect(h.page.getByTestId('filter-from').inputValue()).resolves.toBe('2025-01-01');
  });

  it('codes records by key from the table and the viewer, with a note, and exports them', async () => {
    await h.page.getByTestId('tab-coding').click();
    for (const name of ['Promotion', 'Personal']) {
      await h.page.getByTestId('code-name').fill(name);
      await h.page.getByTestId('code-save').click();
      await h.page.locator(`[data-testid=code-row][data-code="${name}"]`).waitFor();
    }
    await h.page.getByTestId('code-name').fill('Call to action');
    await h.page.getByTestId('code-description').fill('Asks readers to buy, visit, follow or write.');
    await shotThemes(h, 'study-codebook');
    await h.page.getByTestId('code-save').click();
    await h.page.locator('[data-testid=code-row][data-code="Call to action"]').waitFor();
    await h.page.getByTestId('tab-data').click();
    const first = h.page.locator('[data-testid=browser-row][data-index="0"]');
    await first.waitFor();
    await first.click({ position: { x: 200, y: 10 } });
    await h.page.keyboard.press('1');
    await first.locator('.code-chip', { hasText: 'Promotion' }).waitFor();
    await h.page.keyboard.press('ArrowDown');
    await h.page.keyboard.press('Enter');
    const viewer = h.page.getByTestId('record-viewer');
    await viewer.getByTestId('record-body').waitFor();
    await h.page.keyboard.press('2');
    await viewer.locator('[data-testid=code-toggle][data-code=Personal][aria-pressed=true]').waitFor();
    await h.page.keyboard.press('n');
    await h.page.keyboard.type('Price list in the second image; "DM to order".');
    await h.page.keyboard.press('Control+Enter');
    await viewer.locator('[data-testid=note-state][data-state=saved]').waitFor();
    await shotThemes(h, 'study-coding');
    await h.page.keyboard.press('Escape');
    await h.page.locator('[data-testid=browser-row][data-index="1"] .code-chip', { hasText: 'Personal' }).waitFor();

    // Select both coded rows and export them as CSV.
    await h.page.locator('[data-testid=browser-row][data-index="0"] input[type=checkbox]').click();
    await h.page.locator('[data-testid=browser-row][data-index="1"] input[type=checkbox]').click({ modifiers: ['Shift'] });
    await h.page.locator('[data-testid=browser-selection][data-count="2"]').waitFor();
    await shotThemes(h, 'study-data-selection');
    await h.page.getByTestId('rows-export').selectOption('csv');
    await h.page.getByTestId('browser-done').getByRole('button', { name: 'Show in folder' }).click();
    await expect.poll(() => h.revealed.length).toBeGreaterThan(0);
    const rows = readCsv(h.revealed.at(-1)!);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.codes).sort()).toEqual(['Personal', 'Promotion']);
    expect(rows.find((r) => r.codes === 'Personal')?.notes).toBe('Price list in the second image; "DM to order".');
    expect(rows.every((r) => /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(r.timestamp ?? '') && /^\d+$/.test(r.unix_timestamp ?? ''))).toBe(true);
  });

  it('shows a post’s history in the post view when a study saw it more than once', async () => {
    const post = (await op('studyBrowse', { id: studyId, query: { kinds: ['post'], statuses: ['online'] }, offset: 0, limit: 1 })).rows[0]!;
    await open(h, `https://www.instagram.com/p/${post.code}/`);
    const history = h.page.getByTestId('post-study-history');
    await history.waitFor();
    await expect(history.textContent()).resolves.toContain('Cafés over time');
    // Two runs and the re-check each saw it.
    await history.locator('[data-testid=record-history][data-sightings="3"]').waitFor();
    await expect(history.getByTestId('record-status').getAttribute('data-status')).resolves.toBe('online');
  });

  it('gives the data browser its place back: filters, the table’s scroll, selection, focused row and open record', async () => {
    await h.page.setViewportSize({ width: 1024, height: 700 });
    await h.page.getByRole('button', { name: 'Studies' }).click();
    await h.page.getByText('Cafés over time').first().click();
    await h.page.getByTestId('tab-data').click();
    // Posts and accounts, by account: the accounts' rows sit among the posts, well down the table.
    const query = { kinds: ['post', 'user'] as ('post' | 'user')[], sort: 'account' as const, desc: false };
    const all = (await op('studyBrowse', { id: studyId, query, offset: 0, limit: 500 })).rows;
    const index = all.findIndex((r, i) => r.kind === 'user' && i >= 12);
    expect(index).toBeGreaterThan(0);
    await h.page.getByTestId('browser-kinds').getByText('Posts').click();
    await h.page.getByTestId('browser-kinds').getByText('Accounts').click();
    await h.page.getByTestId('sort-account').click();
    await h.page.locator(`[data-testid=browser-count][data-total="${all.length}"]`).waitFor();
    await h.page.getByTestId('browser-filters-toggle').click();
    const body = h.page.getByTestId('browser-body');
    await body.evaluate((el, top) => (el.scrollTop = top), index * 34 - 120);
    const row = h.page.locator(`[data-testid=browser-row][data-index="${index}"]`);
    await row.locator('input[type=checkbox]').click();
    await h.page.locator('[data-testid=browser-selection][data-count="1"]').waitFor();
    await h.page.keyboard.press('Enter');
    const viewer = h.page.getByTestId('record-viewer');
    await viewer.locator(`[data-testid=record-body][data-rowid="${all[index]!.rowid}"]`).waitFor();
    const before = await body.evaluate((el) => el.scrollTop);
    expect(before).toBeGreaterThan(200);

    await viewer.getByRole('button', { name: 'Open the profile live…' }).click();
    await h.page.getByTestId('profile-header').waitFor();
    await waitForQuiet(h, 500);
    const answered = h.answered.length;
    await h.page.keyboard.press('Alt+ArrowLeft');
    // The same record open again, over the same rows, scrolled as they were.
    await viewer.locator(`[data-testid=record-body][data-rowid="${all[index]!.rowid}"]`).waitFor();
    await expect.poll(() => body.evaluate((el) => el.scrollTop)).toBe(before);
    await expect(h.page.locator('[data-testid=browser-count]').getAttribute('data-total')).resolves.toBe(String(all.length));
    await expect(h.page.getByTestId('browser-filters-toggle').getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(h.page.locator('[data-testid=sort-account]').locator('..').getAttribute('aria-sort')).resolves.toBe('ascending');
    await h.page.locator('[data-testid=browser-selection][data-count="1"]').waitFor();
    await h.page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await expect(h.page.locator('[data-testid=browser-row].focused').getAttribute('data-index')).resolves.toBe(String(index));
    await shotSizes(h, 'study-data-back', () => h.page.locator('[data-testid=browser-row][data-rowid]').first().waitFor());
    // Forward shows the profile from the cache; going back and forth asked the service nothing.
    await h.page.keyboard.press('Alt+ArrowRight');
    await h.page.getByTestId('profile-header').waitFor();
    expect(h.answered.slice(answered).filter((a) => a.channel === 'feedlens:call' && !(a.result as { value?: { cacheHit?: boolean } }).value?.cacheHit)).toEqual([]);
  });
});
