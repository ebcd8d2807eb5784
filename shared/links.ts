// What a researcher pastes or types -> what to open. Platform links (profiles, posts, reels, stories,
// highlights, share links, hashtags, places, sounds), '@handle', '#tag', plain digits and plain words.
// Also the shortcode <-> media pk conversion, done with BigInt because pks exceed 2^53.

export type PostLinkKind = 'p' | 'reel' | 'tv';

export type Target =
  /** `tab`: a profile link to the account's reels or tagged posts (`/<user>/reels/`, `/<user>/tagged/`). */
  | { kind: 'profile'; username: string; tab?: 'reels' | 'tagged' }
  /** `pk` is decoded from the code; `url` is the canonical link (for the by-url endpoints). */
  | { kind: 'post'; code: string; pk?: string; url: string }
  | { kind: 'story'; username: string; storyPk: string }
  | { kind: 'highlight'; highlightPk: string }
  /** `decoded` is present when the code is base64 of `<type>:<pk>` (stories and highlights). */
  | { kind: 'share'; code: string; decoded?: { type: string; pk: string } }
  /**
   * The newer share links: `/share/reel/<token>/` (a reel, resolved by `/v1/share/reel/by/url` with
   * `url`) and `/share/<token>/` (any shared post, resolved by `/v1/share/by/code` with the token).
   * The token is not a post code: nothing is known before the service resolves it.
   */
  | { kind: 'shared'; token: string; reel: boolean; url: string }
  | { kind: 'hashtag'; name: string }
  | { kind: 'location'; pk: string }
  | { kind: 'audio'; id: string }
  /** Plain digits: a user id or a media pk; the UI asks which. */
  | { kind: 'numeric'; digits: string }
  | { kind: 'search'; query: string };

export type InvalidTarget = { kind: 'invalid'; reason: string };

const WEB_ORIGIN = 'https://www.instagram.com';
const PLATFORM_DOMAIN = 'instagram.com';
const SHORTCODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** Only the first 11 characters of a code carry the pk; longer codes (private posts) add a suffix. */
const SHORTCODE_PK_CHARS = 11;

const USERNAME_RE = /^[A-Za-z0-9._]{1,30}$/;
const SHORTCODE_RE = /^[A-Za-z0-9_-]+$/;
const DIGITS_RE = /^\d+$/;
/** The service's hashtag rule: letters and digits in any script (and '_'), no '#', no dots. */
const HASHTAG_RE = /^[\p{L}\p{M}\p{N}_]+$/u;

const USERNAME_REASON = "Usernames are 1-30 letters, digits, '.' or '_'.";
const HASHTAG_REASON = 'Hashtags are letters and digits (any script) or "_", with no spaces, dots or other symbols.';
const UNKNOWN_LINK_REASON =
  'That link does not point to a profile, post, reel, story, highlight, hashtag, place or sound.';

/**
 * First path segments of the web site that are not usernames: the platform's own pages (the site
 * reserves them, so no account can be named so).
 */
const RESERVED_SEGMENTS = new Set([
  'about', 'accounts', 'ads', 'api', 'ar', 'audio', 'blog', 'business', 'challenge', 'create', 'creators', 'developer',
  'direct', 'directory', 'download', 'emails', 'explore', 'graphql', 'help', 'igtv', 'invites', 'legal', 'lite',
  'locations', 'login', 'logout', 'nametag', 'oauth', 'p', 'press', 'privacy', 'qr', 'reel', 'reels', 's', 'session',
  'settings', 'share', 'static', 'stories', 'terms', 'threads', 'topics', 'tv', 'web', 'your_activity',
]);

/** Profile sub-pages that open a tab of the profile. */
const PROFILE_TABS: Readonly<Record<string, 'reels' | 'tagged'>> = { reels: 'reels', tagged: 'tagged' };

// ---- shortcodes and ids ----

