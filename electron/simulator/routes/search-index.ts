// Search keys of a world's users and posts and remembered search results, built on first use and
// forgotten when the world changes.
import { searchable } from '../world/text';
import type { World } from '../world/world';

interface SearchIndex {
  /** searchable("username full name"), aligned with world.users. */
  users: string[];
  /** searchable("caption username"), aligned with world.media. */
  media: string[];
}

const searchIndexes = new WeakMap<World, SearchIndex>();

/** The world changed (its clock moved): search indexes and remembered results are built again. */
export function forgetSearches(world: World): void {
  searchIndexes.delete(world);
  searchMemo.delete(world);
}

/** Search keys of every user and post, built on the first search. */
export function searchIndex(world: World): SearchIndex {
  let index = searchIndexes.get(world);
  if (!index) {
    index = {
      users: world.users.map((u) => searchable(`${u.username} ${u.fullName}`)),
      media: world.media.map((m) => searchable(`${m.caption} ${world.userByPk.get(m.ownerPk)?.username ?? ''}`)),
    };
    searchIndexes.set(world, index);
  }
  return index;
}

/** A query as search compares it ('@' and '#' prefixes dropped). */
export function searchQuery(query: string): string {
  return searchable(query.trim().replace(/^[@#]/, ''));
}

const searchMemo = new WeakMap<World, Map<string, unknown>>();

/** Search results are recomputed for every page otherwise: keep the last few per world. */
export function memo<T>(world: World, key: string, compute: () => T): T {
  let cache = searchMemo.get(world);
  if (!cache) {
    cache = new Map();
    searchMemo.set(world, cache);
  }
  if (cache.has(key)) return cache.get(key) as T;
  const value = compute();
  if (cache.size >= 64) cache.delete(cache.keys().next().value as string);
  cache.set(key, value);
  return value;
}
