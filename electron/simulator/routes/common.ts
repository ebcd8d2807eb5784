// Page sizes and the small helpers every route uses: query arguments, lookups that answer 404/403,
// paging, and composing lookups with withValue.
import { invalidCursor, mediaUnavailable, missingParam, privateAccount, userNotFound } from '../shapes/errors';
import { paginate, type Page } from '../shapes/paging';
import type { RouteContext, RouteOutcome } from '../types';
import { mediaByCode, mediaById, mediaByUrl, userById, userByUrl, userByUsername } from '../world/lookup';
import type { WorldHighlight, WorldMedia, WorldUser } from '../world/model';
import { hashString } from '../world/random';
import type { World } from '../world/world';

// ---- page sizes (service-facts.md: comments about 15, followers 25-50, reels 12) -------------------

export const SIZE = {
  followersG1: 50,
  followersG2: 40,
  followersV1: 25,
  followersGql: 50,
  followersV2: 25,
  posts: 12,
  reels: 12,
  tagged: 12,
  comments: 15,
  replies: 10,
  commentLikers: 50,
  highlightsV2: 10,
  hashtagFeed: 12,
  placeFeed: 12,
  searchAccounts: 20,
  searchReels: 12,
  topsearch: 10,
  tracks: 12,
  searchMusic: 12,
  searchHashtags: 20,
} as const;

/** Production shows outsiders about the first 50 followers of any account. */
export { FOLLOWER_CAP as FOLLOWER_LIMIT } from '../../../shared/follower-cap';

// ---- small helpers ---------------------------------------------------------------------------------

export const ok = (body: unknown): RouteOutcome => ({ status: 200, body });

export function isOutcome(value: unknown): value is RouteOutcome {
  return typeof value === 'object' && value !== null && 'status' in value && 'body' in value;
}

/** A query value, trimmed; null when absent or empty. */
export function arg(ctx: RouteContext, name: string): string | null {
  const value = ctx.query.get(name);
  return value === null || value.trim() === '' ? null : value.trim();
}

export function intArg(ctx: RouteContext, name: string, fallback: number): number {
  const value = Number(arg(ctx, name) ?? fallback);
  return Number.isFinite(value) ? Math.trunc(value) : fallback;
}

export function required(ctx: RouteContext, name: string): string | RouteOutcome {
  return arg(ctx, name) ?? missingParam(name);
}

/** `amount` as the v1 endpoints read it: 0 or absent means everything. */
export function amountOf<T>(ctx: RouteContext, items: readonly T[], fallback = 0): T[] {
  const amount = intArg(ctx, 'amount', fallback);
  return amount > 0 ? items.slice(0, amount) : items.slice();
}

export type UserKey = 'id' | 'user_id' | 'username' | 'url';

export function findUser(ctx: RouteContext, key: UserKey): WorldUser | RouteOutcome {
  const value = required(ctx, key);
  if (isOutcome(value)) return value;
  const user = key === 'username' ? userByUsername(ctx.world, value) : key === 'url' ? userByUrl(ctx.world, value) : userById(ctx.world, value);
  return user ?? userNotFound();
}

/** The user, unless the account is private (and `force` is not set where it counts). */
export function readableUser(ctx: RouteContext, key: UserKey, honourForce: boolean): WorldUser | RouteOutcome {
  const user = findUser(ctx, key);
  if (isOutcome(user)) return user;
  return user.isPrivate && !(honourForce && ctx.force) ? privateAccount() : user;
}

export type MediaKey = 'id' | 'media_id' | 'code' | 'url';

export function findMedia(ctx: RouteContext, key: MediaKey): WorldMedia | RouteOutcome {
  const value = required(ctx, key);
  if (isOutcome(value)) return value;
  const m = key === 'code' ? mediaByCode(ctx.world, value) : key === 'url' ? mediaByUrl(ctx.world, value) : mediaById(ctx.world, value);
  if (!m || ctx.world.userByPk.get(m.ownerPk)?.isPrivate) return mediaUnavailable();
  return m;
}

export function page<T>(ctx: RouteContext, list: readonly T[], cursorParam: string, size: number, scope: string, limit?: number): Page<T> | RouteOutcome {
  return paginate(list, arg(ctx, cursorParam), size, scope, limit) ?? invalidCursor(cursorParam);
}

export function users(world: World, pks: readonly string[]): WorldUser[] {
  return pks.flatMap((pk) => {
    const u = world.userByPk.get(pk);
    return u ? [u] : [];
  });
}

export function medias(world: World, pks: readonly string[]): WorldMedia[] {
  return pks.flatMap((pk) => {
    const m = world.mediaByPk.get(pk);
    return m ? [m] : [];
  });
}

export function highlights(world: World, pks: readonly string[]): WorldHighlight[] {
  return pks.flatMap((pk) => {
    const h = world.highlightByPk.get(pk);
    return h ? [h] : [];
  });
}

/** Composes lookups: runs `f` with the value unless it is already an answer. */
export function withValue<T>(value: T | RouteOutcome, f: (v: T) => RouteOutcome): RouteOutcome {
  return isOutcome(value) ? value : f(value);
}

export function findUserByPk(ctx: RouteContext, pk: string): WorldUser | RouteOutcome {
  return ctx.world.userByPk.get(pk) ?? userNotFound();
}

/** Like withValue, for lookups that give an entity or an answer. */
export function withValueT<T, U>(value: T | RouteOutcome, f: (v: T) => U | RouteOutcome): U | RouteOutcome {
  return isOutcome(value) ? value : f(value);
}

export function rankToken(query: string): string {
  const h = hashString(query).toString(16).padStart(8, '0');
  const g = hashString(`${query}#rank`).toString(16).padStart(8, '0');
  return `${h}-${g.slice(0, 4)}-4${g.slice(4, 7)}-8${h.slice(0, 3)}-${g}${h.slice(0, 4)}`;
}
