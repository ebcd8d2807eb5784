// Adding targets to a study: typed, pasted or imported from a text or CSV file (usernames, handles, ids,
// any link the omnibox reads). Main's preview says which entries are ready, duplicates, not targets, or
// usernames to look up and what that costs; nothing is spent until "Add", and main asks before lookups.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { AppError } from '../../../../shared/api/errors';
import type { Collect, TargetKind, TargetsAdded, TargetsPreview } from '../../../../shared/ipc/studies';
import { appErrorOf, feedlens, unwrap } from '../../api/bridge';
import { ErrorView } from '../../components/ErrorView';
import { Icon } from '../../components/Icon';
import { useDebounced } from '../../hooks/useDebounced';
import { useStudyAction } from './actions';
import { CollectFields } from './CollectFields';
import { Dialog } from './Dialog';
import { defaultCollect, KIND_WORDS, STATUS_WORDS, requestCount } from './format';
import { studyKeys } from './queries';

const MAX_FILE_BYTES = 2_000_000;

function PreviewTable({ preview }: { preview: TargetsPreview }) {
  return (
    <div className="preview-table-wrap">
      <table className="data preview-table" data-testid="targets-preview">
        <thead>
          <tr>
            <th>Line</th>
            <th>Entry</th>
            <th>Status</th>
            <th>Target</th>
          </tr>
        </thead>
        <tbody>
          {preview.entries.map((e) => (
            <tr key={`${e.line}-${e.input}`} data-status={e.status} data-testid="preview-entry">
              <td className="faint">{e.line}</td>
              <td className="mono preview-input" title={e.input}>
                {e.input}
              </td>
              <td>
                <span className={`badge status-${e.status}`}>{STATUS_WORDS[e.status]}</span>
              </td>
              <td className="preview-note">
                {e.kind && <span className="faint">{KIND_WORDS[e.kind]} </span>}
                {e.label}
                {e.note && <span className="field-hint"> {e.note}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Summary({ preview }: { preview: TargetsPreview }) {
  const c = preview.counts;
  return (
    <p className="preview-summary" data-testid="preview-summary" data-valid={c.valid} data-resolve={c.resolve} data-duplicate={c.duplicate} data-invalid={c.invalid}>
      <strong>{c.valid.toLocaleString()}</strong> ready · <strong>{c.resolve.toLocaleString()}</strong> to look up
      {c.resolve > 0 ? ` (${requestCount(preview.resolveUnits)})` : ''} · <strong>{c.duplicate.toLocaleString()}</strong> duplicates · <strong>{c.invalid.toLocaleString()}</strong> not targets
    </p>
  );
}

export function AddTargetsDialog({ studyId, studyName, initialText = '', onClose, onAdded }: { studyId: string; studyName: string; initialText?: string; onClose: () => void; onAdded: (r: TargetsAdded) => void }) {
  const [text, setText] = useState(initialText);
  const [collect, setCollect] = useState<Collect | null>(null);
  const [tooLarge, setTooLarge] = useState<AppError | null>(null);
  const [result, setResult] = useState<TargetsAdded | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const { run, busy, error: addError } = useStudyAction(studyId);

  // Main reads the entries (sends nothing); asked again as the text changes.
  const asked = useDebounced(text, 250);
  const previewQuery = useQuery({
    queryKey: [...studyKeys.all(studyId), 'targets-preview', asked],
    queryFn: async () => unwrap(await feedlens().studyTargetsPreview({ id: studyId, text: asked })),
    enabled: asked.trim() !== '',
    placeholderData: (previous) => previous,
  });
  const preview = text.trim() === '' ? null : (previewQuery.data ?? null);
  const error = tooLarge ?? addError ?? (previewQuery.error ? appErrorOf(previewQuery.error) : null);

  const kinds = [...new Set((preview?.entries ?? []).filter((e) => e.status === 'valid' || e.status === 'resolve').map((e) => e.kind).filter((k): k is TargetKind => k !== null))];
  const kindsKey = kinds.sort().join(',');
  useEffect(() => setCollect(defaultCollect(kindsKey === '' ? [] : (kindsKey.split(',') as TargetKind[]))), [kindsKey]);

  const importFile = async (f: File | undefined) => {
    if (!f) return;
    setTooLarge(null);
    if (f.size > MAX_FILE_BYTES) {
      setTooLarge({ kind: 'validation', message: `That file is larger than ${MAX_FILE_BYTES / 1_000_000} MB: split it, or keep the column of entries only.`, billed: false, retryable: false });
      return;
    }
    setText(await f.text());
  };

  const add = async () => {
    if (!collect) return;
    // Main asks the user itself before looking up usernames (they cost a request each).
    const r = await run(() => feedlens().studyTargetsAdd({ id: studyId, text, collect }));
    if (r.ok) {
      setResult(r.value);
      onAdded(r.value);
    }
  };

  const c = preview?.counts;
  const adding = c ? c.valid + c.resolve : 0;
  return (
    <Dialog title={`Add targets to “${studyName}”`} onClose={onClose} busy={busy} wide testId="add-targets-dialog">
      {result ? (
        <>
          <div className="sel-result" data-testid="targets-added" data-added={result.added}>
            <div className="row">
              <Icon name="check" size={16} className="sel-ok" />
              <strong>
                {result.added.toLocaleString()} target{result.added === 1 ? '' : 's'} added
              </strong>
            </div>
            <div className="muted">
              {result.duplicates.toLocaleString()} duplicates and {result.invalid.toLocaleString()} entries that are not targets were left out
              {result.unitsSpent > 0 ? `; the lookups spent ${requestCount(result.unitsSpent)}` : ''}.
            </div>
            {result.notFound.length > 0 && <div className="field-error">Not found: {result.notFound.join(', ')}</div>}
          </div>
          <div className="dialog-actions">
            <button type="button" className="btn primary" onClick={onClose} data-autofocus>
              Close
            </button>
          </div>
        </>
      ) : (
        <>
          <label>
            Entries, one per line
            <textarea
              value={text}
              onChange={(e) => setText(e.target.value)}
              rows={6}
              placeholder={'@username\nhttps://www.instagram.com/username/\n#hashtag\nhttps://www.instagram.com/explore/locations/123/\nplace:123 A café\n1234567 (a user id)'}
              className="targets-text mono"
              data-testid="targets-text"
              data-autofocus
            />
          </label>
          <div className="row">
            <button type="button" className="btn small" onClick={() => file.current?.click()} data-testid="targets-import">
              <Icon name="folder" size={12} /> Import a text or CSV file…
            </button>
            <input ref={file} type="file" accept=".txt,.csv,.tsv,text/plain,text/csv" hidden onChange={(e) => void importFile(e.target.files?.[0])} data-testid="targets-file" />
            <span className="field-hint">A CSV file is read by its username, url, id or target column (else its first column).</span>
          </div>
          {preview && <Summary preview={preview} />}
          {preview && <PreviewTable preview={preview} />}
          {collect && adding > 0 && <CollectFields kinds={kinds} value={collect} onChange={setCollect} />}
          {error && <ErrorView error={error} compact />}
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={onClose} disabled={busy} data-testid="targets-cancel">
              Cancel
            </button>
            <button type="button" className="btn primary" onClick={() => void add()} disabled={busy || adding === 0 || !collect || collect.lists.length === 0} data-testid="targets-add">
              {busy
                ? 'Adding…'
                : c && c.resolve > 0
                  ? `Look up ${c.resolve.toLocaleString()} and add ${adding.toLocaleString()} (${requestCount(preview?.resolveUnits ?? 0)})`
                  : `Add ${adding.toLocaleString()} target${adding === 1 ? '' : 's'}`}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
