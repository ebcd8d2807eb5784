// The selection: records the user picked on any screen (posts, reels, carousel items, stories, highlight
// items, accounts, comments), each with the provenance of the call that fetched it, ready to cross to main
// as saved items (downloadsEnqueue, exportRun). Keyed by kind + id, so it survives navigation and the same
// record seen in two lists is selected once.
import { create } from 'zustand';
import type { Provenance, SavedItemArg } from '../../../shared/ipc';
import type { AppRecord, Highlight, Story } from '../../../shared/records';

/** A record and the call it came from: what a list offers for selection. */
export interface Selectable {
  record: AppRecord;
  provenance: Provenance;
}

/** What the tray counts: posts and reels apart, carousel items and highlight items apart. */
export type SelectionKind = 'post' | 'reel' | 'item' | 'story' | 'highlightItem' | 'user' | 'comment';

export interface SelectedItem extends Selectable {
  key: string;
  kind: SelectionKind;
}

export const SELECTION_KINDS: readonly SelectionKind[] = ['post', 'reel', 'item', 'story', 'highlightItem', 'user', 'comment'];

export const KIND_NOUNS: Readonly<Record<SelectionKind, readonly [string, string]>> = {
  post: ['post', 'posts'],
  reel: ['reel', 'reels'],
  item: ['carousel item', 'carousel items'],
  story: ['story', 'stories'],
  highlightItem: ['highlight item', 'highlight items'],
  user: ['account', 'accounts'],
  comment: ['comment', 'comments'],
};

/** What a record counts as in the selection; null for records that cannot be selected. */
export function selectionKind(record: AppRecord): SelectionKind | null {
  switch (record.kind) {
    case 'post':
      if (record.index !== null) return 'item';
      return record.productType === 'clips' ? 'reel' : 'post';
    case 'story':
      return 'story';
    case 'highlight':
      // Highlight items are selected one story at a time (see highlightItem).
      return record.items.length === 1 ? 'highlightItem' : null;
    case 'user':
    case 'profile':
      return 'user';
    case 'comment':
      return 'comment';
    default:
      return null;
  }
}

/** The selection key of a record: kind + id (an account is one account, as list entry or profile). */
export function selectionKey(record: AppRecord): string | null {
  switch (record.kind) {
    case 'highlight': {
      const story = record.items[0];
      return story && record.items.length === 1 ? `highlight:${record.id}:${story.id}` : null;
    }
    case 'profile':
    case 'user':
      return `user:${record.id}`;
    case 'post':
    case 'story':
    case 'comment':
      return `${record.kind}:${record.id}`;
    default:
      return null;
  }
}

/**
 * One story of a highlight, as a selectable record: the highlight with only that story. Main then saves it
 * under `highlights/<title>/` and exports it with the highlight's id and title.
 */
export function highlightItem(highlight: Highlight, story: Story): Highlight {
  return { ...highlight, items: [story], mediaIds: [story.id] };
}

export function toSelected(item: Selectable): SelectedItem | null {
  const kind = selectionKind(item.record);
  const key = selectionKey(item.record);
  return kind && key ? { ...item, key, kind } : null;
}

export type Counts = Partial<Record<SelectionKind, number>>;

export function countByKind(items: Iterable<SelectedItem>): Counts {
  const counts: Counts = {};
  for (const item of items) counts[item.kind] = (counts[item.kind] ?? 0) + 1;
  return counts;
}

/** "3 posts · 1 carousel item · 12 accounts", in a fixed order of kinds. */
export function describeCounts(counts: Counts): string {
  return SELECTION_KINDS.filter((k) => (counts[k] ?? 0) > 0)
    .map((k) => {
      const n = counts[k] ?? 0;
      return `${n.toLocaleString()} ${KIND_NOUNS[k][n === 1 ? 0 : 1]}`;
    })
    .join(' · ');
}

/** Comments have no media: everything else can be downloaded. */
export function isDownloadable(item: SelectedItem): boolean {
  return item.kind !== 'comment';
}

