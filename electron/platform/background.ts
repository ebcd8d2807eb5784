// Collecting with the window closed: whether closing the window keeps Feedlens in the tray (menu bar on
// macOS) or quits, what the tray's menu says, the one-time notice, and the power-save blocker held while a
// run is active. The decisions are plain functions; createBackground applies them through the few
// Electron calls main.ts passes in, so all of it runs and is tested in Node.
import type { Settings } from '../../shared/settings';
import type { RunInfo, StudyInfo } from '../../shared/ipc/studies';

export interface CollectionState {
  studies: StudyInfo[];
  /** "Pause all collection" is on. */
  paused: boolean;
}

/** The run under way (running or paused) of any study, with its study's name. */
export function activeRun(state: CollectionState): { study: string; run: RunInfo } | null {
  for (const s of state.studies) if (s.lastRun && (s.lastRun.state === 'running' || s.lastRun.state === 'paused')) return { study: s.name, run: s.lastRun };
  return null;
}

/** The next scheduled run of any study (authorised on this computer), soonest first. */
export function nextScheduled(state: CollectionState): { study: string; at: number } | null {
  let next: { study: string; at: number } | null = null;
  for (const s of state.studies) {
    const at = s.schedule ? Math.min(s.schedule.nextRunAt, s.schedule.nextStoriesAt ?? Infinity) : null;
    if (at !== null && (!next || at < next.at)) next = { study: s.name, at };
  }
  return next;
}

/** Closing the window keeps Feedlens collecting when a study has a schedule or a run, and the setting allows it. */
export function staysInTray(state: CollectionState, settings: Pick<Settings, 'backgroundCollection'>): boolean {
  return settings.backgroundCollection && (activeRun(state) !== null || nextScheduled(state) !== null);
}

/** A power-save blocker is held while a run is running (not while it waits, paused). */
export function holdsPowerSave(state: CollectionState): boolean {
  return activeRun(state)?.run.state === 'running';
}

export type TrayAction = 'open' | 'pause' | 'resume' | 'quit';
export interface TrayItem {
  label: string;
  /** Absent: a line of information. */
  action?: TrayAction;
}

const clock = (ms: number, timeZone?: string) => new Date(ms).toLocaleString('en-GB', { weekday: 'short', hour: '2-digit', minute: '2-digit', ...(timeZone ? { timeZone } : {}) });

/** The tray menu: the running run's progress, the next scheduled run, units spent today, then the actions. */
export function trayMenu(state: CollectionState, timeZone?: string): TrayItem[] {
  const items: TrayItem[] = [];
  const active = activeRun(state);
  if (active) {
    const { run } = active;
    const pace = `${run.pages.toLocaleString('en-US')} pages, ${run.unitsSpent.toLocaleString('en-US')} of ${run.budget.toLocaleString('en-US')} requests`;
    items.push({ label: `${active.study}: ${run.state === 'paused' ? 'paused' : 'collecting'} (${pace})` });
  } else items.push({ label: 'No run under way' });
  const next = nextScheduled(state);
  items.push({ label: state.paused ? 'Collection paused: no scheduled run starts' : next ? `Next: ${next.study}, ${clock(next.at, timeZone)}` : 'Nothing scheduled' });
  const today = state.studies.reduce((n, s) => n + (s.schedule?.spentToday ?? 0), 0);
  items.push({ label: `Spent today by schedules: ${today.toLocaleString('en-US')} requests` });
  items.push({ label: 'Open Feedlens', action: 'open' });
  items.push(state.paused ? { label: 'Resume collection', action: 'resume' } : { label: 'Pause all collection', action: 'pause' });
  items.push({ label: 'Quit Feedlens', action: 'quit' });
  return items;
}

/** What main.ts gives the background: the core's view of collection, and the Electron calls it makes. */
export interface BackgroundDeps {
  collection(): CollectionState;
  pauseAll(paused: boolean): void;
  settings(): Settings;
  /** Main's own settings change (the notice was shown). */
  updateSettings(changes: Partial<Settings>): void;
  /** Shows (or updates) the tray icon with this menu; null removes it. */
  showTray(items: TrayItem[] | null): void;
  powerSave(hold: boolean): void;
  notify(n: { title: string; body: string }): void;
  openWindow(): void;
  quit(): void;
  /** Applies "open at login" (in the tray, without a window). */
  setOpenAtLogin(open: boolean): void;
}

export interface Background {
  /** The last window closed: stay in the tray (true) or quit. */
  windowClosed(): boolean;
  /** Collection or settings changed (a study event, a setting): the tray and the power-save blocker follow. */
  refresh(): void;
  /** A tray menu item was chosen. */
  act(action: TrayAction): void;
}

export function createBackground(d: BackgroundDeps): Background {
  let inTray = false;
  let holding = false;
  let loginItem: boolean | null = null;

  function refresh(): void {
    const state = d.collection();
    const hold = holdsPowerSave(state);
    if (hold !== holding) d.powerSave((holding = hold));
    if (inTray) d.showTray(trayMenu(state));
    const open = d.settings().openAtLogin;
    if (open !== loginItem) d.setOpenAtLogin((loginItem = open));
  }

  return {
    windowClosed() {
      const state = d.collection();
      if (!staysInTray(state, d.settings())) {
        d.quit();
        return false;
      }
      inTray = true;
      if (!d.settings().backgroundNoticeShown) {
        d.notify({ title: 'Feedlens keeps collecting', body: 'Your studies’ schedules go on from the tray. Quit Feedlens from its tray menu; turn this off in Settings.' });
        d.updateSettings({ backgroundNoticeShown: true });
      }
      refresh();
      return true;
    },
    refresh,
    act(action) {
      if (action === 'open') {
        inTray = false;
        d.showTray(null);
        d.openWindow();
      } else if (action === 'quit') d.quit();
      else {
        d.pauseAll(action === 'pause');
        refresh();
      }
    },
  };
}
