// Relations in the world are consistent: counts match lists, a mention names a real user, a tag names
// a real hashtag whose feed holds the post, a tagged post is in the tagged user's feed, likers and
// comment threads add up. Texts are parsed here independently of the builder's bookkeeping.
import { describe, expect, it } from 'vitest';
import { likersOf, threadOf, type WorldMedia } from '../../../../electron/simulator/world/world';
import { sharedWorld } from './routes-support';

const world = sharedWorld();
const MENTION = /@([a-z0-9._]+)/g;
const HASHTAG = /#([\p{L}\p{N}_]+)/gu;
const isPublic = (m: WorldMedia): boolean => world.userByPk.get(m.ownerPk)?.isPrivate === false;

function unique<T>(list: readonly T[]): boolean {
  return new Set(list).size === list.length;
}

describe('follow graph', () => {
  it('records both sides of every edge, with no duplicates and no self-follow', () => {
    const problems: string[] = [];
    const followerEdges = new Set<string>();
    let edges = 0;
    for (const u of world.users) {
      if (!unique(u.followers) || !unique(u.following)) problems.push(`${u.username}: duplicate in a list`);
      if (u.followers.includes(u.pk)) problems.push(`${u.username} follows itself`);
      for (const pk of u.followers) followerEdges.add(`${pk}>${u.pk}`);
      edges += u.following.length;
    }
    for (const u of world.users) {
      for (const pk of u.following) {
        if (!world.userByPk.has(pk)) problems.push(`${u.username} follows unknown ${pk}`);
        if (!followerEdges.has(`${u.pk}>${pk}`)) problems.push(`${u.username} -> ${pk} missing on the follower side`);
      }
    }
    expect(problems).toEqual([]);
    // Every following edge appears exactly once as a follower edge on the other side.
    expect(followerEdges.size).toBe(edges);
  });
});

describe('captions', () => {
  it('mention only real users, and record exactly those', () => {
    for (const m of world.media) {
      const named = [...m.caption.matchAll(MENTION)].map((x) => x[1] as string);
      const pks = named.map((name) => world.userByName.get(name)?.pk);
      expect(pks.every((pk) => pk !== undefined), `caption of ${m.code}: ${m.caption}`).toBe(true);
      expect(pks).toEqual(m.mentions);
    }
  });

  it('use only real hashtags, and each public post is in the feeds of its tags', () => {
    const expected = new Map<string, string[]>();
    for (const m of world.media) {
      const tags = [...m.caption.matchAll(HASHTAG)].map((x) => x[1] as string);
      expect(tags).toEqual(m.hashtags);
      for (const tag of tags) {
        const h = world.hashtagByName.get(tag);
        expect(h, `unknown #${tag}`).toBeDefined();
        if (h && isPublic(m)) expected.set(tag, [...(expected.get(tag) ?? []), m.pk]);
      }
    }
    for (const h of world.hashtags) {
      const posts = expected.get(h.name) ?? [];
      // media_count is the feed's length; the feed is exactly the public posts using the tag.
      expect(h.recent.slice().sort()).toEqual(posts.slice().sort());
      expect(h.top.slice().sort()).toEqual(posts.slice().sort());
      expect(h.clips).toEqual(h.recent.filter((pk) => world.mediaByPk.get(pk)?.productType === 'clips'));
      const times = h.recent.map((pk) => world.mediaByPk.get(pk)?.takenAt ?? 0);
      expect(times).toEqual(times.slice().sort((a, b) => b - a));
      const likes = h.top.map((pk) => world.mediaByPk.get(pk)?.likeCount ?? 0);
      expect(likes).toEqual(likes.slice().sort((a, b) => b - a));
    }
  });
});

describe('profiles', () => {
  it('list own posts and coauthored posts, newest first, as media_count', () => {
    const grid = new Map<string, string[]>();
    for (const m of world.media) {
      for (const pk of [m.ownerPk, ...m.coauthors]) grid.set(pk, [...(grid.get(pk) ?? []), m.pk]);
    }
    for (const u of world.users) {
      expect(u.posts.slice().sort()).toEqual((grid.get(u.pk) ?? []).sort());
      const times = u.posts.map((pk) => world.mediaByPk.get(pk)?.takenAt ?? 0);
      expect(times).toEqual(times.slice().sort((a, b) => b - a));
      expect(u.clips).toEqual(u.posts.filter((pk) => world.mediaByPk.get(pk)?.productType === 'clips' && world.mediaByPk.get(pk)?.ownerPk === u.pk));
      for (const pk of u.pinned) expect(world.mediaByPk.get(pk)?.ownerPk).toBe(u.pk);
    }
  });

  it('put each tagged post in the tagged feed of every tagged user, and nothing else there', () => {
    const tagged = new Map<string, string[]>();
    for (const m of world.media) {
      for (const t of m.usertags) {
        expect(t.x).toBeGreaterThanOrEqual(0);
        expect(t.x).toBeLessThanOrEqual(1);
        expect(t.y).toBeGreaterThanOrEqual(0);
        expect(t.y).toBeLessThanOrEqual(1);
        expect(world.userByPk.has(t.userPk)).toBe(true);
        tagged.set(t.userPk, [...(tagged.get(t.userPk) ?? []), m.pk]);
      }
    }
    expect(tagged.size).toBeGreaterThan(20);
    for (const u of world.users) expect(u.tagged.slice().sort()).toEqual((tagged.get(u.pk) ?? []).sort());
  });
});

