// Exposes window.feedlens: one function per operation named in shared/ipc/bridge.ts, nothing else (main
// validates the arguments). Sandboxed preloads cannot require project files at run time, so this file is
// bundled with its imports: the bridge only, no schema library.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { createBridge } from '../shared/ipc/bridge';

const invoke = (channel: string, args: unknown): Promise<unknown> => ipcRenderer.invoke(channel, args);

function subscribe(channel: string, listener: (payload: unknown) => void): () => void {
  const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
  ipcRenderer.on(channel, forward);
  return () => ipcRenderer.removeListener(channel, forward);
}

contextBridge.exposeInMainWorld('feedlens', createBridge(invoke, subscribe));
