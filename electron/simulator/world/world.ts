// The simulated world: built deterministically from a seed (same seed, same world, byte for byte; no
// clock, no Math.random). Entities refer to each other by id; the maps below are indexes over them.
//
// Counting rules (what routes report, and what the tests check):
// - follower_count / following_count = length of the followers / following list;
// - media_count = length of the profile grid (own posts plus coauthored posts);
// - comment_count = top-level comments + replies (threads are generated lazily: comments.ts);
// - like_count = length of the likers list (a window of the world's liker pool);
// - a hashtag's media_count = public posts whose caption uses it (its feed); place and music feeds show
//   public posts only, and usertags appear on public posts only, so a tagged post is always in the
//   tagged user's feed.
import type { Thread } from './comments';
import type { WorldHashtag, WorldHighlight, WorldLocation, WorldMedia, WorldStory, WorldTrack, WorldUser } from './model';
import { ANCHORS, buildFollowGraph, buildUsers } from './people';
import { buildHashtags, buildLocations, buildTracks } from './places';
import { buildPosts } from './posts';
import { createRng } from './random';
import { buildStories } from './stories';
import { createWorldClock, type WorldClock } from './clock';
import { plant, type PlantedReuse, type PlantedWords } from './planted';

export type * from './model';
export { ANCHORS } from './people';
export { commentCountOf, findComment, threadOf, type Thread } from './comments';

/** The world's reference "now" (epoch seconds): posts and archived stories are dated before it. */
export const WORLD_NOW = Date.UTC(2026, 10, 20, 12, 0, 0) / 1000;

export interface WorldOptions {
  /** Users with profiles and content (anchors included). Default 320. */
  mainUsers?: number;
  /** Follower-only users (the big account's followers). Default 5,200. */
  crowdUsers?: number;
}

export interface World {
  seed: number;
  /** Reference time of generation, epoch seconds (see WORLD_NOW). */
  baseNow: number;
  users: WorldUser[];
  media: WorldMedia[];
  stories: WorldStory[];
  highlights: WorldHighlight[];
  locations: WorldLocation[];
  hashtags: WorldHashtag[];
  tracks: WorldTrack[];
  /** Every user pk in a seeded order: likers of a post or comment are a window of it. */
  likerPool: string[];
  /** Posts that repost an earlier post's picture (reuse.ts): the reuse groups the app should find. */
  reuse: PlantedReuse[];
  /** Posts whose picture has words in it (planted.ts): the text the app should read. */
  words: PlantedWords[];
  userByPk: Map<string, WorldUser>;
  /** Lower-cased username -> user. */
  userByName: Map<string, WorldUser>;
  mediaByPk: Map<string, WorldMedia>;
  mediaByCode: Map<string, WorldMedia>;
  /** Carousel child pk -> its parent post. */
  parentOfChild: Map<string, WorldMedia>;
  mediaByShareToken: Map<string, WorldMedia>;
  /** Comment threads built so far (see comments.ts: threads are built lazily, per post). */
  threads: Map<string, Thread>;
  storyByPk: Map<string, WorldStory>;
  highlightByPk: Map<string, WorldHighlight>;
  locationByPk: Map<number, WorldLocation>;
  hashtagByName: Map<string, WorldHashtag>;
  trackById: Map<string, WorldTrack>;
  trackByCanonicalId: Map<string, WorldTrack>;
  /** The world keeps time (clock.ts): started by the simulator that serves the world. */
  clock: WorldClock;
}

export function buildWorld(seed: number, opts: WorldOptions = {}): World {
  const rng = createRng(seed);
  const users = buildUsers(rng.fork('users'), Math.max(opts.mainUsers ?? 320, Object.keys(ANCHORS).length), opts.crowdUsers ?? 5200);
  const userByPk = new Map(users.map((u) => [u.pk, u]));
  buildFollowGraph(rng.fork('follows'), users);
  const locations = buildLocations(rng.fork('places'), users);
  const hashtags = buildHashtags(rng.fork('hashtags'));
  const tracks = buildTracks(rng.fork('tracks'));
  const likerPool = rng.fork('likers').shuffle(users.map((u) => u.pk));
  let seq = rng.fork('seq').int(1000, 9000);
  const nextSeq = (): number => seq++;
  const media = buildPosts(rng.fork('posts'), {
    users, userByPk, locations, hashtags, tracks, baseNow: WORLD_NOW, nextSeq, likerPoolSize: likerPool.length,
  });
  const { reuse, words } = plant(users, media);
  const shareable = media.filter((m) => !userByPk.get(m.ownerPk)?.isPrivate);
  const { stories, highlights } = buildStories(rng.fork('stories'), { users, locations, hashtags, shareable, baseNow: WORLD_NOW, nextSeq });

  const parentOfChild = new Map<string, WorldMedia>();
  for (const m of media) for (const c of m.children) parentOfChild.set(c.pk, m);
  return {
    seed,
    baseNow: WORLD_NOW,
    users,
    media,
    stories,
    highlights,
    locations,
    hashtags,
    tracks,
    likerPool,
    reuse,
    words,
    userByPk,
    userByName: new Map(users.map((u) => [u.username.toLowerCase(), u])),
    mediaByPk: new Map(media.map((m) => [m.pk, m])),
    mediaByCode: new Map(media.map((m) => [m.code, m])),
    parentOfChild,
    mediaByShareToken: new Map(media.filter((m) => m.shareToken).map((m) => [m.shareToken as string, m])),
    threads: new Map(),
    storyByPk: new Map(stories.map((s) => [s.pk, s])),
    highlightByPk: new Map(highlights.map((h) => [h.pk, h])),
    locationByPk: new Map(locations.map((l) => [l.pk, l])),
    hashtagByName: new Map(hashtags.map((h) => [h.name, h])),
    trackById: new Map(tracks.map((t) => [t.id, t])),
    trackByCanonicalId: new Map(tracks.map((t) => [t.canonicalId, t])),
    clock: createWorldClock(0),
  };
}

/** A story's taken_at (epoch seconds) at the given time: active stories are dated relative to now. */
export function storyTakenAt(story: WorldStory, nowMs: number): number {
  return story.ageSec !== null ? Math.floor(nowMs / 1000) - story.ageSec : (story.takenAt ?? 0);
}

/** A window of the liker pool: `count` distinct users starting at `offset` (wrapping). */
export function likersOf(world: World, offset: number, count: number): string[] {
  const pool = world.likerPool;
  const n = Math.min(count, pool.length);
  const out: string[] = new Array<string>(n);
  for (let i = 0; i < n; i++) out[i] = pool[(offset + i) % pool.length] as string;
  return out;
}

/** The world's content as plain JSON (indexes left out): equal for equal seeds. */
export function worldFingerprint(world: World): string {
  const { users, media, stories, highlights, locations, hashtags, tracks, likerPool } = world;
  return JSON.stringify({ users, media, stories, highlights, locations, hashtags, tracks, likerPool });
}
