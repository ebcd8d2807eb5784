// Data minimisation per study (docs/analysis.md): presets kept in the study's own database (meta
// `minimisation`), applied when a run stores what it collected and again when the study is exported,
// and a retention rule that deletes raw answers after N days and keeps the records pseudonymised with
// the study's key. Every export's manifest records the presets in force.
import { parseLossless } from '../../shared/api/json';
import { minimisationSchema, NO_MINIMISATION, type Minimisation } from '../../shared/ipc/analysis';
import type { AppRecord, Comment } from '../../shared/records';
import { COLLECT_LISTS, type CollectList } from '../../shared/ipc/studies';
import { createPseudonymiser } from '../export/pseudonymise';
import { getMeta, setMeta, tx, type Db } from '../studies/db';
import { rowsOf } from '../studies/extract';

const KEY = 'minimisation';

export function readMinimisation(db: Db): Minimisation {
  const text = getMeta(db, KEY);
  if (!text) return { ...NO_MINIMISATION };
  const parsed = minimisationSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : { ...NO_MINIMISATION };
}

export function writeMinimisation(db: Db, m: Minimisation): void {
  setMeta(db, KEY, JSON.stringify(m));
}

/** Lists that hold other people than the watched accounts: not collected under "captions only". */
const PEOPLE_LISTS: ReadonlySet<CollectList> = new Set(['comments', 'likers', 'followers', 'following']);

/** The lists a run may read under the presets (null: no narrowing). */
export function allowedLists(m: Minimisation, asked?: readonly CollectList[]): CollectList[] | undefined {
  if (!m.captionsOnly) return asked ? [...asked] : undefined;
  return (asked ?? COLLECT_LISTS).filter((l) => !PEOPLE_LISTS.has(l));
}

type Dict = Record<string, unknown>;
const isDict = (v: unknown): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v);

const PICTURE_KEYS = new Set(['avatarUrl', 'profile_pic_url', 'profile_pic_url_hd', 'hd_profile_pic_url_info', 'hd_profile_pic_versions', 'profile_pic_id']);
/**
 * A raw comment's fields that say who wrote it, or carry someone else's identity: `media_info` is a copy
 * of the post a visual reply points at (its author, and the quoted comment's author), stored as a post anyway.
 */
const AUTHOR_KEYS = new Set(['user', 'user_id', 'owner', 'author', 'from', 'user_pk', 'author_id', 'media_info', 'original_comment_author', 'commenter_username', 'other_preview_users']);

/** A deep copy without profile pictures (normalised `avatarUrl` and the raw picture fields). */
function withoutPictures(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPictures);
  if (!isDict(value)) return value;
  const out: Dict = {};
  for (const k in value) out[k] = PICTURE_KEYS.has(k) ? null : withoutPictures(value[k]);
  return out;
}

function rawWithoutAuthor(raw: unknown): unknown {
  if (Array.isArray(raw)) return raw.map(rawWithoutAuthor);
  if (!isDict(raw)) return raw;
  const out: Dict = {};
  // Every level: a reply's fields are as telling as its parent's.
  for (const k in raw) if (!AUTHOR_KEYS.has(k)) out[k] = rawWithoutAuthor(raw[k]);
  return out;
}

function anonymousComment(c: Comment): Comment {
  return { ...c, author: null, raw: rawWithoutAuthor(c.raw), previewReplies: c.previewReplies.map(anonymousComment) };
}

/** The record as the presets allow it to be stored (the same object when nothing applies). */
export function minimiseRecord(record: AppRecord, m: Minimisation): AppRecord {
  let out = record;
  if (m.noCommenterIdentities && out.kind === 'comment') out = anonymousComment(out);
  if (m.noProfilePictures) out = withoutPictures(out) as AppRecord;
  return out;
}

/** Whether the presets change anything a run stores. */
export const minimisesRecords = (m: Minimisation): boolean => m.noCommenterIdentities || m.noProfilePictures;

// ---------------------------------------------------------------------------------------------
// Retention

const DAY = 86_400_000;

interface Aged {
  rowid: number;
  kind: string;
  id: string;
  record: string;
}

/**
 * Deletes the raw answers of records last seen more than `days` ago and pseudonymises their normalised
 * records (people's ids, usernames and names, mentions in text) with the study's key; the request
 * parameters of those days too. A person's own record takes the pseudonym as its id (merged into the one
 * already there). Returns how many records it changed.
 */
