import type { BrowserWindow, BrowserWindowConstructorOptions, Session, WebContents } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { APP_ENTRY_URL, APP_ORIGIN } from '../../../../electron/protocols/app-protocol';
import {
  denyAllPermissions,
  hardenContents,
  isExternalAllowed,
  openIfAllowed,
  type ContentsLike,
  type SessionLike,
} from '../../../../electron/platform/security';
import { createMainWindow, type WindowLike } from '../../../../electron/platform/window';

// Electron's own objects must fit what these modules take (checked by tsc).
const _fits = (w: BrowserWindow, c: WebContents, s: Session): [WindowLike, ContentsLike, SessionLike] => [w, c, s];
void _fits;

type Listener = (event: { preventDefault(): void }, url: string) => void;

/** A WebContents stand-in that records its listeners so a test can fire them. */
class FakeContents implements ContentsLike {
  listeners = new Map<string, Listener>();
  windowOpenHandler: ((details: { url: string }) => { action: 'deny' }) | null = null;
  on(event: string, listener: Listener): this {
    this.listeners.set(event, listener);
    return this;
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void {
    this.windowOpenHandler = handler;
  }
  /** Fires a preventable event; answers whether the listener prevented it. */
  fire(event: string, url = ''): boolean {
    let prevented = false;
    const listener = this.listeners.get(event);
    if (!listener) throw new Error(`no listener for ${event}`);
    listener({ preventDefault: () => (prevented = true) }, url);
    return prevented;
  }
}

function harden() {
  const contents = new FakeContents();
  const openExternal = vi.fn();
  hardenContents(contents, { appOrigin: APP_ORIGIN, openExternal, log: () => {} });
  return { contents, openExternal };
}

describe('isExternalAllowed', () => {
  it.each([
    'https://www.instagram.com/p/B1LbfVPlwIA/',
    'https://www.instagram.com/stories/highlights/18146216698022174/',
    'https://instagram.com/instagram/',
    'https://help.instagram.com/581066165581870',
    'https://hikerapi.com/billing',
    'https://www.hikerapi.com/',
    'https://www.openstreetmap.org/?mlat=48.85&mlon=2.35#map=16/48.85/2.35',
  ])('allows %s', (url) => {
    expect(isExternalAllowed(url)).toBe(true);
  });

  it.each([
    ['plain http', 'http://www.instagram.com/p/B1LbfVPlwIA/'],
    ['a look-alike suffix', 'https://www.instagram.com.evil.example/'],
    ['a look-alike prefix', 'https://evilinstagram.com/'],
    ['another subdomain', 'https://scontent-fra5-2.cdninstagram.com/v/t51.jpg'],
    ['the service API host', 'https://api.hikerapi.com/v2/user/by/username'],
    ['credentials in the URL', 'https://user:pw@www.instagram.com/'],
    ['an unusual port', 'https://www.instagram.com:8443/'],
    ['file://', 'file:///etc/passwd'],
    ['javascript:', 'javascript:alert(1)'],
    ['a custom scheme', 'app://feedlens/index.html'],
    ['not a URL', 'www.instagram.com/p/B1LbfVPlwIA/'],
    ['another map host', 'https://tile.openstreetmap.org/1/1/1.png'],
  ])('refuses %s', (_what, url) => {
    expect(isExternalAllowed(url)).toBe(false);
  });
});

describe('openIfAllowed', () => {
  it('opens an allowed link once and reports it', () => {
    const open = vi.fn();
    expect(openIfAllowed('https://www.instagram.com/instagram/', open)).toBe(true);
    expect(open).toHaveBeenCalledExactlyOnceWith('https://www.instagram.com/instagram/');
  });

  it('never calls openExternal for a refused link', () => {
    const open = vi.fn();
    expect(openIfAllowed('https://evil.example/', open)).toBe(false);
    expect(open).not.toHaveBeenCalled();
  });

  it('a failing openExternal does not throw', async () => {
    const open = vi.fn(() => Promise.reject(new Error('no browser')));
    expect(openIfAllowed('https://hikerapi.com/billing', open)).toBe(true);
    await new Promise((r) => setTimeout(r, 0)); // an unhandled rejection would fail the run
  });
});

describe('hardenContents', () => {
  it('lets the app navigate within its own origin', () => {
    const { contents, openExternal } = harden();
    expect(contents.fire('will-navigate', `${APP_ORIGIN}/index.html#/profile/instagram`)).toBe(false);
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('stops navigation to an allowed site and opens it in the system browser instead', () => {
    const { contents, openExternal } = harden();
    expect(contents.fire('will-navigate', 'https://www.instagram.com/p/B1LbfVPlwIA/')).toBe(true);
    expect(openExternal).toHaveBeenCalledExactlyOnceWith('https://www.instagram.com/p/B1LbfVPlwIA/');
  });

  it.each(['https://evil.example/phish', 'file:///etc/passwd', 'app://feedlens.evil/x', 'http://127.0.0.1:5173/'])(
    'stops navigation to %s and opens nothing',
    (url) => {
      const { contents, openExternal } = harden();
      expect(contents.fire('will-navigate', url)).toBe(true);
      expect(openExternal).not.toHaveBeenCalled();
    },
  );

  it('stops a redirect off the app origin', () => {
    const { contents } = harden();
    expect(contents.fire('will-redirect', 'https://evil.example/')).toBe(true);
    expect(contents.fire('will-redirect', `${APP_ORIGIN}/index.html`)).toBe(false);
  });

  it('denies every new window; allowed links go to the system browser', () => {
    const { contents, openExternal } = harden();
    expect(contents.windowOpenHandler?.({ url: 'https://hikerapi.com/billing' })).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledExactlyOnceWith('https://hikerapi.com/billing');
    expect(contents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: `${APP_ORIGIN}/index.html` })).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledOnce();
  });

  it('prevents attaching a <webview>', () => {
    const { contents } = harden();
    expect(contents.fire('will-attach-webview')).toBe(true);
  });
});

describe('denyAllPermissions', () => {
  it('refuses every permission request and check', () => {
    let request: ((wc: unknown, permission: string, cb: (granted: boolean) => void) => void) | null = null;
    let check: ((wc: unknown, permission: string) => boolean) | null = null;
    denyAllPermissions({
      setPermissionRequestHandler: (h) => void (request = h),
      setPermissionCheckHandler: (h) => void (check = h),
    });
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen']) {
      const callback = vi.fn();
      expect(request).not.toBeNull();
      request!({}, permission, callback);
      expect(callback).toHaveBeenCalledExactlyOnceWith(false);
      expect(check!({}, permission)).toBe(false);
    }
  });
});

