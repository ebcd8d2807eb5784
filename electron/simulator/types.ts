// Contract between the simulator's parts: the service shell (keys, billing, limits, faults, media files,
// HTTP) and the world with its routes (what each endpoint answers). Keep names and shapes stable.
import type { World } from './world/world';

/** What a route sees of the request. The shell has already checked the key, the balance and the params. */
export interface RouteContext {
  world: World;
  /** The endpoint path as requested, e.g. "/v1/user/by/username". */
  path: string;
  query: URLSearchParams;
  /** `safe_int=true` was sent (the shell serialises bigints as strings then; routes need not care). */
  safeInt: boolean;
  /** `force=true` was sent: private accounts' stories and highlights are readable. */
  force: boolean;
  /** Turns a media path from the world (see mediaPaths below) into an absolute, signed, expiring URL. */
  mediaUrl(path: string): string;
  /** Current time, epoch milliseconds (injected so tests can move time). */
  now: number;
  /** Production's limit of about 50 followers for outsiders is reproduced. */
  followerLimit: boolean;
}

/**
 * A route's answer. `body` is any JSON-able value; `bigint` values are written as exact integer
 * literals (or as strings when safe_int is on). Error statuses use FastAPI bodies, e.g.
 * `{ detail: 'User not found', exc_type: 'UserNotFound' }`. The shell bills per the catalog.
 */
export interface RouteOutcome {
  status: number;
  body: unknown;
}

export type RouteHandler = (ctx: RouteContext) => RouteOutcome;

/** Media files the shell serves. The world stores these paths; routes turn them into URLs with ctx.mediaUrl. */
export const mediaPaths = {
  /** A generated PNG of exactly w x h pixels, distinct per id. */
  image: (id: string, width: number, height: number): string => `/media/img/${encodeURIComponent(id)}.png?w=${width}&h=${height}`,
  /** One of the shipped MP4 assets (VIDEO_ASSETS), addressed per media item. */
  video: (asset: VideoAssetName, id: string): string => `/media/vid/${asset}/${encodeURIComponent(id)}.mp4`,
  /** The shipped audio asset, addressed per track. */
  audio: (id: string): string => `/media/aud/${encodeURIComponent(id)}.m4a`,
};

export type VideoAssetName = 'portrait' | 'square' | 'landscape';

/** The MP4 files shipped in assets/sim-media/ (H.264 + AAC). Declared sizes must match the files. */
export const VIDEO_ASSETS: Record<VideoAssetName, { file: string; width: number; height: number; durationSec: number }> = {
  portrait: { file: 'portrait.mp4', width: 360, height: 640, durationSec: 6 },
  square: { file: 'square.mp4', width: 480, height: 480, durationSec: 4 },
  landscape: { file: 'landscape.mp4', width: 640, height: 360, durationSec: 5 },
};

export const AUDIO_ASSET = { file: 'track.m4a', durationSec: 15 };
