// The schedule dialog's estimate: what a day of scheduled runs would take (main's estimate, likely and at
// most, with what dominates), the first run apart when some targets were never read, and what the daily
// budget being typed covers. Sends nothing. The daily budget main proposes is the upper bound of a day.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { feedlens, unwrap } from '../../api/bridge';
import { useDebounced } from '../../hooks/useDebounced';
import { EstimateShares } from './EstimateShares';
import { requestCount } from './format';
import { studyKeys } from './queries';
import { coverWords } from './schedule-words';

export function ScheduleEstimateView({ studyId, hours, budget, onSuggested }: { studyId: string; hours: number | null; budget: number | null; onSuggested: (units: number) => void }) {
  const asked = useDebounced(hours, 150);
  // The last estimate stays while the next period is estimated.
  const { data: estimate } = useQuery({
    queryKey: studyKeys.scheduleEstimate(studyId, asked),
    queryFn: async () => unwrap(await feedlens().studyScheduleEstimate({ id: studyId, everyHours: asked! })),
    enabled: asked !== null,
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
  const suggested = useRef(onSuggested);
  suggested.current = onSuggested;
  const proposal = estimate?.suggestedDailyBudget;
  useEffect(() => {
    if (proposal !== undefined) suggested.current(proposal);
  }, [proposal]);
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
