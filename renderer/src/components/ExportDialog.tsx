// The export dialog, for a selection or a whole loaded list: format, CSV column set, delimiter and BOM,
// ZIP media, pseudonymisation, the ethics reminder; progress from main's 'export' events; the result with "Show in folder".
// Main writes the files (electron/export/); this only asks, with the records and their provenance.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { create } from 'zustand';
import type { AppError } from '../../../shared/api/errors';
import type { EventPayloads, ExportResult, OpArgs } from '../../../shared/ipc';
import { appErrorOf, feedlens, unwrap } from '../api/bridge';
import { useMainAction } from '../api/useMainAction';
import { countByKind, describeCounts, toSelected, type Selectable, type SelectedItem } from '../state/selection';
import { useEthicsNote } from './EthicsReminder';
import { Dialog } from './Dialog';
import { ErrorView } from './ErrorView';
import {
  COLUMN_SETS, DELIMITERS, FORMATS, columnSetCounts, exportArgs, formProblem, initialForm, skippedBy, type ExportForm, type ExportName, type PartialList,
} from './exportPlan';
import { Icon } from './Icon';
import { CollectButton } from './JobDialog';
import { useAppState } from '../state/app';

export type { ExportName, PartialList };

export interface ExportRequest {
  items: readonly Selectable[];
  /** Says what the export is ("Followers of @nasa", "Selection of 12 items"), in its manifest. */
  label: string;
  name?: ExportName;
  /** Set when the list has more pages than are loaded: the dialog says so and offers the rest as a run. */
  partial?: PartialList;
}

const useExportDialog = create<{ request: ExportRequest | null; opened: number }>(() => ({ request: null, opened: 0 }));

export function openExport(request: ExportRequest): void {
  useExportDialog.setState((s) => ({ request, opened: s.opened + 1 }));
}

function closeExport(): void {
  useExportDialog.setState({ request: null });
}

// The options last used this session (not the column set, which follows the items); the project name
// also survives restarts, so pseudonyms stay consistent without retyping it.
const PROJECT_KEY = 'feedlens.export.project';
let lastForm: Partial<ExportForm> = {};

function savedProject(): string {
  try {
    return localStorage.getItem(PROJECT_KEY) ?? '';
  } catch {
    return '';
  }
}

export function ExportDialog() {
  const request = useExportDialog((s) => s.request);
  const opened = useExportDialog((s) => s.opened);
  if (!request) return null;
  return <ExportForm key={opened} request={request} />;
}

type Phase = { step: 'form' } | { step: 'running' } | { step: 'done'; result: ExportResult } | { step: 'failed'; error: AppError };

