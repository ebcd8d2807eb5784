// Qualitative coding: the study's codebook (names, descriptions, colours, a key 1-9 each) and, for one
// record, its codes (toggled by click or by their key) and a free-text note (saved on leaving the field or
// with Ctrl+Enter). Kept in the study's database by main; exports carry them as columns.
import { useEffect, useState } from 'react';
import type { CodeInfo } from '../../../../shared/ipc/study-data';
import { feedlens } from '../../api/bridge';
import { ErrorView } from '../../components/ErrorView';
import { useStudyAction } from './actions';

export function CodeToggles({ codes, on, onToggle }: { codes: CodeInfo[]; on: readonly number[]; onToggle: (codeId: number, on: boolean) => void }) {
  if (codes.length === 0) return <div className="faint">No codes yet: add them in the codebook.</div>;
  return (
    <div className="code-toggles" role="group" aria-label="Codes" data-testid="code-toggles">
      {codes.map((c) => {
        const active = on.includes(c.id);
        return (
          <button
            key={c.id}
            type="button"
            className={`code-toggle${active ? ' on' : ''}`}
            aria-pressed={active}
            style={c.color ? ({ '--code-color': c.color } as React.CSSProperties) : undefined}
            onClick={() => onToggle(c.id, !active)}
            title={c.description || undefined}
            data-testid="code-toggle"
            data-code={c.name}
          >
            {c.shortcut && <kbd>{c.shortcut}</kbd>}
            {c.name}
          </button>
        );
      })}
    </div>
  );
}

export function NoteField({ studyId, rowid, note, onSaved }: { studyId: string; rowid: number; note: string | null; onSaved: (note: string | null) => void }) {
  const [text, setText] = useState(note ?? '');
  const [editing, setEditing] = useState(false);
  const saving = useStudyAction(studyId);
  useEffect(() => {
    setText(note ?? '');
    setEditing(false);
  }, [note, rowid]);
  const save = async () => {
    if (text === (note ?? '')) return setEditing(false);
    const r = await saving.run(() => feedlens().studyNoteSet({ id: studyId, rowid, text }));
    if (r.ok) {
      setEditing(false);
      onSaved(r.value.note);
    }
  };
  const state = saving.busy ? 'saving' : editing ? 'editing' : 'saved';
  return (
    <label className="note-field">
      <span className="row">
        <span className="faint">Note</span>
        <span className="spacer" />
        <span className="faint note-state" data-testid="note-state" data-state={state}>
          {state === 'editing' ? 'Ctrl+Enter saves' : state === 'saving' ? 'Saving…' : text ? 'Saved' : ''}
        </span>
      </span>
      <textarea
        rows={3}
        value={text}
        placeholder="What you notice about it (N to write here)"
        onChange={(e) => {
          setText(e.target.value);
          setEditing(true);
        }}
        onBlur={() => void save()}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void save();
          }
          if (e.key === 'Escape') (e.target as HTMLElement).blur();
        }}
        data-testid="note-text"
      />
      {saving.error && <ErrorView error={saving.error} compact />}
    </label>
  );
}

const EMPTY = { name: '', description: '', color: '', shortcut: '' };

/** The codebook: every code with how many records carry it; add, change or remove codes. */
export function Codebook({ studyId, codes, onChanged }: { studyId: string; codes: CodeInfo[]; onChanged: (codes: CodeInfo[]) => void }) {
  const [draft, setDraft] = useState<typeof EMPTY & { codeId?: number }>(EMPTY);
  const { run, error } = useStudyAction(studyId);
  const [confirmDelete, setConfirmDelete] = useState<number | null>(null);
  const taken = new Set(codes.map((c) => c.shortcut).filter(Boolean));
  const freeKey = ['1', '2', '3', '4', '5', '6', '7', '8', '9'].find((k) => !taken.has(k)) ?? '';
  const save = async () => {
    const r = await run(() =>
      feedlens().studyCodeSave({
        id: studyId,
        ...(draft.codeId !== undefined ? { codeId: draft.codeId } : {}),
        name: draft.name,
        description: draft.description,
        color: draft.color,
        shortcut: draft.shortcut || null,
      }),
    );
    if (!r.ok) return;
    setDraft({ ...EMPTY });
    onChanged(r.value);
  };
  const remove = async (codeId: number) => {
    if (confirmDelete !== codeId) return setConfirmDelete(codeId);
    setConfirmDelete(null);
    const r = await run(() => feedlens().studyCodeDelete({ id: studyId, codeId }));
    if (r.ok) onChanged(r.value);
  };
  return (
    <section className="codebook" aria-label="Codebook" data-testid="codebook">
      <table className="data codebook-table">
        <thead>
          <tr>
            <th>Key</th>
            <th>Code</th>
            <th>Description</th>
            <th className="num">Records</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {codes.map((c) => (
            <tr key={c.id} data-testid="code-row" data-code={c.name} data-count={c.count}>
              <td>{c.shortcut ? <kbd>{c.shortcut}</kbd> : <span className="faint">—</span>}</td>
              <td>
                <span className="code-chip" style={c.color ? { borderColor: c.color } : undefined}>
                  {c.name}
                </span>
              </td>
              <td className="muted codebook-desc">{c.description}</td>
              <td className="num">{c.count.toLocaleString()}</td>
              <td>
                <button type="button" className="btn small ghost" onClick={() => setDraft({ codeId: c.id, name: c.name, description: c.description, color: c.color, shortcut: c.shortcut ?? '' })}>
                  Edit
                </button>
                <button type="button" className={`btn small ghost${confirmDelete === c.id ? ' danger' : ''}`} onClick={() => void remove(c.id)}>
                  {confirmDelete === c.id ? `Remove from ${c.count.toLocaleString()} records?` : 'Remove'}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form
        className="row codebook-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <input type="text" placeholder="New code" aria-label="Code name" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value, shortcut: draft.shortcut || (draft.codeId === undefined ? freeKey : '') })} data-testid="code-name" />
        <input type="text" className="grow" placeholder="What it means (optional)" aria-label="Description" value={draft.description} onChange={(e) => setDraft({ ...draft, description: e.target.value })} data-testid="code-description" />
        <input type="color" aria-label="Colour" value={draft.color || '#6d93ff'} onChange={(e) => setDraft({ ...draft, color: e.target.value })} />
        <select aria-label="Key" value={draft.shortcut} onChange={(e) => setDraft({ ...draft, shortcut: e.target.value })} data-testid="code-key">
          <option value="">no key</option>
          {['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((k) => (
            <option key={k} value={k}>
              key {k}
              {taken.has(k) ? ' (moves here)' : ''}
            </option>
          ))}
        </select>
        <button type="submit" className="btn primary small" disabled={!draft.name.trim()} data-testid="code-save">
          {draft.codeId !== undefined ? 'Save code' : 'Add code'}
        </button>
        {draft.codeId !== undefined && (
          <button type="button" className="btn small ghost" onClick={() => setDraft({ ...EMPTY })}>
            Cancel
          </button>
        )}
      </form>
      {error && <ErrorView error={error} compact />}
      <p className="faint codebook-help">
        In the data browser and the record viewer, press a code’s key to put it on the record in focus, or to take it off; N writes a note. Codes and notes are kept in the study and
        exported as the columns <code>codes</code> and <code>notes</code>.
      </p>
    </section>
  );
}
