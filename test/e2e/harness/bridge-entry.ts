// Runs in the page before the app (addInitScript): builds window.feedlens with the same createBridge the
// preload uses, over two Playwright bindings instead of ipcRenderer.
import { createBridge } from '../../../shared/ipc/bridge';

type Listener = (payload: unknown) => void;
interface HarnessWindow {
  __feedlensInvoke(channel: string, args: unknown): Promise<unknown>;
  __feedlensEmit?: (channel: string, payload: unknown) => void;
  feedlens?: unknown;
}

const w = globalThis as unknown as HarnessWindow;
const listeners = new Map<string, Set<Listener>>();
w.__feedlensEmit = (channel, payload) => listeners.get(channel)?.forEach((listener) => listener(payload));
w.feedlens = createBridge(
  async (channel, args) => {
    // The harness answers with a ticket for the answer's JSON text, served on its own origin (see harness.ts).
    const ticket = (await w.__feedlensInvoke(channel, args)) as string | null;
    if (ticket === null) return undefined;
    const res = await fetch(`/__bridge/${ticket}`, { cache: 'no-store' });
    if (!res.ok) throw new Error(`harness: no answer for ticket ${ticket}`);
    return (await res.json()) as unknown;
  },
  (channel, listener) => {
    const set = listeners.get(channel) ?? new Set<Listener>();
    set.add(listener);
    listeners.set(channel, set);
    return () => set.delete(listener);
  },
);
