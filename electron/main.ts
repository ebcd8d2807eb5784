// Composition root: wires the main-process modules to Electron and creates the window. Nothing else
// lives here; every module it wires runs and is tested in plain Node (see electron/core.ts).
import { app, BrowserWindow, dialog, ipcMain, Menu, nativeImage, net, Notification, powerSaveBlocker, protocol, session, shell, Tray } from 'electron';
import { join } from 'node:path';
import { eventChannelOf, type EventName, type EventPayloads } from '../shared/ipc';
import { APP_ENTRY_URL, APP_ORIGIN, APP_SCHEME, createAppProtocolHandler, PRIVILEGED_SCHEMES } from './protocols/app-protocol';
import { createAppCore } from './core';
import type { Ask } from './calls/ask';
import { devOverrides } from './platform/dev-overrides';
import { createKeyStores, LEGACY_KEY_ACCOUNT, openSecretStore } from './platform/keychain';
import { createMediaHandler, MEDIA_CACHE_FOLDER } from './protocols/media-protocol';
import { createRouter, originOf, registerIpc } from './ipc/router';
import { denyAllPermissions } from './platform/security';
import { createSimulator, DEFAULT_API_ORIGIN, DEFAULT_MEDIA_ORIGIN, type Simulator } from './simulator/service';
import { createMainWindow } from './platform/window';
import { createBackground, type TrayItem } from './platform/background';
import { MEDIA_SCHEME, toMediaUrl } from '../shared/media-url';
import { createLibraryFileHandler } from './library/files';
import { netRequestFetch, type NetRequestLike } from './protocols/net-request-fetch';

// A failure nobody awaited must not take the app (and the user's work) down: log it and carry on.
process.on('uncaughtException', (error) => console.error('Feedlens: uncaught exception (the app keeps running):', error));
process.on('unhandledRejection', (reason) => console.error('Feedlens: unhandled rejection (the app keeps running):', reason));

// Development and tests only: a packaged app never takes its data folder or its page from the environment.
const overrides = devOverrides(process.env, app.isPackaged);
// Tests may point the app at another data folder (before anything reads it).
if (overrides.userData) app.setPath('userData', overrides.userData);

// Custom schemes must be registered before the app is ready.
protocol.registerSchemesAsPrivileged([...PRIVILEGED_SCHEMES]);

const here = import.meta.dirname;
const devServerUrl = overrides.rendererUrl ?? undefined;
// The simulator's media files: shipped beside the asar when packaged (electron-builder extraResources).
const simMediaDir = app.isPackaged ? join(process.resourcesPath, 'sim-media') : join(here, '../../assets/sim-media');

let simulator: Simulator | null = null;
function demoSimulator(): Simulator {
  // Built on first use: demo mode answers in-process, nothing leaves the machine. Its world's clock starts
  // now, so a story keeps its date from one answer to the next (a run with nothing new reads no story again).
  if (!simulator) {
    simulator = createSimulator({ mediaDir: simMediaDir });
    simulator.clock.advance(0);
  }
  return simulator;
}

let core: ReturnType<typeof createAppCore> | null = null;
let background: ReturnType<typeof createBackground> | null = null;

let backgroundTimer: ReturnType<typeof setTimeout> | null = null;
function refreshBackgroundSoon(): void {
  backgroundTimer ??= setTimeout(() => {
    backgroundTimer = null;
    background?.refresh();
  }, 2000);
}

