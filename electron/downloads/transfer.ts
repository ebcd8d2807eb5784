// One file's transfer, for the queue (queue.ts): skipped when already saved, fetched (resuming its `.part`)
// with retries and backoff for network errors and 5xx, sent for a link renewal when the link expired, and
// handed to the batch saver (saving.ts) when complete. The queue owns the task's state; this module only
// moves it through the callbacks below.
import { sleep } from '../../shared/timing';
import type { Archive } from './archive';
import type { DiskThread } from './disk-thread';
import { DownloadError, fetchFile, removePart, type FetchMedia } from './fetch-file';
import type { Task } from './queue-state';
import { isFile } from '../storage/is-file';

export interface TransferDeps {
  archive: Archive;
  fetchMedia: FetchMedia;
  maxAttempts: number;
  /** Wait before attempt n+1. */
  retryDelay: (attempt: number) => number;
  /** Tasks queued in this session and not tried yet: enqueue looked for their file, no `.part` can exist. */
  fresh: Set<string>;
  /** Tasks whose link was renewed in this session: a second refusal fails them. */
  renewed: Set<string>;
  /** Still this run's task: not paused, cancelled or cleared meanwhile, and the queue is not closing. */
  isCurrent: (task: Task, controller: AbortController) => boolean;
  ensureFolder: (folder: string) => Promise<void>;
  /** Where the files are written (disk-thread.ts). */
  disk: DiskThread;
  finish: (task: Task, state: 'skipped' | 'failed', detail: { path?: string; error?: string }) => void;
  renew: (task: Task) => void;
  /** The file is downloaded (as a closed `.part`, its inode `ino` when written here): done once saved with its sidecar. */
  downloaded: (task: Task, ino: string | null) => void;
  sample: (taskId: string, bytes: number) => void;
  emitSoon: () => void;
  persistSoon: () => void;
  log: (message: string) => void;
}


export async function transfer(task: Task, controller: AbortController, d: TransferDeps): Promise<void> {
  const { signal } = controller;
  const mine = () => d.isCurrent(task, controller);
  const stopped = async () => {
    if (task.state === 'cancelled') await removePart(task.base, task.ext);
  };
  try {
    const firstTry = d.fresh.delete(task.id);
    if (!firstTry) {
      const saved = await d.archive.savedFile(task.id);
      if (saved !== null) return d.finish(task, 'skipped', { path: saved });
      if (task.ext !== null && (await isFile(`${task.base}.${task.ext}`))) {
        // A file takes its name by a hard link, then its `.part` is removed (never over a file that is
        // there): a crash in between leaves both, the same bytes. The file is whole; the `.part` goes.
        await removePart(task.base, task.ext);
        return d.finish(task, 'skipped', { path: `${task.base}.${task.ext}` });
      }
    }
    for (;;) {
      if (!mine()) return await stopped();
      task.attempts += 1;
      try {
        const result = await fetchFile({
          url: task.url,
          base: task.base,
          ext: task.ext,
          fallbackExt: task.fallbackExt,
          fetchMedia: d.fetchMedia,
          signal,
          expectedTotal: task.totalBytes,
          keepPart: true,
          ensureFolder: d.ensureFolder,
          disk: d.disk,
          mtime: task.takenAt,
          resume: !(firstTry && task.attempts === 1),
          onStart: (info) => {
            task.ext = info.ext;
            task.totalBytes = info.total;
            task.bytes = info.offset;
            task.contentType = info.contentType ?? task.contentType;
            d.emitSoon();
          },
          onProgress: (bytes) => {
            task.bytes = bytes;
            d.sample(task.id, bytes);
            d.emitSoon();
          },
        });
        // The file is whole; only its date (the post's time) could not be set: said, not failed.
        if (!result.dated) d.log(`downloads: ${task.id}: the file's modification time could not be set`);
        if (!mine()) return await stopped();
        task.bytes = result.bytes;
        task.totalBytes = result.bytes;
        task.sha256 = result.sha256;
        return d.downloaded(task, result.ino); // done once saved with its sidecar
      } catch (error) {
        if (!mine()) return await stopped();
        const e = error instanceof DownloadError ? error : new DownloadError('io', error instanceof Error ? error.message : String(error), false);
        if (e.kind === 'expired' && task.refresh && !d.renewed.has(task.id)) {
          task.state = 'queued'; // waits for the renewal batch without holding a transfer slot
          return d.renew(task);
        }
        if (e.retryable && task.attempts < d.maxAttempts) {
          task.error = `${e.message} Trying again (attempt ${task.attempts + 1} of ${d.maxAttempts}).`;
          d.persistSoon();
          d.emitSoon();
          await sleep(d.retryDelay(task.attempts), signal);
          continue;
        }
        return d.finish(task, 'failed', { error: e.message });
      }
    }
  } catch (error) {
    if (!mine()) return await stopped();
    d.finish(task, 'failed', { error: error instanceof DownloadError ? error.message : `Could not save the file: ${String(error)}` });
  }
}
