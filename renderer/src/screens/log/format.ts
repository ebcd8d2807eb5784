// The request log's words and filters, without React: time ranges -> ledger query bounds, and each
// ledger entry's cells (parameters and cursors summarised, status with its error kind, duration).
import type { LedgerEntry } from '../../../../shared/ipc';
import { plural } from '../../format';

export type LogRange = 'hour' | 'day' | 'week' | 'month' | 'all';

export const LOG_RANGES: readonly { value: LogRange; label: string }[] = [
  { value: 'hour', label: 'Last hour' },
  { value: 'day', label: 'Last 24 hours' },
  { value: 'week', label: 'Last 7 days' },
  { value: 'month', label: 'Last 30 days' },
  { value: 'all', label: 'All time' },
];

const HOUR_MS = 3_600_000;
const SPAN_MS: Record<Exclude<LogRange, 'all'>, number> = { hour: HOUR_MS, day: 24 * HOUR_MS, week: 7 * 24 * HOUR_MS, month: 30 * 24 * HOUR_MS };

/** The `from` bound of a range (the log has no future entries, so no `to`). */
export function rangeFrom(range: LogRange, nowMs: number): number | undefined {
  return range === 'all' ? undefined : nowMs - SPAN_MS[range];
}

function valueText(value: unknown): string {
  if (Array.isArray(value)) return value.map(valueText).join(',');
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** `name=value` pairs, cursor parameters left out (they have their own column). */
export function paramsSummary(params: Record<string, unknown>, cursorSent: Record<string, string> | null, max = 24): string {
  const cursorNames = new Set(Object.keys(cursorSent ?? {}));
  const pairs = Object.entries(params)
    .filter(([name, value]) => !cursorNames.has(name) && value !== '' && value !== undefined)
    .map(([name, value]) => `${name}=${shorten(valueText(value), max)}`);
  return pairs.length > 0 ? pairs.join(' ') : '—';
}

function cursorText(cursor: Record<string, string> | null, max: number): string {
  if (!cursor || Object.keys(cursor).length === 0) return '—';
  return Object.entries(cursor)
    .map(([name, value]) => `${name}=${shorten(value, max)}`)
    .join(' ');
}

/** "sent → received", each `name=value` shortened; "—" where there was none. */
export function cursorSummary(sent: Record<string, string> | null, received: Record<string, string> | null, max = 10): string {
  if (!sent && !received) return '';
  return `${cursorText(sent, max)} → ${cursorText(received, max)}`;
}

export function statusText(entry: Pick<LedgerEntry, 'status' | 'errorKind'>): string {
  const code = entry.status === null ? '—' : String(entry.status);
  return entry.errorKind ? `${code} ${entry.errorKind}` : code;
}

export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

/** Time of day for today's entries; date and time for older ones. */
export function formatLogTime(timeMs: number, nowMs: number, locale?: string): string {
  const date = new Date(timeMs);
  const sameDay = date.toDateString() === new Date(nowMs).toDateString();
  const time = date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return sameDay ? time : `${date.toLocaleDateString(locale, { month: 'short', day: 'numeric' })} ${time}`;
}

/** One line a screen reader reads for a row. */
export function rowLabel(entry: LedgerEntry, nowMs: number): string {
  const parts = [
    formatLogTime(entry.time, nowMs),
    entry.path,
    paramsSummary(entry.params, entry.cursorSent),
    `status ${statusText(entry)}`,
    `${entry.units} ${plural(entry.units, 'request', 'requests')}`,
    formatDuration(entry.durationMs),
  ];
  if (entry.cacheHit) parts.push('from the cache');
  if (entry.attempt > 1) parts.push(`attempt ${entry.attempt}`);
  return parts.join(', ');
}

/**
 * A logged request's parameters, to repeat it in the API explorer: the query as sent, less `safe_int`
 * (the app adds it wherever the endpoint takes it).
 */
export function repeatParams(params: Record<string, unknown>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(params)) {
    if (name === 'safe_int') continue;
    if (typeof value === 'string') out[name] = value;
    else if (Array.isArray(value)) out[name] = value.map(String);
    else if (typeof value === 'number' || typeof value === 'boolean') out[name] = String(value);
  }
  return out;
}
