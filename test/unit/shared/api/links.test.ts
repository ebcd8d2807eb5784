import { describe, expect, it } from 'vitest';
import {
  decodeShareCode,
  highlightUrl,
  mediaIdOf,
  parseTarget,
  pkToShortcode,
  postUrl,
  profileUrl,
  shortcodeToPk,
  storyUrl,
} from '../../../../shared/links';

// The three pairs published in service-facts.md.
const KNOWN_PAIRS: [string, string][] = [
  ['B1LbfVPlwIA', '2110901750722920960'],
  ['B-fKL9qpeab', '2278584739065882267'],
  ['DRqAYKuAIUx', '3776832898280228145'],
];

describe('shortcode <-> pk', () => {
  it.each(KNOWN_PAIRS)('%s is media %s, both ways', (code, pk) => {
    expect(shortcodeToPk(code)).toBe(pk);
    expect(pkToShortcode(pk)).toBe(code);
    expect(pkToShortcode(BigInt(pk))).toBe(code);
  });

  it('decodes only the first 11 characters of a longer (private post) code', () => {
    expect(shortcodeToPk('DRqAYKuAIUxq3Xb0cO8zJbNnXvQ1Kd')).toBe('3776832898280228145');
    expect(shortcodeToPk('B1LbfVPlwIA-_')).toBe('2110901750722920960');
  });

  it('round-trips pks beyond 2^53 and small ones', () => {
    for (const pk of ['0', '1', '63', '64', '9007199254740993', '18146216698022174', '9223372036854775807']) {
      expect(shortcodeToPk(pkToShortcode(pk))).toBe(pk);
    }
    expect(pkToShortcode('0')).toBe('A');
    expect(pkToShortcode('63')).toBe('_');
    expect(pkToShortcode('64')).toBe('BA');
  });

  it('rejects what is not a code or a pk', () => {
    expect(() => shortcodeToPk('')).toThrow(RangeError);
    expect(() => shortcodeToPk('B1Lb$VPlwIA')).toThrow(RangeError);
    expect(() => pkToShortcode('12a')).toThrow(RangeError);
    expect(() => pkToShortcode('-5')).toThrow(RangeError);
    expect(() => pkToShortcode(-5n)).toThrow(RangeError);
  });
});

describe('link builders', () => {
  it('builds ids and canonical links', () => {
    expect(mediaIdOf('3776832898280228145', 123123)).toBe('3776832898280228145_123123');
    expect(mediaIdOf(3776832898280228145n, '25025320')).toBe('3776832898280228145_25025320');
    expect(profileUrl('natgeo')).toBe('https://www.instagram.com/natgeo/');
    expect(postUrl('DRqAYKuAIUx')).toBe('https://www.instagram.com/p/DRqAYKuAIUx/');
    expect(postUrl('DRqAYKuAIUx', 'reel')).toBe('https://www.instagram.com/reel/DRqAYKuAIUx/');
    expect(storyUrl('natgeo', '3776832898280228145')).toBe('https://www.instagram.com/stories/natgeo/3776832898280228145/');
    expect(highlightUrl('18146216698022174')).toBe('https://www.instagram.com/stories/highlights/18146216698022174/');
  });

  it('decodes share codes in both base64 alphabets, padded or not', () => {
    expect(decodeShareCode('aGlnaGxpZ2h0OjE4MTQ2MjE2Njk4MDIyMTc0')).toEqual({ type: 'highlight', pk: '18146216698022174' });
    const story = Buffer.from('story:3776832898280228145').toString('base64url');
    expect(decodeShareCode(story)).toEqual({ type: 'story', pk: '3776832898280228145' });
    expect(decodeShareCode(Buffer.from('story:3776832898280228145').toString('base64'))).toEqual({
      type: 'story',
      pk: '3776832898280228145',
    });
    expect(decodeShareCode('_1aBcD')).toBeUndefined();
    expect(decodeShareCode(Buffer.from('hello world').toString('base64'))).toBeUndefined();
  });
});

