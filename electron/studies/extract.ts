// From the app's records to rows of the study database: each record of a page, and the records inside
// it (carousel items, owners and authors, coauthors, the place of a post, the stories of a highlight,
// the first replies of a comment), each as one row keyed by its kind and exact id, with the columns
// researchers filter on and the text the full-text index covers.
import { stringifyLossless } from '../../shared/api/json';
import { parseCaption } from '../../shared/api/normalize';
import type { AppRecord, Comment, Highlight, Location, Post, Profile, Story, User } from '../../shared/records';

export type StoredKind = 'post' | 'carousel_item' | 'comment' | 'story' | 'highlight' | 'user' | 'location' | 'hashtag' | 'track';

export interface RecordRow {
  kind: StoredKind;
  id: string;
  parentId: string | null;
  postId: string | null;
  ownerId: string | null;
  username: string | null;
  takenAt: number | null;
  expiresAt: number | null;
  mediaType: string | null;
  productType: string | null;
  likeCount: number | null;
  commentCount: number | null;
  playCount: number | null;
  /** Caption, comment text, biography, highlight title, place address: what full-text search reads. */
  text: string | null;
  /** Usernames and full names (and place, hashtag, track names). */
  names: string | null;
  /** A full profile (2) is richer than the short user (1) seen in lists: a short one never replaces it. */
  richness: number;
  raw: string;
  record: string;
  /** Lower-cased, without # and @: what the data browser's hashtag and mention filters match. */
  terms: Terms;
}

export interface Terms {
  hashtags: string[];
  mentions: string[];
}

const lowerUnique = (values: readonly (string | null | undefined)[]): string[] => [...new Set(values.filter((v): v is string => !!v).map((v) => v.toLowerCase()))];

/** The hashtags and mentions of a post (caption), comment (text) or story (stickers); none for other kinds. */
export function termsOf(record: AppRecord): Terms {
  switch (record.kind) {
    case 'post':
      return { hashtags: lowerUnique(record.caption?.hashtags ?? []), mentions: lowerUnique(record.caption?.mentions ?? []) };
    case 'comment': {
      const c = parseCaption(record.text ?? '');
      return { hashtags: lowerUnique(c.hashtags), mentions: lowerUnique(c.mentions) };
    }
    case 'story':
      return { hashtags: lowerUnique((record.hashtags ?? []).map((h) => h.name)), mentions: lowerUnique((record.mentions ?? []).map((m) => m.user?.username)) };
    default:
      return { hashtags: [], mentions: [] };
  }
}

/** The normalised record without the raw records nested in it (the row keeps its own raw apart). */
function recordJson(record: AppRecord): string {
  return JSON.stringify(record, (key, v: unknown) => (key === 'raw' ? undefined : typeof v === 'bigint' ? v.toString() : v));
}

function names(...parts: (string | null | undefined)[]): string | null {
  const kept = parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  return kept.length > 0 ? kept.join(' ') : null;
}

function base(kind: StoredKind, id: string, record: AppRecord): RecordRow {
  return {
    kind,
    id,
    parentId: null,
    postId: null,
    ownerId: null,
    username: null,
    takenAt: null,
    expiresAt: null,
    mediaType: null,
    productType: null,
    likeCount: null,
    commentCount: null,
    playCount: null,
    text: null,
    names: null,
    richness: 1,
    raw: stringifyLossless(record.raw ?? null),
    record: recordJson(record),
    // Carousel items carry no caption of their own.
    terms: kind === 'carousel_item' ? { hashtags: [], mentions: [] } : termsOf(record),
  };
}

function userRow(u: User | Profile): RecordRow {
  const row = base('user', u.id, u);
  row.username = u.username;
  row.names = names(u.username, u.fullName);
  if (u.kind === 'profile') {
    row.richness = 2;
    row.text = u.biography;
    row.likeCount = null;
    row.commentCount = u.counts.media;
  }
  return row;
}

function locationRows(l: Location | null): RecordRow[] {
  if (!l || !l.id) return [];
  const row = base('location', l.id, l);
  row.names = names(l.name, l.city);
  row.text = names(l.address, l.category);
  return [row];
}