/** The items as they cross to main (savedItemSchema). */
export function toSavedItems(items: readonly Selectable[]): SavedItemArg[] {
  return items.map(({ record, provenance }) => ({ record: record as unknown as SavedItemArg['record'], provenance }));
}

// One pairing per record and provenance, made once: a list rebuilds its entries for every page it
// receives, and new objects for its thousands of records each time would only feed the garbage collector.
const pairings = new WeakMap<AppRecord, Selectable | null>();

function pairing(record: AppRecord, provenance: Provenance | null): Selectable | null {
  if (!provenance) return null;
  const known = pairings.get(record);
  if (known !== undefined && (known === null || known.provenance === provenance)) return known;
  const made = selectionKey(record) ? { record, provenance } : null;
  pairings.set(record, made);
  return made;
}

/** A list's records paired with the call each came from (records the list cannot place are left out). */
export function entriesOf(records: readonly AppRecord[], provenanceOf: (record: AppRecord) => Provenance | null): Selectable[] {
  const out: Selectable[] = [];
  for (const record of records) {
    const entry = pairing(record, provenanceOf(record));
    if (entry) out.push(entry);
  }
  return out;
}

/** The same pairing for one record at a time (what virtual lists ask for each cell). */
export function entryWith(provenanceOf: (record: AppRecord) => Provenance | null): (record: AppRecord) => Selectable | null {
  return (record) => pairing(record, provenanceOf(record));
}

export interface Anchor {
  list: string;
  index: number;
}

type Items = Record<string, SelectedItem>;

/** The items with `chosen` added (selected) or removed; the same object when nothing changes. */
export function withItems(items: Items, chosen: readonly (Selectable | null)[], selected: boolean): Items {
  let next: Items | null = null;
  for (const c of chosen) {
    const item = c ? toSelected(c) : null;
    if (!item || (item.key in items) === selected) continue;
    next ??= { ...items };
    if (selected) next[item.key] = item;
    else delete next[item.key];
  }
  return next ?? items;
}

/**
 * A Shift-click at `index` of `list`: the items from the anchor to it, inclusive, when the anchor is in the
 * same list; null otherwise (then the click is a plain toggle).
 */
export function rangeFrom(anchor: Anchor | null, list: string, index: number, entries: readonly (Selectable | null)[]): (Selectable | null)[] | null {
  if (!anchor || anchor.list !== list || anchor.index >= entries.length) return null;
  const from = Math.min(anchor.index, index);
  const to = Math.max(anchor.index, index);
  return entries.slice(from, to + 1);
}

interface SelectionState {
  items: Items;
  /** The last item clicked, where Shift-click ranges start. */
  anchor: Anchor | null;
  /** Selects or unselects one item; `at` says where it is, for a later Shift-click. */
  toggle(item: Selectable, at?: Anchor): void;
  /**
   * Shift-click on `entries[index]` of `list`: selects the range from the anchor to it (or unselects it, when
   * the clicked item was selected), like a file manager. Without an anchor in this list, a plain toggle.
   */
  extend(list: string, entries: readonly (Selectable | null)[], index: number): void;
  setMany(items: readonly (Selectable | null)[], selected: boolean): void;
  clear(): void;
}

export const useSelection = create<SelectionState>((set, get) => ({
  items: {},
  anchor: null,
  toggle: (item, at) => {
    const key = selectionKey(item.record);
    if (!key) return;
    set({ items: withItems(get().items, [item], !(key in get().items)), anchor: at ?? get().anchor });
  },
  extend: (list, entries, index) => {
    const clicked = entries[index];
    if (!clicked) return;
    const { items, anchor } = get();
    const range = rangeFrom(anchor, list, index, entries);
    if (!range) {
      get().toggle(clicked, { list, index });
      return;
    }
    const key = selectionKey(clicked.record);
    set({ items: withItems(items, range, !(key !== null && key in items)), anchor: { list, index } });
  },
  setMany: (chosen, selected) => set({ items: withItems(get().items, chosen, selected) }),
  clear: () => set({ items: {}, anchor: null }),
}));

/** Whether the record with this key is selected (a cheap subscription per cell). */
export function useIsSelected(key: string | null): boolean {
  return useSelection((s) => key !== null && key in s.items);
}
