// The ECharts option of each chart, from the chart numbers (shared/charts.ts) and the theme's colours.
// Pure: no ECharts code is imported here, only its option shapes. The renderer draws the chart on screen
// with it and main draws the saved SVG with it (electron/analysis/chart-svg.ts), so both are one chart.
// Animations are off, so a chart is drawn at once (and a saved SVG or PNG holds the final picture).
import { WEEKDAYS, type ChartKind, type ChartsData } from './charts';

/** The theme's colours a chart is drawn in, each `#rrggbb` (main refuses anything else). */
export interface ChartPalette {
  background: string;
  text: string;
  muted: string;
  border: string;
  sunken: string;
  series: string[];
}

export interface ChartColors extends ChartPalette {
  /** A CSS font-family list. */
  font: string;
}

/**
 * The app's font list (app.css `--font`), which main draws saved charts in. Main never takes a font from
 * the renderer: ECharts writes it into a style attribute without escaping it.
 */
export const CHART_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif";

export type ChartOption = Record<string, unknown>;

export interface ChartSpec {
  kind: ChartKind;
  title: string;
  /** One line under the title: what is counted, from what. */
  note: string;
  /** False when there is nothing to draw. */
  hasData: boolean;
}

const zoneWord = (d: ChartsData) => (d.timeZone === 'UTC' ? 'UTC' : 'local time');
const unitWord = (d: ChartsData) => (d.unit === 'week' ? 'week (from Monday)' : 'day');

/** What each axis shows, in words: drawn on the chart and in its saved files. */
export function axisNames(kind: ChartKind, d: ChartsData): { x: string; y: string } {
  const bucket = `${d.unit === 'week' ? 'week (from Monday)' : 'day'}, ${zoneWord(d)}`;
  switch (kind) {
    case 'activity':
      return { x: `Posting ${bucket}`, y: 'Posts' };
    case 'heatmap':
      return { x: `Hour of posting, ${zoneWord(d)}`, y: 'Weekday' };
    case 'engagement':
      return { x: `Posting ${bucket}`, y: 'Likes and comments' };
    case 'observed':
      return { x: `Collection ${bucket}`, y: 'Likes and comments, summed' };
    case 'hashtags':
      return { x: 'Posts', y: 'Hashtag' };
    default:
      return { x: 'Posts', y: 'Account' };
  }
}

/** Room above the chart for the title a saved file carries (the page shows it in its caption). */
const TITLE_SPACE = 30;

/** A chart drawn for a file: with its title, since a file has no caption around it. */
export interface ChartFile {
  title: string;
}

export function chartSpecs(d: ChartsData): ChartSpec[] {
  const observedNote = `Likes and comments summed over the posts seen so far, at each ${unitWord(d)} of collection (item history).`;
  return [
    { kind: 'activity', title: 'Posting activity', note: `Posts per ${unitWord(d)}, ${zoneWord(d)}.`, hasData: d.dated > 0 },
    { kind: 'heatmap', title: 'Weekday × hour', note: `Posts by weekday and hour of posting, ${zoneWord(d)}; the stronger the colour, the more (at most ${Math.max(0, ...d.heatmap.flat())} in one cell).`, hasData: d.dated > 0 },
    { kind: 'engagement', title: 'Engagement by posting date', note: `Likes and comments of the posts of each ${unitWord(d)}, as last seen.`, hasData: d.dated > 0 },
    ...(d.observed !== null ? [{ kind: 'observed' as const, title: 'Engagement as observed', note: observedNote, hasData: d.observed.length > 0 }] : []),
    { kind: 'hashtags', title: 'Top hashtags', note: 'Posts using each hashtag.', hasData: d.top.hashtags.length > 0 },
    { kind: 'mentions', title: 'Top mentions', note: 'Posts whose caption @mentions each account.', hasData: d.top.mentions.length > 0 },
    { kind: 'tagged', title: 'Top tagged accounts', note: 'Posts each account is tagged on.', hasData: d.top.tagged.length > 0 },
    { kind: 'coauthors', title: 'Top co-authors', note: 'Posts each account co-authored.', hasData: d.top.coauthors.length > 0 },
  ];
}

