// The request log: every call main made (or answered from its cache), newest first, with filters, totals
// and CSV / NDJSON export. Reading it is local and free; it reloads itself when a paid call changes the
// balance (main pushes a balance event after each one).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { LedgerEntry, LedgerTotals, OpArgs } from '../../../shared/ipc';
import { feedlens, unwrap } from '../api/bridge';
import { ErrorView } from '../components/ErrorView';
import { VirtualList } from '../components/Virtual';
import { navigate } from '../state/navigation';
import { LOG_RANGES, cursorSummary, formatDuration, formatLogTime, paramsSummary, rangeFrom, repeatParams, rowLabel, statusText, type LogRange } from './log/format';
import '../styles/settings.css';
import { plural } from '../format';

const ROW_LIMIT = 5000;

type Outcome = NonNullable<OpArgs<'ledgerQuery'>['outcome']>;

function useLedger(query: OpArgs<'ledgerQuery'>) {
  // Local and free: always read afresh when the screen opens.
  return useQuery({
    queryKey: ['ledger', query],
    queryFn: async () => unwrap(await feedlens().ledgerQuery(query)),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function RequestLogScreen() {
  const [range, setRange] = useState<LogRange>('day');
  const [path, setPath] = useState('');
  const [outcome, setOutcome] = useState<Outcome | ''>('');
  // Fixed while the filters stay the same, so the query key does too.
  const from = useMemo(() => rangeFrom(range, Date.now()), [range]);
  const log = useLedger({ from, path: path || undefined, outcome: outcome || undefined, limit: ROW_LIMIT });
  // The endpoints seen in the range, for the endpoint filter.
  const all = useLedger({ from, limit: 10_000 });
  const paths = useMemo(() => [...new Set((all.data?.entries ?? []).map((e) => e.path))].sort(), [all.data]);

  const queryClient = useQueryClient();
  useEffect(() => feedlens().on('balance', () => void queryClient.invalidateQueries({ queryKey: ['ledger'] })), [queryClient]);
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['ledger'] });

  const exporter = useExport();
  const entries = log.data?.entries ?? [];
  const now = Date.now();
  return (
    <div className="page log-page">
      <div className="page-header">
        <h1>Request log</h1>
        <span className="muted">Every call to the service, and every answer taken from the cache.</span>
        <span className="spacer" />
        <button type="button" className="btn small ghost" onClick={reload} title="Reads the local log again. Spends nothing." data-testid="log-reload">
          ↻ Reload (free)
        </button>
        <span className="log-export" title="The export holds the whole log, whatever the filters show.">
          <span className="muted">Export all:</span>
          <button type="button" className="btn small" onClick={() => void exporter.run('csv')} disabled={exporter.state?.busy} data-testid="log-export-csv">
            CSV
          </button>
          <button type="button" className="btn small" onClick={() => void exporter.run('ndjson')} disabled={exporter.state?.busy} data-testid="log-export-ndjson">
            NDJSON
          </button>
        </span>
      </div>

      <div className="log-toolbar" role="search" aria-label="Filter the log">
        <label>
          Time
          <select value={range} onChange={(e) => setRange(e.target.value as LogRange)} data-testid="log-range">
            {LOG_RANGES.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Endpoint
          <select className="path-select" value={path} onChange={(e) => setPath(e.target.value)} data-testid="log-path">
            <option value="">All endpoints</option>
            {path && !paths.includes(path) && <option value={path}>{path}</option>}
            {paths.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        <label>
          Outcome
          <select value={outcome} onChange={(e) => setOutcome(e.target.value as Outcome | '')} data-testid="log-outcome">
            <option value="">All outcomes</option>
            <option value="ok">Answered by the service</option>
            <option value="cache">From the cache</option>
            <option value="error">Errors</option>
          </select>
        </label>
      </div>
      <ExportResult state={exporter.state} />

      {log.data && (
        <div className="log-totals" aria-live="polite">
          <span data-testid="log-totals">
            Shown: <Totals totals={log.data.totals} />
            {log.data.totals.calls > entries.length && ` (the newest ${entries.length.toLocaleString()} are listed)`}
          </span>
          <span data-testid="log-session">
            This session: <Totals totals={log.data.session} />
          </span>
        </div>
      )}

      {log.isError ? (
        <ErrorView error={log.error} onRetry={() => void log.refetch()} />
      ) : log.isPending ? (
        <div className="state">
          <div className="spinner" aria-label="Loading the log" />
        </div>
      ) : entries.length === 0 ? (
        <div className="state" data-testid="log-empty">
          <div className="state-icon" aria-hidden>
            ☰
          </div>
          <div>{path || outcome || range !== 'all' ? 'No request matches these filters.' : 'No request yet. Calls appear here as soon as they are made.'}</div>
        </div>
      ) : (
        <div className="log-table" data-testid="log-table">
          <div className="log-grid log-head" aria-hidden>
            <span>Time</span>
            <span>Endpoint</span>
            <span>Parameters</span>
            <span>Status</span>
            <span className="log-num">Requests</span>
            <span className="log-num">Duration</span>
            <span>Cache</span>
            <span title="The paging cursor sent with the request → the one the answer gave for the next page">Cursors</span>
          </div>
          <VirtualList items={entries} itemKey={(e, i) => `${e.requestId}:${e.attempt}:${e.time}:${i}`} renderRow={(e) => <LogRow entry={e} now={now} />} estimate={36} label="Requests, newest first" />
        </div>
      )}
    </div>
  );
}

function Totals({ totals }: { totals: LedgerTotals }) {
  return (
    <>
      <strong>{totals.calls.toLocaleString()}</strong> {plural(totals.calls, 'call', 'calls')} · <strong>{totals.units.toLocaleString()}</strong> {plural(totals.units, 'request', 'requests')} ·{' '}
      <strong>{totals.cacheHits.toLocaleString()}</strong> from the cache · <strong>{totals.errors.toLocaleString()}</strong> {plural(totals.errors, 'error', 'errors')}
    </>
  );
}

function LogRow({ entry, now }: { entry: LedgerEntry; now: number }) {
  const when = new Date(entry.time);
  const failed = entry.errorKind !== null;
  const cursors = cursorSummary(entry.cursorSent, entry.cursorReceived);
  return (
    <div className="log-grid log-row" tabIndex={0} aria-label={rowLabel(entry, now)} data-testid="log-row" data-path={entry.path} data-units={entry.units} data-cache={entry.cacheHit ? 'true' : 'false'}>
      <span className="log-time" title={`${when.toLocaleString()} (${when.toISOString()})`}>
        {formatLogTime(entry.time, now)}
      </span>
      <span className="log-path" title={entry.path}>
        {entry.path} {entry.mode === 'demo' && <span className="badge">demo</span>}
      </span>
      <span className="log-params" title={JSON.stringify(entry.params)}>
        {paramsSummary(entry.params, entry.cursorSent)}
      </span>
      <span className={`log-status ${failed ? 'error' : 'ok'}`}>
        {statusText(entry)}
        {entry.attempt > 1 && <span className="badge" title="Sent again after a failure"> retry {entry.attempt - 1}</span>}
      </span>
      <span className="log-num" data-testid="log-units">
        {entry.units}
      </span>
      <span className="log-num">{entry.cacheHit ? '—' : formatDuration(entry.durationMs)}</span>
      <span>{entry.cacheHit ? <span className="badge cache">hit</span> : <span className="faint">—</span>}</span>
      <span className="log-cursor" title={cursors ? `Sent: ${JSON.stringify(entry.cursorSent)}\nReceived: ${JSON.stringify(entry.cursorReceived)}` : 'This endpoint does not page'}>
        {cursors || <span className="faint">—</span>}
      </span>
      <button
        type="button"
        className="btn small log-repeat"
        onClick={() => navigate({ name: 'explorer', path: entry.path, params: repeatParams(entry.params) })}
        title="Open this request in the API explorer, with its parameters filled in. Nothing is sent until you press Send."
        data-testid="log-repeat"
      >
        Repeat in explorer
      </button>
    </div>
  );
}

interface ExportState {
  busy: boolean;
  done?: { path: string; rows: number };
  error?: unknown;
}

/** Writes the whole log to a file in the download folder (main picks the name). */
function useExport() {
  const writing = useMutation({ mutationFn: async (format: 'csv' | 'ndjson') => unwrap(await feedlens().ledgerExport({ format })) });
  const state: ExportState | null = writing.isIdle ? null : { busy: writing.isPending, ...(writing.data ? { done: writing.data } : {}), ...(writing.error ? { error: writing.error } : {}) };
  return { state, run: (format: 'csv' | 'ndjson') => writing.mutate(format) };
}

function ExportResult({ state }: { state: ExportState | null }) {
  if (state?.done) {
    return (
      <div className="notice ok log-export-result" role="status" data-testid="log-export-result">
        Saved {state.done.rows.toLocaleString()} {plural(state.done.rows, 'row', 'rows')} to{' '}
        <span className="log-export-path" data-testid="log-export-path">
          {state.done.path}
        </span>
      </div>
    );
  }
  if (state?.error !== undefined) return <ErrorView error={state.error} compact />;
  return null;
}
