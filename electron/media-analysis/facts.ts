// What media analysis found of a record, as the columns of a study's exports: the text read in its
// pictures and keyframes (a carousel's: all its items'), the lowest confidence of what was kept, the
// pHash of its picture (of each carousel item, in order), its reuse group at the study's k, and its
// keyframe files (relative to the study's folder). Read with the record's own row: one SQL fragment.
export interface MediaFacts {
  text: string | null;
  /** Tesseract's mean confidence, 0-100: the lowest of the frames whose text was kept. */
  textConfidence: number | null;
  phash: string | null;
  reuseGroup: number | null;
  keyframes: string[];
}

/** The export columns, in order. */
export const MEDIA_COLUMNS = ['media_text', 'media_text_confidence', 'phash', 'reuse_group', 'keyframes'] as const;

/**
 * The frames of the record `r` and of its carousel items: found through records_parent (`+c.kind` keeps
 * SQLite from scanning every carousel item by kind instead), then media_frames' key.
 */
const FRAMES = (r: string) =>
  `FROM media_frames f WHERE f.record_id IN (SELECT ${r}.rowid UNION ALL SELECT c.rowid FROM records c WHERE ${r}.kind = 'post' AND c.parent_id = ${r}.id AND +c.kind = 'carousel_item')`;

/** SELECT columns (media_text, media_text_confidence, media_phash, media_reuse_group, media_keyframes) of the record aliased `r`. */
export function mediaFactsSql(r: string): string {
  return `(SELECT group_concat(f.ocr_text, ' | ') ${FRAMES(r)} AND f.ocr_text IS NOT NULL) AS media_text,
    (SELECT min(f.ocr_confidence) ${FRAMES(r)} AND f.ocr_text IS NOT NULL) AS media_text_confidence,
    (SELECT group_concat(f.phash, ' ') ${FRAMES(r)} AND f.frame = 0) AS media_phash,
    (SELECT min(m.group_no) FROM media_reuse m WHERE m.post_rowid = ${r}.rowid) AS media_reuse_group,
    (SELECT group_concat(f.file, char(31)) ${FRAMES(r)} AND f.file IS NOT NULL) AS media_keyframes`;
}

export interface MediaFactsRow {
  media_text: string | null;
  media_text_confidence: number | null;
  media_phash: string | null;
  media_reuse_group: number | null;
  media_keyframes: string | null;
}

/** The facts of a row read with mediaFactsSql; null when the record was never analysed. */
export function mediaFactsOf(row: MediaFactsRow): MediaFacts | null {
  if (row.media_phash === null && row.media_text === null && row.media_keyframes === null) return null;
  return {
    text: row.media_text,
    textConfidence: row.media_text_confidence === null ? null : Math.round(row.media_text_confidence),
    phash: row.media_phash,
    reuseGroup: row.media_reuse_group,
    keyframes: row.media_keyframes ? row.media_keyframes.split('\u001f') : [],
  };
}
