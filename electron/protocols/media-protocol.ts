// The `app-media:` protocol: the renderer loads nothing remote, so every image and video of a record is
// fetched here. Only allow-listed hosts are reached (the platform's CDN, the simulator), redirects are
// followed only while they stay on the list, Range requests work (video seeking), bodies stream through
// without being held in memory, and complete answers are kept in a disk cache with a size cap.
//
// Cache key: sha256 of the full remote URL. A CDN URL carries a signature (oh, oe, _nc_*) that changes
// each time the service answers, so the same picture can arrive under several URLs; but which query
// parameters select the content (stp picks the size and crop, for one) is not documented, and keying by
// part of the URL could show the wrong picture. A miss costs only bandwidth (media is never billed), and
// reopening a page within the answer cache's TTL gets the very same URLs, so the full URL it is.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, stat, unlink, utimes, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fromMediaUrl } from '../../shared/media-url';
import { originOf } from '../ipc/router';
import { parseRange } from './http-range';
import { parseLossless } from '../../shared/api/json';

/** Hosts (https, default port) served from the network: any subdomain of these. */
export const DEFAULT_MEDIA_HOST_SUFFIXES: readonly string[] = ['.cdninstagram.com', '.fbcdn.net'];
const MAX_REDIRECTS = 3;
/** Unfinished cache files older than this are left over from a crash. */
const STALE_TEMP_MS = 60 * 60 * 1000;

/** The media cache's folder in the app's data folder. */
export const MEDIA_CACHE_FOLDER = 'media-cache';

/** The cache's name for a remote URL's bytes: `<key>.bin` in the cache folder holds them once complete. */
export function mediaCacheKey(remoteUrl: string): string {
  return createHash('sha256').update(remoteUrl).digest('hex');
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface MediaSimulator {
  /** The origin of the simulator's media URLs, e.g. https://media.feedlens-sim.invalid. */
  origin: string;
  handle(request: Request): Promise<Response>;
}

export interface MediaHandlerOptions {
  /** net.fetch in the app, global fetch in tests. Called with redirect: 'manual'. */
  fetch: FetchLike;
  cacheDir: string;
  maxCacheBytes: number;
  /** Hosts served over https: ".example.com" allows its subdomains, "host.example.com" that host only. */
  allowHosts?: readonly string[];
  /** Exact origins also served, whatever their scheme: the simulator over HTTP, a test CDN. */
  allowOrigins?: readonly string[];
  /** Answers the simulator's media URLs in-process (demo mode): nothing leaves the machine. */
  simulator?: MediaSimulator;
  /** Clock for the cache's least-recently-used order. Default Date.now. */
  now?: () => number;
  log?: (message: string) => void;
}

type Route = 'simulator' | 'network';

function text(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(message, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', ...headers },
  });
}

