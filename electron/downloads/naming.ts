// File names of saved media: the filename template (see docs/downloads.md for every token), and names
// that are safe on Windows, macOS and Linux alike. One rule set for every platform, so a library copied
// from one machine to another keeps working and the archive's paths stay valid.
import { createHash } from 'node:crypto';
import { isAbsolute, join, relative, resolve } from 'node:path';

export { parseTemplate, TEMPLATE_TOKENS, type ParsedTemplate, type TemplateCheck, type TemplatePart, type TemplateToken } from '../../shared/filename-template';
import type { ParsedTemplate, TemplateToken } from '../../shared/filename-template';

/** Values that carry the identity of a file: kept whole when a name must be shortened. */
const KEPT_WHOLE: ReadonlySet<TemplateToken> = new Set(['shortcode', 'pk', 'media_id', 'index', 'date_utc', 'date', 'timestamp', 'owner_id', 'highlight_id']);

/** Most file systems allow 255 bytes per name (ext4, APFS in UTF-8; NTFS allows 255 UTF-16 units, more). */
export const MAX_NAME_BYTES = 255;
/** Room kept for what is appended to a file's base name: `.<ext>.part` while downloading, `.json`. */
export const SUFFIX_RESERVE_BYTES = 16;

// ---------------------------------------------------------------------------------------------------
// Safe names

// C0 and C1 control characters (matching them is the point).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
// Characters Windows refuses in names; "/" and "\" are separators everywhere.
const INVALID = /[<>:"/\\|?*]/g;
// Bidirectional overrides and marks can disguise an extension ("gnp.exe" shown as "exe.png"); BOM.
const INVISIBLE = /[\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
// Device names Windows reserves, whatever the extension ("con.txt" too).
const RESERVED = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])$/i;

/** The characters of a value: NFC, no control or invisible characters, no separators or Windows-invalid ones. */
export function cleanText(value: string): string {
  return value.normalize('NFC').replace(INVISIBLE, '').replace(CONTROL, '_').replace(INVALID, '_');
}

/** Whole-name rules: no leading dot (hidden, "." and ".."), no trailing dots or spaces, no device names. */
function finishName(name: string): string {
  let out = name.replace(/^[\s]+/u, '').replace(/[. ]+$/u, '');
  if (out.startsWith('.')) out = `_${out.slice(1)}`;
  const stem = (out.split('.')[0] ?? '').trimEnd();
  if (RESERVED.test(stem)) out = `_${out}`;
  return out === '' ? '_' : out;
}

function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** The first `count` code points of `text`, reading no further. */
function firstCodePoints(text: string, count: number): string[] {
  const out: string[] = [];
  if (count <= 0) return out;
  for (const char of text) {
    out.push(char);
    if (out.length >= count) break;
  }
  return out;
}

/** The longest prefix of `text` of at most `bytes` UTF-8 bytes, cut between code points. */
function truncateBytes(text: string, bytes: number): string {
  let out = '';
  let used = 0;
  for (const char of text) {
    const size = byteLength(char);
    if (used + size > bytes) break;
    out += char;
    used += size;
  }
  return out;
}

/** One path component, safe everywhere, at most `maxBytes` bytes. */
export function sanitizeName(value: string, maxBytes = MAX_NAME_BYTES): string {
  return finishName(shorten([{ text: cleanText(value), keep: false }], maxBytes));
}

interface Piece {
  text: string;
  /** Identity (shortcode, date...): shortened only when nothing else is left to shorten. */
  keep: boolean;
}

/**
 * Joins the pieces into at most `maxBytes` bytes: free text (usernames, titles, literal text) is cut
 * first, longest piece first, so the parts that make the name unique survive. If those alone are too
 * long, the name is cut and a short hash of the whole keeps it unique.
 */
function shorten(pieces: Piece[], maxBytes: number): string {
  const whole = pieces.map((p) => p.text).join('');
  if (byteLength(whole) <= maxBytes) return whole;
  // Truncate first: no free piece ends longer than maxBytes characters (each is a byte at least), and the
  // cutting below passes through that state anyway; starting there keeps an 80,000-character username
  // from costing a join per character (it froze main for seconds).
  const work = pieces.map((p) => {
    const chars = p.keep ? Array.from(p.text) : firstCodePoints(p.text, maxBytes);
    return { ...p, chars, text: p.keep ? p.text : chars.join('') };
  });
  let size = work.reduce((sum, p) => sum + byteLength(p.text), 0);
  while (size > maxBytes) {
    let longest: (typeof work)[number] | undefined;
    for (const p of work) if (!p.keep && p.chars.length > 0 && (!longest || p.chars.length > longest.chars.length)) longest = p;
    if (!longest) break;
    size -= byteLength(longest.chars.pop() ?? '');
    longest.text = longest.chars.join('');
  }
  const cut = work.map((p) => p.text).join('');
  if (byteLength(cut) <= maxBytes) return cut;
  const hash = createHash('sha256').update(whole).digest('hex').slice(0, 8);
  return `${truncateBytes(cut, maxBytes - 9)}~${hash}`;
}

