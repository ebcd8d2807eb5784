// renderer/src/format: the one place for times, numbers and plural words.
import { describe, expect, it } from 'vitest';
import { compactAge, formatDate, formatNumber, plural, timeAgo, timeLeft } from '../../../renderer/src/format';

const NOW = 1_775_206_800; // 2026-04-03 09:00 UTC

describe('plural', () => {
  it('chooses the English form by Intl.PluralRules', () => {
    expect([0, 1, 2, 1.5].map((n) => plural(n, 'item', 'items'))).toEqual(['items', 'item', 'items', 'items']);
  });
});

describe('times', () => {
  it('says how long ago, with weeks only when asked, then the date', () => {
    expect(timeAgo(NOW - 30, NOW)).toBe('just now');
    expect(timeAgo(NOW + 500, NOW)).toBe('just now');
    expect(timeAgo(NOW - 5 * 60, NOW)).toBe('5 min ago');
    expect(timeAgo(NOW - 3 * 3600, NOW)).toBe('3 h ago');
    expect(timeAgo(NOW - 2 * 86_400, NOW)).toBe('2 d ago');
    expect(timeAgo(NOW - 20 * 86_400, NOW, { weeks: true, locale: 'en-US' })).toBe('2 w ago');
    expect(timeAgo(NOW - 20 * 86_400, NOW, { locale: 'en-US' })).toBe(formatDate(NOW - 20 * 86_400, 'en-US'));
    expect(formatDate(NOW, 'en-US')).toBe('Apr 3, 2026');
  });

  it('compacts ages for comment threads', () => {
    expect([0, 59, 60, 3 * 3600, 8 * 86_400, 400 * 86_400].map(compactAge)).toEqual(['now', 'now', '1m', '3h', '1w', '1y']);
  });

  it('says how long is left, in whole hours or in hours and minutes', () => {
    expect(timeLeft(NOW, NOW, 'hours')).toBe('expired');
    expect(timeLeft(NOW + 20, NOW, 'hours')).toBe('1 min left');
    expect(timeLeft(NOW + 5 * 3600 + 300, NOW, 'hours')).toBe('5 h left');
    expect(timeLeft(NOW + 20, NOW, 'minutes')).toBe('less than a minute left');
    expect(timeLeft(NOW + 5 * 3600 + 300, NOW, 'minutes')).toBe('5 h 5 min left');
  });
});

describe('formatNumber', () => {
  it('groups digits in the locale', () => {
    expect(formatNumber(5484, 'en-US')).toBe('5,484');
    expect(formatNumber(5484, 'de-DE')).toBe('5.484');
  });
});
