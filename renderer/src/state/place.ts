// Where the user was on each history entry: the page's scroll, the focused element and the screen's own
// state (an open side tab, opened replies), kept when the entry is left and given back when back or
// forward shows it again. Nothing is fetched to restore it: the lists' pages are in react-query's cache,
// so the same rows come back at the same height and the scroll lands on the same items.
import { useCallback, useLayoutEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { useNavigation } from './navigation';

/** The focused element: a cell or row of a virtual grid or list (by its index), or an element by a selector. */
type FocusSpot = { list: string; index: number; inner: string | null } | { selector: string };

interface Place {
  scrollTop: number;
  focus: FocusSpot | null;
  /** What screens keep with usePlaceState. */
  state: Record<string, unknown>;
}

const places = new Map<number, Place>();

function placeOf(id: number): Place {
  let place = places.get(id);
  if (!place) {
    place = { scrollTop: 0, focus: null, state: {} };
    places.set(id, place);
  }
  return place;
}

function scroller(): HTMLElement | null {
  return document.getElementById('content');
}

/** A selector that finds `el` again after its screen is built anew, or null. */
function selectorOf(el: Element): string | null {
  if (el.id) return `#${CSS.escape(el.id)}`;
  for (const attr of ['data-testid', 'aria-label', 'name']) {
    const value = el.getAttribute(attr);
    if (value) return `${el.tagName.toLowerCase()}[${attr}="${CSS.escape(value)}"]`;
  }
  return null;
}

function focusSpot(el: Element | null): FocusSpot | null {
  const content = scroller();
  if (!el || !content?.contains(el)) return null;
  const cell = el.closest<HTMLElement>('[data-index]');
  const list = cell?.parentElement?.closest<HTMLElement>('[role=grid][aria-label], [role=list][aria-label]');
  if (cell && list) {
    const inner = el === cell ? null : selectorOf(el);
    return { list: list.getAttribute('aria-label') ?? '', index: Number(cell.dataset.index), inner };
  }
  const selector = selectorOf(el);
  return selector ? { selector } : null;
}

function findFocus(spot: FocusSpot): HTMLElement | null {
  const content = scroller();
  if (!content) return null;
  if ('selector' in spot) return content.querySelector<HTMLElement>(spot.selector);
  const name = CSS.escape(spot.list);
  const cell = content.querySelector<HTMLElement>(`[role=grid][aria-label="${name}"] [data-index="${spot.index}"], [role=list][aria-label="${name}"] [data-index="${spot.index}"]`);
  if (!cell) return null;
  return (spot.inner ? cell.querySelector<HTMLElement>(spot.inner) : null) ?? cell.querySelector<HTMLElement>('button, a[href], [tabindex]') ?? cell;
}

// The last element focused in the page: the Back or Forward button takes the focus on its way out.
let lastFocus: Element | null = null;
document.addEventListener('focusin', (e) => {
  if (e.target instanceof Element && scroller()?.contains(e.target)) lastFocus = e.target;
});

// The entry being left is read before React renders the next one (the store's listeners run at once).
useNavigation.subscribe((now, before) => {
  const left = before.ids[before.index];
  if (left === undefined || now.ids[now.index] === left) return;
  const place = placeOf(left);
  place.scrollTop = scroller()?.scrollTop ?? 0;
  place.focus = focusSpot(lastFocus?.isConnected ? lastFocus : null);
  lastFocus = null;
  // Entries cut off by a new navigation are gone for good.
  for (const id of places.keys()) if (!now.ids.includes(id)) places.delete(id);
});

/** How long a restore waits for a screen's content to reach its old height. */
const RESTORE_MS = 2500;

/**
 * Gives the entry its place back when it is shown: the scroll, re-applied each frame until the page is
 * tall enough and stays so, then the focus. A new entry starts at the top. The user's own scrolling,
 * click or key ends it.
 */
export function useRestorePlace(id: number): void {
  useLayoutEffect(() => {
    const sc = scroller();
    if (!sc) return;
    const place = places.get(id);
    if (!place || (place.scrollTop === 0 && !place.focus)) {
      sc.scrollTop = 0;
      return;
    }
    const { scrollTop } = place;
    let focus = place.focus;
    const started = performance.now();
    let frame = 0;
    let stable = 0;
    let height = -1;
    const step = () => {
      if (Math.abs(sc.scrollTop - scrollTop) > 1) sc.scrollTop = scrollTop;
      stable = Math.abs(sc.scrollTop - scrollTop) <= 1 && sc.scrollHeight === height ? stable + 1 : 0;
      height = sc.scrollHeight;
      const spot = focus && findFocus(focus);
      if ((stable >= 3 && (!focus || spot)) || performance.now() - started > RESTORE_MS) {
        spot?.focus({ preventScroll: true });
        stop();
        return;
      }
      frame = requestAnimationFrame(step);
    };
    const events = ['wheel', 'mousedown', 'keydown', 'touchstart'] as const;
    const stop = () => {
      cancelAnimationFrame(frame);
      for (const e of events) window.removeEventListener(e, stop, true);
      window.removeEventListener('focusin', focusedElsewhere, true);
    };
    // The user went to the bar at the top (or the app moved the focus there): the focus stays with them.
    const focusedElsewhere = (e: FocusEvent) => {
      if (e.target instanceof Node && !sc.contains(e.target)) focus = null;
    };
    for (const e of events) window.addEventListener(e, stop, true);
    window.addEventListener('focusin', focusedElsewhere, true);
    step();
    return stop;
  }, [id]);
}

/** The history entry a screen was built for: screens are keyed by it, so it never changes while they live. */
function useEntryId(): number {
  const [id] = useState(() => {
    const s = useNavigation.getState();
    return s.ids[s.index] ?? 0;
  });
  return id;
}

/** A screen's state that back and forward give back (like useState, kept with the history entry). */
export function usePlaceState<T>(key: string, initial: T): [T, Dispatch<SetStateAction<T>>] {
  const id = useEntryId();
  const [value, setValue] = useState<T>(() => (key in placeOf(id).state ? (placeOf(id).state[key] as T) : initial));
  const set = useCallback(
    (next: SetStateAction<T>) =>
      setValue((previous) => {
        const value = typeof next === 'function' ? (next as (p: T) => T)(previous) : next;
        placeOf(id).state[key] = value;
        return value;
      }),
    [id, key],
  );
  return [value, set];
}

/**
 * A value kept with the history entry that is read and written without rendering: the scroll offset of a
 * screen's own scroller (a table inside the page), written as it scrolls and read once when built again.
 */
export function usePlaceRef<T>(key: string, initial: T): { current: T } {
  const id = useEntryId();
  const [ref] = useState(() => {
    const state = placeOf(id).state;
    if (!(key in state)) state[key] = initial;
    return {
      get current(): T {
        return placeOf(id).state[key] as T;
      },
      set current(value: T) {
        placeOf(id).state[key] = value;
      },
    };
  });
  return ref;
}
