// The app's records: what screens, selection and exports work with, whatever family or form the
// service answered in. shared/api/normalize.ts builds them from raw answers.
//
// Conventions:
// - every id is a string with the exact digits (ids exceed 2^53 and must never become numbers);
// - every time is epoch seconds (number), null when the service did not give it;
// - a value the service did not give is null (or an empty list), never a guess;
// - `raw` is the source record exactly as received, for exports and debugging;
// - `source` says which family (and endpoint, when known) the record came from.
import type { Family } from './api/catalog';

export interface RecordSource {
  family: Family;
  path?: string;
}

interface RecordBase {
  raw: unknown;
  source: RecordSource;
}

/** One rendition of an image or a video. Sizes are null when the form does not give them. */
export interface MediaFile {
  url: string;
  width: number | null;
  height: number | null;
}

/** Fields every account record has (short user and full profile alike). */
export interface UserFields {
  id: string;
  username: string | null;
  /** null when missing or empty. */
  fullName: string | null;
  avatarUrl: string | null;
  isPrivate: boolean | null;
  isVerified: boolean | null;
  /** Epoch seconds of the newest story, when the form carries it (g1 `reel`, g2, v2 user dicts). */
  latestReelMedia?: number | null;
}

export interface User extends RecordBase, UserFields {
  kind: 'user';
}

export type AccountType = 'personal' | 'business' | 'creator';

/** Only the contact data the account made public. Empty strings are null. */
export interface ProfileContact {
  email: string | null;
  phone: string | null;
  phoneCountryCode: string | null;
  address: { street: string | null; city: string | null; zip: string | null };
  /** `business_contact_method`, e.g. CALL, TEXT, UNKNOWN. */
  method: string | null;
}

export interface Profile extends RecordBase, UserFields {
  kind: 'profile';
  biography: string | null;
  externalUrl: string | null;
  /** URLs of the profile's links (v2 `bio_links`; the external URL when that is all there is). */
  bioLinks: string[];
  counts: { media: number | null; followers: number | null; following: number | null };
  category: string | null;
  accountType: AccountType | null;
  isBusiness: boolean | null;
  contact: ProfileContact;
  /** The business address's coordinates, when public. */
  location?: { lat: number; lng: number };
  /** Filled by the app when it also fetched the About record. */
  about?: About;
}

export interface About extends RecordBase {
  kind: 'about';
  username: string | null;
  isVerified: boolean | null;
  country: string | null;
  /** Month and year the account was created, human-readable as the service writes it. */
  joined: string | null;
  formerUsernames: string[];
}

export type MediaType = 'image' | 'video' | 'carousel';

export type ProductType =
  | 'feed'
  | 'clips'
  | 'carousel_container'
  | 'carousel_item'
  | 'igtv'
  | 'story'
  | (string & {});

export interface Caption {
  text: string;
  /** Without '#', as first written, deduplicated ignoring case. */
  hashtags: string[];
  /** Without '@', as first written, deduplicated ignoring case. */
  mentions: string[];
}

export interface Usertag {
  user: User;
  /** Relative position 0..1, null when the form does not give it. */
  x: number | null;
  y: number | null;
}

export interface Post extends RecordBase {
  kind: 'post';
  /** Media pk. */
  id: string;
  /** `<pk>_<owner pk>` (just the pk when the owner is unknown). */
  mediaId: string;
  code: string | null;
  productType: ProductType;
  mediaType: MediaType;
  takenAt: number | null;
  owner: User | null;
  caption: Caption;
  /** Largest first. */
  images: MediaFile[];
  /** Largest first. */
  videos: MediaFile[];
  /** Seconds; null for images. */
  videoDuration: number | null;
  thumbnailUrl: string | null;
  /** Carousel items in the order the service gives them. */
  children: Post[];
  /** Position in the parent carousel, starting at 1 (as in `_1.._N` file names); null outside one. */
  index: number | null;
  usertags: Usertag[];
  coauthors: User[];
  location: Location | null;
  counts: {
    likes: number | null;
    comments: number | null;
    plays: number | null;
    views: number | null;
    reshares: number | null;
  };
  commentsDisabled: boolean | null;
  /** The author hid like and view counts. */
  likesHidden: boolean | null;
  /** A trial reel: a clip published without `reshare_count` (see the interface document). */
  isTrial: boolean;
  accessibilityCaption: string | null;
  title: string | null;
}