/** The media pk a shortcode stands for (base-64 positional, first 11 characters). Throws on a bad code. */
export function shortcodeToPk(code: string): string {
  const significant = code.slice(0, SHORTCODE_PK_CHARS);
  if (significant.length === 0) throw new RangeError('A shortcode cannot be empty');
  let pk = 0n;
  for (const char of significant) {
    const digit = SHORTCODE_ALPHABET.indexOf(char);
    if (digit < 0) throw new RangeError(`Not a shortcode character: '${char}'`);
    pk = pk * 64n + BigInt(digit);
  }
  return pk.toString();
}

/** The shortcode of a media pk (digits or bigint). Throws when the pk is not a non-negative integer. */
export function pkToShortcode(pk: string | bigint): string {
  if (typeof pk === 'string' && !DIGITS_RE.test(pk)) throw new RangeError(`Not a media pk: '${pk}'`);
  let rest = BigInt(pk);
  if (rest < 0n) throw new RangeError('A media pk cannot be negative');
  let code = '';
  do {
    code = SHORTCODE_ALPHABET.charAt(Number(rest % 64n)) + code;
    rest /= 64n;
  } while (rest > 0n);
  return code;
}

/** A media `id` as the service writes it: `<pk>_<owner pk>`. */
export function mediaIdOf(pk: string | number | bigint, ownerPk: string | number | bigint): string {
  return `${pk}_${ownerPk}`;
}

export function profileUrl(username: string): string {
  return `${WEB_ORIGIN}/${encodeURIComponent(username)}/`;
}

export function postUrl(code: string, kind: PostLinkKind = 'p'): string {
  return `${WEB_ORIGIN}/${kind}/${encodeURIComponent(code)}/`;
}

export function storyUrl(username: string, storyPk: string): string {
  return `${WEB_ORIGIN}/stories/${encodeURIComponent(username)}/${encodeURIComponent(storyPk)}/`;
}

export function highlightUrl(highlightPk: string): string {
  return `${WEB_ORIGIN}/stories/highlights/${encodeURIComponent(highlightPk)}/`;
}