function postRows(p: Post, parent: Post | null): RecordRow[] {
  const row = base(parent ? 'carousel_item' : 'post', p.id, p);
  row.parentId = parent?.id ?? null;
  const owner = p.owner ?? parent?.owner ?? null;
  row.ownerId = owner?.id ?? null;
  row.username = owner?.username ?? null;
  row.takenAt = p.takenAt ?? parent?.takenAt ?? null;
  row.mediaType = p.mediaType;
  row.productType = p.productType;
  row.likeCount = p.counts.likes;
  row.commentCount = p.counts.comments;
  row.playCount = p.counts.plays ?? p.counts.views;
  row.text = parent ? p.accessibilityCaption : names(p.caption.text, p.title);
  row.names = names(owner?.username, owner?.fullName, p.location?.name);
  const out = [row];
  if (!parent) {
    for (const child of p.children) out.push(...postRows(child, p));
    if (p.owner) out.push(userRow(p.owner));
    for (const c of p.coauthors) out.push(userRow(c));
    out.push(...locationRows(p.location));
  }
  return out;
}

function commentRows(c: Comment, postId: string | null): RecordRow[] {
  const row = base('comment', c.id, c);
  row.postId = c.postId ?? postId;
  row.parentId = c.parentId;
  row.ownerId = c.author?.id ?? null;
  row.username = c.author?.username ?? null;
  row.takenAt = c.createdAt;
  row.likeCount = c.likeCount;
  row.commentCount = c.replyCount;
  row.text = c.text;
  row.names = names(c.author?.username, c.author?.fullName);
  const out = [row];
  if (c.author) out.push(userRow(c.author));
  for (const reply of c.previewReplies) out.push(...commentRows({ ...reply, parentId: reply.parentId ?? c.id }, row.postId));
  return out;
}

function storyRows(s: Story, highlightId: string | null): RecordRow[] {
  const row = base('story', s.id, s);
  row.parentId = highlightId;
  row.ownerId = s.owner?.id ?? null;
  row.username = s.owner?.username ?? null;
  row.takenAt = s.takenAt;
  row.expiresAt = s.expiresAt;
  row.mediaType = s.mediaType;
  row.names = names(s.owner?.username, ...s.mentions.map((m) => m.user.username), ...s.hashtags.map((h) => h.name));
  row.text = names(...s.links.map((l) => l.title ?? l.url));
  const out = [row];
  if (s.owner) out.push(userRow(s.owner));
  return out;
}

function highlightRows(h: Highlight): RecordRow[] {
  const row = base('highlight', h.id, h);
  row.ownerId = h.owner?.id ?? null;
  row.username = h.owner?.username ?? null;
  row.takenAt = h.createdAt;
  row.text = h.title;
  row.names = h.owner?.username ?? null;
  // A list's highlight has no items: it must not replace the one read with its stories.
  row.richness = h.items.length > 0 ? 2 : 1;
  const out = [row];
  for (const s of h.items) out.push(...storyRows(s, h.id));
  return out;
}

/** The rows of one record: itself first, then the records inside it. `about` records are not stored. */
export function rowsOf(record: AppRecord, context: { postId?: string | null; highlightId?: string | null } = {}): RecordRow[] {
  switch (record.kind) {
    case 'post':
      return postRows(record, null);
    case 'comment':
      return commentRows(record, context.postId ?? null);
    case 'story':
      return storyRows(record, context.highlightId ?? null);
    case 'highlight':
      return highlightRows(record);
    case 'user':
    case 'profile':
      return record.id ? [userRow(record)] : [];
    case 'location':
      return locationRows(record);
    case 'hashtag': {
      const row = base('hashtag', record.name.toLowerCase(), record);
      row.names = record.name;
      row.commentCount = record.mediaCount;
      return [row];
    }
    case 'track': {
      const row = base('track', record.id, record);
      row.names = names(record.title, record.artist);
      return [row];
    }
    case 'about':
      return [];
  }
}
