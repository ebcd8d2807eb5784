// The window's frame: sidebar, top bar (history, omnibox, balance, demo badge) and the current screen.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useAppState } from '../state/app';
import { useNavigation, useRoute, navigate, type RouteName } from '../state/navigation';
import { useActiveDownloads } from '../screens/downloads/store';
import { EXPLORER_SHORTCUT, useExplorerShortcut } from '../screens/explorer/shortcut';
import { BalanceIndicator } from './BalanceIndicator';
import { BACK_KEY, FORWARD_KEY, isMac, isTyping, KeyboardMap } from './KeyboardMap';
import { Omnibox } from './Omnibox';

const NAV: { route: RouteName; label: string; icon: string }[] = [
  { route: 'search', label: 'Search', icon: '⌕' },
  { route: 'studies', label: 'Studies', icon: '◫' },
  { route: 'library', label: 'Library', icon: '▦' },
  { route: 'downloads', label: 'Downloads', icon: '⤓' },
  { route: 'log', label: 'Request log', icon: '☰' },
  { route: 'explorer', label: 'API explorer', icon: '{}' },
  { route: 'settings', label: 'Settings', icon: '⚙' },
];

/** Back/forward with the platform's usual shortcuts and mouse buttons; "/" focuses the omnibox and selects
 *  its old text, so what is typed next replaces it. */
function useGlobalShortcuts(focusOmnibox: () => void) {
  const back = useNavigation((s) => s.back);
  const forward = useNavigation((s) => s.forward);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const backKey = isMac ? e.metaKey && (e.key === '[' || e.key === 'ArrowLeft') : e.altKey && e.key === 'ArrowLeft';
      const forwardKey = isMac ? e.metaKey && (e.key === ']' || e.key === 'ArrowRight') : e.altKey && e.key === 'ArrowRight';
      if (backKey) {
        e.preventDefault();
        back();
      } else if (forwardKey) {
        e.preventDefault();
        forward();
      } else if (e.key === '/' && !isTyping(e.target) && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        focusOmnibox();
      }
    };
    const onMouse = (e: MouseEvent) => {
      if (e.button === 3) back();
      if (e.button === 4) forward();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('mouseup', onMouse);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('mouseup', onMouse);
    };
  }, [back, forward, focusOmnibox]);
}

export function Shell({ children }: { children: ReactNode }) {
  const route = useRoute();
  const canBack = useNavigation((s) => s.index > 0);
  const canForward = useNavigation((s) => s.index < s.entries.length - 1);
  const back = useNavigation((s) => s.back);
  const forward = useNavigation((s) => s.forward);
  const version = useAppState((s) => s.info?.version);
  const omnibox = useRef<HTMLInputElement>(null);
  const activeDownloads = useActiveDownloads();
  const focusOmnibox = useCallback(() => {
    omnibox.current?.focus();
    omnibox.current?.select();
  }, []);
  useGlobalShortcuts(focusOmnibox);
  useExplorerShortcut();

  return (
    <div className="app">
      <nav className="sidebar" aria-label="Main">
        <div className="brand">
          <span className="brand-mark" aria-hidden />
          Feedlens
        </div>
        {NAV.map((item) => (
          <button
            key={item.route}
            className="nav-item"
            aria-current={route.name === item.route || (item.route === 'studies' && route.name === 'study') ? 'page' : undefined}
            onClick={() => navigate({ name: item.route } as never)}
            title={item.route === 'explorer' ? `Every endpoint of the service (${EXPLORER_SHORTCUT})` : undefined}
          >
            <span aria-hidden>{item.icon}</span>
            {item.label}
            {item.route === 'downloads' && activeDownloads > 0 && (
              <span className="count" data-testid="downloads-badge" aria-label={`${activeDownloads} downloading`}>
                {activeDownloads.toLocaleString()}
              </span>
            )}
          </button>
        ))}
        <div className="sidebar-foot">Feedlens {version}</div>
      </nav>
      <header className="topbar">
        <button className="icon-btn" onClick={back} disabled={!canBack} aria-label="Back" title={`Back (${BACK_KEY})`}>
          ←
        </button>
        <button className="icon-btn" onClick={forward} disabled={!canForward} aria-label="Forward" title={`Forward (${FORWARD_KEY})`}>
          →
        </button>
        <Omnibox ref={omnibox} />
        <span className="spacer" />
        <BalanceIndicator />
        <KeyboardMap />
      </header>
      <main className="content" id="content">
        <StartupNotices />
        {children}
      </main>
    </div>
  );
}

/** What main found wrong at start (a damaged settings file reset...), until the user dismisses it. */
function StartupNotices() {
  const notices = useAppState((s) => s.info?.notices ?? []);
  const [dismissed, setDismissed] = useState(false);
  if (dismissed || notices.length === 0) return null;
  return (
    <div className="notice warn row startup-notice" role="alert" data-testid="startup-notice">
      <span>{notices.join(' ')}</span>
      <span className="spacer" />
      <button type="button" className="btn ghost" onClick={() => setDismissed(true)}>
        Dismiss
      </button>
    </div>
  );
}
