// A study's records for the analysis exports: the normalised record, its raw answer, where it came from,
// when it was first and last seen, and its rehydration status, read afresh from the database
// each time they are iterated (never all in memory). Everything, or what one run saw (or found new).
import type { Provenance } from '../../shared/ipc';
import type { AppRecord } from '../../shared/records';
import type { Db } from '../studies/db';
import { summariseSource, type SourceSummary } from '../export/manifest';
import { provenanceOfRow, recordOfRow, type StoredRecordRow } from '../studies/stored';
import { mediaFactsOf, mediaFactsSql, type MediaFacts, type MediaFactsRow } from '../media-analysis/facts';

export interface StudyRecord {
  record: AppRecord;
  provenance: Provenance;
  firstSeen: number;
  lastSeen: number;
  firstRun: number | null;
  lastRun: number | null;
  status: string | null;
  checkedAt: number | null;
  /** What media analysis found of a post or story (null: not analysed). */
  media: MediaFacts | null;
}

export interface Selection {
  runId?: number;
  scope: 'new' | 'seen';
  /** Stored kinds (records.kind) to read; default every kind but carousel items (they are inside their post). */
  kinds?: readonly string[];
}

interface Row extends StoredRecordRow, MediaFactsRow {
  first_seen: number;
  last_seen: number;
  first_run: number | null;
  last_run: number | null;
  status: string | null;
  checked_at: number | null;
}

/** The records.rowid set of a selection, as SQL (for joins elsewhere). */
export function selectionSql(sel: Selection): { sql: string; args: number[] } {
  if (sel.runId === undefined) return { sql: 'SELECT rowid FROM records', args: [] };
  if (sel.scope === 'new') return { sql: 'SELECT rowid FROM records WHERE first_run = ?', args: [sel.runId] };
  return { sql: 'SELECT record_id FROM run_items WHERE run_id = ?', args: [sel.runId] };
}

const ALL_KINDS = ['post', 'comment', 'story', 'highlight', 'user', 'location', 'hashtag', 'track'];

/**
 * The selection's records joined to the request each came from (`q`): the one of the run for what a run
 * saw, else the first. `from` goes after FROM, `args` are its arguments and the WHERE's, in order.
 */
function recordsWithRequest(sel: Selection): { from: string; args: (string | number)[] } {
  const kinds = sel.kinds ?? ALL_KINDS;
  const within = selectionSql(sel);
  const seen = sel.runId !== undefined && sel.scope === 'seen';
  return {
    from: `records r LEFT JOIN requests q ON q.id = ${seen ? '(SELECT request_id FROM run_items WHERE run_id = ? AND record_id = r.rowid)' : 'r.first_request'}
     WHERE r.kind IN (${kinds.map(() => '?').join(', ')}) AND r.rowid IN (${within.sql})`,
    args: [...(seen ? [sel.runId!] : []), ...kinds, ...within.args],
  };
}

/**
 * Where a selection's records came from, by the mode of their request (the run's where an older request
 * row has none): demo mode's simulator or a live service, as the export manifests say it.
 */
export function selectionSource(db: Db, sel: Selection): SourceSummary {
  const { from, args } = recordsWithRequest(sel);
  const rows = db
    .prepare(`SELECT COALESCE(q.mode, (SELECT mode FROM runs WHERE id = q.run_id)) AS mode, q.origin AS origin, COUNT(*) AS n FROM ${from} GROUP BY 1, 2`)
    .all(...args) as { mode: string | null; origin: string | null; n: number }[];
  const count = (mode: string | null) => rows.filter((r) => r.mode === mode).reduce((sum, r) => sum + r.n, 0);
  return summariseSource(count('demo'), count('live'), count(null), rows.flatMap((r) => (r.origin ? [r.origin] : [])));
}

export function studyRecords(db: Db, sel: Selection): Iterable<StudyRecord> {
  const { from, args } = recordsWithRequest(sel);
  const stmt = db.prepare(
    // Times read as REAL: one past 2^53 ms (a database from elsewhere) is then a number, not a read error.
    `SELECT r.record, r.raw, q.path, q.params, q.id AS request_id, CAST(q.fetched_at AS REAL) AS fetched_at, CAST(r.first_seen AS REAL) AS first_seen,
            CAST(r.last_seen AS REAL) AS last_seen, r.first_run, r.last_run, r.status AS status, CAST(r.checked_at AS REAL) AS checked_at,
            ${mediaFactsSql('r')}
     FROM ${from} ORDER BY r.rowid`,
  );
  return {
    *[Symbol.iterator]() {
      for (const row of stmt.iterate(...args) as Iterable<Row>) {
        yield {
          record: recordOfRow(row),
          provenance: provenanceOfRow(row, row.first_seen),
          firstSeen: row.first_seen,
          lastSeen: row.last_seen,
          firstRun: row.first_run,
          lastRun: row.last_run,
          status: row.status,
          checkedAt: row.checked_at,
          media: mediaFactsOf(row),
        };
      }
    },
  };
}
