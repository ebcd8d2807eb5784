// The Explorer's endpoint list, without React: the catalog grouped by family, searched by path, summary
// and parameter names, and each endpoint's status and cost in words.
import { CATALOG, type Endpoint, type Family } from '../../../../shared/api/catalog';
import { plural } from '../../format';

export const FAMILY_LABELS: Readonly<Record<Family, string>> = {
  v1: 'v1 · mobile API',
  v2: 'v2 · mobile API, raw records',
  v3: 'v3 · search',
  gql: 'gql · GraphQL',
  g1: 'g1 · legacy public GraphQL',
  g2: 'g2 · paged lists',
  a2: 'a2 · public web',
  sys: 'sys · account',
};

const FAMILY_ORDER: readonly Family[] = ['v1', 'v2', 'v3', 'gql', 'g1', 'g2', 'a2', 'sys'];

export interface EndpointGroup {
  family: Family;
  label: string;
  endpoints: Endpoint[];
}

function haystack(endpoint: Endpoint): string {
  return [endpoint.path, endpoint.summary, endpoint.status.kind, ...endpoint.params.map((p) => p.name)].join(' ').toLowerCase();
}

/** The endpoints whose path, summary, status or parameter names hold every word of `query`, by family. */
export function groupCatalog(query: string, catalog: readonly Endpoint[] = CATALOG): EndpointGroup[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const matching = catalog.filter((e) => {
    const text = haystack(e);
    return words.every((w) => text.includes(w));
  });
  return FAMILY_ORDER.map((family) => ({
    family,
    label: FAMILY_LABELS[family],
    endpoints: matching.filter((e) => e.family === family).sort((a, b) => (a.path < b.path ? -1 : 1)),
  })).filter((g) => g.endpoints.length > 0);
}

/** "1 request", "2 requests", "free"; with the `force` discount where it applies. */
export function costText(endpoint: Endpoint): string {
  if (endpoint.status.kind === 'retired') return 'never called';
  if (endpoint.cost === 0) return 'free';
  const units = `${endpoint.cost} ${plural(endpoint.cost, 'request', 'requests')}`;
  return endpoint.forceDiscount ? `${units} (${endpoint.cost - 1} with force)` : units;
}

/** The status as a short label and, for deprecated and retired endpoints, what to use instead. */
export function statusText(endpoint: Endpoint): { label: string; detail: string | null } {
  const s = endpoint.status;
  if (s.kind === 'active') return { label: 'active', detail: null };
  const use = s.replacements.length > 0 ? `use ${s.replacements.join(' or ')}` : 'no replacement';
  return { label: s.kind, detail: s.note ? `${use}; ${s.note}` : use };
}