/** Only media types pass; anything else is served as opaque bytes the page cannot run or style with. */
function safeContentType(value: string | null): string {
  const type = (value ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return /^(image|video|audio)\/[a-z0-9.+-]+$/.test(type) ? type : 'application/octet-stream';
}


// ---------------------------------------------------------------------------------------------------
// Disk cache: <key>.bin holds the bytes, <key>.json the content type and size. Files are written to a
// temporary name, synced and renamed, so a reader never sees half a file.

interface CachedFile {
  path: string;
  size: number;
  contentType: string;
}

interface CacheWriter {
  write(chunk: Uint8Array): Promise<void>;
  /** Commits the file when it is complete, then evicts down to the cap. */
  finish(): Promise<void>;
  abort(): Promise<void>;
}

function createDiskCache(dir: string, maxBytes: number, now: () => number, log: (m: string) => void) {
  let made: Promise<void> | null = null;
  /** Creates the folder on first use (and again if that failed). */
  const ready = (): Promise<void> =>
    (made ??= mkdir(dir, { recursive: true }).then(
      () => undefined,
      (error: unknown) => {
        made = null;
        throw error;
      },
    ));
  const paths = (key: string) => ({ bin: join(dir, `${key}.bin`), meta: join(dir, `${key}.json`) });
  const seconds = () => now() / 1000;

  async function get(key: string): Promise<CachedFile | null> {
    const { bin, meta } = paths(key);
    try {
      await ready();
      const info = parseLossless(await readFile(meta, 'utf8')) as { contentType?: unknown; size?: unknown };
      const { size } = await stat(bin);
      if (size !== info.size || typeof info.contentType !== 'string') return null;
      await utimes(bin, seconds(), seconds()); // most recently used, also after a restart
      (await loadIndex()).set(key, { size, used: now() });
      return { path: bin, size, contentType: info.contentType };
    } catch {
      return null;
    }
  }

  async function writeAtomically(target: string, data: Uint8Array | string): Promise<void> {
    const temp = `${target}.${randomUUID()}.tmp`;
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  }

  // Size and last use of every stored file: read from the folder once (mtime is the last use, so the
  // order survives a restart), then kept up to date, so that storing a file does not stat them all.
  let index: Promise<Map<string, { size: number; used: number }>> | null = null;
  const loadIndex = (): Promise<Map<string, { size: number; used: number }>> =>
    (index ??= scan().catch((error: unknown) => {
      index = null;
      throw error;
    }));

  async function scan(): Promise<Map<string, { size: number; used: number }>> {
    await ready();
    const entries = new Map<string, { size: number; used: number }>();
    for (const name of await readdir(dir)) {
      const path = join(dir, name);
      const info = await stat(path).catch(() => null);
      if (!info) continue;
      if (name.endsWith('.tmp')) {
        if (now() - info.mtimeMs > STALE_TEMP_MS) await unlink(path).catch(() => {}); // left by a crash
      } else if (name.endsWith('.bin')) {
        entries.set(name.slice(0, -'.bin'.length), { size: info.size, used: info.mtimeMs });
      }
    }
    return entries;
  }

  /** Deletes least recently used files until the cache fits its cap. */
  async function evict(): Promise<void> {
    const entries = await loadIndex();
    let total = 0;
    for (const e of entries.values()) total += e.size;
    if (total <= maxBytes) return;
    const oldestFirst = [...entries].sort((a, b) => a[1].used - b[1].used);
    for (const [key, entry] of oldestFirst) {
      if (total <= maxBytes) break;
      const { bin, meta } = paths(key);
      await unlink(meta).catch(() => {});
      await unlink(bin).catch(() => {});
      entries.delete(key);
      total -= entry.size;
    }
  }

  /** A writer for one answer; it gives up quietly (the answer still streams) on any disk error. */
  function writer(key: string, contentType: string, expectedSize: number | null): CacheWriter {
    const { bin, meta } = paths(key);
    const temp = `${bin}.${randomUUID()}.tmp`;
    // Opened at the first byte: an answer whose body is never read leaves no file handle behind.
    let handle: Promise<FileHandle> | null = null;
    let ended = false;
    let written = 0;
    const file = (): Promise<FileHandle> => (handle ??= ready().then(() => open(temp, 'w')));

    const giveUp = async (why: string | null): Promise<void> => {
      if (ended) return;
      ended = true;
      if (why) log(`media cache: not stored (${why})`);
      if (handle === null) return;
      await handle.then((f) => f.close()).catch(() => {});
      await unlink(temp).catch(() => {});
    };

    return {
      async write(chunk) {
        if (ended) return;
        written += chunk.length;
        if (written > maxBytes) return giveUp(null); // larger than the whole cache
        try {
          await (await file()).write(chunk);
        } catch (error) {
          await giveUp(String(error));
        }
      },
      async finish() {
        if (ended) return;
        if (expectedSize !== null && written !== expectedSize) return giveUp('the answer was cut short');
        ended = true;
        try {
          const f = await file();
          try {
            await f.sync();
          } finally {
            await f.close();
          }
          await utimes(temp, seconds(), seconds());
          await rename(temp, bin);
          await writeAtomically(meta, JSON.stringify({ contentType, size: written }));
          (await loadIndex()).set(key, { size: written, used: now() });
          await evict();
        } catch (error) {
          log(`media cache: not stored (${String(error)})`);
          await unlink(temp).catch(() => {});
        }
      },
      abort: () => giveUp(null),
    };
  }

  return { get, writer };
}

/** Passes a body through unchanged while writing it to the cache, at the reader's pace. */
function throughCache(body: ReadableStream<Uint8Array>, cache: CacheWriter): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            await cache.finish(); // before close: once the page has every byte, the file is there too
            controller.close();
            return;
          }
          await cache.write(value);
          controller.enqueue(value);
        } catch (error) {
          await cache.abort();
          controller.error(error);
        }
      },
      async cancel(reason) {
        await cache.abort();
        await reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

// ---------------------------------------------------------------------------------------------------

function fileResponse(file: CachedFile, rangeHeader: string | null, head: boolean): Response {
  const base = { 'Content-Type': file.contentType, 'X-Content-Type-Options': 'nosniff', 'Accept-Ranges': 'bytes' };
  const range = parseRange(rangeHeader, file.size);
  if (range === 'unsatisfiable') return text(416, 'Range not satisfiable', { 'Content-Range': `bytes */${file.size}` });
  const { start, end } = range ?? { start: 0, end: file.size - 1 };
  const length = Math.max(0, end - start + 1);
  const body =
    head || length === 0
      ? null
      : (Readable.toWeb(createReadStream(file.path, { start, end })) as ReadableStream<Uint8Array>);
  const headers: Record<string, string> = { ...base, 'Content-Length': String(length) };
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${file.size}`;
  return new Response(body, { status: range ? 206 : 200, headers });
}

/** Total size when an answer holds the whole file: a 200 with a length, or a 206 of bytes 0..size-1. */
function completeSize(res: Response): number | null {
  const length = res.headers.get('content-length');
  if (res.status === 200) return length !== null && /^\d+$/.test(length) ? Number(length) : null;
  if (res.status === 206) {
    const m = /^bytes 0-(\d+)\/(\d+)$/.exec(res.headers.get('content-range') ?? '');
    if (m && Number(m[1]) + 1 === Number(m[2])) return Number(m[2]);
  }
  return null;
}

const isRedirect = (status: number): boolean => [301, 302, 303, 307, 308].includes(status);

export function createMediaHandler(options: MediaHandlerOptions): (request: Request) => Promise<Response> {
  const { fetch, simulator, log = console.warn } = options;
  const hostRules = (options.allowHosts ?? DEFAULT_MEDIA_HOST_SUFFIXES).map((h) => h.toLowerCase());
  const origins = new Set((options.allowOrigins ?? []).map((o) => originOf(o)).filter((o): o is string => o !== null));
  const simulatorOrigin = simulator ? originOf(simulator.origin) : null;
  const cache = createDiskCache(options.cacheDir, options.maxCacheBytes, options.now ?? Date.now, log);

  /** How a URL is served, or null when it is off the list. */
  function routeOf(url: URL): Route | null {
    if (url.username !== '' || url.password !== '') return null;
    const origin = originOf(url.href);
    if (origin !== null && origin === simulatorOrigin) return 'simulator';
    if (origin !== null && origins.has(origin)) return 'network';
    if (url.protocol !== 'https:' || url.port !== '') return null;
    const host = url.hostname;
    const listed = hostRules.some((rule) => (rule.startsWith('.') ? host.endsWith(rule) && host.length > rule.length : host === rule));
    return listed ? 'network' : null;
  }

  function send(route: Route, url: URL, headers: Record<string, string>): Promise<Response> {
    if (route === 'simulator' && simulator) return simulator.handle(new Request(url.href, { headers }));
    return fetch(url.href, { method: 'GET', headers, redirect: 'manual' });
  }

  /** Fetches, following at most MAX_REDIRECTS redirects and only to listed URLs. */
  async function fetchListed(first: URL, route: Route, headers: Record<string, string>): Promise<Response | 'refused'> {
    let url = first;
    let via = route;
    for (let hop = 0; ; hop++) {
      const res = await send(via, url, headers);
      if (!isRedirect(res.status)) return res;
      await res.body?.cancel().catch(() => {});
      const location = res.headers.get('location');
      if (location === null || hop >= MAX_REDIRECTS) return 'refused';
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        return 'refused';
      }
      const nextRoute = routeOf(next);
      if (nextRoute === null) {
        log(`media: refused a redirect to ${originOf(next.href) ?? 'a URL without origin'}`);
        return 'refused';
      }
      url = next;
      via = nextRoute;
    }
  }

  return async (request) => {
    const head = request.method === 'HEAD';
    if (request.method !== 'GET' && !head) return text(405, 'Method not allowed');
    const remote = fromMediaUrl(request.url);
    if (remote === null) return text(403, 'Forbidden: not a media URL');
    const url = new URL(remote);
    const route = routeOf(url);
    if (route === null) return text(403, 'Forbidden: host not allowed');

    const rangeHeader = request.headers.get('range');
    // The simulator runs in-process: caching its answers would only copy bytes already on the disk.
    const key = route === 'network' ? mediaCacheKey(remote) : null;
    if (key !== null) {
      const hit = await cache.get(key);
      if (hit) return fileResponse(hit, rangeHeader, head);
    }

    let upstream: Response | 'refused';
    try {
      upstream = await fetchListed(url, route, rangeHeader === null ? {} : { Range: rangeHeader });
    } catch (error) {
      log(`media: fetch failed: ${error instanceof Error ? error.message : String(error)}`);
      return text(502, 'Bad gateway: the media could not be fetched');
    }
    if (upstream === 'refused') return text(403, 'Forbidden: redirect not allowed');

    if (upstream.status !== 200 && upstream.status !== 206) {
      await upstream.body?.cancel().catch(() => {});
      const extra: Record<string, string> = {};
      const contentRange = upstream.headers.get('content-range');
      if (upstream.status === 416 && contentRange !== null) extra['Content-Range'] = contentRange;
      // Error statuses pass through (an expired signature stays a 403); anything odd becomes a 502.
      const status = upstream.status >= 400 && upstream.status <= 599 ? upstream.status : 502;
      return text(status, `The media host answered HTTP ${upstream.status}`, extra);
    }

    const contentType = safeContentType(upstream.headers.get('content-type'));
    const headers: Record<string, string> = { 'Content-Type': contentType, 'X-Content-Type-Options': 'nosniff' };
    for (const name of ['content-length', 'content-range', 'accept-ranges']) {
      const value = upstream.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    if (head || upstream.body === null) {
      await upstream.body?.cancel().catch(() => {});
      return new Response(null, { status: upstream.status, headers });
    }
    const size = completeSize(upstream);
    const cacheable = key !== null && size !== null && size <= options.maxCacheBytes;
    const body = cacheable ? throughCache(upstream.body, cache.writer(key, contentType, size)) : upstream.body;
    return new Response(body, { status: upstream.status, headers });
  };
}
