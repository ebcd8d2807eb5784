// Raw records of every family -> the app's records (shared/records.ts).
//
// The service answers the same things in several forms: v1 flat records, v2/g2/gql raw "dicts"
// (g2 with some keys type-prefixed, e.g. "1ltaken_at"), a2 GraphQL nodes. One function per record kind
// and form builds the app record; `normalizeRecord` picks the form from the raw's shape, and
// `normalizeAnswer`/`normalizeItems` apply the catalog's answer spec to a whole answer.
//
// Rules: never throw on a missing or odd field (null / empty instead); ids stay exact strings (answers
// are parsed with parseLossless, so big integers arrive as strings); times become epoch seconds.
import { segmentText } from '../rich-text';
import type { Endpoint, RecordKind } from './catalog';
import { getPath, readPage } from './pager';
import type {
  About,
  AccountType,
  AppRecord,
  Caption,
  Comment,
  Hashtag,
  Highlight,
  Location,
  MediaFile,
  MediaType,
  OpeningHours,
  Post,
  ProductType,
  Profile,
  RecordSource,
  Story,
  StoryHashtag,
  StoryLink,
  StoryLocation,
  StoryMention,
  StorySticker,
  Track,
  User,
  Usertag,
} from '../records';

type Dict = Record<string, unknown>;

const DAY = 24 * 60 * 60;

// ---------------------------------------------------------------------------------------------
// Reading raw values

export function isDict(value: unknown): value is Dict {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// g2 keys may carry a type prefix: a digit run, then one or two type letters ("1l" long, "1f" float).
const TYPE_PREFIX = /^(\d+)([a-z]{1,2})/;

// Per record, the names its prefixed keys stand for; computed once, as records are read many times.
const prefixedNames = new WeakMap<Dict, Map<string, string>>();

function namesOfPrefixedKeys(obj: Dict): Map<string, string> {
  let names = prefixedNames.get(obj);
  if (names === undefined) {
    names = new Map();
    for (const key of Object.keys(obj)) {
      const prefix = TYPE_PREFIX.exec(key);
      if (prefix === null) continue;
      const digits = prefix[1]?.length ?? 0;
      // One or two type letters? Offer both readings: the name asked for decides.
      for (let letters = 1; letters <= (prefix[2]?.length ?? 0); letters++) {
        const name = key.slice(digits + letters);
        if (name !== '' && !names.has(name)) names.set(name, key);
      }
    }
    prefixedNames.set(obj, names);
  }
  return names;
}

function findKey(obj: Dict, name: string): string | undefined {
  if (Object.prototype.hasOwnProperty.call(obj, name)) return name;
  return namesOfPrefixedKeys(obj).get(name);
}

/** The value of `name` in a raw record, also found under a g2 type-prefixed key ("1ltaken_at"). */
export function readKey(obj: unknown, name: string): unknown {
  if (!isDict(obj)) return undefined;
  const key = findKey(obj, name);
  return key === undefined ? undefined : obj[key];
}

/** Whether the raw record has the field at all (plain or type-prefixed), whatever its value. */
export function hasKey(obj: unknown, name: string): boolean {
  return isDict(obj) && findKey(obj, name) !== undefined;
}

/** Follows plain keys (each matched like readKey); undefined as soon as a step is missing. */
function dig(obj: unknown, ...names: string[]): unknown {
  let value = obj;
  for (const name of names) value = readKey(value, name);
  return value;
}

function str(obj: unknown, name: string): string | null {
  const value = readKey(obj, name);
  return typeof value === 'string' ? value : null;
}

/** A string field with something in it; empty or blank strings are null. */
function text(obj: unknown, name: string): string | null {
  const value = str(obj, name);
  return value !== null && value.trim() !== '' ? value : null;
}

function firstText(obj: unknown, ...names: string[]): string | null {
  for (const name of names) {
    const value = text(obj, name);
    if (value !== null) return value;
  }
  return null;
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
}

function num(obj: unknown, name: string): number | null {
  return toNumber(readKey(obj, name));
}

function firstNum(obj: unknown, ...names: string[]): number | null {
  for (const name of names) {
    const value = num(obj, name);
    if (value !== null) return value;
  }
  return null;
}

/** Booleans, and the 0/1 flags some raw records use instead. */
function bool(obj: unknown, name: string): boolean | null {
  const value = readKey(obj, name);
  if (typeof value === 'boolean') return value;
  if (value === 0 || value === 1) return value === 1;
  return null;
}

function list(obj: unknown, name: string): unknown[] {
  const value = readKey(obj, name);
  return Array.isArray(value) ? value : [];
}

/**
 * An id as an exact string. Safe integers become their digits; an unsafe number has already lost
 * digits (someone used JSON.parse), so it is refused rather than passed on wrong. 0 means "none".
 */
export function toId(value: unknown): string | null {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' || trimmed === '0' ? null : trimmed;
  }
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? String(value) : null;
  if (typeof value === 'bigint') return value > 0n ? value.toString() : null;
  return null;
}

function idOf(obj: unknown, ...names: string[]): string | null {
  for (const name of names) {
    const value = toId(readKey(obj, name));
    if (value !== null) return value;
  }
  return null;
}

