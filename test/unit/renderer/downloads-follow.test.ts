// Files just queued, followed through the download snapshots: what the tray and the viewer say moves
// from "queued" to "saved" (or "failed") as the files finish; other files of the queue do not count.
import { describe, expect, it } from 'vitest';
import type { DownloadItem, DownloadsSnapshot, DownloadState } from '../../../shared/ipc';
import { followed, followedText, queuedText } from '../../../renderer/src/screens/downloads/follow';

const item = (id: string, state: DownloadState): DownloadItem => ({ id, label: id, kind: 'post', state, bytes: 0, totalBytes: null, speed: null, path: null, error: null, attempts: 0 });
const snapshot = (...items: DownloadItem[]): DownloadsSnapshot => ({
  items,
  totals: { queued: 0, running: 0, done: 0, skipped: 0, failed: 0, bytes: 0, totalBytes: null, speed: 0, etaSeconds: null },
  paused: false,
});

describe('following queued files', () => {
  it('counts only the files it queued, as they finish', () => {
    const ids = ['a', 'b', 'c'];
    expect(followedText(followed(null, ids))).toBe('3 files queued');
    expect(followedText(followed(snapshot(item('a', 'queued'), item('b', 'running'), item('c', 'queued'), item('z', 'done')), ids))).toBe('3 files queued');
    expect(followedText(followed(snapshot(item('a', 'done'), item('b', 'running'), item('c', 'queued'), item('z', 'done')), ids))).toBe('1 of 3 files saved');
    expect(followedText(followed(snapshot(item('a', 'done'), item('b', 'done'), item('c', 'done')), ids))).toBe('3 files saved');
    expect(followedText(followed(snapshot(item('a', 'done'), item('b', 'failed'), item('c', 'done')), ids))).toBe('2 files saved, 1 failed');
  });

  it('says when the queue is paused, and when nothing was new', () => {
    expect(followedText(followed(snapshot(item('a', 'paused')), ['a']))).toBe('1 file queued (downloads are paused)');
    expect(queuedText({ ids: [], skipped: 4 }, followed(null, []))).toBe('Nothing new to save: 4 already saved');
    expect(queuedText({ ids: ['a'], skipped: 2 }, followed(snapshot(item('a', 'done')), ['a']))).toBe('1 file saved, 2 already saved');
  });
});
