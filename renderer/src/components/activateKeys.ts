// A row that is one button-like control (a div with role="button") opens with Enter or Space, as a real
// button does. Space's default, scrolling the list, is prevented. In a selectable list the selection's
// keys come first (SelectionCheck's selectionKeyDown, in the capture phase): there Space selects.
import type { KeyboardEvent } from 'react';

export function opensOnEnterOrSpace(open: (() => void) | null): (e: KeyboardEvent) => void {
  return (e) => {
    if (open && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      open();
    }
  };
}
