// A study's runs: when, why, state, pages, units of its budget beside its estimate, what it found, errors.
// Each can be opened (per target: its estimate and what it spent, its errors), exported afterwards,
// continued with more budget (main asks), resumed, or cancelled (after a confirmation here: cancelling
// spends nothing).
import { useState } from 'react';
import type { EthicsChoice } from '../../../../shared/ipc/analysis';
import type { RunInfo } from '../../../../shared/ipc/studies';
import { feedlens } from '../../api/bridge';
import { useEthicsGate } from '../../components/EthicsReminder';
import { ErrorView } from '../../components/ErrorView';
import { Icon, type IconName } from '../../components/Icon';
import { useStudyAction } from './actions';
import { durationWords, estimateAccuracy, estimateWords, localDateTime, raisedBudget, runActions, runPace, RUN_STATE_WORDS, runFound, TRIGGER_WORDS, requestCount, type RunAction } from './format';
import { useRunDetail } from './queries';

const ACTIONS: Readonly<Record<RunAction, { label: string; icon: IconName }>> = {
  pause: { label: 'Pause', icon: 'pause' },
  resume: { label: 'Resume', icon: 'play' },
  cancel: { label: 'Cancel', icon: 'stop' },
  raise: { label: 'More budget…', icon: 'play' },
  export: { label: 'Export…', icon: 'file-export' },
  media: { label: 'Save media', icon: 'download' },
};

