import { isPlatformPage } from '../../../shared/links';
import { describe, expect, it } from 'vitest';
import { findEndpoint } from '../../../shared/api/catalog';
import { normalizeAnswer } from '../../../shared/api/normalize';
import type { AppRecord, Story } from '../../../shared/records';
import {
  IMAGE_MS, formatAgo, formatTimeLeft, frameImageUrl, initialViewerState, isPlainSticker, isPlaying, overlayRect, segmentProgress,
  sharedPostsOf, startIndex, stickerName, timingOf, videoUrlOf, viewerReducer, type ItemTiming, type ViewerAction, type ViewerState,
} from '../../../renderer/src/screens/viewer/logic';
import { loadAnswer } from '../shared/api/normalize/support';

/** The interface's v1 stories example (an image with overlays, then an 8.4 s video), as the app reads it. */
function fixtureStories(): Story[] {
  const endpoint = findEndpoint('/v1/user/stories')!;
  return (normalizeAnswer(endpoint, loadAnswer('v1-user-stories.json')) as AppRecord[]).filter((r): r is Story => r.kind === 'story');
}

const IMAGE: ItemTiming = { clock: 'timer', durationMs: IMAGE_MS };
const VIDEO: ItemTiming = { clock: 'media', durationMs: 6000 };

function run(state: ViewerState, ...actions: ViewerAction[]): ViewerState {
  return actions.reduce(viewerReducer, state);
}

/** A viewer with these items, at `index`, its media loaded. */
function ready(timings: ItemTiming[], index = 0): ViewerState {
  return run(initialViewerState(), { type: 'load', timings, index }, { type: 'resume', reason: 'loading' });
}

describe('item timing', () => {
  const [image, video] = fixtureStories();

  it('shows images for 5 seconds and plays videos for their own length', () => {
    expect(timingOf(image!)).toEqual({ clock: 'timer', durationMs: 5000 });
    expect(timingOf(video!)).toEqual({ clock: 'media', durationMs: 8400 });
  });

  it('waits for the file to tell a video length the record does not give', () => {
    expect(timingOf({ ...video!, videoDuration: 0 })).toEqual({ clock: 'media', durationMs: null });
    expect(timingOf({ ...video!, videoDuration: null })).toEqual({ clock: 'media', durationMs: null });
  });

  it('picks the picture and the video to show', () => {
    expect(frameImageUrl(image!)).toBe('https://scontent-cdg4-1.cdninstagram.com/v/t51.2885-15/st1_1080.jpg?oe=69F1A2B3');
    expect(videoUrlOf(image!)).toBeNull();
    expect(videoUrlOf(video!)).toBe('https://scontent-cdg4-3.cdninstagram.com/o1/v/t16/st2_720.mp4?oe=69F1A2B3');
    const sizes = [1080, 750, 640, 320].map((width) => ({ url: `https://cdn.example/${width}.jpg`, width, height: width * 2 }));
    expect(frameImageUrl({ images: sizes, thumbnailUrl: null })).toBe('https://cdn.example/640.jpg');
    expect(frameImageUrl({ images: [], thumbnailUrl: 'https://cdn.example/t.jpg' })).toBe('https://cdn.example/t.jpg');
  });
});

