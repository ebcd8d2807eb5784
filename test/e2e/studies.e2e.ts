// Studies end to end, in demo mode over the simulator: a study made in the folder main's picker returns,
// a file of 20 entries imported (3 invalid, 2 duplicates) and previewed, a first run, the world's clock
// advanced a day, a second run that fetches and bills only what is new (it prints `incremental: billed N
// pages for K new items`), a schedule that starts no run until asked and fires within its daily budget, the database read by the
// sqlite3 command line, "Add to study" on a profile; screenshots of every new screen, light and dark.
// (kill -9 in the middle of a run: test/unit/electron/studies/kill.test.ts kills the main process for real.)
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorldUser } from '../../electron/simulator/world/world';
import { openHarness, stopHarness, type Harness } from './harness/harness';
import { answering, demoBalance, openAccount, shotThemes } from './support/page';
import { runFromTheUi as runStudy } from './support/study';

const DAY = 86_400_000;

describe('studies', () => {
  let h: Harness;
  let accounts: WorldUser[];
  let database = '';

  beforeAll(async () => {
    h = await openHarness();
    accounts = h.sim.sim.world.users.filter((u) => u.tier === 'main' && !u.isPrivate && u.posts.length >= 4 && u.posts.length <= 30).slice(0, 12);
  });
  afterAll(() => stopHarness(h));

  /** The study's database, read-only, as a researcher's script would open it. */
  function query<T>(sql: string, ...args: (string | number)[]): T[] {
    const db = new DatabaseSync(database, { readOnly: true });
    try {
      return db.prepare(sql).all(...args) as T[];
    } finally {
      db.close();
    }
  }

  async function runFromTheUi(): Promise<{ id: number; units: number }> {
    const id = query<{ n: number }>('SELECT count(*) AS n FROM runs')[0]!.n + 1;
    return { id, units: await runStudy(h, id) };
  }

  it('starts with no study, and makes one in the folder main’s picker returns', async () => {
    await h.page.getByRole('button', { name: 'Studies' }).click();
    await h.page.getByTestId('studies-empty').waitFor();
    await shotThemes(h, 'studies-empty');
    await h.page.getByTestId('study-new').click();
    await h.page.getByTestId('study-name').fill('Neighbourhood cafés');
    await h.page.getByTestId('study-description').fill('Accounts, tags and a place followed over a month.');
    await shotThemes(h, 'study-new-dialog');
    h.folderPick.next = join(h.dataDir, 'Documents', 'Feedlens', 'Neighbourhood cafés');
    await h.page.getByTestId('study-create').click();
    await h.page.getByTestId('study-screen').waitFor();
    await expect(h.page.getByTestId('study-title').textContent()).resolves.toBe('Neighbourhood cafés');
    await h.page.getByTestId('targets-empty').waitFor();
    database = join(h.folderPick.next, 'study.sqlite');
  });

  it('imports a file of 20 entries (3 invalid, 2 duplicates), shows the preview sending nothing, and adds them after main asks for the lookups', async () => {
    const tags = [...h.sim.sim.world.hashtags].sort((x, y) => x.recent.length - y.recent.length).slice(0, 2);
    const place = h.sim.sim.world.locations.find((l) => l.recent.length >= 3)!;
    const [a, b, c, d, e, f, g, i, j, k, l, m] = accounts as [WorldUser, ...WorldUser[]];
    const lines = [
      'username', // a header row, as a spreadsheet export has
      ...[a, b, c, d, e, f].map((u) => `@${u!.username}`),
      ...[g, i, j].map((u) => `https://www.instagram.com/${u!.username}/`),
      ...[k, l, m].map((u) => u!.pk),
      ...tags.map((t) => `#${t.name}`),
      `https://www.instagram.com/explore/locations/${place.pk}/`,
      `https://instagram.com/${a.username}?igsh=x`, // duplicate of the first
      `#${tags[0]!.name.toUpperCase()}`, // duplicate, in another case
      'two words', // invalid
      'https://example.com/someone', // invalid
      'place:somewhere', // invalid
    ];
    expect(lines).toHaveLength(21);
    const before = await demoBalance(h);
    await h.page.getByTestId('study-add-targets').click();
    await h.page.getByTestId('targets-file').setInputFiles({ name: 'targets.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
    const summary = h.page.locator('[data-testid=preview-summary][data-invalid="3"]');
    await summary.waitFor();
    expect(await summary.getAttribute('data-duplicate')).toBe('2');
    expect(await summary.getAttribute('data-resolve')).toBe('9');
    expect(await summary.getAttribute('data-valid')).toBe('6');
    expect(await h.page.getByTestId('preview-entry').count()).toBe(20);
    expect(await demoBalance(h)).toBe(before); // the preview sent nothing
    await shotThemes(h, 'add-targets-preview');
    // Comments are off for the hashtags and the place; ticked, they come with a cap of pages per post.
    expect(await h.page.getByTestId('collect-comments').isChecked()).toBe(false);
    expect(await h.page.getByTestId('collect-comment-pages').count()).toBe(0);
    await h.page.getByTestId('collect-comments').check();
    expect(await h.page.getByTestId('collect-comment-pages').inputValue()).toBe('3');
    await h.page.getByTestId('collect-comments').uncheck();

    await answering(h, 'Spend 9 requests?', 'confirm', () => h.page.getByTestId('targets-add').click());
    await h.page.locator('[data-testid=targets-added][data-added="15"]').waitFor();
    expect(before - (await demoBalance(h))).toBe(9);
    await h.page.getByRole('button', { name: 'Close' }).click();
    await h.page.locator('[data-testid=target-row]').nth(14).waitFor();
    expect(await h.page.getByTestId('target-row').count()).toBe(15);
  });

  it('runs it: the estimate first, main’s question, then every target read once, for what the simulator billed', async () => {
    const before = await demoBalance(h);
    // A little latency, to see the run under way.
    h.sim.sim.faults.set({ latencyMs: 120 });
    await h.page.getByTestId('study-run').click();
    await h.page.locator('[data-testid=run-estimate]').waitFor();
    await shotThemes(h, 'run-dialog');
    const budget = Number(await h.page.getByTestId('run-budget').inputValue());
    await answering(h, `Spend up to ${budget} requests?`, 'confirm', () => h.page.getByTestId('run-start').click());
    await h.page.locator('[data-testid=live-run][data-state=running]').waitFor();
    await h.page.waitForFunction(() => Number(document.querySelector('[data-testid=live-run]')?.getAttribute('data-pages') ?? 0) >= 3);
    // Its pace and, per target, what it read so far and what is left.
    await h.page.getByTestId('live-per-target').click();
    await h.page.getByTestId('run-detail').waitFor();
    await h.page.waitForFunction(() => /pages\/s/.test(document.querySelector('[data-testid=live-pace]')?.textContent ?? ''));
    await shotThemes(h, 'study-live-run');
    h.sim.sim.faults.clear();
    await h.page.getByTestId('tab-runs').click();
    await h.page.locator('[data-testid=run-row][data-state=done]').waitFor({ timeout: 60_000 });
    const units = Number(await h.page.getByTestId('run-row').first().getAttribute('data-units'));
    expect(before - (await demoBalance(h))).toBe(units);
    // Every post of every account once, by its exact id.
    for (const u of accounts) {
      const ids = query<{ id: string }>("SELECT r.id FROM list_items li JOIN targets t ON t.id = li.target_id JOIN records r ON r.rowid = li.record_id WHERE t.key = ? AND li.list = 'posts'", u.pk).map((r) => r.id);
      expect(ids.sort()).toEqual([...u.posts].sort());
    }
    expect(query<{ n: number }>('SELECT count(*) - count(DISTINCT kind || id) AS n FROM records')[0]?.n).toBe(0);
    await h.page.getByTestId('tab-targets').click();
    await h.page.getByTestId('targets-table').waitFor();
    await shotThemes(h, 'study-targets');
    // What to collect, for a selected target: a dialog that Esc closes, changing nothing.
    await h.page.getByTestId('target-row').first().locator('input[type=checkbox]').check();
    await h.page.getByTestId('targets-edit').click();
    await h.page.getByTestId('edit-targets-dialog').waitFor();
    await shotThemes(h, 'edit-targets-dialog');
    await h.page.keyboard.press('Escape');
    await h.page.getByTestId('edit-targets-dialog').waitFor({ state: 'detached' });
  });

  it('a day later (world clock), a second run fetches and bills only what is new', async () => {
    const before = new Map(accounts.map((u) => [u.pk, new Set(u.posts)]));
    h.sim.sim.clock.advance(DAY);
    const published = accounts.flatMap((u) => u.posts.filter((pk) => !before.get(u.pk)!.has(pk)));
    expect(published.length).toBeGreaterThan(0);
    const balance = await demoBalance(h);
    const run = await runFromTheUi();
    expect(balance - (await demoBalance(h))).toBe(run.units);

    const billed = query<{ path: string; params: string; new_items: number; units: number }>('SELECT path, params, new_items, units FROM requests WHERE run_id = ? AND units > 0', run.id);
    const found = query<{ n: number }>('SELECT new_items AS n FROM runs WHERE id = ?', run.id)[0]!.n;
    console.log(`incremental: billed ${billed.length} pages for ${found} new items`);
    const estimate = query<{ estimate: number; units_spent: number }>('SELECT estimate, units_spent FROM runs WHERE id = ?', run.id)[0]!;
    console.log(`incremental: estimated ${estimate.estimate} units before the run, spent ${estimate.units_spent}`);
    // No page of old items was bought: a list's first page has to be asked (it tells whether anything
    // is new); every page after it holds something new.
    const deeper = billed.filter((p) => /"(end_cursor|max_id|page_id|min_id)"/.test(p.params));
    expect(deeper.filter((p) => p.new_items === 0)).toEqual([]);
    // Far fewer pages than the first run, and every post published that day is in the study, once.
    const first = query<{ n: number }>('SELECT count(*) AS n FROM requests WHERE run_id = ? AND units > 0', run.id - 1)[0]!.n;
    expect(billed.length).toBeLessThan(first);
    for (const u of accounts) {
      const ids = new Set(query<{ id: string }>("SELECT r.id FROM list_items li JOIN targets t ON t.id = li.target_id JOIN records r ON r.rowid = li.record_id WHERE t.key = ? AND li.list = 'posts'", u.pk).map((r) => r.id));
      for (const pk of u.posts) expect(ids.has(pk)).toBe(true);
    }
    expect(found).toBeGreaterThanOrEqual(published.length);
    await shotThemes(h, 'study-runs');
    // A run opened: per target, and what ended a list early.
    await h.page.getByTestId('run-row').first().getByRole('button', { name: /#\d+/ }).click();
    await h.page.getByTestId('run-detail').waitFor();
    await shotThemes(h, 'study-run-detail');
  });

  it('exports a run afterwards into the study’s folder', async () => {
    const row = h.page.getByTestId('run-row').first();
    await row.getByTestId('run-export').click();
    // "Only what it found new": the note says why the export holds more records than the run's "new".
    await row.getByLabel('What to export').selectOption('new');
    await expect(row.getByTestId('run-export-new-note').textContent()).resolves.toMatch(/items of its lists this run saw first/);
    await shotThemes(h, 'study-run-export-new');
    await row.getByTestId('run-export-go').click();
    // The ethics reminder comes first; going on exports.
    await row.getByTestId('ethics-reminder').getByText('I will paraphrase quotes').click();
    await row.getByTestId('ethics-go').click();
    const exported = await row.getByTestId('run-exported').textContent();
    expect(exported).toContain(join(h.folderPick.next!, 'exports'));
    expect(exported).toMatch(/records \(the [\d,]+ new items and the records first stored with them\)/);
  });

  it('the schedule dialog estimates a day of runs, proposes its upper bound as the daily budget and says what a budget covers', async () => {
    await h.page.getByTestId('study-schedule').click();
    const estimate = h.page.getByTestId('schedule-estimate');
    await estimate.waitFor();
    const suggested = await estimate.getAttribute('data-suggested');
    expect(Number(suggested)).toBeGreaterThan(0);
    await expect.poll(() => h.page.getByTestId('schedule-budget').inputValue()).toBe(suggested);
    await expect(h.page.getByTestId('schedule-covers').textContent()).resolves.toContain('covers a day of runs');
    await h.page.getByTestId('schedule-budget').fill('1');
    await expect(h.page.getByTestId('schedule-covers').textContent()).resolves.toContain('below a usual day');
    await shotThemes(h, 'schedule-estimate');
    await h.page.getByTestId('schedule-dialog').getByRole('button', { name: 'Cancel' }).click();
    await h.page.getByTestId('schedule-dialog').waitFor({ state: 'detached' });
  });

  it('the schedule dialog does not start a run', async () => {
    const runs = query<{ n: number }>('SELECT count(*) AS n FROM runs')[0]!.n;
    const spent = h.sim.sim.keys.spent(h.sim.sim.demoKey);
    await h.page.getByTestId('study-schedule').click();
    await h.page.getByTestId('schedule-hours').fill('6');
    await h.page.getByTestId('schedule-estimate').waitFor();
    await h.page.getByTestId('schedule-budget').fill('5');
    await h.page.getByTestId('schedule-covers').waitFor();
    await shotThemes(h, 'schedule-dialog');
    await answering(h, 'Spend up to 5 requests a day?', 'confirm', () => h.page.getByTestId('schedule-save').click());
    await h.page.getByTestId('schedule-dialog').waitFor({ state: 'detached' });
    h.core.tickSchedules();
    expect(query<{ n: number }>('SELECT count(*) AS n FROM runs')[0]!.n).toBe(runs);
    expect(h.sim.sim.keys.spent(h.sim.sim.demoKey)).toBe(spent);
    expect(h.asks.asked.at(-1)?.message).toContain('The first run starts in 6 hours.');
  });

  it('“Run now as well” starts a run at once, which stops at its daily budget; the next tick that day runs nothing', async () => {
    await h.page.getByTestId('study-schedule').click();
    await h.page.getByTestId('schedule-run-now').check();
    await answering(h, 'Spend up to 5 requests a day?', 'confirm', () => h.page.getByTestId('schedule-save').click());
    await h.page.getByTestId('schedule-dialog').waitFor({ state: 'detached' });
    await h.page.locator('[data-testid=run-row][data-state=stopped_budget]').waitFor({ timeout: 30_000 });
    const runs = await h.page.getByTestId('run-row').count();
    expect(Number(await h.page.getByTestId('run-row').first().getAttribute('data-units'))).toBeLessThanOrEqual(5);
    expect(h.notifications.at(-1)).toMatchObject({ title: 'Neighbourhood cafés: run stopped at its budget' });
    h.core.tickSchedules();
    await h.page.getByTestId('schedule-waiting').waitFor();
    expect(await h.page.getByTestId('run-row').count()).toBe(runs);
  });

  it('a schedule whose budget was edited in the database runs nothing until the user confirms it in main’s question', async () => {
    const db = new DatabaseSync(database);
    db.prepare('UPDATE schedules SET daily_budget = 900000, next_run_at = 0').run();
    db.close();
    const runCount = () => {
      const read = new DatabaseSync(database, { readOnly: true });
      const n = (read.prepare('SELECT count(*) AS n FROM runs').get() as { n: number }).n;
      read.close();
      return n;
    };
    const runs = runCount();
    h.core.tickSchedules();
    // Away and back: the study page reads the study again.
    await h.page.getByRole('button', { name: 'Studies' }).click();
    await h.page.locator('[data-testid=study-row] .study-row-main').first().click();
    await h.page.getByTestId('schedule-confirm').waitFor();
    await expect(h.page.getByTestId('schedule-waiting').textContent()).resolves.toContain('Not confirmed on this computer');
    await shotThemes(h, 'schedule-not-confirmed');
    expect(runCount()).toBe(runs);
    // The page shows main's question with the database's numbers; declined, nothing changes.
    await answering(h, 'Spend up to 900,000 requests a day?', 'decline', () => h.page.getByTestId('schedule-confirm').click());
    expect(runCount()).toBe(runs);
  });

  it('answers a documented query in the sqlite3 command-line tool', () => {
    const out = execFileSync('sqlite3', ['-readonly', '-separator', '|', database, 'SELECT username, count(*) FROM posts GROUP BY username ORDER BY username;'], { encoding: 'utf8' });
    const counts = new Map(out.trim().split('\n').map((line) => line.split('|') as [string, string]));
    for (const u of accounts) {
      const own = u.posts.filter((pk) => h.sim.sim.world.mediaByPk.get(pk)?.ownerPk === u.pk).length;
      expect(Number(counts.get(u.username))).toBeGreaterThanOrEqual(own);
    }
  });

  it('adds an account from its profile with “Add to study”', async () => {
    const extra = h.sim.sim.world.users.find((u) => u.tier === 'main' && !u.isPrivate && !accounts.includes(u) && u.posts.length > 0)!;
    await openAccount(h, extra.username);
    await h.page.getByTestId('add-to-study').click();
    await h.page.getByTestId('add-to-study-dialog').waitFor();
    await shotThemes(h, 'add-to-study-dialog');
    await h.page.getByTestId('add-to-study-add').click();
    await h.page.getByTestId('add-to-study-open').click();
    await h.page.locator('[data-testid=target-row]').nth(15).waitFor();
    expect(query<{ key: string }>("SELECT key FROM targets WHERE kind = 'account' AND key = ?", extra.pk)).toHaveLength(1);
    await h.page.getByRole('button', { name: 'Studies' }).click();
    await h.page.getByTestId('study-row').first().waitFor();
    await shotThemes(h, 'studies-list');
  });
});