/** Share codes are base64 (either alphabet, padding optional) of `<type>:<pk>`, e.g. `highlight:181…`. */
export function decodeShareCode(code: string): { type: string; pk: string } | undefined {
  let text: string;
  try {
    text = atob(code.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return undefined;
  }
  const match = /^([a-z_]+):(\d+)$/.exec(text);
  return match?.[1] && match[2] ? { type: match[1], pk: match[2] } : undefined;
}

// ---- parsing what the user typed ----

function invalid(reason: string): InvalidTarget {
  return { kind: 'invalid', reason };
}

function postTarget(code: string, kind: PostLinkKind): Target {
  return { kind: 'post', code, pk: shortcodeToPk(code), url: postUrl(code, kind) };
}

function hashtagTarget(raw: string): Target | InvalidTarget {
  const name = raw.trim();
  if (name === '') return invalid('Type a hashtag after "#", for example #sunset.');
  return HASHTAG_RE.test(name) ? { kind: 'hashtag', name } : invalid(HASHTAG_REASON);
}

function profileTarget(raw: string): Target | InvalidTarget {
  return USERNAME_RE.test(raw) ? { kind: 'profile', username: raw.toLowerCase() } : invalid(USERNAME_REASON);
}

/** Text that is meant as a link: it has a scheme, or a host followed by a path, or is the platform's host. */
function looksLikeUrl(text: string): boolean {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return true;
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}[/?#]/i.test(text)) return true;
  return /^(www\.|m\.)?instagram\.com$/i.test(text);
}

function isPlatformHost(host: string): boolean {
  const h = host.toLowerCase();
  return h === PLATFORM_DOMAIN || h.endsWith(`.${PLATFORM_DOMAIN}`) || h === 'instagr.am';
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function parseUrl(text: string): Target | InvalidTarget {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return invalid('That link could not be read. Copy it again from the address bar or the Share menu.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return invalid(`That link is not a web link (${url.protocol}). Paste a link that starts with https://.`);
  }
  if (!isPlatformHost(url.hostname)) {
    return invalid(`That link is not from the platform: ${url.hostname}. Paste a link from ${PLATFORM_DOMAIN}.`);
  }
  const segments = url.pathname.split('/').filter((s) => s !== '').map(decodeSegment);
  const [first, second, third] = segments;
  if (first === undefined) return invalid(UNKNOWN_LINK_REASON);

  // Share links of the newer form: the token is resolved by the service, never read as a post code.
  if (first === 'share') {
    const reel = second === 'reel';
    const token = reel ? third : second;
    if (!token || !SHORTCODE_RE.test(token)) return invalid('That share link has no code in it.');
    return { kind: 'shared', token, reel, url: `${WEB_ORIGIN}/share/${reel ? 'reel/' : ''}${token}/` };
  }

  // Posts: /p/CODE/, /reel/CODE/, /reels/CODE/, /tv/CODE/, also behind a username (/<user>/p/CODE/).
  const postAt = first === 'p' || first === 'reel' || first === 'reels' || first === 'tv' ? 0 : 1;
  const postKindSegment = segments[postAt];
  const code = segments[postAt + 1];
  if (
    (postKindSegment === 'p' || postKindSegment === 'reel' || postKindSegment === 'reels' || postKindSegment === 'tv') &&
    code !== undefined &&
    code !== 'audio' &&
    SHORTCODE_RE.test(code)
  ) {
    return postTarget(code, postKindSegment === 'reels' ? 'reel' : postKindSegment);
  }

  if (first === 'reels' && second === 'audio') {
    return third && DIGITS_RE.test(third) ? { kind: 'audio', id: third } : invalid('That sound link has no sound id in it.');
  }
  if (first === 'stories') {
    if (second === 'highlights') {
      return third && DIGITS_RE.test(third)
        ? { kind: 'highlight', highlightPk: third }
        : invalid('That highlight link has no highlight id in it.');
    }
    if (second === undefined) return invalid(UNKNOWN_LINK_REASON);
    if (!USERNAME_RE.test(second)) return invalid(USERNAME_REASON);
    if (third === undefined) return { kind: 'profile', username: second.toLowerCase() };
    return DIGITS_RE.test(third)
      ? { kind: 'story', username: second.toLowerCase(), storyPk: third }
      : invalid('That story link has no story id in it.');
  }
  if (first === 's') {
    if (!second || !/^[A-Za-z0-9+/=_-]+$/.test(second)) return invalid('That share link has no code in it.');
    const decoded = decodeShareCode(second);
    return decoded ? { kind: 'share', code: second, decoded } : { kind: 'share', code: second };
  }
  if (first === 'explore' && second === 'tags') {
    return third === undefined ? invalid(UNKNOWN_LINK_REASON) : hashtagTarget(third);
  }
  if (first === 'explore' && second === 'locations') {
    return third && DIGITS_RE.test(third) ? { kind: 'location', pk: third } : invalid('That place link has no place id in it.');
  }
  if (RESERVED_SEGMENTS.has(first.toLowerCase())) return invalid(UNKNOWN_LINK_REASON);
  const profile = profileTarget(first);
  const tab = second === undefined ? undefined : PROFILE_TABS[second.toLowerCase()];
  return profile.kind === 'profile' && tab ? { ...profile, tab } : profile;
}

/**
 * Reads a link, '@handle', '#tag', digits or words. Plain digits are ambiguous (user id or media pk)
 * and come back as 'numeric'; `<pk>_<owner>` media ids come back as posts.
 */
export function parseTarget(input: string): Target | InvalidTarget {
  const text = input.trim();
  if (text === '') return invalid('Type a username, paste a link, or enter a #hashtag or words to search.');
  if (looksLikeUrl(text)) return parseUrl(text);
  if (text.startsWith('@')) return profileTarget(text.slice(1));
  if (text.startsWith('#')) return hashtagTarget(text.slice(1));
  if (DIGITS_RE.test(text)) return { kind: 'numeric', digits: text };
  const mediaId = /^(\d+)_(\d+)$/.exec(text);
  if (mediaId?.[1]) {
    const code = pkToShortcode(mediaId[1]);
    return { kind: 'post', code, pk: BigInt(mediaId[1]).toString(), url: postUrl(code) };
  }
  return { kind: 'search', query: text.replace(/\s+/g, ' ') };
}
