// The downloads panel (route { name: 'downloads' }): main's download queue, live. Overall progress, speed
// and time left; per file its progress, speed, error with Retry and "Show in folder"; pause, resume,
// cancel, retry failed and clear finished for all. The queue itself runs in main (electron/downloads/):
// this screen only shows its snapshots and sends controls.
import type { DownloadItem, DownloadsSnapshot } from '../../../shared/ipc';
import { ErrorView } from '../components/ErrorView';
import { Icon } from '../components/Icon';
import { JobsPanel } from '../components/JobsPanel';
import { VirtualList } from '../components/Virtual';
import { useAppState } from '../state/app';
import { overallProgress, overallSummary, queueActions, type ItemAction } from './downloads/format';
import { reveal, useAction } from './downloads/actions';
import { DownloadRow, ProgressBar } from './downloads/Row';
import { useDownloads, useDownloadsSnapshot } from './downloads/store';
import '../styles/downloads.css';

/** The overall bar's colour: paused, failed once nothing is left to do, done when all is saved. */
function overallState(snapshot: DownloadsSnapshot, can: ReturnType<typeof queueActions>): string | undefined {
  if (can.resume) return 'paused';
  if (can.pause) return undefined;
  if (snapshot.totals.failed > 0) return 'failed';
  return snapshot.items.every((i) => i.state === 'done' || i.state === 'skipped') ? 'done' : undefined;
}

function EmptyState({ folder, onOpenFolder }: { folder: string | null; onOpenFolder: (() => void) | null }) {
  return (
    <div className="state dl-empty" data-testid="downloads-empty">
      <Icon name="download" size={30} className="faint" />
      <h2>Nothing is downloading</h2>
      <p className="muted">
        To save media, select posts, reels, stories, highlights or profiles with the checkbox on each, then choose{' '}
        <strong>Download</strong> in the selection tray. Files keep their date and shortcode in their name, with a JSON sidecar beside each
        that says where it came from.
      </p>
      <p className="muted">
        Saved to <span className="mono">{folder ?? 'Downloads/Feedlens'}</span> (change it in Settings).
      </p>
      {onOpenFolder && (
        <button type="button" className="btn" onClick={onOpenFolder} data-testid="downloads-open-folder">
          <Icon name="folder" size={14} /> Open the download folder
        </button>
      )}
    </div>
  );
}

export function DownloadsScreen() {
  const snapshot = useDownloadsSnapshot();
  const loadError = useDownloads((s) => s.loadError);
  const control = useDownloads((s) => s.control);
  const folder = useAppState((s) => s.info?.downloadFolder) ?? null;
  const action = useAction();

  const openFolder = folder ? () => action.run(() => reveal(folder)) : null;
  const onItem = (item: DownloadItem, what: ItemAction) => {
    if (what === 'reveal') {
      if (item.path) action.run(() => reveal(item.path as string));
      return;
    }
    action.run(() => control(what, [item.id]));
  };

  if (loadError) {
    return (
      <div className="page">
        <ErrorView error={loadError} />
      </div>
    );
  }
  if (!snapshot) {
    return (
      <div className="state">
        <div className="spinner" aria-label="Loading" />
      </div>
    );
  }

  const { totals, items } = snapshot;
  const can = queueActions(snapshot);
  const toRetry = items.filter((i) => i.state === 'failed' || i.state === 'cancelled').length;
  return (
    <div className="page dl-page" data-testid="downloads" data-paused={snapshot.paused ? 'true' : 'false'}>
      <div className="page-header">
        <h1>Downloads</h1>
        <span className="muted">Media saved to disk, with a JSON sidecar each.</span>
        <span className="spacer" />
        {openFolder && items.length > 0 && (
          <button type="button" className="btn small" onClick={openFolder} title={folder ?? undefined} data-testid="downloads-folder">
            <Icon name="folder" size={13} /> Open folder
          </button>
        )}
      </div>

      {action.error !== null && <ErrorView error={action.error} compact />}

      {/* Bulk collection jobs (components/JobsPanel.tsx): few and long-running, so above the file list. */}
      <JobsPanel />

      {items.length > 0 && (
        <section className="card dl-overall" aria-label="All downloads" data-testid="downloads-overall">
          <div className="dl-overall-head">
            <strong data-testid="downloads-summary">{overallSummary(snapshot)}</strong>
            <span className="spacer" />
            {can.resume ? (
              <button type="button" className="btn small primary" onClick={() => action.run(() => control('resume'))} data-testid="downloads-resume-all">
                <Icon name="play" size={12} /> Resume all
              </button>
            ) : (
              <button type="button" className="btn small" onClick={() => action.run(() => control('pause'))} disabled={!can.pause} data-testid="downloads-pause-all">
                <Icon name="pause" size={12} /> Pause all
              </button>
            )}
            <button
              type="button"
              className="btn small"
              onClick={() => action.run(() => control('retry'))}
              disabled={!can.retry}
              title="Starts failed and cancelled files again."
              data-testid="downloads-retry-failed"
            >
              <Icon name="retry" size={12} /> Retry failed{toRetry > 0 ? ` (${toRetry})` : ''}
            </button>
            <button
              type="button"
              className="btn small danger"
              onClick={() => action.run(() => control('cancel'))}
              disabled={!can.cancel}
              title="Stops every file not yet saved and removes its partial data. Retry starts them again."
              data-testid="downloads-cancel-all"
            >
              <Icon name="x" size={12} /> Cancel all
            </button>
            <button
              type="button"
              className="btn small"
              onClick={() => action.run(() => control('clear'))}
              disabled={!can.clear}
              title="Removes saved, skipped, failed and cancelled files from this list. Saved files stay on disk and in the Library."
              data-testid="downloads-clear"
            >
              Clear finished
            </button>
          </div>
          <ProgressBar value={overallProgress(snapshot)} label="All downloads" state={overallState(snapshot, can)} />
          <div className="dl-counts muted" data-testid="downloads-counts">
            <span data-count={totals.done}>{totals.done.toLocaleString()} saved</span>
            <span data-count={totals.skipped}>{totals.skipped.toLocaleString()} already saved</span>
            <span data-count={totals.running}>{totals.running.toLocaleString()} downloading</span>
            <span data-count={totals.queued}>{totals.queued.toLocaleString()} waiting</span>
            <span data-count={totals.failed} className={totals.failed > 0 ? 'dl-failed-count' : undefined}>
              {totals.failed.toLocaleString()} failed
            </span>
          </div>
        </section>
      )}

      {items.length === 0 ? (
        <EmptyState folder={folder} onOpenFolder={openFolder} />
      ) : (
        <section className="dl-list" aria-label="Files">
          <VirtualList items={items} itemKey={(item) => item.id} renderRow={(item) => <DownloadRow item={item} onAction={onItem} />} estimate={58} label="Download queue" />
        </section>
      )}
    </div>
  );
}
