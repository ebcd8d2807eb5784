// The post view's pure helpers: what a post is called, which rendition loads, how times read, and
// which errors mean "empty list".
import { describe, expect, it } from 'vitest';
import { postFromV1 } from '../../../shared/api/normalize';
import type { MediaFile, Post } from '../../../shared/records';
import {
  aspectOf, formatDuration, formatLocal, formatUtc, isNoEntries, pickRendition, postKindLabel, postLinkKind, requestsLabel, shortAge, stageItems, usertagsOf,
} from '../../../renderer/src/screens/post/format';

const SOURCE = { family: 'v1' as const, path: '/v1/media/by/code' };

/** A v1 carousel as the interface describes it: `resources` hold the items, usertags sit on the post. */
function carousel(): Post {
  const post = postFromV1(
    {
      pk: '3776832898280228145',
      id: '3776832898280228145_25025320',
      code: 'DRqAYKuAIUx',
      taken_at: '2026-04-01T13:00:03Z',
      taken_at_ts: 1775048403,
      media_type: 8,
      product_type: 'carousel_container',
      user: { pk: '25025320', username: 'skyward.atlas', full_name: 'Skyward Atlas' },
      usertags: [{ user: { pk: '6860189', username: 'soren_schulz' }, x: 0.25, y: 0.6 }],
      resources: [
        { pk: '3776832898280228146', media_type: 1, image_versions: [{ url: 'https://cdn.example/1.jpg', width: 1080, height: 1350 }] },
        { pk: '3776832898280228147', media_type: 2, video_url: 'https://cdn.example/2.mp4', image_versions: [{ url: 'https://cdn.example/2.jpg', width: 720, height: 1280 }] },
      ],
    },
    SOURCE,
  );
  if (!post) throw new Error('fixture did not normalise');
  return post;
}

describe('postKindLabel and postLinkKind', () => {
  it('names reels, IGTV, carousels, videos and photos, and links them under /reel/, /tv/ and /p/', () => {
    expect([postKindLabel({ productType: 'clips', mediaType: 'video' }), postLinkKind({ productType: 'clips' })]).toEqual(['Reel', 'reel']);
    expect([postKindLabel({ productType: 'igtv', mediaType: 'video' }), postLinkKind({ productType: 'igtv' })]).toEqual(['IGTV', 'tv']);
    expect([postKindLabel({ productType: 'carousel_container', mediaType: 'carousel' }), postLinkKind({ productType: 'carousel_container' })]).toEqual(['Carousel', 'p']);
    expect(postKindLabel({ productType: 'feed', mediaType: 'video' })).toBe('Video');
    expect(postKindLabel({ productType: 'feed', mediaType: 'image' })).toBe('Photo');
  });
});

describe('stageItems and usertagsOf', () => {
  it('shows a carousel item by item, in the service order, and falls back to the post\'s tags', () => {
    const post = carousel();
    const items = stageItems(post);
    expect(items.map((i) => [i.id, i.mediaType])).toEqual([
      ['3776832898280228146', 'image'],
      ['3776832898280228147', 'video'],
    ]);
    expect(usertagsOf(post, items[1]!).map((t) => t.user.username)).toEqual(['soren_schulz']);
  });

  it('shows a single post as itself', () => {
    const post = { ...carousel(), mediaType: 'image' as const, children: [] };
    expect(stageItems(post)).toEqual([post]);
  });
});

describe('pickRendition', () => {
  // The three widths the service's image_versions carry for a 1080 x 1350 picture, largest first.
  const files: MediaFile[] = [
    { url: 'https://cdn.example/1080.jpg', width: 1080, height: 1350 },
    { url: 'https://cdn.example/640.jpg', width: 640, height: 800 },
    { url: 'https://cdn.example/320.jpg', width: 320, height: 400 },
  ];

  it('takes the smallest rendition that still covers the box', () => {
    expect(pickRendition(files, 600)?.width).toBe(640);
    expect(pickRendition(files, 641)?.width).toBe(1080);
    expect(pickRendition(files, 200)?.width).toBe(320);
  });

  it('takes the largest when none is wide enough, and copes with unknown sizes', () => {
    expect(pickRendition(files, 2400)?.width).toBe(1080);
    expect(pickRendition([{ url: 'https://cdn.example/x.jpg', width: null, height: null }], 600)?.url).toBe('https://cdn.example/x.jpg');
    expect(pickRendition([], 600)).toBeNull();
  });

  it('gives the box its aspect ratio, square when unknown', () => {
    expect(aspectOf(files[0])).toBeCloseTo(0.8);
    expect(aspectOf({ width: null, height: 400 })).toBe(1);
  });
});

describe('times and durations', () => {
  // taken_at "2026-04-01T13:00:03Z" (service-facts.md) as epoch seconds.
  const takenAt = Date.parse('2026-04-01T13:00:03Z') / 1000;

  it('writes the exact UTC time for the hover title', () => {
    expect(formatUtc(takenAt)).toBe('2026-04-01 13:00:03 UTC');
  });

  it('writes the local time in the given zone', () => {
    expect(formatLocal(takenAt, 'en-US', 'Europe/Paris')).toBe('Apr 1, 2026, 3:00 PM');
    expect(formatLocal(takenAt, 'en-US', 'America/New_York')).toBe('Apr 1, 2026, 9:00 AM');
  });

  it('says how long ago in the compact comment form', () => {
    const now = takenAt * 1000;
    expect(shortAge(takenAt, now + 30_000)).toBe('now');
    expect(shortAge(takenAt, now + 5 * 60_000)).toBe('5m');
    expect(shortAge(takenAt, now + 3 * 3600_000)).toBe('3h');
    expect(shortAge(takenAt, now + 2 * 86_400_000)).toBe('2d');
    expect(shortAge(takenAt, now + 20 * 86_400_000)).toBe('2w');
    expect(shortAge(takenAt, now + 400 * 86_400_000)).toBe('1y');
    // A clock behind the service never shows a negative age.
    expect(shortAge(takenAt, now - 60_000)).toBe('now');
  });

  it('formats durations', () => {
    expect(formatDuration(6)).toBe('0:06');
    expect(formatDuration(15.2)).toBe('0:15');
    expect(formatDuration(245)).toBe('4:05');
    expect(formatDuration(3723)).toBe('1:02:03');
  });
});

describe('isNoEntries', () => {
  it('treats 404 "Entries not found" as an empty list', () => {
    expect(isNoEntries({ kind: 'not_found', excType: 'NotFoundError', detail: 'Entries not found' })).toBe(true);
    expect(isNoEntries({ kind: 'not_found', detail: 'Entries not found' })).toBe(true);
    expect(isNoEntries({ kind: 'not_found', excType: 'NotFoundError' })).toBe(true);
  });

  it('keeps other failures as errors', () => {
    expect(isNoEntries({ kind: 'not_found', excType: 'MediaUnavailable', detail: 'Media is unavailable' })).toBe(false);
    expect(isNoEntries({ kind: 'comments_disabled', excType: 'CommentsDisabled', detail: 'Comments disabled by author' })).toBe(false);
    expect(isNoEntries({ kind: 'not_found', excType: 'NotFoundError', detail: 'Hashtag not found' })).toBe(false);
  });
});

describe('requestsLabel', () => {
  it('says what a call bills in words', () => {
    expect(requestsLabel(1)).toBe('1 request');
    expect(requestsLabel(3)).toBe('3 requests');
  });
});
