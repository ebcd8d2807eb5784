// Exposes window.feedlens: named, typed functions only.
import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('feedlens', {});
