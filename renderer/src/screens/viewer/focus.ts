// The viewer holds the focus as the app's dialogs do: the shell behind it is inert, and Tab cycles
// through the viewer's controls and the selection tray's (the tray stays usable above the viewer). The
// story pauses while the focus is out of the viewer (in the tray), as it does when the window loses it.
import { useEffect, type RefObject } from 'react';
import { trapTab } from '../../components/Dialog';
import type { PauseReason } from './logic';

const TRAY = '[data-testid=selection-tray]';

export function useViewerFocus(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const behind = [...document.querySelectorAll<HTMLElement>('.sidebar, .topbar, .startup-notice')];
    for (const el of behind) el.inert = true;
    document.body.setAttribute('data-viewer', '');
    const onKey = (e: KeyboardEvent) => {
      if (document.querySelector('dialog[open]')) return; // a dialog above the viewer keeps its own Tab
      const roots = [root.current, document.querySelector<HTMLElement>(TRAY)].filter((r): r is HTMLElement => r !== null);
      trapTab(e, roots);
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      for (const el of behind) el.inert = false;
      document.body.removeAttribute('data-viewer');
      window.removeEventListener('keydown', onKey, true);
    };
  }, [root]);
}

/** Pauses the story (reason 'away') while the focus is outside the viewer, and resumes when it comes back. */
export function usePauseAway(dispatch: (action: { type: 'pause' | 'resume'; reason: PauseReason }) => void): void {
  useEffect(() => {
    const onFocus = (e: FocusEvent) => {
      const inViewer = e.target instanceof Element && e.target.closest('[data-testid=story-viewer]') !== null;
      dispatch({ type: inViewer ? 'resume' : 'pause', reason: 'away' });
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, [dispatch]);
}
