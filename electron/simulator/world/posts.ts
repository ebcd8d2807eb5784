// Posts of every kind and their comments. Captions and comments name real users (@) and real hashtags
// (#), so every mention and tag resolves to an entity of the world.
import { VIDEO_ASSETS, type VideoAssetName } from '../types';
import { mediaPk, pkToShortcode } from './ids';
import type { MediaKind, UserTag, WorldChild, WorldHashtag, WorldLocation, WorldMedia, WorldTrack, WorldUser } from './model';
import { ANCHORS, BIG_ACCOUNT_POSTS } from './people';
import type { Rng } from './random';
import { CAPTIONS, EMOJI, type Locale } from './text';

/** Posts are not older than this (keeps media pks at 19 digits). */
const OLDEST = Date.UTC(2016, 0, 1) / 1000;
const DAY = 86_400;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SEEN_IN_PHOTOS = ['outdoors', 'sky', 'coffee', 'one or more people', 'food', 'city street', 'plant', 'text', 'ocean'];
const IMAGE_SIZES: readonly (readonly [number, number])[] = [[1080, 1080], [1080, 1350], [1080, 566], [1080, 1080], [1080, 1350]];
const SHARE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export interface PostContext {
  users: WorldUser[];
  userByPk: Map<string, WorldUser>;
  locations: WorldLocation[];
  hashtags: WorldHashtag[];
  tracks: WorldTrack[];
  baseNow: number;
  /** Next value of the world's media sequence (low bits of media pks). */
  nextSeq: () => number;
  likerPoolSize: number;
}

/** The caption's text with the users and tags it names. */
export interface Caption {
  text: string;
  mentions: string[];
  hashtags: string[];
}

export function makeCaption(rng: Rng, locale: Locale, ctx: { mentionable: WorldUser[]; hashtags: WorldHashtag[] }, withTags: boolean): Caption {
  let text = rng.pick(CAPTIONS[locale]);
  const mentions: string[] = [];
  const hashtags: string[] = [];
  if (rng.chance(0.25) && ctx.mentionable.length > 0) {
    for (const u of rng.sample(ctx.mentionable, rng.int(1, 2))) {
      text += ` @${u.username}`;
      mentions.push(u.pk);
    }
  }
  if (rng.chance(0.55)) text += ` ${rng.pick(EMOJI)}`;
  if (withTags && rng.chance(0.7)) {
    const tags = rng.sample(ctx.hashtags, rng.int(1, 4));
    text += `\n${tags.map((t) => `#${t.name}`).join(' ')}`;
    hashtags.push(...tags.map((t) => t.name));
  }
  return { text, mentions, hashtags };
}

