// What each search tab calls and how a typed query becomes the service's `query`: pure, tested in Node.
import type { Track } from '../../../../shared/records';
import type { Route, SearchTab } from '../../state/navigation';

export interface SearchTabSpec {
  key: SearchTab;
  label: string;
  path: string;
  /** What results are called, for counts ("1 account", "12 accounts"). */
  nouns: readonly [string, string];
}

export const SEARCH_TABS: readonly SearchTabSpec[] = [
  { key: 'top', label: 'Top', path: '/gql/topsearch', nouns: ['result', 'results'] },
  { key: 'accounts', label: 'Accounts', path: '/v2/fbsearch/accounts', nouns: ['account', 'accounts'] },
  { key: 'hashtags', label: 'Hashtags', path: '/v1/search/hashtags', nouns: ['hashtag', 'hashtags'] },
  { key: 'places', label: 'Places', path: '/v1/fbsearch/places', nouns: ['place', 'places'] },
  { key: 'music', label: 'Music', path: '/v1/search/music', nouns: ['track', 'tracks'] },
  { key: 'reels', label: 'Reels', path: '/v2/fbsearch/reels', nouns: ['reel', 'reels'] },
];

export function searchTabSpec(tab: SearchTab | undefined): SearchTabSpec {
  return SEARCH_TABS.find((t) => t.key === tab) ?? (SEARCH_TABS[0] as SearchTabSpec);
}

/**
 * The words sent to the service: trimmed, inner spaces collapsed, and a leading '@' or '#' dropped
 * (people type "@anna" or "#coffee"; the search endpoints want the bare words). Empty means nothing to search.
 */
export function searchTerm(input: string | undefined): string {
  return (input ?? '').trim().replace(/^[@#]+/, '').replace(/\s+/g, ' ').trim();
}

/**
 * Where a tab switch goes: the new tab searches the words now in the box, not the query of the results on
 * screen (a switch after editing the box must not spend a request on the old words); with nothing
 * searchable in the box the tab opens on its introduction and sends nothing.
 */
export function tabSwitchRoute(tab: SearchTab, boxText: string): Extract<Route, { name: 'search' }> {
  const query = boxText.trim();
  return searchTerm(query) ? { name: 'search', query, tab } : { name: 'search', tab };
}

export function searchCall(tab: SearchTab | undefined, term: string): { path: string; params: { query: string }; what: string } {
  const spec = searchTabSpec(tab);
  return { path: spec.path, params: { query: term }, what: `${spec.label} search for “${term}”` };
}

/** The id the music page opens a track by: its audio cluster (canonical) id, else its own id. */
export function trackRouteId(track: Pick<Track, 'id' | 'canonicalId'>): string {
  return track.canonicalId ?? track.id;
}
