// A study's collected data at hand (issue 13): what changed on its accounts (profile snapshots and their
// timeline), the history of its posts (sightings), "Still there?" re-checks, the data browser (queries run
// in SQLite in main, a page of rows at a time), qualitative coding (codes and notes) and saved views.
// What crosses IPC: argument schemas (added to OPS in shared/ipc/index.ts) and the values main answers with.
import { z } from 'zod';
import { studyId, type Provenance } from './common';
import type { AppRecord } from '../records';
import { BROWSE_COLUMNS, BROWSE_KINDS, RECORD_STATUSES, SORT_COLUMNS, type BrowseColumn, type BrowseKind, type RecordStatus, type SortColumn } from '../study-values';

export { BROWSE_COLUMNS, BROWSE_KINDS, emptyBrowseQuery, DEFAULT_COLUMNS, RECORD_STATUSES, SORT_COLUMNS } from '../study-values';
export type { BrowseColumn, BrowseKind, RecordStatus, SortColumn };

/** What a re-check found: online, gone (not found or unavailable), private, or unknown (the check failed). */

const epochSeconds = z.number().int().min(0).max(4_102_444_800).nullable().default(null);
/** A filter's text has no NUL: SQLite would take it for the end of the text ("unterminated string"). */
const filterText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !s.includes('\u0000'), 'the text holds a NUL character (\\0): remove it, then search again')
    .default('');
const shortText = filterText(200);

/** The data browser's filters and order. Empty filters do not filter. */
export const browseQuerySchema = z.strictObject({
  kinds: z.array(z.enum(BROWSE_KINDS)).max(BROWSE_KINDS.length).default([]),
  /** Full-text search over captions, comments, biographies and names (the records_fts index). */
  text: filterText(500),
  /** An account: @username (former usernames too) or user id; its posts, comments and stories, or itself. */
  account: shortText,
  targetId: z.number().int().min(1).nullable().default(null),
  /** taken_at (posted, commented, taken) within [from, to], epoch seconds. */
  from: epochSeconds,
  to: epochSeconds,
  mediaTypes: z.array(z.enum(['image', 'video', 'carousel'])).max(3).default([]),
  hashtag: shortText,
  mention: shortText,
  statuses: z.array(z.enum([...RECORD_STATUSES, 'unchecked'])).max(5).default([]),
  /** Comments with replies, posts with comments. */
  hasReplies: z.boolean().default(false),
  /** Records coded with any of these codes. */
  codeIds: z.array(z.number().int().min(1)).max(200).default([]),
  hasNote: z.boolean().default(false),
  /** Posts and stories whose picture is in a reuse group at the study's k (media analysis). */
  inReuse: z.boolean().default(false),
  sort: z.enum(SORT_COLUMNS).default('taken_at'),
  desc: z.boolean().default(true),
});
export type BrowseQuery = z.output<typeof browseQuerySchema>;
export type BrowseQueryInput = z.input<typeof browseQuerySchema>;

/** Rows picked in the data browser: by number, or every row a query matches ("select all"). */
export const rowsSchema = z.union([
  z.strictObject({ rowids: z.array(z.number().int().min(1)).min(1).max(200_000) }),
  z.strictObject({ query: browseQuerySchema }),
]);
export type RowsInput = z.input<typeof rowsSchema>;
export type Rows = z.output<typeof rowsSchema>;

/** What "Still there?" re-checks: the whole study, one target's items, or rows of the browser. */
export const checkScopeSchema = z.union([
  z.strictObject({ all: z.literal(true) }),
  z.strictObject({ targetId: z.number().int().min(1) }),
  z.strictObject({ rows: rowsSchema }),
]);
export type CheckScopeInput = z.input<typeof checkScopeSchema>;
export type CheckScope = z.output<typeof checkScopeSchema>;

export const viewSpecSchema = z.strictObject({
  query: browseQuerySchema,
  columns: z.array(z.enum(BROWSE_COLUMNS)).min(1).max(BROWSE_COLUMNS.length),
});
export type ViewSpec = z.output<typeof viewSpecSchema>;

/** A code's name: no commas (exports join codes with them) and no control characters. */
const codeName = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[^,\p{Cc}]+$/u, 'a code name has no commas');

const rowid = z.number().int().min(1);

