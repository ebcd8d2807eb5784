// Migrations 10 to 12 of the study database (issue 13): what changed, what is gone, and the researcher's
// own coding. Numbered from 10 so that migrations of other work (20 upward) never take the same number;
// db.ts applies every migration a file has not recorded, in version order, whatever the gaps.
// docs/study-database.md documents every table and view for researchers.
import type { DatabaseSync } from 'node:sqlite';
import type { AppRecord } from '../../shared/records';
import { termsOf } from './extract';

/** Profile fields kept per snapshot, in the order the change timeline lists them. */
export const SNAPSHOT_FIELDS = [
  'username', 'full_name', 'biography', 'external_url', 'category', 'is_private', 'is_verified', 'profile_pic_hash',
  'follower_count', 'following_count', 'media_count',
] as const;
export type SnapshotField = (typeof SNAPSHOT_FIELDS)[number];

// One row per changed field between two snapshots of an account that follow each other.
const PROFILE_CHANGES = `
CREATE VIEW profile_changes AS
WITH s AS (
  SELECT id, user_id, run_id, seen_at, ${SNAPSHOT_FIELDS.join(', ')},
         lag(id) OVER w AS prev_id, lag(seen_at) OVER w AS prev_seen_at,
         ${SNAPSHOT_FIELDS.map((f) => `lag(${f}) OVER w AS prev_${f}`).join(', ')}
  FROM snapshots WINDOW w AS (PARTITION BY user_id ORDER BY seen_at, id)
)
${SNAPSHOT_FIELDS.map(
  (f) => `SELECT user_id, id AS snapshot_id, prev_id AS previous_snapshot_id, run_id, prev_seen_at AS since, seen_at, '${f}' AS field, prev_${f} AS before, ${f} AS after
FROM s WHERE prev_id IS NOT NULL AND ${f} IS NOT prev_${f}`,
).join('\nUNION ALL\n')};
`;

const V10 = `
CREATE TABLE snapshots (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL,
  target_id INTEGER REFERENCES targets (id),
  run_id INTEGER REFERENCES runs (id),
  check_id INTEGER,
  request_id TEXT,
  seen_at INTEGER NOT NULL,
  username TEXT,
  full_name TEXT,
  biography TEXT,
  external_url TEXT,
  category TEXT,
  is_private INTEGER,
  is_verified INTEGER,
  profile_pic_hash TEXT,
  follower_count INTEGER,
  following_count INTEGER,
  media_count INTEGER,
  UNIQUE (user_id, run_id)
);
CREATE INDEX snapshots_user ON snapshots (user_id, seen_at);

CREATE TABLE sightings (
  id INTEGER PRIMARY KEY,
  record_id INTEGER NOT NULL REFERENCES records (rowid),
  run_id INTEGER REFERENCES runs (id),
  check_id INTEGER,
  request_id TEXT,
  seen_at INTEGER NOT NULL,
  like_count INTEGER,
  comment_count INTEGER,
  play_count INTEGER,
  caption TEXT,
  UNIQUE (record_id, run_id)
);
CREATE INDEX sightings_record ON sightings (record_id, seen_at);

-- What the study held before: the profiles of its accounts and the last known state of its posts.
INSERT INTO snapshots (user_id, target_id, run_id, request_id, seen_at, username, full_name, biography, external_url, category,
                       is_private, is_verified, follower_count, following_count, media_count)
  SELECT r.id, t.id, r.last_run, r.last_request, r.last_seen, r.username, json_extract(r.record, '$.fullName'), nullif(r.text, ''),
         nullif(json_extract(r.record, '$.externalUrl'), ''), nullif(json_extract(r.record, '$.category'), ''),
         json_extract(r.record, '$.isPrivate'), json_extract(r.record, '$.isVerified'),
         json_extract(r.record, '$.counts.followers'), json_extract(r.record, '$.counts.following'), json_extract(r.record, '$.counts.media')
  FROM records r JOIN targets t ON t.kind = 'account' AND t.key = r.id WHERE r.kind = 'user' AND r.richness = 2;
INSERT INTO sightings (record_id, run_id, request_id, seen_at, like_count, comment_count, play_count, caption)
  SELECT rowid, last_run, last_request, last_seen, like_count, comment_count, play_count, text FROM records WHERE kind = 'post';

${PROFILE_CHANGES}
CREATE VIEW post_history AS
  SELECT s.record_id, r.id AS post_id, r.username, s.run_id, s.check_id, s.seen_at, s.like_count, s.comment_count, s.play_count, s.caption
  FROM sightings s JOIN records r ON r.rowid = s.record_id;
CREATE VIEW caption_edits AS
  SELECT record_id, post_id, since, seen_at, before, after FROM (
    SELECT s.record_id, r.id AS post_id, lag(s.seen_at) OVER w AS since, s.seen_at, lag(s.caption) OVER w AS before, s.caption AS after, lag(s.id) OVER w AS prev
    FROM sightings s JOIN records r ON r.rowid = s.record_id WINDOW w AS (PARTITION BY s.record_id ORDER BY s.seen_at, s.id)
  ) WHERE prev IS NOT NULL AND after IS NOT before;
`;

