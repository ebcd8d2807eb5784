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
/** Music credits: an "original audio" is credited to the account's username. */
export const ARTIST_KEYS = new Set(['display_artist', 'artist']);
export const LOOKS_LIKE_USERNAME = /^[A-Za-z0-9._]{1,30}$/;
/** `<media or story pk>_<owner user id>`: the owner half is a person. */
export const MEDIA_ID = /(?<![0-9])(\d{15,})_(\d{3,})(?![0-9])/g;
export function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}
export const USERNAME_TOKEN = /[A-Za-z0-9._]+/g;
export const MIN_FULL_NAME = 3;

/** What the rules above say of a key, as bits (a key may fall under several). */
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

/** The named keys' rules, as one table made from the sets above. */
const NAMED_KEYS = new Map<string, number>();
for (const [keys, rule] of [
  [PERSON_ID_KEYS, RULE.PERSON_ID],
  [USERNAME_KEYS, RULE.USERNAME],
  [FULL_NAME_KEYS, RULE.FULL_NAME],
  [PICTURE_KEYS, RULE.PICTURE],
  [PERSON_KEEP_KEYS, RULE.PERSON_KEEP],
  [TEXT_KEYS, RULE.TEXT],
  [USERNAME_LIST_KEYS, RULE.USERNAME_LIST],
  [ALWAYS_DROPPED, RULE.DROPPED],
  [ARTIST_KEYS, RULE.ARTIST],
] as const) {
  for (const key of keys) NAMED_KEYS.set(key, (NAMED_KEYS.get(key) ?? 0) | rule);
}

/**
 * The rules of every key met so far. The same few hundred keys come in every record, and testing
 * ID_FIELD at every one of them made a pseudonymised export too slow (docs/decisions/no-code-generation.md).
 * Bounded: keys that are data (a dictionary keyed by ids) cannot fill memory.
 */
const KEY_RULES = new Map<string, number>();
const KEY_RULES_LIMIT = 10_000;

/** The rules of a key: those it is named in, and ID_FIELD by its pattern. */
export function rulesOf(key: string): number {
  let rules = KEY_RULES.get(key);
  if (rules === undefined) {
    rules = (NAMED_KEYS.get(key) ?? 0) | (ID_FIELD.test(key) ? RULE.ID_FIELD : 0);
    if (KEY_RULES.size < KEY_RULES_LIMIT) KEY_RULES.set(key, rules);
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

