// Times, counts and contacts as the profile and search screens word them.
import { describe, expect, it } from 'vitest';
import { normalizeRecord } from '../../../shared/api/normalize';
import { categoryLine, contactLines, duration, exactCount, localAndUtc, timeAgo, timeLeft } from '../../../renderer/src/screens/profile/format';

// Story `taken_at` "2026-11-21T00:16:42Z", as a `/v1/user/stories` item gives it.
const TAKEN = Date.UTC(2026, 10, 21, 0, 16, 42) / 1000;
const at = (secondsAfter: number) => (TAKEN + secondsAfter) * 1000;

describe('timeAgo', () => {
  it('words recent times in minutes, hours, days and weeks', () => {
    expect(timeAgo(TAKEN, at(30))).toBe('just now');
    expect(timeAgo(TAKEN, at(5 * 60 + 59))).toBe('5 min ago');
    expect(timeAgo(TAKEN, at(3 * 3600))).toBe('3 h ago');
    expect(timeAgo(TAKEN, at(2 * 86400 + 10))).toBe('2 d ago');
    expect(timeAgo(TAKEN, at(15 * 86400))).toBe('2 w ago');
  });

  it('gives the date for older times', () => {
    const noon = TAKEN + 12 * 3600 - 16 * 60 - 42; // 12:00 UTC: the same calendar day in any zone from UTC-11 to UTC+11
    expect(timeAgo(noon, at(400 * 86400), 'en-US')).toBe('Nov 21, 2026');
  });
});

describe('timeLeft', () => {
  const expires = TAKEN + 86_400; // stories without expiring_at live 24 h

  it('counts down the hours, then the minutes, before a story expires', () => {
    expect(timeLeft(expires, at(60))).toBe('23 h left');
    expect(timeLeft(expires, at(86_400 - 45 * 60))).toBe('45 min left');
    expect(timeLeft(expires, at(86_400 - 20))).toBe('1 min left');
  });

  it('says expired once the 24 hours are over', () => {
    expect(timeLeft(expires, at(86_400))).toBe('expired');
    expect(timeLeft(expires, at(90_000))).toBe('expired');
  });
});

describe('localAndUtc', () => {
  it('ends with the UTC time, whatever the local zone', () => {
    expect(localAndUtc(TAKEN, 'en-US')).toMatch(/\(UTC 2026-11-21 00:16\)$/);
  });
});

describe('counts and nouns', () => {
  it('groups exact counts for reading', () => {
    expect(exactCount(5484, 'en-US')).toBe('5,484');
    expect(exactCount(1000000, 'de-DE')).toBe('1.000.000');
  });

  it('writes track lengths as m:ss', () => {
    expect(duration(15000)).toBe('0:15');
    expect(duration(125_400)).toBe('2:05');
  });
});

describe('contactLines and categoryLine', () => {
  const source = { family: 'v1' as const, path: '/v1/user/by/username' };

  it('lists a business account\'s public email, phone and address, in that order', () => {
    const profile = normalizeRecord('profile', {
      pk: '11935238335', username: 'cafelumiere.paris', account_type: 2, category: 'Coffee Shop',
      public_email: 'hello@cafelumiere.example', contact_phone_number: '+33 1 1227 2906',
      address_street: '188 Boulevard Saint-Germain', city_name: 'Paris', zip: '75049',
    }, source);
    if (profile?.kind !== 'profile') throw new Error('not a profile');
    expect(contactLines(profile).map((c) => [c.kind, c.text])).toEqual([
      ['email', 'hello@cafelumiere.example'],
      ['phone', '+33 1 1227 2906'],
      ['address', '188 Boulevard Saint-Germain, 75049 Paris'],
    ]);
    expect(categoryLine(profile)).toBe('Coffee Shop · Business');
  });

  it('shows no contacts for a personal account whose contact fields are empty strings', () => {
    const profile = normalizeRecord('profile', {
      pk: '53296148', username: 'quiet.margins', account_type: 1, category: '',
      public_email: '', contact_phone_number: '', address_street: '', city_name: '', zip: '',
    }, source);
    if (profile?.kind !== 'profile') throw new Error('not a profile');
    expect(contactLines(profile)).toEqual([]);
    expect(categoryLine(profile)).toBeNull();
  });
});