describe('parseTarget: links', () => {
  it.each([
    ['https://www.instagram.com/p/DRqAYKuAIUx/', 'p'],
    ['https://www.instagram.com/p/DRqAYKuAIUx', 'p'],
    ['https://instagram.com/p/DRqAYKuAIUx/?igshid=MzRlODBiNWFlZA==', 'p'],
    ['http://www.instagram.com/p/DRqAYKuAIUx/?utm_source=ig_web_copy_link&igsh=abc', 'p'],
    ['instagram.com/p/DRqAYKuAIUx/', 'p'],
    ['www.instagram.com/reel/DRqAYKuAIUx/', 'reel'],
    ['https://www.instagram.com/reels/DRqAYKuAIUx/', 'reel'],
    ['https://www.instagram.com/tv/DRqAYKuAIUx', 'tv'],
    ['https://www.instagram.com/natgeo/p/DRqAYKuAIUx/', 'p'],
    ['https://m.instagram.com/natgeo/reel/DRqAYKuAIUx/?hl=en', 'reel'],
    ['  https://www.instagram.com/p/DRqAYKuAIUx/#comments  ', 'p'],
  ])('%s is a post', (input, kind) => {
    expect(parseTarget(input)).toEqual({
      kind: 'post',
      code: 'DRqAYKuAIUx',
      pk: '3776832898280228145',
      url: `https://www.instagram.com/${kind}/DRqAYKuAIUx/`,
    });
  });

  it('keeps a long private-post code whole and decodes its pk from the first 11 characters', () => {
    expect(parseTarget('https://www.instagram.com/p/B1LbfVPlwIAxYz0AbCdEfGhIjKlMnOp/')).toEqual({
      kind: 'post',
      code: 'B1LbfVPlwIAxYz0AbCdEfGhIjKlMnOp',
      pk: '2110901750722920960',
      url: 'https://www.instagram.com/p/B1LbfVPlwIAxYz0AbCdEfGhIjKlMnOp/',
    });
  });

  it('reads profile links, with or without www, slash or query', () => {
    expect(parseTarget('https://www.instagram.com/natgeo/')).toEqual({ kind: 'profile', username: 'natgeo' });
    expect(parseTarget('https://instagram.com/Nat.Geo_1?igsh=xyz')).toEqual({ kind: 'profile', username: 'nat.geo_1' });
    expect(parseTarget('instagram.com/natgeo/reels/')).toEqual({ kind: 'profile', username: 'natgeo', tab: 'reels' });
    expect(parseTarget('https://www.instagram.com/stories/natgeo/')).toEqual({ kind: 'profile', username: 'natgeo' });
  });

  it('reads story and highlight links', () => {
    expect(parseTarget('https://www.instagram.com/stories/natgeo/3776832898280228145/?utm_source=ig_story_item_share')).toEqual({
      kind: 'story',
      username: 'natgeo',
      storyPk: '3776832898280228145',
    });
    expect(parseTarget('https://www.instagram.com/stories/highlights/18146216698022174/')).toEqual({
      kind: 'highlight',
      highlightPk: '18146216698022174',
    });
  });

  it('reads share links and decodes their code', () => {
    expect(parseTarget('https://www.instagram.com/s/aGlnaGxpZ2h0OjE4MTQ2MjE2Njk4MDIyMTc0?story_media_id=1&igsh=abc')).toEqual({
      kind: 'share',
      code: 'aGlnaGxpZ2h0OjE4MTQ2MjE2Njk4MDIyMTc0',
      decoded: { type: 'highlight', pk: '18146216698022174' },
    });
    expect(parseTarget('https://www.instagram.com/s/QWxwaGFCZXRh')).toEqual({ kind: 'share', code: 'QWxwaGFCZXRh' });
  });

  it('reads hashtag, place and sound links', () => {
    expect(parseTarget('https://www.instagram.com/explore/tags/sunset/')).toEqual({ kind: 'hashtag', name: 'sunset' });
    expect(parseTarget('https://www.instagram.com/explore/tags/%D0%BC%D0%BE%D1%80%D0%B5/')).toEqual({ kind: 'hashtag', name: 'море' });
    expect(parseTarget('https://www.instagram.com/explore/locations/213385402/new-york-new-york/')).toEqual({
      kind: 'location',
      pk: '213385402',
    });
    expect(parseTarget('https://www.instagram.com/reels/audio/1039512337149584/')).toEqual({ kind: 'audio', id: '1039512337149584' });
  });

  it('explains links it cannot use', () => {
    const notPlatform = parseTarget('https://example.com/p/DRqAYKuAIUx/');
    expect(notPlatform).toMatchObject({ kind: 'invalid' });
    expect(notPlatform.kind === 'invalid' && notPlatform.reason).toContain('not from the platform: example.com');
    expect(parseTarget('https://scontent.cdninstagram.com/v/t51.2885-15/1_n.jpg')).toMatchObject({ kind: 'invalid' });
    expect(parseTarget('https://www.instagram.com/')).toMatchObject({ kind: 'invalid' });
    expect(parseTarget('https://www.instagram.com/explore/')).toMatchObject({ kind: 'invalid' });
    expect(parseTarget('https://www.instagram.com/accounts/login/')).toMatchObject({ kind: 'invalid' });
    expect(parseTarget('https://www.instagram.com/stories/highlights/abc/')).toMatchObject({ kind: 'invalid' });
    expect(parseTarget('https://www.instagram.com/explore/locations/new-york/')).toMatchObject({ kind: 'invalid' });
    expect(parseTarget('ftp://www.instagram.com/p/DRqAYKuAIUx/')).toMatchObject({ kind: 'invalid' });
    expect(parseTarget('https://www.instagram.com/not-a-user!/')).toEqual({
      kind: 'invalid',
      reason: "Usernames are 1-30 letters, digits, '.' or '_'.",
    });
  });
});

