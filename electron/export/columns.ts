// Column sets of the CSV exports: pure functions from records to rows (docs/exports.md lists every
// column). Posts use 4CAT's Instagram columns, names and order exactly, so 4CAT users find what they
// know; users, stories and comments have sets of their own. Times are UTC, written "YYYY-MM-DD HH:MM:SS"
// next to the epoch seconds; lists are comma-joined; a value the record does not have is an empty cell.
import { parseCaption } from '../../shared/api/normalize';
import type { Provenance } from '../../shared/ipc';
import { pkToShortcode, profileUrl } from '../../shared/links';
import type { AppRecord, Comment, Highlight, Post, Profile, Story, User } from '../../shared/records';

export type ColumnSetName = 'posts' | 'users' | 'stories' | 'comments';

/** Bumped whenever a column set changes: the manifest carries it, so readers can tell. */
export const COLUMN_SETS_VERSION = 2;

/** 4CAT's Instagram columns, in 4CAT's order (datasources/instagram/search_instagram.py). */
export const POST_COLUMNS = [
  'collected_from_url', 'collected_from_view', 'partial_item', 'id', 'timestamp', 'thread_id', 'parent_id', 'url', 'body',
  'author_id', 'author', 'author_fullname', 'verified', 'author_avatar_url', 'coauthors', 'coauthor_fullnames', 'coauthor_ids',
  'media_type', 'num_media', 'image_urls', 'media_urls', 'hashtags', 'usertags', 'play_count', 'likes_hidden', 'num_likes',
  'num_comments', 'location_name', 'location_id', 'location_latlong', 'location_city', 'unix_timestamp', 'missing_media',
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

export const COLUMNS: Record<ColumnSetName, readonly string[]> = {
  posts: POST_COLUMNS,
  users: USER_COLUMNS,
  stories: STORY_COLUMNS,
  comments: COMMENT_COLUMNS,
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
}

export function columnsOf(set: ColumnSetName, study: boolean): readonly string[] {
  return study ? [...COLUMNS[set], ...STUDY_COLUMNS] : COLUMNS[set];
}

/** ISO 8601 in UTC with its Z ("2026-11-20T12:00:00Z"). */
export function isoTime(epochMs: number | null | undefined): string {
  return epochMs === null || epochMs === undefined || !Number.isFinite(epochMs) ? '' : `${new Date(epochMs).toISOString().slice(0, 19)}Z`;
}

function studyCells(f: StudyFacts | undefined): Row {
  return {
    status: f?.status ?? '',
    checked_at: isoTime(f?.checkedAt),
    checked_at_unix: f?.checkedAt === null || f?.checkedAt === undefined ? null : Math.floor(f.checkedAt / 1000),
    codes: joined(f?.codes ?? []),
    notes: f?.notes ?? '',
  };
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

// ---------------------------------------------------------------------------------------------
// Values

/** "2026-04-01 13:00:03", always UTC. */
export function utcTime(epochSeconds: number | null | undefined): string {
  if (epochSeconds === null || epochSeconds === undefined || !Number.isFinite(epochSeconds)) return '';
  return new Date(epochSeconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

function yesNo(value: boolean | null | undefined): string {
  return value === null || value === undefined ? '' : value ? 'yes' : 'no';
}

function joined(values: readonly (string | null | undefined)[]): string {
  return values.filter((v): v is string => typeof v === 'string' && v !== '').join(',');
}

function unique(values: readonly (string | null | undefined)[]): string[] {
  return [...new Set(values.filter((v): v is string => typeof v === 'string' && v !== ''))];
}

const WEB = 'https://www.instagram.com';

/**
 * Where a record was collected, from its provenance: the platform page when the request names one. In a
 * pseudonymised export a profile link would point at whoever owns the pseudonym as a username: the
 * request itself is written instead.
 */
export function collectedFrom(p: Provenance, pseudonymised = false): { url: string; view: string } {
  return { url: collectedUrl(p, pseudonymised), view: collectedView(p.path) };
}

function param(p: Provenance, ...names: string[]): string | null {
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

function collectedView(path: string): string {
  return VIEWS.find(([pattern]) => pattern.test(path))?.[1] ?? path.split('/')[1] ?? '';
}

function withCollected(row: Row, p: Provenance, pseudonymised: boolean): Row {
  const from = collectedFrom(p, pseudonymised);
  row['collected_from_url'] = from.url;
  row['collected_from_view'] = from.view;
  return row;
}

// ---------------------------------------------------------------------------------------------
// Posts (4CAT)

function shortcodeOf(post: Post): string {
  if (post.code) return post.code;
  try {
    return pkToShortcode(post.id);
  } catch {
    return '';
  }
}

/** The owner's id from a `<pk>_<owner>` media id when the record has no owner. */
function ownerIdOf(post: Post): string {
  return post.owner?.id ?? (post.mediaId.includes('_') ? post.mediaId.slice(post.mediaId.indexOf('_') + 1) : '');
}

const MEDIA_TYPE_WORDS: Record<string, string> = { image: 'photo', video: 'video' };

/** One row per post; a carousel is one row with all its items' URLs (4CAT's `num_media`, `mixed`). */
export function postRow(post: Post, provenance: Provenance, pseudonymised = false): Row {
  const children = post.children ?? [];
  const nodes = children.length > 0 ? children : [post];
  const imageUrls: string[] = [];
  const mediaUrls: string[] = [];
  const types = new Set<string>();
  let missing = false;
  for (const node of nodes) {
    const image = node.images?.[0]?.url ?? node.thumbnailUrl ?? null;
    const video = node.videos?.[0]?.url ?? null;
    types.add(MEDIA_TYPE_WORDS[node.mediaType] ?? 'unknown');
    if (node.mediaType === 'video') {
      if (image !== null || video !== null) imageUrls.push(image ?? video ?? '');
      if (video !== null) mediaUrls.push(video);
      else missing = true;
    } else if (image !== null) {
      imageUrls.push(image);
      mediaUrls.push(image);
    } else {
      missing = true;
    }
  }
  const code = shortcodeOf(post);
  const owner = post.owner;
  const location = post.location;
  const counts = post.counts ?? { likes: null, comments: null, plays: null, views: null, reshares: null };
  const usertags = unique([...(post.usertags ?? []), ...children.flatMap((c) => c.usertags ?? [])].map((t) => t.user.username));
  const coauthors = post.coauthors ?? [];
  const row: Row = {
    partial_item: yesNo(post.takenAt === null || owner === null || post.code === null),
    id: code,
    timestamp: utcTime(post.takenAt),
    thread_id: code,
    parent_id: code,
    url: code === '' ? '' : `${WEB}/p/${code}`,
    body: post.caption?.text ?? '',
    author_id: ownerIdOf(post),
    author: owner?.username ?? '',
    author_fullname: owner?.fullName ?? '',
    verified: yesNo(owner?.isVerified),
    author_avatar_url: owner?.avatarUrl ?? '',
    coauthors: joined(coauthors.map((u) => u.username)),
    coauthor_fullnames: joined(coauthors.map((u) => u.fullName)),
    coauthor_ids: joined(coauthors.map((u) => u.id)),
    media_type: types.size > 1 ? 'mixed' : ([...types][0] ?? 'unknown'),
    num_media: nodes.length,
    image_urls: joined(imageUrls),
    media_urls: joined(mediaUrls),
    hashtags: joined(post.caption?.hashtags ?? []),
    usertags: joined(usertags),
    play_count: counts.plays ?? counts.views ?? null,
    likes_hidden: yesNo(post.likesHidden ?? false),
    // The service reports a made-up small count when likes are hidden: leave it out (as 4CAT does).
    num_likes: post.likesHidden ? null : counts.likes,
    num_comments: counts.comments,
    location_name: location?.name ?? '',
    location_id: location?.id ?? '',
    location_latlong: location && location.lat !== null && location.lng !== null ? `${location.lat},${location.lng}` : '',
    location_city: location?.city ?? '',
    unix_timestamp: post.takenAt,
    missing_media: yesNo(missing),
  };
  return withCollected(row, provenance, pseudonymised);
}

// ---------------------------------------------------------------------------------------------
// Users

/** Usernames of accounts by user id, for the account a followers or following list belongs to. */
export type AccountNames = (id: string) => string | null;

/**
 * The account whose followers or following list a user came from (the request's `user_id`), else empty.
 * In a pseudonymised export the parameters are pseudonymised already: the pseudonym stands for both.
 */
function sourceAccount(p: Provenance, pseudonymised: boolean, names?: AccountNames): { id: string; username: string } {
  const view = collectedView(p.path);
  if (view !== 'followers' && view !== 'following') return { id: '', username: '' };
  const id = param(p, 'user_id', 'id', 'pk') ?? '';
  if (pseudonymised) return { id, username: id };
  return { id, username: param(p, 'username') ?? (id ? names?.(id) : null) ?? '' };
}

export function userRow(user: User | Profile, provenance: Provenance, pseudonymised = false, names?: AccountNames): Row {
  const profile = user.kind === 'profile' ? user : null;
  const source = sourceAccount(provenance, pseudonymised, names);
  const row = withCollected(
    {
      id: user.id,
      username: user.username ?? '',
      full_name: user.fullName ?? '',
      is_verified: yesNo(user.isVerified),
      is_private: yesNo(user.isPrivate),
      follower_count: profile?.counts?.followers ?? null,
      following_count: profile?.counts?.following ?? null,
      media_count: profile?.counts?.media ?? null,
      biography: profile?.biography ?? '',
      external_url: profile?.externalUrl ?? '',
      category: profile?.category ?? '',
      profile_pic_url: user.avatarUrl ?? '',
    },
    provenance,
    pseudonymised,
  );
  row['source_account_id'] = source.id;
  row['source_account'] = source.username;
  return row;
}

// ---------------------------------------------------------------------------------------------
// Stories (and highlight items)

export function storyRow(story: Story, provenance: Provenance, highlight: Highlight | null = null, pseudonymised = false): Row {
  const image = story.images?.[0]?.url ?? story.thumbnailUrl ?? '';
  const video = story.videos?.[0]?.url ?? null;
  return withCollected(
    {
      id: story.id,
      code: story.code ?? '',
      owner_id: story.owner?.id ?? '',
      owner: story.owner?.username ?? '',
      taken_at: utcTime(story.takenAt),
      taken_at_unix: story.takenAt,
      expires_at: utcTime(story.expiresAt),
      expires_at_unix: story.expiresAt,
      media_type: MEDIA_TYPE_WORDS[story.mediaType] ?? story.mediaType,
      media_url: video ?? image,
      image_url: image,
      mentions: joined((story.mentions ?? []).map((m) => m.user.username)),
      hashtags: joined((story.hashtags ?? []).map((h) => h.name)),
      links: joined((story.links ?? []).map((l) => l.url)),
      locations: joined((story.locations ?? []).map((l) => l.location.name)),
      sticker_types: joined(unique((story.stickers ?? []).map((s) => s.type))),
      highlight_id: highlight?.id ?? '',
      highlight_title: highlight?.title ?? '',
    },
    provenance,
    pseudonymised,
  );
}

// ---------------------------------------------------------------------------------------------
// Comments: comment_id + parent_id + post_id + depth rebuild the threads

/** The post a comment belongs to: its own field, else the request that fetched it (`id` / `media_id`). */
function postIdOf(comment: Comment, provenance: Provenance): string {
  const id = comment.postId ?? param(provenance, 'media_id', 'id') ?? '';
  return id.split('_')[0] ?? '';
}

export function commentRow(comment: Comment, provenance: Provenance, pseudonymised = false): Row {
  const parentId = comment.parentId ?? (provenance.path.endsWith('/replies') ? param(provenance, 'comment_id') : null);
  const caption = parseCaption(comment.text ?? '');
  return withCollected(
    {
      comment_id: comment.id,
      parent_id: parentId ?? '',
      post_id: postIdOf(comment, provenance),
      depth: parentId === null ? 0 : 1,
      author_id: comment.author?.id ?? '',
      author: comment.author?.username ?? '',
      text: comment.text ?? '',
      created_at: utcTime(comment.createdAt),
      created_at_unix: comment.createdAt,
      like_count: comment.likeCount,
      reply_count: comment.replyCount,
      hashtags: joined(caption.hashtags),
      mentions: joined(caption.mentions),
      is_pinned: yesNo(comment.isPinned),
    },
    provenance,
    pseudonymised,
  );
}

// ---------------------------------------------------------------------------------------------
// Any record

export interface RowSource {
  record: AppRecord;
  provenance: Provenance;
  study?: StudyFacts;
}

/**
 * A row maker for one export: records of the set's kinds become rows, others none. Comments also give
 * rows for the preview replies that came along with them, once each, unless the export has them as
 * items of their own (`commentIds`: the ids of every comment item of the export).
 */
export function createRowMaker(
  set: ColumnSetName,
  options: { commentIds?: ReadonlySet<string>; pseudonymised?: boolean; accountNames?: AccountNames; study?: boolean } = {},
): (item: RowSource) => Row[] {
  const rows = createSetRows(set, options);
  if (!options.study) return rows;
  // A study's columns belong to the record itself (not to the replies that came along with a comment).
  return (item) => rows(item).map((row) => Object.assign(row, studyCells(item.record.kind !== 'comment' || row['comment_id'] === item.record.id ? item.study : undefined)));
}

function createSetRows(set: ColumnSetName, options: { commentIds?: ReadonlySet<string>; pseudonymised?: boolean; accountNames?: AccountNames }): (item: RowSource) => Row[] {
  const commentIds = options.commentIds ?? new Set<string>();
  const pz = options.pseudonymised ?? false;
  const emitted = new Set<string>();
  return ({ record, provenance }) => {
    switch (set) {
      case 'posts':
        return record.kind === 'post' ? [postRow(record, provenance, pz)] : [];
      case 'users':
        return record.kind === 'user' || record.kind === 'profile' ? [userRow(record, provenance, pz, options.accountNames)] : [];
      case 'stories':
        if (record.kind === 'story') return [storyRow(record, provenance, null, pz)];
        if (record.kind === 'highlight') return (record.items ?? []).map((s) => storyRow(s, provenance, record, pz));
        return [];
      case 'comments': {
        if (record.kind !== 'comment') return [];
        const rows: Row[] = [];
        for (const c of [record, ...(record.previewReplies ?? [])]) {
          if (emitted.has(c.id) || (c !== record && commentIds.has(c.id))) continue;
          emitted.add(c.id);
          rows.push(commentRow(c, provenance, pz));
        }
        return rows;
      }
    }
  };
}
