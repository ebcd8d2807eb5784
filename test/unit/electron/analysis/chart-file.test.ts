// A saved chart stands alone: its SVG carries the chart's title and both axis names, and no label runs
// off the picture (long hashtags and usernames, four-digit counts past the bars, the last date).
import { describe, expect, it } from 'vitest';
import { chartSvg } from '../../../../electron/analysis/chart-svg';
import { axisNames, chartSpecs } from '../../../../shared/chart-option';
import { chartsOf, type ChartKind } from '../../../../shared/charts';

const PALETTE = { background: '#ffffff', text: '#16181d', muted: '#4f5665', border: '#dde1e8', sunken: '#eceef2', series: ['#2f5bd3', '#177a42', '#8f5500', '#7a3ed6'] };
const DAY = 86_400;

/** 1,500 posts over a year: long names, some counts in the thousands. */
const posts = Array.from({ length: 1500 }, (_, i) => ({
  takenAt: 1_760_000_000 + Math.floor(i * 0.24 * DAY),
  likes: 1000 + i * 37,
  comments: i,
  plays: null,
  hashtags: [`averyveryverylonghashtagname_${i % 12}`],
  mentions: [`someone.with.a.rather.long.username${i % 5}`],
  tagged: [`tagged_${i % 3}`],
  coauthors: [],
}));
const data = chartsOf(posts, { unit: 'week', timeZone: 'UTC' });

interface TextBox {
  text: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

/** A text's width in em, by Helvetica/Arial's widths (the metrics ECharts lays out saved charts with). */
function ems(text: string): number {
  let w = 0;
  for (const ch of text) w += /[ijl.,:;|!'\s]/.test(ch) ? 0.28 : /[frtI()-]/.test(ch) ? 0.35 : /[mwMW@%]/.test(ch) ? 0.85 : /[A-Z0-9#_]/.test(ch) ? 0.62 : 0.53;
  return w;
}

/** Where each <text> of ECharts' SVG lies. */
function textBoxes(svg: string): TextBox[] {
  return [...svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)].map(([, attrs = '', raw = '']) => {
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(attrs)?.[1];
    const [tx = 0, ty = 0] = (/translate\(([-\d.]+) ([-\d.]+)\)/.exec(attr('transform') ?? '') ?? []).slice(1).map(Number);
    const size = Number(/font-size:([\d.]+)px/.exec(attr('style') ?? '')?.[1] ?? 12);
    const text = unescape(raw);
    const width = ems(text) * size;
    const x = tx + Number(attr('x') ?? 0);
    const y = ty + Number(attr('y') ?? 0);
    const anchor = attr('text-anchor') ?? 'start';
    const left = anchor === 'end' ? x - width : anchor === 'middle' ? x - width / 2 : x;
    const baseline = attr('dominant-baseline') ?? 'alphabetic';
    const top = baseline === 'central' ? y - size / 2 : baseline === 'hanging' ? y : y - size;
    return { text, left, right: left + width, top, bottom: top + size };
  });
}

describe('a saved chart', () => {
  const kinds: ChartKind[] = ['activity', 'heatmap', 'engagement', 'hashtags', 'mentions', 'tagged'];
  for (const kind of kinds) {
    it(`carries its title and axis names, and keeps every label inside the picture (${kind})`, () => {
      const { svg, width, height } = chartSvg(kind, data, PALETTE, 520);
      const boxes = textBoxes(svg);
      const texts = boxes.map((b) => b.text);
      const title = chartSpecs(data).find((s) => s.kind === kind)!.title;
      const names = axisNames(kind, data);
      expect(texts).toContain(title);
      expect(texts).toContain(names.x);
      expect(texts).toContain(names.y);
      const outside = boxes.filter((b) => b.left < 0 || b.right > width || b.top < 0 || b.bottom > height);
      expect(outside.map((b) => `${b.text} [${Math.round(b.left)}, ${Math.round(b.right)}] × [${Math.round(b.top)}, ${Math.round(b.bottom)}]`), `inside ${width} × ${height}`).toEqual([]);
    });
  }
});
