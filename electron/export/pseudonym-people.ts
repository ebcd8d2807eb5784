// The people of one export, learnt in the first walk and frozen: pseudonyms (memoised) and the scrubbing
// of any string that names one of them.
import { DIGITS, MEDIA_ID, MIN_FULL_NAME, USERNAME_TOKEN, holdsMediaId, isDigit } from './pseudonym-fields';
import { digest, normaliseUsername } from './pseudonym-key';

// ---------------------------------------------------------------------------------------------
// Who is in the export

export interface Person {
  id: string | null;
  username: string | null;
  /** Only for a person known by nothing else (a sparse record). */
  fullName?: string | null;
}

/** Full names per matcher: one regular expression of a few thousand alternatives stays quick to build and run. */
const NAMES_PER_MATCHER = 2000;
/** Strings remembered per export with what they became (names, links and ids repeat from item to item). */
const MEMO_LIMIT = 20_000;
/** Longer strings (captions, links) rarely come twice: looking them up costs more than it saves. */
const MEMO_MAX_LENGTH = 48;
/** A link to the platform's media hosts: ids and signatures only. */
const CDN_URL = /^https:\/\/[a-z0-9.-]+\.(cdninstagram\.com|fbcdn\.net)\/[^\s]*$/i;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function isTokenEdge(code: number): boolean {
  return code === 0x2e; // '.'
}

/** A character of USERNAME_TOKEN: [A-Za-z0-9._]. */
function isTokenChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || isDigit(code) || code === 0x2e || code === 0x5f;
}

/** The people of one export: learnt in the first walk, then frozen. */
export class People {
  readonly ids = new Set<string>();
  /** Lower-cased username -> the id seen with it (null while unknown). */
  readonly names = new Map<string, string | null>();
  /** Full name -> the person it belongs to (the first seen). */
  readonly fullNames = new Map<string, Person>();
  /**
   * The full names as alternations, longest names first (a name inside a longer one loses to it), built
   * once at freeze: one native scan per string instead of a look-up at every character.
   */
  private fullNameMatchers: RegExp[] = [];
  private cache = new Map<string, string>();
  /** Lengths of the numeric ids: a run of digits of another length is no one's id (no string made for it). */
  private readonly idLengths = new Set<number>();
  private scrubbed = new Map<string, string>();
  private leaky = new Map<string, boolean>();
  /**
   * The first two UTF-16 units of every full name (NFC), as `first * 65536 + second`, and the first
   * units alone: a string holding none of these pairs holds no full name, found without a regex.
   */
  private readonly fullNameHeads = new Set<number>();
  private readonly fullNameFirsts = new Uint8Array(65536);

  constructor(private readonly key: Buffer) {}

  add(id: string | null, username: string | null, fullName: string | null): void {
    if (id) {
      this.ids.add(id);
      if (/^\d+$/.test(id)) this.idLengths.add(id.length);
    }
    const name = username ? normaliseUsername(username) : null;
    if (name) {
      const known = this.names.get(name);
      if (known === undefined || (known === null && id)) this.names.set(name, id);
    }
    const full = fullName?.normalize('NFC').trim();
    if (full && full.length >= MIN_FULL_NAME && !this.fullNames.has(full)) this.fullNames.set(full, { id, username: name, fullName: full });
  }

  /** Builds the full-name matchers. */
  freeze(): void {
    const sorted = [...this.fullNames.keys()].sort((a, b) => b.length - a.length);
    this.fullNameMatchers = [];
    this.fullNameHeads.clear();
    this.fullNameFirsts.fill(0);
    for (const name of sorted) {
      this.fullNameFirsts[name.charCodeAt(0)] = 1;
      this.fullNameHeads.add(name.charCodeAt(0) * 65536 + name.charCodeAt(1));
    }
    for (let i = 0; i < sorted.length; i += NAMES_PER_MATCHER) {
      this.fullNameMatchers.push(new RegExp(sorted.slice(i, i + NAMES_PER_MATCHER).map(escapeRegExp).join('|'), 'g'));
    }
    this.scrubbed.clear();
    this.leaky.clear();
  }

  pseudonym(person: Person): string {
    const name = person.username ? normaliseUsername(person.username) : null;
    const id = person.id ?? (name ? (this.names.get(name) ?? null) : null);
    const basis = id ? `id:${id}` : name ? `username:${name}` : `full_name:${person.fullName ?? ''}`;
    let out = this.cache.get(basis);
    if (out === undefined) {
      out = digest(this.key, basis);
      this.cache.set(basis, out);
    }
    return out;
  }

  /** Whether a run of digits of the text is a known id; runs of lengths no id has are not even cut out. */
  private holdsKnownId(text: string): boolean {
    if (this.ids.size === 0) return false;
    const n = text.length;
    for (let i = 0; i < n; ) {
      if (!isDigit(text.charCodeAt(i))) {
        i++;
        continue;
      }
      let end = i + 1;
      while (end < n && isDigit(text.charCodeAt(end))) end++;
      if (this.idLengths.has(end - i) && this.ids.has(text.slice(i, end))) return true;
      i = end;
    }
    return false;
  }

  /** Whether the id steps of scrub() would change the text: it holds a media id or a known id. */
  private holdsIds(text: string): boolean {
    return this.holdsKnownId(text) || (text.indexOf('_') >= 0 && holdsMediaId(text));
  }

  /** Whether a USERNAME_TOKEN run of the text is a known username (knownName). */
  private holdsKnownName(text: string): boolean {
    if (this.names.size === 0) return false;
    const n = text.length;
    for (let i = 0; i < n; ) {
      if (!isTokenChar(text.charCodeAt(i))) {
        i++;
        continue;
      }
      let end = i + 1;
      while (end < n && isTokenChar(text.charCodeAt(end))) end++;
      if (this.knownName(i === 0 && end === n ? text : text.slice(i, end)) !== null) return true;
      i = end;
    }
    return false;
  }

