// Times in words: how long ago, how long left, dates. One copy for every screen (profile, story viewer,
// comments, downloads). Dates go through Intl.DateTimeFormat in the user's locale; the short unit words
// ("5 min ago", "3 h left") stay written out: Intl.RelativeTimeFormat words them differently ("5 min.
// ago", "3 hr."), and changing every visible time is a product decision, not a refactor.
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** "Apr 1, 2026" in the locale (the user's when none is given). */
export function formatDate(epochSec: number, locale?: string): string {
  const key = locale ?? '';
  let format = dateFormats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' });
    dateFormats.set(key, format);
  }
  return format.format(new Date(epochSec * 1000));
}

/**
 * "just now", "5 min ago", "3 h ago", "2 d ago" (with `weeks`: then "6 w ago" up to eight weeks); older:
 * the date. A time in the future reads "just now".
 */
export function timeAgo(epochSec: number, nowSec: number, options: { weeks?: boolean; locale?: string } = {}): string {
  const diff = nowSec - epochSec;
  if (diff < MINUTE) return 'just now';
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)} min ago`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)} h ago`;
  if (diff < WEEK) return `${Math.floor(diff / DAY)} d ago`;
  if (options.weeks && diff < 8 * WEEK) return `${Math.floor(diff / WEEK)} w ago`;
  return formatDate(epochSec, options.locale);
}

/** "now", "5m", "3h", "2d", "6w", "1y": how long ago, in the compact form comment threads use. */
export function compactAge(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const steps: [number, string][] = [
    [365 * DAY, 'y'],
    [WEEK, 'w'],
    [DAY, 'd'],
    [HOUR, 'h'],
    [MINUTE, 'm'],
  ];
  for (const [size, unit] of steps) if (s >= size) return `${Math.floor(s / size)}${unit}`;
  return 'now';
}

/**
 * Time left before something expires, or "expired". `hours`: whole hours ("23 h left"), minutes under an
 * hour ("12 min left", at least 1). `minutes`: hours and minutes ("23 h 5 min left", "40 min left",
 * "less than a minute left").
 */
export function timeLeft(expiresAtSec: number, nowSec: number, precision: 'hours' | 'minutes'): string {
  const left = expiresAtSec - nowSec;
  if (left <= 0) return 'expired';
  if (precision === 'hours') {
    if (left < HOUR) return `${Math.max(1, Math.floor(left / MINUTE))} min left`;
    return `${Math.floor(left / HOUR)} h left`;
  }
  if (left < MINUTE) return 'less than a minute left';
  const hours = Math.floor(left / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  if (hours === 0) return `${minutes} min left`;
  return minutes === 0 ? `${hours} h left` : `${hours} h ${minutes} min left`;
}