function dateWords(epochSec: number): string {
  const d = new Date(epochSec * 1000);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

type Weights<T> = readonly (readonly [T, number])[];
const BUSINESS_KINDS: Weights<MediaKind> = [['image', 55], ['carousel', 25], ['clip', 15], ['video', 5]];
const BIG_KINDS: Weights<MediaKind> = [['image', 35], ['carousel', 25], ['clip', 30], ['video', 5], ['igtv', 5]];
const KINDS: Weights<MediaKind> = [['image', 45], ['carousel', 20], ['clip', 25], ['video', 6], ['igtv', 4]];
const CAROUSEL_SIZES: Weights<number> = [[2, 4], [3, 4], [4, 3], [5, 2], [6, 1], [7, 1], [8, 1], [10, 1]];

function kindFor(rng: Rng, owner: WorldUser): MediaKind {
  if (owner.accountType === 2) return rng.weighted(BUSINESS_KINDS);
  return rng.weighted(owner.username === ANCHORS.big ? BIG_KINDS : KINDS);
}

function postCount(rng: Rng, owner: WorldUser): number {
  switch (owner.username) {
    case ANCHORS.big:
      return BIG_ACCOUNT_POSTS;
    case ANCHORS.empty:
      return 0;
    case ANCHORS.private:
      return 24;
    case ANCHORS.business:
      return 48;
    default:
      return fromRanges(rng, POST_COUNTS);
  }
}

function child(rng: Rng, ctx: PostContext, takenAt: number, size: readonly [number, number]): WorldChild {
  const pk = mediaPk(takenAt, ctx.nextSeq());
  if (rng.chance(0.25)) {
    const asset: VideoAssetName = size[0] === size[1] ? 'square' : rng.pick(['square', 'portrait'] as const);
    return { pk, mediaType: 2, width: VIDEO_ASSETS[asset].width, height: VIDEO_ASSETS[asset].height, video: asset };
  }
  return { pk, mediaType: 1, width: size[0], height: size[1], video: null };
}

function shareToken(rng: Rng): string {
  let out = '';
  for (let i = 0; i < 11; i++) out += SHARE_ALPHABET.charAt(rng.int(0, 63));
  return out;
}

function usertagsFor(rng: Rng, candidates: WorldUser[], owner: WorldUser, big: WorldUser | undefined): UserTag[] {
  const picked = rng.sample(candidates, rng.int(1, 3));
  // The big account is tagged often, so that its tagged feed pages deeply too.
  if (big && rng.chance(0.12) && !picked.includes(big)) picked[0] = big;
  return picked.filter((u) => u.pk !== owner.pk).map((u) => ({ userPk: u.pk, x: Math.round(rng.float(0.05, 0.95) * 1e4) / 1e4, y: Math.round(rng.float(0.05, 0.95) * 1e4) / 1e4 }));
}

export function makePost(rng: Rng, ctx: PostContext, owner: WorldUser, takenAt: number, pools: Pools): WorldMedia {
  const kind = kindFor(rng, owner);
  const pk = mediaPk(takenAt, ctx.nextSeq());
  let mediaType: WorldMedia['mediaType'] = 1;
  let productType: WorldMedia['productType'] = 'feed';
  let size: readonly [number, number] = rng.pick(IMAGE_SIZES);
  let video: VideoAssetName | null = null;
  const children: WorldChild[] = [];
  if (kind === 'carousel') {
    mediaType = 8;
    productType = 'carousel_container';
    const count = rng.weighted(CAROUSEL_SIZES);
    for (let i = 0; i < count; i++) children.push(child(rng, ctx, takenAt, size));
    const first = children[0];
    if (first) size = [first.width, first.height];
  } else if (kind !== 'image') {
    mediaType = 2;
    productType = kind === 'clip' ? 'clips' : kind === 'igtv' ? 'igtv' : 'feed';
    video = kind === 'clip' ? 'portrait' : kind === 'igtv' ? rng.pick(['portrait', 'landscape'] as const) : rng.pick(['square', 'landscape'] as const);
    size = [VIDEO_ASSETS[video].width, VIDEO_ASSETS[video].height];
  }
  const isPublic = !owner.isPrivate;
  const caption = rng.chance(0.1) ? { text: '', mentions: [], hashtags: [] } : makeCaption(rng, owner.locale, pools, isPublic);
  const isTrial = kind === 'clip' && rng.chance(0.12);
  const base = owner.followers.length;
  const likeCount = Math.min(ctx.likerPoolSize - 1, Math.min(1500, Math.round(base * rng.float(0.02, 0.3)) + rng.int(0, 12)));
  const locations = pools.placesByCity.get(owner.homeCity) ?? [];
  const coauthor = isPublic && rng.chance(0.04) ? rng.pick(pools.coauthors) : null;
  const sponsored = owner.accountType === 3 && rng.chance(0.05);
  return {
    pk,
    code: pkToShortcode(pk),
    ownerPk: owner.pk,
    takenAt,
    kind,
    mediaType,
    productType,
    width: size[0],
    height: size[1],
    video,
    children,
    caption: caption.text,
    mentions: caption.mentions,
    hashtags: caption.hashtags,
    accessibilityCaption: mediaType === 1 && rng.chance(0.6) ? `Photo by ${owner.fullName || owner.username} on ${dateWords(takenAt)}. May be an image of ${rng.pick(SEEN_IN_PHOTOS)}.` : null,
    title: kind === 'igtv' ? caption.text.split('\n')[0] ?? '' : '',
    usertags: isPublic && rng.chance(0.2) ? usertagsFor(rng, pools.main, owner, pools.big) : [],
    coauthors: coauthor && coauthor.pk !== owner.pk ? [coauthor.pk] : [],
    sponsors: sponsored ? [rng.pick(pools.businesses).pk] : [],
    isPaidPartnership: sponsored,
    locationPk: rng.chance(0.3) ? rng.pick(locations.length > 0 ? locations : ctx.locations).pk : null,
    commentsDisabled: rng.chance(0.04),
    likesHidden: rng.chance(0.06),
    likeCount,
    likerOffset: rng.int(0, ctx.likerPoolSize - 1),
    playCount: mediaType === 2 ? likeCount * rng.int(8, 40) + rng.int(0, 50) : 0,
    reshareCount: isTrial ? null : rng.int(0, Math.max(1, Math.round(likeCount / 5))),
    isTrial,
    index: 0,
    trackId: kind === 'clip' && rng.chance(0.65) ? rng.pick(ctx.tracks).id : null,
    shareToken: kind === 'clip' ? shareToken(rng) : null,
    fbid: `179${rng.digits(14)}`,
    picture: null,
  };
}

export interface Pools {
  main: WorldUser[];
  big: WorldUser | undefined;
  /** Public accounts that may coauthor (the empty anchor must keep an empty grid). */
  coauthors: WorldUser[];
  businesses: WorldUser[];
  mentionable: WorldUser[];
  hashtags: WorldHashtag[];
  placesByCity: Map<string, WorldLocation[]>;
}

/** Weighted integer ranges: [weight, min, max]. Module constants, so a draw allocates nothing. */
export type Ranges = readonly (readonly [number, number, number])[];
const POST_COUNTS: Ranges = [[3, 0, 0], [45, 1, 8], [42, 9, 24], [10, 25, 60]];

export function fromRanges(rng: Rng, ranges: Ranges): number {
  let total = 0;
  for (const [w] of ranges) total += w;
  let r = rng.next() * total;
  for (const [w, min, max] of ranges) {
    r -= w;
    if (r < 0) return rng.int(min, max);
  }
  const last = ranges[ranges.length - 1];
  return last ? last[2] : 0;
}

/** Who posts may mention, tag, coauthor or sponsor, and the places of each city. */
export function postPools(ctx: Pick<PostContext, 'users' | 'hashtags' | 'locations'>): Pools {
  const main = ctx.users.filter((u) => u.tier === 'main');
  const pools: Pools = {
    main,
    big: main.find((u) => u.username === ANCHORS.big),
    coauthors: main.filter((u) => !u.isPrivate && u.username !== ANCHORS.empty),
    businesses: main.filter((u) => u.accountType === 2),
    mentionable: main.filter((u) => u.username !== ANCHORS.empty),
    hashtags: ctx.hashtags,
    placesByCity: new Map(),
  };
  for (const l of ctx.locations) pools.placesByCity.set(l.city, [...(pools.placesByCity.get(l.city) ?? []), l]);
  return pools;
}

/** Builds every post (comments come lazily, see comments.ts), then fills the users' grids, clips, tagged feeds and pins. */
export function buildPosts(rng: Rng, ctx: PostContext): WorldMedia[] {
  const pools = postPools(ctx);
  const main = pools.main;
  const media: WorldMedia[] = [];
  for (const owner of main) {
    const r = rng.fork(`posts:${owner.pk}`);
    const count = postCount(r, owner);
    const gap = owner.username === ANCHORS.big ? 2.6 * DAY : r.int(2, 20) * DAY;
    owner.postsPerDay = count > 0 ? DAY / gap : 0;
    let t = ctx.baseNow - r.int(3600, 5 * DAY);
    const own: WorldMedia[] = [];
    for (let i = 0; i < count; i++) {
      const m = makePost(r, ctx, owner, Math.max(OLDEST, t), pools);
      m.index = media.length + own.length;
      own.push(m);
      t -= Math.round(gap * r.float(0.4, 1.6));
    }
    media.push(...own);
    const pinCount = owner.username === ANCHORS.big ? 3 : own.length >= 5 && r.chance(0.25) ? r.int(1, 3) : 0;
    owner.pinned = r.sample(own.slice(0, 12), pinCount).map((m) => m.pk);
  }
  indexPosts(ctx, media);
  return media;
}

const byNewest = (a: string, b: string): number => (a < b ? 1 : a > b ? -1 : 0); // same-length decimal pks

function indexPosts(ctx: PostContext, media: WorldMedia[]): void {
  const hashtagByName = new Map(ctx.hashtags.map((h) => [h.name, h]));
  const locationByPk = new Map(ctx.locations.map((l) => [l.pk, l]));
  const trackById = new Map(ctx.tracks.map((t) => [t.id, t]));
  const likes = new Map(media.map((m) => [m.pk, m.likeCount]));
  for (const m of media) {
    const owner = ctx.userByPk.get(m.ownerPk);
    if (!owner) continue;
    owner.posts.push(m.pk);
    if (m.productType === 'clips') owner.clips.push(m.pk);
    for (const pk of m.coauthors) ctx.userByPk.get(pk)?.posts.push(m.pk);
    for (const tag of m.usertags) ctx.userByPk.get(tag.userPk)?.tagged.push(m.pk);
    if (owner.isPrivate) continue; // feeds of places, tags and music show public posts only
    for (const name of m.hashtags) {
      const h = hashtagByName.get(name);
      if (!h) continue;
      h.recent.push(m.pk);
      if (m.productType === 'clips') h.clips.push(m.pk);
    }
    if (m.locationPk !== null) locationByPk.get(m.locationPk)?.recent.push(m.pk);
    if (m.trackId) trackById.get(m.trackId)?.reels.push(m.pk);
  }
  const byLikes = (a: string, b: string): number => (likes.get(b) ?? 0) - (likes.get(a) ?? 0) || byNewest(a, b);
  for (const u of ctx.users) {
    if (u.tier !== 'main') continue;
    u.posts.sort(byNewest);
    u.clips.sort(byNewest);
    u.tagged.sort(byNewest);
  }
  for (const h of ctx.hashtags) {
    h.recent.sort(byNewest);
    h.clips.sort(byNewest);
    h.top = h.recent.slice().sort(byLikes);
  }
  for (const l of ctx.locations) {
    l.recent.sort(byNewest);
    l.top = l.recent.slice().sort(byLikes);
  }
  for (const t of ctx.tracks) t.reels.sort(byNewest);
}
