// One study's SQLite database through Node's built-in node:sqlite (no native module to rebuild for
// Electron). Opened in WAL mode so the sqlite3 command line, Python or R can read it while the app
// writes; synchronous=FULL so a committed page survives a crash or a power cut; migrated on open.
import { DatabaseSync } from 'node:sqlite';
import { MIGRATIONS, type Migration } from './schema';

export type Db = DatabaseSync;

export const DATABASE_FILE = 'study.sqlite';

/** How long a write waits for another program's lock before it fails (SQLITE_BUSY). */
export const BUSY_TIMEOUT_MS = 50;

export interface OpenOptions {
  appVersion: string;
  now?: () => number;
  /** The migrations this Feedlens knows (tests pass others). */
  migrations?: readonly Migration[];
}

/** Runs `fn` in one transaction (BEGIN IMMEDIATE ... COMMIT); rolls back if it throws. */
export function tx<T>(db: Db, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

/**
 * Fails (SQLITE_BUSY, after the busy timeout) when another program holds the write lock: asked before
 * spending on something the study must then store. A full disk is not seen here (nothing is written).
 */
export function assertWritable(db: Db): void {
  db.exec('BEGIN IMMEDIATE');
  db.exec('ROLLBACK');
}

function userVersion(db: Db): number {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number } | undefined;
  return row?.user_version ?? 0;
}

/**
 * Applies every migration the file has not recorded in schema_migrations, in version order, each in its
 * own transaction: version numbers may have gaps (work done side by side numbers its migrations apart),
 * and a file that has a later migration but not an earlier one gets the earlier one. A file holding a
 * migration this Feedlens does not know was written by a newer one: refused.
 */
export function migrate(db: Db, o: OpenOptions): void {
  const now = o.now ?? Date.now;
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL, app_version TEXT NOT NULL)');
  const migrations = o.migrations ?? MIGRATIONS;
  const newest = Math.max(0, ...migrations.map((m) => m.version));
  const applied = new Set((db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version));
  const known = new Set(migrations.map((m) => m.version));
  const unknown = Math.max(userVersion(db), ...[...applied].filter((v) => !known.has(v)));
  if (unknown > newest || [...applied].some((v) => !known.has(v))) {
    throw new Error(`This study was written by a newer Feedlens (database version ${unknown}; this version reads up to ${newest}). Update Feedlens to open it.`);
  }
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(m.version)) continue;
    tx(db, () => {
      db.exec(m.sql);
      m.fill?.(db);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at, app_version) VALUES (?, ?, ?, ?)').run(m.version, m.name, now(), o.appVersion);
      applied.add(m.version);
      db.exec(`PRAGMA user_version = ${Math.max(...applied)}`);
    });
  }
}

export function openDb(file: string, o: OpenOptions): Db {
  const db = new DatabaseSync(file);
  try {
    // The database is synchronous: a write that waits for another program's lock blocks main's event
    // loop. It waits this long, then fails with SQLITE_BUSY, which db-errors.ts puts in plain words.
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = FULL');
    db.exec('PRAGMA foreign_keys = ON');
    migrate(db, o);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** A study's database opened read-only, as it is (not migrated): a study another process holds, or one a newer Feedlens wrote. */
export function openDbReadOnly(file: string): Db {
  const db = new DatabaseSync(file, { readOnly: true });
  db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return db;
}

/** Whether opening failed because a newer Feedlens wrote the database (see migrate). */
export function isNewerDatabase(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('This study was written by a newer Feedlens');
}

export function getMeta(db: Db, key: string): string | null {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value ?? null;
}

export function setMeta(db: Db, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
}
