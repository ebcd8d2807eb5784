// What the media analysis found of one record, for the viewers: the record itself (a post, a story) and,
// for a carousel, each of its items; per item its frames (hashes, keyframes, text) and a video's stripe.
// Files are named relative to the study's folder in the database; the renderer gets URLs it may load.
// Carousel items are found through records_parent (`+kind` keeps SQLite off the kind index, which would
// read every carousel item of the study).
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { FrameFinding, MediaFinding } from '../../shared/ipc/media';

type ItemRow = Omit<MediaFinding, 'frames' | 'stripeUrl'> & { stripe: string | null };
type FrameRow = Omit<FrameFinding, 'url'> & { file: string | null };

/** Whether the analysis is done for the record at `rowid` (or one of its carousel items). */
export function isAnalysed(db: DatabaseSync, rowid: number): boolean {
  return (
    db
      .prepare(
        `SELECT 1 FROM media_items m WHERE m.state = 'done' AND (m.record_id = ?1 OR m.record_id IN
           (SELECT c.rowid FROM records c WHERE c.parent_id = (SELECT id FROM records WHERE rowid = ?1 AND kind = 'post') AND +c.kind = 'carousel_item')) LIMIT 1`,
      )
      .get(rowid) !== undefined
  );
}

export function findingsOf(db: DatabaseSync, folder: string, rowid: number, fileUrl: (path: string) => string): MediaFinding[] {
  const items = db
    .prepare(
      `SELECT r.rowid AS rowid, r.id AS id, r.kind AS kind, m.state AS state, m.message AS message, m.tools AS tools, m.analysed_at AS analysedAt, m.stripe AS stripe
       FROM records r LEFT JOIN media_items m ON m.record_id = r.rowid
       WHERE r.rowid = ?1 AND r.kind IN ('post', 'carousel_item', 'story')
          OR r.parent_id = (SELECT id FROM records WHERE rowid = ?1 AND kind = 'post') AND +r.kind = 'carousel_item'
       ORDER BY r.kind = 'carousel_item', r.rowid`,
    )
    .all(rowid) as unknown as ItemRow[];
  const frames = db.prepare(
    'SELECT frame, at_seconds AS atSeconds, phash, dhash, ocr_text AS ocrText, ocr_confidence AS ocrConfidence, file FROM media_frames WHERE record_id = ? ORDER BY frame',
  );
  // A path stored in the database is only served from inside the study's analysis folder (electron/library/files.ts).
  const url = (file: string | null): string | null => (file ? fileUrl(join(folder, file)) : null);
  return items.map(({ stripe, ...item }) => ({
    ...item,
    stripeUrl: url(stripe),
    frames: (frames.all(item.rowid) as unknown as FrameRow[]).map(({ file, ...f }) => ({ ...f, url: url(file) })),
  }));
}
