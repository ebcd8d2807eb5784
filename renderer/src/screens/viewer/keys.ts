// The viewer's keyboard and closing: keys are handled at the window, unless the user is typing; Esc and
// the Close buttons go back in history (or to search when the viewer was the first page).
import { useEffect, useRef } from 'react';
import { isTyping } from '../../components/KeyboardMap';
import { navigate, useNavigation } from '../../state/navigation';
import type { ViewerAction } from './logic';

export function closeViewer(): void {
  const { index, back } = useNavigation.getState();
  if (index > 0) back();
  else navigate({ name: 'search' });
}

/** Keys the viewer handles, unless the user is typing. */
export function useViewerKeys(handler: (e: KeyboardEvent) => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      ref.current(e);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** The player's keys: arrows move, Space pauses, M mutes. */
export function usePlayerKeys(dispatch: (action: ViewerAction) => void): void {
  useViewerKeys((e) => {
    const target = e.target as HTMLElement | null;
    switch (e.key) {
      case 'ArrowRight':
        e.preventDefault();
        dispatch({ type: 'next' });
        break;
      case 'ArrowLeft':
        e.preventDefault();
        dispatch({ type: 'prev' });
        break;
      case ' ':
        // A focused button answers Space itself (keyboard users pressing it).
        if (target?.tagName === 'BUTTON' || target?.tagName === 'A') return;
        e.preventDefault();
        dispatch({ type: 'togglePause' });
        break;
      case 'm':
      case 'M':
        dispatch({ type: 'toggleMute' });
        break;
    }
  });
}
