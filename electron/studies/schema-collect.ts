// Migrations 30 and 31 of the study database. 30 (issue 36): what a run may spend on each post's comments. A target
// may cap the pages of comments and replies read per post (the comments of a hashtag's or a place's
// posts can cost far more than the posts); thread_pages counts those pages per target and post.
// Numbered apart from other work (db.ts applies every migration a file has not recorded, in version
// order, whatever the gaps). docs/study-database.md documents every table for researchers.

const V30 = `
ALTER TABLE targets ADD COLUMN comment_pages_per_post INTEGER;

CREATE TABLE thread_pages (
  target_id INTEGER NOT NULL REFERENCES targets (id),
  post_id TEXT NOT NULL,
  pages INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (target_id, post_id)
) WITHOUT ROWID;
`;

// Migration 31 (issue 37): the holder lease, one row: which process runs the study (holder.ts).
const V31 = `
CREATE TABLE holder (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  token TEXT NOT NULL,
  program TEXT NOT NULL,
  host TEXT NOT NULL,
  pid INTEGER NOT NULL,
  since INTEGER NOT NULL,
  heartbeat INTEGER NOT NULL
);
`;

export const COLLECT_MIGRATIONS = [
  { version: 30, name: 'a cap of comment and reply pages per post, and the pages read per post', sql: V30 },
  { version: 31, name: 'the holder lease: which process runs the study', sql: V31 },
] as const;
