// The library's pure helpers: how the renderer names a saved file for the media protocol (it cannot load
// file: URLs), what kind of media a file is, and what a saved item's sidecar record says, read
// defensively (the record is whatever the sidecar on disk holds).
import type { LibraryItem } from '../../../../shared/ipc';
import { isDict, type Dict } from '../../../../shared/guards';

const WINDOWS_DRIVE = /^[A-Za-z]:[\\/]/;

/**
 * The `file:` URL of an absolute path, as main's pathToFileURL writes it closely enough for
 * fileURLToPath to give the same path back: each segment percent-encoded (so `#`, `?`, `%` and spaces
 * survive), Windows drive letters kept as `C:`.
 */
export function fileUrlOf(path: string): string {
  const windows = WINDOWS_DRIVE.test(path);
  const segments = (windows ? path.split(/[\\/]/) : path.split('/')).map((segment, i) => (windows && i === 0 ? segment : encodeURIComponent(segment)));
  return windows ? `file:///${segments.join('/')}` : `file://${segments.join('/')}`;
}

/** The URL the renderer loads a saved file with, as the library's previewUrl is built in main. */
export function savedFileUrl(mediaBase: string, path: string): string {
  return `${mediaBase}?u=${encodeURIComponent(fileUrlOf(path))}`;
}

export type SavedMediaKind = 'image' | 'video' | 'audio' | 'other';

const KINDS: Record<string, SavedMediaKind> = {
  jpg: 'image', jpeg: 'image', png: 'image', webp: 'image', gif: 'image', heic: 'image', avif: 'image',
  mp4: 'video', mov: 'video', webm: 'video',
  m4a: 'audio', mp3: 'audio',
};

export function mediaKindOf(path: string): SavedMediaKind {
  const ext = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase() ?? '';
  return KINDS[ext] ?? 'other';
}

export function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

/**
 * The files the viewer steps through: the media files, in sidecar order (a carousel's `_1.._N`). A
 * video's cover image (`<name>_cover.jpg` or the video's name with an image extension) is left out:
 * it is the poster of its video, not an item of its own.
 */
export function viewerFiles(files: readonly string[]): { path: string; kind: SavedMediaKind; poster: string | null }[] {
  const stem = (p: string) => p.replace(/\.[A-Za-z0-9]+$/, '');
  const videos = files.filter((f) => mediaKindOf(f) === 'video');
  const coverOf = new Map<string, string>();
  for (const v of videos) {
    const cover = files.find((f) => mediaKindOf(f) === 'image' && (stem(f) === stem(v) || stem(f) === `${stem(v)}_cover`));
    if (cover) coverOf.set(v, cover);
  }
  const covers = new Set(coverOf.values());
  return files.filter((f) => !covers.has(f)).map((path) => ({ path, kind: mediaKindOf(path), poster: coverOf.get(path) ?? null }));
}

// ---- the sidecar's record ----

function dict(v: unknown): Dict | null {
  return isDict(v) ? v : null;
}

function text(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v : null;
}

function count(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

export interface Fact {
  label: string;
  value: string;
}

export interface RecordSummary {
  /** "Carousel · 10", "Reel", "Story", "Profile picture"... */
  what: string;
  caption: string | null;
  code: string | null;
  /** The account's full name, when the record has it. */
  fullName: string | null;
  /** Likes, comments, plays, views: only those the record has. */
  counts: Fact[];
}

const COUNT_LABELS: [string, string][] = [
  ['likes', 'Likes'],
  ['comments', 'Comments'],
  ['plays', 'Plays'],
  ['views', 'Views'],
  ['followers', 'Followers'],
  ['following', 'Following'],
  ['media', 'Posts'],
];

function postWhat(record: Dict): string {
  const children = Array.isArray(record.children) ? record.children.length : 0;
  if (record.productType === 'clips') return 'Reel';
  if (record.mediaType === 'carousel') return children > 0 ? `Carousel · ${children}` : 'Carousel';
  if (record.mediaType === 'video') return 'Video';
  return 'Photo';
}

const ITEM_WHAT: Record<LibraryItem['kind'], string> = { post: 'Post', story: 'Story', highlight: 'Highlight story', profile: 'Profile picture' };

export function summarize(item: Pick<LibraryItem, 'kind' | 'record'>): RecordSummary {
  const record = dict(item.record) ?? {};
  const caption = text(dict(record.caption)?.text) ?? text(record.biography);
  const counts = dict(record.counts) ?? {};
  const facts: Fact[] = [];
  for (const [key, label] of COUNT_LABELS) {
    const n = count(counts[key]);
    // Plays and views of 0 are what a photo carries: no information.
    if (n !== null && !(n === 0 && (key === 'plays' || key === 'views'))) facts.push({ label, value: n.toLocaleString() });
  }
  return {
    what: item.kind === 'post' ? postWhat(record) : ITEM_WHAT[item.kind],
    caption,
    code: text(record.code),
    fullName: text(record.fullName) ?? text(dict(record.owner)?.fullName),
    counts: facts,
  };
}

export interface SavedProvenance {
  endpoint: string | null;
  requestId: string | null;
  /** Epoch ms. */
  fetchedAt: number | null;
  savedAt: number | null;
  /** True for demo mode's invented data; null when the sidecar does not say (written before it did). */
  simulated: boolean | null;
  origin: string | null;
}

function time(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  const parsed = typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isNaN(parsed) ? null : parsed;
}

/**
 * Where the saved record came from. The sidecar's `provenance` when main passes it along with the
 * item; else what the record itself says (the endpoint it was normalised from).
 */
export function provenanceOf(item: Pick<LibraryItem, 'record'> & { provenance?: unknown }): SavedProvenance {
  const p = dict(item.provenance);
  const source = dict(dict(item.record)?.source);
  return {
    endpoint: text(p?.endpoint) ?? text(p?.path) ?? text(source?.path),
    requestId: text(p?.requestId),
    fetchedAt: time(p?.fetchedAt),
    savedAt: time(p?.savedAt),
    simulated: typeof p?.simulated === 'boolean' ? p.simulated : null,
    origin: text(p?.origin),
  };
}
