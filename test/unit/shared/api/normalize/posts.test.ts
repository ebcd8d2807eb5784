import { describe, expect, it } from 'vitest';
import { normalizeAnswer, normalizeRecord, timelineFromGraph } from '../../../../../shared/api/normalize';
import type { AppRecord, Post } from '../../../../../shared/records';
import { answerText, as, endpoint, loadAnswer } from './support';

const v1 = { family: 'v1', path: '/v1/media/by/code' } as const;

function posts(value: AppRecord | AppRecord[] | null): Post[] {
  expect(Array.isArray(value)).toBe(true);
  return (value as AppRecord[]).map((record) => as(record, 'post'));
}

describe('v1 Media: a carousel (/v1/media/by/code)', () => {
  const post = as(normalizeRecord('post', loadAnswer('v1-media-by-code-carousel.json'), v1), 'post');

  it('reads identity, type, time and owner', () => {
    expect(post.id).toBe('3776832898280228145');
    expect(post.mediaId).toBe('3776832898280228145_51234567890');
    expect(post.code).toBe('DRqAYKuAIUx');
    expect(post.mediaType).toBe('carousel');
    expect(post.productType).toBe('carousel_container');
    expect(post.takenAt).toBe(1775048403); // 2026-04-01T13:00:03Z
    expect(post.owner?.id).toBe('51234567890');
    expect(post.owner?.username).toBe('lea.martin_photo');
    expect(post.owner?.fullName).toBe('Léa Martin');
    expect(post.owner?.isVerified).toBe(true);
    expect(post.source).toEqual(v1);
  });

  it('extracts caption tags in several scripts, mentions, and skips the email and "#1"', () => {
    expect(post.caption.text.startsWith('Matin à Paris ☕️ #café')).toBe(true);
    expect(post.caption.hashtags).toEqual(['café', 'Paris', '東京', 'москва', 'travelgram']);
    expect(post.caption.mentions).toEqual(['tom_dubois', 'anna.k.studio']);
  });

  it('lists the carousel items in order, each with its index, type, files and inherited owner/time', () => {
    expect(post.children.map((c) => c.id)).toEqual(['3776832898280228146', '3776832898280228147', '3776832898280228148']);
    expect(post.children.map((c) => c.index)).toEqual([1, 2, 3]);
    expect(post.children.map((c) => c.mediaType)).toEqual(['image', 'video', 'image']);
    expect(post.children.every((c) => c.productType === 'carousel_item')).toBe(true);
    expect(post.children.every((c) => c.owner?.id === '51234567890' && c.takenAt === 1775048403)).toBe(true);
    const video = post.children[1];
    expect(video?.videos.map((v) => [v.width, v.height])).toEqual([[720, 1280], [480, 852]]);
    expect(video?.videos[0]?.url).toContain('AQN_720.mp4');
    expect(post.index).toBeNull();
  });

  it('orders images largest first and falls back on the smallest for the missing thumbnail', () => {
    expect(post.images.map((i) => [i.width, i.height])).toEqual([[1080, 1350], [640, 640]]);
    expect(post.thumbnailUrl).toContain('p640x640');
    expect(post.videos).toEqual([]);
    expect(post.videoDuration).toBeNull();
  });

  it('reads usertags, coauthors (integer pk) and the location', () => {
    expect(post.usertags).toHaveLength(1);
    expect(post.usertags[0]?.user.username).toBe('tom_dubois');
    expect(post.usertags[0]?.user.id).toBe('1876543210');
    expect([post.usertags[0]?.x, post.usertags[0]?.y]).toEqual([0.3125, 0.6543]);
    expect(post.coauthors.map((u) => [u.id, u.username])).toEqual([['7654321098', 'anna.k.studio']]);
    expect(post.location?.id).toBe('213385402');
    expect(post.location?.name).toBe('Café de Flore');
    expect([post.location?.lat, post.location?.lng]).toEqual([48.85406, 2.33258]);
    expect(post.location?.zip).toBeNull();
    expect(post.location?.phone).toBeNull();
    expect(post.location?.hours).toBeNull();
  });

  it('reads counts and flags', () => {
    expect(post.counts).toEqual({ likes: 5832, comments: 214, plays: null, views: 0, reshares: null });
    expect(post.commentsDisabled).toBe(false);
    expect(post.likesHidden).toBe(false);
    expect(post.isTrial).toBe(false);
    expect(post.accessibilityCaption).toBe('Photo by Léa Martin in Café de Flore. May be an image of coffee and croissant.');
    expect(post.title).toBeNull();
  });
});

