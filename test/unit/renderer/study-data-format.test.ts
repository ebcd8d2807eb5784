// The words and values of a study's data at hand: a biography's change word by word (joined back, each
// side gives the text it came from), field values, count deltas, a post's counts and caption edits over
// its sightings, the keys that code a record, exact times in UTC.
import { describe, expect, it } from 'vitest';
import { browseQuerySchema, type Sighting } from '../../../shared/ipc/study-data';
import { activeFilters, captionEdits, codeKey, countDelta, diffSides, fieldValue, localTime, sightingTrend, utcTime, wordDiff } from '../../../renderer/src/screens/studies/data-format';

const side = (parts: ReturnType<typeof wordDiff>, keep: 'del' | 'add') => parts.filter((p) => p.op === 'same' || p.op === keep).map((p) => p.text).join('');

describe('a biography’s change, word by word', () => {
  it('keeps what stayed and marks what went and what came', () => {
    const before = 'Coffee and bread by the canal. Open daily.';
    const after = 'Small-batch coffee and bread by the canal. Orders by message only.';
    const parts = wordDiff(before, after);
    expect(side(parts, 'del')).toBe(before);
    expect(side(parts, 'add')).toBe(after);
    expect(parts.filter((p) => p.op === 'same').map((p) => p.text).join('')).toContain('and bread by the canal.');
    expect(parts.find((p) => p.op === 'del')?.text).toContain('Coffee');
    expect(parts.some((p) => p.op === 'add' && p.text.includes('Orders'))).toBe(true);
  });

  it('shows before and after each whole, so a word that went never runs into one that came', () => {
    const before = 'Open daily.';
    const after = 'Orders by message only.';
    const sides = diffSides(wordDiff(before, after));
    expect(sides.before.map((p) => p.text).join('')).toBe(before);
    expect(sides.after.map((p) => p.text).join('')).toBe(after);
    expect(sides.before.every((p) => p.op !== 'add')).toBe(true);
    expect(sides.after.every((p) => p.op !== 'del')).toBe(true);
  });

  it('handles empty sides, line breaks and identical texts', () => {
    expect(wordDiff('', 'new bio')).toEqual([{ op: 'add', text: 'new bio' }]);
    expect(wordDiff('old bio', '')).toEqual([{ op: 'del', text: 'old bio' }]);
    expect(wordDiff('same\ntext', 'same\ntext')).toEqual([{ op: 'same', text: 'same\ntext' }]);
    const parts = wordDiff('line one\nline two', 'line one\nline three');
    expect(side(parts, 'add')).toBe('line one\nline three');
  });

  it('compares very long texts as a whole rather than freezing', () => {
    const a = Array.from({ length: 3000 }, (_, i) => `w${i}`).join(' ');
    const b = `${a} more`;
    const parts = wordDiff(a, b);
    expect(side(parts, 'del')).toBe(a);
    expect(side(parts, 'add')).toBe(b);
  });
});

describe('values', () => {
  it('writes field values and count deltas', () => {
    expect(fieldValue('is_verified', 1)).toBe('yes');
    expect(fieldValue('is_private', 0)).toBe('no');
    expect(fieldValue('follower_count', 12345)).toBe('12,345');
    expect(fieldValue('external_url', null)).toBe('—');
    expect(countDelta(10, 25)).toBe('+15');
    expect(countDelta(25, 10)).toBe('−15');
    expect(countDelta(5, 5)).toBeNull();
    expect(countDelta('a', 'b')).toBeNull();
  });

  it('writes exact times: UTC in ISO 8601 with Z, local to the minute', () => {
    const ms = Date.UTC(2026, 10, 20, 13, 5, 9);
    expect(utcTime(ms)).toBe('2026-11-20T13:05:09Z');
    expect(localTime(ms)).toMatch(/^2026-11-2\d \d\d:\d5:09$/);
  });

  it('counts the filters a query sets (not its kinds, text or order)', () => {
    expect(activeFilters(browseQuerySchema.parse({ kinds: ['post'], text: 'x', sort: 'likes' }))).toBe(0);
    expect(activeFilters(browseQuerySchema.parse({ account: 'a', from: 1, to: 2, statuses: ['gone'], hasReplies: true }))).toBe(4);
  });
});

describe('a post over its sightings', () => {
  const s = (seenAt: number, likes: number | null, caption: string | null): Sighting => ({ runId: 1, checkId: null, seenAt, likes, comments: null, plays: null, caption });

  it('follows a count from its first known value to its last', () => {
    expect(sightingTrend([s(1, 10, 'a'), s(2, null, 'a'), s(3, 25, 'a')], 'likes')).toEqual({ first: 10, last: 25, delta: 15 });
    expect(sightingTrend([s(1, 10, 'a')], 'likes')).toBeNull();
    expect(sightingTrend([s(1, 10, 'a'), s(2, 12, 'a')], 'comments')).toBeNull();
    expect(sightingTrend([s(1, 0, 'a'), s(2, 0, 'a')], 'likes')).toBeNull();
  });

  it('lists each caption edit once, skipping sightings without a caption', () => {
    expect(captionEdits([s(1, 1, 'first'), s(2, 1, 'first'), s(3, 1, null), s(4, 1, 'second'), s(5, 1, 'second')])).toEqual([{ at: 4, before: 'first', after: 'second' }]);
    expect(captionEdits([s(1, 1, 'same'), s(2, 1, 'same')])).toEqual([]);
  });
});

describe('coding keys', () => {
  const isField = (t: unknown) => t === 'field';
  const e = (key: string, extra: Partial<{ altKey: boolean; ctrlKey: boolean; metaKey: boolean; target: unknown }> = {}) => ({ key, altKey: false, ctrlKey: false, metaKey: false, target: 'row', ...extra });

  it('takes 1-9 outside text fields and without modifiers', () => {
    expect(codeKey(e('3'), isField)).toBe('3');
    expect(codeKey(e('0'), isField)).toBeNull();
    expect(codeKey(e('a'), isField)).toBeNull();
    expect(codeKey(e('3', { target: 'field' }), isField)).toBeNull();
    expect(codeKey(e('3', { ctrlKey: true }), isField)).toBeNull();
  });
});
