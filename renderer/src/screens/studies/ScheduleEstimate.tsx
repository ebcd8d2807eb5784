// The schedule dialog's estimate: what a day of scheduled runs would take (main's estimate, likely and at
// most, with what dominates), the first run apart when some targets were never read, and what the daily
// budget being typed covers. Sends nothing. The daily budget main proposes is the upper bound of a day.
import { useEffect, useRef, useState } from 'react';
import type { ScheduleEstimate } from '../../../../shared/ipc/studies';
import { feedlens } from '../../api/bridge';
import { EstimateShares } from './EstimateShares';
import { requestCount } from './format';
import { coverWords } from './schedule-words';

export function ScheduleEstimateView({ studyId, hours, budget, onSuggested }: { studyId: string; hours: number | null; budget: number | null; onSuggested: (units: number) => void }) {
  const [estimate, setEstimate] = useState<ScheduleEstimate | null>(null);
  const suggested = useRef(onSuggested);
  suggested.current = onSuggested;
  useEffect(() => {
    if (hours === null) return;
    let live = true;
    const timer = setTimeout(() => {
      void feedlens()
        .studyScheduleEstimate({ id: studyId, everyHours: hours })
        .then((r) => {
          if (!live || !r.ok) return;
          setEstimate(r.value);
          suggested.current(r.value.suggestedDailyBudget);
        });
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [studyId, hours]);
  if (!estimate) return null;
  return (
    <div className="sel-estimate" data-testid="schedule-estimate" data-units={estimate.perDay.units} data-upper={estimate.perDay.upperUnits} data-suggested={estimate.suggestedDailyBudget}>
      <dl className="sel-figures">
        <div>
          <dt>a day</dt>
          <dd>about {requestCount(estimate.perDay.units)}</dd>
        </div>
        <div>
          <dt>at most</dt>
          <dd>{requestCount(estimate.perDay.upperUnits)}</dd>
        </div>
        {estimate.firstRun && (
          <div>
            <dt>first run</dt>
            <dd>
              about {requestCount(estimate.firstRun.units)}, at most {requestCount(estimate.firstRun.upperUnits)}
            </dd>
          </div>
        )}
      </dl>
      <EstimateShares shares={estimate.dominant} />
      <p className="field-hint sel-basis">{estimate.basis}</p>
      {budget !== null && (
        <p className="field-hint" data-testid="schedule-covers">
          {coverWords(estimate, budget)}
        </p>
      )}
    </div>
  );
}
