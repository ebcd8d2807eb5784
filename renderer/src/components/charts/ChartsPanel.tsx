// The charts of a study, a profile, a hashtag or a place, drawn with ECharts (SVG renderer) from the chart
// numbers: posting activity, weekday × hour, engagement (by posting date and as observed), top hashtags,
// mentions, tagged and co-authoring accounts. Each chart redraws when the theme changes and can be saved
// as PNG + SVG + the CSV of its numbers. This module is the lazily loaded chart chunk (LazyCharts.tsx).
import { useEffect, useRef, useState } from 'react';
import type { AppError } from '../../../../shared/api/errors';
import type { ChartsData } from '../../../../shared/charts';
import { ErrorView } from '../ErrorView';
import { Icon } from '../Icon';
import { init, type EChartsType } from './echarts';
import { chartHeight, chartOption, chartSpecs, type ChartSpec } from '../../../../shared/chart-option';
import { saveChart } from './save';
import { chartColors, chartPalette, themeNow } from './theme';
import '../../styles/charts.css';

/** The page's theme, updated when Settings or the OS changes it. */
function useThemeName(): string {
  const [theme, setTheme] = useState(themeNow);
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(themeNow()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return theme;
}

/**
 * The chart as its files show it (title above, as main draws the SVG file), drawn off screen at the
 * page's width for the PNG. Serialised from the document's own element: renderToSVGString's text does not
 * load as an image in the minified build, the element always does.
 */
function drawForFile(spec: ChartSpec, data: ChartsData, width: number): { svg: string; height: number } {
  const height = chartHeight(spec.kind, data, true);
  const host = document.createElement('div');
  host.style.cssText = `position: fixed; left: -10000px; top: 0; width: ${width}px; height: ${height}px;`;
  document.body.append(host);
  const c = init(host, null, { renderer: 'svg', width, height });
  try {
    c.setOption(chartOption(spec.kind, data, chartColors(), { title: spec.title }));
    const svg = host.querySelector('svg');
    return { svg: svg ? new XMLSerializer().serializeToString(svg) : c.renderToSVGString(), height };
  } finally {
    c.dispose();
    host.remove();
  }
}

function ChartCard({ spec, data, theme, studyId, subject }: { spec: ChartSpec; data: ChartsData; theme: string; studyId?: string; subject: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<string | AppError | null>(null);
  const height = chartHeight(spec.kind, data);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const c = init(el, null, { renderer: 'svg' });
    chart.current = c;
    const resize = new ResizeObserver(() => c.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(chartOption(spec.kind, data, chartColors()), true);
    chart.current?.resize();
  }, [spec.kind, data, theme, height]);

  const save = async () => {
    const c = chart.current;
    if (!c) return;
    setSaving(true);
    setSaved(null);
    const width = c.getWidth();
    const drawn = drawForFile(spec, data, width);
    const r = await saveChart({ ...(studyId ? { studyId } : {}), name: `${subject} ${spec.title}`, kind: spec.kind, data, palette: chartPalette(), drawnSvg: drawn.svg, width, height: drawn.height });
    setSaving(false);
    setSaved(r.ok ? `Saved ${r.files.map((f) => f.split(/[\\/]/).pop()).join(', ')}` : r.error);
  };

  return (
    <figure className="chart-card card" data-testid="chart" data-kind={spec.kind}>
      <figcaption className="chart-head">
        <div className="stack">
          <strong>{spec.title}</strong>
          <span className="faint chart-note">{spec.note}</span>
        </div>
        <span className="spacer" />
        <button type="button" className="btn small ghost" onClick={() => void save()} disabled={saving} title="Save this chart as PNG and SVG, with a CSV of its numbers" data-testid="chart-save">
          <Icon name="download" size={12} /> {saving ? 'Saving…' : 'PNG + SVG + CSV'}
        </button>
      </figcaption>
      <div ref={box} className="chart-canvas" style={{ height }} role="img" aria-label={`${spec.title}: ${spec.note}`} />
      {saved && (typeof saved === 'string' ? <div className="faint chart-saved" data-testid="chart-saved">{saved}</div> : <ErrorView error={saved} compact />)}
    </figure>
  );
}

export interface ChartsPanelProps {
  data: ChartsData;
  /** Saved into this study's exports folder (else the app's exports folder). */
  studyId?: string;
  /** Names the saved files: "Study name", "@account posts", "#hashtag". */
  subject: string;
}

export default function ChartsPanel({ data, studyId, subject }: ChartsPanelProps) {
  const theme = useThemeName();
  const specs = chartSpecs(data);
  const shown = specs.filter((s) => s.hasData);
  const empty = specs.filter((s) => !s.hasData);
  if (data.posts === 0) return <div className="state muted" data-testid="charts-empty">No posts to chart yet.</div>;
  return (
    <div className="charts" data-testid="charts" data-posts={data.posts} data-theme-drawn={theme}>
      <div className="charts-grid">
        {shown.map((s) => (
          <ChartCard key={s.kind} spec={s} data={data} theme={theme} subject={subject} {...(studyId ? { studyId } : {})} />
        ))}
      </div>
      {empty.length > 0 && <div className="faint charts-none">Nothing to draw for: {empty.map((s) => s.title.toLowerCase()).join(', ')}.</div>}
    </div>
  );
}
