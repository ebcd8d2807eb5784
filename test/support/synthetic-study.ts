// A study database filled with synthetic records (posts, reels, comments, stories, accounts), stored
// through the app's own RecordStore (so the full-text index, hashtags and mentions are written as a run
// writes them), from a seed: the data browser's tests check its filters against these records, and its
// benchmark times them at 100,000. Words, names and numbers are invented.
import type { Post, Comment, Story, User, AppRecord } from '../../shared/records';
import { tx, type Db } from '../../electron/studies/db';
import { rowsOf } from '../../electron/studies/extract';
import { createRecordStore } from '../../electron/studies/store';
import { createRng } from '../../electron/simulator/world/random';

const WORDS = [
  'morning', 'light', 'harbour', 'market', 'bread', 'espresso', 'canal', 'garden', 'rain', 'bicycle', 'festival', 'river', 'quiet', 'street', 'corner',
  'bakery', 'sunset', 'winter', 'summer', 'friends', 'family', 'music', 'vinyl', 'library', 'museum', 'tram', 'bridge', 'ferry', 'island', 'mountain',
  'café', 'crème', 'naïve', 'façade', 'smørrebrød', 'über', 'niño', 'ramen', 'matcha', 'croissant', 'pottery', 'studio', 'workshop', 'poster', 'zine',
];
const TAGS = ['coffee', 'latteart', 'citylife', 'streetphoto', 'foodie', 'bakerylove', 'slowliving', 'vinylcollector', 'rainyday', 'weekend'];
const DAY = 86_400;
/** 2025-01-01T00:00:00Z: the synthetic records are dated over the two years after. */
export const SYNTHETIC_START = 1_735_689_600;

export interface SyntheticRecord {
  rowid: number;
  kind: 'post' | 'comment' | 'story' | 'user';
  reel: boolean;
  id: string;
  ownerId: string | null;
  takenAt: number | null;
  mediaType: string | null;
  words: string[];
  hashtags: string[];
  mentions: string[];
  comments: number | null;
}

export interface SyntheticStudy {
  records: SyntheticRecord[];
  accounts: { id: string; username: string }[];
}

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;

