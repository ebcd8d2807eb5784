// Users of the world and who follows whom. Main users carry the content; crowd users exist so that big
// follower lists are real lists of real users (every pk resolves, counts equal list lengths).
import type { AccountType, BusinessContact, WorldUser } from './model';
import type { Rng } from './random';
import type { City, Locale } from './text';
import {
  BIOS, BUSINESS_KINDS, BUSINESS_NAMES, CITIES, CREATOR_CATEGORIES, LOCALE_WEIGHTS, NAMES, STREETS, fold,
} from './text';

/** Usernames of the accounts the app's tests and the demo rely on. */
export const ANCHORS = {
  /** Verified creator with more than 5,000 followers and 600 posts: deep paging everywhere. */
  big: 'skyward.atlas',
  /** A public account with no posts at all. */
  empty: 'quiet.margins',
  /** A private account with posts, stories and highlights (readable with force only). */
  private: 'elif.notebook',
  /** A business account with public contact fields and its own place. */
  business: 'cafelumiere.paris',
} as const;

export const BIG_ACCOUNT_POSTS = 640;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

interface Draft {
  username: string;
  fullName: string;
  locale: Locale;
  city: City;
  accountType: AccountType;
  isPrivate: boolean;
  isVerified: boolean;
  category: string;
  businessGroup: string | null;
}

const CITIES_BY_LOCALE = new Map<Locale, City[]>();
for (const c of CITIES) CITIES_BY_LOCALE.set(c.locale, [...(CITIES_BY_LOCALE.get(c.locale) ?? []), c]);

function citiesOf(locale: Locale): City[] {
  return CITIES_BY_LOCALE.get(locale) ?? CITIES.slice(0, 1);
}

function cityNamed(name: string): City {
  const city = CITIES.find((c) => c.name === name);
  if (!city) throw new Error(`unknown city ${name}`);
  return city;
}

const folded = new Map<string, string>();
/** fold() is slow (Unicode normalisation) and names repeat: cache it. */
function foldCached(text: string): string {
  let out = folded.get(text);
  if (out === undefined) {
    out = fold(text);
    folded.set(text, out);
  }
  return out;
}

function personName(rng: Rng, locale: Locale): { fullName: string; first: string; last: string } {
  const pool = NAMES[locale];
  const [firstW, firstL] = rng.pick(pool.first);
  const [lastW, lastL] = rng.pick(pool.last);
  const space = pool.space ?? ' ';
  const fullName = pool.familyFirst ? `${lastW}${space}${firstW}` : `${firstW} ${lastW}`;
  return { fullName, first: foldCached(firstL), last: foldCached(lastL) };
}

function uniqueUsername(rng: Rng, base: string, taken: Set<string>, forceDigits: boolean): string {
  let name = base.slice(0, 24);
  if (forceDigits || taken.has(name)) name = `${name}${rng.int(1, 999)}`;
  while (taken.has(name)) name = `${base.slice(0, 22)}${rng.int(1000, 99999)}`;
  taken.add(name);
  return name;
}

const USERNAME_PATTERNS: readonly (readonly [number, number])[] = [[0, 5], [1, 3], [2, 3], [3, 1], [4, 1], [5, 1], [6, 1], [7, 1]];

function usernameFor(rng: Rng, first: string, last: string, city: City, taken: Set<string>, crowd: boolean): string {
  let base: string;
  switch (rng.weighted(USERNAME_PATTERNS)) {
    case 0: base = `${first}.${last}`; break;
    case 1: base = `${first}_${last}`; break;
    case 2: base = `${first}${last}`; break;
    case 3: base = `${last}.${first}`; break;
    case 4: base = `${first}.${foldCached(city.name)}`; break;
    case 5: base = `the.${first}`; break;
    case 6: base = `${first}.shoots`; break;
    default: base = `${first}_${last}_`;
  }
  return uniqueUsername(rng, base, taken, crowd && rng.chance(0.7));
}

/** Crowd users never get content: they share these frozen empty lists (a push would throw). */
const NONE: string[] = Object.freeze([]) as unknown as string[];