const V11 = `
ALTER TABLE records ADD COLUMN status TEXT CHECK (status IN ('online', 'gone', 'private', 'unknown'));
ALTER TABLE records ADD COLUMN checked_at INTEGER;
CREATE INDEX records_status ON records (status);

CREATE TABLE checks (
  id INTEGER PRIMARY KEY,
  label TEXT NOT NULL,
  scope TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('running', 'paused', 'done', 'stopped', 'failed', 'cancelled')),
  budget INTEGER NOT NULL,
  units_spent INTEGER NOT NULL DEFAULT 0,
  items INTEGER NOT NULL,
  checked INTEGER NOT NULL DEFAULT 0,
  online INTEGER NOT NULL DEFAULT 0,
  gone INTEGER NOT NULL DEFAULT 0,
  private INTEGER NOT NULL DEFAULT 0,
  unknown INTEGER NOT NULL DEFAULT 0,
  message TEXT,
  session_id TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('demo', 'live')),
  origin TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  finished_at INTEGER
);

CREATE TABLE check_items (
  check_id INTEGER NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  pos INTEGER NOT NULL,
  record_id INTEGER NOT NULL REFERENCES records (rowid),
  status TEXT CHECK (status IN ('online', 'gone', 'private', 'unknown')),
  checked_at INTEGER,
  detail TEXT,
  request_id TEXT,
  units INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (check_id, pos)
) WITHOUT ROWID;
CREATE INDEX check_items_record ON check_items (record_id);

CREATE VIEW gone AS
  SELECT r.rowid, r.kind, r.id, r.owner_id, r.username, r.taken_at, r.checked_at, r.last_seen, r.text
  FROM records r WHERE r.status = 'gone';
`;

const V12 = `
CREATE TABLE codes (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  description TEXT NOT NULL DEFAULT '',
  color TEXT NOT NULL DEFAULT '',
  shortcut TEXT UNIQUE,
  created_at INTEGER NOT NULL
);
CREATE TABLE record_codes (
  record_id INTEGER NOT NULL REFERENCES records (rowid),
  code_id INTEGER NOT NULL REFERENCES codes (id) ON DELETE CASCADE,
  coded_at INTEGER NOT NULL,
  PRIMARY KEY (record_id, code_id)
) WITHOUT ROWID;
CREATE INDEX record_codes_code ON record_codes (code_id, record_id);
CREATE TABLE notes (
  record_id INTEGER PRIMARY KEY REFERENCES records (rowid),
  text TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE TABLE saved_views (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  spec TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE TABLE record_terms (
  record_id INTEGER NOT NULL REFERENCES records (rowid),
  kind TEXT NOT NULL CHECK (kind IN ('hashtag', 'mention')),
  term TEXT NOT NULL,
  PRIMARY KEY (kind, term, record_id)
) WITHOUT ROWID;
CREATE INDEX record_terms_record ON record_terms (record_id);

CREATE VIEW coded AS
  SELECT r.rowid AS record_id, r.kind, r.id, r.username, c.name AS code, rc.coded_at
  FROM record_codes rc JOIN codes c ON c.id = rc.code_id JOIN records r ON r.rowid = rc.record_id;
`;

/** The hashtags and mentions of every record already stored (new ones get theirs when stored). */
function fillTerms(db: DatabaseSync): void {
  const insert = db.prepare('INSERT OR IGNORE INTO record_terms (record_id, kind, term) VALUES (?, ?, ?)');
  for (const row of db.prepare("SELECT rowid, record FROM records WHERE kind IN ('post', 'comment', 'story')").iterate() as Iterable<{ rowid: number; record: string }>) {
    const terms = termsOf(JSON.parse(row.record) as AppRecord);
    for (const t of terms.hashtags) insert.run(row.rowid, 'hashtag', t);
    for (const t of terms.mentions) insert.run(row.rowid, 'mention', t);
  }
}

// The data browser's narrow index: every column it filters or sorts on, so a query that cannot use a
// more selective path scans this index (tens of bytes a row) instead of the records with their JSON.
const V13 = `
CREATE INDEX records_browse ON records (kind, product_type, taken_at, like_count, comment_count, play_count, media_type, status, checked_at,
  owner_id, username COLLATE NOCASE, first_seen, last_seen);
-- An account named by its username (the browser's account filter).
CREATE INDEX records_username ON records (username COLLATE NOCASE) WHERE kind = 'user';
`;

// Each run keeps its estimate beside what it spent: the upper bound of the run, and per target the likely
// units and the upper bound recorded when the run started (run_targets rows exist from then on).
const V14 = `
ALTER TABLE runs ADD COLUMN estimate_upper INTEGER;
ALTER TABLE run_targets ADD COLUMN estimate INTEGER;
ALTER TABLE run_targets ADD COLUMN estimate_upper INTEGER;
`;

export const DATA_MIGRATIONS = [
  { version: 10, name: 'profile snapshots per run and post sightings (item history)', sql: V10 },
  { version: 11, name: 'rehydration: status and checked_at of records, checks and their items', sql: V11 },
  { version: 12, name: 'qualitative coding (codes, record_codes, notes), saved views of the data browser, hashtags and mentions', sql: V12, fill: fillTerms },
  { version: 13, name: 'indexes for the data browser', sql: V13 },
  { version: 14, name: 'estimates per run and target (upper bound, per-target likely and upper)', sql: V14 },
] as const;
