import { describe, expect, it } from 'vitest';
import { normalizeAnswer, normalizeRecord } from '../../../../../shared/api/normalize';
import type { AppRecord, Highlight, Story } from '../../../../../shared/records';
import { answerText, as, endpoint, loadAnswer } from './support';

function stories(value: AppRecord | AppRecord[] | null): Story[] {
  expect(Array.isArray(value)).toBe(true);
  return (value as AppRecord[]).map((record) => as(record, 'story'));
}

function highlights(value: AppRecord | AppRecord[] | null): Highlight[] {
  expect(Array.isArray(value)).toBe(true);
  return (value as AppRecord[]).map((record) => as(record, 'highlight'));
}

const COMMANDE = 'https://boulangerie-du-coin.fr/commande';

describe('v1 Story (/v1/user/stories)', () => {
  const list = endpoint('/v1/user/stories', { record: 'story', many: true });
  const [image, video] = stories(normalizeAnswer(list, loadAnswer('v1-user-stories.json')));

  it('reads identity, time, expiry (24 h later) and owner', () => {
    expect(image?.id).toBe('3801122334455667789');
    expect(image?.mediaId).toBe('3801122334455667789_5821974623');
    expect(image?.code).toBe('DTATJ-9CJxN');
    expect(image?.takenAt).toBe(1775146773); // 2026-04-02T16:19:33Z
    expect(image?.expiresAt).toBe(1775146773 + 24 * 3600);
    expect(image?.mediaType).toBe('image');
    expect(image?.owner?.username).toBe('boulangerie.du.coin');
    expect(image?.images.map((i) => i.url)).toEqual(['https://scontent-cdg4-1.cdninstagram.com/v/t51.2885-15/st1_1080.jpg?oe=69F1A2B3']);
    expect(image?.videos).toEqual([]);
  });

  it('reads mentions with their boxes, links (one per URL), hashtags and locations', () => {
    expect(image?.mentions).toHaveLength(1);
    expect(image?.mentions[0]?.user.username).toBe('tom_dubois');
    expect(image?.mentions[0]).toMatchObject({ x: 0.5, y: 0.72, width: 0.41, height: 0.06 });
    expect(image?.links.map((l) => l.url)).toEqual([COMMANDE]);
    expect(image?.links[0]).toMatchObject({ x: 0.5126011, y: 0.5168225 });
    expect(image?.hashtags).toEqual([{ name: 'croissant', x: 0.3, y: 0.2 }]);
    expect(image?.locations).toHaveLength(1);
    expect(image?.locations[0]?.location.id).toBe('1016502351');
    expect(image?.locations[0]?.location.name).toBe('Rue des Martyrs');
    expect(image?.locations[0]).toMatchObject({ x: 0.5, y: 0.9 });
  });

  it('keeps stickers with their type and box', () => {
    expect(image?.stickers).toEqual([
      { type: 'story_link', x: 0.5, y: 0.52, width: 0.51, height: 0.26 },
      { type: 'gif', x: 0.8, y: 0.1, width: 0.2, height: 0.1 },
    ]);
  });

  it('reads a video story', () => {
    expect(video?.mediaType).toBe('video');
    expect(video?.takenAt).toBe(1775152800); // 2026-04-02T18:00:00Z
    expect(video?.videos.map((v) => v.url)).toEqual(['https://scontent-cdg4-3.cdninstagram.com/o1/v/t16/st2_720.mp4?oe=69F1A2B3']);
    expect(video?.videoDuration).toBe(8.4);
    expect(video?.mentions).toEqual([]);
  });
});

describe('v2 stories (/v2/user/stories, `{reel: {items, user}}`)', () => {
  const list = endpoint('/v2/user/stories', { record: 'story', many: true, at: 'reel.items' });
  const [image, video] = stories(normalizeAnswer(list, loadAnswer('v2-user-stories.json')));

  it('keeps the bare 19-digit pk exact and uses the given expiring_at', () => {
    expect(answerText('v2-user-stories.json')).toContain('"pk": 3801122334455667789,');
    expect(image?.id).toBe('3801122334455667789');
    expect(image?.takenAt).toBe(1775146773);
    expect(image?.expiresAt).toBe(1775233173);
    expect(image?.images.map((i) => i.width)).toEqual([1080, 720]);
  });

  it('reads reel_mentions and bloks mention stickers as mentions', () => {
    expect(image?.mentions.map((m) => [m.user.id, m.user.username])).toEqual([
      ['1876543210', 'tom_dubois'],
      ['7654321098', 'anna.k.studio'],
    ]);
    expect(image?.mentions[1]).toMatchObject({ x: 0.4, y: 0.35, width: 0.38, height: 0.05 });
  });

  it('reads story_link_stickers, story_hashtags, story_locations and other stickers', () => {
    expect(image?.links).toEqual([{ url: COMMANDE, x: 0.5126011, y: 0.5168225, title: 'Commander' }]);
    expect(image?.hashtags).toEqual([{ name: 'croissant', x: 0.3, y: 0.2 }]);
    expect(image?.locations[0]?.location.id).toBe('1016502351');
    expect(image?.locations[0]?.location.externalId).toBe('112345678901234');
    expect(image?.stickers).toEqual([{ type: 'music', x: 0.5, y: 0.1, width: 0.6, height: 0.1 }]);
  });

  it('gives an item without `user` the reel\'s owner, and expires it 24 h after it was taken', () => {
    expect(video?.owner?.id).toBe('5821974623');
    expect(video?.owner?.fullName).toBe('Boulangerie du Coin');
    expect(video?.takenAt).toBe(1775152800);
    expect(video?.expiresAt).toBe(1775152800 + 24 * 3600);
    expect(video?.mediaType).toBe('video');
    expect(video?.videoDuration).toBe(8.4);
  });

  it('a single story from a `{reel}` answer also gets the reel owner', () => {
    const byId = endpoint('/v2/story/by/id', { record: 'story', many: false, at: 'reel.items.1' });
    const story = as(normalizeAnswer(byId, loadAnswer('v2-user-stories.json')) as AppRecord, 'story');
    expect(story.id).toBe('3801122334455667790');
    expect(story.owner?.username).toBe('boulangerie.du.coin');
  });
});