  /** False when no full name can be in the text (no two first units of one in it); the matchers decide otherwise. */
  private mayHoldFullName(text: string): boolean {
    if (this.fullNameMatchers.length === 0 || text.length < MIN_FULL_NAME) return false;
    const firsts = this.fullNameFirsts;
    const last = text.length - 1;
    for (let i = 0; i < last; i++) {
      const c = text.charCodeAt(i);
      if (firsts[c] === 1 && this.fullNameHeads.has(c * 65536 + text.charCodeAt(i + 1))) return true;
    }
    return false;
  }

  /** The known username a token is (leading and trailing dots aside: "@anna." names anna), lower-cased. */
  private knownName(token: string): string | null {
    const lower = token.toLowerCase();
    if (this.names.has(lower)) return lower;
    let start = 0;
    let end = lower.length;
    while (start < end && isTokenEdge(lower.charCodeAt(start))) start++;
    while (end > start && isTokenEdge(lower.charCodeAt(end - 1))) end--;
    if (start === 0 && end === lower.length) return null;
    for (const candidate of [lower.slice(0, end), lower.slice(start), lower.slice(start, end)]) {
      if (candidate !== '' && this.names.has(candidate)) return candidate;
    }
    return null;
  }

  /** Replaces every id, username and full name of the export's people inside a string. */
  scrub(text: string): string {
    // Ids (a string that starts with a digit) rarely come twice: not remembered.
    const memo = text.length <= MEMO_MAX_LENGTH && !isDigit(text.charCodeAt(0));
    let out = memo ? this.scrubbed.get(text) : undefined;
    if (out !== undefined) return out;
    out = text;
    if (this.holdsIds(text)) {
      if (text.indexOf('_') >= 0) out = text.replace(MEDIA_ID, (_m, pk: string, owner: string) => `${pk}_${this.pseudonym({ id: owner, username: null })}`);
      if (this.holdsKnownId(out)) out = out.replace(DIGITS, (digits) => (this.ids.has(digits) ? this.pseudonym({ id: digits, username: null }) : digits));
    }
    // A media host's link holds ids (handled above) and signatures, never a username or a name.
    if (CDN_URL.test(text)) return this.remember(memo, text, out);
    if (this.holdsKnownName(out)) {
      out = out.replace(USERNAME_TOKEN, (token) => {
        const name = this.knownName(token);
        if (name === null) return token;
        const start = token.toLowerCase().indexOf(name);
        return token.slice(0, start) + this.pseudonym({ id: null, username: name }) + token.slice(start + name.length);
      });
    }
    if (this.fullNameMatchers.length > 0) out = this.replaceFullNames(out);
    return this.remember(memo, text, out);
  }

  private remember(memo: boolean, text: string, out: string): string {
    if (!memo) return out;
    if (this.scrubbed.size >= MEMO_LIMIT) this.scrubbed.clear();
    this.scrubbed.set(text, out);
    return out;
  }

  /**
   * Replaces the full names in a string: at the leftmost place where one starts, the longest one, then
   * on after it. With several matchers, each one's next match is kept until the scan passes it.
   */
  private replaceFullNames(text: string): string {
    if (text.length < MIN_FULL_NAME) return text;
    const normal = text.normalize('NFC');
    if (!this.mayHoldFullName(normal)) return text;
    const matchers = this.fullNameMatchers;
    const named = (hit: string): string => this.pseudonym(this.fullNames.get(hit) ?? { id: null, username: null, fullName: hit });
    if (matchers.length === 1) {
      const out = normal.replace(matchers[0] as RegExp, named);
      return out === normal ? text : out;
    }
    const next: (RegExpExecArray | null)[] = matchers.map(() => null);
    let out = '';
    let at = 0;
    for (;;) {
      let best: RegExpExecArray | null = null;
      matchers.forEach((matcher, k) => {
        let m = next[k] ?? null;
        if (m === null || m.index < at) {
          matcher.lastIndex = at;
          m = matcher.exec(normal);
          next[k] = m;
        }
        if (m !== null && (best === null || m.index < best.index || (m.index === best.index && m[0].length > best[0].length))) best = m;
      });
      if (best === null) break;
      const hit: RegExpExecArray = best;
      out += normal.slice(at, hit.index) + named(hit[0]);
      at = hit.index + hit[0].length;
    }
    return at === 0 ? text : out + normal.slice(at);
  }

  /** Whether a string still holds an id, username or full name of the export's people. */
  leaksIn(text: string): boolean {
    const memo = text.length <= MEMO_MAX_LENGTH && !isDigit(text.charCodeAt(0));
    let known = memo ? this.leaky.get(text) : undefined;
    if (known !== undefined) return known;
    known = this.findsIn(text);
    if (!memo) return known;
    if (this.leaky.size >= MEMO_LIMIT) this.leaky.clear();
    this.leaky.set(text, known);
    return known;
  }

  private findsIn(text: string): boolean {
    if (this.holdsKnownId(text)) return true;
    if (CDN_URL.test(text)) return false;
    if (this.holdsKnownName(text)) return true;
    if (text.length < MIN_FULL_NAME) return false;
    const normal = text.normalize('NFC');
    if (!this.mayHoldFullName(normal)) return false;
    for (const matcher of this.fullNameMatchers) {
      matcher.lastIndex = 0;
      const hit = matcher.test(normal);
      matcher.lastIndex = 0;
      if (hit) return true;
    }
    return false;
  }
}
