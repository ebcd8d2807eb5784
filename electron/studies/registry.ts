// Where studies are: each in a folder of its own (database, media, exports), so it can be archived or
// moved as one folder; the app keeps only an index of the folders it knows (<data folder>/studies.json).
// A study carries its id in its database, so a moved folder opened again is the same study.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { refuseLinksOutSync } from '../storage/confined';
import { writeFileAtomicSync } from '../storage/fs-atomic';
import { DATABASE_FILE, getMeta, openDb, openDbReadOnly, setMeta, type Db } from './db';

export const INDEX_FILE = 'studies.json';
export const MEDIA_FOLDER = 'media';
export const EXPORTS_FOLDER = 'exports';

const indexSchema = z.object({
  version: z.literal(1),
  studies: z.array(z.object({ id: z.string(), folder: z.string() })),
});
export type StudyIndexEntry = z.infer<typeof indexSchema>['studies'][number];

export function loadIndex(dataDir: string, log: (m: string) => void): StudyIndexEntry[] {
  const file = join(dataDir, INDEX_FILE);
  if (!existsSync(file)) return [];
  try {
    const parsed = indexSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) return parsed.data.studies;
    log(`studies: ${file} is not a list of studies; starting with none`);
  } catch (error) {
    log(`studies: ${file} could not be read (${error instanceof Error ? error.message : String(error)})`);
  }
  return [];
}

export function saveIndex(dataDir: string, studies: readonly StudyIndexEntry[]): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileAtomicSync(join(dataDir, INDEX_FILE), JSON.stringify({ version: 1, studies }, null, 2));
}

/** A name safe as a folder on every system. */
export function folderName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[<>:"/\\|?*\u0000-\u001f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[. ]+$/, '');
  const safe = /^(con|prn|aux|nul|com\d|lpt\d)$/i.test(cleaned) ? `${cleaned} study` : cleaned;
  return safe.slice(0, 80) || 'Study';
}

function isEmptyFolder(folder: string): boolean {
  try {
    return readdirSync(folder).filter((n) => !n.startsWith('.')).length === 0;
  } catch {
    return true; // does not exist yet
  }
}

/**
 * The folder a new study goes in, from the one the user chose: that folder if it is empty (or new),
 * else a sub-folder named after the study (" 2", " 3"... if taken).
 */
export function studyFolderIn(chosen: string, name: string): string {
  if (isEmptyFolder(chosen)) return chosen;
  const base = folderName(name);
  for (let i = 1; i < 1000; i++) {
    const candidate = join(chosen, i === 1 ? base : `${base} ${i}`);
    if (isEmptyFolder(candidate)) return candidate;
  }
  throw new Error('No free folder name for this study.');
}

const README = (name: string) => `Feedlens study: ${name}

This folder is one research study collected with Feedlens. Keep it together: moving or archiving the
folder moves the whole study. Close Feedlens (or the study) before you copy it.

  ${DATABASE_FILE}   the database (SQLite 3): every record collected, with its raw answer, when it was
                    first and last seen, the request it came from, and the history of the runs.
                    Open it with the sqlite3 command line, DB Browser for SQLite, Python (sqlite3) or
                    R (RSQLite). Its tables and example queries: docs/study-database.md in Feedlens.
  ${MEDIA_FOLDER}/           media files saved for this study.
  ${EXPORTS_FOLDER}/         exports of its runs (CSV, NDJSON, JSON, ZIP), each with a manifest.
`;

export interface CreatedStudy {
  id: string;
  folder: string;
  db: Db;
}

export function createStudyFolder(folder: string, o: { name: string; description: string; adhoc: boolean; appVersion: string; now: number }): CreatedStudy {
  if (existsSync(join(folder, DATABASE_FILE))) throw new Error(`${folder} already holds a study: open it instead.`);
  mkdirSync(join(folder, MEDIA_FOLDER), { recursive: true });
  mkdirSync(join(folder, EXPORTS_FOLDER), { recursive: true });
  const db = openDb(join(folder, DATABASE_FILE), { appVersion: o.appVersion });
  const id = `study-${randomUUID()}`;
  setMeta(db, 'study_id', id);
  setMeta(db, 'name', o.name);
  setMeta(db, 'description', o.description);
  setMeta(db, 'created_at', String(o.now));
  setMeta(db, 'created_by', `Feedlens ${o.appVersion}`);
  // Shown in main's question when the folder is opened on another computer (who made this study).
  setMeta(db, 'created_on', hostname());
  if (o.adhoc) setMeta(db, 'adhoc', '1');
  writeFileAtomicSync(join(folder, 'README.txt'), README(o.name), { mode: 0o644 });
  return { id, folder, db };
}

/** Opens a study folder read-only, as it is (another process holds it, or a newer Feedlens wrote it). */
export function openStudyFolderReadOnly(folder: string): CreatedStudy {
  const file = join(folder, DATABASE_FILE);
  refuseLinksOutSync(folder, [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`, `${DATABASE_FILE}-journal`]);
  const db = openDbReadOnly(file);
  const id = getMeta(db, 'study_id');
  if (!id) {
    db.close();
    throw new Error(`${file} is not a Feedlens study database.`);
  }
  return { id, folder, db };
}

/** Opens a study folder: its database (migrated to this version) and the id it carries. */
export function openStudyFolder(folder: string, appVersion: string): CreatedStudy {
  const file = join(folder, DATABASE_FILE);
  if (!existsSync(file)) throw new Error(`No study here: ${folder} has no ${DATABASE_FILE}.`);
  // SQLite writes the database and its journals through links: none may lead out of the folder.
  refuseLinksOutSync(folder, [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`, `${DATABASE_FILE}-journal`]);
  const db = openDb(file, { appVersion });
  const id = getMeta(db, 'study_id');
  if (!id) {
    db.close();
    throw new Error(`${file} is not a Feedlens study database.`);
  }
  return { id, folder, db };
}
