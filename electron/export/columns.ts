// Column sets of the CSV exports: their names and order (docs/exports.md lists every column). Posts use
// 4CAT's Instagram columns, names and order exactly, so 4CAT users find what they know; users, stories and
// comments have sets of their own. The rows themselves are made in rows.ts, their cells in cells.ts.
import type { AppRecord } from '../../shared/records';
import { MEDIA_COLUMNS, type MediaFacts } from '../media-analysis/facts';

export type ColumnSetName = 'posts' | 'users' | 'stories' | 'comments';
/** A ZIP's files: one per column set, and the highlights and the tags that the stories and posts refer to. */
export type TableName = ColumnSetName | 'highlights' | 'tags';

/** Bumped whenever a column set changes: the manifest carries it, so readers can tell. */
export const COLUMN_SETS_VERSION = 4;

/** 4CAT's Instagram columns, in 4CAT's order (datasources/instagram/search_instagram.py). */
export const POST_COLUMNS = [
  'collected_from_url', 'collected_from_view', 'partial_item', 'id', 'timestamp', 'thread_id', 'parent_id', 'url', 'body',
  'author_id', 'author', 'author_fullname', 'verified', 'author_avatar_url', 'coauthors', 'coauthor_fullnames', 'coauthor_ids',
  'media_type', 'num_media', 'image_urls', 'media_urls', 'hashtags', 'usertags', 'play_count', 'likes_hidden', 'num_likes',
  'num_comments', 'location_name', 'location_id', 'location_latlong', 'location_city', 'unix_timestamp', 'missing_media',
  // After 4CAT's own: the keys other files refer to a post by (comments.post_id, tags.post_id).
  'post_id', 'media_id',
] as const;

export const USER_COLUMNS = [
  'id', 'username', 'full_name', 'is_verified', 'is_private', 'follower_count', 'following_count', 'media_count', 'biography',
  'external_url', 'category', 'profile_pic_url', 'collected_from_url', 'collected_from_view', 'source_account_id', 'source_account',
] as const;

export const STORY_COLUMNS = [
  'id', 'code', 'owner_id', 'owner', 'taken_at', 'taken_at_unix', 'expires_at', 'expires_at_unix', 'media_type', 'media_url',
  'image_url', 'mentions', 'hashtags', 'links', 'locations', 'sticker_types', 'highlight_id', 'highlight_title',
  'collected_from_url', 'collected_from_view',
] as const;

export const COMMENT_COLUMNS = [
  'comment_id', 'parent_id', 'post_id', 'depth', 'author_id', 'author', 'text', 'created_at', 'created_at_unix', 'like_count',
  'reply_count', 'hashtags', 'mentions', 'is_pinned', 'collected_from_url', 'collected_from_view',
] as const;

/** A ZIP's highlights: what stories.highlight_id refers to. */
export const HIGHLIGHT_COLUMNS = [
  'highlight_id', 'title', 'owner_id', 'owner', 'created_at', 'created_at_unix', 'story_count', 'cover_url', 'collected_from_url', 'collected_from_view',
] as const;

/** A ZIP's accounts tagged on posts (and their carousel items): one row per post and account. */
export const TAG_COLUMNS = ['post_id', 'user_id', 'username', 'x', 'y'] as const;

export const COLUMNS: Record<TableName, readonly string[]> = {
  posts: POST_COLUMNS,
  users: USER_COLUMNS,
  stories: STORY_COLUMNS,
  comments: COMMENT_COLUMNS,
  highlights: HIGHLIGHT_COLUMNS,
  tags: TAG_COLUMNS,
};

export type Cell = string | number | null;
export type Row = Record<string, Cell>;

/** Columns a study's exports add after every set's own: its re-check status and the researcher's coding. */
export const STUDY_COLUMNS = ['status', 'checked_at', 'checked_at_unix', 'codes', 'notes'] as const;

/** What a study knows of a record beyond what the service said (electron/studies/export.ts). */
export interface StudyFacts {
  status: string | null;
  /** Epoch ms of the last re-check. */
  checkedAt: number | null;
  codes: string[];
  notes: string | null;
  /** What media analysis found of a post or story (null: not analysed). */
  media?: MediaFacts | null;
}

/** Sets whose records have pictures: a study's exports add the media-analysis columns to them. */
export const hasMediaColumns = (set: TableName): boolean => set === 'posts' || set === 'stories';

/** A table's columns; a study's add theirs to every file of records (tags are not records), and media analysis's to posts and stories. */
export function columnsOf(set: TableName, study: boolean): readonly string[] {
  if (!study || set === 'tags') return COLUMNS[set];
  return hasMediaColumns(set) ? [...COLUMNS[set], ...STUDY_COLUMNS, ...MEDIA_COLUMNS] : [...COLUMNS[set], ...STUDY_COLUMNS];
}

/** The column set a record kind is exported with, or null when it has none (locations, hashtags...). */
export function columnSetOf(kind: AppRecord['kind']): ColumnSetName | null {
  switch (kind) {
    case 'post':
      return 'posts';
    case 'user':
    case 'profile':
      return 'users';
    case 'story':
    case 'highlight':
      return 'stories';
    case 'comment':
      return 'comments';
    default:
      return null;
  }
}
