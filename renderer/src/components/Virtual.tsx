// Virtualised grids and lists inside the page's scroller (#content): only what is on screen is in the
// DOM, so lists of thousands stay fast. `onNearEnd` fires when the list's end is actually on screen;
// screens pass the list's onListEnd, which fetches the next page only if one exists and none is loading.
import { useVirtualizer, type Range } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactElement, type ReactNode, type RefObject } from 'react';
import type { Selectable } from '../state/selection';
import { SelectFrame, selectionKeyDown } from './SelectionCheck';
import { recycledRows, rowKeys } from './recycledRows';
import { useRovingTabIndex } from './roving';
import { scroller, useEndOnScreen, useScrollMargin, useWidth } from './virtualScroller';

/** Makes a grid's cells or a list's rows selectable (checkbox, Shift-click ranges, Space, Ctrl/Cmd+A). */
export interface SelectOptions<T> {
  /** Identifies the list, for Shift-click ranges (useEndpointList's listId). */
  list: string;
  /** The item with the provenance of the call that fetched it; null when it cannot be selected. */
  entry: (item: T) => Selectable | null;
  /** Names the item for the checkbox ("Select post by @anna"). */
  label?: (item: T) => string;
}

/** The keys of a selectable list (Space, Ctrl/Cmd+A), in the capture phase; `entries` reads the latest items. */
function useSelectable<T>(items: readonly T[], select: SelectOptions<T> | undefined) {
  const latest = useRef({ items, select });
  useEffect(() => {
    latest.current = { items, select };
  });
  // Stable, so the memoised cells below do not render again for every page: read only on a key or a Shift-click.
  const entries = useCallback(() => {
    const { items: now, select: options } = latest.current;
    return options ? now.map(options.entry) : [];
  }, []);
  const onKeyDownCapture = select ? (e: KeyboardEvent<HTMLDivElement>) => void selectionKeyDown(e, select.list, entries()) : undefined;
  return { entries, onKeyDownCapture };
}

interface CellProps<T> {
  item: T;
  index: number;
  shape: 'cell' | 'row';
  render: (item: T, index: number) => ReactNode;
  /** The list it belongs to, when selectable, with the item's entry and checkbox label. */
  list?: string;
  entry: Selectable | null;
  label?: string;
  entries: () => readonly (Selectable | null)[];
  /** A list row's offset (it is placed by its own transform) and the virtualizer's measuring ref. */
  offset?: number;
  measure?: (el: HTMLDivElement | null) => void;
}

/**
 * One cell of a grid or row of a list. Memoised: a page arriving renders the list again, and only the
 * cells whose item (or render function) changed need to (screens pass a stable render function).
 */
