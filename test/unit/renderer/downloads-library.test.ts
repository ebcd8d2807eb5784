// The library's pure helpers: saved files named for the media protocol the way main reads them back
// (fileURLToPath), which files the viewer steps through, and what a sidecar's record says.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { previewUrlFor } from '../../../electron/library/library';
import { fileUrlOf as mainFileUrlOf } from '../../../electron/library/files';
import { withoutRaw } from '../../../electron/downloads/sidecar';
import { postFromV1, profileFromV1, storyFromV1 } from '../../../shared/api/normalize';
import { baseName, fileUrlOf, mediaKindOf, provenanceOf, savedFileUrl, summarize, viewerFiles } from '../../../renderer/src/screens/library/saved';

const MEDIA_BASE = 'app-media://media/';

describe('fileUrlOf and savedFileUrl', () => {
  const posix = [
    '/home/ana/Downloads/Feedlens/skyward.atlas/2026-04-01_13-00-03_UTC_DRqAYKuAIUx_1.png',
    '/home/ana/My Downloads/Feedlens/élif.notebook/highlights/Été #2 ?/2025-08-14_10-00-00_UTC_DRq.mp4',
    '/tmp/feedlens-harness-x/downloads/100%_real/2026-04-01_13-00-03_UTC_Ab-_c.png',
  ];

  it('gives back the same path through fileURLToPath, as main reads it', () => {
    for (const path of posix) expect(fileURLToPath(fileUrlOf(path))).toBe(path);
    expect(fileURLToPath(fileUrlOf('C:\\Users\\Ana\\Downloads\\Feedlens\\café.paris\\2026-04-01_13-00-03_UTC_DRq.jpg'), { windows: true })).toBe(
      'C:\\Users\\Ana\\Downloads\\Feedlens\\café.paris\\2026-04-01_13-00-03_UTC_DRq.jpg',
    );
  });

  it('builds the same URL as the library\'s previewUrl for plain paths', () => {
    expect(savedFileUrl(MEDIA_BASE, posix[0]!)).toBe(previewUrlFor(MEDIA_BASE, posix[0]!));
    expect(fileUrlOf(posix[0]!)).toBe(pathToFileURL(posix[0]!).href);
  });

  it('is read back by the media protocol as a file URL, with no encoded separator it would refuse', () => {
    for (const path of posix) {
      const back = mainFileUrlOf(savedFileUrl(MEDIA_BASE, path));
      expect(back).not.toBeNull();
      expect(back).not.toMatch(/%2f|%5c/i);
      expect(fileURLToPath(back!)).toBe(path);
    }
  });
});

describe('mediaKindOf, baseName and viewerFiles', () => {
  it('tells images, videos and other files by extension, in any case', () => {
    expect(['a.png', 'b.JPG', 'c.mp4', 'd.webm', 'e.m4a', 'f.json'].map(mediaKindOf)).toEqual(['image', 'image', 'video', 'video', 'audio', 'other']);
    expect(baseName('/x/y/2026-04-01_13-00-03_UTC_DRqAYKuAIUx_2.mp4')).toBe('2026-04-01_13-00-03_UTC_DRqAYKuAIUx_2.mp4');
  });

  it('steps through a carousel in sidecar order and shows a video\'s cover as its poster, not as an item', () => {
    const dir = '/d/skyward.atlas/';
    const files = [
      `${dir}2026-04-01_13-00-03_UTC_DRqAYKuAIUx_1.png`,
      `${dir}2026-04-01_13-00-03_UTC_DRqAYKuAIUx_2.mp4`,
      `${dir}2026-04-01_13-00-03_UTC_DRqAYKuAIUx_2.png`,
      `${dir}2026-04-01_13-00-03_UTC_DRqAYKuAIUx_3.png`,
    ];
    expect(viewerFiles(files)).toEqual([
      { path: files[0], kind: 'image', poster: null },
      { path: files[1], kind: 'video', poster: files[2] },
      { path: files[3], kind: 'image', poster: null },
    ]);
    // A cover with the video's own extension gets `_cover` (docs/downloads.md).
    const sameExt = [`${dir}x.mp4`, `${dir}x_cover.mp4`];
    expect(viewerFiles(sameExt).map((f) => f.path)).toEqual(sameExt);
    const jpgCover = [`${dir}x.mp4`, `${dir}x_cover.jpg`];
    expect(viewerFiles(jpgCover)).toEqual([{ path: jpgCover[0], kind: 'video', poster: jpgCover[1] }]);
  });
});

