// The story viewer's pure logic: playback state (which item, how far, why paused), overlay geometry and
// the times it shows. No React and no DOM here, so it is unit-tested in plain Node.
import type { Story } from '../../../../shared/records';
import { timeAgo, timeLeft } from '../../format';

/** Images stay on screen this long; videos play for their own length. */
export const IMAGE_MS = 5000;
/** A press shorter than this is a tap (next/previous); longer is a hold (pause). */
export const TAP_MS = 250;

/**
 * Why playback is paused; it plays when there is no reason left. `loading` is set on every item
 * change and cleared when its media is ready, so a slow image does not eat its 5 seconds.
 */
export type PauseReason = 'user' | 'hold' | 'dialog' | 'hidden' | 'loading' | 'away' | 'reading';

/** `timer`: the viewer counts time (images). `media`: the video element reports progress and its end. */
export interface ItemTiming {
  clock: 'timer' | 'media';
  /** Null until a video's length is known (from the record or the file's metadata). */
  durationMs: number | null;
}

export interface ViewerState {
  index: number;
  timings: ItemTiming[];
  elapsedMs: number;
  pausedBy: PauseReason[];
  muted: boolean;
  /** Played past the last item: stays on it, paused, until the user moves or replays. */
  finished: boolean;
}

export type ViewerAction =
  | { type: 'load'; timings: ItemTiming[]; index: number }
  | { type: 'next' }
  | { type: 'prev' }
  | { type: 'goto'; index: number }
  | { type: 'restart' }
  | { type: 'tick'; ms: number }
  | { type: 'progress'; ms: number }
  | { type: 'duration'; ms: number }
  | { type: 'ended' }
  /** The current video could not play: show its picture for IMAGE_MS instead. */
  | { type: 'fallback' }
  | { type: 'pause'; reason: PauseReason }
  | { type: 'resume'; reason: PauseReason }
  | { type: 'togglePause' }
  | { type: 'toggleMute' };

export function timingOf(story: Pick<Story, 'mediaType' | 'videos' | 'videoDuration'>): ItemTiming {
  if (story.mediaType === 'video' && story.videos.length > 0) {
    const seconds = story.videoDuration;
    return { clock: 'media', durationMs: seconds !== null && seconds > 0 ? seconds * 1000 : null };
  }
  return { clock: 'timer', durationMs: IMAGE_MS };
}

export function initialViewerState(muted = false): ViewerState {
  return { index: 0, timings: [], elapsedMs: 0, pausedBy: ['loading'], muted, finished: false };
}

const withReason = (reasons: PauseReason[], reason: PauseReason): PauseReason[] => (reasons.includes(reason) ? reasons : [...reasons, reason]);
const withoutReason = (reasons: PauseReason[], reason: PauseReason): PauseReason[] => reasons.filter((r) => r !== reason);

function clampIndex(index: number, count: number): number {
  return Math.max(0, Math.min(Math.max(0, count - 1), Math.trunc(index)));
}

/** Moves to another item: time starts over and waits for the new item's media. */
function moveTo(state: ViewerState, index: number): ViewerState {
  const next = clampIndex(index, state.timings.length);
  return { ...state, index: next, elapsedMs: 0, finished: false, pausedBy: withReason(state.pausedBy, 'loading') };
}

function advance(state: ViewerState): ViewerState {
  if (state.index < state.timings.length - 1) return moveTo(state, state.index + 1);
  return { ...state, finished: true, elapsedMs: state.timings[state.index]?.durationMs ?? state.elapsedMs };
}

export function isPlaying(state: ViewerState): boolean {
  return !state.finished && state.pausedBy.length === 0 && state.timings.length > 0;
}

export function viewerReducer(state: ViewerState, action: ViewerAction): ViewerState {
  const timing = state.timings[state.index];
  switch (action.type) {
    case 'load':
      return { ...state, timings: action.timings, index: clampIndex(action.index, action.timings.length), elapsedMs: 0, finished: false, pausedBy: withReason(state.pausedBy, 'loading') };
    case 'next':
      return state.timings.length === 0 ? state : advance(state);
    case 'prev':
      return state.timings.length === 0 ? state : moveTo(state, state.index - 1);
    case 'goto':
      return state.timings.length === 0 ? state : moveTo(state, action.index);
    case 'restart':
      return state.timings.length === 0 ? state : { ...moveTo(state, 0), pausedBy: withReason(withoutReason(state.pausedBy, 'user'), 'loading') };
    case 'tick': {
      if (!timing || timing.clock !== 'timer' || !isPlaying(state)) return state;
      const elapsedMs = state.elapsedMs + Math.max(0, action.ms);
      if (timing.durationMs !== null && elapsedMs >= timing.durationMs) return advance(state);
      return { ...state, elapsedMs };
    }
    case 'progress':
      if (!timing || timing.clock !== 'media' || state.finished) return state;
      return { ...state, elapsedMs: Math.max(0, action.ms) };
    case 'duration': {
      if (!timing || !(action.ms > 0)) return state;
      const timings = state.timings.map((t, i) => (i === state.index ? { ...t, durationMs: action.ms } : t));
      return { ...state, timings };
    }
    case 'ended':
      return timing?.clock === 'media' && !state.finished ? advance(state) : state;
    case 'fallback': {
      if (!timing || timing.clock === 'timer') return state;
      const timings = state.timings.map((t, i): ItemTiming => (i === state.index ? { clock: 'timer', durationMs: IMAGE_MS } : t));
      return { ...state, timings, elapsedMs: 0 };
    }
    // Unchanged state when nothing changes: pointer and visibility events come often.
    case 'pause':
      return state.pausedBy.includes(action.reason) ? state : { ...state, pausedBy: withReason(state.pausedBy, action.reason) };
    case 'resume':
      return state.pausedBy.includes(action.reason) ? { ...state, pausedBy: withoutReason(state.pausedBy, action.reason) } : state;
    case 'togglePause':
      if (state.finished) return state;
      return { ...state, pausedBy: state.pausedBy.includes('user') ? withoutReason(state.pausedBy, 'user') : withReason(state.pausedBy, 'user') };
    case 'toggleMute':
      return { ...state, muted: !state.muted };
  }
}

