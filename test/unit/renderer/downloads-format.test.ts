// The downloads panel's numbers and words: sizes, speeds, time left, per-item and overall progress, the
// sidebar's count and which buttons an item or the queue offers, from snapshots shaped as main sends them.
import { describe, expect, it } from 'vitest';
import type { DownloadItem, DownloadsSnapshot, DownloadState } from '../../../shared/ipc';
import {
  activeCount, fileName, formatBytes, formatEta, formatSpeed, itemActions, itemProgress, overallCounts, overallProgress, overallSummary, queueActions,
} from '../../../renderer/src/screens/downloads/format';

let n = 0;
/** A file of a carousel as the queue lists it (labels as electron/downloads/plan.ts writes them). */
function item(state: DownloadState, bytes: number, totalBytes: number | null, extra: Partial<DownloadItem> = {}): DownloadItem {
  n += 1;
  return {
    id: `post:3776832898280228145#${n}`,
    label: `@skyward.atlas · 2026-04-01 · ${n}/10`,
    kind: 'post',
    state,
    bytes,
    totalBytes,
    speed: state === 'running' ? 250_000 : null,
    path: state === 'done' || state === 'skipped' ? `/home/ana/Downloads/Feedlens/skyward.atlas/2026-04-01_13-00-03_UTC_DRqAYKuAIUx_${n}.jpg` : null,
    error: null,
    attempts: state === 'queued' ? 0 : 1,
    ...extra,
  };
}

/** A snapshot with totals computed the way electron/downloads/queue.ts computes them. */
function snapshot(items: DownloadItem[], paused = false): DownloadsSnapshot {
  const totals = { queued: 0, running: 0, done: 0, skipped: 0, failed: 0, bytes: 0, totalBytes: 0 as number | null, speed: 0, etaSeconds: null as number | null };
  for (const i of items) {
    if (i.state === 'queued' || i.state === 'paused') totals.queued += 1;
    else if (i.state === 'running' || i.state === 'done' || i.state === 'skipped' || i.state === 'failed') totals[i.state] += 1;
    if (i.state === 'skipped' || i.state === 'cancelled') continue;
    totals.bytes += i.bytes;
    totals.totalBytes = totals.totalBytes === null || i.totalBytes === null ? null : totals.totalBytes + i.totalBytes;
    totals.speed += i.speed ?? 0;
  }
  if (totals.totalBytes !== null && totals.speed > 0) totals.etaSeconds = (totals.totalBytes - totals.bytes) / totals.speed;
  return { items, totals, paused };
}

describe('formatBytes, formatSpeed, formatEta', () => {
  it('writes sizes in decimal units with two or three significant digits', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(181_234)).toBe('181 KB');
    expect(formatBytes(1_250_000)).toBe('1.3 MB');
    expect(formatBytes(14_200_000)).toBe('14 MB');
    expect(formatBytes(3_100_000_000)).toBe('3.1 GB');
    expect(formatSpeed(820_000)).toBe('820 KB/s');
  });

  it('writes the time left coarser as it grows', () => {
    expect(formatEta(0.2)).toBe('less than a second');
    expect(formatEta(12.1)).toBe('13 s');
    expect(formatEta(185)).toBe('3 min 5 s');
    expect(formatEta(720)).toBe('12 min');
    expect(formatEta(2 * 3600 + 4 * 60)).toBe('2 h 4 min');
  });
});

describe('itemProgress', () => {
  it('is the share of bytes received, full when saved or skipped, unknown while a size is unknown', () => {
    expect(itemProgress(item('running', 50_000, 200_000))).toBe(0.25);
    expect(itemProgress(item('done', 200_000, 200_000))).toBe(1);
    expect(itemProgress(item('skipped', 0, null))).toBe(1);
    expect(itemProgress(item('running', 10_000, null))).toBeNull();
    expect(itemProgress(item('queued', 0, null))).toBe(0);
    expect(itemProgress(item('paused', 80_000, 100_000))).toBe(0.8);
  });
});

