// Virtualised grids and lists inside the page's scroller (#content): only what is on screen is in the
// DOM, so lists of thousands stay fast. `onNearEnd` fires when the list's end is actually on screen;
// screens pass the list's onListEnd, which fetches the next page only if one exists and none is loading.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type { Selectable } from '../state/selection';
import { SelectFrame, selectionKeyDown, type ListSpot } from './SelectionCheck';

function scroller(): HTMLElement | null {
  return document.getElementById('content');
}

/** The element's offset from the top of the scroller (where the virtual rows start). */
function useScrollMargin(ref: RefObject<HTMLElement | null>): number {
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    const sc = scroller();
    if (!el || !sc) return;
    const measure = () => setMargin(el.getBoundingClientRect().top - sc.getBoundingClientRect().top + sc.scrollTop);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(sc);
    // Content above the list may change height after the list mounts (a header that loads later): the
    // page itself resizes then, so watch it too, or the margin goes stale and rows render off screen.
    if (sc.firstElementChild) ro.observe(sc.firstElementChild);
    return () => ro.disconnect();
  }, [ref]);
  return margin;
}

/**
 * Calls `onEnd` while the list's end is on screen: the space just below its last row is visible, so the
 * rows a next page adds show at once, and no page is bought before the user reaches it (rows rendered
 * as overscan are off screen and do not count). Checked after each render, scroll and resize, at most
 * once a frame; the caller ignores calls while a page is loading.
 */
function useEndOnScreen(ref: RefObject<HTMLElement | null>, onEnd: (() => void) | undefined): void {
  const callback = useRef(onEnd);
  const schedule = useRef<() => void>(() => undefined);
  useLayoutEffect(() => {
    callback.current = onEnd;
  });
  useEffect(() => {
    const el = ref.current;
    const sc = scroller();
    if (!el || !sc) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      const list = el.getBoundingClientRect();
      const view = sc.getBoundingClientRect();
      if (list.height > 0 && list.bottom >= view.top && list.bottom < view.bottom) callback.current?.();
    };
    const later = () => {
      frame ||= requestAnimationFrame(check);
    };
    schedule.current = later;
    sc.addEventListener('scroll', later, { passive: true });
    const ro = new ResizeObserver(later);
    ro.observe(el);
    ro.observe(sc);
    return () => {
      schedule.current = () => undefined;
      sc.removeEventListener('scroll', later);
      ro.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [ref]);
  // A render may end a load (the same height when a page brought nothing new): look again.
  useEffect(() => schedule.current());
}

function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    setWidth(el.clientWidth);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}

/** Makes a grid's cells or a list's rows selectable (checkbox, Shift-click ranges, Space, Ctrl/Cmd+A). */
export interface SelectOptions<T> {
  /** Identifies the list, for Shift-click ranges (useEndpointList's listId). */
  list: string;
  /** The item with the provenance of the call that fetched it; null when it cannot be selected. */
  entry: (item: T) => Selectable | null;
  /** Names the item for the checkbox ("Select post by @anna"). */
  label?: (item: T) => string;
}

/** Cells and rows become selection hosts when the list is selectable; the keys work in the capture phase. */
function selectableParts<T>(items: T[], select: SelectOptions<T> | undefined) {
  const entries = () => (select ? items.map(select.entry) : []);
  const host = (item: T, index: number, shape: 'cell' | 'row') =>
    select ? { item: select.entry(item), spot: { list: select.list, index, entries } satisfies ListSpot, label: select.label?.(item), shape } : null;
  const onKeyDownCapture = select ? (e: KeyboardEvent<HTMLDivElement>) => void selectionKeyDown(e, select.list, entries()) : undefined;
  return { host, onKeyDownCapture };
}