// ISO 8601 only: Date.parse alone would also accept loose text ("October 2010") as a local date.
const ISO_8601 = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Epoch seconds from either form the service uses: a number of seconds (or its digits as a string) or
 * an ISO 8601 string ("2025-11-26T06:32:13+00:00", "2026-04-01T13:00:03Z"; no offset means UTC here).
 * 0 and anything else are null.
 */
export function toEpochSeconds(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? value : null;
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return toEpochSeconds(Number(trimmed));
  const iso = ISO_8601.exec(trimmed);
  if (iso === null) return null;
  const [, date, time = '00:00', zone = 'Z'] = iso;
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : zone.replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2');
  const ms = Date.parse(`${date}T${time}${offset}`);
  return Number.isNaN(ms) || ms <= 0 ? null : Math.floor(ms / 1000);
}

function firstTime(obj: unknown, ...names: string[]): number | null {
  for (const name of names) {
    const value = toEpochSeconds(readKey(obj, name));
    if (value !== null) return value;
  }
  return null;
}

/** Coordinates; (0, 0) is how some records say "no location". */
function coordinates(lat: number | null, lng: number | null): { lat: number; lng: number } | null {
  if (lat === null || lng === null || (lat === 0 && lng === 0)) return null;
  return { lat, lng };
}

function dedupe(values: string[]): string[] {
  return [...new Set(values)];
}

// ---------------------------------------------------------------------------------------------
// Captions

