// Migration 40 of the study database (issue 40): what the study's pictures and videos show, found on
// this machine (electron/media-analysis/). One row per analysed item (a post's picture or video, a
// carousel item, a story) says how it ended and which tools made its results; one row per frame (the
// picture itself, or a video's keyframes) holds its hashes and its text. Each item's rows are written in
// one transaction, so a killed analysis resumes at the first item without a row.
// docs/study-database.md documents every table for researchers.

const V40 = `
CREATE TABLE media_items (
  record_id INTEGER PRIMARY KEY REFERENCES records (rowid),
  state TEXT NOT NULL CHECK (state IN ('done', 'failed')),
  source TEXT CHECK (source IN ('file', 'cache', 'fetched')),
  width INTEGER,
  height INTEGER,
  message TEXT,
  stripe TEXT,
  tools TEXT NOT NULL,
  analysed_at INTEGER NOT NULL
);

CREATE TABLE media_frames (
  record_id INTEGER NOT NULL REFERENCES records (rowid),
  frame INTEGER NOT NULL,
  at_seconds REAL,
  phash TEXT,
  dhash TEXT,
  ocr_text TEXT,
  ocr_confidence REAL,
  file TEXT,
  PRIMARY KEY (record_id, frame)
) WITHOUT ROWID;
CREATE INDEX media_frames_phash ON media_frames (phash);

-- The reuse groups at the study's k (meta 'reuse_max_bits'), as the data browser's filter and the reuse
-- network read them: rewritten after each analysis pass and when k changes (media-analysis/reuse.ts).
CREATE TABLE media_reuse (
  record_id INTEGER PRIMARY KEY REFERENCES records (rowid),
  post_rowid INTEGER NOT NULL,
  group_no INTEGER NOT NULL
);
CREATE INDEX media_reuse_post ON media_reuse (post_rowid);

-- The text found in an item's frames, searchable beside captions and comments (rowid: the record's).
CREATE VIRTUAL TABLE media_text_fts USING fts5 (text, tokenize = 'unicode61 remove_diacritics 2');
`;

export const MEDIA_MIGRATIONS = [
  { version: 40, name: 'media analysis: hashes, keyframes and text of pictures and videos', sql: V40 },
] as const;
