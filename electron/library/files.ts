// Saved files for the renderer: the library's preview URLs are `file:` URLs wrapped for the media
// protocol (`<mediaBase>?u=<encoded file:///abs/path>`). This serves them, for media files under the
// download folder only: symbolic links are resolved before the check, so no link or `..` gets out.
// Range requests work (video seeking); bytes stream from disk.
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { isInside } from '../downloads/naming';
import { parseRange } from '../protocols/http-range';

export interface LibraryFilesOptions {
  /** The folders whose files are served (the download folder, the studies' analysis folders): nothing outside them. */
  roots: () => readonly string[];
}

const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.heic': 'image/heic',
  '.avif': 'image/avif',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.m4a': 'audio/mp4',
  '.mp3': 'audio/mpeg',
};

function text(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', ...headers } });
}

/** The `u` parameter of a media-protocol request when it is a `file:` URL; null for anything else. */
export function fileUrlOf(requestUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  const values = url.searchParams.getAll('u');
  const value = values[0];
  return values.length === 1 && value !== undefined && /^file:/i.test(value) ? value : null;
}

/**
 * A handler for the media protocol: answers requests whose `u` is a `file:` URL, and null for every
 * other request (the caller passes those on to the remote media handler).
 */
export function createLibraryFileHandler(o: LibraryFilesOptions): (request: Request) => Promise<Response | null> {
  return async (request) => {
    const fileUrl = fileUrlOf(request.url);
    if (fileUrl === null) return null;
    const head = request.method === 'HEAD';
    if (request.method !== 'GET' && !head) return text(405, 'Method not allowed');

    let path: string;
    try {
      const url = new URL(fileUrl);
      // No host (a network share), no encoded separators or backslashes smuggled into a name.
      if (url.protocol !== 'file:' || (url.hostname !== '' && url.hostname !== 'localhost') || /%2f|%5c|\\/i.test(url.pathname)) return text(403, 'Forbidden');
      path = fileURLToPath(url);
    } catch {
      return text(403, 'Forbidden');
    }
    const type = TYPES[extname(path).toLowerCase()];
    if (type === undefined) return text(403, 'Forbidden: not a media file');

    let real: string;
    let size: number;
    try {
      real = await realpath(path);
      const roots = await Promise.all(o.roots().map((r) => realpath(resolve(r)).catch(() => null)));
      if (!roots.some((root) => root !== null && isInside(root, real))) return text(403, 'Forbidden: outside the download folder');
      const info = await stat(real);
      if (!info.isFile()) return text(404, 'Not found');
      size = info.size;
    } catch {
      return text(404, 'Not found');
    }

    const headers: Record<string, string> = { 'Content-Type': type, 'Accept-Ranges': 'bytes', 'X-Content-Type-Options': 'nosniff' };
    const range = parseRange(request.headers.get('range'), size);
    if (range === 'unsatisfiable') return text(416, 'Range not satisfiable', { 'Content-Range': `bytes */${size}` });
    const start = range?.start ?? 0;
    const end = range?.end ?? size - 1;
    headers['Content-Length'] = String(range ? end - start + 1 : size);
    if (range) headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
    const status = range ? 206 : 200;
    if (head || size === 0) return new Response(null, { status, headers });
    const body = Readable.toWeb(createReadStream(real, { start, end })) as unknown as ReadableStream<Uint8Array>;
    return new Response(body, { status, headers });
  };
}