const Cell = memo(function Cell<T>({ item, index, shape, render, list, entry, label, entries, offset, measure }: CellProps<T>) {
  const props = {
    role: shape === 'cell' ? 'gridcell' : 'listitem',
    'data-index': index,
    ref: measure,
    style: offset === undefined ? undefined : ({ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${offset}px)` } as const),
  };
  return list !== undefined ? (
    <SelectFrame {...props} item={entry} spot={{ list, index, entries }} label={label} shape={shape}>
      {render(item, index)}
    </SelectFrame>
  ) : (
    <div {...props}>{render(item, index)}</div>
  );
}) as <T>(props: CellProps<T>) => ReactElement;

/**
 * Focuses the cell `selector` finds at once when it is in the DOM (a held arrow key's next press then starts from it),
 * else once the scroll has rendered it.
 */
function focusCell(root: HTMLElement | null, selector: string): void {
  const now = root?.querySelector<HTMLElement>(selector);
  if (now) now.focus({ preventScroll: true });
  else requestAnimationFrame(() => root?.querySelector<HTMLElement>(selector)?.focus());
}

/** What a cell needs to know of the list's selection. */
function cellSelection<T>(item: T, select: SelectOptions<T> | undefined) {
  return select ? { list: select.list, entry: select.entry(item), label: select.label?.(item) } : { entry: null };
}

/** recycledRows over the most rows the grid has needed on screen (for its row height). */
function useRecycledRange(rowHeight: number): (range: Range) => number[] {
  const size = useRef(0);
  useEffect(() => {
    size.current = 0; // another row height: another number of rows on screen
  }, [rowHeight]);
  return useCallback((range: Range) => {
    size.current = Math.max(size.current, range.endIndex - range.startIndex + 1 + 2 * range.overscan);
    return recycledRows(range, size.current);
  }, []);
}

/** The most frames a row waits for the images of the row before it (a slow network does not hold the page back). */
const MAX_WAIT_FRAMES = 4;

/**
 * The items to render: `latest`, shown a frame late and, when it extends what is shown (a page appended), a
 * row at a time (`step` cells; the last row is filled first). A page's arrival is then split: its frame reads
 * the answer, makes the records and renders the counts; each next row is rendered and painted in a frame of
 * its own, once the images of the row before have loaded, in the frame after (at most MAX_WAIT_FRAMES
 * frames later): the answers of its images (each handled on the main thread) then land between two rows,
 * not in the frame that renders the next (a page's cells in one frame, or a row a frame with the last
 * row's images, often did not fit a frame).
 */
function useRevealed<T>(latest: readonly T[], step: number, root: RefObject<HTMLElement | null>): readonly T[] {
  const [shown, setShown] = useState(latest);
  useEffect(() => {
    if (shown === latest) return;
    // A list grown at its end gains a row; any other list (another list, a filtered one) is shown whole.
    const grown = shown.length > 0 && shown.length < latest.length && latest[shown.length - 1] === shown[shown.length - 1] && latest[0] === shown[0];
    const end = (Math.floor(shown.length / step) + 1) * step;
    const next = grown && end < latest.length ? latest.slice(0, end) : latest;
    // Images that finished since the last frame had their answers handled in this one: the row waits a
    // frame more, for a frame with none of them.
    let waited = 0;
    let wasLoading = false;
    const loading = () => [...(root.current?.querySelectorAll('img') ?? [])].some((img) => !img.complete);
    const tick = () => {
      const now = grown && loading();
      if ((now || wasLoading) && waited++ < MAX_WAIT_FRAMES) {
        wasLoading = now;
        frame = requestAnimationFrame(tick);
      } else setShown(next);
    };
    let frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [latest, shown, step, root]);
  return shown;
}

export interface VirtualGridProps<T> {
  items: readonly T[];
  renderCell: (item: T, index: number) => ReactNode;
  /** Smallest cell width; the grid fits as many columns as it can. */
  minCellWidth?: number;
  gap?: number;
  /** Cell height as a fraction of its width (1 = square). */
  aspect?: number;
  onNearEnd?: () => void;
  label: string;
  select?: SelectOptions<T>;
}

/**
 * A grid with one Tab stop (roving tabindex), arrow keys between cells, Enter opening the focused cell
 * through its button, Space selecting it when the grid is selectable. Memoised: a screen renders again when
 * a fetch starts (the footer's spinner) or the selection bar's counts change, and the grid need not.
 */
export const VirtualGrid = memo(function VirtualGrid<T>({ items: latest, renderCell, minCellWidth = 180, gap = 4, aspect = 1, onNearEnd, label, select }: VirtualGridProps<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const width = useWidth(ref);
  const columns = Math.max(1, Math.floor((width + gap) / (minCellWidth + gap)));
  // A row of new cells at a time, each once the images of the one before have loaded.
  const items = useRevealed(latest, columns, ref);
  const selectable = useSelectable(items, select);
  const margin = useScrollMargin(ref);
  const cell = width > 0 ? (width - gap * (columns - 1)) / columns : minCellWidth;
  const rowHeight = cell * aspect + gap;
  const rows = Math.ceil(items.length / columns);
  const rangeExtractor = useRecycledRange(rowHeight);
  const virtualizer = useVirtualizer({ count: rows, getScrollElement: scroller, estimateSize: () => rowHeight, overscan: 2, scrollMargin: margin, rangeExtractor });
  useEffect(() => virtualizer.measure(), [rowHeight, virtualizer]);
  const virtualRows = virtualizer.getVirtualItems();
  const keys = rowKeys(virtualRows.map((row) => row.index));
  // No next page until this one is shown: its cells may push the end off screen.
  useEndOnScreen(ref, items === latest ? onNearEnd : undefined);
  const onFocus = useRovingTabIndex(ref);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.metaKey || e.ctrlKey) return; // Alt+← is back
    const target = e.target as HTMLElement;
    const index = Number(target.closest<HTMLElement>('[data-index]')?.dataset.index ?? NaN);
    if (Number.isNaN(index)) return;
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    const next = Math.min(items.length - 1, Math.max(0, index + step));
    virtualizer.scrollToIndex(Math.floor(next / columns), { align: 'auto' });
    focusCell(ref.current, `[data-index="${next}"] button, [data-index="${next}"] [tabindex]`);
  };

  return (
    <div
      ref={ref}
      role="grid"
      aria-label={label}
      aria-rowcount={rows}
      // Busy from a page's arrival until the frame that shows its last cells (useRevealed).
      aria-busy={items !== latest ? true : undefined}
      data-list={select?.list}
      onFocus={onFocus}
      onKeyDown={onKeyDown}
      onKeyDownCapture={selectable.onKeyDownCapture}
      style={{ position: 'relative', height: virtualizer.getTotalSize() }}
    >
      {/* A row's size is its own (width of the grid, fixed height): contained, the cells a page fills are laid
          out and painted within their row, not with the rest of the page. */}
      {virtualRows.map((row, n) => (
        <div
          key={keys[n]}
          role="row"
          style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${row.start - margin}px)`, contain: 'strict', display: 'grid', gridTemplateColumns: `repeat(${columns}, 1fr)`, gap, height: rowHeight - gap }}
        >
          {items.slice(row.index * columns, row.index * columns + columns).map((item, i) => {
            const index = row.index * columns + i;
            // Keyed by column: a recycled row refills its cells (see recycledRows).
            return <Cell key={i} item={item} index={index} shape="cell" render={renderCell} entries={selectable.entries} {...cellSelection(item, select)} />;
          })}
        </div>
      ))}
    </div>
  );
}) as <T>(props: VirtualGridProps<T>) => ReactElement;

