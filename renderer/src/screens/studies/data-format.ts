// Words and values of a study's data at hand (change timeline, data browser, coding): pure, tested in
// Node (test/unit/renderer/study-data-format.test.ts). Main answers the data; these only present it.
import type { BrowseColumn, BrowseQuery, BrowseRow, FieldChange, RecordStatus, Sighting, SortColumn } from '../../../../shared/ipc/study-data';

export const FIELD_WORDS: Readonly<Record<string, string>> = {
  username: 'Username',
  full_name: 'Name',
  biography: 'Biography',
  external_url: 'Link',
  category: 'Category',
  is_private: 'Private',
  is_verified: 'Verified',
  profile_pic_hash: 'Profile picture',
  follower_count: 'Followers',
  following_count: 'Following',
  media_count: 'Posts',
};

export const STATUS_WORDS: Readonly<Record<RecordStatus | 'unchecked', string>> = {
  online: 'Online',
  gone: 'Gone',
  private: 'Private',
  unknown: 'Unknown',
  unchecked: 'Not checked',
};

export const COLUMN_WORDS: Readonly<Record<BrowseColumn, string>> = {
  kind: 'Kind',
  account: 'Account',
  taken_at: 'Date',
  text: 'Text',
  likes: 'Likes',
  comments: 'Comments',
  plays: 'Plays',
  media_type: 'Media',
  status: 'Status',
  checked_at: 'Checked',
  codes: 'Codes',
  note: 'Note',
  first_seen: 'First seen',
  last_seen: 'Last seen',
  id: 'Id',
};

/** The order a column header sorts by, when it sorts. */
export const COLUMN_SORT: Readonly<Partial<Record<BrowseColumn, SortColumn>>> = {
  kind: 'kind',
  account: 'account',
  taken_at: 'taken_at',
  likes: 'likes',
  comments: 'comments',
  plays: 'plays',
  checked_at: 'checked_at',
  first_seen: 'first_seen',
  last_seen: 'last_seen',
};

/** Column widths in pixels (the text column takes what is left). */
export const COLUMN_WIDTHS: Readonly<Record<BrowseColumn, number>> = {
  kind: 60, account: 130, taken_at: 146, text: 0, likes: 60, comments: 80, plays: 70, media_type: 70, status: 80, checked_at: 146, codes: 120, note: 120,
  first_seen: 146, last_seen: 146, id: 180,
};

/** Whether a column holds numbers (right-aligned). */
export const NUMERIC_COLUMNS: ReadonlySet<BrowseColumn> = new Set(['likes', 'comments', 'plays']);

export function rowKindWord(row: Pick<BrowseRow, 'kind' | 'productType'>): string {
  if (row.kind === 'post') return row.productType === 'clips' ? 'Reel' : 'Post';
  return { comment: 'Comment', story: 'Story', user: 'Account' }[row.kind];
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** "2026-11-20 14:05:09" in local time, from epoch ms: exact to the second, as researchers cite it. */
export function localTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** "2026-11-20T13:05:09Z": the exact time in UTC, ISO 8601, from epoch ms (for a title on hover). */
export function utcTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** A biography's change word by word: what stayed, what went, what came. */
export interface DiffPart {
  op: 'same' | 'del' | 'add';
  text: string;
}

/** Splits into words with the spaces that follow them kept, so joining the parts gives the text back. */
const tokens = (s: string): string[] => s.match(/\s+|[^\s]+/g) ?? [];

/** A word diff (longest common subsequence); texts over 2,000 words are compared as a whole. */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  if (a.length * b.length > 4_000_000) return [...(before ? [{ op: 'del' as const, text: before }] : []), ...(after ? [{ op: 'add' as const, text: after }] : [])];
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: DiffPart[] = [];
  const push = (op: DiffPart['op'], text: string) => {
    const last = out.at(-1);
    if (last && last.op === op) last.text += text;
    else out.push({ op, text });
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      push('same', a[i]!);
      i++;
      j++;
    } else if (j < b.length && (i >= a.length || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) push('add', b[j++]!);
    else push('del', a[i++]!);
  }
  return out;
}

/**
 * The two sides of a word diff, each whole: the text before with what went marked, the text after with
 * what came marked. Shown one above the other, a removed word never runs into an added one.
 */
export function diffSides(parts: readonly DiffPart[]): { before: DiffPart[]; after: DiffPart[] } {
  return { before: parts.filter((p) => p.op !== 'add'), after: parts.filter((p) => p.op !== 'del') };
}

/** A changed field's value in words. */
export function fieldValue(field: string, value: FieldChange['before']): string {
  if (value === null || value === '') return '—';
  if (field === 'is_private' || field === 'is_verified') return value ? 'yes' : 'no';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  return value;
}

/** "+12" / "−3" for counts. */
export function countDelta(before: FieldChange['before'], after: FieldChange['after']): string | null {
  if (typeof before !== 'number' || typeof after !== 'number') return null;
  const d = after - before;
  return d === 0 ? null : d > 0 ? `+${d.toLocaleString('en-US')}` : `−${(-d).toLocaleString('en-US')}`;
}

/** The fields a change shows first: what the account says about itself, then its counts. */
export const isCountField = (field: string): boolean => field.endsWith('_count');

/** How many filters a query sets (kinds, text, sort apart), for the filter button's badge. */
export function activeFilters(q: BrowseQuery): number {
  return (
    (q.account ? 1 : 0) + (q.from !== null || q.to !== null ? 1 : 0) + (q.mediaTypes.length > 0 ? 1 : 0) + (q.hashtag ? 1 : 0) + (q.mention ? 1 : 0) +
    (q.statuses.length > 0 ? 1 : 0) + (q.hasReplies ? 1 : 0) + (q.codeIds.length > 0 ? 1 : 0) + (q.hasNote ? 1 : 0) + (q.inReuse ? 1 : 0) + (q.targetId !== null ? 1 : 0)
  );
}

/** A post's counts over its sightings: the first, the last and the change, for "likes 120 → 180 (+60)". */
export function sightingTrend(sightings: readonly Sighting[], key: 'likes' | 'comments' | 'plays'): { first: number; last: number; delta: number } | null {
  const known = sightings.filter((s) => s[key] !== null);
  if (known.length < 2 || known.every((s) => s[key] === 0)) return null;
  const first = known[0]![key]!;
  const last = known.at(-1)![key]!;
  return { first, last, delta: last - first };
}

/** Caption edits along the sightings: each sighting whose caption differs from the one before. */
export function captionEdits(sightings: readonly Sighting[]): { at: number; before: string; after: string }[] {
  const out: { at: number; before: string; after: string }[] = [];
  let prev: string | null = null;
  for (const s of sightings) {
    if (s.caption === null) continue;
    if (prev !== null && s.caption !== prev) out.push({ at: s.seenAt, before: prev, after: s.caption });
    prev = s.caption;
  }
  return out;
}

/** The key (1-9) of a keyboard event that toggles a code, when no field has the focus and no modifier is held. */
export function codeKey(e: { key: string; altKey: boolean; ctrlKey: boolean; metaKey: boolean; target: unknown }, isField: (t: unknown) => boolean): string | null {
  if (e.altKey || e.ctrlKey || e.metaKey || isField(e.target)) return null;
  return /^[1-9]$/.test(e.key) ? e.key : null;
}
