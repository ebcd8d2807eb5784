// The API explorer: every endpoint of the service, with a form built from the catalog, through the same
// call path as every screen (main's validation, cache, cost guard and request log). The route names the
// endpoint and, for a repeated request or a replacement, the values to start from.
import { useEffect, useState } from 'react';
import { findEndpoint } from '../../../../shared/api/catalog';
import { useNavigation, useRoute } from '../../state/navigation';
import { EndpointList } from './EndpointList';
import { EndpointPanel } from './EndpointPanel';
import { EXPLORER_SHORTCUT, focusExplorerSearch } from './shortcut';
import '../../styles/explorer.css';

export function ExplorerScreen() {
  const route = useRoute();
  const replace = useNavigation((s) => s.replace);
  const [query, setQuery] = useState('');
  const path = route.name === 'explorer' ? (route.path ?? null) : null;
  const params = route.name === 'explorer' ? (route.params ?? {}) : {};
  const endpoint = path ? findEndpoint(path) : undefined;

  useEffect(() => {
    if (!path) focusExplorerSearch();
  }, [path]);

  return (
    <div className="page explorer-page">
      <div className="page-header">
        <h1>API explorer</h1>
        <span className="muted">Every endpoint of the service, with the app&apos;s cost guard, cache and request log.</span>
      </div>
      <div className="explorer-layout">
        <EndpointList query={query} onQuery={setQuery} selected={endpoint?.path ?? null} onSelect={(p) => replace({ name: 'explorer', path: p })} />
        <div className="explorer-main">
          {endpoint ? (
            // A new endpoint or a repeated request starts a fresh form.
            <EndpointPanel key={`${endpoint.path}:${JSON.stringify(params)}`} endpoint={endpoint} initial={params} />
          ) : (
            <div className="state" data-testid="explorer-intro">
              <div className="state-icon" aria-hidden>
                {'{}'}
              </div>
              <div>{path ? `${path} is not an endpoint of the service.` : 'Pick an endpoint: its form is built from the catalog, and nothing is sent until you press Send.'}</div>
              <div className="faint">Search with {EXPLORER_SHORTCUT} from anywhere. Costs are shown before each call; calls of 2 requests or more ask first.</div>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
