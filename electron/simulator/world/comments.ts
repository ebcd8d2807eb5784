// Comment threads, generated lazily per post and memoised on the world. A thread depends only on the
// seed and the post, so it is the same whoever asks first; building ~70,000 comments up front would
// dominate the world's build time for nothing.
//
// Comment pks are 17 digits and encode the post's position in World.media, so a comment can be found
// from its pk alone (/gql/comment/likers/chunk sends only comment_id).
import type { WorldComment, WorldMedia, WorldUser } from './model';
import { ANCHORS } from './people';
import { fromRanges, type Ranges } from './posts';
import { createRng, hashString } from './random';
import { COMMENTS, REPLIES } from './text';
import type { World } from './world';

export interface Thread {
  /** Top-level comments, newest first. */
  top: WorldComment[];
  /** Every comment of the post (top-level and replies) by pk. */
  byPk: Map<string, WorldComment>;
  /** comment_count as the service reports it: top-level comments plus replies. */
  total: number;
}

/**
 * Comment pks: "179" then 14 digits holding `post index * 100,000 + n`. Each post owns a block of
 * 100,000 pks (a thread has at most ~500 comments, spread by 97 so they do not look serial); plain
 * numbers suffice since the 14-digit part is far below 2^53.
 */
const PK_PREFIX = '179';
const PER_MEDIA = 100_000;
const DAY = 86_400;
const HOUR_MS = 3_600_000;
const COMMENT_COUNTS: Ranges = [[25, 0, 0], [50, 1, 6], [20, 7, 20], [3, 40, 70]];
const COMMENT_LIKES: Ranges = [[50, 0, 0], [40, 1, 10], [10, 11, 80]];
const NO_MENTIONS: readonly string[] = Object.freeze([]);
const EMPTY: Thread = { top: [], byPk: new Map(), total: 0 };

function commentPk(mediaIndex: number, jitter: number, n: number): string {
  return PK_PREFIX + String(mediaIndex * PER_MEDIA + jitter + n * 97).padStart(14, '0');
}

interface Pools {
  main: WorldUser[];
  mentionable: WorldUser[];
}

const poolsOf = new WeakMap<World, Pools>();

function pools(world: World): Pools {
  let p = poolsOf.get(world);
  if (!p) {
    const main = world.users.filter((u) => u.tier === 'main');
    p = { main, mentionable: main.filter((u) => u.username !== ANCHORS.empty) };
    poolsOf.set(world, p);
  }
  return p;
}

/** Times after `from` that run past `to` are scaled into (from, to], in order (a reply after its comment). */
function fitBefore(replies: WorldComment[], from: number, to: number): void {
  const last = replies.at(-1)?.createdAt ?? from;
  if (last <= to) return;
  const room = Math.max(1, to - from);
  for (const r of replies) r.createdAt = Math.min(to, from + Math.max(1, Math.round(((r.createdAt - from) * room) / (last - from))));
}

/**
 * The world's present (epoch seconds): the end of the last hour its clock applied (clock.ts), never before
 * the time it was built at. A thread is built on first use, so its comments stop at the present of then.
 */
function presentOf(world: World): number {
  const { anchorMs, steps } = world.clock;
  return Math.max(world.baseNow, Math.floor((anchorMs + steps * HOUR_MS) / 1000));
}

function buildThread(world: World, media: WorldMedia): Thread {
  const owner = world.userByPk.get(media.ownerPk);
  if (media.commentsDisabled || !owner) return EMPTY;
  const rng = createRng(hashString(`comments:${media.pk}`, world.seed));
  const count = owner.username === ANCHORS.big && rng.chance(0.08) ? rng.int(40, 75) : fromRanges(rng, COMMENT_COUNTS);
  if (count === 0) return EMPTY;
  const { main, mentionable } = pools(world);
  const users = world.users;
  const pickAuthor = (): WorldUser => (rng.chance(0.7) ? rng.pick(main) : (users[rng.int(main.length, users.length - 1)] ?? owner));
  // No comment after the world's present: posts the world clock made after the world was built take
  // their comments within two days, or up to the present when that comes first.
  const horizon = media.takenAt < world.baseNow ? world.baseNow : Math.min(media.takenAt + 2 * DAY, presentOf(world));
  const span = Math.max(1, Math.min(30 * DAY, horizon - media.takenAt - 60));
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(media.takenAt + 60 + rng.int(0, span));
  times.sort((a, b) => b - a);

  let n = 0;
  const jitter = rng.int(0, 96);
  const byPk = new Map<string, WorldComment>();
  const make = (author: WorldUser, text: string, createdAt: number, parentPk: string | null, mentions: readonly string[]): WorldComment => {
    const c: WorldComment = {
      pk: commentPk(media.index, jitter, n++),
      mediaPk: media.pk,
      userPk: author.pk,
      text,
      createdAt,
      likeCount: fromRanges(rng, COMMENT_LIKES),
      likerOffset: rng.int(0, world.likerPool.length - 1),
      parentPk,
      replies: [],
      isPinned: false,
      mentions: mentions as string[],
    };
    byPk.set(c.pk, c);
    return c;
  };
  const top: WorldComment[] = [];
  const longThread = count >= 40 ? rng.int(0, count - 1) : -1;
  for (let index = 0; index < count; index++) {
    const createdAt = times[index] ?? media.takenAt;
    const author = pickAuthor();
    let text = rng.pick(COMMENTS[author.locale]);
    let mentions = NO_MENTIONS;
    if (rng.chance(0.1)) {
      const friend = rng.pick(mentionable);
      text = `@${friend.username} ${text}`;
      mentions = [friend.pk];
    }
    if (rng.chance(0.05)) text += ` #${rng.pick(world.hashtags).name}`;
    const comment = make(author, text, createdAt, null, mentions);
    top.push(comment);
    const replyCount = index === longThread ? rng.int(24, 36) : rng.chance(0.2) ? rng.int(1, 5) : 0;
    // Each reply follows the one before by up to six hours (the draws in the same order as ever, so the
    // world is the same but for the times); a chain that would run past the horizon is squeezed into
    // the time before it, keeping its order and gaps, instead of piling up on the horizon's last second.
    let at = createdAt;
    for (let r = 0; r < replyCount; r++) {
      at += rng.int(30, 6 * 3600);
      const replier = rng.chance(0.3) ? owner : pickAuthor();
      comment.replies.push(make(replier, `@${author.username} ${rng.pick(REPLIES[replier.locale])}`, at, comment.pk, [author.pk]));
    }
    fitBefore(comment.replies, createdAt, horizon - 1);
  }
  const oldest = top[top.length - 1];
  if (oldest && rng.chance(0.05)) oldest.isPinned = true;
  return { top, byPk, total: byPk.size };
}

/** The post's comment thread (built on first use, then memoised on the world). */
export function threadOf(world: World, media: WorldMedia): Thread {
  let thread = world.threads.get(media.pk);
  if (!thread) {
    thread = buildThread(world, media);
    world.threads.set(media.pk, thread);
  }
  return thread;
}

/** comment_count of a post. */
export function commentCountOf(world: World, media: WorldMedia): number {
  return threadOf(world, media).total;
}

/** Finds a comment (top-level or reply) by pk. */
export function findComment(world: World, pk: string): WorldComment | undefined {
  if (!/^\d{17}$/.test(pk) || !pk.startsWith(PK_PREFIX)) return undefined;
  const media = world.media[Math.floor(Number(pk.slice(PK_PREFIX.length)) / PER_MEDIA)];
  return media ? threadOf(world, media).byPk.get(pk) : undefined;
}
