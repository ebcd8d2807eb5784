// The simulator's CDN: every media URL of the world resolves to real bytes.
// - `/media/img/<id>.png?w=&h=`: a PNG drawn for that id, exactly w x h (each side capped at 2160), with
//   colours and a shape taken from a hash of the id so a grid of posts looks like a grid;
// - `/media/vid/<asset>/<id>.mp4` and `/media/aud/<id>.m4a`: the files shipped in assets/sim-media/.
// URLs are signed like the real CDN's: `oe` is the expiry (hex epoch seconds) and `_nc_sig` a signature
// over the path and query, so an expired URL answers 403 "URL signature expired" and a tampered one
// 403 "Bad URL hash". Range requests work. Media needs no key and is never billed.
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUDIO_ASSET, VIDEO_ASSETS, type VideoAssetName } from './types';
import { parseRange } from '../protocols/http-range';
import { drawPng } from './pictures';

export const MAX_IMAGE_SIDE = 2160;
/** Media URLs stay valid this long (the real CDN's are valid for days). */
export const MEDIA_URL_LIFETIME_SEC = 3 * 24 * 3600;
const SIGNING_SECRET = 'feedlens-simulator-cdn';
const PNG_CACHE_SIZE = 128;

export interface MediaOptions {
  /** Folder holding the shipped MP4/M4A files; default: assets/sim-media/ of the repository. */
  mediaDir?: string;
}

export interface MediaFiles {
  /** Adds `oe` (expiry) and `_nc_sig` to a media path of the world, e.g. "/media/img/1.png?w=640&h=800". */
  sign(path: string, nowMs: number): string;
  /** Answers a request for a media path (the caller has checked the path starts with /media/). */
  serve(req: Request, url: URL, nowMs: number): Response;
}

// ---------------------------------------------------------------------------------------------------
// Answers

function textAnswer(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/** Parses `bytes=a-b`, `bytes=a-`, `bytes=-n`. null = ignore the header (serve everything), 'unsatisfiable' = 416. */

function bytesAnswer(req: Request, bytes: Buffer, contentType: string): Response {
  const headers: Record<string, string> = {
    'content-type': contentType,
    'accept-ranges': 'bytes',
    'cache-control': 'max-age=1209600',
    // The real CDN refuses to be embedded cross-origin; the app fetches media in its main process.
    'cross-origin-resource-policy': 'same-origin',
  };
  const range = parseRange(req.headers.get('range'), bytes.length);
  if (range === 'unsatisfiable') {
    return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${bytes.length}` } });
  }
  const head = req.method === 'HEAD';
  if (range) {
    const slice = bytes.subarray(range.start, range.end + 1);
    headers['content-range'] = `bytes ${range.start}-${range.end}/${bytes.length}`;
    headers['content-length'] = String(slice.length);
    return new Response(head ? null : new Uint8Array(slice.buffer as ArrayBuffer, slice.byteOffset, slice.byteLength), { status: 206, headers });
  }
  headers['content-length'] = String(bytes.length);
  return new Response(head ? null : new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), { status: 200, headers });
}

function findMediaDir(): string {
  // From this file (electron/simulator/ in the source tree, out/main/ when built) up to the repo root.
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'assets', 'sim-media');
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  return resolve('assets', 'sim-media');
}

function canonical(url: URL): string {
  const params = [...url.searchParams].filter(([k]) => k !== '_nc_sig').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${url.pathname}?${new URLSearchParams(params).toString()}`;
}

function signature(url: URL): string {
  return createHmac('sha256', SIGNING_SECRET).update(canonical(url)).digest('hex').slice(0, 32);
}

/** Expiry for URLs made at `nowMs`: whole hours, so answers made within the same hour are identical. */
function expiryHex(nowMs: number): string {
  const hour = Math.floor(nowMs / 1000 / 3600) * 3600;
  return (hour + MEDIA_URL_LIFETIME_SEC).toString(16);
}

export function createMediaFiles(options: MediaOptions = {}): MediaFiles {
  const files = new Map<string, Buffer>();
  const pngs = new Map<string, Buffer>(); // LRU: Map keeps insertion order, oldest first
  const signed = new Map<string, string>();
  let mediaDir = options.mediaDir;

  function file(name: string): Buffer | null {
    let bytes = files.get(name);
    if (!bytes) {
      mediaDir ??= findMediaDir();
      const path = join(mediaDir, name);
      if (!existsSync(path)) return null;
      bytes = readFileSync(path);
      files.set(name, bytes);
    }
    return bytes;
  }

  function png(id: string, width: number, height: number): Buffer {
    const key = `${width}x${height}/${id}`;
    let bytes = pngs.get(key);
    if (bytes) {
      pngs.delete(key);
    } else {
      bytes = drawPng(id, width, height);
      if (pngs.size >= PNG_CACHE_SIZE) {
        const oldest = pngs.keys().next();
        if (!oldest.done) pngs.delete(oldest.value);
      }
    }
    pngs.set(key, bytes);
    return bytes;
  }

  function side(value: string | null): number | null {
    if (value === null || !/^\d{1,6}$/.test(value)) return null;
    const n = Number(value);
    return n < 1 ? null : Math.min(n, MAX_IMAGE_SIDE);
  }

  return {
    sign(path, nowMs) {
      const oe = expiryHex(nowMs);
      const cacheKey = `${oe}|${path}`;
      const cached = signed.get(cacheKey);
      if (cached) return cached;
      const url = new URL(path, 'http://media.invalid');
      url.searchParams.delete('_nc_sig');
      url.searchParams.set('oe', oe);
      url.searchParams.set('_nc_sig', signature(url));
      const out = url.pathname + url.search;
      if (signed.size > 50_000) signed.clear();
      signed.set(cacheKey, out);
      return out;
    },

    serve(req, url, nowMs) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return textAnswer(405, 'Method not allowed');
      const oe = url.searchParams.get('oe');
      if (oe === null || !/^[0-9a-f]{1,12}$/i.test(oe)) return textAnswer(403, 'URL signature expired');
      if (url.searchParams.get('_nc_sig') !== signature(url)) return textAnswer(403, 'Bad URL hash');
      if (parseInt(oe, 16) * 1000 <= nowMs) return textAnswer(403, 'URL signature expired');

      const parts = url.pathname.split('/'); // ['', 'media', kind, ...]
      let id: string;
      try {
        id = decodeURIComponent(parts[parts.length - 1] ?? '');
      } catch {
        return textAnswer(404, 'Not found');
      }
      const kind = parts[2];
      if (kind === 'img' && parts.length === 4 && id.endsWith('.png')) {
        const width = side(url.searchParams.get('w'));
        const height = side(url.searchParams.get('h'));
        if (width === null || height === null) return textAnswer(400, 'Bad request: w and h are required');
        return bytesAnswer(req, png(id.slice(0, -4), width, height), 'image/png');
      }
      if (kind === 'vid' && parts.length === 5 && id.endsWith('.mp4')) {
        const name = parts[3] ?? '';
        const asset = Object.hasOwn(VIDEO_ASSETS, name) ? VIDEO_ASSETS[name as VideoAssetName] : undefined;
        const bytes = asset ? file(asset.file) : null;
        return bytes ? bytesAnswer(req, bytes, 'video/mp4') : textAnswer(404, 'Not found');
      }
      if (kind === 'aud' && parts.length === 4 && id.endsWith('.m4a')) {
        const bytes = file(AUDIO_ASSET.file);
        return bytes ? bytesAnswer(req, bytes, 'audio/mp4') : textAnswer(404, 'Not found');
      }
      return textAnswer(404, 'Not found');
    },
  };
}
