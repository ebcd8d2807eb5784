// The one place analysis reads what issue 13 adds to a study's database: the item history (a
// `sightings` table: each post's counts at each run that saw it), the rehydration status of records
// (`status`, `checked_at` columns) and profile snapshots (`snapshots`). Each is probed, not assumed: a
// database without them still charts and exports, from what it has (a post's last sighting only, no
// status). When those tables land, only this file needs to know their column names.
import type { Db } from '../studies/db';
import type { SightingPoint } from '../../shared/charts';

function columnsOf(db: Db, table: string): Set<string> {
  const rows = db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as { name: string }[];
  return new Set(rows.map((r) => r.name));
}

export function hasTable(db: Db, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type IN ('table', 'view') AND name = ?").get(name) !== undefined;
}

const pick = (have: Set<string>, ...names: string[]): string | null => names.find((n) => have.has(n)) ?? null;

/** How to read the item history, when the database has one. */
interface HistoryShape {
  record: string;
  /** A time column (epoch ms), or null: the run's start is used. */
  time: string | null;
  run: string | null;
  likes: string | null;
  comments: string | null;
}

function historyShape(db: Db): HistoryShape | null {
  if (!hasTable(db, 'sightings')) return null;
  const have = columnsOf(db, 'sightings');
  const record = pick(have, 'record_id', 'record_rowid', 'rowid_of', 'record');
  if (!record) return null;
  return {
    record,
    time: pick(have, 'seen_at', 'fetched_at', 'time', 'at'),
    run: pick(have, 'run_id', 'run'),
    likes: pick(have, 'like_count', 'likes'),
    comments: pick(have, 'comment_count', 'comments'),
  };
}

/** Whether the study keeps each sighting's counts (issue 13's item history). */
export function hasItemHistory(db: Db): boolean {
  return historyShape(db) !== null;
}

/**
 * Every sighting of the posts (within `rowids` when given, a subquery of records.rowid), in time order.
 * Without an item history, each post's last sighting is all there is: its counts as last seen.
 */
export function postSightings(db: Db, within?: { sql: string; args: (string | number)[] }): { from: 'history' | 'last-seen'; rows: Iterable<SightingPoint> } {
  const shape = historyShape(db);
  const filter = within ? ` AND r.rowid IN (${within.sql})` : '';
  const args = within?.args ?? [];
  if (!shape) {
    const stmt = db.prepare(`SELECT r.id AS post, r.last_seen AS seenAt, r.like_count AS likes, r.comment_count AS comments FROM records r WHERE r.kind = 'post'${filter} ORDER BY r.last_seen, r.rowid`);
    return { from: 'last-seen', rows: stmt.iterate(...args) as Iterable<SightingPoint> };
  }
  const time = shape.time ? `s.${shape.time}` : shape.run ? `(SELECT started_at FROM runs WHERE id = s.${shape.run})` : 'r.last_seen';
  const stmt = db.prepare(
    `SELECT r.id AS post, ${time} AS seenAt, ${shape.likes ? `s.${shape.likes}` : 'NULL'} AS likes, ${shape.comments ? `s.${shape.comments}` : 'NULL'} AS comments
     FROM sightings s JOIN records r ON r.rowid = s.${shape.record} WHERE r.kind = 'post'${filter} ORDER BY seenAt, r.rowid`,
  );
  return { from: 'history', rows: stmt.iterate(...args) as Iterable<SightingPoint> };
}

/** SQL expressions (over `records r`) of a record's rehydration status and the time it was checked, NULL without them. */
export function statusColumns(db: Db): { status: string; checkedAt: string } {
  const have = columnsOf(db, 'records');
  return { status: have.has('status') ? 'r.status' : 'NULL', checkedAt: have.has('checked_at') ? 'r.checked_at' : 'NULL' };
}

/** The profile snapshots table's columns, or null when the study has none. */
export function snapshotColumns(db: Db): string[] | null {
  return hasTable(db, 'snapshots') ? [...columnsOf(db, 'snapshots')] : null;
}
