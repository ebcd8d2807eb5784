// A study's charts (tab "Charts"): the numbers come from main, read from the study's database (all its
// posts, or one target's), redrawn after each run's pages arrive. Reading them sends nothing.
import { useState } from 'react';
import type { TargetInfo } from '../../../../shared/ipc/studies';
import { ChartControls, Charts, useChartChoice } from '../../components/charts/LazyCharts';
import { ErrorView } from '../../components/ErrorView';
import { useStudyCharts } from './queries';

export function StudyCharts({ studyId, studyName, targets }: { studyId: string; studyName: string; targets: TargetInfo[] }) {
  const [choice, setChoice] = useChartChoice();
  const [targetId, setTargetId] = useState<number | null>(null);
  const { data, error, reload } = useStudyCharts(studyId, choice.unit, choice.timeZone, targetId);
  const target = targets.find((t) => t.id === targetId) ?? null;
  return (
    <section className="study-charts" data-testid="study-charts">
      <ChartControls choice={choice} onChange={setChoice}>
        <select value={targetId ?? ''} onChange={(e) => setTargetId(e.target.value === '' ? null : Number(e.target.value))} aria-label="Whose posts" data-testid="charts-target">
          <option value="">Every target</option>
          {targets.map((t) => (
            <option key={t.id} value={t.id}>
              {t.label}
            </option>
          ))}
        </select>
        {data && (
          <span className="faint" data-testid="charts-count">
            {data.posts.toLocaleString()} posts{data.dated < data.posts ? ` (${(data.posts - data.dated).toLocaleString()} without a date)` : ''}
          </span>
        )}
      </ChartControls>
      {error ? <ErrorView error={error} onRetry={reload} /> : data ? <Charts data={data} studyId={studyId} subject={target ? `${studyName} ${target.label}` : studyName} /> : <div className="spinner" aria-label="Loading the charts" />}
    </section>
  );
}
