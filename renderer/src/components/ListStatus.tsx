// Below every infinite list: what it cost (pages, requests, units), whether it reached the end, the
// spinner while the next page loads, errors with a retry, and an explicit Refresh that says it spends.
import type { ListStats } from '../hooks/useEndpointList';
import { ErrorView } from './ErrorView';
import { formatNumber, plural } from '../format';

export interface ListLike {
  stats: ListStats;
  isPending: boolean;
  isFetchingNextPage: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  items: unknown[];
  loadMore(): void;
  refresh(): Promise<void>;
  refetch(): unknown;
}

/**
 * What a list cost, in words said once: "12 of 640 posts · 1 page · 1 request". A call billed more than
 * one request says so ("2 pages · 4 requests billed for 2 calls"). `total`: the list's size as the header
 * shows it, so both agree while pages are left.
 */
export function costWords(stats: Pick<ListStats, 'pages' | 'requests' | 'units'>): string {
  const pages = `${formatNumber(stats.pages)} ${plural(stats.pages, 'page', 'pages')}`;
  if (stats.units === stats.requests) return `${pages} · ${formatNumber(stats.requests)} ${plural(stats.requests, 'request', 'requests')}`;
  return `${pages} · ${formatNumber(stats.units)} ${plural(stats.units, 'request', 'requests')} billed for ${formatNumber(stats.requests)} ${plural(stats.requests, 'call', 'calls')}`;
}

/** `noun` is [singular, plural], e.g. ['post', 'posts']. */
/** `endNote`: said instead of "End of list" when the list ended short of `total` for a known reason (the followers cap). */
export function ListStatus({
  list,
  empty,
  noun = ['item', 'items'],
  total = null,
  endNote,
}: {
  list: ListLike;
  empty: string;
  noun?: readonly [string, string];
  total?: number | null;
  endNote?: (shown: number, total: number | null) => string | null;
}) {
  const { stats } = list;
  if (list.isPending && !list.isError) {
    return (
      <div className="state" aria-live="polite">
        <div className="spinner" aria-label="Loading" />
      </div>
    );
  }
  if (list.isError && list.items.length === 0) return <ErrorView error={list.error} onRetry={() => void list.refetch()} />;
  if (list.items.length === 0 && stats.reachedEnd) {
    return (
      <div className="state" data-testid="list-empty">
        <div className="state-icon" aria-hidden>
          ∅
        </div>
        <div>{empty}</div>
        {stats.stopped && <div className="muted" data-testid="list-stopped">{stats.stopped}</div>}
      </div>
    );
  }
  const refreshCost = Math.max(1, stats.pages);
  const of = !stats.reachedEnd && total !== null && total > list.items.length ? total : null;
  return (
    <div className="list-footer" data-testid="list-footer" data-end={stats.reachedEnd ? 'true' : 'false'} aria-live="polite">
      {list.isError && <ErrorView error={list.error} onRetry={list.loadMore} compact />}
      {/* The spinner and "Load more" stay mounted, hidden in turn: a page arriving builds no nodes here. */}
      <div className="spinner" aria-label="Loading more" hidden={!list.isFetchingNextPage} />
      <span data-testid="list-stats">
        {`${formatNumber(list.items.length)}${of !== null ? ` of ${formatNumber(of)}` : ''} ${plural(of ?? list.items.length, noun[0], noun[1])} · ${costWords(stats)}`}
      </span>
      {stats.reachedEnd && stats.stopped && (
        <span className="badge cost" data-testid="list-stopped" title={stats.stopped}>
          {stats.stopped}
        </span>
      )}
      {stats.reachedEnd ? !stats.stopped && <EndBadge note={endNote?.(list.items.length, total) ?? null} /> : list.hasNextPage && (
        <button className="btn small" onClick={list.loadMore} hidden={list.isFetchingNextPage}>
          Load more
        </button>
      )}
      <button
        className="btn small ghost"
        onClick={() => void list.refresh()}
        title={`Fetch this list again from the service, starting from page 1. It spends at least ${refreshCost > 1 ? '1 request per page loaded again' : '1 request'}.`}
      >
        ↻ Refresh (spends requests)
      </button>
    </div>
  );
}

function EndBadge({ note }: { note: string | null }) {
  if (note === null) return <span className="badge ok">End of list</span>;
  return (
    <span className="badge cost" data-testid="list-capped">
      {note}
    </span>
  );
}