describe('createMainWindow', () => {
  function build() {
    const created: { options: BrowserWindowConstructorOptions; window: FakeWindow }[] = [];
    class FakeWindow implements WindowLike {
      webContents = new FakeContents();
      shown = false;
      loaded: string[] = [];
      readyListener: (() => void) | null = null;
      constructor(options: BrowserWindowConstructorOptions) {
        created.push({ options, window: this });
      }
      once(_event: 'ready-to-show', listener: () => void): this {
        this.readyListener = listener;
        return this;
      }
      show(): void {
        this.shown = true;
      }
      async loadURL(url: string): Promise<void> {
        this.loaded.push(url);
      }
    }
    const openExternal = vi.fn();
    const win = createMainWindow({
      BrowserWindow: FakeWindow,
      preloadPath: '/opt/Feedlens/resources/app.asar/out/preload/preload.cjs',
      url: APP_ENTRY_URL,
      appOrigin: APP_ORIGIN,
      openExternal,
      log: () => {},
    });
    return { win, created, openExternal };
  }

  it('creates exactly one window with every security option set explicitly', () => {
    const { created } = build();
    expect(created).toHaveLength(1);
    expect(created[0]?.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      preload: '/opt/Feedlens/resources/app.asar/out/preload/preload.cjs',
    });
    expect(created[0]?.options.webPreferences).not.toHaveProperty('enableBlinkFeatures');
    expect(created[0]?.options.show).toBe(false);
  });

  it('loads the app URL, shows the window when ready, and hardens its contents', () => {
    const { win, openExternal } = build();
    expect(win.loaded).toEqual([APP_ENTRY_URL]);
    expect(win.shown).toBe(false);
    win.readyListener?.();
    expect(win.shown).toBe(true);
    expect(win.webContents.fire('will-navigate', 'https://evil.example/')).toBe(true);
    expect(win.webContents.windowOpenHandler?.({ url: 'https://www.instagram.com/' })).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledExactlyOnceWith('https://www.instagram.com/');
  });
});
