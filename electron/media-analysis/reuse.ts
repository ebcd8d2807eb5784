// A study's reuse groups: the pictures (and video covers) whose pHashes are within k bits, with who
// posted each, when, and its engagement (a carousel item's are its post's). Copies inside one post (a
// carousel of near-identical shots) are not reuse: a group spans at least two posts or stories.
// The study keeps its k (meta 'reuse_max_bits'); the groups at that k are kept in media_reuse for the
// data browser's filter and the reuse network.
import type { DatabaseSync } from 'node:sqlite';
import { REUSE_DEFAULT_BITS, REUSE_MAX_BITS, type ReuseAnswer, type ReuseGroupView, type ReuseItem } from '../../shared/ipc/media';
import { getMeta, setMeta } from '../studies/db';
import { hamming, reuseGroups } from './groups';

type Row = Omit<ReuseItem, 'bits'>;

function hashedItems(db: DatabaseSync): Row[] {
  return db
    .prepare(
      `SELECT r.rowid AS rowid, coalesce(p.rowid, r.rowid) AS postRowid, coalesce(p.id, r.id) AS postId, r.id AS id, r.kind AS kind,
              r.owner_id AS ownerId, r.username AS username, r.taken_at AS takenAt,
              coalesce(p.like_count, r.like_count) AS likes, coalesce(p.comment_count, r.comment_count) AS comments,
              coalesce(json_extract(r.record, '$.images[#-1].url'), json_extract(r.record, '$.thumbnailUrl')) AS imageUrl, f.phash AS phash
       FROM media_frames f JOIN records r ON r.rowid = f.record_id
       LEFT JOIN records p ON r.kind = 'carousel_item' AND p.kind = 'post' AND p.id = r.parent_id
       WHERE f.frame = 0 AND f.phash IS NOT NULL
       ORDER BY r.rowid`,
    )
    .all() as unknown as Row[];
}

/** The study's k: what the researcher last chose in the Reuse view, else the default. */
export function studyReuseBits(db: DatabaseSync): number {
  // The study's folder may come from someone else: a k out of range is not taken.
  const stored = Number(getMeta(db, 'reuse_max_bits') ?? NaN);
  return Number.isInteger(stored) && stored >= 0 && stored <= REUSE_MAX_BITS ? stored : REUSE_DEFAULT_BITS;
}

export function studyReuseGroups(db: DatabaseSync, maxBits: number): ReuseAnswer {
  const items = hashedItems(db);
  const groups: ReuseGroupView[] = reuseGroups(
    items.map((i) => ({ ...i, owner: i.ownerId })),
    maxBits,
  )
    .filter((g) => new Set(g.items.map((i) => i.postRowid)).size > 1)
    .map((g) => {
      const first = g.items[0]!.phash;
      return { accounts: g.accounts, items: g.items.map(({ owner: _owner, ...i }) => ({ ...i, bits: hamming(first, i.phash) })) };
    });
  return { maxBits, hashed: items.length, groups };
}

/**
 * Groups at `maxBits` (the study's k when not given), kept in media_reuse; a new k becomes the study's.
 * `write` false (a study open read-only here): answered, nothing kept.
 */
export function refreshReuse(db: DatabaseSync, maxBits: number | null, write: boolean): ReuseAnswer {
  const bits = maxBits ?? studyReuseBits(db);
  const answer = studyReuseGroups(db, bits);
  if (!write) return answer;
  db.exec('BEGIN IMMEDIATE');
  try {
    setMeta(db, 'reuse_max_bits', String(bits));
    db.exec('DELETE FROM media_reuse');
    const insert = db.prepare('INSERT INTO media_reuse (record_id, post_rowid, group_no) VALUES (?, ?, ?)');
    answer.groups.forEach((g, n) => {
      for (const i of g.items) insert.run(i.rowid, i.postRowid, n + 1);
    });
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  return answer;
}
