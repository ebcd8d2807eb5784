// The Explorer's left column: every catalog endpoint by family, searchable, each with its status, cost
// and one-line summary.
import { Fragment, useMemo } from 'react';
import type { Endpoint } from '../../../../shared/api/catalog';
import { costText, groupCatalog, statusText } from './catalogList';
import { EXPLORER_SHORTCUT, SEARCH_ID } from './shortcut';

/** A path that wraps after its slashes only, never inside a segment. */
export function PathText({ path }: { path: string }) {
  return (
    <>
      {path.split('/').map((segment, i) => (
        <Fragment key={i}>
          {i > 0 && (
            <>
              /<wbr />
            </>
          )}
          {segment}
        </Fragment>
      ))}
    </>
  );
}

export function StatusBadge({ endpoint }: { endpoint: Endpoint }) {
  const { label, detail } = statusText(endpoint);
  if (label === 'active') return null;
  return (
    <span className={`badge status-${label}`} title={detail ?? undefined} data-testid="endpoint-status">
      {label}
    </span>
  );
}

export function CostBadge({ endpoint }: { endpoint: Endpoint }) {
  const high = endpoint.cost >= 2 && endpoint.status.kind !== 'retired';
  return (
    <span className={`badge${high ? ' cost' : ''}`} title="Units billed per call" data-testid="endpoint-cost">
      {costText(endpoint)}
    </span>
  );
}

export function EndpointList({ query, onQuery, selected, onSelect }: { query: string; onQuery: (q: string) => void; selected: string | null; onSelect: (path: string) => void }) {
  const groups = useMemo(() => groupCatalog(query), [query]);
  const count = groups.reduce((n, g) => n + g.endpoints.length, 0);
  return (
    <aside className="explorer-list" aria-label="Endpoints">
      <input
        id={SEARCH_ID}
        type="search"
        placeholder={`Search endpoints (${EXPLORER_SHORTCUT})`}
        aria-label="Search endpoints"
        value={query}
        onChange={(e) => onQuery(e.target.value)}
        data-testid="explorer-search"
      />
      <div className="faint explorer-count" aria-live="polite">
        {count === 1 ? '1 endpoint' : `${count} endpoints`}
      </div>
      {groups.length === 0 && <div className="muted explorer-none">No endpoint matches. Try a path, a word of its summary or a parameter name.</div>}
      {groups.map((group) => (
        <section key={group.family} className="explorer-family" aria-label={group.label}>
          <h3>{group.label}</h3>
          {group.endpoints.map((e) => (
            <button
              key={e.path}
              type="button"
              className={`explorer-item status-${e.status.kind}`}
              aria-current={e.path === selected ? 'true' : undefined}
              onClick={() => onSelect(e.path)}
              data-testid="endpoint-item"
              data-path={e.path}
            >
              <span className="explorer-item-path">
                <PathText path={e.path} />
              </span>
              <span className="explorer-item-summary">{e.summary}</span>
              <span className="explorer-item-badges">
                <CostBadge endpoint={e} />
                <StatusBadge endpoint={e} />
              </span>
            </button>
          ))}
        </section>
      ))}
    </aside>
  );
}
