// Where a record was collected (the collected_from_url / collected_from_view columns), from the request
// that fetched it: its view from the catalog's table (views.ts), its page on instagram.com from the
// request's parameters and the names the export knows.
import type { Provenance } from '../../shared/ipc';
import { highlightUrl, pkToShortcode, postUrl, profileUrl, storyUrl } from '../../shared/links';
import type { Row } from './columns';
import { SUBJECT, viewOfPath, type View } from './views';

export const WEB = 'https://www.instagram.com';

/** Usernames by user id, as far as the export knows them (a study's accounts, profiles and owners among its items). */
export type AccountNames = (id: string) => string | null;

/** An account a record names (a post's owner and coauthors, a story's owner): often the one whose page it was read on. */
export interface Owner {
  id: string | null;
  username: string | null;
}

export function param(p: Provenance, ...names: string[]): string | null {
  for (const name of names) {
    const value = p.params[name];
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'number') return String(value);
  }
  return null;
}

export function collectedView(path: string): View | 'other' {
  return viewOfPath(path);
}

/**
 * Where a record was collected: the view, and the page on instagram.com the request reads whenever the
 * account's username (given, or known by its id through `names`), the tag, the place or the post is known;
 * otherwise the service request itself. In a pseudonymised export a profile link would point at whoever
 * owns the pseudonym as a username: an account's page is then the (pseudonymised) request.
 */
export function collectedFrom(p: Provenance, pseudonymised = false, names?: AccountNames, ...people: (Owner | null | undefined)[]): { url: string; view: View | 'other' } {
  const view = viewOfPath(p.path);
  const known: AccountNames = (id) => people.find((o) => o?.id === id && o.username)?.username ?? names?.(id) ?? null;
  return { url: pageOf(p, view, pseudonymised, known, people[0]?.username ?? null) ?? requestText(p), view };
}

function accountName(p: Provenance, names: AccountNames): string | null {
  const username = param(p, 'username');
  if (username !== null) return username;
  const id = param(p, 'user_id', 'id');
  return id === null ? null : names(id);
}

function shortcodeOf(p: Provenance): string | null {
  const code = param(p, 'code');
  if (code !== null) return code;
  const id = param(p, 'media_id', 'id')?.split('_')[0];
  if (id === undefined || !/^\d+$/.test(id)) return null;
  try {
    return pkToShortcode(id);
  } catch {
    return null;
  }
}

const ACCOUNT_PAGES: Partial<Record<View, string>> = { reels: 'reels/', tagged: 'tagged/', followers: 'followers/', following: 'following/', reposts: 'reposts/' };

function pageOf(p: Provenance, view: View | 'other', pseudonymised: boolean, names: AccountNames, owner: string | null): string | null {
  const url = param(p, 'url');
  const subject = view === 'other' ? null : SUBJECT[view];
  if (url !== null && /^https:\/\/(www\.)?instagram\.com\//.test(url) && !(pseudonymised && subject === 'account')) return url;
  switch (subject) {
    case 'account': {
      const username = pseudonymised ? null : accountName(p, names);
      if (username === null) return null;
      if (view === 'stories') return `${WEB}/stories/${encodeURIComponent(username)}/`;
      return `${profileUrl(username)}${ACCOUNT_PAGES[view as View] ?? ''}`;
    }
    case 'story': {
      const id = param(p, 'id');
      return id !== null && owner !== null && !pseudonymised ? storyUrl(owner, id) : null;
    }
    case 'post': {
      const code = shortcodeOf(p);
      return code === null ? null : postUrl(code);
    }
    case 'hashtag': {
      const name = param(p, 'name');
      return name === null ? null : `${WEB}/explore/tags/${encodeURIComponent(name)}/`;
    }
    case 'place': {
      const id = param(p, 'location_pk', 'id');
      return id === null ? null : `${WEB}/explore/locations/${encodeURIComponent(id)}/`;
    }
    case 'highlight': {
      const id = param(p, 'id')?.replace(/^highlight:/, '');
      return id === undefined ? null : highlightUrl(id);
    }
    case 'audio': {
      const id = param(p, 'canonical_id', 'track_id');
      return id === null ? null : `${WEB}/reels/audio/${encodeURIComponent(id)}/`;
    }
    default:
      return null;
  }
}

/** The service request itself, parameters sorted: what was collected when no page names it. */
function requestText(p: Provenance): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(p.params).sort(([a], [b]) => a.localeCompare(b))) {
    for (const v of Array.isArray(value) ? value : [value]) query.append(key, String(v));
  }
  const text = query.toString();
  return text === '' ? p.path : `${p.path}?${text}`;
}

export function withCollected(row: Row, p: Provenance, pseudonymised: boolean, names?: AccountNames, ...people: (Owner | null | undefined)[]): Row {
  const from = collectedFrom(p, pseudonymised, names, ...people);
  row['collected_from_url'] = from.url;
  row['collected_from_view'] = from.view;
  return row;
}
