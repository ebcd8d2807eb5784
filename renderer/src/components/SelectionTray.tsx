// The selection tray, fixed at the bottom of the window while anything is selected: how many of each kind,
// and what to do with them: Download (main's queue; says what was queued, then how many of those files
// are saved as they finish, and what was already saved),
// Export (the export dialog), Clear. Esc clears too, unless a dialog or the viewer has the key.
import { useEffect } from 'react';
import { navigate } from '../state/navigation';
import { countByKind, isDownloadable, KIND_NOUNS, SELECTION_KINDS, useSelection } from '../state/selection';
import { useQueueFiles } from '../screens/downloads/useQueueFiles';
import { AddSelectionToStudy } from '../screens/studies/AddToStudy';
import { openExport } from './ExportDialog';
import { Icon } from './Icon';
import { plural } from '../format';

function useSelectingFlag(on: boolean): void {
  useEffect(() => {
    // Checkboxes show on every cell while something is selected (styles/selection.css).
    document.body.toggleAttribute('data-selecting', on);
    return () => document.body.removeAttribute('data-selecting');
  }, [on]);
}

function useEscapeClears(on: boolean, clear: () => void): void {
  useEffect(() => {
    if (!on) return;
    // Capture phase: runs before a dialog's own Escape handling, while the dialog is still on screen.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      if (document.querySelector('dialog[open], [role="dialog"], .backdrop')) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select')) return;
      clear();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [on, clear]);
}

export function SelectionTray() {
  const items = useSelection((s) => s.items);
  const clear = useSelection((s) => s.clear);
  const files = useQueueFiles();
  const { reset } = files;
  const list = Object.values(items);
  const any = list.length > 0;
  useSelectingFlag(any);
  useEscapeClears(any, clear);
  // A new selection makes the last download's message stale.
  useEffect(reset, [items, reset]);
  if (!any) return null;

  const counts = countByKind(list);
  const downloadable = list.filter(isDownloadable);
  const label = `Selection of ${list.length} ${plural(list.length, 'item', 'items')}`;

  return (
    <div className="sel-tray" role="region" aria-label="Selection" data-testid="selection-tray" data-count={list.length}>
      <strong className="sel-tray-total">{list.length.toLocaleString()} selected</strong>
      <ul className="sel-tray-counts" aria-label="Selected, by kind">
        {SELECTION_KINDS.filter((k) => (counts[k] ?? 0) > 0).map((k) => {
          const n = counts[k] ?? 0;
          return (
            <li key={k} className="chip" data-testid={`tray-count-${k}`} data-count={n}>
              {n.toLocaleString()} {KIND_NOUNS[k][n === 1 ? 0 : 1]}
            </li>
          );
        })}
      </ul>
      <span className="spacer" />
      {files.text !== null && (
        <span className={files.failed ? 'sel-tray-note error' : 'sel-tray-note'} role="status" data-testid="tray-outcome" data-saved={files.progress.saved} data-waiting={files.progress.waiting}>
          {files.text} ·{' '}
          <button type="button" className="sel-link" onClick={() => navigate({ name: 'downloads' })}>
            Downloads
          </button>
        </span>
      )}
      <button
        type="button"
        className="btn small"
        onClick={() => void files.queue(downloadable)}
        disabled={files.busy || downloadable.length === 0}
        title={downloadable.length === 0 ? 'Comments have no media: export them instead' : `Save the media of ${downloadable.length} items with their metadata`}
        data-testid="tray-download"
      >
        <Icon name="download" size={13} /> {files.busy ? 'Queuing…' : 'Download'}
      </button>
      <AddSelectionToStudy records={list.map((i) => i.record)} label={`${list.length} selected`} />
      <button type="button" className="btn small primary" onClick={() => openExport({ items: list, label, name: { target: 'selection', list: `${list.length}-items` } })} data-testid="tray-export">
        <Icon name="file-export" size={13} /> Export…
      </button>
      <button type="button" className="btn small ghost" onClick={clear} title="Clear the selection (Esc)" data-testid="tray-clear">
        <Icon name="x" size={13} /> Clear
      </button>
    </div>
  );
}
