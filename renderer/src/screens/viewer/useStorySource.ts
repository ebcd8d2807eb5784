// Where the viewer's stories come from, per route:
// - { userId }: the account's current stories, `/v1/user/stories` (billed 2, asked first);
// - { username }: `/v1/user/by/username` (1) then `/v1/user/stories` (2). The same 3 requests as
//   `/v1/user/stories/by/username`, but the lookup is usually already cached (the profile screen made
//   it), a private account is recognised before anything is spent on its stories, and the stories
//   answer is shared with the { userId } route;
// - { storyPk }: that one story, `/v1/story/by/url` when the username is known (story links), else
//   `/v1/story/by/id` (share links): 1 request, with an offer to load all of the owner's stories;
// - { highlightPk }: `/v2/highlight/by/id` (1 request; the simulator and the service take the bare pk).
import type { Provenance } from '../../../../shared/ipc';
import type { Highlight, Profile, Story, User } from '../../../../shared/records';
import { storyUrl } from '../../../../shared/links';
import { useEndpoint } from '../../hooks/useEndpoint';
import type { Route } from '../../state/navigation';

export type ViewerRoute = Extract<Route, { name: 'stories' } | { name: 'highlight' }>;

export type SourceKind = 'user' | 'username' | 'single' | 'highlight';

export interface StorySource {
  kind: SourceKind;
  stories: Story[];
  /** Loading, or waiting for the user to confirm the cost. */
  pending: boolean;
  error: unknown;
  retry: () => void;
  /** The account whose stories these are (highlight items often lack their owner's name). */
  owner: User | Profile | null;
  highlight: Highlight | null;
  /** The lookup found a private account: its stories were not requested. */
  privateAccount: boolean;
  /** The call the stories came from, so they can be selected with their provenance. */
  provenance: Provenance | null;
}

export const USER_STORIES = '/v1/user/stories';
export const USER_LOOKUP = '/v1/user/by/username';
export const HIGHLIGHT_BY_ID = '/v2/highlight/by/id';

export function sourceKind(route: ViewerRoute): SourceKind {
  if (route.name === 'highlight') return 'highlight';
  if (route.userId) return 'user';
  if (route.storyPk) return 'single';
  return 'username';
}

/** The call that fetches one story: by its link when the owner's username is known. */
export function singleStoryCall(storyPk: string, username?: string): { path: string; params: Record<string, string> } {
  return username ? { path: '/v1/story/by/url', params: { url: storyUrl(username, storyPk) } } : { path: '/v1/story/by/id', params: { id: storyPk } };
}

const asStories = (records: unknown): Story[] =>
  (Array.isArray(records) ? records : records ? [records] : []).filter((r): r is Story => (r as Story | null)?.kind === 'story');

export function useStorySource(route: ViewerRoute): StorySource {
  const kind = sourceKind(route);
  const stories = route.name === 'stories' ? route : null;
  const username = stories?.username ?? '';

  const lookup = useEndpoint(USER_LOOKUP, { username }, { enabled: kind === 'username' && username !== '' });
  const profile = (lookup.data?.records as Profile | null | undefined) ?? null;
  const privateAccount = kind === 'username' && profile?.isPrivate === true;

  const userId = kind === 'user' ? (stories?.userId ?? '') : kind === 'username' ? (profile?.id ?? '') : '';
  const list = useEndpoint(USER_STORIES, { user_id: userId }, { enabled: userId !== '' && !privateAccount });

  const single = singleStoryCall(stories?.storyPk ?? '', stories?.username);
  const one = useEndpoint(single.path, single.params, { enabled: kind === 'single' });

  const highlightPk = route.name === 'highlight' ? route.highlightPk : '';
  const highlightQuery = useEndpoint(HIGHLIGHT_BY_ID, { id: highlightPk }, { enabled: kind === 'highlight' });
  const highlight = (highlightQuery.data?.records as Highlight | null | undefined) ?? null;

  switch (kind) {
    case 'highlight':
      return {
        kind,
        stories: highlight?.items ?? [],
        pending: highlightQuery.isPending && !highlightQuery.isError,
        error: highlightQuery.error,
        retry: () => void highlightQuery.refetch(),
        owner: highlight?.owner ?? null,
        highlight,
        privateAccount: false,
        provenance: highlightQuery.data?.provenance ?? null,
      };
    case 'single': {
      const found = asStories(one.data?.records);
      return {
        kind,
        stories: found,
        pending: one.isPending && !one.isError,
        error: one.error,
        retry: () => void one.refetch(),
        owner: found[0]?.owner ?? null,
        highlight: null,
        privateAccount: false,
        provenance: one.data?.provenance ?? null,
      };
    }
    case 'user':
    case 'username': {
      const found = asStories(list.data?.records);
      const step = kind === 'username' && !profile ? lookup : list;
      return {
        kind,
        stories: found,
        pending: !privateAccount && step.isPending && !step.isError,
        error: step.error,
        retry: () => void step.refetch(),
        owner: profile ?? found[0]?.owner ?? null,
        highlight: null,
        privateAccount,
        provenance: list.data?.provenance ?? null,
      };
    }
  }
}