/** Keeps the first written form of each name, comparing without case (the platform ignores it). */
function uniqueIgnoringCase(names: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const name of names) {
    const key = name.toLowerCase();
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

/**
 * Hashtags (letters and digits of any script, at least one letter: "#1" is not a tag) and @mentions
 * (letters, digits, '.', '_'; a trailing sentence dot is dropped) of a caption or comment text.
 */
export function parseCaption(textValue: string | null | undefined): Caption {
  const value = textValue ?? '';
  const segments = segmentText(value);
  const valuesOf = (kind: 'hashtag' | 'mention') => segments.flatMap((s) => (s.kind === kind ? [s.value] : []));
  return { text: value, hashtags: uniqueIgnoringCase(valuesOf('hashtag')), mentions: uniqueIgnoringCase(valuesOf('mention')) };
}

// ---------------------------------------------------------------------------------------------
// Media files

function mediaFile(raw: unknown): MediaFile | null {
  const url = firstText(raw, 'url', 'src');
  if (url === null) return null;
  return { url, width: firstNum(raw, 'width', 'config_width'), height: firstNum(raw, 'height', 'config_height') };
}

/** Renditions largest first (unknown sizes last), each URL once. */
function largestFirst(raws: unknown[]): MediaFile[] {
  const files: MediaFile[] = [];
  const seen = new Set<string>();
  for (const raw of raws) {
    const file = mediaFile(raw);
    if (file === null || seen.has(file.url)) continue;
    seen.add(file.url);
    files.push(file);
  }
  const area = (f: MediaFile): number => (f.width ?? 0) * (f.height ?? 0);
  return files.sort((a, b) => area(b) - area(a));
}

function mediaTypeFromCode(code: number | null): MediaType | null {
  if (code === 1) return 'image';
  if (code === 2) return 'video';
  if (code === 8) return 'carousel';
  return null;
}

function smallestUrl(files: MediaFile[]): string | null {
  return files.at(-1)?.url ?? null;
}

// ---------------------------------------------------------------------------------------------
// Users

/**
 * A short user from any form: v1 (pk string or integer), g1 (with `reel`), g2 (`id`, no `pk`,
 * prefixed keys), gql likers, v2 user dicts, a2 owners. Null when the record has no id.
 */
export function userFrom(raw: unknown, source: RecordSource): User | null {
  if (!isDict(raw)) return null;
  const reel = readKey(raw, 'reel');
  const id = idOf(raw, 'pk', 'pk_id', 'id', 'strong_id__') ?? idOf(readKey(reel, 'owner'), 'id');
  if (id === null) return null;
  const user: User = {
    kind: 'user',
    id,
    username: text(raw, 'username'),
    fullName: text(raw, 'full_name'),
    avatarUrl: firstText(raw, 'profile_pic_url', 'profile_pic_url_hd'),
    isPrivate: bool(raw, 'is_private'),
    isVerified: bool(raw, 'is_verified'),
    raw,
    source,
  };
  if (hasKey(raw, 'latest_reel_media')) user.latestReelMedia = firstTime(raw, 'latest_reel_media');
  else if (hasKey(reel, 'latest_reel_media')) user.latestReelMedia = firstTime(reel, 'latest_reel_media');
  return user;
}

function usersFrom(raws: unknown[], source: RecordSource): User[] {
  return raws.map((raw) => userFrom(raw, source)).filter((u): u is User => u !== null);
}

// ---------------------------------------------------------------------------------------------
// Profiles

const ACCOUNT_TYPES: Record<number, AccountType> = { 1: 'personal', 2: 'business', 3: 'creator' };

function accountType(raw: unknown): AccountType | null {
  const code = num(raw, 'account_type');
  return code === null ? null : (ACCOUNT_TYPES[code] ?? null);
}

/** Profile fields v1 and v2 share (v1 flattens the same upstream record). */
function flatProfile(raw: Dict, source: RecordSource, avatarUrl: string | null, bioLinks: string[]): Profile | null {
  const user = userFrom(raw, source);
  if (user === null) return null;
  const externalUrl = text(raw, 'external_url');
  const location = coordinates(num(raw, 'latitude'), num(raw, 'longitude'));
  const profile: Profile = {
    ...user,
    kind: 'profile',
    avatarUrl: avatarUrl ?? user.avatarUrl,
    biography: text(raw, 'biography'),
    externalUrl,
    bioLinks: dedupe(bioLinks.length > 0 ? bioLinks : externalUrl !== null ? [externalUrl] : []),
    counts: {
      media: num(raw, 'media_count'),
      followers: num(raw, 'follower_count'),
      following: num(raw, 'following_count'),
    },
    category: firstText(raw, 'category_name', 'category', 'business_category_name'),
    accountType: accountType(raw),
    isBusiness: bool(raw, 'is_business'),
    contact: {
      email: text(raw, 'public_email'),
      phone: firstText(raw, 'contact_phone_number', 'public_phone_number'),
      phoneCountryCode: text(raw, 'public_phone_country_code'),
      address: { street: text(raw, 'address_street'), city: text(raw, 'city_name'), zip: text(raw, 'zip') },
      method: text(raw, 'business_contact_method'),
    },
  };
  if (location !== null) profile.location = location;
  return profile;
}

/** v1 full user (`/v1/user/by/*`). */
export function profileFromV1(raw: unknown, source: RecordSource): Profile | null {
  if (!isDict(raw)) return null;
  return flatProfile(raw, source, firstText(raw, 'profile_pic_url_hd', 'profile_pic_url'), []);
}

/** v2 full raw user (`/v2/user/by/*`, unwrapped from `{user, status}`): adds bio links and the HD picture. */
export function profileFromV2(raw: unknown, source: RecordSource): Profile | null {
  if (!isDict(raw)) return null;
  const bioLinks = list(raw, 'bio_links')
    .map((link) => text(link, 'url'))
    .filter((url): url is string => url !== null);
  const avatar =
    text(readKey(raw, 'hd_profile_pic_url_info'), 'url') ?? firstText(raw, 'profile_pic_url_hd', 'profile_pic_url');
  return flatProfile(raw, source, avatar, bioLinks);
}

/** a2 GraphQL user (`{graphql: {user}}`, unwrapped): counts live in `edge_*` objects. */
export function profileFromGraph(raw: unknown, source: RecordSource): Profile | null {
  if (!isDict(raw)) return null;
  const user = userFrom(raw, source);
  if (user === null) return null;
  const externalUrl = text(raw, 'external_url');
  const bioLinks = list(raw, 'bio_links')
    .map((link) => text(link, 'url'))
    .filter((url): url is string => url !== null);
  const isBusiness = bool(raw, 'is_business_account') ?? bool(raw, 'is_business');
  const isCreator = bool(raw, 'is_professional_account') === true && isBusiness === false;
  return {
    ...user,
    kind: 'profile',
    avatarUrl: firstText(raw, 'profile_pic_url_hd', 'profile_pic_url'),
    biography: text(raw, 'biography'),
    externalUrl,
    bioLinks: dedupe(bioLinks.length > 0 ? bioLinks : externalUrl !== null ? [externalUrl] : []),
    counts: {
      media: num(readKey(raw, 'edge_owner_to_timeline_media'), 'count'),
      followers: num(readKey(raw, 'edge_followed_by'), 'count'),
      following: num(readKey(raw, 'edge_follow'), 'count'),
    },
    category: firstText(raw, 'category_name', 'business_category_name', 'category'),
    accountType: isBusiness === true ? 'business' : isCreator ? 'creator' : (accountType(raw) ?? null),
    isBusiness,
    contact: {
      email: firstText(raw, 'business_email', 'public_email'),
      phone: firstText(raw, 'business_phone_number', 'contact_phone_number'),
      phoneCountryCode: text(raw, 'public_phone_country_code'),
      address: { street: null, city: null, zip: null },
      method: text(raw, 'business_contact_method'),
    },
  };
}

/** The timeline posts an a2 user answer carries along (`edge_owner_to_timeline_media.edges[].node`). */
export function timelineFromGraph(raw: unknown, source: RecordSource): Post[] {
  const user = isDict(raw) && isDict(raw['graphql']) ? raw['graphql']['user'] : raw;
  const owner = userFrom(user, source);
  return list(readKey(user, 'edge_owner_to_timeline_media'), 'edges')
    .map((edge) => postFromGraph(readKey(edge, 'node'), source, { owner }))
    .filter((p): p is Post => p !== null);
}

// ---------------------------------------------------------------------------------------------
// About

/** v1 (and gql) About. `former_usernames` is one string; names are split on commas and spaces. */
export function aboutFrom(raw: unknown, source: RecordSource): About | null {
  if (!isDict(raw)) return null;
  const former = str(raw, 'former_usernames') ?? '';
  return {
    kind: 'about',
    username: text(raw, 'username'),
    isVerified: bool(raw, 'is_verified'),
    country: text(raw, 'country'),
    joined: text(raw, 'date'),
    // A bare number would be a count of former names, not a name.
    formerUsernames: /^\d+$/.test(former.trim()) ? [] : dedupe(former.split(/[\s,;]+/).filter((s) => s !== '')),
    raw,
    source,
  };
}

// ---------------------------------------------------------------------------------------------
// Locations

function hoursFrom(raw: unknown): OpeningHours | null {
  if (!isDict(raw) || Object.keys(raw).length === 0) return null;
  const schedule = list(raw, 'schedule')
    .map((entry) => {
      if (typeof entry === 'string') return entry;
      if (!isDict(entry)) return null;
      const hours = readKey(entry, 'hours');
      const times = Array.isArray(hours) ? hours.filter((h) => typeof h === 'string').join(', ') : (str(entry, 'hours') ?? '');
      const day = str(entry, 'day') ?? '';
      return day !== '' && times !== '' ? `${day}: ${times}` : day || times || null;
    })
    .filter((line): line is string => line !== null && line !== '');
  return {
    isOpen: bool(raw, 'is_open'),
    status: firstText(raw, 'current_status', 'status'),
    today: text(raw, 'hours_today'),
    schedule,
  };
}

/** v1 Location, v2 location dicts (fbsearch places, media locations) and a2 `{id, name}` places. */
export function locationFrom(raw: unknown, source: RecordSource): Location | null {
  if (!isDict(raw)) return null;
  const id = idOf(raw, 'pk', 'id', 'location_id');
  const name = firstText(raw, 'name', 'short_name', 'title');
  if (id === null && name === null) return null;
  const place = coordinates(firstNum(raw, 'lat', 'latitude'), firstNum(raw, 'lng', 'longitude'));
  return {
    kind: 'location',
    id,
    name,
    address: firstText(raw, 'address', 'address_street'),
    city: text(raw, 'city'),
    zip: text(raw, 'zip'),
    lat: place?.lat ?? null,
    lng: place?.lng ?? null,
    category: text(raw, 'category'),
    phone: text(raw, 'phone'),
    website: text(raw, 'website'),
    hours: hoursFrom(readKey(raw, 'hours')),
    externalId: idOf(raw, 'external_id', 'facebook_places_id'),
    raw,
    source,
  };
}

/** A v2 fbsearch place item `{location, title, subtitle}`: the title names the place when needed. */
export function locationFromSearchItem(raw: unknown, source: RecordSource): Location | null {
  const inner = readKey(raw, 'location');
  if (!isDict(inner)) return locationFrom(raw, source);
  const location = locationFrom(inner, source);
  if (location !== null && location.name === null) location.name = text(raw, 'title');
  return location;
}

// ---------------------------------------------------------------------------------------------
// Posts

/** What a carousel child takes from its parent when its own record leaves it out. */
interface PostContext {
  owner?: User | null;
  takenAt?: number | null;
  index?: number;
}

function usertagsFrom(raw: unknown, source: RecordSource): Usertag[] {
  const value = readKey(raw, 'usertags');
  // v1: [{user, x, y}]; v2: {in: [{user, position: [x, y]}]}; a2: edge_media_to_tagged_user.
  const entries = Array.isArray(value)
    ? value
    : isDict(value)
      ? list(value, 'in')
      : list(readKey(raw, 'edge_media_to_tagged_user'), 'edges').map((edge) => readKey(edge, 'node'));
  const tags: Usertag[] = [];
  for (const entry of entries) {
    const user = userFrom(readKey(entry, 'user'), source);
    if (user === null) continue;
    const position = readKey(entry, 'position');
    const [px, py] = Array.isArray(position) ? position : [];
    tags.push({ user, x: num(entry, 'x') ?? toNumber(px), y: num(entry, 'y') ?? toNumber(py) });
  }
  return tags;
}

function postIdentity(raw: Dict, owner: User | null): { id: string; mediaId: string } | null {
  const rawId = idOf(raw, 'id');
  const id = idOf(raw, 'pk') ?? (rawId !== null ? (rawId.split('_')[0] ?? null) : null);
  if (id === null) return null;
  const mediaId = rawId !== null && rawId.includes('_') ? rawId : owner !== null ? `${id}_${owner.id}` : id;
  return { id, mediaId };
}

function productTypeOf(raw: unknown, mediaType: MediaType, isChild: boolean): string {
  return text(raw, 'product_type') ?? (isChild ? 'carousel_item' : mediaType === 'carousel' ? 'carousel_container' : 'feed');
}

function videoDurationOf(raw: unknown, mediaType: MediaType): number | null {
  const seconds = num(raw, 'video_duration');
  return mediaType === 'video' && seconds !== null && seconds > 0 ? seconds : null;
}

function fallbackMediaType(images: MediaFile[], videos: MediaFile[], children: unknown[]): MediaType {
  if (children.length > 0) return 'carousel';
  return videos.length > 0 && images.length <= 1 ? 'video' : 'image';
}

/** v1 Media (and its carousel `resources`). */
export function postFromV1(raw: unknown, source: RecordSource, context: PostContext = {}): Post | null {
  if (!isDict(raw)) return null;
  const owner = userFrom(readKey(raw, 'user'), source) ?? context.owner ?? null;
  const identity = postIdentity(raw, owner);
  if (identity === null) return null;
  const versions = list(raw, 'image_versions');
  const thumbnailUrl = text(raw, 'thumbnail_url');
  const images = largestFirst(versions.length > 0 ? versions : thumbnailUrl !== null ? [{ url: thumbnailUrl }] : []);
  const videos = largestFirst([...list(raw, 'video_versions'), { url: text(raw, 'video_url') }]);
  const resources = list(raw, 'resources');
  const mediaType = mediaTypeFromCode(num(raw, 'media_type')) ?? fallbackMediaType(images, videos, resources);
  const takenAt = firstTime(raw, 'taken_at_ts', 'taken_at') ?? context.takenAt ?? null;
  const productType = productTypeOf(raw, mediaType, context.index !== undefined);
  return {
    kind: 'post',
    ...identity,
    code: text(raw, 'code'),
    productType,
    mediaType,
    takenAt,
    owner,
    caption: parseCaption(str(raw, 'caption_text') ?? str(readKey(raw, 'caption'), 'text')),
    images,
    videos,
    videoDuration: videoDurationOf(raw, mediaType),
    thumbnailUrl: thumbnailUrl ?? smallestUrl(images),
    children: resources
      .map((child, i) => postFromV1(child, source, { owner, takenAt, index: i + 1 }))
      .filter((p): p is Post => p !== null),
    index: context.index ?? null,
    ...sharedPostFields(raw, source, productType),
    raw,
    source,
  };
}

/** The fields v1 Media and v2 media dicts name alike. */
function sharedPostFields(raw: Dict, source: RecordSource, productType: ProductType) {
  return {
    usertags: usertagsFrom(raw, source),
    coauthors: usersFrom(list(raw, 'coauthor_producers'), source),
    location: locationFrom(readKey(raw, 'location'), source),
    counts: {
      likes: num(raw, 'like_count'),
      comments: num(raw, 'comment_count'),
      plays: firstNum(raw, 'play_count', 'ig_play_count'),
      views: num(raw, 'view_count'),
      reshares: num(raw, 'reshare_count'),
    },
    commentsDisabled: bool(raw, 'comments_disabled'),
    likesHidden: bool(raw, 'like_and_view_counts_disabled'),
    isTrial: productType === 'clips' && !hasKey(raw, 'reshare_count'),
    accessibilityCaption: text(raw, 'accessibility_caption'),
    title: text(raw, 'title'),
  };
}

/** v2 / g2 / gql media dict (and its `carousel_media`). */
export function postFromV2(raw: unknown, source: RecordSource, context: PostContext = {}): Post | null {
  if (!isDict(raw)) return null;
  const owner = userFrom(readKey(raw, 'user'), source) ?? userFrom(readKey(raw, 'owner'), source) ?? context.owner ?? null;
  const identity = postIdentity(raw, owner);
  if (identity === null) return null;
  const candidates = list(readKey(raw, 'image_versions2'), 'candidates');
  const images = largestFirst(candidates.length > 0 ? candidates : list(raw, 'image_versions'));
  const videos = largestFirst([...list(raw, 'video_versions'), { url: text(raw, 'video_url') }]);
  const carousel = list(raw, 'carousel_media');
  const mediaType = mediaTypeFromCode(num(raw, 'media_type')) ?? fallbackMediaType(images, videos, carousel);
  const takenAt = firstTime(raw, 'taken_at', 'taken_at_ts') ?? context.takenAt ?? null;
  const productType = productTypeOf(raw, mediaType, context.index !== undefined);
  const caption = readKey(raw, 'caption');
  return {
    kind: 'post',
    ...identity,
    code: text(raw, 'code'),
    productType,
    mediaType,
    takenAt,
    owner,
    caption: parseCaption(typeof caption === 'string' ? caption : (str(caption, 'text') ?? str(raw, 'caption_text'))),
    images,
    videos,
    videoDuration: videoDurationOf(raw, mediaType),
    thumbnailUrl: text(raw, 'thumbnail_url') ?? smallestUrl(images),
    children: carousel
      .map((child, i) => postFromV2(child, source, { owner, takenAt, index: i + 1 }))
      .filter((p): p is Post => p !== null),
    index: context.index ?? null,
    ...sharedPostFields(raw, source, productType),
    raw,
    source,
  };
}

const GRAPH_TYPES: Record<string, MediaType> = {
  GraphImage: 'image',
  GraphVideo: 'video',
  GraphSidecar: 'carousel',
  XDTGraphImage: 'image',
  XDTGraphVideo: 'video',
  XDTGraphSidecar: 'carousel',
};

/** a2 GraphQL timeline node (and its `edge_sidecar_to_children`). */
export function postFromGraph(raw: unknown, source: RecordSource, context: PostContext = {}): Post | null {
  if (!isDict(raw)) return null;
  const owner = userFrom(readKey(raw, 'owner'), source) ?? context.owner ?? null;
  const identity = postIdentity(raw, owner);
  if (identity === null) return null;
  const dimensions = readKey(raw, 'dimensions');
  const sized = (url: string | null): MediaFile[] =>
    url === null ? [] : [{ url, width: num(dimensions, 'width'), height: num(dimensions, 'height') }];
  const resources = list(raw, 'display_resources');
  const images = resources.length > 0 ? largestFirst(resources) : sized(text(raw, 'display_url'));
  const videos = sized(text(raw, 'video_url'));
  const children = list(readKey(raw, 'edge_sidecar_to_children'), 'edges');
  const typename = str(raw, '__typename') ?? '';
  const mediaType =
    GRAPH_TYPES[typename] ??
    (children.length > 0 ? 'carousel' : bool(raw, 'is_video') === true || videos.length > 0 ? 'video' : 'image');
  const takenAt = firstTime(raw, 'taken_at_timestamp', 'taken_at') ?? context.takenAt ?? null;
  const captionEdge = list(readKey(raw, 'edge_media_to_caption'), 'edges')[0];
  return {
    kind: 'post',
    ...identity,
    code: firstText(raw, 'shortcode', 'code'),
    productType: productTypeOf(raw, mediaType, context.index !== undefined),
    mediaType,
    takenAt,
    owner,
    caption: parseCaption(str(readKey(captionEdge, 'node'), 'text') ?? str(raw, 'caption')),
    images,
    videos,
    videoDuration: videoDurationOf(raw, mediaType),
    thumbnailUrl: firstText(raw, 'thumbnail_src', 'thumbnail_url') ?? smallestUrl(images),
    children: children
      .map((edge, i) => postFromGraph(readKey(edge, 'node'), source, { owner, takenAt, index: i + 1 }))
      .filter((p): p is Post => p !== null),
    index: context.index ?? null,
    usertags: usertagsFrom(raw, source),
    coauthors: usersFrom(list(raw, 'coauthor_producers'), source),
    location: locationFrom(readKey(raw, 'location'), source),
    counts: {
      likes: num(readKey(raw, 'edge_liked_by'), 'count') ?? num(readKey(raw, 'edge_media_preview_like'), 'count'),
      comments:
        num(readKey(raw, 'edge_media_to_comment'), 'count') ?? num(readKey(raw, 'edge_media_preview_comment'), 'count'),
      plays: num(raw, 'video_play_count'),
      views: num(raw, 'video_view_count'),
      reshares: null,
    },
    commentsDisabled: bool(raw, 'comments_disabled'),
    likesHidden: bool(raw, 'like_and_view_counts_disabled'),
    // GraphQL nodes never carry reshare_count, so its absence says nothing here.
    isTrial: false,
    accessibilityCaption: text(raw, 'accessibility_caption'),
    title: text(raw, 'title'),
    raw,
    source,
  };
}

// ---------------------------------------------------------------------------------------------
// Comments

/**
 * v1 Comment, v2 raw comment and gql comment dicts: same names except the like count
 * (`like_count` / `comment_like_count`) and the time (ISO `created_at_utc` / epoch `created_at`).
 */
export function commentFrom(
  raw: unknown,
  source: RecordSource,
  context: { postId?: string | null; parentId?: string | null } = {},
): Comment | null {
  if (!isDict(raw)) return null;
  const id = idOf(raw, 'pk', 'id');
  if (id === null) return null;
  const postId = idOf(raw, 'media_id') ?? context.postId ?? null;
  return {
    kind: 'comment',
    id,
    postId,
    parentId: idOf(raw, 'parent_comment_id') ?? context.parentId ?? null,
    text: str(raw, 'text') ?? '',
    author: userFrom(readKey(raw, 'user'), source),
    createdAt: firstTime(raw, 'created_at_utc', 'created_at'),
    likeCount: firstNum(raw, 'comment_like_count', 'like_count'),
    replyCount: num(raw, 'child_comment_count'),
    isPinned: bool(raw, 'is_pinned') === true,
    previewReplies: list(raw, 'preview_child_comments')
      .map((reply) => commentFrom(reply, source, { postId, parentId: id }))
      .filter((c): c is Comment => c !== null),
    raw,
    source,
  };
}

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

function storyFrom(raw: unknown, source: RecordSource, fallbackOwner: User | null = null): Story | null {
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

// ---------------------------------------------------------------------------------------------
// Hashtags

/** v1 and v2 hashtag records (search results too); `{hashtag: {...}}` items are unwrapped. */
export function hashtagFrom(raw: unknown, source: RecordSource): Hashtag | null {
  if (!isDict(raw)) return null;
  const inner = readKey(raw, 'hashtag');
  if (!hasKey(raw, 'name') && isDict(inner)) return hashtagFrom(inner, source);
  const name = text(raw, 'name')?.replace(/^#/, '') ?? null;
  if (name === null || name === '') return null;
  return {
    kind: 'hashtag',
    id: idOf(raw, 'id', 'pk'),
    name,
    mediaCount: num(raw, 'media_count'),
    avatarUrl: text(raw, 'profile_pic_url'),
    formattedMediaCount: text(raw, 'formatted_media_count'),
    isTrending: bool(raw, 'is_trending'),
    raw,
    source,
  };
}

// ---------------------------------------------------------------------------------------------
// Tracks

/** v1 music track (`/v1/search/music` items); the same names appear in v2 `music_asset_info`. */
export function trackFromV1(raw: unknown, source: RecordSource): Track | null {
  if (!isDict(raw)) return null;
  const id = idOf(raw, 'id', 'audio_asset_id', 'audio_id');
  if (id === null) return null;
  return {
    kind: 'track',
    id,
    canonicalId: idOf(raw, 'audio_cluster_id', 'audio_canonical_id'),
    title: firstText(raw, 'title', 'sanitized_title'),
    artist: text(raw, 'display_artist'),
    coverUrl: firstText(raw, 'cover_artwork_uri', 'cover_artwork_thumbnail_uri'),
    audioUrl: firstText(raw, 'fast_start_progressive_download_url', 'progressive_download_url'),
    durationMs: num(raw, 'duration_in_ms'),
    isExplicit: bool(raw, 'is_explicit'),
    raw,
    source,
  };
}

/** An original sound (a reel's own audio) as a track. */
function trackFromOriginalSound(raw: unknown, source: RecordSource): Track | null {
  if (!isDict(raw)) return null;
  const id = idOf(raw, 'audio_asset_id', 'id');
  if (id === null) return null;
  const artist = readKey(raw, 'ig_artist');
  return {
    kind: 'track',
    id,
    canonicalId: idOf(raw, 'audio_canonical_id', 'audio_cluster_id'),
    title: firstText(raw, 'original_audio_title', 'title'),
    artist: firstText(artist, 'username', 'full_name'),
    coverUrl: text(artist, 'profile_pic_url'),
    audioUrl: text(raw, 'progressive_download_url'),
    durationMs: num(raw, 'duration_in_ms'),
    isExplicit: bool(raw, 'is_explicit'),
    raw,
    source,
  };
}

/**
 * A v2 track answer or item. Looks for the track where the raw answers put it: `metadata.music_info.
 * music_asset_info` or `metadata.original_sound_info` (also under `response`), `track` (v2 search
 * items), or a bare `music_asset_info` / track record.
 */
export function trackFromV2(raw: unknown, source: RecordSource): Track | null {
  for (const root of [raw, readKey(raw, 'response')]) {
    const metadata = readKey(root, 'metadata');
    const music = dig(metadata, 'music_info', 'music_asset_info');
    if (isDict(music)) return trackFromV1(music, source);
    const original = readKey(metadata, 'original_sound_info');
    if (isDict(original)) return trackFromOriginalSound(original, source);
  }
  const nested = readKey(raw, 'track') ?? readKey(raw, 'music_asset_info');
  if (isDict(nested)) return trackFromV1(nested, source);
  const original = readKey(raw, 'original_sound_info');
  if (isDict(original)) return trackFromOriginalSound(original, source);
  return hasKey(raw, 'original_audio_title') ? trackFromOriginalSound(raw, source) : trackFromV1(raw, source);
}

// ---------------------------------------------------------------------------------------------
// Form detection and the dispatcher

function isGraphNode(raw: unknown): boolean {
  const typename = str(raw, '__typename') ?? '';
  return (
    typename.startsWith('Graph') ||
    typename.startsWith('XDTGraph') ||
    hasKey(raw, 'shortcode') ||
    hasKey(raw, 'display_url') ||
    hasKey(raw, 'edge_media_to_caption')
  );
}

function isV2Media(raw: unknown): boolean {
  return (
    str(raw, '__typename') === 'XDTMediaDict' ||
    hasKey(raw, 'image_versions2') ||
    hasKey(raw, 'carousel_media') ||
    hasKey(raw, 'strong_id__') ||
    isDict(readKey(raw, 'caption')) ||
    isDict(readKey(raw, 'usertags'))
  );
}

function postFrom(raw: unknown, source: RecordSource): Post | null {
  if (isGraphNode(raw)) return postFromGraph(raw, source);
  return isV2Media(raw) ? postFromV2(raw, source) : postFromV1(raw, source);
}

function isGraphUser(raw: unknown): boolean {
  return hasKey(raw, 'edge_followed_by') || hasKey(raw, 'edge_owner_to_timeline_media');
}

function profileFrom(raw: unknown, source: RecordSource): Profile | null {
  if (isGraphUser(raw)) return profileFromGraph(raw, source);
  const v2 = hasKey(raw, 'bio_links') || hasKey(raw, 'hd_profile_pic_url_info') || hasKey(raw, 'strong_id__');
  return v2 ? profileFromV2(raw, source) : profileFromV1(raw, source);
}

const looksLikeMedia = (raw: unknown): boolean =>
  hasKey(raw, 'pk') || hasKey(raw, 'code') || hasKey(raw, 'shortcode') || hasKey(raw, 'media_type');
const looksLikeUser = (raw: unknown): boolean =>
  hasKey(raw, 'pk') || hasKey(raw, 'id') || hasKey(raw, 'username');

/**
 * Envelopes the service puts around one record: `{user, status}`, `{graphql: {user}}`, `{media}`,
 * `{media_or_ad}`, `{node}`, `{items: [record]}`, `{position, user}`, `{location, title}`... Returns the
 * record inside, or the value itself when it already looks like the record.
 */
function unwrap(raw: unknown, looksRight: (v: unknown) => boolean, keys: string[], depth = 0): unknown {
  if (!isDict(raw) || looksRight(raw) || depth > 3) return raw;
  for (const key of keys) {
    const inner = readKey(raw, key);
    if (isDict(inner)) return unwrap(inner, looksRight, keys, depth + 1);
    if (key === 'items' && Array.isArray(inner) && inner.length > 0) return unwrap(inner[0], looksRight, keys, depth + 1);
  }
  return raw;
}

function mixedFrom(raw: unknown, source: RecordSource): User | Post | null {
  const typename = str(raw, '__typename');
  if (typename === 'XDTUserDict') return userFrom(raw, source);
  if (typename === 'XDTMediaDict') return postFromV2(raw, source);
  if (isDict(raw) && !looksLikeUser(raw)) {
    if (isDict(readKey(raw, 'media'))) return mixedFrom(readKey(raw, 'media'), source);
    if (isDict(readKey(raw, 'user'))) return mixedFrom(readKey(raw, 'user'), source);
  }
  if (hasKey(raw, 'media_type') || hasKey(raw, 'code') || hasKey(raw, 'shortcode')) return postFrom(raw, source);
  return hasKey(raw, 'username') ? userFrom(raw, source) : null;
}

/** Record kinds the app maps; the others (balance, insight, share...) are shown raw by their screens. */
const MAPPED_KINDS: ReadonlySet<RecordKind> = new Set<RecordKind>([
  'user',
  'profile',
  'about',
  'post',
  'comment',
  'story',
  'highlight',
  'location',
  'hashtag',
  'track',
  'mixed',
]);

/**
 * One raw record (or a record in one of the service's usual envelopes) -> the app record of `kind`,
 * the form detected from the raw's shape. Null when the kind has no app record or the raw is not one.
 */
export function normalizeRecord(kind: RecordKind, raw: unknown, source: RecordSource): AppRecord | null {
  switch (kind) {
    case 'user':
      return userFrom(unwrap(raw, looksLikeUser, ['user', 'node']), source);
    case 'profile':
      return profileFrom(unwrap(raw, looksLikeUser, ['graphql', 'data', 'user']), source);
    case 'about':
      return aboutFrom(unwrap(raw, (v) => hasKey(v, 'username') || hasKey(v, 'date'), ['data', 'user']), source);
    case 'post':
      return postFrom(unwrap(raw, looksLikeMedia, ['media_or_ad', 'media', 'node', 'items']), source);
    case 'comment':
      return commentFrom(unwrap(raw, (v) => hasKey(v, 'pk') || hasKey(v, 'text'), ['node', 'comment']), source);
    case 'story':
      return storyFrom(unwrap(raw, looksLikeMedia, ['media', 'node']), source);
    case 'highlight':
      return highlightFrom(unwrap(raw, (v) => hasKey(v, 'pk') || hasKey(v, 'id'), ['response', 'reels']), source);
    case 'location':
      return locationFromSearchItem(unwrap(raw, (v) => hasKey(v, 'pk') || hasKey(v, 'location'), ['place']), source);
    case 'hashtag':
      return hashtagFrom(raw, source);
    case 'track':
      return trackFromV2(raw, source);
    case 'mixed':
      return mixedFrom(raw, source);
    default:
      return null;
  }
}

function sourceOf(endpoint: Endpoint): RecordSource {
  return { family: endpoint.family, path: endpoint.path };
}

/**
 * A list value as records: arrays as they are; a reel (`{items, user}`) as its items; a dict of
 * `highlight:<id>` keys as its values; one record as a list of one.
 */
function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (!isDict(value)) return [];
  const items = readKey(value, 'items');
  if (Array.isArray(items) && !hasKey(value, 'pk')) return items;
  const keys = Object.keys(value);
  if (keys.length > 0 && keys.every((key) => key.startsWith('highlight:'))) return keys.map((key) => value[key]);
  return [value];
}

/** The owner a stories answer names once for all its items (`reel.user`). */
function reelOwner(answer: unknown, source: RecordSource): User | null {
  for (const reel of [readKey(answer, 'reel'), readKey(readKey(answer, 'response'), 'reel'), answer]) {
    if (isDict(reel) && Array.isArray(readKey(reel, 'items'))) {
      const owner = userFrom(readKey(reel, 'user'), source);
      if (owner !== null) return owner;
    }
  }
  return null;
}

function normalizeList(endpoint: Endpoint, items: unknown[], owner: User | null): AppRecord[] {
  const source = sourceOf(endpoint);
  const kind = endpoint.answer.record;
  const records: AppRecord[] = [];
  for (const item of items) {
    const record =
      kind === 'story' ? storyFrom(unwrap(item, looksLikeMedia, ['media', 'node']), source, owner) : normalizeRecord(kind, item, source);
    if (record !== null) records.push(record);
  }
  return records;
}

/** The items of one page (as the pager found them) -> app records; unrecognised items are skipped. */
export function normalizeItems(endpoint: Endpoint, items: unknown[]): AppRecord[] {
  return normalizeList(endpoint, items, null);
}

/**
 * A whole answer -> its app record(s), per the catalog's answer spec: a list for `many` endpoints
 * (paged ones read through the pager), one record (or null) otherwise. Null for kinds with no app record.
 */
export function normalizeAnswer(endpoint: Endpoint, answer: unknown): AppRecord | AppRecord[] | null {
  const spec = endpoint.answer;
  if (!MAPPED_KINDS.has(spec.record)) return null;
  const source = sourceOf(endpoint);
  if (spec.many) {
    const items = endpoint.paging !== null ? readPage(endpoint, answer).items : asList(getPath(answer, spec.at ?? ''));
    const owner = spec.record === 'story' ? reelOwner(answer, source) : null;
    return normalizeList(endpoint, items, owner);
  }
  const found = getPath(answer, spec.at ?? '');
  // Forgiving: when the record is not where the spec says, look at the whole answer.
  const value = found === undefined || found === null ? answer : found;
  const record = normalizeRecord(spec.record, Array.isArray(value) ? value[0] : value, source);
  if (record?.kind === 'story' && record.owner === null) record.owner = reelOwner(answer, source);
  return record;
}