export interface VirtualGridProps<T> {
  items: T[];
  itemKey: (item: T, index: number) => string;
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

/** A grid with arrow-key navigation between cells (Enter opens the focused cell through its button). */
export function VirtualGrid<T>({ items, itemKey, renderCell, minCellWidth = 180, gap = 4, aspect = 1, onNearEnd, label, select }: VirtualGridProps<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const selectable = selectableParts(items, select);
  const width = useWidth(ref);
  const margin = useScrollMargin(ref);
  const columns = Math.max(1, Math.floor((width + gap) / (minCellWidth + gap)));
  const cell = width > 0 ? (width - gap * (columns - 1)) / columns : minCellWidth;
  const rowHeight = cell * aspect + gap;
  const rows = Math.ceil(items.length / columns);
  const virtualizer = useVirtualizer({ count: rows, getScrollElement: scroller, estimateSize: () => rowHeight, overscan: 2, scrollMargin: margin });
  useEffect(() => virtualizer.measure(), [rowHeight, virtualizer]);
  const virtualRows = virtualizer.getVirtualItems();
  useEndOnScreen(ref, onNearEnd);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    const index = Number(target.closest<HTMLElement>('[data-index]')?.dataset.index ?? NaN);
    if (Number.isNaN(index)) return;
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    const next = Math.min(items.length - 1, Math.max(0, index + step));
    virtualizer.scrollToIndex(Math.floor(next / columns), { align: 'auto' });
    requestAnimationFrame(() => ref.current?.querySelector<HTMLElement>(`[data-index="${next}"] button, [data-index="${next}"] [tabindex]`)?.focus());
  };

  return (
    <div
      ref={ref}
      role="grid"
      aria-label={label}
      aria-rowcount={rows}
      data-list={select?.list}
      onKeyDown={onKeyDown}
      onKeyDownCapture={selectable.onKeyDownCapture}
      style={{ position: 'relative', height: virtualizer.getTotalSize() }}
    >
      {virtualRows.map((row) => (
        <div
          key={row.key}
          role="row"
          style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${row.start - margin}px)`, display: 'grid', gridTemplateColumns: `repeat(${columns}, 1fr)`, gap, height: rowHeight - gap }}
        >
          {items.slice(row.index * columns, row.index * columns + columns).map((item, i) => {
            const index = row.index * columns + i;
            const host = selectable.host(item, index, 'cell');
            return host ? (
              <SelectFrame {...host} role="gridcell" key={itemKey(item, index)} data-index={index}>
                {renderCell(item, index)}
              </SelectFrame>
            ) : (
              <div role="gridcell" key={itemKey(item, index)} data-index={index}>
                {renderCell(item, index)}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

export interface VirtualListProps<T> {
  items: T[];
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
  const selectable = selectableParts(items, select);
  const margin = useScrollMargin(ref);
  const virtualizer = useVirtualizer({ count: items.length, getScrollElement: scroller, estimateSize: () => estimate, overscan: 8, scrollMargin: margin });
  const virtualRows = virtualizer.getVirtualItems();
  useEndOnScreen(ref, onNearEnd);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = Number((e.target as HTMLElement).closest<HTMLElement>('[data-index]')?.dataset.index ?? NaN);
    if (Number.isNaN(index) || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp')) return;
    e.preventDefault();
    const next = Math.min(items.length - 1, Math.max(0, index + (e.key === 'ArrowDown' ? 1 : -1)));
    virtualizer.scrollToIndex(next, { align: 'auto' });
    requestAnimationFrame(() => ref.current?.querySelector<HTMLElement>(`[data-index="${next}"] [tabindex], [data-index="${next}"] button`)?.focus());
  };

  return (
    <div ref={ref} role="list" aria-label={label} data-list={select?.list} onKeyDown={onKeyDown} onKeyDownCapture={selectable.onKeyDownCapture} style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
      {virtualRows.map((row) => {
        const item = items[row.index] as T;
        const props = {
          role: 'listitem',
          'data-index': row.index,
          ref: virtualizer.measureElement,
          style: { position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${row.start - margin}px)` } as const,
        };
        const host = selectable.host(item, row.index, 'row');
        return host ? (
          <SelectFrame {...host} {...props} key={itemKey(item, row.index)}>
            {renderRow(item, row.index)}
          </SelectFrame>
        ) : (
          <div {...props} key={itemKey(item, row.index)}>
            {renderRow(item, row.index)}
          </div>
        );
      })}
    </div>
  );
}
