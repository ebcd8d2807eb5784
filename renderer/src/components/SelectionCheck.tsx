// The selection controls of lists: the checkbox on each cell or row (visible on hover and focus, always
// once anything is selected), Shift-click ranges, the keys (Space, Ctrl/Cmd+A), and the bar above a list
// with "Select all loaded" and "Export this list".
import type { HTMLAttributes, KeyboardEvent, MouseEvent, ReactNode, Ref } from 'react';
import { useSelection, useIsSelected, selectionKey, type Selectable } from '../state/selection';
import { openExport, type ExportName } from './ExportDialog';
import { CollectButton } from './JobDialog';
import type { JobDraft } from './jobPlan';
import { formatNumber } from '../format';
import { Icon } from './Icon';
import '../styles/selection.css';

/** Where a selectable item sits: its list and index, and how to read the whole list for ranges. */
export interface ListSpot {
  list: string;
  index: number;
  entries: () => readonly (Selectable | null)[];
}

/** A click on a cell's checkbox or a Shift-click on the cell: a range with Shift, else a toggle. */
export function selectClick(e: MouseEvent, item: Selectable, spot?: ListSpot): void {
  e.preventDefault();
  e.stopPropagation();
  const store = useSelection.getState();
  if (e.shiftKey && spot) store.extend(spot.list, spot.entries(), spot.index);
  else store.toggle(item, spot ? { list: spot.list, index: spot.index } : undefined);
}

/**
 * Keys of a selectable list, handled in the capture phase (before a row's own Enter/Space handling):
 * Space or x toggles the focused item (Enter opens it), Ctrl/Cmd+A selects everything loaded.
 * Returns true when the key was used.
 */
export function selectionKeyDown(e: KeyboardEvent, list: string, entries: readonly (Selectable | null)[]): boolean {
  const target = e.target as HTMLElement;
  if (target.closest('input, textarea, select, [contenteditable="true"]')) return false;
  if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'a') {
    e.preventDefault();
    e.stopPropagation();
    useSelection.getState().setMany(entries, true);
    return true;
  }
  // Space selects (Enter opens); x too, as in Gmail.
  const toggleKey = e.key === ' ' || e.key === 'x';
  if (toggleKey && !e.ctrlKey && !e.metaKey && !e.altKey) {
    const index = Number(target.closest<HTMLElement>('[data-index]')?.dataset.index ?? NaN);
    const item = Number.isNaN(index) ? null : entries[index];
    if (!item) return false;
    e.preventDefault();
    e.stopPropagation();
    if (e.shiftKey) useSelection.getState().extend(list, entries, index);
    else useSelection.getState().toggle(item, { list, index });
    return true;
  }
  return false;
}

/** The checkbox of one item. `label` names the item for screen readers ("Select post by @anna"). */
export function SelectCheck({ item, spot, label, className }: { item: Selectable; spot?: ListSpot; label?: string; className?: string }) {
  const key = selectionKey(item.record);
  const selected = useIsSelected(key);
  if (!key) return null;
  return (
    <button
      type="button"
      role="checkbox"
      aria-checked={selected}
      aria-label={label ?? 'Select'}
      title={selected ? 'Selected: click to unselect (Shift-click: a range)' : 'Select (Shift-click: a range)'}
      className={`sel-check${className ? ` ${className}` : ''}`}
      tabIndex={-1}
      onClick={(e) => selectClick(e, item, spot)}
      onKeyDown={(e) => e.stopPropagation()}
      data-testid="select-check"
      data-key={key}
    >
      <Icon name="check" size={14} />
    </button>
  );
}

// Each list's selection keys, made once per entries array: the bar counts on every selection change.
const listKeys = new WeakMap<readonly Selectable[], Set<string>>();

/** How many of a list's entries are selected: nothing to do while nothing is selected, else one look-up per selected item. */
export function selectedAmong(selected: Record<string, unknown>, entries: readonly Selectable[]): number {
  let n = 0;
  let keys: Set<string> | undefined;
  for (const key in selected) {
    if (!keys) {
      keys = listKeys.get(entries) ?? new Set(entries.map((e) => selectionKey(e.record) ?? ''));
      listKeys.set(entries, keys);
    }
    if (keys.has(key)) n++;
  }
  return n;
}

export interface ListBarProps {
  entries: readonly Selectable[];
  /** Says what an export of the list is, in its manifest. */
  exportLabel: string;
  /** What the list holds, for the export's file name. */
  exportName?: ExportName;
  noun: readonly [string, string];
  /** The list has pages not loaded yet: "12 of 640", and the export says so. */
  more?: boolean;
  /** The list's size as the screen knows it (a profile's count), else null. */
  total?: number | null;
  /** The run that collects the whole list ("Collect all followers"), offered in the bar and by a partial export. */
  collect?: { draft: JobDraft; label: string };
  /** False when the screen offers the run elsewhere already (a page header): only the export offers it then. */
  collectInBar?: boolean;
  children?: ReactNode;
}