function ExportForm({ request }: { request: ExportRequest }) {
  const { items, label, name, partial } = request;
  const [form, setForm] = useState<ExportForm>(() => initialForm(items, { project: savedProject(), ...lastForm }));
  const exporting = useMutation({ mutationFn: async (args: OpArgs<'exportRun'>) => unwrap(await feedlens().exportRun(args)) });
  const phase: Phase = exporting.isPending
    ? { step: 'running' }
    : exporting.isSuccess
      ? { step: 'done', result: exporting.data }
      : exporting.isError
        ? { step: 'failed', error: appErrorOf(exporting.error) }
        : { step: 'form' };
  const [progress, setProgress] = useState<EventPayloads['export'] | null>(null);
  const selected = items.map(toSelected).filter((i): i is SelectedItem => i !== null);
  const setCounts = columnSetCounts(items);
  const problem = formProblem(form, items);
  const skipped = form.format === 'csv' ? skippedBy(items, form.columns) : 0;
  const running = phase.step === 'running';

  useEffect(() => feedlens().on('export', (p) => p.label === label && setProgress(p)), [label]);

  const update = (patch: Partial<ExportForm>) => setForm((f) => ({ ...f, ...patch }));
  const ethics = useEthicsNote(form.pseudonymise);
  const close = () => {
    if (!running) closeExport();
  };

  const run = () => {
    if (problem) return;
    const { columns: _columns, ...remembered } = form;
    lastForm = remembered;
    if (form.pseudonymise) {
      try {
        localStorage.setItem(PROJECT_KEY, form.project.trim());
      } catch {
        // Storage unavailable: the name is simply not remembered.
      }
    }
    setProgress(null);
    exporting.mutate({ ...exportArgs(form, items, label), ethics: ethics.choice(form.pseudonymise), ...(name ? { name } : {}) });
  };

  return (
    <Dialog title={`Export ${items.length.toLocaleString()} ${items.length === 1 ? 'item' : 'items'}`} onClose={close} busy={running} className="sel-dialog" testId="export-dialog">
      <div className="muted sel-dialog-sub">
        {describeCounts(countByKind(selected)) || 'No items'} · <span className="sel-label">{label}</span>
      </div>
      {partial && phase.step !== 'done' && <PartialNote loaded={items.length} partial={partial} />}
      {phase.step === 'form' && <ExportFolder />}

      {phase.step === 'done' ? (
        <ExportDone result={phase.result} pseudonymised={form.pseudonymise ? form.project.trim() : null} />
      ) : (
        <fieldset className="sel-fields" disabled={running}>
          <div className="sel-field">
            <span className="sel-field-label" id="export-format">
              Format
            </span>
            <div className="sel-segmented" role="radiogroup" aria-labelledby="export-format">
              {FORMATS.map((f, i) => (
                <button
                  key={f.key}
                  data-autofocus={i === 0 || undefined}
                  type="button"
                  role="radio"
                  aria-checked={form.format === f.key}
                  className="sel-segment"
                  onClick={() => update({ format: f.key })}
                  data-testid={`export-format-${f.key}`}
                >
                  {f.label}
                </button>
              ))}
            </div>
            <div className="field-hint">{FORMATS.find((f) => f.key === form.format)?.hint}</div>
          </div>

          {form.format === 'csv' && (
            <label className="sel-field">
              <span className="sel-field-label">Columns</span>
              <select value={form.columns ?? ''} onChange={(e) => update({ columns: (e.target.value || null) as ExportForm['columns'] })} data-testid="export-columns">
                {form.columns === null && <option value="">No column set fits these items</option>}
                {COLUMN_SETS.map((c) => (
                  <option key={c.key} value={c.key}>
                    {c.label}
                    {setCounts[c.key] ? ` · ${setCounts[c.key]?.toLocaleString()}` : ''}
                  </option>
                ))}
              </select>
              {skipped > 0 && skipped < items.length && (
                <span className="field-hint">
                  {skipped.toLocaleString()} {skipped === 1 ? 'item is' : 'items are'} of another kind and will be left out (a ZIP keeps every kind, one CSV each).
                </span>
              )}
            </label>
          )}

          {(form.format === 'csv' || form.format === 'zip') && (
            <div className="sel-field-row">
              <label className="sel-field">
                <span className="sel-field-label">Delimiter</span>
                <select value={form.delimiter} onChange={(e) => update({ delimiter: e.target.value as ExportForm['delimiter'] })} data-testid="export-delimiter">
                  {DELIMITERS.map((d) => (
                    <option key={d.label} value={d.key}>
                      {d.label}
                    </option>
                  ))}
                </select>
              </label>
              <label className="checkbox sel-inline-check" title="Adds a byte-order mark so Excel on Windows reads names in every script correctly">
                <input type="checkbox" checked={form.bom} onChange={(e) => update({ bom: e.target.checked })} data-testid="export-bom" />
                Excel (UTF-8 BOM)
              </label>
            </div>
          )}

          {form.format === 'zip' && (
            <label className="checkbox">
              <input type="checkbox" checked={form.includeMedia} onChange={(e) => update({ includeMedia: e.target.checked })} data-testid="export-media" />
              Include saved media (the files of these items already in the library)
            </label>
          )}

          <Pseudonymise form={form} update={update} />
          {ethics.view}
        </fieldset>
      )}

      {running && <ExportProgress progress={progress} total={items.length} />}
      {phase.step === 'failed' && <ErrorView error={phase.error} compact />}
      {phase.step === 'form' && problem && (
        <div className="field-error" role="status" data-testid="export-problem">
          {problem}
        </div>
      )}

      <div className="dialog-actions">
        {phase.step === 'done' ? (
          <button type="button" className="btn primary" onClick={close} data-testid="export-close">
            Done
          </button>
        ) : (
          <>
            <button type="button" className="btn" onClick={close} disabled={running}>
              Cancel
            </button>
            <button type="button" className="btn primary" onClick={run} disabled={running || problem !== null} data-testid="export-run">
              <Icon name="file-export" size={14} /> {running ? 'Exporting…' : 'Export'}
            </button>
          </>
        )}
      </div>
    </Dialog>
  );
}

/** "12 of 640 posts": the export holds what is loaded; the rest can be collected as a run. */
function PartialNote({ loaded, partial }: { loaded: number; partial: PartialList }) {
  const { total, noun, collect } = partial;
  const of = total !== null && total > loaded ? ` of ${total.toLocaleString()}` : '';
  return (
    <div className="notice warn sel-partial" role="status" data-testid="export-partial">
      <span>
        Only what is loaded: <strong>{loaded.toLocaleString()}{of}</strong> {(total ?? loaded) === 1 ? noun[0] : noun[1]}. The list has more pages
        {collect ? '; collect all of it as a run (an estimate first, within a budget you set):' : '.'}
      </span>
      {collect && <CollectButton draft={collect.draft}>{collect.label}</CollectButton>}
    </div>
  );
}

