// A study's reuse groups: the pictures (and video covers) whose pHashes are within k bits, with who
// posted each, when, and its engagement (a carousel item's are its post's). Copies inside one post (a
// carousel of near-identical shots) are not reuse: a group spans at least two posts or stories.
import type { DatabaseSync } from 'node:sqlite';
import type { ReuseAnswer, ReuseGroupView, ReuseItem } from '../../shared/ipc/media';
import { hamming, reuseGroups } from './groups';

type Row = Omit<ReuseItem, 'bits'>;

function hashedItems(db: DatabaseSync): Row[] {
  return db
    .prepare(
      `SELECT r.rowid AS rowid, coalesce(p.rowid, r.rowid) AS postRowid, r.id AS id, r.kind AS kind, r.owner_id AS ownerId, r.username AS username,
              r.taken_at AS takenAt, coalesce(p.like_count, r.like_count) AS likes, coalesce(p.comment_count, r.comment_count) AS comments, f.phash AS phash
       FROM media_frames f JOIN records r ON r.rowid = f.record_id
       LEFT JOIN records p ON r.kind = 'carousel_item' AND p.kind = 'post' AND p.id = r.parent_id
       WHERE f.frame = 0 AND f.phash IS NOT NULL
       ORDER BY r.rowid`,
    )
    .all() as unknown as Row[];
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

/** The rows of the data browser in a reuse group at k bits: each item's row and its post's. */
export function rowidsInReuse(db: DatabaseSync, maxBits: number): number[] {
  const rows = new Set<number>();
  for (const g of studyReuseGroups(db, maxBits).groups) for (const i of g.items) rows.add(i.rowid).add(i.postRowid);
  return [...rows];
}
