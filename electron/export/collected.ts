// Where a record was collected (the collected_from_url / collected_from_view columns), from the request
// that fetched it.
import type { Provenance } from '../../shared/ipc';
import { profileUrl } from '../../shared/links';
import type { Row } from './columns';

export const WEB = 'https://www.instagram.com';

/**
 * Where a record was collected, from its provenance: the platform page when the request names one. In a
 * pseudonymised export a profile link would point at whoever owns the pseudonym as a username: the
 * request itself is written instead.
 */
export function collectedFrom(p: Provenance, pseudonymised = false): { url: string; view: string } {
  return { url: collectedUrl(p, pseudonymised), view: collectedView(p.path) };
}

export function param(p: Provenance, ...names: string[]): string | null {
  for (const name of names) {
    const value = p.params[name];
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'number') return String(value);
  }
  return null;
}

function collectedUrl(p: Provenance, pseudonymised: boolean): string {
  const url = pseudonymised ? null : param(p, 'url');
  if (url !== null && /^https?:\/\//.test(url)) return url;
  const username = pseudonymised ? null : param(p, 'username');
  if (username !== null) return profileUrl(username);
  const code = param(p, 'code');
  if (code !== null && p.path.includes('/media/')) return `${WEB}/p/${code}`;
  const name = param(p, 'name');
  if (name !== null && p.path.includes('/hashtag/')) return `${WEB}/explore/tags/${encodeURIComponent(name)}/`;
  const id = param(p, 'id', 'location_id');
  if (id !== null && p.path.includes('/location/')) return `${WEB}/explore/locations/${encodeURIComponent(id)}/`;
  // No platform page to name: the service request itself, which is what was collected.
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(p.params).sort(([a], [b]) => a.localeCompare(b))) {
    for (const v of Array.isArray(value) ? value : [value]) query.append(key, String(v));
  }
  const text = query.toString();
  return text === '' ? p.path : `${p.path}?${text}`;
}

const VIEWS: readonly (readonly [RegExp, string])[] = [
  [/comments\/replies/, 'replies'],
  [/comment/, 'comments'],
  [/likers/, 'likers'],
  [/followers/, 'followers'],
  [/following/, 'following'],
  [/tag\/medias/, 'tagged'],
  [/clips|reels/, 'reels'],
  [/stor(y|ies)/, 'stories'],
  [/highlight/, 'highlights'],
  [/hashtag/, 'hashtag'],
  [/location|places/, 'location'],
  [/track|music/, 'audio'],
  [/search/, 'search'],
  [/medias|userstream/, 'posts'],
  [/\/user/, 'profile'],
  [/\/media/, 'post'],
];

export function collectedView(path: string): string {
  return VIEWS.find(([pattern]) => pattern.test(path))?.[1] ?? path.split('/')[1] ?? '';
}

export function withCollected(row: Row, p: Provenance, pseudonymised: boolean): Row {
  const from = collectedFrom(p, pseudonymised);
  row['collected_from_url'] = from.url;
  row['collected_from_view'] = from.view;
  return row;
}
