// Serves the built renderer from the custom `app:` scheme (app://feedlens/index.html) instead of file://,
// so the page has a real origin of its own (IPC sender checks compare against it), a CSP header on every
// answer, and no way to read other files on the disk. main.ts passes the handler to protocol.handle.
import { readFile, realpath } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve } from 'node:path';
import { MEDIA_SCHEME } from '../../shared/media-url';

export const APP_SCHEME = 'app';
export const APP_HOST = 'feedlens';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * For protocol.registerSchemesAsPrivileged, before app is ready. `corsEnabled` stays off on both: it
 * lets other origins read a scheme's answers without any CORS check, and the page needs no such reads
 * (same-origin module scripts, plain <img>/<video> loads of app-media:). `stream` lets a <video> seek
 * through app-media: with Range requests.
 */
export const PRIVILEGED_SCHEMES = [
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  { scheme: MEDIA_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
] as const;

const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
};
// Assigned as a literal so that Electronegativity's CSP check finds it and evaluates it. The renderer's
// index.html carries the same policy in a meta tag (which cannot express frame-ancestors).
// Suppressed finding: the evaluator warns that script-src 'self' is risky where 'self' hosts JSONP,
// Angular or user-uploaded files; app://feedlens serves only the built renderer, read-only, and media
// comes from the separate app-media: origin.
SECURITY_HEADERS['Content-Security-Policy'] = // eng-disable CSP_GLOBAL_CHECK self hosts only the built renderer
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' app-media: data: blob:; media-src 'self' app-media: blob:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

export const CONTENT_SECURITY_POLICY = SECURITY_HEADERS['Content-Security-Policy'] as string;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.mp4': 'video/mp4',
  '.m4a': 'audio/mp4',
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

function answer(status: number, text: string): Response {
  return new Response(text, { status, headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } });
}

/** True when `child` is `parent` itself or inside it. */
function isInside(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * The file a request path names inside the root, or null when the path tries to leave it. Dot segments,
 * backslashes, NUL and drive letters are refused outright, whether written plainly or percent-encoded.
 */
function fileFor(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\') || /^\/*[a-z]:/i.test(decoded)) return null;
  const segments = decoded.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '.' || s === '..')) return null;
  const relativePath = segments.length === 0 ? 'index.html' : segments.join('/');
  const file = resolve(root, relativePath);
  return isInside(root, file) ? file : null;
}

export interface AppProtocolOptions {
  /** The built renderer, e.g. out/renderer. */
  root: string;
}

/** The `app:` handler for protocol.handle: a file of the root, or 403/404/405 as plain text. */
export function createAppProtocolHandler({ root }: AppProtocolOptions): (request: Request) => Promise<Response> {
  const rootPath = resolve(root);
  const realRoot = realpath(rootPath).catch(() => rootPath);

  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(405, 'Method not allowed');
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return answer(403, 'Forbidden');
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host.toLowerCase() !== APP_HOST) return answer(403, 'Forbidden');
    // Plain "/../" never gets here (URL parsing folds it away); encoded forms are caught by fileFor.
    const file = fileFor(rootPath, url.pathname);
    if (file === null) return answer(403, 'Forbidden');

    let body: Buffer;
    try {
      // A symlink inside the root must not lead outside it either.
      const real = await realpath(file);
      if (!isInside(await realRoot, real)) return answer(403, 'Forbidden');
      body = await readFile(real);
    } catch {
      return answer(404, 'Not found');
    }
    const headers = { ...SECURITY_HEADERS, 'Content-Type': contentTypeOf(file), 'Content-Length': String(body.length) };
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
  };
}
