// The world: what issue 3 asks it to hold (item 2), its ids (item 4) and determinism per seed.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../../electron/simulator/world/random';
import { pkToShortcode, shortcodeToPk } from '../../../../electron/simulator/world/ids';
import { ANCHORS, buildWorld, storyTakenAt, threadOf, worldFingerprint, type WorldMedia } from '../../../../electron/simulator/world/world';
import { NOW, SEED, callRoute, sharedWorld, wireText } from './routes-support';

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const world = sharedWorld();
const main = world.users.filter((u) => u.tier === 'main');
const anchor = (name: string) => {
  const u = world.userByName.get(name);
  if (!u) throw new Error(`anchor ${name} missing`);
  return u;
};

describe('random', () => {
  it('repeats its sequence for a seed and differs across seeds and forks', () => {
    const a = createRng(42);
    const b = createRng(42);
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => createRng(43).next())).not.toEqual(seqA);
    expect(createRng(42).fork('x').next()).toBe(createRng(42).fork('x').next());
    expect(createRng(42).fork('x').next()).not.toBe(createRng(42).fork('y').next());
  });

  it('keeps int() within bounds and digits() at the asked length', () => {
    const r = createRng(1);
    for (let i = 0; i < 2000; i++) {
      const n = r.int(3, 7);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(7);
    }
    for (const len of [1, 8, 11, 17, 19]) expect(r.digits(len)).toMatch(new RegExp(`^[1-9]\\d{${len - 1}}$`));
  });
});

describe('determinism', () => {
  it('builds the same world, byte for byte, from the same seed, and answers the same bytes', () => {
    const again = buildWorld(SEED);
    expect(worldFingerprint(again)).toBe(worldFingerprint(world));
    const big = again.userByName.get(ANCHORS.big);
    const requests: [string, Record<string, string>][] = [
      ['/v1/user/medias/chunk', { user_id: big?.pk ?? '' }],
      ['/v2/media/comments', { id: big?.posts[3] ?? '' }],
      ['/gql/topsearch', { query: 'anna' }],
      ['/v2/user/stories', { user_id: big?.pk ?? '' }],
    ];
    for (const [path, params] of requests) {
      expect(wireText(callRoute(path, params, { world: again }))).toBe(wireText(callRoute(path, params)));
    }
    // Lazily built comment threads are the same too, whatever was asked first.
    const sample = world.media.filter((_, i) => i % 97 === 0);
    for (const m of sample.slice().reverse()) threadOf(again, again.mediaByPk.get(m.pk) as WorldMedia);
    for (const m of sample) expect(JSON.stringify(threadOf(again, again.mediaByPk.get(m.pk) as WorldMedia).top)).toBe(JSON.stringify(threadOf(world, m).top));
  });

  it('builds a different world from another seed', () => {
    const other = buildWorld(SEED + 1);
    expect(worldFingerprint(other)).not.toBe(worldFingerprint(world));
    expect(other.users.map((u) => u.pk)).not.toEqual(world.users.map((u) => u.pk));
  });
});

