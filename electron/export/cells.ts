// Cell values shared by the column sets: times are UTC, written "YYYY-MM-DD HH:MM:SS" next to the epoch
// seconds; lists are comma-joined; a value the record does not have is an empty cell.

/** ISO 8601 in UTC with its Z ("2026-11-20T12:00:00Z"). */
export function isoTime(epochMs: number | null | undefined): string {
  return epochMs === null || epochMs === undefined || !Number.isFinite(epochMs) ? '' : `${new Date(epochMs).toISOString().slice(0, 19)}Z`;
}

/** "2026-04-01 13:00:03", always UTC. */
export function utcTime(epochSeconds: number | null | undefined): string {
  if (epochSeconds === null || epochSeconds === undefined || !Number.isFinite(epochSeconds)) return '';
  return new Date(epochSeconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
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
