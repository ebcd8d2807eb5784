// One study's SQLite database through Node's built-in node:sqlite (no native module to rebuild for
// Electron). Opened in WAL mode so the sqlite3 command line, Python or R can read it while the app
// writes; synchronous=FULL so a committed page survives a crash or a power cut; migrated on open.
import { DatabaseSync } from 'node:sqlite';
import { MIGRATIONS, SCHEMA_VERSION } from './schema';

export type Db = DatabaseSync;

export const DATABASE_FILE = 'study.sqlite';

export interface OpenOptions {
  appVersion: string;
  now?: () => number;
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

function userVersion(db: Db): number {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number } | undefined;
  return row?.user_version ?? 0;
}

/** Applies the migrations the file has not seen; refuses a file written by a newer Feedlens. */
export function migrate(db: Db, o: OpenOptions): void {
  const now = o.now ?? Date.now;
  const current = userVersion(db);
  if (current > SCHEMA_VERSION) {
    throw new Error(`This study was written by a newer Feedlens (database version ${current}; this version reads up to ${SCHEMA_VERSION}). Update Feedlens to open it.`);
  }
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL, app_version TEXT NOT NULL)');
  for (const m of MIGRATIONS) {
    if (m.version <= current) continue;
    tx(db, () => {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at, app_version) VALUES (?, ?, ?, ?)').run(m.version, m.name, now(), o.appVersion);
      db.exec(`PRAGMA user_version = ${m.version}`);
    });
  }
}

export function openDb(file: string, o: OpenOptions): Db {
  const db = new DatabaseSync(file);
  try {
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = FULL');
    db.exec('PRAGMA foreign_keys = ON');
    db.exec('PRAGMA busy_timeout = 5000');
    migrate(db, o);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

export function getMeta(db: Db, key: string): string | null {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value ?? null;
}

export function setMeta(db: Db, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
}
