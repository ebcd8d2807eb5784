// One Tab stop per grid or list (a roving tabindex): the controls of the active cell keep their place in
// the Tab order, every other cell's are taken out of it, so Tab moves past a 10,000-post grid in one
// press and comes back to the cell last used; the arrow keys move between cells (Virtual.tsx).
import { useCallback, useLayoutEffect, useRef, type FocusEvent, type RefObject } from 'react';

/** Controls in the Tab order that were not taken out of it here (a negative tabindex is out already). */
const IN_TAB_ORDER = ':is(button, a[href], input, select, textarea, [tabindex]):not([data-roving]):not([tabindex^="-"])';
/** Marks a control taken out of the Tab order here, with the tabindex it had ('' for none). */
const MARK = 'data-roving';

/**
 * The cell holding the Tab stop: the active one, else the first rendered (the DOM is in index order). A list's
 * cells are its children, a grid's the children of its rows: looked for there (a few dozen elements), not by
 * a query over every node of every cell, as the active one, scrolled away, made it after each render.
 */
function stopCell(root: HTMLElement, active: number): HTMLElement | null {
  const wanted = String(active);
  let first: HTMLElement | null = null;
  for (const child of root.children) {
    for (const cell of child.hasAttribute('data-index') ? [child] : child.children) {
      if (!(cell instanceof HTMLElement) || !cell.hasAttribute('data-index')) continue;
      if (cell.getAttribute('data-index') === wanted) return cell;
      first ??= cell;
    }
  }
  return first;
}

function setStop(el: HTMLElement, on: boolean): void {
  const taken = el.hasAttribute(MARK);
  if (on && taken) {
    const before = el.getAttribute(MARK) ?? '';
    if (before === '') el.removeAttribute('tabindex');
    else el.setAttribute('tabindex', before);
    el.removeAttribute(MARK);
  } else if (!on && !taken && el.tabIndex >= 0) {
    el.setAttribute(MARK, el.getAttribute('tabindex') ?? '');
    el.tabIndex = -1;
  }
}

/**
 * Keeps the Tab stop of the list in `ref` on its active cell (the last focused; the first rendered when
 * that one is scrolled out of the DOM). Returns the onFocus handler for the list's element.
 */
export function useRovingTabIndex(ref: RefObject<HTMLElement | null>): (e: FocusEvent<HTMLElement>) => void {
  const active = useRef(0);
  const observer = useRef<MutationObserver | null>(null);
  /** The cell that held the stop after the last pass (null: none yet, or the list had no cell). */
  const lastStop = useRef<HTMLElement | null>(null);
  // Runs after every render of a list that may show a new page or scroll, and when cells change on their own.
  // Every control outside the stop is out of the Tab order after a pass, so the next only visits what can
  // break that: the nodes added since (the observer's records: cells filled, rows scrolled in or moved),
  // and the cell that held the stop when the stop moves (as it does while the list scrolls and the first
  // cell rendered holds it), not every control in the list.
  const apply = useCallback(
    (records?: MutationRecord[]) => {
      const root = ref.current;
      if (!root) return;
      // Records handed to the observer's callback, else the ones a render left pending (taken: no second pass).
      const added = records ?? observer.current?.takeRecords() ?? [];
      const stop = stopCell(root, active.current);
      const last = lastStop.current;
      lastStop.current = stop;
      if (!stop) return;
      const takeOut = (within: Element) => {
        if (within instanceof HTMLElement && within.matches(IN_TAB_ORDER) && !stop.contains(within)) setStop(within, false);
        for (const el of within.querySelectorAll<HTMLElement>(IN_TAB_ORDER)) if (!stop.contains(el)) setStop(el, false);
      };
      if (!last) {
        takeOut(root);
      } else {
        if (last !== stop && root.contains(last)) takeOut(last);
        for (const record of added) for (const node of record.addedNodes) if (node instanceof Element && root.contains(node)) takeOut(node);
      }
      if (last !== stop) for (const el of stop.querySelectorAll<HTMLElement>(`[${MARK}]`)) setStop(el, true);
    },
    [ref],
  );
  // After every render, and whenever cells change on their own (rows recycled or scrolled in, a cell's
  // controls shown on selection), as they bring controls of their own.
  useLayoutEffect(() => apply());
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const watch = new MutationObserver((records) => apply(records));
    watch.observe(root, { childList: true, subtree: true });
    observer.current = watch;
    return () => {
      watch.disconnect();
      observer.current = null;
    };
  }, [ref, apply]);
  return useCallback(
    (e: FocusEvent<HTMLElement>) => {
      const index = Number(e.target.closest<HTMLElement>('[data-index]')?.dataset.index ?? NaN);
      if (Number.isNaN(index) || index === active.current) return;
      active.current = index;
      apply();
    },
    [apply],
  );
}
