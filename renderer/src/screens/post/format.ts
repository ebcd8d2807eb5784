// Pure helpers of the post view: what to call a post, which rendition to load, how to write times.
// No React, no DOM: unit-tested in Node (test/unit/renderer/post-format.test.ts).
import type { AppError } from '../../../../shared/api/errors';
import type { PostLinkKind } from '../../../../shared/links';
import type { MediaFile, Post, Usertag } from '../../../../shared/records';
import { compactAge, plural } from '../../format';

/** How the post is called in the UI, from its product and media type. */
export function postKindLabel(post: Pick<Post, 'productType' | 'mediaType'>): string {
  if (post.productType === 'clips') return 'Reel';
  if (post.productType === 'igtv') return 'IGTV';
  if (post.mediaType === 'carousel') return 'Carousel';
  if (post.mediaType === 'video') return 'Video';
  return 'Photo';
}

/** The segment of the post's web link: reels under /reel/, IGTV under /tv/, the rest under /p/. */
export function postLinkKind(post: Pick<Post, 'productType'>): PostLinkKind {
  if (post.productType === 'clips') return 'reel';
  if (post.productType === 'igtv') return 'tv';
  return 'p';
}

/** What the stage shows: a carousel's items, or the post itself. */
export function stageItems(post: Post): Post[] {
  return post.mediaType === 'carousel' && post.children.length > 0 ? post.children : [post];
}

/** The people tagged on a stage item; carousel items without their own tags show the post's. */
export function usertagsOf(post: Post, item: Post): Usertag[] {
  return item.usertags.length > 0 ? item.usertags : post.usertags;
}

/**
 * The rendition to load for a box `targetWidth` device pixels wide: the smallest one at least that wide
 * (no wasted bytes), else the largest there is. `files` come largest first, as the normaliser sorts them.
 */
export function pickRendition(files: readonly MediaFile[], targetWidth: number): MediaFile | null {
  const sized = files.filter((f) => f.width !== null);
  if (sized.length === 0) return files[0] ?? null;
  const fitting = sized.filter((f) => (f.width ?? 0) >= targetWidth);
  const smallestFitting = fitting.reduce<MediaFile | null>((best, f) => (best === null || (f.width ?? 0) < (best.width ?? 0) ? f : best), null);
  return smallestFitting ?? sized.reduce((best, f) => ((f.width ?? 0) > (best.width ?? 0) ? f : best));
}

/** Width over height of a rendition, 1 when unknown (a square box until the file says otherwise). */
export function aspectOf(file: Pick<MediaFile, 'width' | 'height'> | null | undefined): number {
  if (!file?.width || !file.height) return 1;
  return file.width / file.height;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** "2026-04-01 13:00:03 UTC": the exact time, for a title on hover. */
export function formatUtc(epochSec: number): string {
  const d = new Date(epochSec * 1000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} UTC`;
}

/** The time in the user's zone and language, e.g. "Apr 1, 2026, 3:00 PM". */
export function formatLocal(epochSec: number, locale?: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(epochSec * 1000));
}

/** "now", "5m", "3h", "2d", "6w", "1y": how long ago, in the compact form comment threads use. */
export function shortAge(epochSec: number, nowMs: number): string {
  return compactAge(nowMs / 1000 - epochSec);
}

/** "0:15", "4:05", "1:02:03". */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

/**
 * The service's 404 "Entries not found" means an empty list, e.g. a post without comments: the UI shows
 * an empty state, not an error. Other not-found answers ("Media is unavailable", "Hashtag not found")
 * stay errors.
 */
export function isNoEntries(error: Pick<AppError, 'kind' | 'excType' | 'detail'>): boolean {
  if (error.kind !== 'not_found') return false;
  if (error.detail) return /entries not found/i.test(error.detail);
  return error.excType === 'NotFoundError';
}

/** "1 request", "3 requests": what a call bills, in words for buttons. */
export function requestsLabel(units: number): string {
  return `${units} ${plural(units, 'request', 'requests')}`;
}
