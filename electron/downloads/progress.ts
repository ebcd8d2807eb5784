// The download queue's progress for the renderer: a snapshot of every file with overall figures, sent a
// few times a second at most (less often for long queues, as each snapshot carries every file), with a
// per-file speed over the last few seconds.
import type { DownloadItem, DownloadsSnapshot } from '../../shared/ipc';
import type { Task } from './queue-state';

const SPEED_WINDOW_MS = 3000;

export interface ProgressOptions {
  tasks: ReadonlyMap<string, Task>;
  emit: (snapshot: DownloadsSnapshot) => void;
  paused: () => boolean;
  closing: () => boolean;
  /** Least time between two events. Default 250 ms. */
  emitIntervalMs?: number;
}

export interface Progress {
  /** Sends a snapshot soon (throttled). */
  emitSoon(): void;
  /** Bytes of a running file so far, for its speed. */
  sample(id: string, bytes: number): void;
  /** Drops a file's speed samples (it stopped, or starts over). */
  forget(id: string): void;
  snapshot(): DownloadsSnapshot;
  stop(): void;
}

export function createProgress(o: ProgressOptions): Progress {
  const samples = new Map<string, [number, number][]>();
  let timer: NodeJS.Timeout | null = null;
  let lastEmit = 0;

  function interval(): number {
    return Math.max(o.emitIntervalMs ?? 250, Math.min(2000, o.tasks.size / 20));
  }

  function speedOf(id: string): number {
    const s = samples.get(id);
    if (!s || s.length < 2) return 0;
    const [t0, b0] = s[0] as [number, number];
    const [t1, b1] = s[s.length - 1] as [number, number];
    return t1 > t0 ? ((b1 - b0) * 1000) / (t1 - t0) : 0;
  }

  function snapshot(): DownloadsSnapshot {
    const items: DownloadItem[] = [];
    const totals = { queued: 0, running: 0, done: 0, skipped: 0, failed: 0, bytes: 0, totalBytes: 0 as number | null, speed: 0, etaSeconds: null as number | null };
    for (const t of o.tasks.values()) {
      const speed = t.state === 'running' ? speedOf(t.id) : null;
      items.push({ id: t.id, label: t.label, kind: t.kind, state: t.state, bytes: t.bytes, totalBytes: t.totalBytes, speed, path: t.path, error: t.error, attempts: t.attempts });
      if (t.state === 'queued' || t.state === 'paused') totals.queued += 1;
      else if (t.state === 'running') totals.running += 1;
      else if (t.state === 'done') totals.done += 1;
      else if (t.state === 'skipped') totals.skipped += 1;
      else if (t.state === 'failed') totals.failed += 1;
      if (t.state === 'skipped' || t.state === 'cancelled') continue;
      totals.bytes += t.bytes;
      totals.totalBytes = totals.totalBytes === null || t.totalBytes === null ? null : totals.totalBytes + t.totalBytes;
      totals.speed += speed ?? 0;
    }
    if (totals.totalBytes !== null && totals.speed > 0) totals.etaSeconds = Math.max(0, (totals.totalBytes - totals.bytes) / totals.speed);
    return { items, totals, paused: o.paused() };
  }

  return {
    emitSoon() {
      if (timer || o.closing()) return;
      const wait = Math.max(0, lastEmit + interval() - Date.now());
      timer = setTimeout(() => {
        timer = null;
        lastEmit = Date.now();
        o.emit(snapshot());
      }, wait);
    },
    sample(id, bytes) {
      const t = performance.now();
      const s = samples.get(id) ?? [];
      s.push([t, bytes]);
      while (s.length > 2 && (s[0] as [number, number])[0] < t - SPEED_WINDOW_MS) s.shift();
      samples.set(id, s);
    },
    forget: (id) => void samples.delete(id),
    snapshot,
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