describe('v1 Media: reels chunk (/v1/user/clips/chunk)', () => {
  const clips = endpoint('/v1/user/clips/chunk', { record: 'post', many: true }, {
    style: 'end_cursor',
    cursor: { end_cursor: '1' },
    items: '0',
  });
  const [reel, trial] = posts(normalizeAnswer(clips, loadAnswer('v1-user-clips-chunk.json')));

  it('reads a reel with its reshare count as a regular reel', () => {
    expect(reel?.productType).toBe('clips');
    expect(reel?.mediaType).toBe('video');
    expect(reel?.isTrial).toBe(false);
    expect(reel?.counts.reshares).toBe(932);
    expect(reel?.counts.plays).toBe(301877);
    expect(reel?.videoDuration).toBe(14.766);
    expect(reel?.videos.map((v) => v.width)).toEqual([1080, 480]);
    expect(reel?.owner?.id).toBe('51234567890'); // an integer pk there
    expect(reel?.caption.hashtags).toEqual(['sunset', 'paris']);
    expect(reel?.caption.mentions).toEqual(['dj.nocturne_']);
    expect(reel?.takenAt).toBe(1774723510);
    expect(reel?.source).toEqual({ family: 'v1', path: '/v1/user/clips/chunk' });
  });

  it('marks the reel without reshare_count as a trial, with the missing fields empty', () => {
    expect(trial?.id).toBe('3866530439053193315');
    expect(trial?.isTrial).toBe(true);
    expect(trial?.counts.reshares).toBeNull();
    expect(trial?.counts.views).toBeNull();
    expect(trial?.usertags).toEqual([]);
    expect(trial?.coauthors).toEqual([]);
    expect(trial?.location).toBeNull();
    expect(trial?.commentsDisabled).toBeNull();
    expect(trial?.caption).toEqual({ text: '', hashtags: [], mentions: [] });
  });

  it('reads the ISO taken_at when taken_at_ts is absent', () => {
    const raw = structuredClone(loadAnswer('v1-user-clips-chunk.json')) as [Record<string, unknown>[], string];
    const first = raw[0][0] as Record<string, unknown>;
    delete first['taken_at_ts'];
    expect(first['taken_at']).toBe('2026-03-28T18:45:10+00:00');
    expect(as(normalizeRecord('post', first, v1), 'post').takenAt).toBe(1774723510);
  });
});

describe('v2 media dict (/v2/media/info/by/*)', () => {
  const info = endpoint('/v2/media/info/by/code', { record: 'post', many: false, at: 'media_or_ad | items.0' });

  it('keeps a 19-digit bare pk exact', () => {
    const text = answerText('v2-media-info-by-code.json');
    expect(text).toContain('"pk": 3162273595027945978,');
    // JSON.parse would have changed the id: the fixture really exercises the lossless path.
    expect(String((JSON.parse(text) as { media_or_ad: { pk: number } }).media_or_ad.pk)).not.toBe('3162273595027945978');
    const post = as(normalizeAnswer(info, loadAnswer('v2-media-info-by-code.json')) as AppRecord, 'post');
    expect(post.id).toBe('3162273595027945978');
    expect(post.mediaId).toBe('3162273595027945978_123123');
    expect(post.children.map((c) => c.id)).toEqual(['3162273595027945100', '3162273595027945200']);
  });

  const post = as(normalizeAnswer(info, loadAnswer('v2-media-info-by-code.json')) as AppRecord, 'post');

  it('reads the caption object, its tags (Thai, Devanagari, Polish) and ignores a link fragment', () => {
    expect(post.caption.text.startsWith('Zakopane → Tatry')).toBe(true);
    expect(post.caption.hashtags).toEqual(['góry', 'tatry', 'ภูเขา', 'हिमालय']);
    expect(post.caption.mentions).toEqual(['tom_dubois']);
  });

  it('reads carousel_media in order with candidates largest first and v2 usertags positions', () => {
    expect(post.mediaType).toBe('carousel');
    expect(post.code).toBe('CvipxSKPPn6');
    expect(post.takenAt).toBe(1689436800);
    const [first, second] = post.children;
    expect(first?.index).toBe(1);
    expect(first?.mediaType).toBe('video');
    expect(first?.images.map((i) => i.width)).toEqual([1080, 640]);
    expect(first?.videos.map((v) => [v.width, v.height])).toEqual([[720, 1280]]);
    expect(first?.videoDuration).toBe(9.5);
    expect(first?.usertags.map((t) => [t.user.username, t.x, t.y])).toEqual([['tom_dubois', 0.25, 0.75]]);
    expect(first?.owner?.id).toBe('123123');
    expect(second?.index).toBe(2);
    expect(second?.mediaType).toBe('image');
    expect(second?.images.map((i) => i.width)).toEqual([1080, 750, 320]);
    expect(second?.accessibilityCaption).toBe('May be an image of mountain, snow and sky.');
    expect(post.usertags).toEqual([]);
  });

  it('reads owner, location (facebook place id), counts and flags', () => {
    expect(post.owner?.username).toBe('alpine.kasia');
    expect(post.owner?.fullName).toBe('Kasia Nowak');
    expect(post.location?.id).toBe('214209718');
    expect(post.location?.name).toBe('Zakopane, Poland');
    expect(post.location?.externalId).toBe('108420459178592');
    expect(post.location?.address).toBeNull();
    expect(post.counts.likes).toBe(2210);
    expect(post.counts.comments).toBe(48);
    expect(post.likesHidden).toBe(true);
    expect(post.commentsDisabled).toBeNull();
    expect(post.isTrial).toBe(false);
  });

  it('accepts the `{items: [media]}` envelope of the OpenAPI example too', () => {
    const single = as(normalizeAnswer(info, loadAnswer('v2-media-info-by-id-items.json')) as AppRecord, 'post');
    expect(single.id).toBe('3801122334455667788');
    expect(single.mediaType).toBe('image');
    expect(single.productType).toBe('feed');
    expect(single.owner?.username).toBe('bowling_1141');
    expect(single.caption.text).toBe('');
    expect(single.commentsDisabled).toBe(true);
    expect(single.images.map((i) => i.width)).toEqual([1080, 480]);
  });
});