/**
 * The plot area: its margins, and every axis label and axis name kept inside the picture (ECharts 6's
 * outer bounds shrink the plot to fit them; containLabel alone left the names out and clipped them).
 */
function grid(margins: { left?: number; right?: number; top: number; bottom?: number }): ChartOption {
  return { left: 8, right: 16, bottom: 8, ...margins, outerBoundsMode: 'same', outerBoundsContain: 'all' };
}

function base(c: ChartColors): ChartOption {
  return {
    animation: false,
    backgroundColor: c.background,
    color: c.series,
    textStyle: { color: c.text, fontFamily: c.font, fontSize: 12 },
    tooltip: { trigger: 'axis', backgroundColor: c.background, borderColor: c.border, textStyle: { color: c.text } },
    grid: grid({ top: 36 }),
  };
}

function axes(c: ChartColors) {
  const axisLine = { lineStyle: { color: c.border } };
  const axisLabel = { color: c.muted };
  const splitLine = { lineStyle: { color: c.border, type: 'dashed' } };
  // The x axis's name under its labels, the y axis's above its top end (never over its labels).
  const xName = (name: string) => ({ name, nameLocation: 'middle', nameGap: 28, nameTextStyle: { color: c.muted } });
  const yName = (name: string) => ({ name, nameLocation: 'end', nameGap: 10, nameTextStyle: { color: c.muted, align: 'left' } });
  return { axisLine, axisLabel, splitLine, xName, yName };
}

function timeSeries(c: ChartColors, names: { x: string; y: string }, buckets: string[], series: { name: string; values: number[]; bar?: boolean }[]): ChartOption {
  const a = axes(c);
  return {
    ...base(c),
    // The last date is centred on the last tick: half a date's width of room on the right.
    grid: grid({ top: 36, right: 36 }),
    legend: series.length > 1 ? { top: 0, right: 16, textStyle: { color: c.text }, itemWidth: 14 } : undefined,
    xAxis: { type: 'category', data: buckets, axisLine: a.axisLine, axisLabel: a.axisLabel, ...a.xName(names.x) },
    yAxis: { type: 'value', minInterval: 1, axisLine: a.axisLine, axisLabel: a.axisLabel, splitLine: a.splitLine, ...a.yName(names.y) },
    series: series.map((s) => (s.bar ? { type: 'bar', name: s.name, data: s.values, barMaxWidth: 28 } : { type: 'line', name: s.name, data: s.values, showSymbol: buckets.length < 60, symbolSize: 5 })),
  };
}

