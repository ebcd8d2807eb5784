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

function base(c: ChartColors): ChartOption {
  return {
    animation: false,
    backgroundColor: c.background,
    color: c.series,
    textStyle: { color: c.text, fontFamily: c.font, fontSize: 12 },
    tooltip: { trigger: 'axis', backgroundColor: c.background, borderColor: c.border, textStyle: { color: c.text } },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
  };
}

function axes(c: ChartColors) {
  const axisLine = { lineStyle: { color: c.border } };
  const axisLabel = { color: c.muted };
  const splitLine = { lineStyle: { color: c.border, type: 'dashed' } };
  return { axisLine, axisLabel, splitLine };
}

function timeSeries(c: ChartColors, buckets: string[], series: { name: string; values: number[]; bar?: boolean }[]): ChartOption {
  const a = axes(c);
  return {
    ...base(c),
    legend: series.length > 1 ? { top: 0, textStyle: { color: c.text }, itemWidth: 14 } : undefined,
    xAxis: { type: 'category', data: buckets, axisLine: a.axisLine, axisLabel: a.axisLabel },
    yAxis: { type: 'value', minInterval: 1, axisLine: a.axisLine, axisLabel: a.axisLabel, splitLine: a.splitLine },
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
  const max = Math.max(1, ...d.heatmap.flat());
  // Each cell coloured here (from the sunken background to the accent): no visual map component needed.
  const cells = d.heatmap.flatMap((row, day) => row.map((n, hour) => ({ value: [hour, day, n], itemStyle: { color: n === 0 ? c.sunken : mix(c.sunken, c.series[0]!, 0.25 + (0.75 * n) / max) } })));
  return {
    ...base(c),
    tooltip: { position: 'top', backgroundColor: c.background, borderColor: c.border, textStyle: { color: c.text } },
    grid: { left: 8, right: 16, top: 12, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')), splitArea: { show: false }, axisLine: a.axisLine, axisLabel: a.axisLabel },
    yAxis: { type: 'category', data: WEEKDAYS.map((w) => w.slice(0, 3)), inverse: true, axisLine: a.axisLine, axisLabel: a.axisLabel },
    series: [{ type: 'heatmap', name: 'Posts', data: cells, itemStyle: { borderColor: c.background, borderWidth: 1 } }],
  };
}

function ranking(c: ChartColors, items: { name: string; count: number }[], prefix: string): ChartOption {
  const a = axes(c);
  // Largest at the top: a category axis draws its first value at the bottom.
  const rows = [...items].reverse();
  return {
    ...base(c),
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, backgroundColor: c.background, borderColor: c.border, textStyle: { color: c.text } },
    xAxis: { type: 'value', minInterval: 1, axisLine: a.axisLine, axisLabel: a.axisLabel, splitLine: a.splitLine },
    yAxis: { type: 'category', data: rows.map((r) => `${prefix}${r.name}`), axisLine: a.axisLine, axisLabel: { ...a.axisLabel, color: c.text } },
    series: [{ type: 'bar', name: 'Posts', data: rows.map((r) => r.count), barMaxWidth: 18, label: { show: true, position: 'right', color: c.muted } }],
  };
}

export function chartOption(kind: ChartKind, d: ChartsData, c: ChartColors): ChartOption {
  switch (kind) {
    case 'activity':
      return timeSeries(c, d.activity.map((p) => p.bucket), [{ name: 'Posts', values: d.activity.map((p) => p.posts), bar: true }]);
    case 'heatmap':
      return heatmap(c, d);
    case 'engagement':
      return timeSeries(c, d.engagement.map((p) => p.bucket), [
        { name: 'Likes', values: d.engagement.map((p) => p.likes) },
        { name: 'Comments', values: d.engagement.map((p) => p.comments) },
      ]);
    case 'observed': {
      const points = d.observed ?? [];
      return timeSeries(c, points.map((p) => p.bucket), [
        { name: 'Likes', values: points.map((p) => p.likes) },
        { name: 'Comments', values: points.map((p) => p.comments) },
      ]);
    }
    case 'hashtags':
      return ranking(c, d.top.hashtags, '#');
    default:
      return ranking(c, d.top[kind], '@');
  }
}

/** Height in pixels that fits the chart's rows. */
export function chartHeight(kind: ChartKind, d: ChartsData): number {
  if (kind === 'heatmap') return 240;
  if (kind === 'hashtags' || kind === 'mentions' || kind === 'tagged' || kind === 'coauthors') return Math.max(140, 24 + d.top[kind].length * 22);
  return 260;
}
