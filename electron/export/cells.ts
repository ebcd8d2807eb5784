// Cell values shared by the column sets: times are UTC, written "YYYY-MM-DD HH:MM:SS" next to the epoch
// seconds; lists are comma-joined; a value the record does not have is an empty cell.

/** ECMAScript's limit: a Date holds times up to 8.64e15 ms either side of 1970 (years -271821 to 275760). */
const MAX_DATE_MS = 8.64e15;

/** True for a time (epoch ms) that a Date, and so an ISO 8601 string, can hold. */
export function fitsDate(epochMs: number | null | undefined): epochMs is number {
  return typeof epochMs === 'number' && Number.isFinite(epochMs) && Math.abs(epochMs) <= MAX_DATE_MS;
}

/**
 * "2026-11-20T12:00:00" in UTC, no milliseconds and no zone (a year past 9999 in ISO 8601's expanded form,
 * "+010000-01-01T00:00:00"); null for a time no Date can hold: its epoch column still says when.
 */
export function isoSeconds(epochMs: number | null | undefined): string | null {
  return fitsDate(epochMs) ? new Date(epochMs).toISOString().slice(0, -5) : null;
}

/** ISO 8601 in UTC with its Z ("2026-11-20T12:00:00Z"). */
export function isoTime(epochMs: number | null | undefined): string {
  const iso = isoSeconds(epochMs);
  return iso === null ? '' : `${iso}Z`;
}

/** "2026-04-01 13:00:03", always UTC. */
export function utcTime(epochSeconds: number | null | undefined): string {
  if (epochSeconds === null || epochSeconds === undefined) return '';
  return isoSeconds(epochSeconds * 1000)?.replace('T', ' ') ?? '';
}

export function yesNo(value: boolean | null | undefined): string {
  return value === null || value === undefined ? '' : value ? 'yes' : 'no';
}

export function joined(values: readonly (string | null | undefined)[]): string {
  return values.filter((v): v is string => typeof v === 'string' && v !== '').join(',');
}

export function unique(values: readonly (string | null | undefined)[]): string[] {
  return [...new Set(values.filter((v): v is string => typeof v === 'string' && v !== ''))];
}