function makeUser(rng: Rng, pk: string, draft: Draft, tier: WorldUser['tier']): WorldUser {
  const joinedYear = rng.int(2011, 2024);
  const isBusiness = draft.accountType === 2;
  const biography = tier === 'crowd' && rng.chance(0.6) ? '' : rng.pick(BIOS[draft.locale]).replace('{city}', draft.city.name);
  return {
    pk,
    username: draft.username,
    fullName: draft.fullName,
    tier,
    locale: draft.locale,
    homeCity: draft.city.name,
    accountType: draft.accountType,
    isPrivate: draft.isPrivate,
    isVerified: draft.isVerified,
    biography,
    externalUrl: tier === 'main' && (draft.accountType !== 1 || rng.chance(0.25)) ? `https://example.com/${draft.username.replace(/[._]/g, '-')}` : '',
    category: draft.category,
    businessGroup: draft.businessGroup,
    contact: isBusiness ? businessContact(rng, draft) : null,
    country: draft.city.country,
    joined: `${rng.pick(MONTHS)} ${joinedYear}`,
    formerUsernames: tier === 'main' && rng.chance(0.08) ? `${draft.username.replace(/\./g, '_')}_old` : '',
    fbid: `178414${rng.digits(11)}`,
    interopFbid: Number(`1${rng.digits(14)}`),
    anonymousPic: tier === 'crowd' ? rng.chance(0.3) : rng.chance(0.03),
    followers: [],
    following: [],
    posts: tier === 'main' ? [] : NONE,
    clips: tier === 'main' ? [] : NONE,
    tagged: tier === 'main' ? [] : NONE,
    pinned: tier === 'main' ? [] : NONE,
    stories: tier === 'main' ? [] : NONE,
    highlights: tier === 'main' ? [] : NONE,
    postsPerDay: 0,
    storiesPerDay: 0,
  };
}

function businessContact(rng: Rng, draft: Draft): BusinessContact {
  const digits = rng.digits(8);
  const prefix = draft.city.phonePrefix;
  const domain = `${fold(draft.fullName) || 'shop'}.example`;
  const zip = draft.city.zipBase > 0 ? String(draft.city.zipBase + rng.int(0, 40)) : `EC${rng.int(1, 4)}A ${rng.int(1, 9)}BB`;
  return {
    email: `hello@${domain}`,
    phone: `${prefix} ${digits.slice(0, 4)} ${digits.slice(4)}`,
    phoneCountryCode: draft.city.countryCode,
    phoneNumber: `${prefix.replace(/^\+\d+\s*/, '').replace(/\s/g, '')}${digits}`,
    method: rng.pick(['CALL', 'TEXT', 'EMAIL', 'CALL'] as const),
    street: `${rng.int(1, 180)} ${rng.pick(STREETS[draft.locale])}`,
    city: draft.city.name,
    cityId: draft.city.cityId,
    zip,
    lat: round6(draft.city.lat + rng.float(-0.03, 0.03)),
    lng: round6(draft.city.lng + rng.float(-0.03, 0.03)),
    locationPk: '',
  };
}

export function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

function anchorDrafts(): Draft[] {
  return [
    { username: ANCHORS.big, fullName: 'Skyward Atlas', locale: 'en', city: cityNamed('New York'), accountType: 3, isPrivate: false, isVerified: true, category: 'Photographer', businessGroup: null },
    { username: ANCHORS.empty, fullName: 'Jonas Weber', locale: 'de', city: cityNamed('Berlin'), accountType: 1, isPrivate: false, isVerified: false, category: '', businessGroup: null },
    { username: ANCHORS.private, fullName: 'Elif Yıldız', locale: 'tr', city: cityNamed('Istanbul'), accountType: 1, isPrivate: true, isVerified: false, category: '', businessGroup: null },
    { username: ANCHORS.business, fullName: 'Café Lumière', locale: 'fr', city: cityNamed('Paris'), accountType: 2, isPrivate: false, isVerified: false, category: 'Coffee Shop', businessGroup: 'Restaurants' },
  ];
}

const ACCOUNT_TYPES: readonly (readonly [AccountType, number])[] = [[1, 70], [2, 12], [3, 18]];
const CROWD_FOLLOWS: readonly (readonly [number, number])[] = [[0, 3], [1, 4], [2, 3], [4, 2], [7, 1]];

function mainDraft(rng: Rng, taken: Set<string>): Draft {
  const locale = rng.weighted(LOCALE_WEIGHTS);
  const city = rng.pick(citiesOf(locale));
  const accountType = rng.weighted(ACCOUNT_TYPES);
  if (accountType === 2) {
    const kind = rng.pick(BUSINESS_KINDS);
    const fullName = `${rng.pick(BUSINESS_NAMES)} ${rng.pick(kind.words)}`;
    const username = uniqueUsername(rng, `${fold(fullName)}.${fold(city.name)}`, taken, false);
    return { username, fullName, locale, city, accountType, isPrivate: false, isVerified: rng.chance(0.1), category: kind.category, businessGroup: kind.group };
  }
  const { fullName, first, last } = personName(rng, locale);
  const username = usernameFor(rng, first, last, city, taken, false);
  const isVerified = accountType === 3 ? rng.chance(0.35) : rng.chance(0.03);
  return {
    username,
    fullName,
    locale,
    city,
    accountType,
    isPrivate: accountType === 1 && !isVerified && rng.chance(0.2),
    isVerified,
    category: accountType === 3 ? rng.pick(CREATOR_CATEGORIES) : '',
    businessGroup: null,
  };
}

