// Saving a chart through the IPC router, as a hostile page could call it: main draws the SVG itself from
// the chart's numbers, so known SVG attack payloads sent as hashtags, usernames, dates or colours never
// become markup (each saved SVG is parsed and held to an allow-list: svg-allow-list.ts), the CSV is made
// from the same numbers with formulas defused, and a normal chart still comes out with its bars, cells,
// lines, labels and colours.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAnalysisService } from '../../../../electron/analysis/handlers';
import type { Ask } from '../../../../electron/calls/ask';
import { createRouter, type Handlers, type Router } from '../../../../electron/ipc/router';
import type { StudyService } from '../../../../electron/studies/service';
import { chartsOf, type ChartKind, type ChartPost, type ChartsData } from '../../../../shared/charts';
import { chunk, rgbaPng } from './png-fixtures';
import { checkChartSvg } from './svg-allow-list';

const APP = 'app://feedlens';
const event = { sender: { id: 1 }, senderFrame: { url: `${APP}/index.html`, parent: null } };
const PALETTE = { background: '#ffffff', text: '#16181d', muted: '#4f5665', border: '#dde1e8', sunken: '#eceef2', series: ['#2f5bd3', '#177a42', '#8f5500', '#7a3ed6'] };
const PNG = rgbaPng(64, 48).toString('base64');

/** Known SVG attack payloads, each of which some sanitiser once let through. */
const ATTACKS = [
  '<script>alert(1)</script>',
  '<x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script>',
  '<a xlink:href="javascript:alert(1)"><text>click</text></a>',
  '<a x:href="javascript:alert(1)" xmlns:x="http://www.w3.org/1999/xlink">click</a>',
  '<a xlink:href="https://evil.example/">click</a>',
  '<use href="http://evil.example/sprite.svg#a"/>',
  '<image href="https://evil.example/track.png"/>',
  '<foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="javascript:alert(1)"></iframe></body></foreignObject>',
  '" onload="alert(1)',
  "' OnLoAd='alert(1)",
  '<svg/onload=alert(1)>',
  '<rect ONBEGIN = "alert(1)"/>',
  '<g onclick =alert(1)>x</g>',
  '<style>@import url(https://evil.example/x.css);</style>',
  '<rect style="background:url(https://evil.example/x)"/>',
  '<animate attributeName="href" to="javascript:alert(1)"/>',
  '<set attributeName="onmouseover" to="alert(1)"/>',
  ']]><script>alert(1)</script><![CDATA[',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&#x3C;script&#x3E;alert(1)&#x3C;/script&#x3E;',
  '<!DOCTYPE svg [<!ENTITY x "<script>alert(1)</script>">]>&x;',
  '<?xml-stylesheet href="https://evil.example/x.css"?>',
  '<!-- --><script>alert(1)</script>',
  'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
  'javascript:alert(1)',
  '=HYPERLINK("https://evil.example","click")',
];

let dir: string;
let router: Router;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'feedlens-chart-save-'));
  const service = createAnalysisService({
    studies: {} as StudyService,
    ask: (() => Promise.reject(new Error('nothing to ask'))) as Ask,
    appVersion: 'test',
    userAgent: 'test',
    downloadFolder: () => dir,
    now: () => Date.UTC(2026, 0, 2, 3, 4, 5),
  });
  router = createRouter({ handlers: service.handlers as Handlers, isTrustedSender: (origin) => origin === APP, log: () => {} });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const chartsFolder = () => join(dir, 'exports', 'charts');
const saved = () => (readdirSync(dir).includes('exports') ? readdirSync(chartsFolder()) : []);

async function save(args: Record<string, unknown>) {
  return router.handle('chartSave', event, { name: 'test chart', palette: PALETTE, width: 600, png: PNG, ...args });
}

/** Saves and returns the SVG, PNG and CSV written. */
async function saveChart(kind: ChartKind, data: ChartsData, name: string, width = 600) {
  const r = await save({ name, kind, data, width });
  if (!r.ok) throw new Error(r.error.message);
  const [svg, png, csv] = (r.value as { files: string[] }).files;
  expect((r.value as { files: string[] }).files.every((f) => f.startsWith(chartsFolder()))).toBe(true);
  return { svg: readFileSync(svg!, 'utf8'), png: readFileSync(png!), csv: readFileSync(csv!, 'utf8') };
}

