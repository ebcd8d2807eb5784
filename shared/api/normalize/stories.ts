// Stories (v1 and v2 raw items, with their stickers) and highlights (which hold stories).
import type {
  Highlight,
  MediaFile,
  RecordSource,
  Story,
  StoryHashtag,
  StoryLink,
  StoryLocation,
  StoryMention,
  StorySticker,
  User,
} from '../../records';
import { largestFirst, mediaTypeFromCode, postIdentity, smallestUrl, videoDurationOf } from './media';
import { locationFrom } from './places-tags';
import { bool, dig, firstText, firstTime, hasKey, idOf, isDict, list, num, readKey, text, toId, type Dict } from './read';
import { userFrom } from './users';

const DAY = 24 * 60 * 60;

// ---------------------------------------------------------------------------------------------
// Stories

function position(raw: unknown): { x: number | null; y: number | null } {
  return { x: num(raw, 'x'), y: num(raw, 'y') };
}

function box(raw: unknown): { x: number | null; y: number | null; width: number | null; height: number | null } {
  return { ...position(raw), width: num(raw, 'width'), height: num(raw, 'height') };
}

function storyCommon(
  raw: Dict,
  source: RecordSource,
  owner: User | null,
  images: MediaFile[],
  videos: MediaFile[],
): Omit<Story, 'mentions' | 'links' | 'hashtags' | 'locations' | 'stickers'> | null {
  const identity = postIdentity(raw, owner);
  if (identity === null) return null;
  const mediaType = mediaTypeFromCode(num(raw, 'media_type')) ?? (videos.length > 0 ? 'video' : 'image');
  const takenAt = firstTime(raw, 'taken_at_ts', 'taken_at');
  return {
    kind: 'story',
    ...identity,
    code: text(raw, 'code'),
    takenAt,
    expiresAt: firstTime(raw, 'expiring_at') ?? (takenAt !== null ? takenAt + DAY : null),
    mediaType,
    owner,
    images,
    videos,
    videoDuration: videoDurationOf(raw, mediaType),
    thumbnailUrl: text(raw, 'thumbnail_url') ?? smallestUrl(images),
    raw,
    source,
  };
}

function linkOf(url: string | null, at: unknown, title: string | null = null): StoryLink | null {
  return url === null ? null : { url, ...position(at), title };
}

function uniqueLinks(links: (StoryLink | null)[]): StoryLink[] {
  const seen = new Set<string>();
  return links.filter((link): link is StoryLink => {
    if (link === null || seen.has(link.url)) return false;
    seen.add(link.url);
    return true;
  });
}

/** Hashtag stickers of a story (v1 `hashtags`, v2 `story_hashtags`: the same items). */
function storyHashtags(items: unknown[]): StoryHashtag[] {
  return items
    .map((h): StoryHashtag | null => {
      const name = text(readKey(h, 'hashtag'), 'name');
      return name === null ? null : { name, ...position(h) };
    })
    .filter((h): h is StoryHashtag => h !== null);
}

/** Location stickers of a story (v1 `locations`, v2 `story_locations`: the same items). */
function storyLocations(items: unknown[], source: RecordSource): StoryLocation[] {
  return items
    .map((l): StoryLocation | null => {
      const location = locationFrom(readKey(l, 'location'), source);
      return location === null ? null : { location, ...position(l) };
    })
    .filter((l): l is StoryLocation => l !== null);
}

/** v1 Story: `mentions`, `links` (`webUri`), `hashtags`, `locations`, `stickers` (with `story_link`). */
export function storyFromV1(raw: unknown, source: RecordSource, fallbackOwner: User | null = null): Story | null {
  if (!isDict(raw)) return null;
  const owner = userFrom(readKey(raw, 'user'), source) ?? fallbackOwner;
  const versions = list(raw, 'image_versions');
  const thumbnailUrl = text(raw, 'thumbnail_url');
  const images = largestFirst(versions.length > 0 ? versions : [{ url: thumbnailUrl }]);
  const videos = largestFirst([...list(raw, 'video_versions'), { url: text(raw, 'video_url') }]);
  const common = storyCommon(raw, source, owner, images, videos);
  if (common === null) return null;
  const stickers = list(raw, 'stickers');
  return {
    ...common,
    mentions: list(raw, 'mentions')
      .map((m): StoryMention | null => {
        const user = userFrom(readKey(m, 'user'), source);
        return user === null ? null : { user, ...box(m) };
      })
      .filter((m): m is StoryMention => m !== null),
    links: uniqueLinks([
      ...list(raw, 'links').map((l) => linkOf(firstText(l, 'webUri', 'url'), l)),
      ...stickers.map((s) => {
        const link = readKey(s, 'story_link');
        return linkOf(text(link, 'url'), s, text(link, 'link_title'));
      }),
    ]),
    hashtags: storyHashtags(list(raw, 'hashtags')),
    locations: storyLocations(list(raw, 'locations'), source),
    stickers: stickers.map((s): StorySticker => ({ type: text(s, 'type'), ...box(s) })),
  };
}

// Raw story sticker arrays the app shows only as "a sticker of this type".
const V2_STICKER_KEYS: Record<string, string> = {
  story_music_stickers: 'music',
  story_polls: 'poll',
  story_questions: 'question',
  story_quizs: 'quiz',
  story_sliders: 'slider',
  story_countdowns: 'countdown',
  story_feed_media: 'feed_media',
};

