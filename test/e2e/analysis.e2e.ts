// Analysis end to end, in demo mode over the simulator: a study of three accounts run once, its charts
// drawn from its database (numbers checked against the database and the world, redrawn in the dark
// theme), a chart saved as PNG + SVG + CSV, the Exports tab writing networks, Parquet and a 4CAT file
// after the ethics reminder (the manifests record the choice and the minimisation presets), and the
// charts of a profile's loaded posts. Screenshots of each, light and dark.
import { copyFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorldUser } from '../../electron/simulator/world/world';
import { openHarness, settle, stopHarness, type Harness } from './harness/harness';
import { openAccount, readCsv, shotThemes } from './support/page';
import { studyRunOnce } from './support/study';

describe('analysis', () => {
  let h: Harness;
  let accounts: WorldUser[];
  let folder = '';

  beforeAll(async () => {
    h = await openHarness();
    const world = h.sim.sim.world;
    accounts = world.users
      .filter((u) => u.tier === 'main' && !u.isPrivate && u.posts.length >= 6 && u.posts.length <= 24 && u.posts.some((pk) => world.mediaByPk.get(pk)!.hashtags.length > 0))
      .slice(0, 3);
    expect(accounts).toHaveLength(3);
  });
  afterAll(() => stopHarness(h));

  function query<T>(sql: string, ...args: (string | number)[]): T[] {
    const db = new DatabaseSync(join(folder, 'study.sqlite'), { readOnly: true });
    try {
      return db.prepare(sql).all(...args) as T[];
    } finally {
      db.close();
    }
  }

  const chart = (kind: string) => h.page.locator(`[data-testid=chart][data-kind=${kind}]`);
  /** The background the chart's SVG is drawn on (ECharts paints it as the first rect). */
  const chartBackground = (kind: string) => drawing(kind).locator('rect').first().getAttribute('fill');
  /** The chart's own SVG (the card's buttons have icons). */
  const drawing = (kind: string) => chart(kind).locator('.chart-canvas svg');

  it('a study’s charts are drawn from its database, in the light and the dark theme', async () => {
    folder = await studyRunOnce(h, 'Charts and exports', accounts.map((u) => u.pk));

    await h.page.getByTestId('tab-charts').click();
    const posts = accounts.reduce((n, u) => n + u.posts.length, 0);
    await h.page.locator(`[data-testid=charts][data-posts="${posts}"]`).waitFor();
    expect(query<{ n: number }>("SELECT count(*) AS n FROM records WHERE kind = 'post'")[0]!.n).toBe(posts);
    for (const kind of ['activity', 'heatmap', 'engagement', 'observed', 'hashtags']) {
      await drawing(kind).waitFor();
      expect(await drawing(kind).locator('path, rect').count(), kind).toBeGreaterThan(3);
    }
    // The top hashtag of the world's posts is the first label of the hashtag chart.
    const counts = new Map<string, number>();
    for (const u of accounts) for (const pk of u.posts) for (const t of new Set(h.sim.sim.world.mediaByPk.get(pk)!.hashtags.map((x) => x.toLowerCase()))) counts.set(t, (counts.get(t) ?? 0) + 1);
    const most = Math.max(...counts.values());
    const tops = [...counts].filter(([, n]) => n === most).map(([t]) => `#${t}`);
    const labels = await drawing('hashtags').locator('text').allTextContents();
    expect(labels.some((l) => tops.includes(l.toLowerCase()))).toBe(true);
    expect(labels).toContain(String(most));

    await shotThemes(h, 'study-charts');
    await chart('hashtags').scrollIntoViewIfNeeded();
    await shotThemes(h, 'study-charts-tops');
    await h.page.evaluate(() => document.getElementById('content')?.scrollTo(0, 0));
    // Redrawn in each theme: the chart's background follows the page's.
    await h.page.emulateMedia({ colorScheme: 'light' });
    await h.page.locator('[data-testid=charts][data-theme-drawn=light]').waitFor();
    const light = await chartBackground('activity');
    await h.page.emulateMedia({ colorScheme: 'dark' });
    await h.page.locator('[data-testid=charts][data-theme-drawn=dark]').waitFor();
    const dark = await chartBackground('activity');
    expect(light).not.toBe(dark);
    await h.page.emulateMedia({ colorScheme: h.theme });
  });

  it('saves a chart as PNG, SVG and the CSV of its numbers into the study’s exports folder', async () => {
    await chart('heatmap').getByTestId('chart-save').click();
    await chart('heatmap').getByTestId('chart-saved').waitFor();
    const dir = join(folder, 'exports', 'charts');
    const files = readdirSync(dir).sort();
    expect(files.map((f) => f.slice(f.lastIndexOf('.')))).toEqual(['.csv', '.png', '.svg']);
    const png = readFileSync(join(dir, files[1]!));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBeGreaterThan(400); // drawn at twice the pixels
    const svg = readFileSync(join(dir, files[2]!), 'utf8');
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Drawn by main from the chart's numbers: a cell for every hour of the week, and the weekday labels.
    expect(svg.match(/ecmeta_ssr_type="chart"/g)).toHaveLength(7 * 24);
    expect(svg).toContain('>Mon</text>');
    // A file stands alone: its title and both axis names are in it, in the PNG as in the SVG (both drawn
    // with the title above: the PNG is the SVG's height at twice the pixels).
    expect(svg).toContain('>Weekday × hour</text>');
    expect(svg).toMatch(/>Hour of posting, (UTC|local time)<\/text>/);
    expect(svg).toContain('>Weekday</text>');
    const svgHeight = Number(/^<svg width="\d+" height="(\d+)"/.exec(svg)?.[1]);
    expect(png.readUInt32BE(20)).toBe(2 * svgHeight);
    copyFileSync(join(dir, files[1]!), join('test-results', 'screens', 'chart-heatmap-file.png'));
    // The PNG has its title drawn too: the band above the plot holds text (pixels darker than the background).
    const dark = await h.page.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const band = ctx.getImageData(0, 0, img.width, 60).data; // the title's 30 px, at twice the pixels
      let n = 0;
      for (let i = 0; i < band.length; i += 4) if (band[i]! + band[i + 1]! + band[i + 2]! < 300) n++;
      return n;
    }, png.toString('base64'));
    expect(dark).toBeGreaterThan(100);
    const rows = readCsv(join(dir, files[0]!));
    expect(rows.map((r) => r['weekday'])).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    const total = rows.reduce((n, r) => n + Object.entries(r).filter(([k]) => k !== 'weekday').reduce((m, [, v]) => m + Number(v), 0), 0);
    expect(total).toBe(query<{ n: number }>("SELECT count(*) AS n FROM records WHERE kind = 'post'")[0]!.n);
  });

  it('exports networks, Parquet and a 4CAT file after the ethics reminder; manifests record the choice and the presets', async () => {
    await h.page.getByTestId('tab-exports').click();
    await h.page.getByTestId('preset-noProfilePictures').check();
    await h.page.getByTestId('minimisation-save').click();
    await h.page.getByTestId('minimisation-message').waitFor();

    await h.page.getByTestId('analysis-export').click();
    await h.page.getByTestId('ethics-reminder').waitFor();
    await shotThemes(h, 'study-exports-ethics');
    await h.page.getByTestId('ethics-reminder').getByText('I will paraphrase quotes').click();
    await h.page.getByTestId('ethics-go').click();
    await h.page.getByTestId('analysis-exported').waitFor();
    const exportsDir = join(folder, 'exports');
    const networks = readdirSync(exportsDir).find((f) => f.includes('networks'))!;
    for (const f of ['cohashtag.gexf', 'cohashtag_nodes.csv', 'README.txt', 'manifest.json']) expect(existsSync(join(exportsDir, networks, f)), f).toBe(true);
    const manifest = JSON.parse(readFileSync(join(exportsDir, networks, 'manifest.json'), 'utf8')) as {
      ethics: unknown;
      minimisation: { noProfilePictures: boolean };
      export: { networks: { kind: string }[]; networksNotWritten: { kind: string }[] };
    };
    // A network of lists the study did not collect is named as not written, never an empty file.
    const comments = query<{ n: number }>("SELECT count(*) AS n FROM records WHERE kind = 'comment'")[0]!.n;
    for (const kind of ['comments', 'replies']) {
      expect(existsSync(join(exportsDir, networks, `${kind}_edges.csv`)), kind).toBe(comments > 0);
      expect(manifest.export.networksNotWritten.some((n) => n.kind === kind), kind).toBe(comments === 0);
    }
    expect(manifest.export.networks.map((n) => n.kind)).toContain('cohashtag');
    expect(manifest.ethics).toEqual({ reminderShown: true, acknowledged: true, quotes: 'paraphrase' });
    expect(manifest.minimisation.noProfilePictures).toBe(true);

    // Parquet, dismissing the reminder for good: the 4CAT export after it goes without one.
    await h.page.getByTestId('analysis-kind-parquet').check();
    await h.page.getByTestId('analysis-export').click();
    await h.page.getByTestId('ethics-dismiss').check();
    await h.page.getByTestId('ethics-go').click();
    await h.page.locator('[data-testid=analysis-exported]', { hasText: 'parquet' }).waitFor();
    await h.page.getByTestId('analysis-kind-4cat').check();
    await h.page.getByTestId('analysis-export').click();
    await h.page.locator('[data-testid=analysis-exported]', { hasText: '4cat' }).waitFor();
    expect(await h.page.getByTestId('ethics-reminder').count()).toBe(0);
    const ndjson = readdirSync(exportsDir).find((f) => f.endsWith('.ndjson'))!;
    const fourcat = JSON.parse(readFileSync(join(exportsDir, ndjson.replace(/\.ndjson$/, '.manifest.json')), 'utf8')) as { ethics: unknown };
    expect(fourcat.ethics).toEqual({ reminderShown: false, acknowledged: false, quotes: 'unspecified' });
    const lines = readFileSync(join(exportsDir, ndjson), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(accounts.reduce((n, u) => n + u.posts.length, 0));
    await settle(h.page);
    await shotThemes(h, 'study-exports');
  });

  it('a profile charts the posts it has loaded, without a request more', async () => {
    const u = accounts[0]!;
    await openAccount(h, u.username);
    await h.page.getByTestId('post-grid').getByTestId('charts-toggle').click();
    const loaded = Number(await h.page.getByTestId('select-all').getAttribute('data-loaded'));
    const calls = h.bridge.filter((b) => b.direction === 'to-main' && b.channel === 'feedlens:call').length;
    await h.page.locator(`[data-testid=loaded-charts] [data-testid=charts][data-posts="${loaded}"]`).waitFor();
    await drawing('activity').waitFor();
    expect(h.bridge.filter((b) => b.direction === 'to-main' && b.channel === 'feedlens:call').length).toBe(calls);
    await shotThemes(h, 'profile-charts');
  });
});
