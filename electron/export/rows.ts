// Rows of the CSV exports: pure functions from records to rows, one column set each (columns.ts).
import { parseCaption } from '../../shared/api/normalize';
import type { Provenance } from '../../shared/ipc';
import { pkToShortcode } from '../../shared/links';
import type { Comment, Highlight, Post, Profile, Story, User } from '../../shared/records';
import { joined, unique, utcTime, yesNo } from './cells';
import { collectedView, param, WEB, withCollected, type AccountNames } from './collected';
import type { Row } from './columns';

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
export function postRow(post: Post, provenance: Provenance, pseudonymised = false, names?: AccountNames): Row {
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
    post_id: post.id,
    media_id: post.mediaId,
  };
  return withCollected(row, provenance, pseudonymised, names, owner, ...coauthors);
}

// ---------------------------------------------------------------------------------------------
// Users

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
    names,
  );
  row['source_account_id'] = source.id;
  row['source_account'] = source.username;
  return row;
}

// ---------------------------------------------------------------------------------------------
// Stories (and highlight items)

/** The highlight a story belongs to: its id and title. */
export type HighlightRef = Pick<Highlight, 'id' | 'title'>;

export function storyRow(story: Story, provenance: Provenance, highlight: HighlightRef | null = null, pseudonymised = false, names?: AccountNames): Row {
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
    names,
    story.owner,
  );
}

export function highlightRow(h: Highlight, provenance: Provenance, pseudonymised = false, names?: AccountNames): Row {
  return withCollected(
    {
      highlight_id: h.id,
      title: h.title ?? '',
      owner_id: h.owner?.id ?? '',
      owner: h.owner?.username ?? '',
      created_at: utcTime(h.createdAt),
      created_at_unix: h.createdAt,
      story_count: h.mediaCount ?? (h.items.length > 0 ? h.items.length : null),
      cover_url: h.coverUrl ?? '',
    },
    provenance,
    pseudonymised,
    names,
    h.owner,
  );
}

// ---------------------------------------------------------------------------------------------
// Tags: one row per post and tagged account (its carousel items' tags too)

export function tagRows(post: Post): Row[] {
  const seen = new Set<string>();
  const rows: Row[] = [];
  for (const t of [...(post.usertags ?? []), ...(post.children ?? []).flatMap((c) => c.usertags ?? [])]) {
    const key = t.user.id || (t.user.username ?? '').toLowerCase();
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    rows.push({ post_id: post.id, user_id: t.user.id ?? '', username: t.user.username ?? '', x: t.x ?? null, y: t.y ?? null });
  }
  return rows;
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

