// "?" shows every keyboard shortcut of the app in a dialog, from anywhere but a text field.
import { useEffect, useState } from 'react';
import { EXPLORER_SHORTCUT } from '../screens/explorer/shortcut';
import { Dialog } from './Dialog';

export const isMac = navigator.platform.toLowerCase().includes('mac');
export const BACK_KEY = isMac ? '⌘[' : 'Alt+←';
export const FORWARD_KEY = isMac ? '⌘]' : 'Alt+→';
const MOD = isMac ? '⌘' : 'Ctrl';

/** Every shortcut, by where it works. Keys are written as shown on the keyboard, one key per string. */
export const SHORTCUTS: readonly { where: string; keys: readonly { keys: readonly string[]; does: string }[] }[] = [
  {
    where: 'Anywhere',
    keys: [
      { keys: ['?'], does: 'Show this list of shortcuts' },
      { keys: ['/'], does: 'Go to the bar at the top (links, @handles, #hashtags, words)' },
      { keys: [BACK_KEY], does: 'Back, to the same place on the page' },
      { keys: [FORWARD_KEY], does: 'Forward' },
      { keys: [EXPLORER_SHORTCUT], does: 'Open the API explorer and search its endpoints' },
      { keys: ['Esc'], does: 'Close a dialog or the story viewer; clear the selection' },
    ],
  },
  {
    where: 'Grids and lists',
    keys: [
      { keys: ['Tab'], does: 'Into the grid (one stop), to the item last used, and out of it' },
      { keys: ['←', '→', '↑', '↓'], does: 'Move between items' },
      { keys: ['Enter'], does: 'Open the item' },
      { keys: ['Space'], does: 'Select or unselect the item' },
      { keys: ['Shift', 'Space'], does: 'Select the range from the last selected item' },
      { keys: [MOD, 'A'], does: 'Select everything loaded in the list' },
    ],
  },
  {
    where: 'Post',
    keys: [{ keys: ['←', '→'], does: 'Previous or next item of a carousel' }],
  },
  {
    where: 'Story viewer',
    keys: [
      { keys: ['←', '→'], does: 'Previous or next story' },
      { keys: ['Space'], does: 'Pause or play (holding the mouse on the story pauses too)' },
      { keys: ['M'], does: 'Mute or unmute' },
      { keys: ['Esc'], does: 'Close the viewer' },
    ],
  },
];

/** Whether a key goes to a text field (then it is typed, not a shortcut). */
export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable);
}

/** The "?" key and the dialog it opens. */
export function KeyboardMap() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '?' || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (!open) return null;
  return (
    <Dialog
      title="Keyboard shortcuts"
      onClose={() => setOpen(false)}
      className="keys-dialog"
      testId="keyboard-map"
      backdropCloses
      headerEnd={
        <button type="button" className="icon-btn" onClick={() => setOpen(false)} aria-label="Close" title="Close (Esc)" data-autofocus>
          ✕
        </button>
      }
    >
      <div className="keys-groups">
        {SHORTCUTS.map((group) => (
          <section key={group.where} aria-label={group.where}>
            <h3>{group.where}</h3>
            <dl className="keys-list">
              {group.keys.map((k) => (
                <div key={k.does} data-testid="shortcut">
                  <dt>
                    {k.keys.map((key) => (
                      <kbd key={key}>{key}</kbd>
                    ))}
                  </dt>
                  <dd>{k.does}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
