// What the export dialog sends, from what the user chose: pure, so it is tested without React. Column sets
// and formats are main's (docs/exports.md); this only picks the default set for the items and checks the form.
import type { OpArgs } from '../../../shared/ipc';
import type { AppRecord } from '../../../shared/records';
import { toSavedItems, type Selectable } from '../state/selection';
import type { JobDraft } from './jobPlan';

/** What an export holds, for its file name `<target>_<list>_<date>` (main makes it safe). */
export interface ExportName {
  target: string;
  list: string;
  /** The target is an account (pseudonymised in the name when the export is). */
  person?: boolean;
}

/** A list loaded in part: how many it has in all (when known) and the run that would collect the rest. */
export interface PartialList {
  total: number | null;
  noun: readonly [string, string];
  collect?: { draft: JobDraft; label: string };
}

export type ExportFormat = 'csv' | 'ndjson' | 'json' | 'zip';
export type ColumnSet = 'posts' | 'users' | 'stories' | 'comments';
export type Delimiter = ',' | ';' | '\t';

export const FORMATS: readonly { key: ExportFormat; label: string; hint: string }[] = [
  { key: 'csv', label: 'CSV', hint: 'One row per item, for spreadsheets, R or pandas. A manifest is written beside it.' },
  { key: 'ndjson', label: 'NDJSON', hint: 'One JSON object per line: the normalised record, the raw record and where it came from.' },
  { key: 'json', label: 'JSON', hint: 'The same objects as NDJSON, in one document.' },
  { key: 'zip', label: 'ZIP', hint: 'A CSV per kind, items.ndjson and manifest.json in one bundle, optionally with the media.' },
];

export const COLUMN_SETS: readonly { key: ColumnSet; label: string }[] = [
  { key: 'posts', label: 'Posts (4CAT Instagram columns)' },
  { key: 'users', label: 'Accounts' },
  { key: 'stories', label: 'Stories' },
  { key: 'comments', label: 'Comments (with parent_id and depth)' },
];

export const DELIMITERS: readonly { key: Delimiter; label: string }[] = [
  { key: ',', label: 'Comma ( , )' },
  { key: ';', label: 'Semicolon ( ; ), Excel with decimal commas' },
  { key: '\t', label: 'Tab' },
];

const SET_OF_KIND: Partial<Record<AppRecord['kind'], ColumnSet>> = {
  post: 'posts',
  user: 'users',
  profile: 'users',
  story: 'stories',
  highlight: 'stories',
  comment: 'comments',
};

/** How many of the items each CSV column set would write. */
export function columnSetCounts(items: readonly Selectable[]): Partial<Record<ColumnSet, number>> {
  const counts: Partial<Record<ColumnSet, number>> = {};
  for (const { record } of items) {
    const set = SET_OF_KIND[record.kind];
    if (set) counts[set] = (counts[set] ?? 0) + 1;
  }
  return counts;
}

/** The column set that writes the most of the items (the first in COLUMN_SETS order on a tie). */
export function defaultColumnSet(items: readonly Selectable[]): ColumnSet | null {
  const counts = columnSetCounts(items);
  let best: ColumnSet | null = null;
  for (const { key } of COLUMN_SETS) if ((counts[key] ?? 0) > (best ? (counts[best] ?? 0) : 0)) best = key;
  return best;
}

export interface ExportForm {
  format: ExportFormat;
  columns: ColumnSet | null;
  delimiter: Delimiter;
  bom: boolean;
  includeMedia: boolean;
  pseudonymise: boolean;
  project: string;
  dropNames: boolean;
  dropPictures: boolean;
  dropText: boolean;
}

export function initialForm(items: readonly Selectable[], last: Partial<ExportForm> = {}): ExportForm {
  return {
    format: 'csv',
    delimiter: ',',
    bom: false,
    includeMedia: false,
    pseudonymise: false,
    project: '',
    dropNames: false,
    // A profile picture's link leads back to its account: dropped unless the user keeps it.
    dropPictures: true,
    dropText: false,
    ...last,
    // The column set always follows the items: the last export's may not fit these.
    columns: defaultColumnSet(items),
  };
}

/** Items a CSV export with this column set leaves out (other kinds). */
export function skippedBy(items: readonly Selectable[], columns: ColumnSet | null): number {
  const counts = columnSetCounts(items);
  return items.length - (columns ? (counts[columns] ?? 0) : 0);
}

/** What stops the export from being sent, in words; null when it can go. */
export function formProblem(form: ExportForm, items: readonly Selectable[]): string | null {
  if (items.length === 0) return 'Nothing to export.';
  if (form.format === 'csv') {
    if (!form.columns) return 'These items have no CSV columns: export them as NDJSON, JSON or ZIP.';
    if (skippedBy(items, form.columns) === items.length) return 'None of these items fits this column set: choose another.';
  }
  if (form.pseudonymise && form.project.trim() === '') return 'Name the project: its people get the same pseudonyms in all of its exports.';
  return null;
}

export function exportArgs(form: ExportForm, items: readonly Selectable[], label: string): OpArgs<'exportRun'> {
  return {
    items: toSavedItems(items),
    format: form.format,
    ...(form.format === 'csv' && form.columns ? { columns: form.columns } : {}),
    // ZIP bundles hold CSV files too: the delimiter and BOM apply to them.
    delimiter: form.format === 'csv' || form.format === 'zip' ? form.delimiter : ',',
    bom: (form.format === 'csv' || form.format === 'zip') && form.bom,
    includeMedia: form.format === 'zip' && form.includeMedia,
    ...(form.pseudonymise
      ? { pseudonymise: { project: form.project.trim(), dropNames: form.dropNames, dropPictures: form.dropPictures, dropText: form.dropText } }
      : {}),
    label,
  };
}
