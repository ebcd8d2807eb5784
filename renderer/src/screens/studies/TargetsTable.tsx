// A study's targets: what each collects, its last run, what it holds, what was new in its last run, the
// next run (from the schedule) and what it cost. Selected targets can be changed or removed (what they
// collected stays in the study).
import { useState } from 'react';
import type { Collect, ScheduleInfo, TargetInfo } from '../../../../shared/ipc/studies';
import { feedlens } from '../../api/bridge';
import { ErrorView } from '../../components/ErrorView';
import { useStudyAction } from './actions';
import { CollectFields } from './CollectFields';
import { Dialog } from './Dialog';
import { KIND_WORDS, listWord, localDateTime, relativeTime, requestCount } from './format';
import { CheckDialog } from './StillThere';

function EditDialog({ studyId, targets, onClose, onSaved }: { studyId: string; targets: TargetInfo[]; onClose: () => void; onSaved: () => void }) {
  const [collect, setCollect] = useState<Collect>(targets[0]!.collect);
  const { run, busy, error } = useStudyAction(studyId);
  const kinds = [...new Set(targets.map((t) => t.kind))];
  const save = async () => {
    if (!(await run(() => feedlens().studyTargetsUpdate({ id: studyId, targetIds: targets.map((t) => t.id), collect }))).ok) return;
    onSaved();
    onClose();
  };
  return (
    <Dialog title={`What to collect for ${targets.length === 1 ? targets[0]!.label : `${targets.length} targets`}`} onClose={onClose} busy={busy} testId="edit-targets-dialog">
      <CollectFields kinds={kinds} value={collect} onChange={setCollect} />
      {error && <ErrorView error={error} compact />}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose} data-autofocus>
          Cancel
        </button>
        <button type="button" className="btn primary" onClick={() => void save()} disabled={busy || collect.lists.length === 0}>
          Save
        </button>
      </div>
    </Dialog>
  );
}

export function TargetsTable({ studyId, targets, schedule, onChanged }: { studyId: string; targets: TargetInfo[]; schedule: ScheduleInfo | null; onChanged: () => void }) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState(false);
  const [checking, setChecking] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const removing = useStudyAction(studyId);
  const error = removing.error;
  const now = Date.now();
  const chosen = targets.filter((t) => selected.has(t.id));
  const toggle = (id: number, on: boolean) => setSelected((s) => new Set(on ? [...s, id] : [...s].filter((x) => x !== id)));
  const remove = async () => {
    if (!confirmRemove) return setConfirmRemove(true);
    setConfirmRemove(false);
    await removing.run(() => feedlens().studyTargetsRemove({ id: studyId, targetIds: [...selected] }));
    setSelected(new Set());
    onChanged();
  };
  if (targets.length === 0) {
    return (
      <div className="state" data-testid="targets-empty">
        <div className="state-icon">◎</div>
        <div>No targets yet. Add accounts, hashtags, places, posts or sounds: type or paste them, or import a file.</div>
      </div>
    );
  }
  return (
    <>
      <div className="row targets-bar">
        <span className="muted">{selected.size > 0 ? `${selected.size} selected` : `${targets.length.toLocaleString()} targets`}</span>
        <span className="spacer" />
        <button type="button" className="btn small" disabled={selected.size === 0} onClick={() => setEditing(true)} data-testid="targets-edit">
          What to collect…
        </button>
        <button type="button" className="btn small" disabled={chosen.length !== 1} onClick={() => setChecking(true)} title="Re-check what this target collected (select one target)" data-testid="targets-check">
          Still there?…
        </button>
        <button type="button" className={`btn small${confirmRemove ? ' danger' : ''}`} disabled={selected.size === 0} onClick={() => void remove()} data-testid="targets-remove">
          {confirmRemove ? `Stop following ${selected.size}? (their data stays)` : 'Remove'}
        </button>
        {confirmRemove && (
          <button type="button" className="btn small ghost" onClick={() => setConfirmRemove(false)}>
            Keep
          </button>
        )}
      </div>
      {error && <ErrorView error={error} compact />}
      <div className="targets-table-wrap">
        <table className="data targets-table" data-testid="targets-table">
          <thead>
            <tr>
              <th>
                <input type="checkbox" aria-label="Select every target" checked={selected.size === targets.length} onChange={(e) => setSelected(new Set(e.target.checked ? targets.map((t) => t.id) : []))} />
              </th>
              <th>Target</th>
              <th>Collects</th>
              <th>Last run</th>
              <th className="num">Items</th>
              <th className="num">New last run</th>
              <th>Next run</th>
              <th className="num">Spent</th>
            </tr>
          </thead>
          <tbody>
            {targets.map((t) => (
              <tr key={t.id} data-testid="target-row" data-target-id={t.id} data-items={t.items} data-new={t.newLastRun} data-kind={t.kind}>
                <td>
                  <input type="checkbox" aria-label={`Select ${t.label}`} checked={selected.has(t.id)} onChange={(e) => toggle(t.id, e.target.checked)} />
                </td>
                <td>
                  <span className="target-label">{t.label}</span> <span className="faint">{KIND_WORDS[t.kind]}</span>
                  {t.lastError && (
                    <div className="field-error target-error" title={t.lastError}>
                      {t.lastError}
                    </div>
                  )}
                </td>
                <td className="muted target-lists">{t.collect.lists.map((l) => listWord(t.kind, l)).join(', ')}</td>
                <td title={t.lastRunAt ? localDateTime(t.lastRunAt) : undefined}>{t.lastRunAt ? relativeTime(t.lastRunAt, now) : 'never'}</td>
                <td className="num">{t.items.toLocaleString()}</td>
                <td className="num">{t.lastRunAt ? t.newLastRun.toLocaleString() : '—'}</td>
                <td title={schedule?.confirmed ? localDateTime(schedule.nextRunAt) : undefined}>{schedule?.confirmed ? relativeTime(schedule.nextRunAt, now) : '—'}</td>
                <td className="num">{requestCount(t.units)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing && chosen.length > 0 && <EditDialog studyId={studyId} targets={chosen} onClose={() => setEditing(false)} onSaved={onChanged} />}
      {checking && chosen.length === 1 && <CheckDialog studyId={studyId} scope={{ targetId: chosen[0]!.id }} label={chosen[0]!.label} onClose={() => setChecking(false)} onStarted={onChanged} />}
    </>
  );
}