async function start(): Promise<void> {
  const windows: BrowserWindow[] = [];
  const emit = <E extends EventName>(event: E, payload: EventPayloads[E]) => {
    for (const win of windows) if (!win.isDestroyed()) win.webContents.send(eventChannelOf(event), payload);
    // A run's progress or state: the tray and the power-save blocker follow (a run's pages come many a
    // second: looked at once every 2 s at most).
    if (event === 'study') refreshBackgroundSoon();
  };
  const remoteMedia = (cacheBytes: number) =>
    createMediaHandler({
      // net.request, not net.fetch: each redirect must come back to be checked against the allow-list.
      fetch: netRequestFetch((options) => net.request(options) as unknown as NetRequestLike),
      cacheDir: join(app.getPath('userData'), MEDIA_CACHE_FOLDER),
      maxCacheBytes: cacheBytes,
      simulator: { origin: DEFAULT_MEDIA_ORIGIN, handle: (request) => demoSimulator().handle(request) },
    });
  // Downloads go to the download folder; copying them into the viewing cache too would waste the disk.
  const downloadMedia = remoteMedia(0);
  const keychainEntry = (service: string) => (account: string) => openSecretStore({ service, account, platform: process.platform, env: process.env });
  const parent = (): BrowserWindow | undefined => windows.find((w) => !w.isDestroyed());
  // Main's own questions: a native message box, the safe button first and default.
  const ask: Ask = async (q) => {
    const options = {
      type: 'question' as const,
      title: q.title,
      message: q.title,
      detail: [q.message, q.detail].filter(Boolean).join('\n\n'),
      buttons: [q.cancel ?? 'Cancel', q.confirm],
      defaultId: 0,
      cancelId: 0,
      noLink: true,
      ...(q.checkbox ? { checkboxLabel: q.checkbox, checkboxChecked: false } : {}),
    };
    const win = parent();
    const r = win ? await dialog.showMessageBox(win, options) : await dialog.showMessageBox(options);
    return { confirmed: r.response === 1, checked: r.checkboxChecked };
  };
  const appCore = createAppCore({
    dataDir: app.getPath('userData'),
    downloadsDir: app.getPath('downloads'),
    documentsDir: app.getPath('documents'),
    // A study's run ended: what it found and cost, or why it stopped.
    notify: ({ title, body }) => {
      if (Notification.isSupported()) new Notification({ title, body, silent: true }).show();
    },
    keyStores: createKeyStores(keychainEntry('Feedlens')),
    legacyKeyStore: await keychainEntry('Feedlens')(LEGACY_KEY_ACCOUNT),
    ask,
    pickFolder: async ({ title, defaultPath }) => {
      const options = { title, defaultPath, properties: ['openDirectory' as const, 'createDirectory' as const] };
      const win = parent();
      const r = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
      return r.canceled ? null : (r.filePaths[0] ?? null);
    },
    liveFetch: (input, init) => net.fetch(input as string, init),
    demo: async () => {
      const sim = demoSimulator();
      return { baseUrl: DEFAULT_API_ORIGIN, fetch: (input, init) => sim.handle(new Request(input, init)), key: sim.demoKey };
    },
    userAgent: `Feedlens/${app.getVersion()} (${process.platform})`,
    version: app.getVersion(),
    platform: process.platform,
    mediaBase: `${MEDIA_SCHEME}://media/`,
    emit,
    openExternal: (url) => shell.openExternal(url), // eng-disable OPEN_EXTERNAL_JS_CHECK core and security.ts pass only links isExternalAllowed() accepts
    fetchMedia: (url, init) => downloadMedia(new Request(toMediaUrl(url), init)),
    reveal: (path) => shell.showItemInFolder(path),
    // One keychain entry per research project, apart from the data it pseudonymises.
    projectKeys: (project) => openSecretStore({ service: 'Feedlens pseudonymisation', account: project, platform: process.platform, env: process.env }),
  });
  core = appCore;
  await appCore.start();

  protocol.handle(APP_SCHEME, createAppProtocolHandler({ root: join(here, '../renderer') }));
  // app-media: serves saved files of the library (file: URLs inside the download folder) and remote media.
  const viewMedia = remoteMedia(2 * 1024 * 1024 * 1024);
  const savedFiles = createLibraryFileHandler({ roots: () => appCore.mediaRoots() });
  protocol.handle(MEDIA_SCHEME, async (request) => (await savedFiles(request)) ?? viewMedia(request));
  denyAllPermissions(session.defaultSession);

  const appOrigin = devServerUrl ? (originOf(devServerUrl) ?? APP_ORIGIN) : APP_ORIGIN;
  const router = createRouter({ handlers: appCore.handlers, isTrustedSender: (origin) => origin === appOrigin });
  registerIpc(ipcMain, router);

  const openWindow = () => {
    const win = createMainWindow({
      BrowserWindow,
      preloadPath: join(here, '../preload/preload.cjs'),
      url: devServerUrl ?? APP_ENTRY_URL,
      appOrigin,
      openExternal: (url) => shell.openExternal(url), // eng-disable OPEN_EXTERNAL_JS_CHECK core and security.ts pass only links isExternalAllowed() accepts
    });
    windows.push(win);
  };

  // The tray, the power-save blocker and "open at login": decided in platform/background.ts.
  let tray: Tray | null = null;
  let blocker: number | null = null;
  background = createBackground({
    ...appCore.background,
    settings: () => appCore.settings(),
    showTray: (items: TrayItem[] | null) => {
      if (items === null) {
        tray?.destroy();
        tray = null;
        return;
      }
      tray ??= new Tray(nativeImage.createFromPath(join(app.getAppPath(), 'assets/icon.png')).resize({ width: 16, height: 16 }));
      tray.setToolTip('Feedlens');
      tray.setContextMenu(Menu.buildFromTemplate(items.map((i) => (i.action ? { label: i.label, click: () => background?.act(i.action!) } : { label: i.label, enabled: false }))));
    },
    powerSave: (hold) => {
      if (hold) blocker = powerSaveBlocker.start('prevent-app-suspension');
      else if (blocker !== null) {
        powerSaveBlocker.stop(blocker);
        blocker = null;
      }
    },
    notify: ({ title, body }) => {
      if (Notification.isSupported()) new Notification({ title, body, silent: true }).show();
    },
    openWindow,
    quit: () => app.quit(),
    // macOS and Windows (Electron has no login items on Linux: docs/headless.md says how to start it there).
    setOpenAtLogin: (open) => app.setLoginItemSettings({ openAtLogin: open, args: ['--background'] }),
  });
  background.refresh();
  appCore.background.onSettingsChange(() => background?.refresh());

  // Opened at login: only the tray (or nothing, when no study collects), no window.
  const atLogin = process.argv.includes('--background') || app.getLoginItemSettings().wasOpenedAtLogin;
  if (atLogin) background.windowClosed();
  else openWindow();
  // macOS: a click on the Dock icon with no window open opens one.
  app.on('activate', () => {
    if (!windows.some((w) => !w.isDestroyed())) background?.act('open');
  });
}

// The last window closed: Feedlens stays in the tray while a study collects, else it quits (background.ts).
app.on('window-all-closed', () => {
  if (background) background.windowClosed();
  else app.quit();
});
app.on('before-quit', () => void core?.stop());

// One Feedlens per user (per data folder): a second launch focuses the first (or opens its window from the
// tray) and quits without starting anything.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    const win = BrowserWindow.getAllWindows().find((w) => !w.isDestroyed());
    if (!win) return background?.act('open');
    if (win.isMinimized()) win.restore();
    win.focus();
  });
  app.whenReady().then(start, (error: unknown) => {
    console.error('Feedlens could not start:', error);
    app.exit(1);
  });
}
