// The downloads panel's words and numbers, without React: sizes, speeds, time left, how far an item or
// the whole queue got, and which actions make sense for an item in a given state.
import type { DownloadItem, DownloadsSnapshot, DownloadState } from '../../../../shared/ipc';
import { plural } from '../../format';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** "0 B", "512 B", "1.2 MB", "14 MB": decimal units as file managers show them, 2-3 significant digits. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

export function formatSpeed(bytesPerSecond: number): string {
  return `${formatBytes(bytesPerSecond)}/s`;
}

/** "less than a second", "12 s", "3 min 5 s", "2 h 4 min": time left, coarser as it grows. */
export function formatEta(seconds: number): string {
  if (seconds < 1) return 'less than a second';
  const s = Math.ceil(seconds);
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return s % 60 === 0 || minutes >= 10 ? `${minutes} min` : `${minutes} min ${s % 60} s`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/** How far one item got, 0..1; null while its size is unknown (the bar shows "working" instead). */
export function itemProgress(item: Pick<DownloadItem, 'state' | 'bytes' | 'totalBytes'>): number | null {
  if (item.state === 'done' || item.state === 'skipped') return 1;
  if (item.totalBytes === null || item.totalBytes <= 0) return item.state === 'running' ? null : 0;
  return Math.min(1, item.bytes / item.totalBytes);
}

/** Files that are finished one way or another, out of those that count (cancelled ones do not). */
export function overallCounts(snapshot: DownloadsSnapshot): { finished: number; total: number } {
  const { queued, running, done, skipped, failed } = snapshot.totals;
  return { finished: done + skipped + failed, total: queued + running + done + skipped + failed };
}

/**
 * How far the whole queue got, 0..1: by bytes when every size is known (main reports null until every
 * file has started), else by files.
 */
export function overallProgress(snapshot: DownloadsSnapshot): number {
  const { totals } = snapshot;
  const pending = totals.queued + totals.running;
  if (pending === 0) return overallCounts(snapshot).total > 0 ? 1 : 0;
  if (totals.totalBytes !== null && totals.totalBytes > 0) return Math.min(1, totals.bytes / totals.totalBytes);
  const { finished, total } = overallCounts(snapshot);
  return total > 0 ? finished / total : 0;
}

/** Files waiting or downloading (paused ones not): what the sidebar's badge counts. */
export function activeCount(snapshot: DownloadsSnapshot | null): number {
  return snapshot ? snapshot.items.filter((i) => i.state === 'queued' || i.state === 'running').length : 0;
}

/** Which of the queue-wide buttons apply now. */
export function queueActions(snapshot: DownloadsSnapshot): { resume: boolean; pause: boolean; cancel: boolean; retry: boolean; clear: boolean } {
  const has = (...states: DownloadState[]) => snapshot.items.some((i) => states.includes(i.state));
  const active = has('queued', 'running');
  const paused = has('paused');
  return {
    // "Resume all" replaces "Pause all" once everything left is paused.
    resume: snapshot.paused || (paused && !active),
    pause: active,
    cancel: active || paused,
    retry: has('failed', 'cancelled'),
    clear: has('done', 'skipped', 'failed', 'cancelled'),
  };
}

export const STATE_LABELS: Record<DownloadState, string> = {
  queued: 'Waiting',
  running: 'Downloading',
  paused: 'Paused',
  done: 'Saved',
  skipped: 'Already saved',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const KIND_LABELS: Record<DownloadItem['kind'], string> = {
  post: 'Post',
  story: 'Story',
  highlight: 'Highlight',
  profile: 'Profile picture',
};

export type ItemAction = 'pause' | 'resume' | 'cancel' | 'retry' | 'reveal';

/** The buttons an item offers in its state (the queue ignores the others anyway). */
export function itemActions(item: Pick<DownloadItem, 'state' | 'path'>): ItemAction[] {
  switch (item.state) {
    case 'queued':
    case 'running':
      return ['pause', 'cancel'];
    case 'paused':
      return ['resume', 'cancel'];
    case 'failed':
    case 'cancelled':
      return ['retry'];
    case 'done':
    case 'skipped':
      return item.path ? ['reveal'] : [];
  }
}

/** "3 of 12 files saved · 1.2 MB of 4 MB · 1 failed · 800 KB/s · about 4 s left": the overall line. */
export function overallSummary(snapshot: DownloadsSnapshot): string {
  const { totals } = snapshot;
  const { total } = overallCounts(snapshot);
  const saved = totals.done + totals.skipped;
  const parts = [`${saved.toLocaleString()} of ${total.toLocaleString()} ${plural(total, 'file', 'files')} saved`];
  if (totals.totalBytes !== null && totals.totalBytes > 0) parts.push(`${formatBytes(totals.bytes)} of ${formatBytes(totals.totalBytes)}`);
  else if (totals.bytes > 0) parts.push(formatBytes(totals.bytes));
  if (totals.failed > 0) parts.push(`${totals.failed.toLocaleString()} failed`);
  const pending = totals.queued + totals.running;
  if (snapshot.paused && pending > 0) parts.push('paused');
  else if (totals.running > 0 && totals.speed > 0) {
    parts.push(formatSpeed(totals.speed));
    if (totals.etaSeconds !== null) parts.push(`about ${formatEta(totals.etaSeconds)} left`);
  }
  return parts.join(' · ');
}

/** The saved file's name, for a row (paths are absolute, with either separator). */
export function fileName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}