export function applyRetention(db: Db, key: Buffer, days: number, now: number): number {
  const before = now - days * DAY;
  const aged = db.prepare("SELECT rowid, kind, id, record FROM records WHERE last_seen < ? AND raw <> 'null' AND kind <> 'carousel_item' ORDER BY rowid LIMIT 2000");
  const update = db.prepare("UPDATE records SET raw = 'null', record = ?, owner_id = ?, username = ?, names = ?, text = ? WHERE rowid = ?");
  const existing = db.prepare('SELECT rowid FROM records WHERE kind = ? AND id = ?');
  const rename = db.prepare('UPDATE records SET id = ? WHERE rowid = ?');
  const items = db.prepare("UPDATE records SET raw = 'null' WHERE kind = 'carousel_item' AND parent_id = ?");
  let changed = 0;
  for (;;) {
    const batch = aged.all(before) as unknown as Aged[];
    if (batch.length === 0) break;
    tx(db, () => {
      const pz = createPseudonymiser(key, { project: 'retention', dropNames: false, dropPictures: false, dropText: false });
      // Lossless: a record rewritten here goes back into the database, every digit of its ids kept.
      const records = batch.map((b) => parseLossless(b.record) as AppRecord);
      for (const r of records) pz.learnRecord(r);
      pz.freeze();
      batch.forEach((b, i) => {
        const pseudo = pz.applyRecord(records[i]) as AppRecord;
        const row = rowsOf(pseudo)[0];
        update.run(JSON.stringify(pseudo), row?.ownerId ?? null, row?.username ?? null, row?.names ?? null, row?.text ?? null, b.rowid);
        if (b.kind === 'post') items.run(b.id);
        if (b.kind === 'user') {
          const alias = pz.pseudonym({ id: b.id });
          const other = existing.get('user', alias) as { rowid: number } | undefined;
          if (other) merge(db, b.rowid, other.rowid);
          else rename.run(alias, b.rowid);
        }
        changed += 1;
      });
    });
  }
  pseudonymiseRequests(db, key, before, now);
  return changed;
}

/** Points the lists and runs of record `from` at record `into`, then removes `from`. */
function merge(db: Db, from: number, into: number): void {
  for (const table of ['list_items', 'run_items']) {
    db.prepare(`UPDATE OR IGNORE ${table} SET record_id = ? WHERE record_id = ?`).run(into, from);
    db.prepare(`DELETE FROM ${table} WHERE record_id = ?`).run(from);
  }
  db.prepare('DELETE FROM records WHERE rowid = ?').run(from);
}

function pseudonymiseRequests(db: Db, key: Buffer, before: number, now: number): void {
  // Requests up to the last sweep's bound are pseudonymised already (their parameters would be keyed twice).
  const done = Number(getMeta(db, 'retention_requests_before') ?? 0);
  if (before <= done) return;
  const rows = db.prepare('SELECT id, params FROM requests WHERE fetched_at >= ? AND fetched_at < ?').all(done, before) as { id: string; params: string }[];
  const pz = createPseudonymiser(key, { project: 'retention', dropNames: false, dropPictures: false, dropText: false });
  const params = rows.map((r) => parseLossless(r.params) as Record<string, unknown>);
  for (const p of params) pz.learnParams(p);
  pz.freeze();
  const set = db.prepare('UPDATE requests SET params = ? WHERE id = ?');
  tx(db, () => {
    rows.forEach((r, i) => set.run(JSON.stringify(pz.applyParams(params[i]!)), r.id));
    setMeta(db, 'retention_requests_before', String(before));
    setMeta(db, 'retention_ran_at', String(now));
  });
}

/** Records whose raw answer the retention rule deleted. */
export function retainedCount(db: Db): number {
  return (db.prepare("SELECT count(*) AS n FROM records WHERE raw = 'null' AND kind <> 'carousel_item'").get() as { n: number }).n;
}

/** Records the rule would change now. */
export function dueForRetention(db: Db, days: number, now: number): number {
  return (db.prepare("SELECT count(*) AS n FROM records WHERE last_seen < ? AND raw <> 'null' AND kind <> 'carousel_item'").get(now - days * DAY) as { n: number }).n;
}