const post = (takenAt: number, likes: number, hashtags: string[]): ChartPost => ({ takenAt, likes, comments: likes % 3, plays: null, hashtags, mentions: [], tagged: [], coauthors: [] });
const DAY = 86_400;
const POSTS = [post(1_767_225_600, 4, ['cats', 'dogs']), post(1_767_225_600 + 3600, 9, ['cats']), post(1_767_225_600 + 2 * DAY, 2, ['birds', 'cats']), post(1_767_225_600 + 4 * DAY + 7200, 6, [])];
/** How many marks of the chart's own data ECharts drew (bars, cells, line points). */
const marks = (svg: string) => svg.match(/ecmeta_ssr_type="chart"/g)?.length ?? 0;

describe('saving a chart', () => {
  it('a normal chart comes out with its bars, cells, lines, labels and the page’s colours, and the CSV of its numbers', async () => {
    const data = chartsOf(POSTS, { unit: 'day', timeZone: 'UTC' });

    const activity = await saveChart('activity', data, 'activity');
    const a = checkChartSvg(activity.svg);
    expect(data.activity).toHaveLength(5);
    expect(marks(activity.svg)).toBe(5);
    expect(a.texts).toContain('2026-01-01');
    // 290 for the plot, its labels and axis names, and 30 for the title a file carries.
    expect(activity.svg).toMatch(/^<svg width="600" height="320" xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(activity.svg).toContain('<rect width="600" height="320" x="0" y="0" fill="#ffffff">');
    expect(activity.svg).toMatch(/<path d="[^"]+" fill="#2f5bd3" ecmeta_series_index="0" ecmeta_data_index="0"/);
    expect(activity.csv).toBe('day,posts\r\n2026-01-01,2\r\n2026-01-02,0\r\n2026-01-03,1\r\n2026-01-04,0\r\n2026-01-05,1\r\n');
    expect(activity.png.equals(Buffer.from(PNG, 'base64'))).toBe(true);

    const heatmap = await saveChart('heatmap', data, 'heatmap');
    expect(marks(heatmap.svg)).toBe(7 * 24);
    expect(checkChartSvg(heatmap.svg).texts).toEqual(expect.arrayContaining(['Mon', 'Sun', '00', '23']));

    const engagement = await saveChart('engagement', data, 'engagement');
    expect(checkChartSvg(engagement.svg).texts).toEqual(expect.arrayContaining(['Likes', 'Comments']));
    expect(engagement.svg).toMatch(/stroke="#2f5bd3"/);
    expect(engagement.svg).toMatch(/stroke="#177a42"/);

    const hashtags = await saveChart('hashtags', data, 'hashtags');
    expect(marks(hashtags.svg)).toBe(3);
    expect(checkChartSvg(hashtags.svg).texts).toEqual(expect.arrayContaining(['#cats', '#birds', '#dogs', '3']));
    expect(hashtags.csv).toBe('hashtag,posts\r\ncats,3\r\nbirds,1\r\ndogs,1\r\n');
    expect(saved()).toHaveLength(12);
  });

  it('names the files of a chart of demo mode’s pages simulated_', async () => {
    const demo = createAnalysisService({
      studies: {} as StudyService,
      ask: (() => Promise.reject(new Error('nothing to ask'))) as Ask,
      appVersion: 'test',
      userAgent: 'test',
      downloadFolder: () => dir,
      mode: () => 'demo',
      now: () => Date.UTC(2026, 0, 2, 3, 4, 5),
    });
    const data = chartsOf(POSTS, { unit: 'day', timeZone: 'UTC' });
    await demo.handlers.chartSave({ name: 'cats', kind: 'activity', data, palette: PALETTE, width: 600, png: PNG }, { senderId: 1 });
    expect(saved().sort()).toEqual(['simulated_cats_2026-01-02_03-04-05_UTC.csv', 'simulated_cats_2026-01-02_03-04-05_UTC.png', 'simulated_cats_2026-01-02_03-04-05_UTC.svg']);
  });

  it.each(['hashtags', 'mentions', 'tagged', 'coauthors'] as const)('attack payloads as %s names are drawn as text, never as markup', async (kind) => {
    const data = chartsOf([], { unit: 'day', timeZone: 'UTC' });
    data.top[kind] = ATTACKS.map((name, i) => ({ name, count: ATTACKS.length - i }));
    const { svg, csv } = await saveChart(kind, data, `${ATTACKS[0]}../../${kind}`, 2400);
    // Parsed as XML and held to the allow-list: no element, attribute, link or node an attack needs.
    const { texts, counts } = checkChartSvg(svg);
    expect([...counts.keys()].sort()).toEqual(['path', 'rect', 'svg', 'text']);
    // Each payload is there, whole, as the text of a label: escaped, not dropped.
    const prefix = kind === 'hashtags' ? '#' : '@';
    for (const attack of ATTACKS) expect(texts).toContain(`${prefix}${attack}`);
    expect(marks(svg)).toBe(ATTACKS.length);
    // A spreadsheet shows the formula as text.
    expect(csv).toContain(`"'=HYPERLINK(""https://evil.example"",""click"")",1\r\n`);
    expect(saved().every((f) => /^[\p{L}\p{N}_-]+_2026-01-02_03-04-05_UTC\.(svg|png|csv)$/u.test(f))).toBe(true);
  });

  const data = chartsOf(POSTS, { unit: 'day', timeZone: 'UTC' });
  const withName = (name: string) => ({ ...data, top: { ...data.top, hashtags: [{ name, count: 1 }] } });
  const refused: [string, Record<string, unknown>][] = [
    ['the page’s own SVG (the old way)', { kind: 'activity', data, svg: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>' }],
    ['a CSV table of the page’s choosing', { kind: 'activity', data, columns: ['=cmd'], rows: [['=cmd']] }],
    ['a name with a line break (an event attribute split over lines)', { kind: 'hashtags', data: withName('<svg\nonload=alert(1)>') }],
    ['a name with a tab', { kind: 'hashtags', data: withName('<g\tonclick=alert(1)>') }],
    ['a name with a NUL', { kind: 'hashtags', data: withName('cats\u0000<script>') }],
    ['a name XML cannot hold', { kind: 'hashtags', data: withName('cats\uFFFE') }],
    ['a bucket that is not a date', { kind: 'activity', data: { ...data, activity: [{ bucket: '<script>alert(1)</script>', posts: 1 }] } }],
    ['a colour that closes its attribute', { kind: 'activity', data, palette: { ...PALETTE, background: '#fff" onload="alert(1)' } }],
    ['a colour that loads a URL', { kind: 'activity', data, palette: { ...PALETTE, series: ['url(https://evil.example/x)'] } }],
    ['a colour by name', { kind: 'activity', data, palette: { ...PALETTE, text: 'red' } }],
    ['a font (written into a style attribute unescaped)', { kind: 'activity', data, palette: { ...PALETTE, font: 'x;background:url(https://evil.example/x)' } }],
    ['a chart kind Feedlens does not draw', { kind: 'script', data }],
    ['a width out of bounds', { kind: 'activity', data, width: 1_000_000 }],
    ['a PNG that is not base64', { kind: 'activity', data, png: '<svg onload=alert(1)>' }],
  ];

  it.each(refused)('refuses %s before drawing or writing anything', async (_what, args) => {
    const r = await save(args);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.kind).toBe('validation');
    expect(saved()).toEqual([]);
  });

  it('writes only a real PNG, and only the chunks that draw it', async () => {
    const script = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>';
    for (const png of [Buffer.from(script), Buffer.from(`<!doctype html><script>alert(1)</script>`)]) {
      const r = await save({ kind: 'activity', data, png: png.toString('base64') });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toBe('The chart’s PNG image was not saved: it is not a PNG file. Save the chart again.');
    }
    const huge = rgbaPng(600 * 4 + 1, 10).toString('base64');
    const tooWide = await save({ kind: 'activity', data, png: huge });
    expect(!tooWide.ok && tooWide.error.message).toMatch(/its size \(2401 × 10\) is not the chart’s/);
    expect(saved()).toEqual([]);

    const withText = rgbaPng(64, 48, { before: [chunk('tEXt', `Comment\0${script}`)] });
    const { png } = await saveChart('activity', data, 'activity', 600);
    expect(png.equals(Buffer.from(PNG, 'base64'))).toBe(true);
    const r = await save({ name: 'with text', kind: 'activity', data, png: withText.toString('base64') });
    if (!r.ok) throw new Error(r.error.message);
    const written = readFileSync((r.value as { files: string[] }).files[1]!);
    expect(written.equals(rgbaPng(64, 48))).toBe(true);
  });
});
