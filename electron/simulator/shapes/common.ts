// Helpers shared by every family's shapes: times, media URLs, image candidates, profile pictures.
import { mediaPaths, VIDEO_ASSETS, type RouteContext, type VideoAssetName } from '../types';
import type { WorldStory, WorldUser } from '../world/model';
import { hashString } from '../world/random';
import { storyTakenAt, type World } from '../world/world';

/** What shapes need from a request: the world, URL signing and the clock. */
export type ShapeContext = Pick<RouteContext, 'world' | 'mediaUrl' | 'now'>;

export const PLATFORM = 'https://www.instagram.com';

/** Media `taken_at` form: "2026-04-01T13:00:03Z". */
export function isoZ(epochSec: number): string {
  return new Date(epochSec * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Highlight `created_at` form: "2025-11-26T06:32:13+00:00". */
export function isoOffset(epochSec: number): string {
  return isoZ(epochSec).replace(/Z$/, '+00:00');
}

export function nowSec(ctx: ShapeContext): number {
  return Math.floor(ctx.now / 1000);
}

export interface Candidate {
  width: number;
  height: number;
  url: string;
}

/** An image in three widths (the original, 640 and 320), each URL drawing exactly its declared size. */
export function imageCandidates(ctx: ShapeContext, id: string, width: number, height: number): Candidate[] {
  const out: Candidate[] = [];
  for (const w of [width, 640, 320]) {
    if (w > width || (w === width && out.length > 0)) continue;
    const h = Math.max(1, Math.round((height * w) / width));
    out.push({ width: w, height: h, url: ctx.mediaUrl(mediaPaths.image(id, w, h)) });
  }
  return out;
}

/** The poster image of a video: twice the video's size (a sharp cover), then smaller versions. */
export function videoCover(ctx: ShapeContext, id: string, asset: VideoAssetName): Candidate[] {
  const { width, height } = VIDEO_ASSETS[asset];
  return imageCandidates(ctx, id, width * 2, height * 2);
}

export interface VideoFile {
  width: number;
  height: number;
  url: string;
  durationSec: number;
}

export function videoFile(ctx: ShapeContext, id: string, asset: VideoAssetName): VideoFile {
  const a = VIDEO_ASSETS[asset];
  return { width: a.width, height: a.height, url: ctx.mediaUrl(mediaPaths.video(asset, id)), durationSec: a.durationSec };
}

/** Images of a post, a carousel child or a story: the cover of a video, or the picture itself (another post's, reposted). */
export function picturesOf(ctx: ShapeContext, id: string, item: { width: number; height: number; video: VideoAssetName | null; picture?: string | null }): Candidate[] {
  if (item.video) return videoCover(ctx, id, item.video);
  return imageCandidates(ctx, item.picture ? `${id}~${item.picture}` : id, item.width, item.height);
}

const ANONYMOUS_PIC = 'anonymous-profile';

export function profilePicUrl(ctx: ShapeContext, user: WorldUser, size = 150): string {
  return ctx.mediaUrl(mediaPaths.image(user.anonymousPic ? ANONYMOUS_PIC : `profile-${user.pk}`, size, size));
}

/** `profile_pic_id` of raw user dicts: `<19 digits>_<user pk>`. */
export function profilePicId(user: WorldUser): string {
  return `${user.fbid}${user.pk.slice(-2).padStart(2, '0')}_${user.pk}`;
}

/** Active stories of a user at the time of the request (taken_at + 24 h > now). */
export function activeStories(ctx: ShapeContext, user: WorldUser): WorldStory[] {
  const now = nowSec(ctx);
  const out: WorldStory[] = [];
  for (const pk of user.stories) {
    const s = ctx.world.storyByPk.get(pk);
    if (s && storyTakenAt(s, ctx.now) + 86_400 > now) out.push(s);
  }
  return out;
}

/** `latest_reel_media`: taken_at of the newest active story, 0 when there is none. */
export function latestReelMedia(ctx: ShapeContext, user: WorldUser): number {
  const stories = activeStories(ctx, user);
  const last = stories[stories.length - 1];
  return last ? storyTakenAt(last, ctx.now) : 0;
}

/** "1.2K", "3.4M" as the service formats media counts. */
export function formatCount(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(Math.floor(n / 100) / 10).toString()}K`;
  return `${(Math.floor(n / 100_000) / 10).toString()}M`;
}

export function userOf(world: World, pk: string): WorldUser {
  const u = world.userByPk.get(pk);
  if (!u) throw new Error(`world: no user ${pk}`);
  return u;
}

/** Rounds a coordinate or a sticker box value as the service writes them. */
export function round4(n: number): number {
  return Math.round(n * 1e4) / 1e4;
}

/**
 * The accounts a story is a paid partnership with: every third story that mentions someone names its
 * first mention as the sponsor (the world keeps no sponsor of its own for stories).
 */
export function storySponsors(s: WorldStory): string[] {
  const first = s.mentions[0];
  return first && hashString(`sponsor:${s.pk}`) % 3 === 0 ? [first.userPk] : [];
}