function crowdDraft(rng: Rng, taken: Set<string>): Draft {
  const locale = rng.weighted(LOCALE_WEIGHTS);
  const city = rng.pick(citiesOf(locale));
  const { fullName, first, last } = personName(rng, locale);
  return {
    username: usernameFor(rng, first, last, city, taken, true),
    fullName: rng.chance(0.08) ? '' : fullName,
    locale,
    city,
    accountType: 1,
    isPrivate: rng.chance(0.3),
    isVerified: false,
    category: '',
    businessGroup: null,
  };
}

const PK_LENGTHS: readonly (readonly [number, number])[] = [[8, 2], [9, 3], [10, 4], [11, 4]];

function userPk(rng: Rng, taken: Set<string>): string {
  for (;;) {
    const pk = rng.digits(rng.weighted(PK_LENGTHS));
    if (!taken.has(pk)) {
      taken.add(pk);
      return pk;
    }
  }
}

/** Builds main users (anchors first) and crowd users, with no relations yet. */
export function buildUsers(rng: Rng, mainCount: number, crowdCount: number): WorldUser[] {
  const names = new Set<string>(Object.values(ANCHORS));
  const pks = new Set<string>();
  const users: WorldUser[] = [];
  for (const draft of anchorDrafts()) users.push(makeUser(rng, userPk(rng, pks), draft, 'main'));
  while (users.length < mainCount) users.push(makeUser(rng, userPk(rng, pks), mainDraft(rng, names), 'main'));
  for (let i = 0; i < crowdCount; i++) users.push(makeUser(rng, userPk(rng, pks), crowdDraft(rng, names), 'crowd'));
  return users;
}

/** Picks up to `count` distinct indexes by weight (cumulative table + binary search). */
function weightedDistinct(rng: Rng, cumulative: Float64Array, count: number, exclude: number): number[] {
  const total = cumulative[cumulative.length - 1] ?? 0;
  const chosen = new Set<number>();
  let attempts = count * 6 + 20;
  while (chosen.size < count && attempts-- > 0) {
    const r = rng.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) > r) hi = mid;
      else lo = mid + 1;
    }
    if (lo !== exclude) chosen.add(lo);
  }
  return [...chosen];
}

/**
 * Who follows whom. Main users follow main users, weighted by popularity; every crowd user follows the
 * big account and a few main users. Both sides of each edge are recorded, so counts always match.
 */
export function buildFollowGraph(rng: Rng, users: WorldUser[]): void {
  const main = users.filter((u) => u.tier === 'main');
  const crowd = users.filter((u) => u.tier === 'crowd');
  const weights = main.map((u) => {
    if (u.username === ANCHORS.big) return 60;
    if (u.username === ANCHORS.empty) return 0.3;
    return (u.isVerified ? 25 : 1) * (u.accountType === 3 ? 4 : u.accountType === 2 ? 2.5 : 1) * (0.5 + rng.next());
  });
  const cumulative = new Float64Array(main.length);
  let acc = 0;
  weights.forEach((w, i) => {
    acc += w;
    cumulative[i] = acc;
  });
  // Each draw below yields distinct targets and never the follower itself, so no edge repeats.
  const follow = (from: WorldUser, to: WorldUser): void => {
    from.following.push(to.pk);
    to.followers.push(from.pk);
  };

  main.forEach((u, i) => {
    const count = u.username === ANCHORS.big ? 180 : u.username === ANCHORS.empty ? 12 : rng.int(8, 110);
    for (const j of weightedDistinct(rng, cumulative, count, i)) follow(u, main[j] as WorldUser);
  });
  const bigIndex = main.findIndex((u) => u.username === ANCHORS.big);
  const big = main[bigIndex];
  for (const c of crowd) {
    if (big) follow(c, big);
    // Excluding the big account here: every crowd user follows it already.
    for (const j of weightedDistinct(rng, cumulative, rng.weighted(CROWD_FOLLOWS), bigIndex)) {
      follow(c, main[j] as WorldUser);
    }
  }
  if (big) for (const c of rng.sample(crowd, Math.min(90, crowd.length))) follow(big, c);
  // Lists are newest first; the order of edges above is arbitrary, so shuffle them.
  for (const u of users) {
    rng.shuffle(u.followers);
    rng.shuffle(u.following);
  }
}
