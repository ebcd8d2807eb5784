// A study's schedule: every N hours while the app is open, within a daily budget the user authorises once
// in main's question; stories of watched accounts more often, from the story lifetime seen. Setting it
// starts no run unless "Run now as well" is ticked. The dialog proposes a daily budget from main's estimate
// of a day of runs (ScheduleEstimate.tsx, which sends nothing) and says what the chosen budget covers.
import { useState } from 'react';
import type { ScheduleInfo } from '../../../../shared/ipc/studies';
import { feedlens } from '../../api/bridge';
import { ErrorView } from '../../components/ErrorView';
import { useStudyAction } from './actions';
import { Dialog } from './Dialog';
import { localDateTime, requestCount } from './format';
import { ScheduleEstimateView } from './ScheduleEstimate';

export function ScheduleDialog({ studyId, studyName, schedule, onClose, onChanged }: { studyId: string; studyName: string; schedule: ScheduleInfo | null; onClose: () => void; onChanged: () => void }) {
  const [hoursText, setHoursText] = useState(String(schedule?.everyHours ?? 24));
  const [budgetText, setBudgetText] = useState(String(schedule?.dailyBudget ?? 100));
  // A new schedule's daily budget is main's proposal (a day's upper bound) until the user types one.
  const [budgetTouched, setBudgetTouched] = useState(schedule !== null);
  const [runNow, setRunNow] = useState(false);
  const { run, busy, error } = useStudyAction(studyId);
  const hours = Number(hoursText);
  const budget = Number(budgetText);
  const hoursValid = Number.isFinite(hours) && hours >= 1 && hours <= 720;
  const budgetValid = Number.isInteger(budget) && budget >= 1;
  const valid = hoursValid && budgetValid;

  const done = () => {
    onChanged();
    onClose();
  };
  // Main asks the user to authorise the daily budget in its own window.
  const save = async () => {
    if ((await run(() => feedlens().studyScheduleSet({ id: studyId, everyHours: hours, dailyBudget: budget, ...(runNow ? { runNow: true } : {}) }))).ok) done();
  };
  const stop = async () => {
    if ((await run(() => feedlens().studyScheduleClear({ id: studyId }))).ok) done();
  };

  return (
    <Dialog title={`Schedule “${studyName}”`} onClose={onClose} busy={busy} testId="schedule-dialog">
      {schedule && (
        <div className="schedule-now muted" data-testid="schedule-current">
          Now: every {schedule.everyHours} h, up to {requestCount(schedule.dailyBudget)} a day ({requestCount(schedule.spentToday)} spent today). Next run {localDateTime(schedule.nextRunAt)}
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
              setBudgetTouched(true);
              setBudgetText(e.target.value);
            }}
            className="sel-number"
            data-testid="schedule-budget"
          />
        </label>
      </div>
      <ScheduleEstimateView studyId={studyId} hours={hoursValid ? hours : null} budget={budgetValid ? budget : null} onSuggested={(n) => !budgetTouched && setBudgetText(String(n))} />
      <label className="checkbox">
        <input type="checkbox" checked={runNow} onChange={(e) => setRunNow(e.target.checked)} data-testid="schedule-run-now" />
        Run now as well
      </label>
      <p className="field-hint">
        The first run comes {hoursValid ? `${hours} h` : 'one period'} after you save, unless you tick “Run now as well”. Runs happen while Feedlens is open;
        a run missed while it was closed runs at the next start. Scheduled runs stop at the daily budget and go on the next day. Stories of watched accounts
        are read at least twice as often as they expire. Each run ends with a notification of what it found and cost.
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
          {valid ? `Allow up to ${requestCount(budget)} a day` : 'Save'}
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
  const { run, busy, error } = useStudyAction(studyId);
  const confirm = async () => {
    if ((await run(() => feedlens().studyScheduleSet({ id: studyId, everyHours: schedule.everyHours, dailyBudget: schedule.dailyBudget }))).ok) onChanged();
  };
  return (
    <div className="dialog-actions">
      <button type="button" className="btn small" onClick={() => void confirm()} disabled={busy} data-testid="schedule-confirm">
        Confirm: every {schedule.everyHours} h, up to {requestCount(schedule.dailyBudget)} a day…
      </button>
      {error && <ErrorView error={error} compact />}
    </div>
  );
}
