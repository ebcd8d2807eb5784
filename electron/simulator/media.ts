// The simulator's CDN: every media URL of the world resolves to real bytes.
// - `/media/img/<id>.png?w=&h=`: a PNG drawn for that id, exactly w x h (each side capped at 2160), with
//   colours and a shape taken from a hash of the id so a grid of posts looks like a grid;
// - `/media/vid/<asset>/<id>.mp4` and `/media/aud/<id>.m4a`: the files shipped in assets/sim-media/.
// URLs are signed like the real CDN's: `oe` is the expiry (hex epoch seconds) and `_nc_sig` a signature
// over the path and query, so an expired URL answers 403 "URL signature expired" and a tampered one
// 403 "Bad URL hash". Range requests work. Media needs no key and is never billed.
import { createHash, createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, crc32, deflateSync } from 'node:zlib';
import { AUDIO_ASSET, VIDEO_ASSETS, type VideoAssetName } from './types';
import { parseRange } from '../protocols/http-range';

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
// PNG drawing

function hsl(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number): number => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const GRADIENT_STEPS = 8;
const ACCENT = GRADIENT_STEPS;
const ACCENT_EDGE = GRADIENT_STEPS + 1;

/** Accent shapes per picture: enough structure that different pictures hash far apart (docs/simulator.md). */
const SHAPES = 8;

/** How a reposted copy differs from its original (a picture id `<own pk>~<original pk>~<variant>`). */
export type PictureVariant = 'resized' | 'cropped' | 'brightened';
const VARIANTS: readonly PictureVariant[] = ['resized', 'cropped', 'brightened'];
/** A cropped copy keeps this share of each side, centred. */
export const CROP_KEEP = 0.98;

/**
 * A palette PNG (8-bit indexed) of exactly width x height: a diagonal gradient between two hues and a few
 * accent shapes (discs, diamonds, squares) with a darker edge. Everything is derived from sha256(id).
 * An id `<own pk>~<original pk>~<variant>` draws the original's picture, resized (drawn at the size
 * asked), cropped (the centre CROP_KEEP of a larger drawing) or brightened.
 */
export function drawPng(id: string, width: number, height: number): Buffer {
  const [, original, variant] = id.split('~');
  if (original && VARIANTS.includes(variant as PictureVariant)) {
    if (variant === 'cropped') {
      const fullW = Math.round(width / CROP_KEEP);
      const fullH = Math.round(height / CROP_KEEP);
      return drawPicture(original, fullW, fullH, { x: Math.floor((fullW - width) / 2), y: Math.floor((fullH - height) / 2), width, height }, 0);
    }
    return drawPicture(original, width, height, null, variant === 'brightened' ? 0.1 : 0);
  }
  return drawPicture(id, width, height, null, 0);
}

interface Window {
  x: number;
  y: number;
  width: number;
  height: number;
}

