// Entries a researcher pastes or imports to add targets to a study: one per line, or the cells of a CSV
// file (a column named username, handle, url, link, id, user_id, pk, hashtag, place, target or entry;
// else the first cell of each row). Each entry is anything the omnibox understands (links, @handle,
// #tag, digits, media ids), a bare username, or a prefixed id: user:123, place:123, music:123, post:CODE.
import { parseTarget, shortcodeToPk } from './links';
import type { TargetKind } from './ipc/studies';

export type ParsedEntry =
  | { ok: true; kind: 'account'; username: string | null; userId: string | null }
  | { ok: true; kind: Exclude<TargetKind, 'account'>; key: string; label: string }
  | { ok: false; reason: string };

export interface RawEntry {
  /** 1-based row of the text. */
  line: number;
  input: string;
}

const USERNAME = /^[A-Za-z0-9._]{1,30}$/;
const DIGITS = /^\d{1,25}$/;
const HEADERS = ['username', 'handle', 'user', 'account', 'url', 'link', 'id', 'user_id', 'pk', 'hashtag', 'tag', 'place', 'location', 'target', 'entry'];
const MAX_ENTRIES = 20_000;

/** One CSV/TSV row split into cells (quotes honoured; a quote inside a quoted cell is doubled). */
function cells(row: string, delimiter: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < row.length; i++) {
    const c = row[i];
    if (quoted) {
      if (c === '"' && row[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === delimiter) {
      out.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  out.push(cell.trim());
  return out;
}

/** The delimiter of a CSV-like text (tab, ';' or ','), or null for one entry per line. */
function delimiterOf(rows: string[]): string | null {
  const sample = rows.slice(0, 20);
  for (const d of ['\t', ';', ',']) {
    // Links may carry commas in their query: a delimiter must split most rows, not just one.
    const split = sample.filter((r) => cells(r, d).length > 1).length;
    if (split > 0 && split >= Math.ceil(sample.length / 2)) return d;
  }
  return null;
}

/** The entries of pasted or imported text, in order (blank rows skipped, a header row recognised). */
export function splitEntries(text: string): RawEntry[] {
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const filled = rows.map((r, i) => ({ row: r, line: i + 1 })).filter((r) => r.row.trim() !== '');
  const delimiter = delimiterOf(filled.map((r) => r.row));
  if (delimiter === null) {
    // A one-column file may start with its column's name.
    const body = filled[0] && HEADERS.includes(filled[0].row.trim().toLowerCase()) ? filled.slice(1) : filled;
    return body.slice(0, MAX_ENTRIES).map((r) => ({ line: r.line, input: r.row.trim() }));
  }
  const first = filled[0] ? cells(filled[0].row, delimiter).map((c) => c.toLowerCase()) : [];
  const column = first.findIndex((c) => HEADERS.includes(c));
  const body = column >= 0 ? filled.slice(1) : filled;
  const out: RawEntry[] = [];
  for (const r of body.slice(0, MAX_ENTRIES)) {
    const row = cells(r.row, delimiter);
    const value = column >= 0 ? (row[column] ?? '') : (row.find((c) => c !== '') ?? '');
    if (value !== '') out.push({ line: r.line, input: value });
  }
  return out;
}

const PREFIXED = /^(user|id|account|place|location|music|audio|sound|post|media|hashtag|tag):\s*(.+)$/i;

/** `place:123 Café Lumière`: a prefixed id may be followed by a name for the target. */
function named(entry: ParsedEntry, name: string): ParsedEntry {
  return entry.ok && entry.kind !== 'account' && name !== '' ? { ...entry, label: name.slice(0, 120) } : entry;
}

function prefixed(prefix: string, value: string): ParsedEntry {
  const [head = '', ...rest] = value.trim().split(/\s+/);
  const name = rest.join(' ').trim();
  const kind = prefix.toLowerCase();
  if (kind === 'place' || kind === 'location' || kind === 'music' || kind === 'audio' || kind === 'sound') return named(prefixedId(kind, head), name);
  return prefixedId(kind, kind === 'hashtag' || kind === 'tag' ? head : value.trim());
}

function prefixedId(prefix: string, value: string): ParsedEntry {
  const v = value.trim();
  switch (prefix) {
    case 'user':
    case 'id':
    case 'account':
      if (DIGITS.test(v)) return { ok: true, kind: 'account', username: null, userId: v };
      return USERNAME.test(v.replace(/^@/, '')) ? { ok: true, kind: 'account', username: v.replace(/^@/, '').toLowerCase(), userId: null } : { ok: false, reason: 'Not a user id or username.' };
    case 'place':
    case 'location':
      return DIGITS.test(v) ? { ok: true, kind: 'place', key: v, label: `place ${v}` } : { ok: false, reason: 'A place is given by its numeric id.' };
    case 'music':
    case 'audio':
    case 'sound':
      return DIGITS.test(v) ? { ok: true, kind: 'music', key: v, label: `sound ${v}` } : { ok: false, reason: 'A sound is given by its numeric audio id.' };
    case 'post':
    case 'media':
      return parseEntry(/^\d+(_\d+)?$/.test(v) ? v : `https://www.instagram.com/p/${v}/`);
    default:
      return parseEntry(`#${v.replace(/^#/, '')}`);
  }
}

/** What one entry is, or why it cannot be a target. */
export function parseEntry(input: string): ParsedEntry {
  const text = input.trim();
  const p = PREFIXED.exec(text);
  if (p?.[1] && p[2] && !/^https?:/i.test(text)) return prefixed(p[1], p[2]);
  const target = parseTarget(text);
  switch (target.kind) {
    case 'profile':
      return { ok: true, kind: 'account', username: target.username, userId: null };
    case 'story':
      return { ok: true, kind: 'account', username: target.username, userId: null };
    case 'numeric':
      return target.digits.length <= 25 ? { ok: true, kind: 'account', username: null, userId: target.digits } : { ok: false, reason: 'Too many digits for a user id.' };
    case 'hashtag':
      return { ok: true, kind: 'hashtag', key: target.name.toLowerCase(), label: `#${target.name}` };
    case 'location':
      return { ok: true, kind: 'place', key: target.pk, label: `place ${target.pk}` };
    case 'audio':
      return { ok: true, kind: 'music', key: target.id, label: `sound ${target.id}` };
    case 'post': {
      let pk = target.pk;
      try {
        pk ??= shortcodeToPk(target.code);
      } catch {
        return { ok: false, reason: 'That post code cannot be read.' };
      }
      return { ok: true, kind: 'post', key: pk, label: `post ${target.code}` };
    }
    case 'highlight':
      return { ok: false, reason: 'Highlights are collected through their account: add the account.' };
    case 'share':
    case 'shared':
      return { ok: false, reason: 'Share links must be opened once to know what they point to: open it in Feedlens, then add it from there.' };
    case 'search':
      // A file of bare usernames: one word that fits the username rule is an account.
      return USERNAME.test(target.query) ? { ok: true, kind: 'account', username: target.query.toLowerCase(), userId: null } : { ok: false, reason: 'Not a username, link, #hashtag or id.' };
    case 'invalid':
      return { ok: false, reason: target.reason };
  }
}

/** The key two entries of the same target share ("account:@name", "account:123", "hashtag:tag"...). */
export function entryKeys(e: Extract<ParsedEntry, { ok: true }>): string[] {
  if (e.kind === 'account') return [...(e.username ? [`account:@${e.username}`] : []), ...(e.userId ? [`account:${e.userId}`] : [])];
  return [`${e.kind}:${e.key}`];
}
