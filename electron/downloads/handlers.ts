// The IPC operations of the download queue, for the router (core.ts spreads them into its handlers).
import type { Handlers } from '../ipc/router';
import type { DownloadQueue } from './queue';

export function createDownloadHandlers(deps: { queue: DownloadQueue }): Pick<Handlers, 'downloadsEnqueue' | 'downloadsControl' | 'downloadsList'> {
  const { queue } = deps;
  return {
    downloadsEnqueue: async ({ items }) => queue.enqueue(items),
    downloadsControl: async ({ action, ids }) => queue.control(action, ids),
    downloadsList: async () => queue.snapshot(),
  };
}