// ---------------------------------------------------------------------------------------------------
// Rendering

export type NameKind = 'post' | 'reel' | 'story' | 'highlight' | 'profile_pic';

/** What the tokens of one file stand for. Times are epoch seconds. */
export interface NameFields {
  username: string;
  ownerId: string;
  takenAt: number;
  shortcode: string;
  pk: string;
  mediaId: string;
  /** Position in a carousel (1-based), null outside one. */
  index: number | null;
  kind: NameKind;
  title: string;
  highlightId: string;
}

/** `YYYY-MM-DD_HH-MM-SS` in UTC, as Instaloader writes `{date_utc}`. */
export function formatDateUtc(epochSeconds: number): string {
  const iso = new Date(epochSeconds * 1000).toISOString(); // 2024-05-01T12:00:00.000Z
  return `${iso.slice(0, 10)}_${iso.slice(11, 19).replace(/:/g, '-')}`;
}

function tokenValue(token: TemplateToken, f: NameFields): string {
  switch (token) {
    case 'username':
      return f.username;
    case 'owner_id':
      return f.ownerId;
    case 'date_utc':
      return formatDateUtc(f.takenAt);
    case 'date':
      return formatDateUtc(f.takenAt).slice(0, 10);
    case 'timestamp':
      return String(Math.floor(f.takenAt));
    case 'shortcode':
      return f.shortcode;
    case 'pk':
      return f.pk;
    case 'media_id':
      return f.mediaId;
    case 'index':
      return f.index === null ? '' : `_${f.index}`;
    case 'kind':
      return f.kind;
    case 'title':
      return f.title;
    case 'highlight_id':
      return f.highlightId;
  }
}

/** Where stories, highlight items and profile pictures go, inside the folder the template names. */
function kindFolders(f: NameFields): string[] {
  if (f.kind === 'story') return ['stories'];
  if (f.kind === 'highlight') return ['highlights', f.title.trim() !== '' ? f.title : f.highlightId];
  if (f.kind === 'profile_pic') return ['profile_pic'];
  return [];
}

/**
 * The path of a file relative to the download folder, without extension, as safe components.
 * Carousel items get `_<n>` appended when the template has no {index}.
 */
export function renderName(template: ParsedTemplate, f: NameFields): string[] {
  const last = template.segments.length - 1;
  const components: string[] = [];
  template.segments.forEach((parts, i) => {
    const isFile = i === last;
    const pieces: Piece[] = parts.map((p) =>
      'text' in p ? { text: cleanText(p.text), keep: false } : { text: cleanText(tokenValue(p.token, f)), keep: KEPT_WHOLE.has(p.token) },
    );
    if (isFile && !template.usesIndex && f.index !== null) pieces.push({ text: `_${f.index}`, keep: true });
    const text = shorten(pieces, isFile ? MAX_NAME_BYTES - SUFFIX_RESERVE_BYTES : MAX_NAME_BYTES);
    // A folder whose tokens rendered to nothing (e.g. {title} for a post) is left out.
    if (!isFile && text.trim() === '') return;
    if (isFile) components.push(...kindFolders(f).map((s) => sanitizeName(s)));
    components.push(finishName(text));
  });
  return components;
}

/** `root` joined with the components; throws if the result would leave `root` (never, for sanitised names). */
export function pathInside(root: string, components: string[]): string {
  const base = resolve(root);
  const full = join(base, ...components);
  if (!isInside(base, full)) throw new Error(`Refusing a path outside the download folder: ${full}`);
  return full;
}

/** True when `path` is `root` itself or lies under it (both already resolved). */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

// ---------------------------------------------------------------------------------------------------
// Extensions

const EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'webp', 'gif', 'heic', 'avif', 'mp4', 'mov', 'webm', 'm4a', 'mp3']);
const BY_TYPE: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/heic': 'heic',
  'image/avif': 'avif',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
};

/** The extension of a media URL's path (query ignored), when it is a known media one. */
export function extFromUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const m = /\.([a-z0-9]{2,5})$/i.exec(path);
  const ext = m?.[1]?.toLowerCase() ?? null;
  if (ext === null || !EXTENSIONS.has(ext)) return null;
  return ext === 'jpeg' ? 'jpg' : ext;
}

/** The extension for a Content-Type, when it is a known media type. */
export function extFromContentType(contentType: string | null): string | null {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return BY_TYPE[type] ?? null;
}
