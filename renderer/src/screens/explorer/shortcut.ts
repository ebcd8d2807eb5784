// Ctrl+Shift+E (⌘⇧E on macOS) opens the API explorer and puts the cursor in its search, from anywhere.
import { useEffect } from 'react';
import { navigate, useNavigation } from '../../state/navigation';

export const SEARCH_ID = 'explorer-search';
export const EXPLORER_SHORTCUT = navigator.platform.toLowerCase().includes('mac') ? '⌘⇧E' : 'Ctrl+Shift+E';

/** Puts the cursor in the Explorer's search once it is on screen. */
export function focusExplorerSearch(): void {
  let tries = 0;
  const attempt = () => {
    const input = document.getElementById(SEARCH_ID);
    if (input) {
      (input as HTMLInputElement).focus();
      (input as HTMLInputElement).select();
    } else if (tries++ < 20) requestAnimationFrame(attempt);
  };
  attempt();
}

export function useExplorerShortcut(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || !e.shiftKey || e.altKey || e.key.toLowerCase() !== 'e') return;
      e.preventDefault();
      const { entries, index } = useNavigation.getState();
      if (entries[index]?.name !== 'explorer') navigate({ name: 'explorer' });
      focusExplorerSearch();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