describe('v2 reels (/v2/user/clips)', () => {
  const clips = endpoint('/v2/user/clips', { record: 'post', many: true }, {
    style: 'next_page_id',
    cursor: { page_id: 'next_page_id' },
    items: 'response.items[].media',
  });
  const [reel, trial] = posts(normalizeAnswer(clips, loadAnswer('v2-user-clips.json')));

  it('unwraps `{media}` items and tells the trial reel by its missing reshare_count', () => {
    expect(reel?.id).toBe('3866530439053193316');
    expect(reel?.isTrial).toBe(false);
    expect(reel?.counts.reshares).toBe(77);
    expect(reel?.counts.plays).toBe(250301);
    expect(trial?.id).toBe('3866530439053193317');
    expect(trial?.isTrial).toBe(true);
    expect(trial?.counts.reshares).toBeNull();
  });

  it('lists a video URL given twice only once', () => {
    expect(reel?.videos).toHaveLength(1);
    expect(reel?.videoDuration).toBe(22.133);
    expect(reel?.caption.hashtags).toEqual(['nuit', 'Paris']);
  });
});

describe('g2 media dicts with type-prefixed keys (/g2/user/medias)', () => {
  const medias = endpoint('/g2/user/medias', { record: 'post', many: true }, {
    style: 'next_page_id',
    cursor: { next_page_id: 'next_page_id' },
    items: 'response.items',
  });
  const [reel, image] = posts(normalizeAnswer(medias, loadAnswer('g2-user-medias.json')));

  it('reads "1ltaken_at", "1fvideo_duration" and the owner\'s "1llatest_reel_media"', () => {
    expect(reel?.takenAt).toBe(1775146773);
    expect(reel?.videoDuration).toBe(31.4);
    expect(reel?.owner?.latestReelMedia).toBe(1775140000);
  });

  it('reads a user with `id` and no `pk`, and an owner given only as `owner`', () => {
    expect(reel?.owner?.id).toBe('80117947544');
    expect(reel?.mediaId).toBe('3894831928272017840_80117947544');
    expect(image?.owner?.id).toBe('80117947544');
    expect(image?.owner?.username).toBe('noor.vandijk');
  });

  it('keeps ids exact whether the pk came bare or as a string', () => {
    expect(reel?.id).toBe('3894831928272017840');
    expect(image?.id).toBe('3894831928272017841');
    expect(reel?.source.family).toBe('g2');
  });

  it('reads the rest of the record', () => {
    expect(reel?.code).toBe('DYNOQDIgNmw');
    expect(reel?.counts).toEqual({ likes: 356, comments: 19, plays: 5041, views: null, reshares: 4 });
    expect(reel?.isTrial).toBe(false);
    expect(reel?.caption.hashtags).toEqual(['fietsen']);
    expect(reel?.caption.mentions).toEqual(['de.fietser']);
    expect(reel?.images.map((i) => i.width)).toEqual([1080, 640]);
    expect(image?.mediaType).toBe('image');
    expect(image?.takenAt).toBe(1775000000);
    expect(image?.caption.text).toBe('');
    expect(image?.accessibilityCaption).toBe('May be an image of canal and bicycle.');
  });
});

