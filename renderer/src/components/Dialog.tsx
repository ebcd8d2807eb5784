// The app's one modal dialog, on the native <dialog> opened with showModal(): the page behind is inert (no
// click, no Tab, no screen reader reaches it), Esc closes unless main is working on it, Tab cycles inside.
// The focus starts on the element marked `data-autofocus` (where a dialog spends, the button that does
// not), else on the first control, and goes back to what opened the dialog when it closes.
import { useId, useLayoutEffect, useRef, type KeyboardEvent as ReactKeyboardEvent, type ReactNode, type RefObject } from 'react';

const FOCUSABLE = 'button:not(:disabled), [href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled), summary, [tabindex]:not([tabindex="-1"])';

/** The elements Tab reaches inside `root`, in order (hidden ones left out). */
function tabbable(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0 && !el.closest('[inert], fieldset:disabled'));
}

/**
 * Keeps Tab and Shift+Tab inside `roots` (taken in order, as one cycle): from the last element to the
 * first and back, and from anywhere else (focus lost to the body) to the first.
 */
export function trapTab(e: { key: string; shiftKey: boolean; preventDefault(): void }, roots: readonly HTMLElement[]): void {
  if (e.key !== 'Tab' || roots.length === 0) return;
  const els = roots.flatMap(tabbable);
  const first = els[0];
  const last = els.at(-1);
  const active = document.activeElement;
  if (!first || !last) {
    e.preventDefault();
    roots[0]?.focus();
    return;
  }
  const inside = roots.some((r) => r.contains(active));
  const at = els.indexOf(active as HTMLElement);
  // Between roots, or from a root itself (not one of its controls), the next stop is chosen here.
  if (!inside || roots.includes(active as HTMLElement)) {
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
  } else if (at === -1) {
    return; // a control Tab does not stop at (focused by a click or a script): the browser's order
  } else if (e.shiftKey && at === 0) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && at === els.length - 1) {
    e.preventDefault();
    first.focus();
  } else if (roots.length > 1) {
    e.preventDefault();
    els[at + (e.shiftKey ? -1 : 1)]?.focus();
  }
}

/** The keydown handler that keeps Tab inside `root` (see trapTab). */
export function useFocusTrap(root: RefObject<HTMLElement | null>): (e: ReactKeyboardEvent) => void {
  return (e) => {
    if (root.current) trapTab(e, [root.current]);
  };
}

export interface DialogProps {
  /** The heading, which names the dialog. */
  title: ReactNode;
  onClose: () => void;
  /** Main is working on what the dialog asked: Esc and the backdrop do not close it. */
  busy?: boolean;
  /** Extra class names (size: 'sel-dialog', 'post-dialog wide'...). */
  className?: string;
  testId?: string;
  /** A click on the backdrop closes it too (dialogs with nothing to lose). */
  backdropCloses?: boolean;
  /** Where the heading row's end goes (a close button). */
  headerEnd?: ReactNode;
  children: ReactNode;
}

export function Dialog({ title, onClose, busy = false, className = '', testId, backdropCloses = false, headerEnd, children }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const trap = useFocusTrap(ref);
  const latest = useRef({ onClose, busy });
  latest.current = { onClose, busy };

  // Before the first paint: a <dialog> shown otherwise than by showModal would flash in the page.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? tabbable(dialog)[0];
    (first ?? dialog).focus();
    return () => {
      dialog.close();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  const close = () => {
    if (!latest.current.busy) latest.current.onClose();
  };

  return (
    <dialog
      ref={ref}
      className={`dialog ${className}`}
      aria-labelledby={titleId}
      data-testid={testId}
      tabIndex={-1}
      // Esc: the browser's "cancel" event; the dialog closes only through React's state.
      // React passes these on to the dialogs it is nested in (a job dialog opened from the export dialog):
      // each dialog answers only its own.
      onCancel={(e) => {
        e.preventDefault();
        if (e.target === e.currentTarget) close();
      }}
      onKeyDown={(e) => {
        if ((e.target as Element).closest('dialog') !== e.currentTarget) return;
        trap(e);
        if (e.key === 'Escape') e.stopPropagation();
      }}
      // A press on the backdrop lands on the <dialog> itself, outside its box.
      onMouseDown={(e) => {
        if (!backdropCloses || e.target !== e.currentTarget) return;
        const r = e.currentTarget.getBoundingClientRect();
        if (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom) close();
      }}
    >
      <div className="dialog-head">
        <h2 id={titleId}>{title}</h2>
        {headerEnd}
      </div>
      {children}
    </dialog>
  );
}
