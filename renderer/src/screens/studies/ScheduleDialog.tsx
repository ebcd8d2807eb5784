// A study's schedule: every N hours while the app is open, within a daily budget the user authorises once
// in main's question; stories of watched accounts more often, from the story lifetime seen. Setting it
// starts no run unless "Run now as well" is ticked. The dialog proposes a daily budget from what the
// study's last runs cost (else the next run's estimate, which sends nothing) and says what it covers.
import { useEffect, useState } from 'react';
import type { AppError } from '../../../../shared/api/errors';
import type { RunEstimate, RunInfo, ScheduleInfo } from '../../../../shared/studies';
import { feedlens } from '../../api/bridge';
import { ErrorView } from '../../components/ErrorView';
import { Dialog } from './Dialog';
import { budgetCovers, dailyCost, localDateTime, proposedDailyBudget, units } from './format';

const runsADay = (n: number) => (n === 1 ? 'one run a day' : `${n} runs a day`);

export function ScheduleDialog({ studyId, studyName, schedule, runs, onClose, onChanged }: {
  studyId: string;
  studyName: string;
  schedule: ScheduleInfo | null;
  runs: readonly RunInfo[];
  onClose: () => void;
  onChanged: () => void;
}) {
  const [hoursText, setHoursText] = useState(String(schedule?.everyHours ?? 24));
  const [budgetText, setBudgetText] = useState(schedule ? String(schedule.dailyBudget) : '');
  // A budget typed by the user (or the schedule's own) is kept; otherwise it follows the proposal.
  const [budgetChosen, setBudgetChosen] = useState(schedule !== null);
  const [runNow, setRunNow] = useState(false);
  const [estimate, setEstimate] = useState<RunEstimate | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const hours = Number(hoursText);
  const budget = Number(budgetText);
  const valid = Number.isFinite(hours) && hours >= 1 && hours <= 720 && Number.isInteger(budget) && budget >= 1;

  useEffect(() => {
    let live = true;
    // Main counts the pages the next run needs from the study and the cache: nothing is sent.
    void feedlens()
      .studyRunEstimate({ id: studyId })
      .then((r) => {
        if (live && r.ok) setEstimate(r.value);
      });
    return () => {
      live = false;
    };
  }, [studyId]);

  const cost = Number.isFinite(hours) && hours >= 1 ? dailyCost(runs, hours) : null;
  const proposal = proposedDailyBudget(cost, estimate?.suggestedBudget ?? null);
  useEffect(() => {
    if (!budgetChosen && proposal !== null) setBudgetText(String(proposal));
  }, [budgetChosen, proposal]);
  const covers = valid ? budgetCovers(budget, cost, estimate?.units ?? null) : null;

  const save = async () => {
    setBusy(true);
    setError(null);
    // Main asks the user to authorise the daily budget in its own window.
    const r = await feedlens().studyScheduleSet({ id: studyId, everyHours: hours, dailyBudget: budget, ...(runNow ? { runNow: true } : {}) });
    setBusy(false);
    if (r.ok) {
      onChanged();
      onClose();
    } else if (r.error.kind !== 'cancelled') setError(r.error);
  };
  const stop = async () => {
    setBusy(true);
    const r = await feedlens().studyScheduleClear({ id: studyId });
    setBusy(false);
    if (r.ok) {
      onChanged();
      onClose();
    } else setError(r.error);
  };

  return (
    <Dialog title={`Schedule “${studyName}”`} onClose={onClose} busy={busy} testId="schedule-dialog">
      {schedule && (
        <div className="schedule-now muted" data-testid="schedule-current">
          Now: every {schedule.everyHours} h, up to {units(schedule.dailyBudget)} a day ({units(schedule.spentToday)} spent today). Next run {localDateTime(schedule.nextRunAt)}
          {schedule.storiesEveryHours !== null ? `; stories every ${schedule.storiesEveryHours} h` : ''}.
          {schedule.waiting && <div className="field-error">{schedule.waiting}</div>}
        </div>
      )}
      <div className="collect-row">
        <label>
          Run every (hours)
          <input type="number" min={1} max={720} step={1} value={hoursText} onChange={(e) => setHoursText(e.target.value)} className="sel-number" data-testid="schedule-hours" />
        </label>
        <label>
          Daily budget (units)
          <input
            type="number"
            min={1}
            step={1}
            value={budgetText}
            onChange={(e) => {
              setBudgetChosen(true);
              setBudgetText(e.target.value);
            }}
            className="sel-number"
            data-testid="schedule-budget"
          />
        </label>
      </div>
      <div className="schedule-cost" data-testid="schedule-cost" data-per-day={cost?.perDay ?? ''}>
        {cost && (
          <p>
            A day of this study costs about <strong>{units(cost.perDay)}</strong> (from the last runs: {runsADay(cost.runsPerDay)} of about {units(cost.perRun)}).
          </p>
        )}
        {!cost && estimate && (
          <p>
            The next run would cost about <strong>{units(estimate.units)}</strong> by its estimate{estimate.open ? ', with lists of unknown size' : ''}. What a day
            costs shows here once the study has run again after its first run.
          </p>
        )}
        {covers && <p className="muted" data-testid="schedule-covers">{covers}</p>}
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={runNow} onChange={(e) => setRunNow(e.target.checked)} data-testid="schedule-run-now" />
        Run now as well
      </label>
      <p className="field-hint">
        The first run comes {Number.isFinite(hours) && hours >= 1 ? `${hours} h` : 'one period'} after you save, unless you tick “Run now as well”. Runs happen
        while Feedlens is open; a run missed while it was closed runs at the next start. Scheduled runs stop at the daily budget and go on the next day.
        Stories of watched accounts are read at least twice as often as they expire. Each run ends with a notification of what it found and cost.
      </p>
      {error && <ErrorView error={error} compact />}
      <div className="dialog-actions">
        {schedule && (
          <button type="button" className="btn danger" onClick={() => void stop()} disabled={busy} data-testid="schedule-stop">
            Stop the schedule
          </button>
        )}
        <span className="spacer" />
        <button type="button" className="btn" onClick={onClose} disabled={busy} data-autofocus>
          Cancel
        </button>
        <button type="button" className="btn primary" onClick={() => void save()} disabled={busy || !valid} data-testid="schedule-save">
          {valid ? `Allow up to ${budget.toLocaleString()} units a day` : 'Save'}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * A schedule this computer has not authorised with the key in use (a study from elsewhere, another key, an
 * edited database): the user confirms its period and daily budget in main's own question, or leaves it off.
 */
export function ConfirmSchedule({ studyId, schedule, onChanged }: { studyId: string; schedule: ScheduleInfo; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    const r = await feedlens().studyScheduleSet({ id: studyId, everyHours: schedule.everyHours, dailyBudget: schedule.dailyBudget });
    setBusy(false);
    if (r.ok) onChanged();
    else if (r.error.kind !== 'cancelled') setError(r.error);
  };
  return (
    <div className="dialog-actions">
      <button type="button" className="btn small" onClick={() => void confirm()} disabled={busy} data-testid="schedule-confirm">
        Confirm: every {schedule.everyHours} h, up to {units(schedule.dailyBudget)} a day…
      </button>
      {error && <ErrorView error={error} compact />}
    </div>
  );
}