/** How full segment `i` of the progress bar is, 0..1. */
export function segmentProgress(state: ViewerState, i: number): number {
  if (i < state.index) return 1;
  if (i > state.index) return 0;
  if (state.finished) return 1;
  const duration = state.timings[i]?.durationMs;
  if (!duration) return 0;
  return Math.max(0, Math.min(1, state.elapsedMs / duration));
}

/** Where to start: the requested story's position, else the requested index, else the first item. */
export function startIndex(stories: readonly Pick<Story, 'id'>[], storyPk?: string | null, itemIndex?: number | null): number {
  if (storyPk) {
    const found = stories.findIndex((s) => s.id === storyPk || s.id === storyPk.split('_')[0]);
    if (found >= 0) return found;
  }
  if (itemIndex !== undefined && itemIndex !== null && Number.isFinite(itemIndex)) return clampIndex(itemIndex, stories.length);
  return 0;
}

// ---- overlays ----

export interface Box {
  x: number | null;
  y: number | null;
  width?: number | null;
  height?: number | null;
}

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Smallest tap target (fractions of the frame) for overlays the service gives no size for. */
const MIN_W = 0.14;
const MIN_H = 0.045;

/**
 * The service places stickers by their centre (x, y) with a width and height, all relative to the
 * frame (0..1). Returns the rectangle as fractions, at least a tap target large, kept inside the frame.
 * Null when the position is unknown (such overlays are listed below the frame instead).
 */
export function overlayRect(box: Box): Rect | null {
  if (box.x === null || box.y === null || !Number.isFinite(box.x) || !Number.isFinite(box.y)) return null;
  const width = Math.min(1, Math.max(MIN_W, box.width ?? 0));
  const height = Math.min(1, Math.max(MIN_H, box.height ?? 0));
  const left = Math.max(0, Math.min(1 - width, box.x - width / 2));
  const top = Math.max(0, Math.min(1 - height, box.y - height / 2));
  return { left, top, width, height };
}

/** A post shared into the story (v1 `medias`, v2 `story_feed_media`), with its place on the frame. */
export interface SharedPost extends Box {
  code: string;
}

function numberOr(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The posts shared into a story, read from its raw record (the app record does not carry them). */
export function sharedPostsOf(raw: unknown): SharedPost[] {
  if (typeof raw !== 'object' || raw === null) return [];
  const record = raw as Record<string, unknown>;
  const lists = [record.medias, record.story_feed_media].filter(Array.isArray) as unknown[][];
  const out: SharedPost[] = [];
  for (const item of lists.flat()) {
    if (typeof item !== 'object' || item === null) continue;
    const m = item as Record<string, unknown>;
    const code = typeof m.media_code === 'string' && m.media_code !== '' ? m.media_code : null;
    if (code && !out.some((p) => p.code === code)) {
      out.push({ code, x: numberOr(m.x), y: numberOr(m.y), width: numberOr(m.width), height: numberOr(m.height) });
    }
  }
  return out;
}

/** Stickers shown as something else: link stickers as links, shared posts as posts, mentions as mentions. */
export function isPlainSticker(type: string | null): boolean {
  return type !== 'story_link' && type !== 'feed_media' && type !== 'mention';
}

const STICKER_NAMES: Record<string, string> = {
  poll: 'Poll',
  gif: 'GIF',
  emoji_slider: 'Emoji slider',
  slider: 'Slider',
  question: 'Question',
  quiz: 'Quiz',
  countdown: 'Countdown',
  music: 'Music',
};

export function stickerName(type: string | null): string {
  if (!type) return 'Sticker';
  return STICKER_NAMES[type] ?? type.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

// ---- times ----

/** "just now", "12 min ago", "3 h ago", "2 d ago"; older than a week: the local date. */
export function formatAgo(epochSec: number, nowSec: number, locale?: string): string {
  return timeAgo(epochSec, nowSec, locale !== undefined ? { locale } : {});
}

/** "23 h 5 min left", "40 min left", "less than a minute left", or "expired". */
export function formatTimeLeft(expiresAtSec: number, nowSec: number): string {
  return timeLeft(expiresAtSec, nowSec, 'minutes');
}

/** Local date and time, and the same moment in UTC (for the hover title). */
export function formatMoment(epochSec: number, locale?: string): { local: string; utc: string } {
  const date = new Date(epochSec * 1000);
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' };
  return {
    local: date.toLocaleString(locale, options),
    utc: `${date.toLocaleString(locale, { ...options, timeZone: 'UTC' })} UTC`,
  };
}

// ---- media ----

/** The picture to show full frame: the smallest rendition at least 640 px wide, else the largest. */
export function frameImageUrl(story: Pick<Story, 'images' | 'thumbnailUrl'>): string | null {
  const images = story.images; // largest first
  const fit = [...images].reverse().find((i) => (i.width ?? 0) >= 640) ?? images[0];
  return fit?.url ?? story.thumbnailUrl ?? null;
}

export function videoUrlOf(story: Pick<Story, 'mediaType' | 'videos'>): string | null {
  return story.mediaType === 'video' ? (story.videos[0]?.url ?? null) : null;
}
