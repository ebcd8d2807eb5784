// The download queue as the renderer knows it: main's latest snapshot, from downloadsList once and the
// 'downloads' events after. One subscription for the whole app, so the sidebar's badge stays current
// whichever screen is open.
import { useEffect } from 'react';
import { create } from 'zustand';
import type { AppError } from '../../../../shared/api/errors';
import type { DownloadsSnapshot, OpArgs } from '../../../../shared/ipc';
import { feedlens, ServiceError } from '../../api/bridge';
import { activeCount } from './format';

type Action = OpArgs<'downloadsControl'>['action'];

interface DownloadsState {
  snapshot: DownloadsSnapshot | null;
  loadError: AppError | null;
  /** Subscribes to main's events and loads the queue; later calls do nothing. */
  connect(): void;
  /** Pause, resume, cancel, retry some items (ids) or all; clear removes finished ones. */
  control(action: Action, ids?: string[]): Promise<void>;
}

let connected = false;

export const useDownloads = create<DownloadsState>((set) => ({
  snapshot: null,
  loadError: null,
  connect() {
    if (connected) return;
    connected = true;
    const api = feedlens();
    api.on('downloads', (snapshot) => set({ snapshot, loadError: null }));
    void api.downloadsList({}).then((result) => {
      // An event that arrived meanwhile is newer than this answer.
      if (result.ok) set((s) => (s.snapshot ? {} : { snapshot: result.value }));
      else set({ loadError: result.error });
    });
  },
  async control(action, ids) {
    const result = await feedlens().downloadsControl(ids ? { action, ids } : { action });
    if (!result.ok) throw new ServiceError(result.error);
    set({ snapshot: result.value });
  },
}));

/** The queue, connected on first use. */
export function useDownloadsSnapshot(): DownloadsSnapshot | null {
  const connect = useDownloads((s) => s.connect);
  useEffect(connect, [connect]);
  return useDownloads((s) => s.snapshot);
}

/** Files waiting or downloading, for the sidebar's badge. */
export function useActiveDownloads(): number {
  return activeCount(useDownloadsSnapshot());
}
