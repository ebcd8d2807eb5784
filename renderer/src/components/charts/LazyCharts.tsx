// The door to the charts: the chart chunk (ECharts and ChartsPanel.tsx) is loaded the first time charts
// are shown, so the app's main bundle does not carry it. Also the controls every chart view shares (by
// day or week, UTC or local time) and the charts of what a list page has loaded (profile, hashtag,
// place), computed here from those posts: nothing is requested for them.
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { chartPostOf, chartsOf, type ChartTimeZone, type ChartUnit } from '../../../../shared/charts';
import type { Post } from '../../../../shared/records';
import type { ChartsPanelProps } from './ChartsPanel';

const ChartsPanel = lazy(() => import('./ChartsPanel'));

export function Charts(props: ChartsPanelProps) {
  return (
    <Suspense fallback={<div className="spinner" aria-label="Loading the charts" />}>
      <ChartsPanel {...props} />
    </Suspense>
  );
}

export interface ChartChoice {
  unit: ChartUnit;
  timeZone: ChartTimeZone;
}

export function useChartChoice(): [ChartChoice, (next: Partial<ChartChoice>) => void] {
  // By week first: a few dozen posts over months make hairline bars by day.
  const [choice, setChoice] = useState<ChartChoice>({ unit: 'week', timeZone: 'UTC' });
  return [choice, (next) => setChoice((c) => ({ ...c, ...next }))];
}

export function ChartControls({ choice, onChange, children }: { choice: ChartChoice; onChange: (next: Partial<ChartChoice>) => void; children?: ReactNode }) {
  return (
    <div className="row chart-controls" data-testid="chart-controls">
      <select value={choice.unit} onChange={(e) => onChange({ unit: e.target.value as ChartUnit })} aria-label="Group posts by">
        <option value="week">By week</option>
        <option value="day">By day</option>
      </select>
      <select value={choice.timeZone} onChange={(e) => onChange({ timeZone: e.target.value as ChartTimeZone })} aria-label="Time zone">
        <option value="UTC">UTC</option>
        <option value="local">Local time</option>
      </select>
      {children}
    </div>
  );
}

/** Charts of the posts a list has loaded so far (a "Charts" toggle above a profile's, hashtag's or place's grid). */
export function LoadedPostsCharts({ posts, subject }: { posts: readonly Post[]; subject: string }) {
  const [choice, setChoice] = useChartChoice();
  const data = useMemo(() => chartsOf(posts.map(chartPostOf), choice), [posts, choice]);
  return (
    <section className="loaded-charts" aria-label={`Charts of ${subject}`} data-testid="loaded-charts">
      <ChartControls choice={choice} onChange={setChoice}>
        <span className="faint">
          From the {posts.length.toLocaleString()} {posts.length === 1 ? 'post' : 'posts'} loaded so far: scroll the list to load more (each page is a request).
        </span>
      </ChartControls>
      <Charts data={data} subject={subject} />
    </section>
  );
}

export function ChartsToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <button type="button" className={`btn small${open ? ' primary' : ''}`} aria-pressed={open} onClick={onToggle} title="Charts of the posts loaded so far" data-testid="charts-toggle">
      {open ? 'Hide charts' : 'Charts'}
    </button>
  );
}
