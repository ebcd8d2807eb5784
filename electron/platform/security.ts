// Hardening of the window's contents and session, per Electron's security checklist: the page cannot
// navigate away from the app, open windows, embed <webview>s or obtain any permission; links leave for
// the system browser only when they point at the platform's web pages or the service's site.
import { originOf } from '../ipc/router';

/** Exact hostnames (https only) that may be opened in the system browser. */
const EXTERNAL_HOSTS: ReadonlySet<string> = new Set([
  'instagram.com',
  'www.instagram.com',
  'help.instagram.com',
  'hikerapi.com',
  'www.hikerapi.com',
  // Map links of places (coordinates only; no account data leaves with them).
  'www.openstreetmap.org',
]);

/** Whether a link may be opened in the system browser: https, a listed host, default port, no credentials. */
export function isExternalAllowed(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === 'https:' &&
    EXTERNAL_HOSTS.has(parsed.hostname) &&
    parsed.port === '' &&
    parsed.username === '' &&
    parsed.password === ''
  );
}

export type OpenExternal = (url: string) => Promise<void> | void;

/** Opens an allowed link in the system browser (shell.openExternal is passed in); true when it did. */
export function openIfAllowed(url: string, openExternal: OpenExternal): boolean {
  if (!isExternalAllowed(url)) return false;
  // Hand over the normalised form, not the raw text the page sent.
  void Promise.resolve(openExternal(new URL(url).href)).catch(() => {});
  return true;
}

interface PreventableEvent {
  preventDefault(): void;
}

/** The parts of Electron's WebContents hardenContents touches. */
export interface ContentsLike {
  on(event: 'will-navigate' | 'will-redirect', listener: (event: PreventableEvent, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

export interface HardenOptions {
  /** The only origin the window may show, e.g. app://feedlens (or the dev server's in development). */
  appOrigin: string;
  openExternal: OpenExternal;
  log?: (message: string) => void;
}

export function hardenContents(contents: ContentsLike, { appOrigin, openExternal, log = console.warn }: HardenOptions): void {
  const stayInApp = (event: PreventableEvent, url: string): void => {
    if (originOf(url) === appOrigin) return;
    event.preventDefault();
    if (!openIfAllowed(url, openExternal)) log(`security: blocked navigation to ${originOf(url) ?? 'a page without origin'}`);
  };
  contents.on('will-navigate', stayInApp);
  contents.on('will-redirect', stayInApp);
  contents.setWindowOpenHandler(({ url }) => {
    openIfAllowed(url, openExternal);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** The parts of Electron's Session denyAllPermissions touches. */
export interface SessionLike {
  setPermissionRequestHandler(handler: (webContents: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: (webContents: unknown, permission: string) => boolean): void;
}

/** Feedlens needs no camera, microphone, notifications, geolocation, clipboard or anything else. */
export function denyAllPermissions(session: SessionLike): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
