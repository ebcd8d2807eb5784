// Pieces posts and stories share: captions (tags and mentions), media renditions, identity and duration.
import { segmentText } from '../../rich-text';
import type {
  Caption,
  MediaFile,
  MediaType,
  User,
} from '../../records';
import { firstNum, firstText, idOf, num, type Dict } from './read';

// ---------------------------------------------------------------------------------------------
// Captions

/** Keeps the first written form of each name, comparing without case (the platform ignores it). */
function uniqueIgnoringCase(names: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const name of names) {
    const key = name.toLowerCase();
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

/**
 * Hashtags (letters and digits of any script, at least one letter: "#1" is not a tag) and @mentions
 * (letters, digits, '.', '_'; a trailing sentence dot is dropped) of a caption or comment text.
 */
export function parseCaption(textValue: string | null | undefined): Caption {
  const value = textValue ?? '';
  const segments = segmentText(value);
  const valuesOf = (kind: 'hashtag' | 'mention') => segments.flatMap((s) => (s.kind === kind ? [s.value] : []));
  return { text: value, hashtags: uniqueIgnoringCase(valuesOf('hashtag')), mentions: uniqueIgnoringCase(valuesOf('mention')) };
}

// ---------------------------------------------------------------------------------------------
// Media files

export function mediaFile(raw: unknown): MediaFile | null {
  const url = firstText(raw, 'url', 'src');
  if (url === null) return null;
  return { url, width: firstNum(raw, 'width', 'config_width'), height: firstNum(raw, 'height', 'config_height') };
}

/** Renditions largest first (unknown sizes last), each URL once. */
export function largestFirst(raws: unknown[]): MediaFile[] {
  const files: MediaFile[] = [];
  const seen = new Set<string>();
  for (const raw of raws) {
    const file = mediaFile(raw);
    if (file === null || seen.has(file.url)) continue;
    seen.add(file.url);
    files.push(file);
  }
  const area = (f: MediaFile): number => (f.width ?? 0) * (f.height ?? 0);
  return files.sort((a, b) => area(b) - area(a));
}

export function mediaTypeFromCode(code: number | null): MediaType | null {
  if (code === 1) return 'image';
  if (code === 2) return 'video';
  if (code === 8) return 'carousel';
  return null;
}

export function smallestUrl(files: MediaFile[]): string | null {
  return files.at(-1)?.url ?? null;
}

export function postIdentity(raw: Dict, owner: User | null): { id: string; mediaId: string } | null {
  const rawId = idOf(raw, 'id');
  const id = idOf(raw, 'pk') ?? (rawId !== null ? (rawId.split('_')[0] ?? null) : null);
  if (id === null) return null;
  const mediaId = rawId !== null && rawId.includes('_') ? rawId : owner !== null ? `${id}_${owner.id}` : id;
  return { id, mediaId };
}

export function videoDurationOf(raw: unknown, mediaType: MediaType): number | null {
  const seconds = num(raw, 'video_duration');
  return mediaType === 'video' && seconds !== null && seconds > 0 ? seconds : null;
}
