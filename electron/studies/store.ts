// Writing what a page brought into the study database: each record once by (kind, exact id), a repeated
// sighting only moving last_seen (and the data, unless the new copy is poorer: a short user never
// replaces a full profile); which run saw it (run_items) and in which target's list (list_items); the
// request it came from. Each sighting of a post is kept too (its counts and caption then: the item's
// history), and the hashtags and mentions of what is stored (the data browser's filters). Called
// inside the page's transaction (electron/studies/page.ts).
import type { Db } from './db';
import type { RecordRow } from './extract';

export interface Sighting {
  /** Null outside runs (a username looked up while adding targets). */
  runId: number | null;
  requestId: string;
  now: number;
  /** The re-check ("Still there?") that saw it, when it was one. */
  checkId?: number | null;
}

/** The row as it was before this sighting (null: first time in the database). */
export interface Before {
  commentCount: number | null;
  likeCount: number | null;
  record: string;
  richness: number;
}

export interface Stored {
  rowid: number;
  before: Before | null;
  /** The first time this run saw it. */
  firstInRun: boolean;
}

export interface RequestRow {
  id: string;
  runId: number | null;
  targetId: number | null;
  path: string;
  params: Record<string, unknown>;
  fetchedAt: number;
  units: number;
  cacheHit: boolean;
  items: number;
  newItems: number;
  sessionId: string;
  mode: string;
  origin: string;
}

const COLUMNS = [
  'parent_id', 'post_id', 'owner_id', 'username', 'taken_at', 'expires_at', 'media_type', 'product_type', 'like_count',
  'comment_count', 'play_count', 'text', 'names', 'richness', 'raw', 'record',
] as const;

function values(r: RecordRow): (string | number | null)[] {
  return [r.parentId, r.postId, r.ownerId, r.username, r.takenAt, r.expiresAt, r.mediaType, r.productType, r.likeCount, r.commentCount, r.playCount, r.text, r.names, r.richness, r.raw, r.record];
}

export interface RecordStore {
  /** Inserts or updates one record; the rowid and how it was before. */
  put(row: RecordRow, s: Sighting): Stored;
  /** Notes that `rowid` was seen in a target's list; true when it is new to that list. */
  listed(rowid: number, where: { targetId: number; list: string; contextId: string }, s: Sighting): boolean;
  /** Whether a record was in this target's list before run `boundaryRun` (the stop rule of incremental reads). */
  knownBefore(where: { targetId: number; list: string; contextId: string }, kind: string, id: string, boundaryRun: number): boolean;
  request(r: RequestRow): void;
  find(kind: string, id: string): { rowid: number; record: string; commentCount: number | null; likeCount: number | null } | null;
}

