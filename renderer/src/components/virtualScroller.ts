// What the virtual lists know of the page's scroller (#content): where a list starts in it, how wide it
// is, and whether its end is on screen (when the next page may be fetched).
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

export function scroller(): HTMLElement | null {
  return document.getElementById('content');
}

/** The element's offset from the top of the scroller (where the virtual rows start). */
export function useScrollMargin(ref: RefObject<HTMLElement | null>): number {
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
export function useEndOnScreen(ref: RefObject<HTMLElement | null>, onEnd: (() => void) | undefined): void {
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

export function useWidth(ref: RefObject<HTMLElement | null>): number {
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
