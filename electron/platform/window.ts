// The main window. Every security option is written literally in the `new BrowserWindow({...})` call,
// defaults included: that is the checklist made visible, and Electronegativity reads this source (it
// assumes unsafe defaults for anything left out). BrowserWindow is passed in so this runs in plain Node.
import type { BrowserWindowConstructorOptions } from 'electron';
import { hardenContents, type ContentsLike, type OpenExternal } from './security';

/** The parts of Electron's BrowserWindow createMainWindow uses. */
export interface WindowLike {
  webContents: ContentsLike;
  once(event: 'ready-to-show', listener: () => void): unknown;
  show(): void;
  loadURL(url: string): Promise<void>;
}

export interface MainWindowOptions<W extends WindowLike> {
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => W;
  /** Absolute path of the bundled preload (out/preload/preload.cjs). */
  preloadPath: string;
  /** What to load: app://feedlens/index.html, or the dev server's URL in development. */
  url: string;
  /** The origin the window may stay on (the origin of `url`). */
  appOrigin: string;
  openExternal: OpenExternal;
  log?: (message: string) => void;
}

export function createMainWindow<W extends WindowLike>(options: MainWindowOptions<W>): W {
  const { BrowserWindow, preloadPath, url, appOrigin, openExternal, log = console.error } = options;
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 800,
    minHeight: 560,
    show: false,
    title: 'Feedlens',
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: false,
      navigateOnDragDrop: false,
      // Middle-click would otherwise try to open links in a new window.
      disableBlinkFeatures: 'Auxclick',
      // The preload only exposes window.feedlens: named, typed functions built from shared/ipc/index.ts.
      preload: preloadPath, // eng-disable PRELOAD_JS_CHECK bundled, sandboxed, exposes only named functions via contextBridge
    },
  });
  hardenContents(win.webContents, { appOrigin, openExternal, log });
  win.once('ready-to-show', () => win.show());
  win.loadURL(url).catch((error: unknown) => log(`window: could not load the app: ${String(error)}`));
  return win;
}
