// The simulator's pictures: a palette PNG drawn from a hash of its id, so that a grid of posts looks
// like a grid and different pictures hash far apart; reposted copies of another post's picture (resized,
// cropped, brightened) and pictures with words in them, for media analysis to find (world/planted.ts).
import { createHash } from 'node:crypto';
import { constants, crc32, deflateSync } from 'node:zlib';
import { GLYPH_ADVANCE, GLYPH_HEIGHT, inkAt } from './font';

function hsl(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number): number => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** One PNG chunk with its length and checksum. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
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

/** Words drawn into a picture: `<own pk>~<own pk>~words:<WORDS>`, capitals, '-' between words. */
export const WORDS_PREFIX = 'words:';

/**
 * A palette PNG (8-bit indexed) of exactly width x height: a diagonal gradient between two hues and a few
 * accent shapes (discs, diamonds, squares) with a darker edge. Everything is derived from sha256(id).
 * An id `<own pk>~<original pk>~<variant>` draws the original's picture, resized (drawn at the size
 * asked), cropped (the centre CROP_KEEP of a larger drawing), brightened, or with words on a banner.
 */
export function drawPng(id: string, width: number, height: number): Buffer {
  const [, original, variant = ''] = id.split('~');
  if (original && variant.startsWith(WORDS_PREFIX)) {
    return drawPicture(original, width, height, null, 0, variant.slice(WORDS_PREFIX.length).replace(/-/g, ' ').replace(/[^A-Z ]/g, '').slice(0, 40));
  }
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

const TEXT_BACKGROUND = GRADIENT_STEPS + 2;
const TEXT_INK = GRADIENT_STEPS + 3;

/**
 * Words across the middle of the picture, on a light banner, 80 % of its width: the 5x7 font's pixels
 * drawn as overlapping dots, so strokes are round enough for OCR to read.
 */
function drawWords(raw: Buffer, stride: number, width: number, height: number, words: string): void {
  const scale = Math.max(2, Math.floor((0.8 * width) / (words.length * GLYPH_ADVANCE)));
  const band = (GLYPH_HEIGHT + 10) * scale;
  const y0 = Math.max(0, Math.floor((height - band) / 2));
  const x0 = Math.floor((width - (words.length * GLYPH_ADVANCE - 1) * scale) / 2);
  const radius = 0.75;
  for (let y = y0; y < Math.min(height, y0 + band); y++) {
    raw.fill(TEXT_BACKGROUND, y * stride + 1, y * stride + 1 + width);
    const fy = (y - y0 - 5 * scale) / scale - 0.5;
    for (let x = 0; x < width; x++) {
      const fx = (x - x0) / scale - 0.5;
      let ink = false;
      for (let cy = Math.floor(fy); cy <= Math.ceil(fy) && !ink; cy++) {
        for (let cx = Math.floor(fx); cx <= Math.ceil(fx) && !ink; cx++) {
          if (cy < 0 || cx < 0 || cx % GLYPH_ADVANCE >= GLYPH_ADVANCE - 1) continue;
          const char = words[Math.floor(cx / GLYPH_ADVANCE)];
          ink = char !== undefined && inkAt(char, cx % GLYPH_ADVANCE, cy) && (fx - cx) ** 2 + (fy - cy) ** 2 <= radius * radius;
        }
      }
      if (ink) raw[y * stride + 1 + x] = TEXT_INK;
    }
  }
}

interface Window {
  x: number;
  y: number;
  width: number;
  height: number;
}

function drawPicture(id: string, width: number, height: number, window: Window | null, lighten: number, words = ''): Buffer {
  // 64 bytes: the shapes need more than one hash gives.
  const h = Buffer.concat([createHash('sha256').update(id).digest(), createHash('sha256').update(`${id}#shapes`).digest()]);
  const byte = (i: number): number => h[i] ?? 0;
  const hue1 = (byte(0) / 255) * 360;
  const hue2 = hue1 + 40 + (byte(1) / 255) * 120;
  const palette = Buffer.alloc((GRADIENT_STEPS + (words ? 4 : 2)) * 3);
  for (let i = 0; i < GRADIENT_STEPS; i++) {
    const t = i / (GRADIENT_STEPS - 1);
    palette.set(hsl((hue1 + (hue2 - hue1) * t) % 360, 0.45 + byte(2) / 900, 0.38 + 0.25 * t), i * 3);
  }
  const accentHue = (hue1 + 180) % 360;
  palette.set(hsl(accentHue, 0.75, 0.62), ACCENT * 3);
  palette.set(hsl(accentHue, 0.7, 0.3), ACCENT_EDGE * 3);
  if (words) {
    palette.set([246, 243, 236], TEXT_BACKGROUND * 3);
    palette.set([24, 24, 28], TEXT_INK * 3);
  }
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
  if (words) drawWords(raw, stride, width, height, words);
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
    pngChunk('IHDR', ihdr),
    pngChunk('PLTE', palette),
    // Run-length matching suits rows of flat bands (docs/decisions/simulator-speed.md).
    pngChunk('IDAT', deflateSync(raw, { level: 6, strategy: constants.Z_RLE })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