export function createRecordStore(db: Db): RecordStore {
  const find = db.prepare('SELECT rowid, comment_count, like_count, record, richness FROM records WHERE kind = ? AND id = ?');
  const insert = db.prepare(
    `INSERT INTO records (kind, id, ${COLUMNS.join(', ')}, first_seen, last_seen, first_run, last_run, first_request, last_request)
     VALUES (?, ?, ${COLUMNS.map(() => '?').join(', ')}, ?, ?, ?, ?, ?, ?) RETURNING rowid`,
  );
  const replace = db.prepare(
    `UPDATE records SET ${COLUMNS.map((c) => (c === 'parent_id' || c === 'post_id' ? `${c} = coalesce(?, ${c})` : `${c} = ?`)).join(', ')},
       last_seen = ?, last_run = coalesce(?, last_run), last_request = ? WHERE rowid = ?`,
  );
  const touch = db.prepare('UPDATE records SET last_seen = ?, last_run = coalesce(?, last_run), last_request = ?, parent_id = coalesce(parent_id, ?) WHERE rowid = ?');
  const runItem = db.prepare('INSERT OR IGNORE INTO run_items (run_id, record_id, request_id) VALUES (?, ?, ?)');
  const listInsert = db.prepare(
    'INSERT OR IGNORE INTO list_items (target_id, list, context_id, record_id, first_seen, last_seen, first_run, last_run) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const listTouch = db.prepare('UPDATE list_items SET last_seen = ?, last_run = ? WHERE target_id = ? AND list = ? AND context_id = ? AND record_id = ?');
  const known = db.prepare(
    `SELECT 1 FROM list_items li JOIN records r ON r.rowid = li.record_id
     WHERE li.target_id = ? AND li.list = ? AND li.context_id = ? AND r.kind = ? AND r.id = ? AND li.first_run < ?`,
  );
  // One sighting per post and run (seen twice in a run: the later counts); every re-check adds one.
  const sighting = db.prepare(
    `INSERT INTO sightings (record_id, run_id, check_id, request_id, seen_at, like_count, comment_count, play_count, caption) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (record_id, run_id) DO UPDATE SET request_id = excluded.request_id, seen_at = excluded.seen_at, like_count = excluded.like_count,
       comment_count = excluded.comment_count, play_count = excluded.play_count, caption = excluded.caption`,
  );
  const clearTerms = db.prepare('DELETE FROM record_terms WHERE record_id = ?');
  const addTerm = db.prepare('INSERT OR IGNORE INTO record_terms (record_id, kind, term) VALUES (?, ?, ?)');
  const terms = (rowid: number, row: RecordRow, replaced: boolean) => {
    if (replaced) clearTerms.run(rowid);
    for (const t of row.terms.hashtags) addTerm.run(rowid, 'hashtag', t);
    for (const t of row.terms.mentions) addTerm.run(rowid, 'mention', t);
  };
  const seen = (rowid: number, row: RecordRow, s: Sighting) => {
    if (row.kind === 'post') sighting.run(rowid, s.runId, s.checkId ?? null, s.requestId, s.now, row.likeCount, row.commentCount, row.playCount, row.text);
  };
  const request = db.prepare(
    `INSERT OR REPLACE INTO requests (id, run_id, target_id, path, params, fetched_at, units, cache_hit, items, new_items, session_id, mode, origin)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );

  return {
    put(row, s) {
      const was = find.get(row.kind, row.id) as { rowid: number; comment_count: number | null; like_count: number | null; record: string; richness: number } | undefined;
      if (!was) {
        const out = insert.get(row.kind, row.id, ...values(row), s.now, s.now, s.runId, s.runId, s.requestId, s.requestId) as { rowid: number };
        if (s.runId !== null) runItem.run(s.runId, out.rowid, s.requestId);
        terms(out.rowid, row, false);
        seen(out.rowid, row, s);
        return { rowid: out.rowid, before: null, firstInRun: s.runId !== null };
      }
      if (row.richness >= was.richness) {
        replace.run(...values(row), s.now, s.runId, s.requestId, was.rowid);
        terms(was.rowid, row, true);
      } else touch.run(s.now, s.runId, s.requestId, row.parentId, was.rowid);
      seen(was.rowid, row, s);
      const firstInRun = s.runId !== null && runItem.run(s.runId, was.rowid, s.requestId).changes === 1;
      return { rowid: was.rowid, before: { commentCount: was.comment_count, likeCount: was.like_count, record: was.record, richness: was.richness }, firstInRun };
    },
    listed(rowid, where, s) {
      const added = listInsert.run(where.targetId, where.list, where.contextId, rowid, s.now, s.now, s.runId, s.runId).changes === 1;
      if (!added) listTouch.run(s.now, s.runId, where.targetId, where.list, where.contextId, rowid);
      return added;
    },
    knownBefore(where, kind, id, boundaryRun) {
      return known.get(where.targetId, where.list, where.contextId, kind, id, boundaryRun) !== undefined;
    },
    request(r) {
      request.run(r.id, r.runId, r.targetId, r.path, JSON.stringify(r.params), r.fetchedAt, r.units, r.cacheHit ? 1 : 0, r.items, r.newItems, r.sessionId, r.mode, r.origin);
    },
    find(kind, id) {
      const was = find.get(kind, id) as { rowid: number; comment_count: number | null; like_count: number | null; record: string } | undefined;
      return was ? { rowid: was.rowid, record: was.record, commentCount: was.comment_count, likeCount: was.like_count } : null;
    },
  };
}
