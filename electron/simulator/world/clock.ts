// The world's clock: the world keeps time. World time is the simulator's clock plus how far tests (or
// the user) advanced it; demo mode's world moves by itself as real time passes ("slowly": at real speed).
// Every hour of world time is one step; each step's events come from the seed and the step's number
// only, so the same seed advanced the same way gives the same world:
// - accounts publish posts and reels, and stories, each at the pace its seeded ones were dated at (an
//   account whose posts are ten days apart posts about once in ten days), so what a study learns from the
//   dates of what it collected holds for what comes next, as it would in production;
// - active stories expire 24 hours after they were taken (they keep ages relative to "now" until the
//   world first moves, so a world that never moves shows the same stories on any date);
// - counts change: new likes and plays on recent posts, new followers;
// - a few posts disappear (deleted by their author, about one in 25: gone from every list and lookup).
// Tests (and scripted demos) can also make one account change at a set moment: rename itself, edit its
// biography, delete a post (renameAccount, editBiography, deletePost below), exactly and nothing else.
import { createRng, hashString, type Rng } from './random';
import { makePost, postPools, type PostContext, type Pools } from './posts';
import { makeStory, type Nearby, type StoryContext } from './stories';
import type { World, WorldMedia, WorldUser } from './world';

const HOUR_MS = 3_600_000;
/** New media pks take their sequence from the upper half of the 23-bit field (the built world uses the lower). */
const FIRST_SEQ = 0x400000;
/** At most this many steps are applied at once (an advance of a year is 8,760 steps). */
const MAX_STEPS = 24 * 400;
/** Posts deleted by their author, as a share of those published (grids grow at nearly the account's pace). */
const DELETED_SHARE = 0.04;

export interface WorldClock {
  /** The simulator's clock (ms) when the clock started: step k ends at anchor + k hours of world time. */
  anchorMs: number;
  /** How far the world was advanced beyond the simulator's clock (ms). */
  offsetMs: number;
  /** Steps applied so far. */
  steps: number;
  /** The next sequence number of new media pks. */
  seq: number;
  /** Bumped whenever a step changed the world (search indexes are rebuilt then). */
  version: number;
}

export function createWorldClock(anchorMs: number): WorldClock {
  return { anchorMs, offsetMs: 0, steps: 0, seq: FIRST_SEQ, version: 0 };
}

/** World time (ms) at simulator time `nowMs`. */
export function worldTime(clock: WorldClock, nowMs: number): number {
  return nowMs + clock.offsetMs;
}

interface StepParts {
  main: WorldUser[];
  crowd: WorldUser[];
  pools: Pools;
  postCtx: PostContext;
  storyCtx: StoryContext;
  near: Map<string, Nearby>;
}

function partsOf(world: World, clock: WorldClock): StepParts {
  const main = world.users.filter((u) => u.tier === 'main');
  const pools = postPools(world);
  const base = {
    users: world.users,
    locations: world.locations,
    hashtags: world.hashtags,
    baseNow: world.baseNow,
    nextSeq: () => clock.seq++,
  };
  return {
    main,
    crowd: world.users.filter((u) => u.tier === 'crowd'),
    pools,
    postCtx: { ...base, userByPk: world.userByPk, tracks: world.tracks, likerPoolSize: world.likerPool.length },
    storyCtx: { ...base, shareable: [] },
    near: new Map(),
  };
}

const byNewest = (a: string, b: string): number => (a < b ? 1 : a > b ? -1 : 0);

/** A new post enters every list that shows it, newest first. */
function publish(world: World, m: WorldMedia): void {
  m.index = world.media.length;
  world.media.push(m);
  world.mediaByPk.set(m.pk, m);
  world.mediaByCode.set(m.code, m);
  if (m.shareToken) world.mediaByShareToken.set(m.shareToken, m);
  for (const c of m.children) world.parentOfChild.set(c.pk, m);
  const owner = world.userByPk.get(m.ownerPk);
  if (!owner) return;
  owner.posts.unshift(m.pk);
  if (m.productType === 'clips') owner.clips.unshift(m.pk);
  for (const pk of m.coauthors) world.userByPk.get(pk)?.posts.unshift(m.pk);
  for (const tag of m.usertags) world.userByPk.get(tag.userPk)?.tagged.unshift(m.pk);
  if (owner.isPrivate) return;
  for (const name of m.hashtags) {
    const h = world.hashtagByName.get(name);
    if (!h) continue;
    h.recent.unshift(m.pk);
    h.top.push(m.pk);
    if (m.productType === 'clips') h.clips.unshift(m.pk);
  }
  if (m.locationPk !== null) {
    const l = world.locationByPk.get(m.locationPk);
    l?.recent.unshift(m.pk);
    l?.top.push(m.pk);
  }
  if (m.trackId) world.trackById.get(m.trackId)?.reels.unshift(m.pk);
}

/** A post its author deleted: gone from every list and lookup (its comments with it). */
function remove(world: World, m: WorldMedia): void {
  const drop = (list: string[]) => {
    const i = list.indexOf(m.pk);
    if (i >= 0) list.splice(i, 1);
  };
  world.mediaByPk.delete(m.pk);
  world.mediaByCode.delete(m.code);
  if (m.shareToken) world.mediaByShareToken.delete(m.shareToken);
  for (const u of [m.ownerPk, ...m.coauthors, ...m.usertags.map((t) => t.userPk)]) {
    const user = world.userByPk.get(u);
    if (!user) continue;
    for (const list of [user.posts, user.clips, user.tagged, user.pinned]) drop(list);
  }
  for (const name of m.hashtags) {
    const h = world.hashtagByName.get(name);
    if (h) for (const list of [h.recent, h.top, h.clips]) drop(list);
  }
  const l = m.locationPk !== null ? world.locationByPk.get(m.locationPk) : undefined;
  if (l) for (const list of [l.recent, l.top]) drop(list);
  if (m.trackId) drop(world.trackById.get(m.trackId)?.reels ?? []);
}