/** Per target: pages, units, new and seen items, reads left, and why a target stopped. */
export function RunDetailView({ studyId, run }: { studyId: string; run: RunInfo }) {
  const { data: detail, error } = useRunDetail(studyId, run);
  if (error) return <ErrorView error={error} compact />;
  if (!detail) return <div className="spinner small" aria-label="Loading the run" />;
  return (
    <div className="run-detail" data-testid="run-detail">
      <table className="data">
        <thead>
          <tr>
            <th>Target</th>
            <th className="num">Pages</th>
            <th className="num">Requests</th>
            <th className="num" title="Estimated when the run started: likely, and at most">Estimate</th>
            <th className="num">New</th>
            <th className="num">Seen</th>
            <th className="num" title="Reads not done when the run stopped: the next run goes on with them">Left</th>
            <th>Note</th>
          </tr>
        </thead>
        <tbody>
          {detail.targets.map((t) => (
            <tr key={t.targetId}>
              <td>{t.label}</td>
              <td className="num">{t.pages.toLocaleString()}</td>
              <td className="num">{t.units.toLocaleString()}</td>
              <td className="num muted" data-testid="run-target-estimate">{estimateWords(t)}</td>
              <td className="num">{t.newItems.toLocaleString()}</td>
              <td className="num">{t.items.toLocaleString()}</td>
              <td className="num" data-testid="run-target-left">{t.left > 0 ? `${t.left.toLocaleString()} read${t.left === 1 ? '' : 's'}` : '—'}</td>
              <td className="muted run-note">{t.error ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {detail.errors.length > 0 && (
        <ul className="run-errors">
          {detail.errors.map((e, i) => (
            <li key={i} className="field-error">
              {localDateTime(e.time)} · {e.label ?? ''} {e.list}: {e.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ExportChoice({ studyId, run, onDone }: { studyId: string; run: RunInfo; onDone: (message: string) => void }) {
  const [format, setFormat] = useState<'zip' | 'ndjson' | 'json'>('zip');
  const [scope, setScope] = useState<'seen' | 'new'>('seen');
  const [pseudonymise, setPseudonymise] = useState(false);
  const { run: act, busy, error } = useStudyAction(studyId);
  const ethics = useEthicsGate();
  const go = async (choice: EthicsChoice, pseudo: boolean) => {
    const r = await act(() => feedlens().studyExport({ id: studyId, runId: run.id, scope, format, ethics: choice, ...(pseudo ? { pseudonymise: { dropNames: false, dropPictures: false, dropText: false } } : {}) }));
    const what = scope === 'new' ? ` (the ${run.newItems.toLocaleString()} new items and the records first stored with them)` : '';
    if (r.ok) onDone(`Exported ${r.value.rows.toLocaleString()} records${what} to ${r.value.path}`);
  };
  return (
    <>
    <div className="run-export row" data-testid="run-export">
      <select value={scope} onChange={(e) => setScope(e.target.value as 'seen' | 'new')} aria-label="What to export">
        <option value="seen">Everything it saw</option>
        <option value="new">Only what it found new</option>
      </select>
      <select value={format} onChange={(e) => setFormat(e.target.value as 'zip' | 'ndjson' | 'json')} aria-label="Format">
        <option value="zip">ZIP (one CSV per kind)</option>
        <option value="ndjson">NDJSON</option>
        <option value="json">JSON</option>
      </select>
      <label className="checkbox">
        <input type="checkbox" checked={pseudonymise} onChange={(e) => setPseudonymise(e.target.checked)} /> Pseudonymise (this study’s key)
      </label>
      <button type="button" className="btn small primary" onClick={() => ethics.ask(pseudonymise, (c, p) => void go(c, p))} disabled={busy} data-testid="run-export-go">
        {busy ? 'Exporting…' : 'Export'}
      </button>
    </div>
    {scope === 'new' && (
      <p className="muted small" data-testid="run-export-new-note">
        “New” counts the {run.newItems.toLocaleString()} items of its lists this run saw first. The export also holds the records first stored with them (a new
        post’s owner and place, a new comment’s author), so it can hold more records than that.
      </p>
    )}
    {error && <ErrorView error={error} compact />}
    {ethics.view}
    </>
  );
}

function RunRow({ studyId, run, onChanged }: { studyId: string; run: RunInfo; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const control = useStudyAction(studyId);
  const act = async (action: RunAction) => {
    setMessage(null);
    control.clear();
    if (action === 'export') return setExporting((x) => !x);
    if (action === 'media') {
      // The media files of what the run found new, into the study's own media folder.
      const r = await control.run(() => feedlens().studyRunMedia({ id: studyId, runId: run.id }));
      if (r.ok) setMessage(`${r.value.queued.toLocaleString()} files queued into ${r.value.folder} (${r.value.skipped.toLocaleString()} already saved)`);
      return;
    }
    if (action === 'cancel' && !confirmCancel) return setConfirmCancel(true);
    setConfirmCancel(false);
    // Main asks the user itself for more budget; pause, resume and cancel spend nothing.
    await control.run(() => (action === 'raise' ? feedlens().studyRunBudget({ id: studyId, runId: run.id, budget: raisedBudget(run.budget) }) : feedlens().studyRunControl({ id: studyId, runId: run.id, action })));
    onChanged();
  };
  return (
    <li className="run-row" data-testid="run-row" data-run-id={run.id} data-state={run.state} data-units={run.unitsSpent} data-new={run.newItems}>
      <div className="run-row-head">
        <button type="button" className="btn small ghost" onClick={() => setOpen((x) => !x)} aria-expanded={open} title="Per target, and errors">
          {open ? '▾' : '▸'} #{run.id}
        </button>
        <span title={localDateTime(run.startedAt)}>{localDateTime(run.startedAt)}</span>
        <span className="faint">{TRIGGER_WORDS[run.trigger]}</span>
        <span className={`badge job-state ${run.state}`} data-testid="run-state">
          {run.state === 'running' && <span className="spinner small" aria-hidden />}
          {RUN_STATE_WORDS[run.state]}
        </span>
        <span className="muted">{runFound(run)}</span>
        <span className="muted">
          {run.pages.toLocaleString()} pages · {requestCount(run.unitsSpent)} of {run.budget.toLocaleString()}
        </span>
        {run.state !== 'running' && (
          <span className="muted" data-testid="run-took">
            took {durationWords(runPace(run, Date.now()).tookMs)}
          </span>
        )}
        {run.estimate !== null && (
          <span className="muted" data-testid="run-estimate-vs-spent" title="Estimated when the run started">
            estimate {estimateWords(run)}
            {run.state !== 'running' && estimateAccuracy(run) !== null ? ` (spent ${estimateAccuracy(run)})` : ''}
          </span>
        )}
        {run.errors > 0 && <span className="field-error">{run.errors} errors</span>}
        {run.mode === 'demo' && <span className="badge demo">Demo</span>}
        <span className="spacer" />
        {runActions(run).map((a) => (
          <button key={a} type="button" className={`btn small${a === 'cancel' && confirmCancel ? ' danger' : ' ghost'}`} onClick={() => void act(a)} data-testid={`run-${a}`}>
            <Icon name={ACTIONS[a].icon} size={12} /> {a === 'cancel' && confirmCancel ? 'Cancel this run?' : a === 'raise' ? `Raise to ${raisedBudget(run.budget).toLocaleString()}…` : ACTIONS[a].label}
          </button>
        ))}
        {confirmCancel && (
          <button type="button" className="btn small ghost" onClick={() => setConfirmCancel(false)} data-autofocus>
            Keep it
          </button>
        )}
      </div>
      {run.message && <div className="muted run-message">{run.message}</div>}
      {exporting && <ExportChoice studyId={studyId} run={run} onDone={setMessage} />}
      {message && <div className="muted run-message" data-testid="run-exported">{message}</div>}
      {control.error && <ErrorView error={control.error} compact />}
      {open && <RunDetailView studyId={studyId} run={run} />}
    </li>
  );
}

export function RunsHistory({ studyId, runs, onChanged }: { studyId: string; runs: RunInfo[]; onChanged: () => void }) {
  if (runs.length === 0) return <div className="state muted">No runs yet. “Run now” reads every target once; later runs read only what is new.</div>;
  return (
    <ul className="run-list" aria-label="Runs" data-testid="runs-history">
      {runs.map((r) => (
        <RunRow key={r.id} studyId={studyId} run={r} onChanged={onChanged} />
      ))}
    </ul>
  );
}