export interface VirtualListProps<T> {
  items: readonly T[];
  itemKey: (item: T, index: number) => string;
  renderRow: (item: T, index: number) => ReactNode;
  /** First guess of a row's height; rows are measured as they render. */
  estimate?: number;
  onNearEnd?: () => void;
  label: string;
  select?: SelectOptions<T>;
}

/** A list of rows of varying height; arrow keys move between rows. */
export function VirtualList<T>({ items, itemKey, renderRow, estimate = 56, onNearEnd, label, select }: VirtualListProps<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const selectable = useSelectable(items, select);
  const margin = useScrollMargin(ref);
  const virtualizer = useVirtualizer({ count: items.length, getScrollElement: scroller, estimateSize: () => estimate, overscan: 8, scrollMargin: margin });
  const virtualRows = virtualizer.getVirtualItems();
  useEndOnScreen(ref, onNearEnd);
  const onFocus = useRovingTabIndex(ref);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = Number((e.target as HTMLElement).closest<HTMLElement>('[data-index]')?.dataset.index ?? NaN);
    if (Number.isNaN(index) || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') || e.altKey || e.metaKey || e.ctrlKey) return;
    e.preventDefault();
    const next = Math.min(items.length - 1, Math.max(0, index + (e.key === 'ArrowDown' ? 1 : -1)));
    virtualizer.scrollToIndex(next, { align: 'auto' });
    focusCell(ref.current, `[data-index="${next}"] [tabindex], [data-index="${next}"] button`);
  };

  return (
    <div ref={ref} role="list" aria-label={label} data-list={select?.list} onFocus={onFocus} onKeyDown={onKeyDown} onKeyDownCapture={selectable.onKeyDownCapture} style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
      {virtualRows.map((row) => {
        const item = items[row.index] as T;
        return (
          <Cell
            key={itemKey(item, row.index)}
            item={item}
            index={row.index}
            shape="row"
            render={renderRow}
            entries={selectable.entries}
            offset={row.start - margin}
            measure={virtualizer.measureElement}
            {...cellSelection(item, select)}
          />
        );
      })}
    </div>
  );
}