function drawPicture(id: string, width: number, height: number, window: Window | null, lighten: number): Buffer {
  // 64 bytes: the shapes need more than one hash gives.
  const h = Buffer.concat([createHash('sha256').update(id).digest(), createHash('sha256').update(`${id}#shapes`).digest()]);
  const byte = (i: number): number => h[i] ?? 0;
  const hue1 = (byte(0) / 255) * 360;
  const hue2 = hue1 + 40 + (byte(1) / 255) * 120;
  const palette = Buffer.alloc((GRADIENT_STEPS + 2) * 3);
  for (let i = 0; i < GRADIENT_STEPS; i++) {
    const t = i / (GRADIENT_STEPS - 1);
    palette.set(hsl((hue1 + (hue2 - hue1) * t) % 360, 0.45 + byte(2) / 900, 0.38 + 0.25 * t), i * 3);
  }
  const accentHue = (hue1 + 180) % 360;
  palette.set(hsl(accentHue, 0.75, 0.62), ACCENT * 3);
  palette.set(hsl(accentHue, 0.7, 0.3), ACCENT_EDGE * 3);
  if (lighten > 0) for (let i = 0; i < palette.length; i++) palette[i] = Math.round(palette[i]! + (255 - palette[i]!) * lighten);

  // Gradient along a direction picked by the hash: index = projection of (x, y) onto it, in 8 bands.
  const angle = (byte(3) / 255) * Math.PI * 2;
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  const corners = [0, width * ux, height * uy, width * ux + height * uy];
  const lo = Math.min(...corners);
  const span = Math.max(...corners) - lo || 1;
  const scale = GRADIENT_STEPS / span;

  // The shapes: kind (0 disc, 1 diamond, 2 square), centre, size and fill (the accent, the darkest or
  // the lightest band), each from its own bytes of the hash.
  const shapes = Array.from({ length: SHAPES }, (_, k) => {
    const b = (i: number): number => byte(4 + k * 6 + i);
    const outer = Math.min(width, height) * (k === 0 ? 0.15 + (b(3) / 255) * 0.2 : 0.05 + (b(3) / 255) * 0.12);
    return {
      kind: b(0) % 3,
      cx: width * (0.1 + (b(1) / 255) * 0.8),
      cy: height * (0.1 + (b(2) / 255) * 0.8),
      outer,
      inner: outer * 0.86,
      fill: [ACCENT, 0, GRADIENT_STEPS - 1][b(4) % 3]!,
    };
  });

  // Half-width of a shape on the row at vertical distance dy from its centre (negative: row misses it).
  const halfWidth = (kind: number, r: number, dy: number): number => {
    if (dy > r) return -1;
    if (kind === 0) return Math.sqrt(r * r - dy * dy);
    if (kind === 1) return r - dy;
    return r;
  };

  const stride = width + 1; // filter byte + one index per pixel
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    raw[row] = 0; // filter: none
    // The band index is linear in x along a row: fill it run by run instead of pixel by pixel.
    const base = y * uy - lo;
    let x = 0;
    while (x < width) {
      const band = Math.min(GRADIENT_STEPS - 1, Math.max(0, Math.floor((x * ux + base) * scale)));
      // Where the next band starts on this row (ux may be ~0: the whole row is one band).
      const edgeValue = ux > 0 ? band + 1 : band;
      const towardEdge = ux > 0 ? band < GRADIENT_STEPS - 1 : band > 0;
      const next = towardEdge && Math.abs(ux) > 1e-9 ? Math.ceil((edgeValue / scale - base) / ux) : width;
      const end = Math.min(width, Math.max(x + 1, next));
      raw.fill(band, row + 1 + x, row + 1 + end);
      x = end;
    }
    for (const s of shapes) {
      const dy = Math.abs(y + 0.5 - s.cy);
      const edge = halfWidth(s.kind, s.outer, dy);
      if (edge < 0) continue;
      const fill = halfWidth(s.kind, s.inner, dy);
      const x0 = Math.max(0, Math.round(s.cx - edge));
      const x1 = Math.min(width, Math.round(s.cx + edge));
      raw.fill(ACCENT_EDGE, row + 1 + x0, row + 1 + x1);
      if (fill >= 0) {
        const f0 = Math.max(0, Math.round(s.cx - fill));
        const f1 = Math.min(width, Math.round(s.cx + fill));
        if (f1 > f0) raw.fill(s.fill, row + 1 + f0, row + 1 + f1);
      }
    }
  }
  return window ? encodePng(palette, cut(raw, stride, window), window.width, window.height) : encodePng(palette, raw, width, height);
}

/** The rows (filter byte + indices) of a window of a drawing whose rows are `stride` long. */
function cut(raw: Buffer, stride: number, w: Window): Buffer {
  const out = Buffer.alloc((w.width + 1) * w.height);
  for (let y = 0; y < w.height; y++) raw.copy(out, y * (w.width + 1) + 1, (w.y + y) * stride + 1 + w.x, (w.y + y) * stride + 1 + w.x + w.width);
  return out;
}

function encodePng(palette: Buffer, raw: Buffer, width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 3; // colour type: indexed
  // compression, filter and interlace methods: 0
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('PLTE', palette),
    // Run-length matching suits rows of flat bands (docs/decisions/simulator-speed.md).
    chunk('IDAT', deflateSync(raw, { level: 6, strategy: constants.Z_RLE })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
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
