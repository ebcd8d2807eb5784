// The SVG file of a saved chart, drawn by main from the chart numbers with ECharts' server-side renderer
// (no DOM) and the same option the page draws with (shared/chart-option.ts). The page's own SVG is never
// written: a hostile page could put script or links to elsewhere in it, and an SVG file runs script when
// opened in a browser. Text from the data (hashtags, usernames) reaches the SVG only as escaped text
// content; colours reach attributes, so they are checked as #rrggbb before (shared/ipc/chart-schema.ts).

// ECharts' production build: its development checks refuse a heatmap without a visual map (the page's
// production bundle draws it, and the cells are coloured by shared/chart-option.ts), and Electron's main
// process runs the package's code in development mode (NODE_ENV is not set there). Loaded on the first
// save only (handlers.ts), with every chart type: size does not matter in main.
import type * as ECharts from 'echarts';
// @ts-expect-error -- the production build ships no types of its own: they are the package's (cast below).
import * as productionBuild from 'echarts/dist/echarts.esm.min';
import { CHART_FONT, chartHeight, chartOption, chartSpecs, type ChartPalette } from '../../shared/chart-option';
import type { ChartKind, ChartsData } from '../../shared/charts';

const echarts = productionBuild as typeof ECharts;

export interface ChartSvg {
  svg: string;
  width: number;
  height: number;
}

/** The SVG painter of ZRender (ECharts' drawing layer), as zrender/lib/svg/Painter.d.ts declares it. */
interface SvgPainter {
  type: string;
  renderToString(o: { cssAnimation: boolean; cssEmphasis: boolean; useViewBox: boolean }): string;
}

/**
 * The chart's SVG with no <style> element: hover rules and animations mean nothing in a file. ECharts'
 * renderToSVGString() does not pass these options on to its painter, so the painter is asked directly.
 */
function svgWithoutCss(chart: ECharts.EChartsType): string {
  const painter = chart.getZr().painter as Partial<SvgPainter>;
  if (painter.type !== 'svg' || typeof painter.renderToString !== 'function') throw new Error('ECharts has no SVG painter here.');
  return painter.renderToString({ cssAnimation: false, cssEmphasis: false, useViewBox: true });
}

/** The chart as a file: its title above it (a file has no caption around it), its axes named. */
export function chartSvg(kind: ChartKind, data: ChartsData, palette: ChartPalette, width: number): ChartSvg {
  const height = chartHeight(kind, data, true);
  const title = chartSpecs(data).find((s) => s.kind === kind)?.title ?? kind;
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    const { tooltip: _pointerOnly, ...option } = chartOption(kind, data, { ...palette, font: CHART_FONT }, { title });
    chart.setOption(option);
    return { svg: `${svgWithoutCss(chart)}\n`, width, height };
  } finally {
    chart.dispose();
  }
}
