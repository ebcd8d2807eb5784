// What each page of an Explorer run cost and how it went: the units billed (the service's x-hiker-info
// header), whether the cache answered, the cursor sent and the one received, and the request's entries
// in the request log (status, attempts, duration, the answer's SHA-256).
import { useQuery } from '@tanstack/react-query';
import type { Endpoint } from '../../../../shared/api/catalog';
import type { LedgerEntry } from '../../../../shared/ipc';
import { feedlens, unwrap } from '../../api/bridge';
import { cursorSummary, formatDuration, statusText } from '../log/format';
import type { ExplorerPage } from './useExplorerRun';

/** The request log entries of these pages, by request id (read after each new page; local and free). */
function useLedgerEntries(endpoint: Endpoint, pages: readonly ExplorerPage[]): Map<string, LedgerEntry[]> {
  const ids = pages.map((p) => p.value.requestId);
  const from = Math.min(...pages.map((p) => p.sentAt)) - 5_000;
  const query = useQuery({
    queryKey: ['explorer-ledger', endpoint.path, ids],
    enabled: pages.length > 0,
    queryFn: async () => unwrap(await feedlens().ledgerQuery({ path: endpoint.path, from, limit: 10_000 })),
  });
  const byId = new Map<string, LedgerEntry[]>();
  for (const entry of query.data?.entries ?? []) {
    if (!ids.includes(entry.requestId)) continue;
    byId.set(entry.requestId, [entry, ...(byId.get(entry.requestId) ?? [])]);
  }
  return byId;
}

function entryText(entries: LedgerEntry[] | undefined): string {
  if (!entries || entries.length === 0) return '…';
  const last = entries[entries.length - 1] as LedgerEntry;
  const attempts = entries.length > 1 ? ` after ${entries.length} attempts` : '';
  return `${statusText(last)}${attempts}${last.cacheHit ? '' : ` · ${formatDuration(last.durationMs)}`}`;
}

export function PageFacts({ endpoint, pages }: { endpoint: Endpoint; pages: readonly ExplorerPage[] }) {
  const ledger = useLedgerEntries(endpoint, pages);
  return (
    <table className="data explorer-facts" data-testid="page-facts">
      <thead>
        <tr>
          <th>Page</th>
          <th title="Requests billed, as the service's x-hiker-info header reported them">Billed (x-hiker-info)</th>
          <th>Cache</th>
          <th title="The paging cursor sent → the one the answer gave for the next page">Cursors</th>
          <th>Request log</th>
          <th>Answer SHA-256</th>
        </tr>
      </thead>
      <tbody>
        {pages.map((page) => {
          const entries = ledger.get(page.value.requestId);
          return (
            <tr key={page.value.requestId} data-testid="page-fact" data-page={page.n} data-units={page.value.units} data-cache={page.value.cacheHit} data-logged={entries?.length ?? 0}>
              <td>{page.n}</td>
              <td>{page.value.units}</td>
              <td>{page.value.cacheHit ? <span className="badge cache">hit · free</span> : <span className="faint">—</span>}</td>
              <td className="mono" title={JSON.stringify({ sent: page.request.cursor, next: page.next })}>
                {endpoint.paging ? cursorSummary(page.request.cursor, page.next, 16) : '—'}
              </td>
              <td title={`Request id ${page.value.requestId}`}>{entryText(entries)}</td>
              <td className="mono faint" title={page.info?.sha256 ?? undefined}>
                {page.info?.sha256 ? `${page.info.sha256.slice(0, 12)}…` : page.info ? 'not held' : '…'}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