describe('a2 GraphQL timeline nodes (/a2/user)', () => {
  const a2 = { family: 'a2', path: '/a2/user' } as const;
  const [image, video, sidecar] = timelineFromGraph(loadAnswer('a2-user.json'), a2);

  it('reads a GraphImage', () => {
    expect(image?.id).toBe('3866530439053193313');
    expect(image?.code).toBe('DWorPLVADBh');
    expect(image?.mediaType).toBe('image');
    expect(image?.images).toEqual([
      { url: 'https://scontent-iad3-1.cdninstagram.com/v/t51.2885-15/a2img_1080.jpg?oe=69F1A2B3', width: 1080, height: 1350 },
    ]);
    expect(image?.thumbnailUrl).toContain('a2img_640.jpg');
    expect(image?.takenAt).toBe(1775146773);
    expect(image?.mediaId).toBe('3866530439053193313_25025320');
    expect(image?.caption.hashtags).toEqual(['InstagramFun']);
    expect(image?.caption.mentions).toEqual(['creator.one']);
    expect(image?.counts.likes).toBe(678901);
    expect(image?.counts.comments).toBe(12345);
  });

  it('reads a GraphVideo, its owner taken from the profile', () => {
    expect(video?.mediaType).toBe('video');
    expect(video?.productType).toBe('clips');
    expect(video?.title).toBe('Behind the scenes');
    expect(video?.videoDuration).toBe(45.3);
    expect(video?.counts.views).toBe(2500000);
    expect(video?.videos.map((v) => [v.width, v.height])).toEqual([[720, 1280]]);
    expect(video?.owner?.id).toBe('25025320');
    expect(video?.caption.text).toBe('');
    expect(video?.takenAt).toBeNull();
    expect(video?.isTrial).toBe(false);
  });

  it('reads a GraphSidecar with its children in order', () => {
    expect(sidecar?.mediaType).toBe('carousel');
    expect(sidecar?.children.map((c) => [c.id, c.index, c.mediaType])).toEqual([
      ['3866530439053193400', 1, 'image'],
      ['3866530439053193401', 2, 'video'],
    ]);
    expect(sidecar?.children[1]?.videos[0]?.url).toContain('a2side_2.mp4');
    expect(sidecar?.children.every((c) => c.takenAt === 1774900000)).toBe(true);
    expect(sidecar?.counts.likes).toBe(9100); // edge_media_preview_like when edge_liked_by is absent
    expect(sidecar?.caption.hashtags).toEqual(['東京', 'Tokyo']);
  });
});

describe('missing fields and non-records', () => {
  it('builds a post from a bare pk without throwing', () => {
    const post = as(normalizeRecord('post', { pk: '3776832898280228145' }, v1), 'post');
    expect(post.mediaId).toBe('3776832898280228145');
    expect(post.mediaType).toBe('image');
    expect(post.productType).toBe('feed');
    expect(post.owner).toBeNull();
    expect(post.takenAt).toBeNull();
    expect(post.images).toEqual([]);
    expect(post.children).toEqual([]);
    expect(post.counts).toEqual({ likes: null, comments: null, plays: null, views: null, reshares: null });
    expect(post.isTrial).toBe(false);
  });

  it('takes the pk from a `<pk>_<owner>` id when pk is missing', () => {
    const post = as(normalizeRecord('post', { id: '3776832898280228145_51234567890', media_type: 2 }, v1), 'post');
    expect(post.id).toBe('3776832898280228145');
    expect(post.mediaId).toBe('3776832898280228145_51234567890');
    expect(post.mediaType).toBe('video');
  });

  it('gives null for values that are no media record', () => {
    for (const raw of [null, undefined, 'DRqAYKuAIUx', 42, [], {}, { caption_text: 'no id' }]) {
      expect(normalizeRecord('post', raw, v1)).toBeNull();
    }
  });

  it('keeps the raw record untouched as `raw`', () => {
    const raw = loadAnswer('v1-media-by-code-carousel.json');
    const before = JSON.stringify(raw);
    const post = as(normalizeRecord('post', raw, v1), 'post');
    expect(post.raw).toBe(raw);
    expect(JSON.stringify(raw)).toBe(before);
  });
});
