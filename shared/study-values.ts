// The plain values of the study modules (lists of kinds, columns, defaults) without their zod schemas:
// the renderer imports these, and importing a value from a module that builds schemas at load would put
// zod in the renderer's bundle (validation belongs to main). The schema modules re-export them.
import type { Minimisation } from './ipc/analysis';
import type { CollectList, TargetKind } from './ipc/studies';
import type { BrowseQuery } from './ipc/study-data';

/** The largest budget a run, a schedule's day or a job may be given (units). */
export const MAX_BUDGET = 10_000_000;

export const RECORD_STATUSES = ['online', 'gone', 'private', 'unknown'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** The kinds the data browser shows (reels are posts whose product type is clips). */
export const BROWSE_KINDS = ['post', 'reel', 'comment', 'story', 'user'] as const;
export type BrowseKind = (typeof BROWSE_KINDS)[number];

/** Columns a researcher can show, in their default order. */
export const BROWSE_COLUMNS = [
  'kind', 'account', 'taken_at', 'text', 'likes', 'comments', 'plays', 'media_type', 'status', 'checked_at', 'codes', 'note', 'first_seen', 'last_seen', 'id',
] as const;
export type BrowseColumn = (typeof BROWSE_COLUMNS)[number];
export const DEFAULT_COLUMNS: readonly BrowseColumn[] = ['kind', 'account', 'taken_at', 'text', 'likes', 'comments', 'status', 'codes', 'note'];

export const SORT_COLUMNS = ['taken_at', 'account', 'likes', 'comments', 'plays', 'checked_at', 'first_seen', 'last_seen', 'kind'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

/** The lists each kind of target offers. For hashtags, places and music "posts" is their feed of recent posts. */
export const LISTS_OF: Readonly<Record<TargetKind, readonly CollectList[]>> = {
  account: ['posts', 'reels', 'tagged', 'stories', 'highlights', 'comments', 'likers', 'followers', 'following'],
  hashtag: ['posts', 'comments', 'likers'],
  place: ['posts', 'comments', 'likers'],
  music: ['posts', 'comments', 'likers'],
  post: ['comments', 'likers'],
};

/**
 * Pages of comments and replies per post offered for hashtags, places and sounds, whose comments are off
 * by default: the threads of strangers' posts can cost far more than the posts.
 */
export const DEFAULT_COMMENT_PAGES_PER_POST = 3;

/** Offered ticked when a target is added. */
export const DEFAULT_LISTS: Readonly<Record<TargetKind, readonly CollectList[]>> = {
  account: ['posts', 'reels', 'stories', 'highlights'],
  hashtag: ['posts'],
  place: ['posts'],
  music: ['posts'],
  post: ['comments'],
};

export const NO_MINIMISATION: Minimisation = Object.freeze({ captionsOnly: false, noCommenterIdentities: false, noMediaFiles: false, noProfilePictures: false, retentionDays: null });

export const NETWORK_KINDS = ['cohashtag', 'mentions', 'tagged', 'coauthors', 'comments', 'replies', 'followers', 'following', 'reuse'] as const;
export type NetworkKind = (typeof NETWORK_KINDS)[number];

/** The data browser's query with nothing filtered (what browseQuerySchema makes of {}), a new object each time. */
export function emptyBrowseQuery(): BrowseQuery {
  return {
    kinds: [], text: '', account: '', targetId: null, from: null, to: null, mediaTypes: [], hashtag: '', mention: '', statuses: [],
    hasReplies: false, codeIds: [], hasNote: false, inReuse: false, sort: 'taken_at', desc: true,
  };
}