/**
 * The bar above a selectable list: "Select all loaded (N, or N of M while pages are left)", how many of
 * them are selected, "Export this list", the run that collects all of it, and room for other actions.
 */
export function SelectionListBar({ entries, exportLabel, exportName, noun, more = false, total = null, collect, collectInBar = true, children }: ListBarProps) {
  const selectedHere = useSelection((s) => selectedAmong(s.items, entries));
  const setMany = useSelection((s) => s.setMany);
  const all = entries.length > 0 && selectedHere === entries.length;
  const words = (n: number) => `${formatNumber(n)} ${n === 1 ? noun[0] : noun[1]}`;
  const of = more && total !== null && total > entries.length ? ` of ${formatNumber(total)}` : '';
  const partial = more ? { total, noun, ...(collect ? { collect } : {}) } : undefined;
  return (
    <div className="sel-listbar" data-testid="selection-listbar">
      <button
        type="button"
        role="checkbox"
        aria-checked={all ? true : selectedHere > 0 ? 'mixed' : false}
        className="btn small ghost sel-all"
        disabled={entries.length === 0}
        onClick={() => setMany(entries, !all)}
        title={all ? 'Unselect everything loaded in this list' : `Select everything loaded in this list so far (Ctrl+A in the list)${more ? '; the list has more pages, not loaded' : ''}`}
        data-testid="select-all"
        data-loaded={entries.length}
      >
        <span className="sel-box" aria-hidden>
          {all ? <Icon name="check" size={12} /> : selectedHere > 0 ? <span className="sel-dash" /> : null}
        </span>
        {all ? `All ${formatNumber(entries.length)}${of} ${entries.length === 1 && !of ? noun[0] : noun[1]} loaded selected` : `Select all loaded (${formatNumber(entries.length)}${of})`}
      </button>
      {all && more && (
        <span className="faint" data-testid="listbar-more">
          {of ? `${formatNumber((total ?? 0) - entries.length)} not loaded` : 'the list has more, not loaded'}
        </span>
      )}
      {selectedHere > 0 && !all && <span className="faint">{words(selectedHere)} selected</span>}
      <span className="sel-listbar-actions">
        {children}
        {collect && collectInBar && <CollectButton draft={collect.draft}>{collect.label}</CollectButton>}
        <button
          type="button"
          className="btn small"
          disabled={entries.length === 0}
          onClick={() => openExport({ items: entries, label: exportLabel, ...(exportName ? { name: exportName } : {}), ...(partial ? { partial } : {}) })}
          title={`Export the ${words(entries.length)} loaded so far as CSV, NDJSON, JSON or ZIP`}
          data-testid="export-list"
        >
          <Icon name="file-export" size={13} /> Export this list
        </button>
      </span>
    </div>
  );
}

/**
 * A selectable cell or row: marks it selected, puts its checkbox in the corner (cells) or before it (rows),
 * and turns a Shift-click anywhere on it into selection instead of opening it. Other props (role, style,
 * ref, data-*) go to its element, so a virtual list's own cell or row can be the host.
 */
export function SelectFrame({
  item,
  spot,
  label,
  shape,
  children,
  className,
  ...rest
}: { item: Selectable | null; spot: ListSpot; label?: string; shape: 'cell' | 'row'; children: ReactNode; ref?: Ref<HTMLDivElement> } & HTMLAttributes<HTMLDivElement>) {
  const selected = useIsSelected(item ? selectionKey(item.record) : null);
  return (
    <div
      {...rest}
      className={item ? `sel-host sel-host-${shape}${className ? ` ${className}` : ''}` : className}
      data-selected={selected ? 'true' : undefined}
      onClickCapture={(e) => {
        if (item && e.shiftKey) selectClick(e, item, spot);
      }}
    >
      {children}
      {/* After the content: arrow-key navigation focuses a cell's first control, which must stay the cell's own. */}
      {item && <SelectCheck item={item} spot={spot} label={label} />}
    </div>
  );
}

/** A labelled selection toggle for one item shown on its own (a carousel item, a story in the viewer). */
export function SelectPill({ item, children, className }: { item: Selectable; children: ReactNode; className?: string }) {
  const key = selectionKey(item.record);
  const selected = useIsSelected(key);
  if (!key) return null;
  return (
    <button
      type="button"
      role="checkbox"
      aria-checked={selected}
      className={`sel-pill${className ? ` ${className}` : ''}`}
      onClick={(e) => selectClick(e, item)}
      onPointerDown={(e) => e.stopPropagation()}
      onPointerUp={(e) => e.stopPropagation()}
      data-testid="select-pill"
      data-key={key}
    >
      <span className="sel-box" aria-hidden>
        {selected && <Icon name="check" size={12} />}
      </span>
      {children}
    </button>
  );
}