/** `#rrggbb` colours mixed: t = 0 gives a, 1 gives b (anything else: b). */
export function mix(a: string, b: string, t: number): string {
  const rgb = (hex: string) => (/^#[0-9a-f]{6}$/i.test(hex) ? [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) : null);
  const x = rgb(a);
  const y = rgb(b);
  if (!x || !y) return b;
  return `#${x.map((v, i) => Math.round(v + (y[i]! - v) * t).toString(16).padStart(2, '0')).join('')}`;
}

function heatmap(c: ChartColors, d: ChartsData): ChartOption {
  const a = axes(c);
  const names = axisNames('heatmap', d);
  const max = Math.max(1, ...d.heatmap.flat());
  // Each cell coloured here (from the sunken background to the accent): no visual map component needed.
  const cells = d.heatmap.flatMap((row, day) => row.map((n, hour) => ({ value: [hour, day, n], itemStyle: { color: n === 0 ? c.sunken : mix(c.sunken, c.series[0]!, 0.25 + (0.75 * n) / max) } })));
  return {
    ...base(c),
    tooltip: { position: 'top', backgroundColor: c.background, borderColor: c.border, textStyle: { color: c.text } },
    grid: grid({ top: 28 }),
    xAxis: { type: 'category', data: Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')), splitArea: { show: false }, axisLine: a.axisLine, axisLabel: a.axisLabel, ...a.xName(names.x) },
    // Inverse: the top end is Monday's, so the name goes at the start (drawn above the first row).
    yAxis: { type: 'category', data: WEEKDAYS.map((w) => w.slice(0, 3)), inverse: true, axisLine: a.axisLine, axisLabel: a.axisLabel, ...a.yName(names.y), nameLocation: 'start' },
    series: [{ type: 'heatmap', name: 'Posts', data: cells, itemStyle: { borderColor: c.background, borderWidth: 1 } }],
  };
}

function ranking(c: ChartColors, names: { x: string; y: string }, items: { name: string; count: number }[], prefix: string): ChartOption {
  const a = axes(c);
  // Largest at the top: a category axis draws its first value at the bottom.
  const rows = [...items].reverse();
  // Each bar's count is written past its end: room for the longest (about 7 px a digit at 12 px).
  const digits = Math.max(1, ...items.map((r) => String(r.count).length));
  return {
    ...base(c),
    grid: grid({ right: 16 + 7 * digits, top: 28 }),
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, backgroundColor: c.background, borderColor: c.border, textStyle: { color: c.text } },
    xAxis: { type: 'value', minInterval: 1, axisLine: a.axisLine, axisLabel: a.axisLabel, splitLine: a.splitLine, ...a.xName(names.x) },
    yAxis: { type: 'category', data: rows.map((r) => `${prefix}${r.name}`), axisLine: a.axisLine, axisLabel: { ...a.axisLabel, color: c.text }, ...a.yName(names.y) },
    series: [{ type: 'bar', name: 'Posts', data: rows.map((r) => r.count), barMaxWidth: 18, label: { show: true, position: 'right', color: c.muted } }],
  };
}

/** The chart's option; `file`: drawn for a saved file, with its title above (and the rest moved down). */
export function chartOption(kind: ChartKind, d: ChartsData, c: ChartColors, file?: ChartFile): ChartOption {
  const option = plotOption(kind, d, c);
  if (!file) return option;
  const moved = (part: unknown) => (part && typeof part === 'object' ? { ...part, top: Number((part as { top?: number }).top ?? 0) + TITLE_SPACE } : part);
  return {
    ...option,
    title: { text: file.title, left: 8, top: 6, textStyle: { color: c.text, fontFamily: c.font, fontSize: 15, fontWeight: 'bold' } },
    grid: moved(option.grid),
    legend: moved(option.legend),
  };
}

function plotOption(kind: ChartKind, d: ChartsData, c: ChartColors): ChartOption {
  const names = axisNames(kind, d);
  switch (kind) {
    case 'activity':
      return timeSeries(c, names, d.activity.map((p) => p.bucket), [{ name: 'Posts', values: d.activity.map((p) => p.posts), bar: true }]);
    case 'heatmap':
      return heatmap(c, d);
    case 'engagement':
      return timeSeries(c, names, d.engagement.map((p) => p.bucket), [
        { name: 'Likes', values: d.engagement.map((p) => p.likes) },
        { name: 'Comments', values: d.engagement.map((p) => p.comments) },
      ]);
    case 'observed': {
      const points = d.observed ?? [];
      return timeSeries(c, names, points.map((p) => p.bucket), [
        { name: 'Likes', values: points.map((p) => p.likes) },
        { name: 'Comments', values: points.map((p) => p.comments) },
      ]);
    }
    case 'hashtags':
      return ranking(c, names, d.top.hashtags, '#');
    default:
      return ranking(c, names, d.top[kind], '@');
  }
}

/** Height in pixels that fits the chart's rows, its axis names and, for a file, its title. */
export function chartHeight(kind: ChartKind, d: ChartsData, file = false): number {
  const title = file ? TITLE_SPACE : 0;
  if (kind === 'heatmap') return 280 + title;
  if (kind === 'hashtags' || kind === 'mentions' || kind === 'tagged' || kind === 'coauthors') return Math.max(170, 72 + d.top[kind].length * 22) + title;
  return 290 + title;
}