export interface Comment extends RecordBase {
  kind: 'comment';
  id: string;
  postId: string | null;
  /** The comment this one replies to (threaded replies), null for top-level comments. */
  parentId: string | null;
  text: string;
  author: User | null;
  createdAt: number | null;
  likeCount: number | null;
  replyCount: number | null;
  isPinned: boolean;
  /** The first replies the service sends along (v2 `preview_child_comments`). */
  previewReplies: Comment[];
}

/** A position on a story frame, relative 0..1; null when not given. */
export interface StoryPosition {
  x: number | null;
  y: number | null;
}

export interface StoryMention extends StoryPosition {
  user: User;
  width: number | null;
  height: number | null;
}

export interface StoryLink extends StoryPosition {
  url: string;
  title?: string | null;
}

export interface StoryHashtag extends StoryPosition {
  name: string;
}

export interface StoryLocation extends StoryPosition {
  location: Location;
}

/** Any other sticker (poll, music, gif...), typed only as far as the app uses it. */
export interface StorySticker extends StoryPosition {
  type: string | null;
  width: number | null;
  height: number | null;
}

export interface Story extends RecordBase {
  kind: 'story';
  /** Story media pk. */
  id: string;
  mediaId: string;
  code: string | null;
  takenAt: number | null;
  /** `expiring_at` when given, else takenAt + 24 h. */
  expiresAt: number | null;
  mediaType: MediaType;
  owner: User | null;
  images: MediaFile[];
  videos: MediaFile[];
  videoDuration: number | null;
  thumbnailUrl: string | null;
  mentions: StoryMention[];
  links: StoryLink[];
  hashtags: StoryHashtag[];
  locations: StoryLocation[];
  stickers: StorySticker[];
}

export interface Highlight extends RecordBase {
  kind: 'highlight';
  /** The highlight pk, without the `highlight:` prefix. */
  id: string;
  title: string | null;
  coverUrl: string | null;
  owner: User | null;
  createdAt: number | null;
  latestReelMedia: number | null;
  mediaCount: number | null;
  /** Story media pks; empty in list results. */
  mediaIds: string[];
  /** Empty in list results. */
  items: Story[];
  isPinned: boolean | null;
}

export interface OpeningHours {
  isOpen: boolean | null;
  status: string | null;
  today: string | null;
  /** One line per entry, e.g. "Mon: 9:00 AM - 5:00 PM". */
  schedule: string[];
}

export interface Location extends RecordBase {
  kind: 'location';
  /** Location pk; null for a media's place that came without one. */
  id: string | null;
  name: string | null;
  address: string | null;
  city: string | null;
  zip: string | null;
  lat: number | null;
  lng: number | null;
  category: string | null;
  phone: string | null;
  website: string | null;
  hours: OpeningHours | null;
  /** The places data source's id (`external_id`, v2 `facebook_places_id`). */
  externalId?: string | null;
}

export interface Hashtag extends RecordBase {
  kind: 'hashtag';
  id: string | null;
  name: string;
  mediaCount: number | null;
  avatarUrl: string | null;
  /** As the service formats it, e.g. "6.9M" (v2). */
  formattedMediaCount: string | null;
  isTrending: boolean | null;
}

export interface Track extends RecordBase {
  kind: 'track';
  id: string;
  /** The audio cluster / canonical id, used by `/v2/track/by/canonical/id`. */
  canonicalId?: string | null;
  title: string | null;
  artist: string | null;
  coverUrl: string | null;
  audioUrl: string | null;
  durationMs: number | null;
  isExplicit: boolean | null;
}

export type AppRecord =
  | User
  | Profile
  | About
  | Post
  | Comment
  | Story
  | Highlight
  | Location
  | Hashtag
  | Track;

export type AppRecordKind = AppRecord['kind'];
