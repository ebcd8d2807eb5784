// Qualitative coding in a study: its codebook (codes with an optional key 1-9), codes put on records,
// one free-text note per record, and the data browser's saved views. All of it is the researcher's own
// work, kept in the study's database (and in its exports), never sent anywhere.
import type { CodeInfo, Rows, SavedView, ViewSpec } from '../../shared/ipc/study-data';
import { viewSpecSchema } from '../../shared/ipc/study-data';
import { tx, type Db } from './db';
import { rowsWhere } from './browse';

export class CodingError extends Error {}

export function listCodes(db: Db): CodeInfo[] {
  const rows = db
    .prepare('SELECT c.id, c.name, c.description, c.color, c.shortcut, (SELECT count(*) FROM record_codes rc WHERE rc.code_id = c.id) AS count FROM codes c ORDER BY c.shortcut IS NULL, c.shortcut, c.name COLLATE NOCASE')
    .all() as { id: number; name: string; description: string; color: string; shortcut: string | null; count: number }[];
  return rows.map((r) => ({ ...r }));
}

export interface CodeInput {
  codeId?: number | undefined;
  name: string;
  description: string;
  color: string;
  shortcut: string | null;
}

/** Adds or changes a code. A shortcut taken by another code moves to this one; a name must be new. */
export function saveCode(db: Db, c: CodeInput, now: number): CodeInfo[] {
  tx(db, () => {
    const same = db.prepare('SELECT id FROM codes WHERE name = ? COLLATE NOCASE').get(c.name) as { id: number } | undefined;
    if (same && same.id !== c.codeId) throw new CodingError(`The codebook already has a code named “${c.name}”.`);
    if (c.shortcut !== null) db.prepare('UPDATE codes SET shortcut = NULL WHERE shortcut = ? AND id IS NOT ?').run(c.shortcut, c.codeId ?? null);
    if (c.codeId !== undefined) {
      const changed = db.prepare('UPDATE codes SET name = ?, description = ?, color = ?, shortcut = ? WHERE id = ?').run(c.name, c.description, c.color, c.shortcut, c.codeId).changes;
      if (changed === 0) throw new CodingError('There is no such code.');
    } else {
      db.prepare('INSERT INTO codes (name, description, color, shortcut, created_at) VALUES (?, ?, ?, ?, ?)').run(c.name, c.description, c.color, c.shortcut, now);
    }
  });
  return listCodes(db);
}

export function deleteCode(db: Db, codeId: number): CodeInfo[] {
  // record_codes go with it (ON DELETE CASCADE).
  db.prepare('DELETE FROM codes WHERE id = ?').run(codeId);
  return listCodes(db);
}

/** Puts a code on the rows (or takes it off); how many records changed. */
export function applyCode(db: Db, rows: Rows, codeId: number, on: boolean, now: number): number {
  if (!db.prepare('SELECT 1 FROM codes WHERE id = ?').get(codeId)) throw new CodingError('There is no such code.');
  const where = rowsWhere(rows);
  return tx(db, () =>
    on
      ? Number(db.prepare(`INSERT OR IGNORE INTO record_codes (record_id, code_id, coded_at) SELECT r.rowid, ?, ? FROM records r WHERE ${where.sql}`).run(codeId, now, ...where.args).changes)
      : Number(db.prepare(`DELETE FROM record_codes WHERE code_id = ? AND record_id IN (SELECT r.rowid FROM records r WHERE ${where.sql})`).run(codeId, ...where.args).changes),
  );
}

/** Sets a record's note; an empty (or blank) note removes it. */
export function setNote(db: Db, rowid: number, text: string, now: number): string | null {
  if (!db.prepare('SELECT 1 FROM records WHERE rowid = ?').get(rowid)) throw new CodingError('There is no such record in this study.');
  if (text.trim() === '') {
    db.prepare('DELETE FROM notes WHERE record_id = ?').run(rowid);
    return null;
  }
  db.prepare('INSERT INTO notes (record_id, text, updated_at) VALUES (?, ?, ?) ON CONFLICT (record_id) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at').run(rowid, text, now);
  return text;
}

export function codesOf(db: Db, rowid: number): number[] {
  return (db.prepare('SELECT code_id FROM record_codes WHERE record_id = ? ORDER BY code_id').all(rowid) as { code_id: number }[]).map((r) => r.code_id);
}

export function noteOf(db: Db, rowid: number): string | null {
  return (db.prepare('SELECT text FROM notes WHERE record_id = ?').get(rowid) as { text: string } | undefined)?.text ?? null;
}

export function listViews(db: Db): SavedView[] {
  const rows = db.prepare('SELECT id, name, spec, updated_at FROM saved_views ORDER BY name COLLATE NOCASE').all() as { id: number; name: string; spec: string; updated_at: number }[];
  const out: SavedView[] = [];
  for (const r of rows) {
    // A view saved by another version may not read: it is left out rather than breaking the list.
    const spec = viewSpecSchema.safeParse(JSON.parse(r.spec));
    if (spec.success) out.push({ id: r.id, name: r.name, spec: spec.data, updatedAt: r.updated_at });
  }
  return out;
}

/** Saves a view under its name (a view of the same name is replaced). */
export function saveView(db: Db, name: string, spec: ViewSpec, now: number): SavedView[] {
  db.prepare('INSERT INTO saved_views (name, spec, created_at, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (name) DO UPDATE SET spec = excluded.spec, updated_at = excluded.updated_at').run(
    name,
    JSON.stringify(spec),
    now,
    now,
  );
  return listViews(db);
}

export function deleteView(db: Db, viewId: number): SavedView[] {
  db.prepare('DELETE FROM saved_views WHERE id = ?').run(viewId);
  return listViews(db);
}