describe('highlights', () => {
  it('v1 list: id without the prefix, cover, ISO created_at, flags; items empty', () => {
    const list = endpoint('/v1/user/highlights', { record: 'highlight', many: true });
    const [lisboa, food] = highlights(normalizeAnswer(list, loadAnswer('v1-user-highlights.json')));
    expect(lisboa?.id).toBe('18146216698022174');
    expect(lisboa?.title).toBe('Lisboa 🇵🇹');
    expect(lisboa?.coverUrl).toBe('https://scontent-cdg4-1.cdninstagram.com/v/t51.2885-15/hl1_cover_150.jpg?oe=69F1A2B3');
    expect(lisboa?.owner?.username).toBe('lea.martin_photo');
    expect(lisboa?.createdAt).toBe(1764138733); // 2025-11-26T06:32:13+00:00
    expect(lisboa?.latestReelMedia).toBe(1764138733);
    expect(lisboa?.mediaCount).toBe(7);
    expect(lisboa?.mediaIds).toEqual([]);
    expect(lisboa?.items).toEqual([]);
    expect(lisboa?.isPinned).toBe(true);
    expect(food?.id).toBe('17998877665544332');
    expect(food?.createdAt).toBe(1760011200); // 2025-10-09T12:00:00Z
    expect(food?.isPinned).toBe(false);
  });

  it('v1 by URL: exact media_ids and stories whose user fields may be null', () => {
    expect(answerText('v1-highlight-by-url.json')).toContain('"media_ids": [3712345678901234568, 3712345678901234569]');
    const byUrl = endpoint('/v1/highlight/by/url', { record: 'highlight', many: false });
    const h = as(normalizeAnswer(byUrl, loadAnswer('v1-highlight-by-url.json')) as AppRecord, 'highlight');
    expect(h.mediaIds).toEqual(['3712345678901234568', '3712345678901234569']);
    expect(h.items.map((s) => s.id)).toEqual(h.mediaIds);
    expect(h.items.map((s) => s.takenAt)).toEqual([1763632800, 1763633100]);
    expect(h.items[0]?.owner?.id).toBe('51234567890');
    expect(h.items[0]?.owner?.username).toBeNull();
    expect(h.items[0]?.owner?.isVerified).toBeNull();
    expect(h.items[1]?.mediaType).toBe('video');
    expect(h.items[1]?.videos[0]?.url).toContain('hlst2_720.mp4');
  });

  it('v2 raw highlight under `response.reels["highlight:<id>"]`', () => {
    const byId = endpoint('/v2/highlight/by/id', { record: 'highlight', many: false, at: 'response.reels.*' });
    const h = as(normalizeAnswer(byId, loadAnswer('v2-highlight-by-id.json')) as AppRecord, 'highlight');
    expect(h.id).toBe('18146216698022174');
    expect(h.createdAt).toBe(1764138733); // epoch here
    expect(h.mediaCount).toBe(2);
    expect(h.mediaIds).toEqual(['3712345678901234568', '3712345678901234569']);
    expect(h.isPinned).toBe(true);
    expect(h.coverUrl).toContain('hl1_cover_150.jpg');
    expect(h.items.map((s) => s.id)).toEqual(['3712345678901234568', '3712345678901234569']);
    expect(h.items[0]?.images.map((i) => i.width)).toEqual([1080, 640]);
    expect(h.items[1]?.videos.map((v) => v.width)).toEqual([720]);
    expect(h.items.every((s) => s.owner?.username === 'lea.martin_photo')).toBe(true);
  });

  it('finds the v2 highlight in the whole answer without an answer path', () => {
    const h = as(normalizeRecord('highlight', loadAnswer('v2-highlight-by-id.json'), { family: 'v2' }), 'highlight');
    expect(h.id).toBe('18146216698022174');
    expect(h.items).toHaveLength(2);
  });
});
