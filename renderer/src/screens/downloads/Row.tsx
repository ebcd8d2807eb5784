// One file in the download queue: what it is, how far it got, its error, and the actions its state allows.
import type { DownloadItem } from '../../../../shared/ipc';
import { Icon, type IconName } from '../../components/Icon';
import { fileName, formatBytes, formatSpeed, itemActions, itemProgress, KIND_LABELS, STATE_LABELS, type ItemAction } from './format';

const KIND_ICONS: Record<DownloadItem['kind'], IconName> = { post: 'image', story: 'story', highlight: 'star', profile: 'user' };

const ACTIONS: Record<ItemAction, { icon: IconName; label: string }> = {
  pause: { icon: 'pause', label: 'Pause' },
  resume: { icon: 'play', label: 'Resume' },
  cancel: { icon: 'x', label: 'Cancel' },
  retry: { icon: 'retry', label: 'Retry' },
  reveal: { icon: 'folder', label: 'Show in folder' },
};

/** A progress bar; `value` null means "working, size not known yet". */
export function ProgressBar({ value, label, state }: { value: number | null; label: string; state?: string }) {
  const percent = value === null ? undefined : Math.round(value * 100);
  return (
    <div
      className={`dl-bar${value === null ? ' indeterminate' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-state={state}
    >
      <div className="dl-bar-fill" style={value === null ? undefined : { width: `${percent}%` }} />
    </div>
  );
}

function sizeText(item: DownloadItem): string {
  if (item.state === 'done' || item.state === 'skipped') return item.totalBytes !== null ? formatBytes(item.totalBytes) : '';
  if (item.totalBytes !== null) return `${formatBytes(item.bytes)} of ${formatBytes(item.totalBytes)}`;
  return item.bytes > 0 ? formatBytes(item.bytes) : '';
}

export function DownloadRow({ item, onAction }: { item: DownloadItem; onAction: (item: DownloadItem, action: ItemAction) => void }) {
  const speed = item.state === 'running' && item.speed !== null && item.speed > 0 ? formatSpeed(item.speed) : null;
  const detail = item.error ?? (item.path ? fileName(item.path) : null);
  // The kind of media is known from the saved file's extension once there is one.
  const video = item.path !== null && /\.(mp4|mov|webm)$/i.test(item.path);
  const kindLabel = video ? `${KIND_LABELS[item.kind]} (video)` : KIND_LABELS[item.kind];
  const size = sizeText(item);
  return (
    <div className="dl-row" data-testid="download-row" data-id={item.id} data-state={item.state} data-kind={item.kind}>
      <span className="dl-kind" title={kindLabel}>
        <Icon name={video ? 'film' : KIND_ICONS[item.kind]} size={16} label={kindLabel} />
      </span>
      <div className="dl-main">
        <div className="dl-label" title={item.label}>
          {item.label}
        </div>
        {detail && (
          <div className={item.error ? 'dl-error' : 'dl-file'} title={item.error ?? item.path ?? undefined} data-testid={item.error ? 'download-error' : 'download-file'}>
            {item.error && item.state === 'failed' && <Icon name="alert" size={12} />}
            {detail}
          </div>
        )}
      </div>
      <span className={`dl-state ${item.state}`} data-testid="download-state">
        {STATE_LABELS[item.state]}
      </span>
      <div className="dl-progress">
        <ProgressBar value={itemProgress(item)} label={`${item.label}: ${STATE_LABELS[item.state]}`} state={item.state} />
        {(size || speed) && (
          <div className="dl-numbers">
            <span>{size}</span>
            {speed && <span>{speed}</span>}
          </div>
        )}
      </div>
      <div className="dl-actions">
        {itemActions(item).map((action) => (
          <button
            key={action}
            type="button"
            className={action === 'retry' ? 'btn small' : 'icon-btn'}
            onClick={() => onAction(item, action)}
            aria-label={`${ACTIONS[action].label}: ${item.label}`}
            title={ACTIONS[action].label}
            data-testid={`download-${action}`}
          >
            <Icon name={ACTIONS[action].icon} size={action === 'retry' ? 12 : 15} />
            {action === 'retry' && ACTIONS[action].label}
          </button>
        ))}
      </div>
    </div>
  );
}
