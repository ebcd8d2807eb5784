// "Add to study" on profiles, hashtags, places, posts, sounds and on a selection: the entries go to a
// study the user picks (or a new one, whose folder main's picker chooses), with what to collect. Main
// reads the entries again and asks before any lookup that costs.
import { useMemo, useState } from 'react';
import type { Collect, TargetKind, TargetsAdded } from '../../../../shared/ipc/studies';
import type { AppRecord } from '../../../../shared/records';
import { feedlens } from '../../api/bridge';
import { ErrorView } from '../../components/ErrorView';
import { Icon } from '../../components/Icon';
import { navigate } from '../../state/navigation';
import { useStudyAction } from './actions';
import { CollectFields } from './CollectFields';
import { Dialog } from './Dialog';
import { defaultCollect } from './format';
import { useStudyList } from './queries';
import '../../styles/studies.css';

/** The study entries of selected records: accounts by user id, posts by media id; others have none. */
export function studyEntriesOf(records: readonly AppRecord[]): { text: string; kinds: TargetKind[] } {
  const lines: string[] = [];
  const kinds = new Set<TargetKind>();
  for (const r of records) {
    if ((r.kind === 'user' || r.kind === 'profile') && r.id) {
      lines.push(r.username ? `@${r.username}` : `user:${r.id}`);
      kinds.add('account');
    } else if (r.kind === 'post' && r.index === null) {
      lines.push(r.mediaId || r.id);
      kinds.add('post');
    }
  }
  return { text: [...new Set(lines)].join('\n'), kinds: [...kinds] };
}

function AddToStudyDialog({ text, kinds, label, onClose }: { text: string; kinds: TargetKind[]; label: string; onClose: () => void }) {
  const list = useStudyList();
  const studies = useMemo(() => list.data?.filter((s) => !s.adhoc && s.problem === null) ?? null, [list.data]);
  const [chosen, setChosen] = useState('');
  const studyId = chosen || (studies?.[0]?.id ?? '');
  const [collect, setCollect] = useState<Collect>(defaultCollect(kinds));
  const [added, setAdded] = useState<TargetsAdded | null>(null);
  const creating = useStudyAction(null);
  const adding = useStudyAction(studyId || null);
  const busy = creating.busy || adding.busy;
  const error = list.error ?? creating.error ?? adding.error;
  const newStudy = async () => {
    adding.clear();
    // Main's folder picker chooses where the study lives.
    const r = await creating.run(() => feedlens().studyCreate({ name: label.replace(/^[@#]/, '') || 'New study', description: '' }));
    if (r.ok) setChosen(r.value.id);
  };
  const add = async () => {
    creating.clear();
    const r = await adding.run(() => feedlens().studyTargetsAdd({ id: studyId, text, collect }));
    if (r.ok) setAdded(r.value);
  };
  return (
    <Dialog title={`Add ${label} to a study`} onClose={onClose} busy={busy} testId="add-to-study-dialog">
      {added ? (
        <>
          <div className="sel-result" data-testid="add-to-study-done">
            <div className="row">
              <Icon name="check" size={16} className="sel-ok" />
              <strong>{added.added > 0 ? `Added to the study` : 'Already in the study'}</strong>
            </div>
            {added.notFound.length > 0 && <div className="field-error">Not found: {added.notFound.join(', ')}</div>}
          </div>
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={onClose} data-autofocus>
              Close
            </button>
            <button
              type="button"
              className="btn primary"
              onClick={() => {
                onClose();
                navigate({ name: 'study', id: studyId });
              }}
              data-testid="add-to-study-open"
            >
              Open the study
            </button>
          </div>
        </>
      ) : (
        <>
          {studies === null && !error && <div className="spinner small" aria-label="Loading the studies" />}
          {studies && (
            <div className="row">
              <label className="grow">
                Study
                <select value={studyId} onChange={(e) => setChosen(e.target.value)} data-testid="add-to-study-choice">
                  {studies.length === 0 && <option value="">No study yet</option>}
                  {studies.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </select>
              </label>
              <button type="button" className="btn small add-to-study-new" onClick={() => void newStudy()} data-testid="add-to-study-new">
                + New study…
              </button>
            </div>
          )}
          <CollectFields kinds={kinds} value={collect} onChange={setCollect} />
          {error && <ErrorView error={error} compact />}
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={onClose} disabled={busy} data-autofocus>
              Cancel
            </button>
            <button type="button" className="btn primary" onClick={() => void add()} disabled={busy || studyId === '' || collect.lists.length === 0} data-testid="add-to-study-add">
              {busy ? 'Adding…' : 'Add'}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}

/** The button, with its dialog. `entry` is what main reads ("@name", "#tag", "place:123 Name", a link...). */
export function AddToStudyButton({ entry, kind, label, small = true }: { entry: string; kind: TargetKind; label: string; small?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={`btn${small ? ' small' : ''}`} onClick={() => setOpen(true)} title="Follow it over time in a study: only what is new is collected at each run" data-testid="add-to-study">
        <Icon name="layers" size={13} /> Add to study
      </button>
      {open && <AddToStudyDialog text={entry} kinds={[kind]} label={label} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The selection's "Add to study": its accounts and posts. */
export function AddSelectionToStudy({ records, label }: { records: readonly AppRecord[]; label: string }) {
  const [open, setOpen] = useState(false);
  const { text, kinds } = studyEntriesOf(records);
  return (
    <>
      <button type="button" className="btn small" onClick={() => setOpen(true)} disabled={text === ''} title={text === '' ? 'Accounts and posts can be followed in a study' : 'Follow the selected accounts and posts in a study'} data-testid="tray-add-to-study">
        <Icon name="layers" size={13} /> Add to study…
      </button>
      {open && <AddToStudyDialog text={text} kinds={kinds} label={label} onClose={() => setOpen(false)} />}
    </>
  );
}
