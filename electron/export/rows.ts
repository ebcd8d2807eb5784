// Rows of the CSV exports: pure functions from records to rows, one column set each (columns.ts).
import { parseCaption } from '../../shared/api/normalize';
import type { Provenance } from '../../shared/ipc';
import { pkToShortcode } from '../../shared/links';
import type { AppRecord, Comment, Highlight, Post, Profile, Story, User } from '../../shared/records';
import { isoTime, joined, unique, utcTime, yesNo } from './cells';
import { collectedView, param, WEB, withCollected } from './collected';
import type { ColumnSetName, Row, StudyFacts } from './columns';

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

function studyCells(f: StudyFacts | undefined): Row {
  return {
    status: f?.status ?? '',
    checked_at: isoTime(f?.checkedAt),
    checked_at_unix: f?.checkedAt === null || f?.checkedAt === undefined ? null : Math.floor(f.checkedAt / 1000),
    codes: joined(f?.codes ?? []),
    notes: f?.notes ?? '',
  };
}

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