describe('summarize', () => {
  it('reads a carousel post from its sidecar record (no raw copies): caption, code, counts', () => {
    const post = postFromV1(
      {
        pk: '3776832898280228145',
        id: '3776832898280228145_25025320',
        code: 'DRqAYKuAIUx',
        taken_at: 1775048403,
        media_type: 8,
        product_type: 'carousel_container',
        like_count: 570,
        comment_count: 109,
        caption_text: 'Trying something new @soren_schulz',
        user: { pk: '25025320', username: 'skyward.atlas', full_name: 'Skyward Atlas' },
        resources: [
          { pk: '3776832898280228146', media_type: 1, image_versions: [{ url: 'https://cdn.example/1.jpg', width: 1080, height: 1350 }] },
          { pk: '3776832898280228147', media_type: 2, video_url: 'https://cdn.example/2.mp4', image_versions: [{ url: 'https://cdn.example/2.jpg', width: 720, height: 1280 }] },
        ],
      },
      { family: 'v1', path: '/v1/user/medias/chunk' },
    );
    expect(post).not.toBeNull();
    const summary = summarize({ kind: 'post', record: withoutRaw(post) });
    expect(summary).toMatchObject({ what: 'Carousel · 2', caption: 'Trying something new @soren_schulz', code: 'DRqAYKuAIUx', fullName: 'Skyward Atlas' });
    expect(summary.counts.slice(0, 2)).toEqual([
      { label: 'Likes', value: (570).toLocaleString() },
      { label: 'Comments', value: (109).toLocaleString() },
    ]);
  });

  it('names stories, highlight stories and profile pictures, and copes with a record it cannot read', () => {
    const story = storyFromV1({ pk: '3777000000000000001', id: '3777000000000000001_25025320', code: 'DRq', taken_at: 1775120100, media_type: 1, user: { pk: '25025320', username: 'skyward.atlas' } }, { family: 'v1', path: '/v1/user/stories' });
    expect(summarize({ kind: 'story', record: withoutRaw(story) })).toMatchObject({ what: 'Story', caption: null, counts: [] });
    expect(summarize({ kind: 'highlight', record: withoutRaw(story) }).what).toBe('Highlight story');
    const profile = profileFromV1(
      { pk: '25025320', username: 'skyward.atlas', full_name: 'Skyward Atlas', biography: 'Light, land, long walks.', follower_count: 5484, following_count: 312, media_count: 641, profile_pic_url: 'https://cdn.example/p.jpg' },
      { family: 'v1', path: '/v1/user/by/username' },
    );
    const summary = summarize({ kind: 'profile', record: withoutRaw(profile) });
    expect(summary.what).toBe('Profile picture');
    expect(summary.caption).toBe('Light, land, long walks.');
    expect(summary.counts.map((c) => c.label)).toEqual(['Followers', 'Following', 'Posts']);
    expect(summarize({ kind: 'post', record: 'not a record' })).toEqual({ what: 'Photo', caption: null, code: null, fullName: null, counts: [] });
  });
});

describe('provenanceOf', () => {
  it('reads the sidecar\'s provenance when the item carries it', () => {
    const provenance = {
      endpoint: '/v1/media/by/code',
      params: { code: 'DRqAYKuAIUx' },
      requestId: 'r-8f2c',
      fetchedAt: '2026-04-03T09:00:00.000Z',
      savedAt: '2026-04-03T09:00:05.120Z',
      appVersion: '0.1.0',
      answerSha256: null,
      simulated: true,
      origin: 'http://127.0.0.1:7777',
    };
    expect(provenanceOf({ record: {}, provenance })).toEqual({
      endpoint: '/v1/media/by/code',
      requestId: 'r-8f2c',
      fetchedAt: Date.parse('2026-04-03T09:00:00.000Z'),
      savedAt: Date.parse('2026-04-03T09:00:05.120Z'),
      simulated: true,
      origin: 'http://127.0.0.1:7777',
    });
  });

  it('falls back to the endpoint the record was normalised from', () => {
    expect(provenanceOf({ record: { kind: 'post', source: { family: 'v1', path: '/v1/user/medias/chunk' } } })).toEqual({ endpoint: '/v1/user/medias/chunk', requestId: null, fetchedAt: null, savedAt: null, simulated: null, origin: null });
  });
});