describe('overall progress and counts', () => {
  it('goes by bytes once every size is known', () => {
    const s = snapshot([item('done', 100_000, 100_000), item('running', 50_000, 300_000)]);
    expect(overallProgress(s)).toBeCloseTo(150_000 / 400_000);
    expect(overallCounts(s)).toEqual({ finished: 1, total: 2 });
  });

  it('goes by files while some file has not started (its size is unknown)', () => {
    const s = snapshot([item('done', 100_000, 100_000), item('running', 50_000, 300_000), item('queued', 0, null), item('queued', 0, null)]);
    expect(s.totals.totalBytes).toBeNull();
    expect(overallProgress(s)).toBe(0.25);
  });

  it('is complete when nothing is left, failures included, and zero for an empty queue', () => {
    expect(overallProgress(snapshot([item('done', 1, 1), item('failed', 0, null)]))).toBe(1);
    expect(overallProgress(snapshot([]))).toBe(0);
  });

  it('does not count cancelled files', () => {
    expect(overallCounts(snapshot([item('done', 1, 1), item('cancelled', 0, null)]))).toEqual({ finished: 1, total: 1 });
  });
});

describe('overallSummary', () => {
  it('says files saved, bytes, speed and time left while downloading', () => {
    const s = snapshot([item('done', 1_000_000, 1_000_000), item('running', 500_000, 1_500_000)]);
    expect(overallSummary(s)).toBe('1 of 2 files saved · 1.5 MB of 2.5 MB · 250 KB/s · about 4 s left');
  });

  it('says paused instead of a speed, and no bytes before any arrived', () => {
    const s = snapshot([item('paused', 0, null), item('paused', 0, null)], true);
    expect(overallSummary(s)).toBe('0 of 2 files saved · paused');
  });

  it('gives no speed while a file waits to be tried again', () => {
    const s = snapshot([item('running', 0, null, { speed: 0, error: 'The media host answered HTTP 500. Trying again (attempt 2 of 4).' })]);
    expect(overallSummary(s)).toBe('0 of 1 file saved');
  });

  it('counts skipped files as saved and says how many failed once finished', () => {
    expect(overallSummary(snapshot([item('done', 181_234, 181_234)]))).toBe('1 of 1 file saved · 181 KB of 181 KB');
    expect(overallSummary(snapshot([item('skipped', 0, null), item('done', 12_000, 12_000), item('failed', 0, null)]))).toBe('2 of 3 files saved · 12 KB · 1 failed');
  });
});

describe('activeCount', () => {
  it('counts waiting and downloading files, not paused or finished ones', () => {
    const s = snapshot([item('queued', 0, null), item('running', 1, 10), item('paused', 0, null), item('done', 1, 1), item('failed', 0, null)]);
    expect(activeCount(s)).toBe(2);
    expect(activeCount(null)).toBe(0);
  });
});

describe('itemActions and queueActions', () => {
  it('offers what each state allows', () => {
    expect(itemActions(item('running', 1, 10))).toEqual(['pause', 'cancel']);
    expect(itemActions(item('queued', 0, null))).toEqual(['pause', 'cancel']);
    expect(itemActions(item('paused', 0, null))).toEqual(['resume', 'cancel']);
    expect(itemActions(item('failed', 0, null, { error: 'The media host answered HTTP 500.' }))).toEqual(['retry']);
    expect(itemActions(item('cancelled', 0, null))).toEqual(['retry']);
    expect(itemActions(item('done', 1, 1))).toEqual(['reveal']);
    expect(itemActions({ state: 'done', path: null })).toEqual([]);
  });

  it('turns "Pause all" into "Resume all" when the queue or everything left is paused', () => {
    expect(queueActions(snapshot([item('running', 1, 10), item('queued', 0, null)]))).toMatchObject({ resume: false, pause: true, cancel: true, retry: false, clear: false });
    expect(queueActions(snapshot([item('paused', 0, null)], true))).toMatchObject({ resume: true, pause: false, cancel: true });
    expect(queueActions(snapshot([item('paused', 0, null), item('done', 1, 1)]))).toMatchObject({ resume: true, clear: true });
    expect(queueActions(snapshot([item('failed', 0, null), item('done', 1, 1)]))).toMatchObject({ resume: false, pause: false, cancel: false, retry: true, clear: true });
  });
});

describe('fileName', () => {
  it('takes the last part of a path with either separator', () => {
    expect(fileName('/home/ana/Downloads/Feedlens/skyward.atlas/stories/2026-04-02_08-15-00_UTC_DRq.mp4')).toBe('2026-04-02_08-15-00_UTC_DRq.mp4');
    expect(fileName('C:\\Users\\ana\\Downloads\\Feedlens\\skyward.atlas\\2026-04-01_13-00-03_UTC_DRqAYKuAIUx_1.jpg')).toBe('2026-04-01_13-00-03_UTC_DRqAYKuAIUx_1.jpg');
  });
});