/** Fills `db` with `count` records (about 60% posts, a fifth of them reels, 25% comments, 10% stories, the rest accounts). */
export function fillSynthetic(db: Db, count: number, seed = 13): SyntheticStudy {
  const rng = createRng(seed);
  const r = () => rng.next();
  const store = createRecordStore(db);
  const accounts = Array.from({ length: Math.max(10, Math.min(400, Math.floor(count / 250))) }, (_, i) => ({ id: String(5_000_000_000 + i * 7919), username: `maker_${i.toString(36)}` }));
  const users: User[] = accounts.map((a) => ({ kind: 'user', id: a.id, username: a.username, fullName: `Maker ${a.username.slice(6).toUpperCase()}`, avatarUrl: null, isPrivate: false, isVerified: false, raw: { pk: a.id }, source: { family: 'v1' } }));
  const out: SyntheticRecord[] = [];
  tx(db, () => {
    for (const u of users) {
      const stored = store.put(rowsOf(u)[0]!, { runId: null, requestId: 'synthetic', now: 1_767_225_600_000 });
      out.push({ rowid: stored.rowid, kind: 'user', reel: false, id: u.id, ownerId: null, takenAt: null, mediaType: null, words: [], hashtags: [], mentions: [], comments: null });
    }
  });
  let pk = 3_400_000_000_000_000_000n;
  const batch = 2000;
  for (let start = 0; start < count; start += batch) {
    tx(db, () => {
      for (let i = start; i < Math.min(count, start + batch); i++) {
        const x = r();
        const owner = pick(r, users);
        const words = Array.from({ length: 3 + Math.floor(r() * 12) }, () => pick(r, WORDS));
        const hashtags = r() < 0.6 ? [...new Set(Array.from({ length: 1 + Math.floor(r() * 3) }, () => pick(r, TAGS)))] : [];
        const mentions = r() < 0.3 ? [pick(r, accounts).username] : [];
        const text = [...words, ...hashtags.map((h) => `#${h}`), ...mentions.map((m) => `@${m}`)].join(' ');
        const takenAt = SYNTHETIC_START + Math.floor(r() * 730 * DAY);
        pk += 1n + BigInt(Math.floor(r() * 1000));
        const id = pk.toString();
        let record: AppRecord;
        let kind: SyntheticRecord['kind'];
        let reel = false;
        let mediaType: string | null = null;
        let comments: number | null = null;
        if (x < 0.6) {
          kind = 'post';
          reel = r() < 0.2;
          mediaType = reel ? 'video' : pick(r, ['image', 'image', 'carousel', 'video'] as const);
          comments = Math.floor(r() * 4) === 0 ? 0 : Math.floor(r() * 300);
          const post: Post = {
            kind: 'post', id, mediaId: `${id}_${owner.id}`, code: null, productType: reel ? 'clips' : mediaType === 'carousel' ? 'carousel_container' : 'feed', mediaType: mediaType as Post['mediaType'], takenAt, owner,
            caption: { text, hashtags, mentions }, images: [], videos: [], videoDuration: null, thumbnailUrl: null, children: [], index: null, usertags: [], coauthors: [], location: null,
            counts: { likes: Math.floor(r() * 5000), comments, plays: reel ? Math.floor(r() * 90_000) : null, views: null, reshares: null },
            commentsDisabled: false, likesHidden: false, isTrial: false, accessibilityCaption: null, title: null, raw: { pk: id }, source: { family: 'v1' },
          };
          record = post;
        } else if (x < 0.85) {
          kind = 'comment';
          comments = Math.floor(r() * 3) === 0 ? Math.floor(r() * 12) : 0;
          const comment: Comment = { kind: 'comment', id, postId: null, parentId: null, text, author: owner, createdAt: takenAt, likeCount: Math.floor(r() * 40), replyCount: comments, isPinned: false, previewReplies: [], raw: { pk: id }, source: { family: 'v2' } };
          record = comment;
        } else if (x < 0.95) {
          kind = 'story';
          mediaType = pick(r, ['image', 'video'] as const);
          const story: Story = {
            kind: 'story', id, mediaId: `${id}_${owner.id}`, code: null, takenAt, expiresAt: takenAt + DAY, mediaType: mediaType as Story['mediaType'], owner, images: [], videos: [], videoDuration: null, thumbnailUrl: null,
            mentions: mentions.map((m) => ({ user: { ...owner, username: m }, x: null, y: null, width: null, height: null })), links: [{ url: 'https://example.org/', title: words.join(' '), x: null, y: null }],
            hashtags: hashtags.map((h) => ({ name: h, x: null, y: null })), locations: [], stickers: [], raw: { pk: id }, source: { family: 'v1' },
          };
          record = story;
        } else {
          kind = 'user';
          const username = `reader_${i.toString(36)}`;
          record = { kind: 'user', id, username, fullName: words.slice(0, 2).join(' '), avatarUrl: null, isPrivate: false, isVerified: false, raw: { pk: id }, source: { family: 'v1' } };
          const rows = rowsOf(record);
          const stored = store.put(rows[0]!, { runId: null, requestId: 'synthetic', now: 1_767_225_600_000 + i });
          out.push({ rowid: stored.rowid, kind, reel, id, ownerId: null, takenAt: null, mediaType: null, words: words.slice(0, 2), hashtags: [], mentions: [], comments: null });
          continue;
        }
        // The record alone: its owner is one of the accounts stored above.
        const stored = store.put(rowsOf(record)[0]!, { runId: null, requestId: 'synthetic', now: 1_767_225_600_000 + i });
        out.push({ rowid: stored.rowid, kind, reel, id, ownerId: owner.id, takenAt, mediaType, words, hashtags, mentions, comments });
      }
    });
  }
  return { records: out, accounts };
}
