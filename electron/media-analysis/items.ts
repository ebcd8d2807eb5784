// The study database's side of media analysis: which items there are to analyse (a post's picture or
// video, each carousel item, each story; a carousel post itself is its items), what is done, and each
// item's results written in one transaction (schema-media.ts).
import type { DatabaseSync } from 'node:sqlite';

export interface MediaItem {
  rowid: number;
  id: string;
  kind: 'post' | 'carousel_item' | 'story';
  mediaType: string | null;
  imageUrl: string | null;
  videoUrl: string | null;
  videoSeconds: number | null;
}

export interface FrameResult {
  frame: number;
  atSeconds: number | null;
  phash: string | null;
  dhash: string | null;
  ocrText: string | null;
  ocrConfidence: number | null;
  /** A keyframe's image, relative to the study's folder. */
  file: string | null;
}

export interface ItemResult {
  state: 'done' | 'failed';
  source: 'file' | 'cache' | 'fetched' | null;
  width: number | null;
  height: number | null;
  message: string | null;
  /** A video's stripe image, relative to the study's folder. */
  stripe: string | null;
  frames: FrameResult[];
}

/** A file name made of a record's id when it is a plain id (a study's database may come from someone else), else of its row. */
export const fileNameOf = (r: { id: string; rowid: number }): string => (/^[0-9A-Za-z_-]{1,64}$/.test(r.id) ? r.id : `row${r.rowid}`);

const ITEMS = `FROM records r WHERE r.kind IN ('post', 'carousel_item', 'story') AND coalesce(r.media_type, '') <> 'carousel'`;

/** Items without a finished result, in the order they were stored: new ones and those that failed before. */
export function pendingItems(db: DatabaseSync): MediaItem[] {
  return db
    .prepare(
      `SELECT r.rowid AS rowid, r.id AS id, r.kind AS kind, r.media_type AS mediaType,
              coalesce(json_extract(r.record, '$.images[0].url'), json_extract(r.record, '$.thumbnailUrl')) AS imageUrl,
              json_extract(r.record, '$.videos[0].url') AS videoUrl, json_extract(r.record, '$.videoDuration') AS videoSeconds
       ${ITEMS} AND NOT EXISTS (SELECT 1 FROM media_items m WHERE m.record_id = r.rowid AND m.state = 'done')
       ORDER BY r.rowid`,
    )
    .all() as unknown as MediaItem[];
}

export interface MediaCounts {
  items: number;
  done: number;
  failed: number;
}

export function mediaCounts(db: DatabaseSync): MediaCounts {
  const row = db
    .prepare(
      `SELECT count(*) AS items, count(m.record_id) FILTER (WHERE m.state = 'done') AS done, count(m.record_id) FILTER (WHERE m.state = 'failed') AS failed
       FROM (SELECT r.rowid ${ITEMS}) i LEFT JOIN media_items m ON m.record_id = i.rowid`,
    )
    .get() as { items: number; done: number; failed: number };
  return { items: row.items, done: row.done, failed: row.failed };
}

/** One item's rows, replacing what an earlier attempt left, in one transaction. */
export function writeItem(db: DatabaseSync, rowid: number, result: ItemResult, tools: string, at: number): void {
  db.exec('BEGIN IMMEDIATE');
  try {
    db.prepare('DELETE FROM media_frames WHERE record_id = ?').run(rowid);
    db.prepare('DELETE FROM media_text_fts WHERE rowid = ?').run(rowid);
    const frame = db.prepare('INSERT INTO media_frames (record_id, frame, at_seconds, phash, dhash, ocr_text, ocr_confidence, file) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    for (const f of result.frames) frame.run(rowid, f.frame, f.atSeconds, f.phash, f.dhash, f.ocrText, f.ocrConfidence, f.file);
    const text = result.frames.map((f) => f.ocrText ?? '').filter((t) => t.trim() !== '').join('\n');
    if (text !== '') db.prepare('INSERT INTO media_text_fts (rowid, text) VALUES (?, ?)').run(rowid, text);
    db.prepare(
      `INSERT INTO media_items (record_id, state, source, width, height, message, stripe, tools, analysed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (record_id) DO UPDATE SET state = excluded.state, source = excluded.source, width = excluded.width, height = excluded.height,
         message = excluded.message, stripe = excluded.stripe, tools = excluded.tools, analysed_at = excluded.analysed_at`,
    ).run(rowid, result.state, result.source, result.width, result.height, result.message, result.stripe, tools, at);
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