describe('parseTarget: typed text', () => {
  it('reads @handles as profiles', () => {
    expect(parseTarget('@natgeo')).toEqual({ kind: 'profile', username: 'natgeo' });
    expect(parseTarget(' @Some.User_01 ')).toEqual({ kind: 'profile', username: 'some.user_01' });
    expect(parseTarget('@bad-name')).toMatchObject({ kind: 'invalid', reason: expect.stringContaining('Usernames are 1-30') });
    expect(parseTarget('@' + 'a'.repeat(31))).toMatchObject({ kind: 'invalid' });
    expect(parseTarget('@')).toMatchObject({ kind: 'invalid' });
  });

  it('reads #tags under the service hashtag rule', () => {
    expect(parseTarget('#sunset')).toEqual({ kind: 'hashtag', name: 'sunset' });
    expect(parseTarget('#東京')).toEqual({ kind: 'hashtag', name: '東京' });
    expect(parseTarget('#travel_2024')).toEqual({ kind: 'hashtag', name: 'travel_2024' });
    expect(parseTarget('#sunset.')).toMatchObject({ kind: 'invalid' });
    expect(parseTarget('#a_.b')).toMatchObject({ kind: 'invalid' });
    expect(parseTarget('##sunset')).toMatchObject({ kind: 'invalid' });
    expect(parseTarget('#sun set')).toMatchObject({ kind: 'invalid' });
    expect(parseTarget('#')).toMatchObject({ kind: 'invalid' });
  });

  it('leaves plain digits for the UI to ask about', () => {
    expect(parseTarget('25025320')).toEqual({ kind: 'numeric', digits: '25025320' });
    expect(parseTarget(' 3776832898280228145 ')).toEqual({ kind: 'numeric', digits: '3776832898280228145' });
  });

  it('reads a <pk>_<owner> media id as a post', () => {
    expect(parseTarget('3776832898280228145_25025320')).toEqual({
      kind: 'post',
      code: 'DRqAYKuAIUx',
      pk: '3776832898280228145',
      url: 'https://www.instagram.com/p/DRqAYKuAIUx/',
    });
  });

  it('sends plain words to search', () => {
    expect(parseTarget('natgeo')).toEqual({ kind: 'search', query: 'natgeo' });
    expect(parseTarget('  street   photography\tberlin ')).toEqual({ kind: 'search', query: 'street photography berlin' });
    expect(parseTarget('natgeo.official')).toEqual({ kind: 'search', query: 'natgeo.official' });
  });

  it('asks for something when the input is empty', () => {
    expect(parseTarget('   ')).toMatchObject({ kind: 'invalid', reason: expect.stringContaining('Type a username') });
  });
});

