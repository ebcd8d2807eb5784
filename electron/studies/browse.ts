// The data browser's queries, run in SQLite in main: the filters of a BrowseQuery as one WHERE clause
// over `records r` (full-text search through records_fts and the text read in pictures, hashtags and mentions through record_terms,
// accounts by user id and every username they had), a count, and one page of rows in the chosen order.
// The renderer only ever gets the page it shows. Selections ("these rows", "every row that matches")
// become the same WHERE, for coding, exports and re-checks.
import type { BrowsePage, BrowseQuery, BrowseRow, RecordStatus, Rows, SortColumn } from '../../shared/ipc/study-data';
import { ftsQuery } from '../../shared/fts-text';
import { accountNamesOf, currentNameSql } from './account-names';
import type { Db } from './db';

export { ftsQuery };

export interface Where {
  sql: string;
  args: (string | number)[];
}

/** The user ids an account filter names: a user id, or a username the account has or had. */
const ACCOUNT_IDS = `(SELECT ? UNION SELECT user_id FROM snapshots WHERE username = ? COLLATE NOCASE
  UNION SELECT id FROM records WHERE kind = 'user' AND username = ? COLLATE NOCASE)`;

/** The kinds the data browser shows, and the study's record count counts (highlights, places, hashtags, tracks are inside them). */
export const BROWSED_KINDS_SQL = "r.kind IN ('post', 'comment', 'story', 'user')";

const KIND_SQL: Record<BrowseQuery['kinds'][number], string> = {
  post: "(r.kind = 'post' AND r.product_type IS NOT 'clips')",
  reel: "(r.kind = 'post' AND r.product_type = 'clips')",
  comment: "r.kind = 'comment'",
  story: "r.kind = 'story'",
  user: "r.kind = 'user'",
};

/** The rows whose pictures hold the text a full-text query matches (media_text_fts, schema-media.ts). */
const OCR_MATCHES = `SELECT coalesce(p.rowid, i.rowid) FROM media_text_fts t JOIN records i ON i.rowid = t.rowid
  LEFT JOIN records p ON i.kind = 'carousel_item' AND p.kind = 'post' AND p.id = i.parent_id WHERE media_text_fts MATCH ?`;

const clean = (s: string, sigil: string): string => s.trim().replace(new RegExp(`^\\${sigil}+`), '').trim().toLowerCase();

export function browseWhere(q: BrowseQuery): Where {
  const sql: string[] = [];
  const args: (string | number)[] = [];
  const add = (clause: string, ...values: (string | number)[]) => {
    sql.push(clause);
    args.push(...values);
  };
  add(q.kinds.length === 0 ? BROWSED_KINDS_SQL : `(${[...new Set(q.kinds)].map((k) => KIND_SQL[k]).join(' OR ')})`);
  const match = ftsQuery(q.text);
  // Captions, comments, names, and the text media analysis read in pictures (a carousel item's: its post's row).
  if (match) add(`r.rowid IN (SELECT rowid FROM records_fts WHERE records_fts MATCH ? UNION ${OCR_MATCHES})`, match, match);
  const account = q.account.trim().replace(/^@+/, '');
  if (account) {
    // A union of two index searches (an OR of both would scan every record).
    add(
      `r.rowid IN (SELECT rowid FROM records WHERE owner_id IN ${ACCOUNT_IDS} UNION ALL SELECT rowid FROM records WHERE kind = 'user' AND id IN ${ACCOUNT_IDS})`,
      account, account, account, account, account, account,
    );
  }
  if (q.targetId !== null) add('r.rowid IN (SELECT record_id FROM list_items WHERE target_id = ?)', q.targetId);
  if (q.from !== null) add('r.taken_at >= ?', q.from);
  if (q.to !== null) add('r.taken_at <= ?', q.to);
  if (q.mediaTypes.length > 0) add(`r.media_type IN (${q.mediaTypes.map(() => '?').join(', ')})`, ...q.mediaTypes);
  const hashtag = clean(q.hashtag, '#');
  if (hashtag) add("r.rowid IN (SELECT record_id FROM record_terms WHERE kind = 'hashtag' AND term = ?)", hashtag);
  const mention = clean(q.mention, '@');
  if (mention) add("r.rowid IN (SELECT record_id FROM record_terms WHERE kind = 'mention' AND term = ?)", mention);
  if (q.statuses.length > 0) {
    const known = q.statuses.filter((s) => s !== 'unchecked');
    // Unchecked is most records: not through the status index (a lookup per record), "+" keeps it off.
    const parts = [...(known.length > 0 ? [`r.status IN (${known.map(() => '?').join(', ')})`] : []), ...(q.statuses.includes('unchecked') ? ['+r.status IS NULL'] : [])];
    add(`(${parts.join(' OR ')})`, ...known);
  }
  // An account's row keeps its post count in comment_count (extract.ts): it has no replies or comments.
  if (q.hasReplies) add("r.comment_count > 0 AND r.kind <> 'user'");
  if (q.codeIds.length > 0) add(`r.rowid IN (SELECT record_id FROM record_codes WHERE code_id IN (${q.codeIds.map(() => '?').join(', ')}))`, ...q.codeIds);
  if (q.hasNote) add('r.rowid IN (SELECT record_id FROM notes)');
  if (q.inReuse) add('r.rowid IN (SELECT post_rowid FROM media_reuse)');
  return { sql: sql.join(' AND '), args };
}

