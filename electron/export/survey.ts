// An export's first pass over its items: how many of each kind, which CSV column sets they need, the
// requests they came from (each with its count of items, for the manifest's source block) and the time
// window those were fetched in. It reads every item once, in slices (slices.ts). A CSV's column set follows.
import { validationError } from '../../shared/api/errors';
import type { SavedItem } from './run';
import { columnSetOf, type ColumnSetName } from './columns';
import type { Slicer } from './slices';

export interface Survey {
  total: number;
  byKind: Record<string, number>;
  sets: Set<ColumnSetName>;
  requestIds: ReadonlySet<string>;
  /** Items per request id; the others (total minus itemsWithRequest) name no request. */
  itemsByRequest: ReadonlyMap<string, number>;
  itemsWithRequest: number;
  /** Ids of the comment, story and user items: rows of their own, not written again from inside another record. */
  commentIds: Set<string>;
  storyIds: Set<string>;
  userIds: Set<string>;
  /** The highlight each story of a highlight among the items belongs to. */
  highlightOf: Map<string, { id: string; title: string | null }>;
  /** Posts with tagged accounts (a ZIP's tags file). */
  taggedPosts: number;
  /** Usernames of the profiles among the items (few): a followers list's own account is often one. */
  profileNames: Map<string, string>;
  from: number;
  to: number;
}

/** The column set of a CSV export: the one asked for, else the only one its items need. */
export function chooseColumnSet(asked: ColumnSetName | undefined, s: Survey): ColumnSetName {
  if (asked) return asked;
  const sets = [...s.sets];
  if (sets.length === 1 && sets[0]) return sets[0];
  const kinds = Object.keys(s.byKind).join(', ');
  throw validationError([
    sets.length === 0
      ? { param: 'columns', message: `There is no CSV column set for these items (${kinds}): export them as NDJSON or JSON.` }
      : { param: 'columns', message: `These items are of several kinds (${kinds}): choose a column set, or export a ZIP (one CSV per kind).` },
  ]);
}

export async function survey(items: Iterable<SavedItem>, slice: Slicer): Promise<Survey> {
  const byRequest = new Map<string, number>();
  let withRequest = 0;
  const s = {
    total: 0, byKind: {} as Record<string, number>, sets: new Set<ColumnSetName>(), commentIds: new Set<string>(), storyIds: new Set<string>(), userIds: new Set<string>(),
    highlightOf: new Map<string, { id: string; title: string | null }>(), taggedPosts: 0, profileNames: new Map<string, string>(), from: Infinity, to: -Infinity,
  };
  for (const { record, provenance } of items) {
    s.total += 1;
    s.byKind[record.kind] = (s.byKind[record.kind] ?? 0) + 1;
    const set = columnSetOf(record.kind);
    if (set) s.sets.add(set);
    if (record.kind === 'comment') s.commentIds.add(record.id);
    else if (record.kind === 'story') s.storyIds.add(record.id);
    else if (record.kind === 'user' || record.kind === 'profile') s.userIds.add(record.id);
    else if (record.kind === 'highlight') for (const story of record.items ?? []) s.highlightOf.set(story.id, { id: record.id, title: record.title });
    else if (record.kind === 'post' && ((record.usertags ?? []).length > 0 || (record.children ?? []).some((c) => (c.usertags ?? []).length > 0))) s.taggedPosts += 1;
    if (record.kind === 'profile' && record.id && record.username) s.profileNames.set(record.id, record.username);
    if (provenance.requestId) {
      byRequest.set(provenance.requestId, (byRequest.get(provenance.requestId) ?? 0) + 1);
      withRequest += 1;
    }
    s.from = Math.min(s.from, provenance.fetchedAt);
    s.to = Math.max(s.to, provenance.fetchedAt);
    if (slice.due()) await slice.pause();
  }
  return { ...s, requestIds: new Set(byRequest.keys()), itemsByRequest: byRequest, itemsWithRequest: withRequest };
}
