// The queue's progress events on a fake clock: however often files report, snapshots go out at most once
// per interval (longer for long queues), the last change is never lost, and a file's speed is its bytes
// over the last few seconds.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgress } from '../../../../electron/downloads/progress';
import type { Task } from '../../../../electron/downloads/queue-state';
import type { DownloadsSnapshot } from '../../../../shared/ipc';

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] }));
afterEach(() => vi.useRealTimers());

function task(id: string, patch: Partial<Task> = {}): Task {
  return { id, label: id, kind: 'post', state: 'running', bytes: 0, totalBytes: 1000, path: null, error: null, attempts: 1, ...patch } as Task;
}

function setup(tasks: Map<string, Task>, emitIntervalMs?: number) {
  const events: { at: number; snapshot: DownloadsSnapshot }[] = [];
  const progress = createProgress({ tasks, emit: (snapshot) => events.push({ at: Date.now(), snapshot }), paused: () => false, closing: () => false, ...(emitIntervalMs !== undefined ? { emitIntervalMs } : {}) });
  return { events, progress };
}

describe('download progress', () => {
  it('sends at most one snapshot per interval, and the last change goes out', async () => {
    const t = task('a');
    const { events, progress } = setup(new Map([['a', t]]), 200);
    // A file reporting every 10 ms for two seconds.
    for (let ms = 0; ms < 2000; ms += 10) {
      t.bytes = ms / 2;
      progress.emitSoon();
      await vi.advanceTimersByTimeAsync(10);
    }
    t.bytes = 1000;
    t.state = 'done';
    progress.emitSoon();
    await vi.advanceTimersByTimeAsync(1000);
    const gaps = events.slice(1).map((e, i) => e.at - events[i]!.at);
    expect(events.length).toBeGreaterThanOrEqual(9);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(200);
    expect(events.at(-1)!.snapshot.totals).toMatchObject({ done: 1, running: 0, bytes: 1000, totalBytes: 1000 });
  });

  it('spaces snapshots further for long queues (each carries every file)', async () => {
    const tasks = new Map(Array.from({ length: 20_000 }, (_, i) => [`t${i}`, task(`t${i}`, { state: 'queued' })] as const));
    const { events, progress } = setup(tasks, 200);
    for (let ms = 0; ms < 5000; ms += 50) {
      progress.emitSoon();
      await vi.advanceTimersByTimeAsync(50);
    }
    const gaps = events.slice(1).map((e, i) => e.at - events[i]!.at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000);
  });

  it("gives a running file's speed over its recent samples, and none once forgotten", () => {
    const tasks = new Map([['a', task('a', { bytes: 500 })]]);
    const { progress } = setup(tasks);
    progress.sample('a', 0);
    vi.advanceTimersByTime(500);
    progress.sample('a', 250);
    expect(progress.snapshot().items[0]!.speed).toBe(500);
    expect(progress.snapshot().totals.etaSeconds).toBe(1);
    progress.forget('a');
    expect(progress.snapshot().items[0]!.speed).toBe(0);
  });
});
