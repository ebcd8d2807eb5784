// What main tells the renderer about the app: mode, balance, key status, settings, version. Loaded at
// start and kept current from main's events.
import { create } from 'zustand';
import type { AppInfo, BalanceState, KeyStatus, ModeInfo } from '../../../shared/ipc';
import type { Settings } from '../../../shared/settings';
import { feedlens } from '../api/bridge';

interface AppState {
  ready: boolean;
  info: AppInfo | null;
  mode: ModeInfo | null;
  balance: BalanceState | null;
  key: KeyStatus | null;
  settings: Settings | null;
  loadError: string | null;
  load(): Promise<void>;
  setSettings(settings: Settings): void;
}

export const useAppState = create<AppState>((set) => ({
  ready: false,
  info: null,
  mode: null,
  balance: null,
  key: null,
  settings: null,
  loadError: null,
  async load() {
    try {
      await loadFromMain(set);
    } catch (error) {
      set({ loadError: error instanceof Error ? error.message : String(error) });
    }
  },
  setSettings: (settings) => {
    set({ settings });
    // Some app facts follow the settings (the resolved download folder).
    void feedlens()
      .appInfo({})
      .then((info) => info.ok && set({ info: info.value }));
  },
}));

async function loadFromMain(set: (partial: Partial<AppState>) => void): Promise<void> {
  const api = feedlens();
  api.on('balance', (balance) => set({ balance }));
  api.on('mode', (mode) => set({ mode }));
  api.on('key', (key) => set({ key }));
  const [info, mode, key, settings, balance] = await Promise.all([
    api.appInfo({}),
    api.modeGet({}),
    api.keyStatus({}),
    api.settingsGet({}),
    api.balanceGet({}),
  ]);
  if (!info.ok || !mode.ok || !key.ok || !settings.ok) {
    const failed = [info, mode, key, settings].find((r) => !r.ok);
    set({ loadError: failed && !failed.ok ? failed.error.message : 'Could not reach the main process.' });
    return;
  }
  set({
    ready: true,
    info: info.value,
    mode: mode.value,
    key: key.value,
    settings: settings.value,
    balance: balance.ok ? balance.value : null,
  });
}

/** The id of main's current session (changes with mode, service address or key). */
export function useSessionId(): string {
  return useAppState((s) => s.mode?.session.id ?? 'none');
}

/** A remote media URL as the renderer may load it (through main's app-media: protocol). */
export function mediaSrc(remote: string | null | undefined): string | undefined {
  const base = useAppState.getState().info?.mediaBase;
  if (!remote || !base) return undefined;
  return `${base}?u=${encodeURIComponent(remote)}`;
}
