// Apache ECharts, only the parts Feedlens draws with (bar, line and heatmap charts; grid, tooltip, legend,
// the title a saved chart's PNG carries (the heatmap's cells are coloured here, so no visual map component); the SVG renderer), so the chart chunk stays small. Loaded on demand with the charts
// panel (LazyCharts.tsx): screens without charts never download it. docs/analysis.md says why ECharts.
import { BarChart, HeatmapChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { init, use as register, type EChartsType } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

register([BarChart, LineChart, HeatmapChart, GridComponent, TooltipComponent, LegendComponent, TitleComponent, SVGRenderer]);

export { init, type EChartsType };
