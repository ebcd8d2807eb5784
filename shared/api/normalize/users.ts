// Users, full profiles (v1, v2, a2 GraphQL) and About records.
import type {
  About,
  AccountType,
  Profile,
  RecordSource,
  User,
} from '../../records';
import { bool, coordinates, dedupe, firstText, firstTime, hasKey, idOf, isDict, list, num, readKey, str, text, type Dict } from './read';

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

export function usersFrom(raws: unknown[], source: RecordSource): User[] {
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