describe('users', () => {
  it('has at least 300 users with content, of every account kind', () => {
    expect(main.length).toBeGreaterThanOrEqual(300);
    expect(main.filter((u) => u.isVerified).length).toBeGreaterThan(5);
    expect(main.filter((u) => u.isPrivate).length).toBeGreaterThan(5);
    expect(main.filter((u) => u.accountType === 3).length).toBeGreaterThan(10);
    const businesses = main.filter((u) => u.accountType === 2);
    expect(businesses.length).toBeGreaterThan(10);
    for (const b of businesses) {
      expect(b.contact?.email).toMatch(/^[^@\s]+@[^@\s]+$/);
      expect(b.contact?.phone).toMatch(/^\+\d/);
      expect(b.contact?.street).not.toBe('');
      expect(b.category).not.toBe('');
    }
  });

  it('has unique usernames and pks of 8 to 11 digits', () => {
    expect(new Set(world.users.map((u) => u.username)).size).toBe(world.users.length);
    expect(new Set(world.users.map((u) => u.pk)).size).toBe(world.users.length);
    for (const u of world.users) {
      expect(u.pk).toMatch(/^[1-9]\d{7,10}$/);
      expect(u.username).toMatch(/^[a-z0-9._]{1,30}$/);
    }
  });

  it('writes names in several scripts', () => {
    const names = main.map((u) => u.fullName).join(' ');
    for (const script of [/\p{Script=Cyrillic}/u, /\p{Script=Arabic}/u, /\p{Script=Han}/u, /\p{Script=Hangul}/u, /[À-ÿ]/u]) expect(names).toMatch(script);
  });

  it('has the anchor accounts the app and demo rely on', () => {
    const big = anchor(ANCHORS.big);
    expect(big.followers.length).toBeGreaterThanOrEqual(5000);
    expect(big.posts.length).toBeGreaterThanOrEqual(600);
    expect(big.isPrivate).toBe(false);
    const empty = anchor(ANCHORS.empty);
    expect(empty.posts).toEqual([]);
    expect(empty.isPrivate).toBe(false);
    const priv = anchor(ANCHORS.private);
    expect(priv.isPrivate).toBe(true);
    expect(priv.posts.length).toBeGreaterThan(0);
    expect(priv.stories.length).toBeGreaterThan(0);
    expect(priv.highlights.length).toBeGreaterThan(0);
    const business = anchor(ANCHORS.business);
    expect(business.accountType).toBe(2);
    expect(business.contact?.locationPk).toMatch(/^\d+$/);
    expect(world.locationByPk.get(Number(business.contact?.locationPk))?.name).toBe(business.fullName);
  });
});