function mentionFromBloks(sticker: unknown, source: RecordSource): StoryMention | null {
  const mention = dig(sticker, 'bloks_sticker', 'sticker_data', 'ig_mention');
  const id = idOf(mention, 'account_id', 'pk', 'id');
  if (id === null) return null;
  const user: User = {
    kind: 'user',
    id,
    username: text(mention, 'username'),
    fullName: text(mention, 'full_name'),
    avatarUrl: text(mention, 'profile_pic_url'),
    isPrivate: null,
    isVerified: null,
    raw: mention,
    source,
  };
  return { user, ...box(sticker) };
}

/** v2 raw story item: `reel_mentions`, `story_link_stickers`, `story_hashtags`, `story_locations`, bloks. */
export function storyFromV2(raw: unknown, source: RecordSource, fallbackOwner: User | null = null): Story | null {
  if (!isDict(raw)) return null;
  const owner = userFrom(readKey(raw, 'user'), source) ?? fallbackOwner;
  const candidates = list(readKey(raw, 'image_versions2'), 'candidates');
  const images = largestFirst(candidates.length > 0 ? candidates : [{ url: text(raw, 'thumbnail_url') }]);
  const videos = largestFirst([...list(raw, 'video_versions'), { url: text(raw, 'video_url') }]);
  const common = storyCommon(raw, source, owner, images, videos);
  if (common === null) return null;
  const bloks = list(raw, 'story_bloks_stickers');
  const mentions: StoryMention[] = [];
  const mentioned = new Set<string>();
  const addMention = (m: StoryMention | null): void => {
    if (m === null || mentioned.has(m.user.id)) return;
    mentioned.add(m.user.id);
    mentions.push(m);
  };
  for (const m of list(raw, 'reel_mentions')) {
    const user = userFrom(readKey(m, 'user'), source);
    addMention(user === null ? null : { user, ...box(m) });
  }
  for (const b of bloks) addMention(mentionFromBloks(b, source));
  const stickers: StorySticker[] = [];
  for (const [key, type] of Object.entries(V2_STICKER_KEYS)) {
    for (const s of list(raw, key)) stickers.push({ type, ...box(s) });
  }
  for (const b of bloks) {
    const type = text(readKey(b, 'bloks_sticker'), 'bloks_sticker_type');
    if (type !== 'mention') stickers.push({ type, ...box(b) });
  }
  return {
    ...common,
    mentions,
    links: uniqueLinks([
      ...list(raw, 'story_link_stickers').map((s) => {
        const link = readKey(s, 'story_link');
        return linkOf(text(link, 'url'), s, text(link, 'link_title'));
      }),
      ...list(raw, 'story_cta').flatMap((cta) => list(cta, 'links').map((l) => linkOf(text(l, 'webUri'), null))),
    ]),
    hashtags: storyHashtags(list(raw, 'story_hashtags')),
    locations: storyLocations(list(raw, 'story_locations'), source),
    stickers,
  };
}

function isV2Story(raw: unknown): boolean {
  return (
    hasKey(raw, 'image_versions2') ||
    hasKey(raw, 'reel_mentions') ||
    hasKey(raw, 'story_link_stickers') ||
    (!hasKey(raw, 'mentions') && typeof readKey(raw, 'taken_at') === 'number')
  );
}

export function storyFrom(raw: unknown, source: RecordSource, fallbackOwner: User | null = null): Story | null {
  return isV2Story(raw) ? storyFromV2(raw, source, fallbackOwner) : storyFromV1(raw, source, fallbackOwner);
}

// ---------------------------------------------------------------------------------------------
// Highlights

/**
 * v1 Highlight and v2 raw highlight: the same names (`created_at` ISO in v1, epoch in v2); items are
 * stories of the matching form. A `{"highlight:<id>": {...}}` dict (v2 `response.reels`) is unwrapped.
 */
export function highlightFrom(raw: unknown, source: RecordSource): Highlight | null {
  if (!isDict(raw)) return null;
  if (!hasKey(raw, 'pk') && !hasKey(raw, 'id')) {
    const keyed = Object.keys(raw).find((key) => key.startsWith('highlight:'));
    return keyed === undefined ? null : highlightFrom(raw[keyed], source);
  }
  const id = (idOf(raw, 'pk') ?? idOf(raw, 'id'))?.replace(/^highlight:/, '') ?? null;
  if (id === null || id === '') return null;
  const owner = userFrom(readKey(raw, 'user'), source);
  const cover = readKey(raw, 'cover_media');
  return {
    kind: 'highlight',
    id,
    title: text(raw, 'title'),
    coverUrl:
      text(readKey(cover, 'cropped_image_version'), 'url') ??
      text(readKey(cover, 'full_image_version'), 'url') ??
      text(cover, 'url'),
    owner,
    createdAt: firstTime(raw, 'created_at'),
    latestReelMedia: firstTime(raw, 'latest_reel_media'),
    mediaCount: num(raw, 'media_count'),
    mediaIds: list(raw, 'media_ids')
      .map((v) => toId(v))
      .filter((v): v is string => v !== null),
    items: list(raw, 'items')
      .map((item) => storyFrom(item, source, owner))
      .filter((s): s is Story => s !== null),
    isPinned: bool(raw, 'is_pinned_highlight'),
    raw,
    source,
  };
}
