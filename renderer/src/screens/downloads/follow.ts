// Following files just queued (the selection tray's Download, the viewer's "Save this story") through
// main's download snapshots, so what the screen says moves from "queued" to "saved" (or "failed").
// Pure, tested in Node; useQueueFiles.ts is the hook.
import type { DownloadsSnapshot } from '../../../../shared/ipc';
import { plural } from '../../format';

export interface Followed {
  total: number;
  saved: number;
  failed: number;
  /** Queued, downloading or paused. */
  waiting: number;
  paused: number;
}

/** Where the files with these ids are now. A file no longer listed (cleared from the list) counts as neither. */
export function followed(snapshot: DownloadsSnapshot | null, ids: readonly string[]): Followed {
  const counts: Followed = { total: ids.length, saved: 0, failed: 0, waiting: snapshot ? 0 : ids.length, paused: 0 };
  if (!snapshot) return counts;
  const wanted = new Set(ids);
  for (const item of snapshot.items) {
    if (!wanted.has(item.id)) continue;
    if (item.state === 'done' || item.state === 'skipped') counts.saved += 1;
    else if (item.state === 'failed' || item.state === 'cancelled') counts.failed += 1;
    else {
      counts.waiting += 1;
      if (item.state === 'paused') counts.paused += 1;
    }
  }
  return counts;
}

/** "1 file queued", "2 of 5 files saved", "5 files saved", "4 files saved, 1 failed". */
export function followedText(f: Followed): string {
  const files = (n: number) => `${n.toLocaleString()} ${plural(n, 'file', 'files')}`;
  const failed = f.failed > 0 ? `, ${f.failed.toLocaleString()} failed` : '';
  if (f.waiting === 0) return `${files(f.saved)} saved${failed}`;
  if (f.saved === 0 && f.failed === 0) return `${files(f.total)} ${f.paused === f.waiting ? 'queued (downloads are paused)' : 'queued'}`;
  return `${f.saved.toLocaleString()} of ${files(f.total)} saved${failed}${f.paused === f.waiting ? ' (downloads are paused)' : ''}`;
}


export interface QueuedFiles {
  /** The files queued (to follow); `skipped`: already saved or queued before. */
  ids: string[];
  skipped: number;
}

/** What a Download or Save button says after it queued files: their progress, or that nothing was new. */
export function queuedText(queued: QueuedFiles, progress: Followed): string {
  const already = queued.skipped > 0 ? `${queued.skipped.toLocaleString()} already saved` : '';
  if (queued.ids.length === 0) return `Nothing new to save: ${already || 'no files'}`;
  return `${followedText(progress)}${already ? `, ${already}` : ''}`;
}