// Every link form of service-facts.md ("Ids and links"), and the forms issue 10 found misread.
describe('parseTarget: every link form of the service facts', () => {
  it.each([
    ['https://www.instagram.com/p/DRqAYKuAIUx/', { kind: 'post', code: 'DRqAYKuAIUx' }],
    ['https://www.instagram.com/reel/DRqAYKuAIUx/', { kind: 'post', code: 'DRqAYKuAIUx' }],
    ['https://www.instagram.com/tv/DRqAYKuAIUx/', { kind: 'post', code: 'DRqAYKuAIUx' }],
    ['https://www.instagram.com/p/DRqAYKuAIUx/?igshid=MzRlODBiNWFlZA==', { kind: 'post', code: 'DRqAYKuAIUx' }],
    ['https://www.instagram.com/stories/natgeo/3776832898280228145/', { kind: 'story', username: 'natgeo', storyPk: '3776832898280228145' }],
    ['https://www.instagram.com/stories/highlights/18146216698022174/', { kind: 'highlight', highlightPk: '18146216698022174' }],
    ['https://www.instagram.com/s/aGlnaGxpZ2h0OjE4MTQ2MjE2Njk4MDIyMTc0', { kind: 'share', decoded: { type: 'highlight', pk: '18146216698022174' } }],
    ['https://www.instagram.com/natgeo/', { kind: 'profile', username: 'natgeo' }],
  ])('%s', (input, expected) => {
    expect(parseTarget(input)).toMatchObject(expected);
  });

  it('resolves /share/reel/<token>/ through the service: the token is not read as a post code', () => {
    expect(parseTarget('https://www.instagram.com/share/reel/BAxQk3r5Zs9/?igsh=abc')).toEqual({
      kind: 'shared',
      token: 'BAxQk3r5Zs9',
      reel: true,
      url: 'https://www.instagram.com/share/reel/BAxQk3r5Zs9/',
    });
  });

  it('resolves /share/<token>/ through the service: "share" is not a username', () => {
    expect(parseTarget('instagram.com/share/_Kq2Wm9TfLc')).toEqual({
      kind: 'shared',
      token: '_Kq2Wm9TfLc',
      reel: false,
      url: 'https://www.instagram.com/share/_Kq2Wm9TfLc/',
    });
    expect(parseTarget('https://www.instagram.com/share/')).toMatchObject({ kind: 'invalid' });
    expect(parseTarget('https://www.instagram.com/share/reel/')).toMatchObject({ kind: 'invalid' });
  });

  it('opens the reels and tagged tabs of a profile', () => {
    expect(parseTarget('https://www.instagram.com/natgeo/reels/')).toEqual({ kind: 'profile', username: 'natgeo', tab: 'reels' });
    expect(parseTarget('https://www.instagram.com/NatGeo/tagged/?hl=en')).toEqual({ kind: 'profile', username: 'natgeo', tab: 'tagged' });
    // Other sub-pages open the profile itself.
    expect(parseTarget('https://www.instagram.com/natgeo/followers/')).toEqual({ kind: 'profile', username: 'natgeo' });
  });

  it.each([
    'about', 'accounts', 'api', 'challenge', 'developer', 'direct', 'emails', 'explore', 'graphql', 'legal', 'oauth', 'privacy', 'session',
    'static', 'terms', 'web', 'ads', 'ar', 'create', 'directory', 'download', 'lite', 'nametag', 'press', 'topics', 'your_activity', 'settings',
  ])('never reads the reserved page /%s/ as a username', (segment) => {
    expect(parseTarget(`https://www.instagram.com/${segment}/`)).toMatchObject({ kind: 'invalid' });
  });
});
