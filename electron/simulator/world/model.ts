// The entities of the simulated world. Records refer to each other by id (never by object), so a world
// serialises to JSON as it is and two builds can be compared byte for byte.
//
// Ids: user pks are 8-11 digit decimal strings; media and story pks are 19-digit decimal strings (beyond
// 2^53; shapes turn them into bigint where the service writes integers); highlight pks are 17 digits,
// comment pks 17 digits, location pks safe integers.
import type { VideoAssetName } from '../types';
import type { Locale } from './text';

export type AccountType = 1 | 2 | 3; // personal, business, creator

export interface BusinessContact {
  email: string;
  phone: string;
  phoneCountryCode: string;
  phoneNumber: string;
  method: 'CALL' | 'TEXT' | 'EMAIL' | 'UNKNOWN';
  street: string;
  city: string;
  cityId: string;
  zip: string;
  lat: number;
  lng: number;
  /** The pk of the business's own place, as the service writes it (string). */
  locationPk: string;
}

export interface WorldUser {
  pk: string;
  username: string;
  fullName: string;
  /** 'crowd' users exist mostly as followers: no posts, no stories. */
  tier: 'main' | 'crowd';
  locale: Locale;
  homeCity: string;
  accountType: AccountType;
  isPrivate: boolean;
  isVerified: boolean;
  biography: string;
  externalUrl: string;
  /** Category shown on business and creator profiles ('' for personal accounts). */
  category: string;
  /** `business_category_name` (businesses only). */
  businessGroup: string | null;
  contact: BusinessContact | null;
  country: string;
  /** Month and year the account was created, as `/v1/user/about` writes it ("March 2015"). */
  joined: string;
  formerUsernames: string;
  /** 17 digits (beyond 2^53): written as an integer in raw records. */
  fbid: string;
  interopFbid: number;
  anonymousPic: boolean;
  /** Newest follower first. follower_count is the length, always. */
  followers: string[];
  following: string[];
  /** Profile grid, newest first: own posts and posts the user coauthored. media_count is the length. */
  posts: string[];
  /** Reels (clips) owned by the user, newest first, trial reels included. */
  clips: string[];
  /** Posts in which the user is tagged, newest first. */
  tagged: string[];
  pinned: string[];
  /** Active stories, oldest first (the order the service uses). */
  stories: string[];
  highlights: string[];
  /** Posts a day at which its seeded posts are dated (1 / their mean spacing); the world clock keeps this pace. */
  postsPerDay: number;
  /** Stories a day: its seeded active stories, all taken in the last day; the world clock keeps this pace. */
  storiesPerDay: number;
}

export type MediaKind = 'image' | 'video' | 'carousel' | 'clip' | 'igtv';

export interface WorldChild {
  pk: string;
  mediaType: 1 | 2;
  width: number;
  height: number;
  video: VideoAssetName | null;
}

export interface UserTag {
  userPk: string;
  x: number;
  y: number;
}

export interface WorldMedia {
  pk: string;
  code: string;
  ownerPk: string;
  /** Epoch seconds. */
  takenAt: number;
  kind: MediaKind;
  mediaType: 1 | 2 | 8;
  productType: 'feed' | 'clips' | 'carousel_container' | 'igtv';
  /** Size of the media (for carousels: of the first child). */
  width: number;
  height: number;
  video: VideoAssetName | null;
  children: WorldChild[];
  caption: string;
  /** Users named with @ in the caption (pks). */
  mentions: string[];
  /** Hashtags used in the caption (names, without '#'). */
  hashtags: string[];
  accessibilityCaption: string | null;
  title: string;
  usertags: UserTag[];
  coauthors: string[];
  sponsors: string[];
  isPaidPartnership: boolean;
  locationPk: number | null;
  commentsDisabled: boolean;
  likesHidden: boolean;
  /** like_count; the likers list is a window of the world's liker pool of this length. */
  likeCount: number;
  likerOffset: number;
  playCount: number;
  /** null for trial reels: they carry no reshare_count field. */
  reshareCount: number | null;
  isTrial: boolean;
  /** Position in World.media (comment pks encode it, see comments.ts). */
  index: number;
  trackId: string | null;
  /** Token of the reel's `/share/reel/<token>/` link (reels only). */
  shareToken: string | null;
  fbid: string;
  /** A picture drawn otherwise: `<source pk>~<variant>`, another post's reposted or words drawn in (world/planted.ts); null: its own. */
  picture: string | null;
}

export interface WorldComment {
  pk: string;
  mediaPk: string;
  userPk: string;
  text: string;
  createdAt: number;
  likeCount: number;
  likerOffset: number;
  /** null for top-level comments. */
  parentPk: string | null;
  /** Replies, oldest first (top-level comments only). */
  replies: WorldComment[];
  isPinned: boolean;
  mentions: string[];
}

export interface StoryMention {
  userPk: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface StorySticker {
  id: string;
  type: 'gif' | 'emoji_slider' | 'poll' | 'story_link';
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
  /** For link stickers. */
  url: string | null;
}

export interface WorldStory {
  pk: string;
  code: string;
  ownerPk: string;
  /**
   * Active stories keep their age (seconds before "now") instead of a date, so that they are active
   * whatever the clock says when the simulator answers: taken_at = now - ageSec. Archived stories
   * (highlight items) have a fixed takenAt and ageSec null.
   */
  ageSec: number | null;
  takenAt: number | null;
  mediaType: 1 | 2;
  width: number;
  height: number;
  video: VideoAssetName | null;
  mentions: StoryMention[];
  links: { url: string; x: number; y: number; width: number; height: number }[];
  hashtags: { name: string; x: number; y: number; width: number; height: number }[];
  locations: { locationPk: number; x: number; y: number; width: number; height: number }[];
  stickers: StorySticker[];
  /** A post shared into the story. */
  resharedMediaPk: string | null;
  highlightPk: string | null;
}

export interface WorldHighlight {
  pk: string;
  ownerPk: string;
  title: string;
  createdAt: number;
  /** Story pks, oldest first. */
  items: string[];
  /** The story whose picture is the cover. */
  coverStoryPk: string;
  isPinned: boolean;
}

export interface OpeningHours {
  /** 7 lines, Monday first, e.g. "Mon: 08:00 - 18:00" or "Sun: Closed". */
  schedule: { day: string; open: string | null; close: string | null }[];
}

export interface WorldLocation {
  pk: number;
  name: string;
  category: string;
  address: string;
  city: string;
  zip: string;
  lat: number;
  lng: number;
  phone: string;
  website: string;
  hours: OpeningHours | null;
  /** The places-data-source id (a Facebook place id upstream). */
  externalId: string;
  /** Public posts tagged here, newest first. */
  recent: string[];
  /** The same posts, most liked first. */
  top: string[];
}

export interface WorldHashtag {
  id: string;
  name: string;
  /** Public posts using the tag in their caption, newest first: media_count is the length. */
  recent: string[];
  top: string[];
  clips: string[];
}

export interface WorldTrack {
  id: string;
  /** audio_cluster_id: the id of `/reels/audio/<id>/` pages and of /v2/track/by/canonical/id. */
  canonicalId: string;
  assetId: string;
  title: string;
  artist: string;
  isExplicit: boolean;
  hasLyrics: boolean;
  highlightStartMs: number[];
  /** Public reels using the track, newest first. */
  reels: string[];
}