/** Relative story ages become dates the first time the world moves, so stories then expire. */
function fixStoryDates(world: World, nowMs: number): void {
  const now = Math.floor(nowMs / 1000);
  for (const s of world.stories) {
    if (s.ageSec === null) continue;
    s.takenAt = now - s.ageSec;
    s.ageSec = null;
  }
}

function step(world: World, clock: WorldClock, parts: StepParts, k: number): void {
  const rng: Rng = createRng(hashString(`clock:${k}`, world.seed));
  const end = Math.floor((clock.anchorMs + k * HOUR_MS) / 1000);
  for (const u of parts.main) {
    const r = rng.fork(u.pk);
    const at = end - r.int(0, 3599);
    // Each account keeps the pace its seeded posts and stories were dated at (world.ts builds them).
    if (u.postsPerDay > 0 && r.chance(u.postsPerDay / 24)) publish(world, makePost(r, parts.postCtx, u, at, parts.pools));
    if (u.storiesPerDay > 0 && r.chance(u.storiesPerDay / 24)) {
      let near = parts.near.get(u.pk);
      if (!near) {
        near = { others: parts.main.filter((x) => x.pk !== u.pk), places: world.locations.filter((l) => l.city === u.homeCity) };
        parts.near.set(u.pk, near);
      }
      const s = makeStory(r, parts.storyCtx, u, near, { takenAt: at });
      world.stories.push(s);
      world.storyByPk.set(s.pk, s);
      u.stories.push(s.pk);
    }
    // Engagement goes on on the newest posts.
    for (const pk of u.posts.slice(0, 3)) {
      const m = world.mediaByPk.get(pk);
      if (!m) continue;
      m.likeCount = Math.min(world.likerPool.length - 1, m.likeCount + r.int(0, 3));
      if (m.mediaType === 2) m.playCount += r.int(0, 40);
    }
    if (u.followers.length > 0 && parts.crowd.length > 0 && r.chance(0.1)) {
      const fan = parts.crowd[r.int(0, parts.crowd.length - 1)];
      if (fan && !u.followers.includes(fan.pk)) u.followers.unshift(fan.pk);
    }
    // Now and then an author deletes one of their recent posts: about one for every 25 they publish.
    if (u.posts.length > 3 && r.chance((DELETED_SHARE * u.postsPerDay) / 24)) {
      const victim = world.mediaByPk.get(u.posts[r.int(0, Math.min(11, u.posts.length - 1))] ?? '');
      if (victim && victim.ownerPk === u.pk) remove(world, victim);
    }
  }
  const likes = (pk: string) => world.mediaByPk.get(pk)?.likeCount ?? 0;
  for (const h of world.hashtags) h.top.sort((a, b) => likes(b) - likes(a) || byNewest(a, b));
  for (const l of world.locations) l.top.sort((a, b) => likes(b) - likes(a) || byNewest(a, b));
}

/**
 * Applies the steps due at simulator time `nowMs` (world time = nowMs + offset). Returns how many were
 * applied (0 most of the time: a cheap check on every request).
 */
export function syncWorld(world: World, clock: WorldClock, nowMs: number): number {
  if (!Array.isArray(world.users)) return 0; // a world without content (tests of the service shell)
  const due = Math.min(clock.steps + MAX_STEPS, Math.floor((worldTime(clock, nowMs) - clock.anchorMs) / HOUR_MS));
  if (due <= clock.steps) return 0;
  if (clock.steps === 0 && clock.version === 0) fixStoryDates(world, clock.anchorMs);
  const parts = partsOf(world, clock);
  const from = clock.steps;
  while (clock.steps < due) {
    clock.steps += 1;
    step(world, clock, parts, clock.steps);
  }
  clock.version += 1;
  return clock.steps - from;
}

/** Moves world time on by `ms` and applies what happened meanwhile. */
export function advanceWorld(world: World, clock: WorldClock, ms: number, nowMs: number): number {
  if (!(ms >= 0)) throw new RangeError('The world clock only moves forward.');
  if (clock.version === 0 && clock.steps === 0) fixStoryDates(world, worldTime(clock, nowMs));
  clock.offsetMs += ms;
  clock.version += 1;
  return syncWorld(world, clock, nowMs);
}

/** An account takes a new username: the old one no longer finds it; its former usernames remember it. */
export function renameAccount(world: World, clock: WorldClock, userPk: string, username: string): void {
  const u = world.userByPk.get(userPk);
  if (!u) throw new RangeError(`No account ${userPk} in the world.`);
  const taken = world.userByName.get(username.toLowerCase());
  if (taken && taken !== u) throw new RangeError(`@${username} is taken.`);
  world.userByName.delete(u.username.toLowerCase());
  u.formerUsernames = [u.formerUsernames, u.username].filter(Boolean).join(', ');
  u.username = username;
  world.userByName.set(username.toLowerCase(), u);
  clock.version += 1;
}

export function editBiography(world: World, clock: WorldClock, userPk: string, biography: string): void {
  const u = world.userByPk.get(userPk);
  if (!u) throw new RangeError(`No account ${userPk} in the world.`);
  u.biography = biography;
  clock.version += 1;
}

/** Its author deletes a post: gone from every list and lookup, as when the world's hours pass. */
export function deletePost(world: World, clock: WorldClock, mediaPk: string): void {
  const m = world.mediaByPk.get(mediaPk);
  if (!m) throw new RangeError(`No post ${mediaPk} in the world.`);
  remove(world, m);
  clock.version += 1;
}