/** Where the export goes: the folder last chosen in main's own folder dialog (else the exports folder). */
function ExportFolder() {
  const folder = useAppState((s) => s.info?.exportFolder ?? '');
  const choosing = useMainAction();
  const error = choosing.error?.message ?? choosing.declined;
  const choose = async () => {
    const result = await choosing.run(() => feedlens().exportFolderChoose({}));
    if (result.ok) useAppState.setState({ info: result.value });
  };
  return (
    <div className="sel-field">
      <span className="sel-field-label">Save in</span>
      <div className="row sel-folder">
        <span className="mono sel-path" title={folder} data-testid="export-folder">
          {folder}
        </span>
        <button type="button" className="btn small" onClick={() => void choose()} data-testid="export-folder-choose">
          <Icon name="folder" size={13} /> Choose folder…
        </button>
      </div>
      {error && <div className="field-error">{error}</div>}
    </div>
  );
}

function Pseudonymise({ form, update }: { form: ExportForm; update: (patch: Partial<ExportForm>) => void }) {
  return (
    <div className={`sel-pseudo${form.pseudonymise ? ' on' : ''}`}>
      <label className="checkbox">
        <input type="checkbox" checked={form.pseudonymise} onChange={(e) => update({ pseudonymise: e.target.checked })} data-testid="export-pseudonymise" />
        <Icon name="shield" size={14} /> Pseudonymise people
      </label>
      <div className="field-hint">
        Every person (authors, coauthors, people tagged or mentioned, commenters, likers, followers) becomes a pseudonym such as{' '}
        <code>u_3f9c0a1b2d4e5f60</code>. The same person gets the same pseudonym in every export of a project; the project&apos;s key stays in
        your system keychain, never in the export.
      </div>
      {form.pseudonymise && (
        <>
          <label className="sel-field">
            <span className="sel-field-label">Project</span>
            <input type="text" value={form.project} onChange={(e) => update({ project: e.target.value })} placeholder="e.g. thesis-2026" maxLength={100} data-testid="export-project" />
          </label>
          <div className="sel-pseudo-options">
            <label className="checkbox">
              <input type="checkbox" checked={form.dropNames} onChange={(e) => update({ dropNames: e.target.checked })} />
              Drop full names
            </label>
            <label className="checkbox">
              <input type="checkbox" checked={form.dropPictures} onChange={(e) => update({ dropPictures: e.target.checked })} data-testid="export-drop-pictures" />
              Drop profile pictures (their links lead back to the person)
            </label>
            <label className="checkbox">
              <input type="checkbox" checked={form.dropText} onChange={(e) => update({ dropText: e.target.checked })} />
              Drop free text (captions, comments, biographies)
            </label>
          </div>
          <details className="sel-details">
            <summary>What pseudonymisation does, and does not do</summary>
            <ul>
              <li>Pseudonym = the first 16 hex digits of an HMAC-SHA256 of the person&apos;s id (or username) with the project&apos;s key.</li>
              <li>Replaced everywhere: ids, usernames and full names in records, raw records, provenance, file names and @mentions in text.</li>
              <li>Another project has another key: its pseudonyms cannot be linked with this one&apos;s.</li>
              <li>
                It is not anonymisation: post links, shortcodes, photos and free text can still lead back to people. Drop free text and keep the
                export private when that matters.
              </li>
              <li>Details: docs/pseudonymisation.md in the Feedlens documentation.</li>
            </ul>
          </details>
        </>
      )}
    </div>
  );
}

function ExportProgress({ progress, total }: { progress: EventPayloads['export'] | null; total: number }) {
  const of = progress?.total ?? total;
  const rows = progress?.rows ?? 0;
  return (
    <div className="sel-progress" role="status" aria-live="polite" data-testid="export-progress">
      <div className="sel-bar">
        <div className="sel-bar-fill" style={{ width: `${of > 0 ? Math.min(100, (rows / of) * 100) : 0}%` }} />
      </div>
      <span className="muted">
        {rows.toLocaleString()} of {of.toLocaleString()} written
      </span>
    </div>
  );
}

function ExportDone({ result, pseudonymised }: { result: ExportResult; pseudonymised: string | null }) {
  const [revealError, setRevealError] = useState<string | null>(null);
  const reveal = async () => {
    const r = await feedlens().revealPath({ path: result.path });
    setRevealError(r.ok ? null : r.error.message);
  };
  return (
    <div className="sel-result" data-testid="export-result" data-path={result.path} data-rows={result.rows}>
      <div className="row">
        <Icon name="check" size={16} className="sel-ok" />
        <strong>
          Exported {result.rows.toLocaleString()} {result.rows === 1 ? 'row' : 'rows'}
        </strong>
        {pseudonymised && <span className="badge">Pseudonymised · {pseudonymised}</span>}
      </div>
      <div className="mono sel-path" title={result.path}>
        {result.path}
      </div>
      {result.manifestPath && <div className="faint">Manifest: {result.manifestPath.split(/[\\/]/).pop()}</div>}
      <div>
        <button type="button" className="btn small" onClick={() => void reveal()} data-testid="export-reveal">
          <Icon name="folder" size={13} /> Show in folder
        </button>
      </div>
      {revealError && <div className="field-error">{revealError}</div>}
    </div>
  );
}
