// The rows an export writes for each of its items, one table at a time (a CSV, or one file of a ZIP).
// A record gives its own row, and the records it carries that the export does not hold as items of their
// own give theirs once each (a comment's first replies, a highlight's stories, and in a ZIP the accounts a
// post, comment or story names), so that every id one file refers to is a row of another.
import type { Provenance } from '../../shared/ipc';
import type { AppRecord, User } from '../../shared/records';
import { isoTime, joined } from './cells';
import type { AccountNames } from './collected';
import { hasMediaColumns, type Row, type StudyFacts, type TableName } from './columns';
import type { MediaFacts } from '../media-analysis/facts';
import { commentRow, highlightRow, postRow, storyRow, tagRows, userRow, type HighlightRef } from './rows';

export interface RowSource {
  record: AppRecord;
  provenance: Provenance;
  study?: StudyFacts;
}

export interface RowOptions {
  pseudonymised?: boolean;
  accountNames?: AccountNames;
  /** Add a study's columns (its facts of the record itself; none on rows of records carried inside it). */
  study?: boolean;
  /** Ids of the export's own comment, story and user items: not written again from inside another record. */
  commentIds?: ReadonlySet<string>;
  storyIds?: ReadonlySet<string>;
  userIds?: ReadonlySet<string>;
  /** The highlight a story belongs to, when the export knows it. */
  highlightOf?: (storyId: string) => HighlightRef | null;
  /** Users: also a row for every account another record names (owners, coauthors, tagged, authors). */
  referenced?: boolean;
}

function studyCells(f: StudyFacts | undefined): Row {
  return {
    status: f?.status ?? '',
    checked_at: isoTime(f?.checkedAt),
    checked_at_unix: f?.checkedAt === null || f?.checkedAt === undefined ? null : Math.floor(f.checkedAt / 1000),
    codes: joined(f?.codes ?? []),
    notes: f?.notes ?? '',
  };
}

function mediaCells(m: MediaFacts | null | undefined): Row {
  return {
    media_text: m?.text ?? '',
    media_text_confidence: m?.textConfidence ?? null,
    phash: m?.phash ?? '',
    reuse_group: m?.reuseGroup ?? null,
    keyframes: joined(m?.keyframes ?? []),
  };
}

/** The accounts a record names by id (other than as a list's entry). */
function peopleOf(record: AppRecord): (User | null)[] {
  switch (record.kind) {
    case 'post':
      return [record.owner, ...(record.coauthors ?? []), ...[...(record.usertags ?? []), ...(record.children ?? []).flatMap((c) => c.usertags ?? [])].map((t) => t.user)];
    case 'comment':
      return [record.author, ...(record.previewReplies ?? []).map((r) => r.author)];
    case 'story':
      return [record.owner];
    case 'highlight':
      return [record.owner, ...(record.items ?? []).map((s) => s.owner)];
    default:
      return [];
  }
}

/** A row maker for one table of one export: an item gives its rows, or none when it has nothing for the table. */
export function createRowMaker(table: TableName, options: RowOptions = {}): (item: RowSource) => Row[] {
  const pz = options.pseudonymised ?? false;
  const names = options.accountNames;
  const emitted = new Set<string>();
  /** The first time an id is met among what the export does not hold as items of its own. */
  const fresh = (id: string | null | undefined, own: ReadonlySet<string> | undefined): id is string => {
    if (!id || own?.has(id) || emitted.has(id)) return false;
    emitted.add(id);
    return true;
  };
  const withStudy = (row: Row, facts: StudyFacts | undefined): Row => {
    if (!options.study) return row;
    return Object.assign(row, studyCells(facts), hasMediaColumns(table) ? mediaCells(facts?.media) : {});
  };

  return ({ record, provenance, study }) => {
    switch (table) {
      case 'posts':
        return record.kind === 'post' ? [withStudy(postRow(record, provenance, pz, names), study)] : [];
      case 'tags':
        return record.kind === 'post' ? tagRows(record) : [];
      case 'highlights':
        return record.kind === 'highlight' ? [withStudy(highlightRow(record, provenance, pz, names), study)] : [];
      case 'users': {
        if (record.kind === 'user' || record.kind === 'profile') return [withStudy(userRow(record, provenance, pz, names), study)];
        if (!options.referenced) return [];
        return peopleOf(record).flatMap((u) => (u && fresh(u.id, options.userIds) ? [withStudy(userRow(u, provenance, pz, names), undefined)] : []));
      }
      case 'stories':
        if (record.kind === 'story') return [withStudy(storyRow(record, provenance, options.highlightOf?.(record.id) ?? null, pz, names), study)];
        if (record.kind !== 'highlight') return [];
        return (record.items ?? []).flatMap((s) => (fresh(s.id, options.storyIds) ? [withStudy(storyRow(s, provenance, record, pz, names), undefined)] : []));
      case 'comments': {
        if (record.kind !== 'comment') return [];
        const own = fresh(record.id, undefined) ? [withStudy(commentRow(record, provenance, pz), study)] : [];
        const replies = (record.previewReplies ?? []).flatMap((c) => (fresh(c.id, options.commentIds) ? [withStudy(commentRow(c, provenance, pz), undefined)] : []));
        return [...own, ...replies];
      }
    }
  };
}