describe('playback', () => {
  it('does not count time until the media is ready', () => {
    const loading = run(initialViewerState(), { type: 'load', timings: [IMAGE, IMAGE], index: 0 }, { type: 'tick', ms: 6000 });
    expect(loading).toMatchObject({ index: 0, elapsedMs: 0 });
    expect(isPlaying(loading)).toBe(false);
  });

  it('moves to the next image after 5 seconds, and the next waits for its own media', () => {
    const s = run(ready([IMAGE, IMAGE, VIDEO]), { type: 'tick', ms: 4999 });
    expect(s).toMatchObject({ index: 0, elapsedMs: 4999 });
    const next = run(s, { type: 'tick', ms: 2 });
    expect(next).toMatchObject({ index: 1, elapsedMs: 0, finished: false });
    expect(next.pausedBy).toEqual(['loading']);
  });

  it('lets videos report their own progress and end', () => {
    let s = ready([IMAGE, VIDEO, IMAGE], 1);
    s = run(s, { type: 'tick', ms: 10_000 });
    expect(s).toMatchObject({ index: 1, elapsedMs: 0 });
    s = run(s, { type: 'progress', ms: 3000 });
    expect(segmentProgress(s, 1)).toBe(0.5);
    s = run(s, { type: 'ended' });
    expect(s.index).toBe(2);
  });

  it('takes a video length from the file when the record has none', () => {
    const s = run(ready([{ clock: 'media', durationMs: null }]), { type: 'progress', ms: 1000 });
    expect(segmentProgress(s, 0)).toBe(0);
    expect(segmentProgress(run(s, { type: 'duration', ms: 4000 }), 0)).toBe(0.25);
  });

  it('shows the picture for 5 seconds when a video cannot play', () => {
    const s = run(ready([VIDEO, IMAGE]), { type: 'fallback' }, { type: 'tick', ms: IMAGE_MS });
    expect(s.index).toBe(1);
  });

  it('stays on the last item when it ends, until replayed', () => {
    let s = run(ready([IMAGE, IMAGE], 1), { type: 'tick', ms: IMAGE_MS });
    expect(s).toMatchObject({ index: 1, finished: true });
    expect(segmentProgress(s, 1)).toBe(1);
    expect(isPlaying(s)).toBe(false);
    expect(run(s, { type: 'next' })).toMatchObject({ index: 1, finished: true });
    expect(run(s, { type: 'togglePause' })).toBe(s);
    s = run(s, { type: 'restart' });
    expect(s).toMatchObject({ index: 0, finished: false, elapsedMs: 0 });
    expect(run(s, { type: 'prev' }).index).toBe(0);
  });

  it('pauses while any reason holds: Space, holding the frame, a dialog', () => {
    let s = run(ready([IMAGE, IMAGE]), { type: 'tick', ms: 1000 }, { type: 'togglePause' }, { type: 'pause', reason: 'hold' });
    s = run(s, { type: 'tick', ms: 10_000 });
    expect(s).toMatchObject({ index: 0, elapsedMs: 1000 });
    s = run(s, { type: 'resume', reason: 'hold' }, { type: 'tick', ms: 10_000 });
    expect(s.elapsedMs).toBe(1000);
    s = run(s, { type: 'togglePause' }, { type: 'tick', ms: 500 });
    expect(s.elapsedMs).toBe(1500);
    expect(run(s, { type: 'resume', reason: 'dialog' })).toBe(s);
  });

  it('moves with next/previous and goto, starting each item over', () => {
    const s = run(ready([IMAGE, IMAGE, IMAGE]), { type: 'tick', ms: 2000 }, { type: 'next' });
    expect(s).toMatchObject({ index: 1, elapsedMs: 0 });
    expect(segmentProgress(s, 0)).toBe(1);
    expect(segmentProgress(s, 2)).toBe(0);
    expect(run(s, { type: 'prev' }).index).toBe(0);
    expect(run(s, { type: 'goto', index: 99 }).index).toBe(2);
  });

  it('toggles the sound', () => {
    const s = ready([VIDEO]);
    expect(run(s, { type: 'toggleMute' }).muted).toBe(!s.muted);
  });
});

describe('where the viewer starts', () => {
  const stories = fixtureStories();

  it('finds the story of a link by pk or by media id', () => {
    expect(startIndex(stories, '3801122334455667790')).toBe(1);
    expect(startIndex(stories, '3801122334455667790_5821974623')).toBe(1);
  });

  it('falls back to the item index (clamped), then to the first', () => {
    expect(startIndex(stories, '1111', 1)).toBe(1);
    expect(startIndex(stories, null, 7)).toBe(1);
    expect(startIndex(stories)).toBe(0);
  });
});

