// What the profile screen calls, per route and per tab, and when a tab can be answered without calling
// at all (private accounts, counts of zero): pure, so it is tested without React.
import type { AppError } from '../../../../shared/api/errors';
import type { Profile } from '../../../../shared/records';
import type { ProfileTab, Route } from '../../state/navigation';
import type { ExportName } from '../../components/exportPlan';

export interface Call {
  path: string;
  params: Record<string, string>;
  /** What the call fetches, in words: the label of the list's export. */
  what: string;
  /** What an export of the list holds, for its file name (skyward.atlas + following). */
  name?: ExportName;
}

export interface ProfileTabSpec {
  key: ProfileTab;
  label: string;
  /** The Profile count shown on the tab, when there is one. */
  count?: 'media' | 'followers' | 'following';
}

export const PROFILE_TABS: readonly ProfileTabSpec[] = [
  { key: 'posts', label: 'Posts', count: 'media' },
  { key: 'reels', label: 'Reels' },
  { key: 'tagged', label: 'Tagged' },
  { key: 'highlights', label: 'Highlights' },
  { key: 'stories', label: 'Stories' },
  { key: 'followers', label: 'Followers', count: 'followers' },
  { key: 'following', label: 'Following', count: 'following' },
];

const PATHS: Record<ProfileTab, string> = {
  posts: '/v1/user/medias/chunk',
  reels: '/v1/user/clips/chunk',
  tagged: '/v1/user/tag/medias/chunk',
  highlights: '/v1/user/highlights',
  stories: '/v1/user/stories',
  followers: '/v1/user/followers/chunk',
  following: '/v1/user/following/chunk',
};

const WHAT: Record<ProfileTab, string> = {
  posts: 'Posts of',
  reels: 'Reels of',
  tagged: 'Posts tagging',
  highlights: 'Story highlights of',
  stories: 'Current stories of',
  followers: 'Followers of',
  following: 'Accounts followed by',
};

function who(username: string | null, userId: string): string {
  return username ? `@${username}` : `account ${userId}`;
}

/** The profile record a route asks for: by username when it has one, else by numeric id. */
export function profileCall(route: Extract<Route, { name: 'profile' }>): Call | null {
  const username = route.username?.trim().replace(/^@/, '');
  if (username) return { path: '/v1/user/by/username', params: { username }, what: `Profile of @${username}` };
  const id = route.userId?.trim();
  if (id) return { path: '/v1/user/by/id', params: { id }, what: `Profile of account ${id}` };
  return null;
}

export function aboutCall(profile: Pick<Profile, 'id' | 'username'>): Call {
  return { path: '/v1/user/about', params: { id: profile.id }, what: `About ${who(profile.username, profile.id)}` };
}

/** The endpoint one tab reads for one account (each tab calls exactly one endpoint). */
export function tabCall(tab: ProfileTab, profile: Pick<Profile, 'id' | 'username'>): Call {
  return {
    path: PATHS[tab],
    params: { user_id: profile.id },
    what: `${WHAT[tab]} ${who(profile.username, profile.id)}`,
    name: { target: profile.username ?? profile.id, list: tab, person: true },
  };
}

/** Whether a tab needs the service, or what it shows instead without spending anything. */
export type TabGate = { kind: 'open' } | { kind: 'private'; error: AppError } | { kind: 'empty'; message: string };

/** The same words the service's 403 gets (shared/api/errors.ts), without paying for the 403. */
const PRIVATE: AppError = {
  kind: 'private',
  message:
    'This account is private, so the service cannot read its posts, reels, tagged posts, followers, stories or highlights. Nothing was requested.',
  billed: false,
  retryable: false,
};

const EMPTY: Partial<Record<ProfileTab, { count: keyof Profile['counts']; message: string }>> = {
  posts: { count: 'media', message: 'No posts yet' },
  reels: { count: 'media', message: 'No reels yet' },
  followers: { count: 'followers', message: 'No followers yet' },
  following: { count: 'following', message: 'Not following anyone yet' },
};

/**
 * A private account answers 403 (billed) for every tab, and an account whose profile counts 0 posts or
 * followers has none to list: both are known from the profile, so those tabs spend nothing.
 */
export function tabGate(profile: Pick<Profile, 'isPrivate' | 'counts'>, tab: ProfileTab): TabGate {
  if (profile.isPrivate === true) return { kind: 'private', error: PRIVATE };
  const empty = EMPTY[tab];
  if (empty && profile.counts[empty.count] === 0) return { kind: 'empty', message: empty.message };
  return { kind: 'open' };
}

export function isProfileTab(value: string | undefined): value is ProfileTab {
  return PROFILE_TABS.some((t) => t.key === value);
}
