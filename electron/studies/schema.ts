// The study database's schema, as numbered migrations. `PRAGMA user_version` holds the version reached;
// each migration runs once, in a transaction, and is recorded in schema_migrations. Never edit a
// released migration: add the next one. docs/study-database.md documents every table for researchers.
//
// Migrations 10-13 (snapshots, sightings, re-checks, coding): schema-data.ts; 30 (a cap of comment pages
// per post): schema-collect.ts; 40 (media analysis): schema-media.ts. Versions need not follow each other: db.ts applies every migration a
// file has not recorded, in version order.
import type { DatabaseSync } from 'node:sqlite';
import { COLLECT_MIGRATIONS } from './schema-collect';
import { DATA_MIGRATIONS } from './schema-data';
import { MEDIA_MIGRATIONS } from './schema-media';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** Work SQL cannot do (reading records' JSON with the app's code), in the same transaction, after `sql`. */
  fill?: (db: DatabaseSync) => void;
}

const V1 = `
CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE targets (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('account', 'hashtag', 'place', 'post', 'music')),
  key TEXT NOT NULL,
  label TEXT NOT NULL,
  username TEXT,
  lists TEXT NOT NULL DEFAULT '[]',
  since INTEGER,
  until INTEGER,
  max_units_per_run INTEGER,
  added_at INTEGER NOT NULL,
  removed_at INTEGER,
  UNIQUE (kind, key)
);

CREATE TABLE runs (
  id INTEGER PRIMARY KEY,
  trigger TEXT NOT NULL CHECK (trigger IN ('manual', 'schedule', 'stories', 'adhoc')),
  state TEXT NOT NULL CHECK (state IN ('running', 'paused', 'done', 'stopped_budget', 'failed', 'cancelled')),
  budget INTEGER NOT NULL,
  units_spent INTEGER NOT NULL DEFAULT 0,
  reserved INTEGER NOT NULL DEFAULT 0,
  pages INTEGER NOT NULL DEFAULT 0,
  new_items INTEGER NOT NULL DEFAULT 0,
  items INTEGER NOT NULL DEFAULT 0,
  errors INTEGER NOT NULL DEFAULT 0,
  message TEXT,
  session_id TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('demo', 'live')),
  origin TEXT NOT NULL,
  options TEXT NOT NULL DEFAULT '{}',
  estimate INTEGER,
  started_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  finished_at INTEGER
);

CREATE TABLE run_targets (
  run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  target_id INTEGER NOT NULL REFERENCES targets (id),
  pages INTEGER NOT NULL DEFAULT 0,
  units INTEGER NOT NULL DEFAULT 0,
  new_items INTEGER NOT NULL DEFAULT 0,
  items INTEGER NOT NULL DEFAULT 0,
  error TEXT,
  PRIMARY KEY (run_id, target_id)
);

CREATE TABLE run_tasks (
  run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  pos INTEGER NOT NULL,
  target_id INTEGER NOT NULL REFERENCES targets (id),
  list TEXT NOT NULL,
  context_id TEXT NOT NULL DEFAULT '',
  path TEXT NOT NULL,
  params TEXT NOT NULL,
  cursor TEXT,
  phase TEXT NOT NULL CHECK (phase IN ('all', 'head', 'gap', 'tail', 'once')),
  min_fresh_at INTEGER NOT NULL DEFAULT 0,
  read INTEGER NOT NULL DEFAULT 0,
  boundary INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (run_id, pos)
);

CREATE TABLE run_errors (
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  target_id INTEGER REFERENCES targets (id),
  list TEXT NOT NULL,
  time INTEGER NOT NULL,
  kind TEXT NOT NULL,
  message TEXT NOT NULL
);

CREATE TABLE requests (
  id TEXT PRIMARY KEY,
  run_id INTEGER REFERENCES runs (id),
  target_id INTEGER REFERENCES targets (id),
  path TEXT NOT NULL,
  params TEXT NOT NULL,
  fetched_at INTEGER NOT NULL,
  units INTEGER NOT NULL,
  cache_hit INTEGER NOT NULL,
  items INTEGER NOT NULL,
  new_items INTEGER NOT NULL,
  session_id TEXT,
  mode TEXT,
  origin TEXT
);
CREATE INDEX requests_run ON requests (run_id);

CREATE TABLE records (
  rowid INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('post', 'carousel_item', 'comment', 'story', 'highlight', 'user', 'location', 'hashtag', 'track')),
  id TEXT NOT NULL,
  parent_id TEXT,
  post_id TEXT,
  owner_id TEXT,
  username TEXT,
  taken_at INTEGER,
  expires_at INTEGER,
  media_type TEXT,
  product_type TEXT,
  like_count INTEGER,
  comment_count INTEGER,
  play_count INTEGER,
  text TEXT,
  names TEXT,
  richness INTEGER NOT NULL DEFAULT 1,
  raw TEXT NOT NULL,
  record TEXT NOT NULL,
  first_seen INTEGER NOT NULL,
  last_seen INTEGER NOT NULL,
  first_run INTEGER,
  last_run INTEGER,
  first_request TEXT,
  last_request TEXT,
  UNIQUE (kind, id)
);
CREATE INDEX records_owner ON records (owner_id, kind, taken_at);
CREATE INDEX records_post ON records (post_id);
CREATE INDEX records_parent ON records (parent_id);
CREATE INDEX records_taken ON records (kind, taken_at);
CREATE INDEX records_first_run ON records (first_run);

CREATE TABLE run_items (
  run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  record_id INTEGER NOT NULL REFERENCES records (rowid),
  request_id TEXT,
  PRIMARY KEY (run_id, record_id)
) WITHOUT ROWID;

CREATE TABLE list_items (
  target_id INTEGER NOT NULL REFERENCES targets (id),
  list TEXT NOT NULL,
  context_id TEXT NOT NULL DEFAULT '',
  record_id INTEGER NOT NULL REFERENCES records (rowid),
  first_seen INTEGER NOT NULL,
  last_seen INTEGER NOT NULL,
  first_run INTEGER,
  last_run INTEGER,
  PRIMARY KEY (target_id, list, context_id, record_id)
) WITHOUT ROWID;
CREATE INDEX list_items_record ON list_items (record_id);

CREATE TABLE list_state (
  target_id INTEGER NOT NULL REFERENCES targets (id),
  list TEXT NOT NULL,
  context_id TEXT NOT NULL DEFAULT '',
  complete INTEGER NOT NULL DEFAULT 0,
  cursor TEXT,
  gaps TEXT NOT NULL DEFAULT '[]',
  count INTEGER,
  last_read_at INTEGER,
  PRIMARY KEY (target_id, list, context_id)
) WITHOUT ROWID;

CREATE TABLE schedules (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  every_hours REAL NOT NULL,
  daily_budget INTEGER NOT NULL,
  authorised_at INTEGER NOT NULL,
  mode TEXT NOT NULL,
  origin TEXT NOT NULL,
  next_run_at INTEGER NOT NULL,
  next_stories_at INTEGER,
  last_run_at INTEGER
);

CREATE TABLE schedule_days (
  day TEXT PRIMARY KEY,
  units INTEGER NOT NULL
);

CREATE VIRTUAL TABLE records_fts USING fts5 (text, names, content = 'records', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2');
CREATE TRIGGER records_ai AFTER INSERT ON records BEGIN
  INSERT INTO records_fts (rowid, text, names) VALUES (new.rowid, new.text, new.names);
END;
CREATE TRIGGER records_ad AFTER DELETE ON records BEGIN
  INSERT INTO records_fts (records_fts, rowid, text, names) VALUES ('delete', old.rowid, old.text, old.names);
END;
CREATE TRIGGER records_au AFTER UPDATE OF text, names ON records BEGIN
  INSERT INTO records_fts (records_fts, rowid, text, names) VALUES ('delete', old.rowid, old.text, old.names);
  INSERT INTO records_fts (rowid, text, names) VALUES (new.rowid, new.text, new.names);
END;

CREATE VIEW posts AS
  SELECT rowid, id, owner_id, username, taken_at, media_type, product_type, like_count, comment_count, play_count, text AS caption,
         first_seen, last_seen, first_run, last_run, record, raw
  FROM records WHERE kind = 'post';
CREATE VIEW reels AS SELECT * FROM posts WHERE product_type = 'clips';
CREATE VIEW carousel_items AS
  SELECT rowid, id, parent_id AS post_id, media_type, first_seen, last_seen, record, raw FROM records WHERE kind = 'carousel_item';
CREATE VIEW comments AS
  SELECT rowid, id, post_id, parent_id, owner_id AS author_id, username AS author, taken_at AS created_at, like_count, comment_count AS reply_count,
         text, first_seen, last_seen, first_run, last_run, record, raw
  FROM records WHERE kind = 'comment';
CREATE VIEW stories AS
  SELECT rowid, id, owner_id, username, taken_at, expires_at, media_type, parent_id AS highlight_id, first_seen, last_seen, first_run, last_run, record, raw
  FROM records WHERE kind = 'story';
CREATE VIEW highlights AS
  SELECT rowid, id, owner_id, username, text AS title, taken_at AS created_at, json_extract(record, '$.mediaCount') AS media_count,
         json_extract(record, '$.latestReelMedia') AS latest_item_at, first_seen, last_seen, first_run, last_run, record, raw
  FROM records WHERE kind = 'highlight';
CREATE VIEW users AS
  SELECT rowid, id, username, names AS full_name_and_username, text AS biography, richness = 2 AS is_profile, first_seen, last_seen, first_run, last_run, record, raw
  FROM records WHERE kind = 'user';
CREATE VIEW followers AS
  SELECT t.key AS account_id, t.label AS account, r.id AS follower_id, r.username AS follower, li.first_seen, li.last_seen, li.first_run, li.last_run
  FROM list_items li JOIN targets t ON t.id = li.target_id JOIN records r ON r.rowid = li.record_id WHERE li.list = 'followers';
CREATE VIEW following AS
  SELECT t.key AS account_id, t.label AS account, r.id AS followed_id, r.username AS followed, li.first_seen, li.last_seen, li.first_run, li.last_run
  FROM list_items li JOIN targets t ON t.id = li.target_id JOIN records r ON r.rowid = li.record_id WHERE li.list = 'following';
CREATE VIEW likes AS
  SELECT li.context_id AS post_id, r.id AS user_id, r.username, li.first_seen, li.last_seen, li.first_run, li.last_run
  FROM list_items li JOIN records r ON r.rowid = li.record_id WHERE li.list = 'likers';
`;

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'studies: targets, runs, records, lists, schedules, full-text index', sql: V1 },
  ...DATA_MIGRATIONS,
  ...COLLECT_MIGRATIONS,
  ...MEDIA_MIGRATIONS,
].sort((a, b) => a.version - b.version);

export const SCHEMA_VERSION = MIGRATIONS.reduce((v, m) => Math.max(v, m.version), 0);
