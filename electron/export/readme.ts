// The README.txt of every ZIP bundle and export folder: what each file holds and its columns (the lists
// the writers use, passed in, so the text cannot drift from the files), how to read ids as text, where the
// records came from, and the pseudonymisation and minimisation chosen. docs/exports.md says the same.
import { FOLLOWER_CAP } from '../../shared/follower-cap';
import type { Minimisation } from '../../shared/ipc/analysis';
import type { TableName } from './columns';
import type { PseudonymisationInfo, SourceSummary } from './manifest';

export interface ReadmeFile {
  path: string;
  /** One or two sentences: what a row (or the file) is. */
  holds: string;
  columns?: readonly string[];
}

export interface ReadmeFacts {
  title: string;
  createdAt: string;
  appVersion: string;
  files: readonly ReadmeFile[];
  /** How the files refer to each other, one line each ("comments.post_id = posts.post_id"). */
  joins?: readonly string[];
  source: SourceSummary;
  pseudonymisation: PseudonymisationInfo | Record<string, unknown> | null;
  minimisation?: Minimisation | null;
  /** Lines of this export's own (a network's edges, a run's scope). */
  notes?: readonly string[];
}

/** What a row of each table of a ZIP is. */
export const TABLE_HOLDS: Readonly<Record<TableName, string>> = {
  posts: "One row per post (a carousel is one row), in 4CAT's Instagram columns, then post_id (the media pk) and media_id (<pk>_<owner id>).",
  users: 'One row per account: the accounts exported, and every account another file names by id (post owners, coauthors, tagged accounts, commenters, story owners).',
  stories: 'One row per story; highlight_id and highlight_title name the highlight it belongs to (empty for a story that is in none).',
  comments: 'One row per comment or reply; depth 0 is a top-level comment, 1 a reply, whose parent_id is the comment_id it replies to.',
  highlights: 'One row per highlight.',
  tags: 'One row per post and account tagged on it (or on one of its carousel items).',
};

/** How a ZIP's tables refer to each other, for the tables written. */
export function tableJoins(tables: ReadonlySet<TableName>): string[] {
  const all: [TableName, TableName, string][] = [
    ['comments', 'posts', 'comments.post_id = posts.post_id'],
    ['comments', 'comments', 'comments.parent_id = comments.comment_id (replies)'],
    ['comments', 'users', 'comments.author_id = users.id'],
    ['posts', 'users', 'posts.author_id = users.id'],
    ['stories', 'highlights', 'stories.highlight_id = highlights.highlight_id'],
    ['stories', 'users', 'stories.owner_id = users.id'],
    ['tags', 'posts', 'tags.post_id = posts.post_id'],
    ['tags', 'users', 'tags.user_id = users.id'],
  ];
  return all.filter(([a, b]) => tables.has(a) && tables.has(b)).map(([, , text]) => text);
}

const READING_IDS = [
  'Ids are text. Media, comment and story ids exceed 2^53 and lose digits when read as numbers; parent ids and',
  'post ids then no longer match. Read every column as text, and convert the columns you count with:',
  '  pandas:       pd.read_csv("posts.csv", dtype=str, keep_default_na=False)',
  '  R:            read.csv("posts.csv", colClasses = "character", encoding = "UTF-8")',
  '  DuckDB:       SELECT * FROM read_csv("posts.csv", all_varchar = true)',
  '  spreadsheets: import the file (do not open it) and set every column to Text.',
  'Times are UTC ("YYYY-MM-DD HH:MM:SS", beside epoch seconds). Lists are comma-joined in one cell; flags are',
  'yes / no; an unknown value is an empty cell. A text cell that starts with = + - @ gets a leading apostrophe',
  '(spreadsheets would run it as a formula): remove one leading apostrophe before = + - @ to get the text back.',
];

function wrap(text: string, indent: string, width = 100): string[] {
  const lines: string[] = [];
  let line = indent;
  for (const word of text.split(/\s+/)) {
    if (line.length + word.length + 1 > width && line.trim() !== '') {
      lines.push(line.trimEnd());
      line = indent;
    }
    line += `${word} `;
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  return lines;
}

function pseudonymisationLines(p: ReadmeFacts['pseudonymisation']): string[] {
  if (p === null) return ['Not pseudonymised: ids, usernames and names are as collected.'];
  const info = p as Partial<PseudonymisationInfo>;
  const dropped = [info.dropNames ? 'full names' : null, info.dropPictures ? 'profile pictures' : null, info.dropText ? 'free text' : null].filter((x) => x !== null);
  return wrap(
    `Pseudonymised (${info.method ?? 'HMAC-SHA256'}, project key fingerprint ${info.keyFingerprint ?? 'unknown'}): every account is "u_" and 16 hex digits, ` +
      `keyed on ${info.keyedOn ?? 'its id'}; the same account has the same pseudonym in every export made with the same key. ` +
      `Left out: ${dropped.length > 0 ? dropped.join(', ') : 'nothing beyond the accounts themselves'}. Raw records still naming someone were left out (${info.rawDropped ?? 0}). ` +
      'An account page (collected_from_url) is then the service request, with the pseudonym.',
    '',
  );
}

function minimisationLines(m: Minimisation | null | undefined): string[] {
  if (!m) return ['No data-minimisation presets apply (not a study export).'];
  const on = [
    m.captionsOnly ? 'only what the watched accounts published was collected' : null,
    m.noCommenterIdentities ? 'comments are kept without their authors' : null,
    m.noMediaFiles ? 'no media files' : null,
    m.noProfilePictures ? 'no profile picture links' : null,
    m.retentionDays !== null ? `raw answers older than ${m.retentionDays} days are deleted and their records pseudonymised` : null,
  ].filter((x) => x !== null);
  return on.length > 0 ? wrap(`The study's presets: ${on.join('; ')}.`, '') : ["The study's data-minimisation presets are all off."];
}

/** The README's text. */
export function readmeText(f: ReadmeFacts): string {
  const out: string[] = [
    f.title,
    '='.repeat(Math.min(100, f.title.length)),
    `Written ${f.createdAt} (UTC) by Feedlens ${f.appVersion}. manifest.json lists every file with its size and sha256.`,
    '',
    'FILES',
  ];
  for (const file of f.files) {
    out.push('', file.path, ...wrap(file.holds, '  '));
    if (file.columns) out.push(...wrap(`Columns: ${file.columns.join(', ')}`, '  '));
  }
  if (f.joins && f.joins.length > 0) out.push('', 'HOW THE FILES JOIN', ...f.joins.map((j) => `  ${j}`));
  out.push('', 'READING THE FILES', ...READING_IDS);
  out.push('', 'WHAT THE SERVICE SHOWS', ...wrap(`The service shows outsiders only about the first ${FOLLOWER_CAP} followers of an account, whatever its follower count: followers in these files (and in the networks) are at most those, not the account's whole audience.`, ''));
  if (f.notes && f.notes.length > 0) out.push('', 'ABOUT THIS EXPORT', ...f.notes.flatMap((n) => wrap(n, '')));
  out.push(
    '',
    'PROVENANCE',
    ...wrap(`${f.source.note} collected_from_url and collected_from_view say which page (or service request) each record was read from; manifest.json lists every request.`, ''),
    '',
    'PSEUDONYMISATION',
    ...pseudonymisationLines(f.pseudonymisation),
    '',
    'MINIMISATION',
    ...minimisationLines(f.minimisation),
    '',
  );
  return out.join('\r\n');
}
