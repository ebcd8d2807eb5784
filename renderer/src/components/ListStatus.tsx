// Below every infinite list: what it cost (pages, requests, units), whether it reached the end, the
// spinner while the next page loads, errors with a retry, and an explicit Refresh that says it spends.
import type { ListStats } from '../hooks/useEndpointList';
import { ErrorView } from './ErrorView';
import { plural } from '../format';

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

/** `noun` is [singular, plural], e.g. ['post', 'posts']. */
export function ListStatus({ list, empty, noun = ['item', 'items'] }: { list: ListLike; empty: string; noun?: readonly [string, string] }) {
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
  return (
    <div className="list-footer" data-testid="list-footer" data-end={stats.reachedEnd ? 'true' : 'false'} aria-live="polite">
      {list.isError && <ErrorView error={list.error} onRetry={list.loadMore} compact />}
      {list.isFetchingNextPage && <div className="spinner" aria-label="Loading more" />}
      <span data-testid="list-stats">
        {list.items.length.toLocaleString()} {plural(list.items.length, noun[0], noun[1])} · {stats.pages} {plural(stats.pages, 'page', 'pages')} · {stats.requests} {plural(stats.requests, 'request', 'requests')} ({stats.units} units)
      </span>
      {stats.reachedEnd && stats.stopped && (
        <span className="badge cost" data-testid="list-stopped" title={stats.stopped}>
          {stats.stopped}
        </span>
      )}
      {stats.reachedEnd ? !stats.stopped && <span className="badge ok">End of list</span> : !list.isFetchingNextPage && list.hasNextPage && (
        <button className="btn small" onClick={list.loadMore}>
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