describe('overlays', () => {
  const [image] = fixtureStories();

  it('places a sticker by its centre and size', () => {
    const rect = overlayRect(image!.mentions[0]!); // x .5, y .72, 0.41 x 0.06
    expect(rect!.left).toBeCloseTo(0.295);
    expect(rect!.top).toBeCloseTo(0.69);
    expect(rect!.width).toBeCloseTo(0.41);
    expect(rect!.height).toBeCloseTo(0.06);
  });

  it('gives unsized overlays a tap-sized box and keeps boxes inside the frame', () => {
    const hashtag = overlayRect({ x: 0.3, y: 0.2 });
    expect(hashtag!.width).toBeGreaterThan(0.1);
    expect(hashtag!.left + hashtag!.width / 2).toBeCloseTo(0.3);
    const edge = overlayRect({ x: 0.98, y: 0.01, width: 0.3, height: 0.1 })!;
    expect(edge.left).toBeCloseTo(0.7);
    expect(edge.top).toBe(0);
    expect(overlayRect({ x: null, y: 0.5 })).toBeNull();
  });

  it('reads posts shared into a story from v1 `medias` and v2 `story_feed_media`', () => {
    const v1 = { medias: [{ x: 0.5, y: 0.4997, z: 0, width: 0.8, height: 0.6057, rotation: 0, media_pk: '4033343845021270579', media_code: 'Df5UNuDgEIz' }] };
    expect(sharedPostsOf(v1)).toEqual([{ code: 'Df5UNuDgEIz', x: 0.5, y: 0.4997, width: 0.8, height: 0.6057 }]);
    const v2 = { story_feed_media: [{ x: 0.5, y: 0.5, width: 0.8, height: 0.6, media_id: 4033343845021270579n, media_code: 'Df5UNuDgEIz' }], medias: [{ media_code: 'Df5UNuDgEIz' }] };
    expect(sharedPostsOf(v2)).toHaveLength(1);
    expect(sharedPostsOf({ medias: [{ media_pk: '1' }, null, 'x'] })).toEqual([]);
    expect(sharedPostsOf(image!.raw)).toEqual([]);
  });

  it('shows link stickers as links, not twice as stickers', () => {
    expect(image!.stickers.map((s) => s.type)).toEqual(['story_link', 'gif']);
    expect(image!.stickers.filter((s) => isPlainSticker(s.type)).map((s) => stickerName(s.type))).toEqual(['GIF']);
    expect(stickerName('emoji_slider')).toBe('Emoji slider');
    expect(stickerName('mystery_box')).toBe('Mystery box');
  });

  it('opens only the platform’s own links', () => {
    expect(isPlatformPage('https://www.instagram.com/p/DTATJ-9CJxN/')).toBe(true);
    expect(isPlatformPage('https://help.instagram.com/')).toBe(true);
    expect(isPlatformPage(image!.links[0]!.url)).toBe(false);
    expect(isPlatformPage('https://instagram.com.example.net/')).toBe(false);
    expect(isPlatformPage('not a url')).toBe(false);
  });
});

describe('times', () => {
  const [image] = fixtureStories(); // taken 2026-04-02T16:19:33Z, expires 24 h later

  it('says how long ago a story was posted', () => {
    const taken = image!.takenAt!;
    expect(formatAgo(taken, taken + 30)).toBe('just now');
    expect(formatAgo(taken, taken + 12 * 60)).toBe('12 min ago');
    expect(formatAgo(taken, taken + 3 * 3600 + 59)).toBe('3 h ago');
    expect(formatAgo(taken, taken + 2 * 86_400)).toBe('2 d ago');
    expect(formatAgo(taken, taken + 30 * 86_400, 'en-US')).toBe('Apr 2, 2026');
  });

  it('says how long a story has left before it expires', () => {
    const taken = image!.takenAt!;
    const expires = image!.expiresAt!;
    expect(formatTimeLeft(expires, taken + 3 * 3600)).toBe('21 h left');
    expect(formatTimeLeft(expires, taken + 3 * 3600 + 25 * 60)).toBe('20 h 35 min left');
    expect(formatTimeLeft(expires, expires - 40 * 60)).toBe('40 min left');
    expect(formatTimeLeft(expires, expires - 20)).toBe('less than a minute left');
    expect(formatTimeLeft(expires, expires + 1)).toBe('expired');
  });
});
