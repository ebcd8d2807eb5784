import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../../shared/ipc';
import { cursorSummary, formatDuration, formatLogTime, paramsSummary, rangeFrom, rowLabel, statusText } from '../../../renderer/src/screens/log/format';

/** A second page of comments as main's ledger records it (cursor sent, next cursor received). */
const COMMENTS_PAGE_2: LedgerEntry = {
  time: Date.UTC(2026, 10, 21, 14, 5, 9),
  requestId: '6f1c2d1e-3b7a-4c55-9d0e-2f9b8f0a1c44',
  attempt: 1,
  mode: 'live',
  path: '/v2/media/comments',
  params: { id: '3776832898280228145', page_id: 'QVFDbWh4X3l0eGxwR2tLa1FqZ1pY' },
  cursorSent: { page_id: 'QVFDbWh4X3l0eGxwR2tLa1FqZ1pY' },
  cursorReceived: { page_id: 'QVFBNTJ3cU5XcGVxY0s3bGFqUmJf' },
  status: 200,
  units: 1,
  durationMs: 412,
  cacheHit: false,
  errorKind: null,
  bodySha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
};

/** A retried call refused for the rate, then a private account. */
const RATE_LIMITED: LedgerEntry = { ...COMMENTS_PAGE_2, path: '/v1/user/stories', params: { user_id: '17390950' }, cursorSent: null, cursorReceived: null, status: 429, units: 0, errorKind: 'rate_limited', attempt: 2, durationMs: 1530 };

describe('request log cells', () => {
  it('summarises parameters without the cursor, which has its own column', () => {
    expect(paramsSummary(COMMENTS_PAGE_2.params, COMMENTS_PAGE_2.cursorSent)).toBe('id=3776832898280228145');
    expect(cursorSummary(COMMENTS_PAGE_2.cursorSent, COMMENTS_PAGE_2.cursorReceived)).toBe('page_id=QVFDbWh4X… → page_id=QVFBNTJ3c…');
  });

  it('marks a first page and the end of a list', () => {
    expect(cursorSummary(null, { end_cursor: 'abc' })).toBe('— → end_cursor=abc');
    expect(cursorSummary({ max_id: '42' }, null)).toBe('max_id=42 → —');
    expect(cursorSummary(null, null)).toBe('');
  });

  it('shortens long values and lists arrays', () => {
    // At most 24 characters per value, the last one an ellipsis.
    expect(paramsSummary({ url: 'https://www.instagram.com/stories/skyward.atlas/4033878149019224681/' }, null)).toBe('url=https://www.instagram.c…');
    expect(paramsSummary({ media_ids: ['3776832898280228145', '2278584739065882267'] }, null, 60)).toBe('media_ids=3776832898280228145,2278584739065882267');
    expect(paramsSummary({}, null)).toBe('—');
  });

  it('shows the status with the error kind', () => {
    expect(statusText(COMMENTS_PAGE_2)).toBe('200');
    expect(statusText(RATE_LIMITED)).toBe('429 rate_limited');
    expect(statusText({ status: null, errorKind: 'network' })).toBe('— network');
  });

  it('formats durations', () => {
    expect(formatDuration(412)).toBe('412 ms');
    expect(formatDuration(1530)).toBe('1.5 s');
    expect(formatDuration(12_400)).toBe('12 s');
    expect(formatDuration(-1)).toBe('—');
  });

  it('reads a row aloud in one line', () => {
    const label = rowLabel(RATE_LIMITED, RATE_LIMITED.time);
    expect(label).toContain('/v1/user/stories');
    expect(label).toContain('user_id=17390950');
    expect(label).toContain('status 429 rate_limited');
    expect(label).toContain('0 requests');
    expect(label).toContain('attempt 2');
    expect(rowLabel({ ...COMMENTS_PAGE_2, cacheHit: true, units: 0 }, COMMENTS_PAGE_2.time)).toContain('from the cache');
  });

  it('shows the date only for entries of another day', () => {
    const today = formatLogTime(COMMENTS_PAGE_2.time, COMMENTS_PAGE_2.time + 60_000, 'en-US');
    const earlier = formatLogTime(COMMENTS_PAGE_2.time, COMMENTS_PAGE_2.time + 3 * 86_400_000, 'en-US');
    expect(earlier.endsWith(today)).toBe(true);
    expect(earlier).toMatch(/^Nov 2\d /);
  });
});

describe('time ranges', () => {
  it('turns a range into the ledger query bound', () => {
    const now = Date.UTC(2026, 10, 21, 12);
    expect(rangeFrom('hour', now)).toBe(now - 3_600_000);
    expect(rangeFrom('day', now)).toBe(now - 86_400_000);
    expect(rangeFrom('week', now)).toBe(now - 7 * 86_400_000);
    expect(rangeFrom('all', now)).toBeUndefined();
  });
});