export const STUDY_DATA_OPS = {
  /** The accounts of a study with how many snapshots and changes each has. */
  studyAccounts: z.strictObject({ id: studyId }),
  /** An account's snapshots and what changed between them. */
  studyTimeline: z.strictObject({ id: studyId, targetId: z.number().int().min(1) }),
  /** A page of the data browser: the rows a query matches, in its order, and how many there are. */
  studyBrowse: z.strictObject({ id: studyId, query: browseQuerySchema, offset: z.number().int().min(0).max(10_000_000), limit: z.number().int().min(1).max(500) }),
  /** One stored record, whole (to open it in a viewer), with its coding, checks and sightings. */
  studyRecord: z.strictObject({ id: studyId, rowid }),
  /** The studies holding a record (for the viewers: its history and coding there). */
  studyRecordFind: z.strictObject({ kind: z.enum(['post', 'story', 'user', 'comment']), recordId: z.string().min(1).max(100) }),
  /** What re-checking would take (items, units); sends nothing. */
  studyCheckQuote: z.strictObject({ id: studyId, scope: checkScopeSchema }),
  /** Re-checks saved items by id once the user confirmed the cost in main's own question. */
  studyCheckStart: z.strictObject({ id: studyId, scope: checkScopeSchema }),
  studyCheckControl: z.strictObject({ id: studyId, checkId: z.number().int().min(1), action: z.enum(['pause', 'resume', 'cancel']) }),
  studyChecks: z.strictObject({ id: studyId }),
  studyCodes: z.strictObject({ id: studyId }),
  /** Adds a code to the codebook, or changes one (with its id). */
  studyCodeSave: z.strictObject({
    id: studyId,
    codeId: z.number().int().min(1).optional(),
    name: codeName,
    description: z.string().max(2000).default(''),
    color: z.string().regex(/^(#[0-9a-f]{6})?$/i).default(''),
    /** A key (1-9) that toggles the code on the focused record; null for none. */
    shortcut: z.string().regex(/^[1-9]$/).nullable().default(null),
  }),
  /** Removes a code from the codebook and from every record. */
  studyCodeDelete: z.strictObject({ id: studyId, codeId: z.number().int().min(1) }),
  /** Puts a code on records, or takes it off. */
  studyCodeApply: z.strictObject({ id: studyId, rows: rowsSchema, codeId: z.number().int().min(1), on: z.boolean() }),
  /** A record's free-text note (empty removes it). */
  studyNoteSet: z.strictObject({ id: studyId, rowid, text: z.string().max(20_000) }),
  studyViews: z.strictObject({ id: studyId }),
  studyViewSave: z.strictObject({ id: studyId, name: z.string().trim().min(1).max(80), spec: viewSpecSchema }),
  studyViewDelete: z.strictObject({ id: studyId, viewId: z.number().int().min(1) }),
  /** Exports rows of the browser (with status, checked_at, codes and notes) to the study's exports folder. */
  studyRowsExport: z.strictObject({ id: studyId, rows: rowsSchema, format: z.enum(['csv', 'zip', 'ndjson', 'json']) }),
  /** Saves the media of rows of the browser into the study's media folder. */
  studyRowsMedia: z.strictObject({ id: studyId, rows: rowsSchema }),
} as const;

export interface ProfileSnapshot {
  id: number;
  runId: number | null;
  checkId: number | null;
  /** When Feedlens read it, epoch ms. */
  seenAt: number;
  values: Record<string, string | number | null>;
}

export interface FieldChange {
  field: string;
  before: string | number | null;
  after: string | number | null;
}

/** What changed between two snapshots that follow each other. */
export interface ProfileChange {
  snapshotId: number;
  previousId: number;
  runId: number | null;
  /** When the earlier snapshot was read, epoch ms. */
  since: number;
  /** When the later one was read, epoch ms. */
  at: number;
  fields: FieldChange[];
}

export interface AccountTimeline {
  userId: string;
  snapshots: ProfileSnapshot[];
  /** Newest first. */
  changes: ProfileChange[];
}

export interface StudyAccount {
  targetId: number;
  userId: string;
  label: string;
  username: string | null;
  snapshots: number;
  /** Changes other than counts (username, biography, link...). */
  changes: number;
  lastChangeAt: number | null;
  /** Usernames it had before, oldest first. */
  formerUsernames: string[];
}

export interface Sighting {
  runId: number | null;
  checkId: number | null;
  seenAt: number;
  likes: number | null;
  comments: number | null;
  plays: number | null;
  caption: string | null;
}

export interface BrowseRow {
  rowid: number;
  kind: 'post' | 'comment' | 'story' | 'user';
  id: string;
  /** A post's shortcode. */
  code: string | null;
  productType: string | null;
  mediaType: string | null;
  /** The account's current username (the one last seen), whatever name the record was stored under. */
  username: string | null;
  /** Other usernames the account had, most recent first. */
  formerUsernames: string[];
  ownerId: string | null;
  /** Epoch seconds. */
  takenAt: number | null;
  /** The first 300 characters of the caption, comment, biography. */
  text: string | null;
  likes: number | null;
  comments: number | null;
  plays: number | null;
  status: RecordStatus | null;
  /** Epoch ms. */
  checkedAt: number | null;
  firstSeen: number;
  lastSeen: number;
  codes: number[];
  note: string | null;
}

export interface BrowsePage {
  total: number;
  offset: number;
  rows: BrowseRow[];
  /** Time main spent on the query, ms. */
  ms: number;
}

export interface CheckItemInfo {
  checkId: number;
  status: RecordStatus | null;
  checkedAt: number | null;
  detail: string | null;
}

/** One record as stored: whole, with what the study knows about it. */
export interface StoredRecord {
  studyId: string;
  rowid: number;
  record: AppRecord;
  provenance: Provenance;
  status: RecordStatus | null;
  checkedAt: number | null;
  codes: number[];
  note: string | null;
  sightings: Sighting[];
  checks: CheckItemInfo[];
}

/** Where a record is in a study (for the viewers). */
export interface StudyRecordRef {
  studyId: string;
  studyName: string;
  rowid: number;
  status: RecordStatus | null;
  checkedAt: number | null;
  codes: number[];
  note: string | null;
  sightings: Sighting[];
  /** The study's media analysis found something of it (its picture, keyframes, text). */
  analysed: boolean;
}

export interface CheckQuote {
  items: number;
  byKind: Record<string, number>;
  units: number;
  /** Records that cannot be re-checked by id (comments, highlights...): left out. */
  skipped: number;
  money: number | null;
  currency: string | null;
}

export type CheckState = 'running' | 'paused' | 'done' | 'stopped' | 'failed' | 'cancelled';

export interface CheckInfo {
  id: number;
  studyId: string;
  label: string;
  state: CheckState;
  budget: number;
  unitsSpent: number;
  items: number;
  checked: number;
  online: number;
  gone: number;
  private: number;
  unknown: number;
  message: string | null;
  mode: 'demo' | 'live';
  origin: string;
  startedAt: number;
  updatedAt: number;
  finishedAt: number | null;
}

export interface CodeInfo {
  id: number;
  name: string;
  description: string;
  color: string;
  shortcut: string | null;
  /** Records coded with it. */
  count: number;
}

export interface SavedView {
  id: number;
  name: string;
  spec: ViewSpec;
  updatedAt: number;
}

/** Progress of a re-check. */
export interface StudyCheckEvent {
  studyId: string;
  check: CheckInfo;
}

export interface StudyDataOpResults {
  studyAccounts: StudyAccount[];
  studyTimeline: AccountTimeline & { label: string };
  studyBrowse: BrowsePage;
  studyRecord: StoredRecord;
  studyRecordFind: StudyRecordRef[];
  studyCheckQuote: CheckQuote;
  studyCheckStart: CheckInfo;
  studyCheckControl: CheckInfo;
  studyChecks: CheckInfo[];
  studyCodes: CodeInfo[];
  studyCodeSave: CodeInfo[];
  studyCodeDelete: CodeInfo[];
  studyCodeApply: { changed: number };
  studyNoteSet: { note: string | null };
  studyViews: SavedView[];
  studyViewSave: SavedView[];
  studyViewDelete: SavedView[];
  studyRowsExport: { path: string; rows: number; files: number; manifestPath: string | null };
  studyRowsMedia: { queued: number; skipped: number; folder: string };
}