/** Rows of a selection: their numbers (kinds the browser shows only), or every row a query matches. */
export function rowsWhere(rows: Rows): Where {
  if ('query' in rows) return browseWhere(rows.query);
  return { sql: `r.rowid IN (SELECT value FROM json_each(?)) AND r.kind IN ('post', 'comment', 'story', 'user')`, args: [JSON.stringify(rows.rowids)] };
}

const ORDER: Record<SortColumn, string> = {
  taken_at: 'r.taken_at',
  account: 'r.username COLLATE NOCASE',
  likes: 'r.like_count',
  comments: "CASE WHEN r.kind = 'user' THEN NULL ELSE r.comment_count END", // an account's holds its post count
  plays: 'r.play_count',
  checked_at: 'r.checked_at',
  first_seen: 'r.first_seen',
  last_seen: 'r.last_seen',
  kind: 'r.kind',
};

interface RowData {
  rowid: number;
  kind: BrowseRow['kind'];
  id: string;
  code: string | null;
  product_type: string | null;
  media_type: string | null;
  username: string | null;
  owner_id: string | null;
  taken_at: number | null;
  text: string | null;
  like_count: number | null;
  comment_count: number | null;
  play_count: number | null;
  status: RecordStatus | null;
  checked_at: number | null;
  first_seen: number;
  last_seen: number;
  note: string | null;
  codes: string | null;
}

export function toBrowseRow(r: RowData, formerUsernames: string[]): BrowseRow {
  return {
    rowid: r.rowid,
    kind: r.kind,
    id: r.id,
    code: r.code,
    productType: r.product_type,
    mediaType: r.media_type,
    username: r.username,
    formerUsernames,
    ownerId: r.owner_id,
    takenAt: r.taken_at,
    text: r.text,
    likes: r.like_count,
    comments: r.kind === 'user' ? null : r.comment_count,
    plays: r.play_count,
    status: r.status,
    checkedAt: r.checked_at,
    firstSeen: r.first_seen,
    lastSeen: r.last_seen,
    codes: r.codes ? r.codes.split(',').map(Number) : [],
    note: r.note,
  };
}

// An account's current name, whatever name the record was stored under (a renamed account shows as one).
export const ROW_COLUMNS = `r.rowid, r.kind, r.id, CASE WHEN r.kind = 'post' THEN json_extract(r.record, '$.code') END AS code, r.product_type, r.media_type,
  coalesce(${currentNameSql("(CASE WHEN r.kind = 'user' THEN r.id ELSE r.owner_id END)")}, r.username) AS username, r.owner_id, r.taken_at, substr(r.text, 1, 300) AS text, r.like_count, r.comment_count, r.play_count, r.status, r.checked_at,
  r.first_seen, r.last_seen, substr(n.text, 1, 500) AS note, (SELECT group_concat(code_id) FROM record_codes WHERE record_id = r.rowid) AS codes`;

/** One page of rows a query matches, in its order, with how many match in all. */
export function browse(db: Db, q: BrowseQuery, offset: number, limit: number, now: () => number = () => performance.now()): BrowsePage {
  const started = now();
  const where = browseWhere(q);
  const total = (db.prepare(`SELECT count(*) AS n FROM records r WHERE ${where.sql}`).get(...where.args) as { n: number }).n;
  const dir = q.desc ? 'DESC' : 'ASC';
  // The page's row numbers first, then their columns: SQLite would otherwise compute every column (the
  // note, the codes, the shortcode) of every matching row before sorting them.
  const ids = (
    db.prepare(`SELECT r.rowid FROM records r WHERE ${where.sql} ORDER BY ${ORDER[q.sort]} ${dir} NULLS LAST, r.rowid ${dir} LIMIT ? OFFSET ?`).all(...where.args, limit, offset) as { rowid: number }[]
  ).map((r) => r.rowid);
  const byId = new Map(
    (db.prepare(`SELECT ${ROW_COLUMNS} FROM records r LEFT JOIN notes n ON n.record_id = r.rowid WHERE r.rowid IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as unknown as RowData[]).map(
      (r) => [r.rowid, r],
    ),
  );
  const rows = ids.map((id) => byId.get(id)!);
  const names = accountNamesOf(db);
  const former = (r: RowData) => names(r.kind === 'user' ? r.id : (r.owner_id ?? ''))?.former ?? [];
  return { total, offset, rows: rows.map((r) => toBrowseRow(r, former(r))), ms: Math.round((now() - started) * 10) / 10 };
}

/** How many records a study holds, as its tab says and as the data browser counts them unfiltered. */
export function studyItemCount(db: Db): number {
  return (db.prepare(`SELECT count(*) AS n FROM records r WHERE ${BROWSED_KINDS_SQL}`).get() as { n: number }).n;
}

/** The record numbers a selection names (kinds the browser shows only), in their order of storage. */
export function selectedRowids(db: Db, rows: Rows): number[] {
  const where = rowsWhere(rows);
  return (db.prepare(`SELECT r.rowid FROM records r WHERE ${where.sql} ORDER BY r.rowid`).all(...where.args) as { rowid: number }[]).map((r) => r.rowid);
}
