// Which fields of a record name a person, hold free text or a user id (pseudonymise.ts walks by these).
import type { Dict } from '../../shared/guards';

// ---------------------------------------------------------------------------------------------
// Field rules

/** Id fields of a person object (raw and normalised). */
export const PERSON_ID_KEYS = new Set(['pk', 'id', 'pk_id', 'strong_id__', 'account_id', 'user_id', 'userId']);
export const USERNAME_KEYS = new Set(['username']);
export const FULL_NAME_KEYS = new Set(['full_name', 'fullName']);
export const PICTURE_KEYS = new Set(['profile_pic_url', 'profile_pic_url_hd', 'avatarUrl', 'hd_profile_pic_url_info', 'hd_profile_pic_versions']);
/** Fields of a person object that say nothing about who the person is. Everything else is dropped. */
export const PERSON_KEEP_KEYS = new Set([
  'kind', 'source', '__typename', 'is_private', 'isPrivate', 'is_verified', 'isVerified', 'latest_reel_media', 'latestReelMedia',
  'counts', 'media_count', 'follower_count', 'following_count', 'total_clips_count', 'usertags_count', 'has_highlight_reels',
  'highlight_reel_count', 'category', 'category_name', 'business_category_name', 'account_type', 'accountType', 'is_business',
  'isBusiness', 'is_professional_account', 'has_anonymous_profile_picture',
]);
/** Free text written by people: captions, comments, biographies, descriptions of photos. */
export const TEXT_KEYS = new Set(['text', 'caption_text', 'biography', 'accessibility_caption', 'accessibilityCaption']);
/** Lists of usernames (the normalised caption's mentions). */
export const USERNAME_LIST_KEYS = new Set(['mentions', 'top_likers']);
/** Sentences naming other people ("Followed by x + 3 more"): never needed, always dropped. */
export const ALWAYS_DROPPED = new Set(['social_context', 'search_social_context', 'former_usernames', 'formerUsernames']);
/** A field holding another person's id, outside person objects: `user_id`, `owner_id`, `media_owner_id`... */
export const ID_FIELD = /(^|_)(user|owner|author|account|commenter|liker|follower|creator|sender|actor)_?(id|pk)s?$|^(userId|ownerId|authorId)$/i;
export const idFieldKeys = new Map<string, boolean>();
/** ID_FIELD.test(key), remembered: the same few hundred keys come by in every record. */
export function isIdField(key: string): boolean {
  let known = idFieldKeys.get(key);
  if (known === undefined) {
    known = ID_FIELD.test(key);
    if (idFieldKeys.size < 10_000) idFieldKeys.set(key, known);
  }
  return known;
}
/** Music credits: an "original audio" is credited to the account's username. */
export const ARTIST_KEYS = new Set(['display_artist', 'artist']);
export const LOOKS_LIKE_USERNAME = /^[A-Za-z0-9._]{1,30}$/;
/** `<media or story pk>_<owner user id>`: the owner half is a person. */
export const MEDIA_ID = /(?<![0-9])(\d{15,})_(\d{3,})(?![0-9])/g;
export const DIGITS = /\d+/g;

/**
 * Whether MEDIA_ID matches in the text, without a regular expression: an '_' with at least 15 digits
 * right before it and 3 right after (the runs' other ends are then where the pattern needs them).
 */
export function holdsMediaId(text: string): boolean {
  if (text.length < 19) return false;
  for (let u = text.indexOf('_'); u >= 0; u = text.indexOf('_', u + 1)) {
    let before = 0;
    while (before < 15 && u - before > 0 && isDigit(text.charCodeAt(u - before - 1))) before++;
    if (before < 15) continue;
    let after = 0;
    while (after < 3 && u + after + 1 < text.length && isDigit(text.charCodeAt(u + after + 1))) after++;
    if (after === 3) return true;
  }
  return false;
}

/** Where the '_' of a string that is exactly a media id (MEDIA_ID: 15+ digits, '_', 3+ digits) is; else -1. */
export function wholeMediaId(text: string): number {
  // Asked of every string: most are let go on their first character or length, before a search.
  if (text.length < 19 || !isDigit(text.charCodeAt(0))) return -1;
  const underscore = text.indexOf('_');
  if (underscore < 15 || text.length - underscore - 1 < 3) return -1;
  for (let i = 0; i < text.length; i++) if (i !== underscore && !isDigit(text.charCodeAt(i))) return -1;
  return underscore;
}

export function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}
export const USERNAME_TOKEN = /[A-Za-z0-9._]+/g;
export const MIN_FULL_NAME = 3;

/** What the rules above say of a key, as bits: one look-up per key instead of one per rule. */
export const RULE = {
  PERSON_ID: 1,
  USERNAME: 2,
  FULL_NAME: 4,
  PICTURE: 8,
  PERSON_KEEP: 16,
  TEXT: 32,
  USERNAME_LIST: 64,
  DROPPED: 128,
  ID_FIELD: 256,
  ARTIST: 512,
} as const;

const keyRules = new Map<string, number>();
export function rulesOf(key: string): number {
  let rules = keyRules.get(key);
  if (rules === undefined) {
    rules =
      (PERSON_ID_KEYS.has(key) ? RULE.PERSON_ID : 0) |
      (USERNAME_KEYS.has(key) ? RULE.USERNAME : 0) |
      (FULL_NAME_KEYS.has(key) ? RULE.FULL_NAME : 0) |
      (PICTURE_KEYS.has(key) ? RULE.PICTURE : 0) |
      (PERSON_KEEP_KEYS.has(key) ? RULE.PERSON_KEEP : 0) |
      (TEXT_KEYS.has(key) ? RULE.TEXT : 0) |
      (USERNAME_LIST_KEYS.has(key) ? RULE.USERNAME_LIST : 0) |
      (ALWAYS_DROPPED.has(key) ? RULE.DROPPED : 0) |
      (isIdField(key) ? RULE.ID_FIELD : 0) |
      (ARTIST_KEYS.has(key) ? RULE.ARTIST : 0);
    if (keyRules.size < 10_000) keyRules.set(key, rules);
  }
  return rules;
}

export function idText(value: unknown): string | null {
  if (typeof value === 'string') {
    const id = value.trim();
    return id === '' ? null : id;
  }
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  if (typeof value === 'bigint') return value.toString();
  return null;
}

export function isPersonObject(obj: Dict): boolean {
  const kind = obj['kind'];
  if (kind === 'user' || kind === 'profile' || kind === 'about') return true;
  return 'username' in obj || 'full_name' in obj || 'fullName' in obj;
}

