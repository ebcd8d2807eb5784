// One Tab stop per grid or list (a roving tabindex): the controls of the active cell keep their place in
// the Tab order, every other cell's are taken out of it, so Tab moves past a 10,000-post grid in one
// press and comes back to the cell last used; the arrow keys move between cells (Virtual.tsx).
import { useCallback, useLayoutEffect, useRef, type FocusEvent, type RefObject } from 'react';

const FOCUSABLE = 'button, a[href], input, select, textarea, [tabindex]';
/** Marks a control taken out of the Tab order here, with the tabindex it had ('' for none). */
const MARK = 'data-roving';

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
  const apply = useCallback(() => {
    const root = ref.current;
    if (!root) return;
    const cells = [...root.querySelectorAll<HTMLElement>('[data-index]')].filter((c) => c.parentElement?.closest('[role=grid], [role=list]') === root);
    if (cells.length === 0) return;
    const stop = cells.find((c) => Number(c.dataset.index) === active.current) ?? cells.reduce((a, b) => (Number(b.dataset.index) < Number(a.dataset.index) ? b : a));
    for (const cell of cells) for (const el of cell.querySelectorAll<HTMLElement>(FOCUSABLE)) setStop(el, cell === stop);
  }, [ref]);
  // After every render, and whenever cells change on their own (rows recycled or scrolled in, a cell's
  // controls shown on selection), as they bring controls of their own.
  useLayoutEffect(apply);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const observer = new MutationObserver(apply);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
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