describe('places and music', () => {
  it('list exactly the public posts at a place', () => {
    for (const l of world.locations) {
      const posts = world.media.filter((m) => m.locationPk === l.pk && isPublic(m)).map((m) => m.pk);
      expect(l.recent.slice().sort()).toEqual(posts.sort());
    }
  });

  it('list exactly the public reels using a track', () => {
    for (const t of world.tracks) {
      const reels = world.media.filter((m) => m.trackId === t.id && isPublic(m)).map((m) => m.pk);
      expect(t.reels.slice().sort()).toEqual(reels.sort());
      for (const pk of t.reels) expect(world.mediaByPk.get(pk)?.productType).toBe('clips');
    }
  });
});

describe('likes and comments', () => {
  it('give every post as many distinct real likers as its like_count', () => {
    const problems: string[] = [];
    for (const m of world.media.filter((_, i) => i % 7 === 0)) {
      const likers = likersOf(world, m.likerOffset, m.likeCount);
      if (likers.length !== m.likeCount || !unique(likers)) problems.push(`${m.code}: ${likers.length} likers for like_count ${m.likeCount}`);
      if (!likers.every((pk) => world.userByPk.has(pk))) problems.push(`${m.code}: unknown liker`);
    }
    expect(problems).toEqual([]);
  });

  it('count top-level comments plus replies, with replies pointing at their parent', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const m of world.media.filter((_, i) => i % 5 === 0)) {
      const thread = threadOf(world, m);
      const replies = thread.top.reduce((n, c) => n + c.replies.length, 0);
      if (m.commentsDisabled && thread.total !== 0) problems.push(`${m.code}: comments on a post with comments disabled`);
      if (thread.total !== thread.top.length + replies || thread.byPk.size !== thread.total) problems.push(`${m.code}: count ${thread.total}`);
      const times = thread.top.map((c) => c.createdAt);
      if (times.some((t, i) => i > 0 && t > (times[i - 1] ?? t))) problems.push(`${m.code}: top-level comments not newest first`);
      for (const c of thread.top) {
        if (c.parentPk !== null || c.createdAt <= m.takenAt) problems.push(`${c.pk}: bad top-level comment`);
        for (const r of c.replies) if (r.parentPk !== c.pk || r.createdAt < c.createdAt) problems.push(`${r.pk}: bad reply`);
      }
      for (const c of thread.byPk.values()) {
        if (!world.userByPk.has(c.userPk)) problems.push(`${c.pk}: unknown author`);
        const named = [...c.text.matchAll(MENTION)].map((x) => world.userByName.get(x[1] as string)?.pk ?? `?${x[1]}`);
        if (named.join() !== c.mentions.join()) problems.push(`${c.pk}: mentions ${named.join()} vs ${c.mentions.join()}`);
      }
      checked += thread.total;
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  });
});

describe('stories and highlights', () => {
  it('point at real users, places, tags and posts', () => {
    for (const s of world.stories) {
      expect(world.userByPk.has(s.ownerPk)).toBe(true);
      for (const m of s.mentions) expect(world.userByPk.has(m.userPk)).toBe(true);
      for (const h of s.hashtags) expect(world.hashtagByName.has(h.name)).toBe(true);
      for (const l of s.locations) expect(world.locationByPk.has(l.locationPk)).toBe(true);
      if (s.resharedMediaPk) expect(world.mediaByPk.has(s.resharedMediaPk)).toBe(true);
    }
  });

  it('keep highlight items with their owner, and active stories in the owner list', () => {
    for (const h of world.highlights) {
      for (const pk of h.items) {
        const s = world.storyByPk.get(pk);
        expect(s?.ownerPk).toBe(h.ownerPk);
        expect(s?.highlightPk).toBe(h.pk);
        expect(s?.ageSec).toBeNull();
      }
      expect(world.userByPk.get(h.ownerPk)?.highlights).toContain(h.pk);
    }
    for (const u of world.users) {
      for (const pk of u.stories) {
        const s = world.storyByPk.get(pk);
        expect(s?.ownerPk).toBe(u.pk);
        expect(s?.ageSec).not.toBeNull();
      }
      const ages = u.stories.map((pk) => world.storyByPk.get(pk)?.ageSec ?? 0);
      expect(ages).toEqual(ages.slice().sort((a, b) => b - a)); // oldest first
    }
  });
});
