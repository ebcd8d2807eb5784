// Studies (route { name: 'studies' }): every study the app knows, with its targets, what it holds, its
// last run and its schedule; a new study (its folder is chosen in main's own picker) or an existing
// study folder opened (moved, archived, from a colleague).
import { useState } from 'react';
import type { StudyInfo } from '../../../../shared/ipc/studies';
import { feedlens } from '../../api/bridge';
import { ErrorView } from '../../components/ErrorView';
import { Icon } from '../../components/Icon';
import { navigate } from '../../state/navigation';
import { useStudyAction } from './actions';
import { Dialog } from './Dialog';
import { localDateTime, relativeTime, RUN_STATE_WORDS, requestCount } from './format';
import { useStudyList } from './queries';
import '../../styles/studies.css';

function NewStudyDialog({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const { run, busy, error } = useStudyAction(null);
  const create = async () => {
    // Main shows its own folder picker (default <Documents>/Feedlens/<name>).
    const r = await run(() => feedlens().studyCreate({ name: name.trim(), description }));
    if (r.ok) {
      onClose();
      navigate({ name: 'study', id: r.value.id });
    }
  };
  return (
    <Dialog title="New study" onClose={onClose} busy={busy} testId="study-new-dialog">
      <label>
        Name
        <input type="text" value={name} onChange={(e) => setName(e.target.value)} maxLength={120} placeholder="e.g. Local food accounts, spring" data-testid="study-name" data-autofocus />
      </label>
      <label>
        Description <span className="faint">(optional)</span>
        <textarea value={description} onChange={(e) => setDescription(e.target.value)} rows={3} maxLength={4000} data-testid="study-description" />
      </label>
      <p className="field-hint">Next you choose the study’s folder: it holds the study’s database, media and exports, so the study can be moved or archived as one folder.</p>
      {error && <ErrorView error={error} compact />}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="btn primary" onClick={() => void create()} disabled={busy || name.trim() === ''} data-testid="study-create">
          {busy ? 'Choosing the folder…' : 'Choose its folder…'}
        </button>
      </div>
    </Dialog>
  );
}

function StudyRow({ study, now }: { study: StudyInfo; now: number }) {
  const last = study.lastRun;
  const open = () => navigate({ name: 'study', id: study.id });
  const [confirmForget, setConfirmForget] = useState(false);
  const forgetting = useStudyAction(null);
  // Forgetting takes the study off this list (read again after it); its folder and database stay where they are.
  const forget = async () => {
    if (!confirmForget) return setConfirmForget(true);
    setConfirmForget(false);
    await forgetting.run(() => feedlens().studyForget({ id: study.id }));
  };
  return (
    <li className="study-row" data-testid="study-row" data-study-id={study.id}>
      <button type="button" className="study-row-main" onClick={open} disabled={study.problem !== null}>
        <span className="study-row-name">
          <Icon name="layers" size={15} /> <strong>{study.name}</strong>
          {study.adhoc && <span className="badge">one-off collections</span>}
        </span>
        <span className="muted study-row-desc">{study.problem ?? (study.description || study.folder)}</span>
      </button>
      <dl className="study-row-facts">
        <div>
          <dt>targets</dt>
          <dd>{study.targets.toLocaleString()}</dd>
        </div>
        <div>
          <dt>items</dt>
          <dd data-testid="study-row-items">{study.items.toLocaleString()}</dd>
        </div>
        <div>
          <dt>last run</dt>
          <dd title={last ? localDateTime(last.startedAt) : undefined}>{last ? `${RUN_STATE_WORDS[last.state]}, ${relativeTime(last.startedAt, now)}` : 'never'}</dd>
        </div>
        <div>
          <dt>schedule</dt>
          <dd>{study.schedule ? `every ${study.schedule.everyHours} h` : 'none'}</dd>
        </div>
        <div>
          <dt>spent</dt>
          <dd>{requestCount(study.units)}</dd>
        </div>
      </dl>
      <button type="button" className={`btn small${confirmForget ? ' danger' : ' ghost'}`} onClick={() => void forget()} onBlur={() => setConfirmForget(false)} title="Take it off this list; its folder stays" data-testid="study-forget">
        {confirmForget ? 'Forget it? (the folder stays)' : 'Forget'}
      </button>
      {forgetting.error && <ErrorView error={forgetting.error} compact />}
    </li>
  );
}

export function StudiesScreen() {
  const { data, error, reload } = useStudyList();
  const [creating, setCreating] = useState(false);
  const opening = useStudyAction(null);
  const now = Date.now();
  const openFolder = async () => {
    const r = await opening.run(() => feedlens().studyOpenFolder({}));
    if (r.ok) navigate({ name: 'study', id: r.value.id });
  };
  return (
    <div className="page studies-page" data-testid="studies-screen">
      <div className="page-header">
        <h1>Studies</h1>
        <span className="spacer" />
        <button type="button" className="btn" onClick={() => void openFolder()} data-testid="study-open-folder">
          <Icon name="folder" size={13} /> Open a study folder…
        </button>
        <button type="button" className="btn primary" onClick={() => setCreating(true)} data-testid="study-new">
          + New study
        </button>
      </div>
      <p className="muted studies-intro">
        A study follows accounts, hashtags, places, posts and sounds over time. Each run collects only what is new since the last one, with its cost
        confirmed first, into the study’s own database.
      </p>
      {error && <ErrorView error={error} onRetry={reload} compact />}
      {opening.error && <ErrorView error={opening.error} compact />}
      {data === null && !error && <div className="spinner" aria-label="Loading the studies" />}
      {data?.length === 0 && (
        <div className="state" data-testid="studies-empty">
          <div className="state-icon">◫</div>
          <div>No studies yet. Make one, then add the accounts, hashtags or places it follows.</div>
        </div>
      )}
      {data && data.length > 0 && (
        <ul className="study-list" aria-label="Studies">
          {data.map((s) => (
            <StudyRow key={s.id} study={s} now={now} />
          ))}
        </ul>
      )}
      {creating && <NewStudyDialog onClose={() => setCreating(false)} />}
    </div>
  );
}