describe('posts', () => {
  const kinds = new Set(world.media.map((m) => m.kind));

  it('has every kind of post', () => {
    expect([...kinds].sort()).toEqual(['carousel', 'clip', 'igtv', 'image', 'video']);
    expect(world.media.some((m) => m.productType === 'clips' && m.isTrial && m.reshareCount === null)).toBe(true);
    expect(world.media.some((m) => m.productType === 'clips' && !m.isTrial && m.reshareCount !== null)).toBe(true);
    expect(world.media.some((m) => m.usertags.length > 0)).toBe(true);
    expect(world.media.some((m) => m.coauthors.length > 0)).toBe(true);
    expect(world.media.some((m) => m.locationPk !== null)).toBe(true);
    expect(world.media.some((m) => m.commentsDisabled)).toBe(true);
    expect(world.media.some((m) => m.likesHidden)).toBe(true);
    expect(main.some((u) => u.pinned.length > 0)).toBe(true);
  });

  it('makes carousels of 2 to 10 children, some mixing images and videos', () => {
    const carousels = world.media.filter((m) => m.kind === 'carousel');
    for (const c of carousels) {
      expect(c.mediaType).toBe(8);
      expect(c.children.length).toBeGreaterThanOrEqual(2);
      expect(c.children.length).toBeLessThanOrEqual(10);
    }
    expect(carousels.some((c) => c.children.some((x) => x.mediaType === 1) && c.children.some((x) => x.mediaType === 2))).toBe(true);
    expect(carousels.some((c) => c.children.length === 10)).toBe(true);
  });

  it('writes captions in several languages with emoji, mentions and hashtags', () => {
    const captions = world.media.map((m) => m.caption).join('\n');
    for (const script of [/\p{Script=Cyrillic}/u, /\p{Script=Arabic}/u, /\p{Script=Hiragana}/u, /\p{Script=Hangul}/u, /\p{Extended_Pictographic}/u]) {
      expect(captions).toMatch(script);
    }
    expect(captions).toMatch(/@[a-z0-9._]+/);
    expect(captions).toMatch(/#\p{L}+/u);
  });

  it('has 19-digit media pks beyond 2^53 whose shortcodes round-trip through the codec', () => {
    const pks = new Set<string>();
    for (const m of world.media) {
      expect(m.pk).toMatch(/^\d{19}$/);
      expect(BigInt(m.pk) > MAX_SAFE).toBe(true);
      expect(m.code).toBe(pkToShortcode(m.pk));
      expect(shortcodeToPk(m.code)).toBe(m.pk);
      pks.add(m.pk);
      for (const c of m.children) pks.add(c.pk);
    }
    for (const s of world.stories) pks.add(s.pk);
    expect(pks.size).toBe(world.media.length + world.media.reduce((n, m) => n + m.children.length, 0) + world.stories.length);
  });

  it('uses the codec of service-facts.md (its known pairs)', () => {
    expect(pkToShortcode('2110901750722920960')).toBe('B1LbfVPlwIA');
    expect(pkToShortcode(2278584739065882267n)).toBe('B-fKL9qpeab');
    expect(shortcodeToPk('DRqAYKuAIUx')).toBe('3776832898280228145');
    expect(shortcodeToPk('DRqAYKuAIUxextra')).toBe('3776832898280228145');
  });

  it('dates every post before the world reference time', () => {
    for (const m of world.media) expect(m.takenAt).toBeLessThan(world.baseNow);
  });
});

describe('stories, highlights, places, tags and music', () => {
  it('keeps active stories active on any date (taken_at follows the clock)', () => {
    const active = world.stories.filter((s) => s.ageSec !== null);
    expect(active.length).toBeGreaterThan(50);
    for (const now of [NOW, Date.UTC(2031, 0, 1)]) {
      for (const s of active) {
        const takenAt = storyTakenAt(s, now);
        expect(takenAt).toBeLessThanOrEqual(now / 1000);
        expect(takenAt + 86_400).toBeGreaterThan(now / 1000);
      }
    }
  });

  it('has image and video stories with mentions, links, hashtags, locations, stickers and shared posts', () => {
    expect(world.stories.some((s) => s.mediaType === 1)).toBe(true);
    expect(world.stories.some((s) => s.mediaType === 2)).toBe(true);
    for (const field of ['mentions', 'links', 'hashtags', 'locations', 'stickers'] as const) {
      expect(world.stories.some((s) => s[field].length > 0)).toBe(true);
    }
    expect(world.stories.some((s) => s.resharedMediaPk !== null)).toBe(true);
  });

  it('has highlights with covers and items, and 17-digit pks beyond 2^53', () => {
    expect(world.highlights.length).toBeGreaterThan(50);
    for (const h of world.highlights) {
      expect(h.pk).toMatch(/^\d{17}$/);
      expect(BigInt(h.pk) > MAX_SAFE).toBe(true);
      expect(h.items.length).toBeGreaterThan(0);
      expect(h.items).toContain(h.coverStoryPk);
    }
  });

  it('has places with coordinates, hours and categories', () => {
    expect(world.locations.some((l) => l.hours !== null)).toBe(true);
    for (const l of world.locations) {
      expect(Number.isSafeInteger(l.pk)).toBe(true);
      expect(Math.abs(l.lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(l.lng)).toBeLessThanOrEqual(180);
      expect(l.category).not.toBe('');
    }
  });

  it('has hashtags in Latin and non-Latin scripts, all valid by the service rule', () => {
    const names = world.hashtags.map((h) => h.name);
    expect(names).toEqual(expect.arrayContaining(['café', '東京', 'москва', 'القاهرة']));
    for (const name of names) {
      // service-interface.md: letters and digits of any script; no leading '#', trailing dots or '_.'.
      expect(name).toMatch(/^[\p{L}\p{N}_]+$/u);
      expect(name).not.toMatch(/^#|\.$|_\./);
    }
  });

  it('has music tracks that reels use', () => {
    expect(world.tracks.length).toBeGreaterThan(10);
    expect(world.tracks.filter((t) => t.reels.length > 0).length).toBeGreaterThan(10);
  });

  it('has posts with 40 or more comments and comments with threaded replies', () => {
    const big = world.userByName.get(ANCHORS.big);
    const threads = (big?.posts ?? []).slice(0, 80).map((pk) => threadOf(world, world.mediaByPk.get(pk) as WorldMedia));
    expect(threads.some((t) => t.top.length >= 40)).toBe(true);
    expect(threads.some((t) => t.top.some((c) => c.replies.length >= 20))).toBe(true);
    for (const t of threads) for (const c of t.byPk.values()) expect(c.pk).toMatch(/^\d{17}$/);
  });
});
