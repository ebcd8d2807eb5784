// Words for times, counts and contacts on the profile and search screens. Pure (no React, no DOM), so
// tested in Node; the clock and the locale are parameters.
import type { Profile } from '../../../../shared/records';
import { formatNumber, timeAgo as ago, timeLeft as left } from '../../format';

/** "just now", "5 min ago", "3 h ago", "2 d ago", "6 w ago", then the date. */
export function timeAgo(epochSec: number, nowMs: number, locale?: string): string {
  return ago(epochSec, Math.floor(nowMs / 1000), { weeks: true, ...(locale !== undefined ? { locale } : {}) });
}

/** Time left before a story expires: "23 h left", "12 min left", "expired". */
export function timeLeft(expiresAtSec: number, nowMs: number): string {
  return left(expiresAtSec, Math.floor(nowMs / 1000), 'hours');
}

/** Local date and time, with the UTC time after it (for hover titles). */
export function localAndUtc(epochSec: number, locale?: string): string {
  const date = new Date(epochSec * 1000);
  const local = date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const utc = date.toISOString().replace('T', ' ').slice(0, 16);
  return `${local} (UTC ${utc})`;
}

/** The exact number, grouped for reading ("5,484"). */
export function exactCount(n: number, locale?: string): string {
  return formatNumber(n, locale);
}

/** Milliseconds as m:ss ("2:05"). */
export function duration(ms: number): string {
  const total = Math.round(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

export interface ContactLine {
  kind: 'email' | 'phone' | 'address';
  label: string;
  text: string;
}

/** The business contacts the account made public, in reading order; none for personal accounts. */
export function contactLines(profile: Pick<Profile, 'contact'>): ContactLine[] {
  const { email, phone, address } = profile.contact;
  const lines: ContactLine[] = [];
  if (email) lines.push({ kind: 'email', label: 'Email', text: email });
  if (phone) lines.push({ kind: 'phone', label: 'Phone', text: phone });
  const place = [address.zip, address.city].filter(Boolean).join(' ');
  const full = [address.street, place].filter(Boolean).join(', ');
  if (full) lines.push({ kind: 'address', label: 'Address', text: full });
  return lines;
}

const ACCOUNT_TYPES: Record<NonNullable<Profile['accountType']>, string> = {
  personal: 'Personal account',
  business: 'Business',
  creator: 'Creator',
};

/** "Coffee Shop · Business": the category and the account type, whichever are known. */
export function categoryLine(profile: Pick<Profile, 'category' | 'accountType'>): string | null {
  const parts = [profile.category, profile.accountType && profile.accountType !== 'personal' ? ACCOUNT_TYPES[profile.accountType] : null];
  const text = parts.filter(Boolean).join(' · ');
  return text || null;
}
