// What analysis reads of a study's item history: each post's counts at each run or re-check that saw it
// (the `sightings` table, electron/studies/schema-data.ts). Every study database is migrated to the
// current schema when it opens, so the table is always there; a post seen once has one sighting.
import type { Db } from '../studies/db';
import type { SightingPoint } from '../../shared/charts';

/** Every sighting of the posts (within `rowids` when given, a subquery of records.rowid), in time order. */
export function postSightings(db: Db, within?: { sql: string; args: (string | number)[] }): { from: 'history'; rows: Iterable<SightingPoint> } {
  const filter = within ? ` AND r.rowid IN (${within.sql})` : '';
  const stmt = db.prepare(
    `SELECT r.id AS post, s.seen_at AS seenAt, s.like_count AS likes, s.comment_count AS comments
     FROM sightings s JOIN records r ON r.rowid = s.record_id WHERE r.kind = 'post'${filter} ORDER BY seenAt, r.rowid`,
  );
  return { from: 'history', rows: stmt.iterate(...(within?.args ?? [])) as Iterable<SightingPoint> };
}
