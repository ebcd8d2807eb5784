// The people of one export, learnt in the first walk and frozen: pseudonyms (memoised) and the scrubbing
// of any string that names one of them. A string goes through one quick pass first (pseudonym-scan.ts):
// only one that may name someone goes on to the exact rules below.
import { MEDIA_ID, MIN_FULL_NAME, USERNAME_TOKEN, isDigit, wholeMediaId } from './pseudonym-fields';
import { digest, normaliseUsername } from './pseudonym-key';
import { FOUND_ID, FOUND_MEDIA_ID, IdLengths, MAY_FULL_NAME, MAY_NAME, StringScanner } from './pseudonym-scan';

/** What the quick pass reports when there is none yet (before freeze): everything is possible. */
const ANYTHING = FOUND_ID | FOUND_MEDIA_ID | MAY_NAME | MAY_FULL_NAME;

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
/** Longer strings (captions) rarely come twice: looking them up costs more than it saves. */
const MEMO_MAX_LENGTH = 48;
/** Links do come again (a profile picture's, with the account's id in it, on every post of the account). */
const MEMO_MAX_LINK_LENGTH = 512;

/** A short string that is not an id (a string that starts with a digit rarely comes twice). */
function isShort(text: string): boolean {
  return text.length <= MEMO_MAX_LENGTH && !isDigit(text.charCodeAt(0));
}

/** Whether a string that takes the exact rules is remembered: short ones and links. */
function memoable(text: string): boolean {
  const c = text.charCodeAt(0);
  return isShort(text) || (text.length <= MEMO_MAX_LINK_LENGTH && (c === 0x68 || c === 0x48) && text.startsWith('http'));
}

/** A link to the platform's media hosts (ids and signatures only). */
const CDN_URL = /^https:\/\/[a-z0-9.-]+\.(cdninstagram\.com|fbcdn\.net)\/[^\s]*$/i;

/**
 * CDN_URL.test(), asked of every string scanned: one that does not start with an 'h' is let go before the
 * search. The expression itself, run natively, is quicker than a loop over the link's characters.
 */
function isCdnUrl(text: string): boolean {
  const c = text.charCodeAt(0);
  return (c === 0x68 || c === 0x48) && CDN_URL.test(text);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function isTokenEdge(code: number): boolean {
  return code === 0x2e; // '.'
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
  /** Pseudonyms made so far, by what they are keyed on. */
  private readonly byId = new Map<string, string>();
  private readonly byName = new Map<string, string>();
  private readonly byFullName = new Map<string, string>();
  /** Lengths of the numeric ids: a run of digits of another length is no one's id (no string made for it). */
  private readonly idLengths = new IdLengths();
  /** The longest known username: a longer string is no one's (not even looked up). */
  private longestName = 0;
  /** Short strings and links apart: the short ones (a few words, names, kinds) stay few and quick to find. */
  private scrubbedShort = new Map<string, string>();
  private scrubbedLinks = new Map<string, string>();
  private leaky = new Map<string, boolean>();
  /** Username as written -> its pseudonym, once frozen (a mention's, on every text that mentions them). */
  private byWrittenName = new Map<string, string>();
  /**
   * The last string scrub() returned knowing it names no one (the quick pass found nothing in it, or a
   * media id rewritten with nothing else found): the leak check that follows (a raw record's value)
   * would run the same pass and find the same nothing.
   */
  private clean: string | null = null;
  /** The last media id scrubMediaId() rewrote, what it became, and whether that names no one. */
  private lastMediaId: string | null = null;
  private lastMediaIdOut = '';
  private lastMediaIdClean = false;
  /** Built at freeze(): until then every string takes the exact rules. */
  private scanner: StringScanner | null = null;

  /**
   * The username and full name an id was last added with. Adding the same three again changes nothing
   * (ids and names are only ever added, and a name once tied to an id stays tied), so a person seen
   * again (the author of every post, the raw user beside the normalised one) costs one look-up
   * instead of one per id, name and full name.
   */
  private readonly seen = new Map<string, { username: string; fullName: string | null }>();

  constructor(private readonly key: Buffer) {}

  add(id: string | null, username: string | null, fullName: string | null): void {
    if (id && username) {
      const last = this.seen.get(id);
      if (last !== undefined && last.username === username && last.fullName === fullName) return;
      this.seen.set(id, { username, fullName });
    }
    if (id && !this.ids.has(id)) {
      this.ids.add(id);
      if (/^\d+$/.test(id)) this.idLengths.add(id.length);
    }
    const name = username ? normaliseUsername(username) : null;
    if (name) {
      const known = this.names.get(name);
      if (known === undefined || (known === null && id)) this.names.set(name, id);
      if (name.length > this.longestName) this.longestName = name.length;
    }
    // A full name already known as it is written needs no normalising (the usual case: seen before).
    if (!fullName || this.fullNames.has(fullName)) return;
    const full = fullName.normalize('NFC').trim();
    if (full && full.length >= MIN_FULL_NAME && !this.fullNames.has(full)) this.fullNames.set(full, { id, username: name, fullName: full });
  }

  /** Builds the full-name matchers and the quick pass. */
  freeze(): void {
    const sorted = [...this.fullNames.keys()].sort((a, b) => b.length - a.length);
    this.fullNameMatchers = [];
    this.scanner = new StringScanner(this.ids, this.idLengths, this.names.keys(), this.names.size, sorted, sorted.length);
    for (let i = 0; i < sorted.length; i += NAMES_PER_MATCHER) {
      this.fullNameMatchers.push(new RegExp(sorted.slice(i, i + NAMES_PER_MATCHER).map(escapeRegExp).join('|'), 'g'));
    }
    this.scrubbedShort.clear();
    this.scrubbedLinks.clear();
    this.byWrittenName.clear();
    this.leaky.clear();
    this.clean = null;
    this.lastMediaId = null;
    this.seen.clear();
  }

  /** The pseudonym of the person with this (non-empty) id: pseudonym({ id, ... }) without an object. */
  idPseudonym(id: string): string {
    return this.memoised(this.byId, 'id:', id);
  }

  /** pseudonym({ id: null, username }) of a username as written (a mention): one look-up once frozen. */
  usernamePseudonym(username: string): string {
    if (this.scanner === null) return this.pseudonym({ id: null, username });
    let out = this.byWrittenName.get(username);
    if (out === undefined) {
      out = this.pseudonym({ id: null, username });
      if (this.byWrittenName.size >= MEMO_LIMIT) this.byWrittenName.clear();
      this.byWrittenName.set(username, out);
    }
    return out;
  }

  pseudonym(person: Person): string {
    // Keyed on the id when there is one: the username is then not even normalised.
    if (person.id) return this.idPseudonym(person.id);
    const name = person.username ? normaliseUsername(person.username) : null;
    const id = person.id ?? (name ? (this.names.get(name) ?? null) : null);
    if (id) return this.memoised(this.byId, 'id:', id);
    if (name) return this.memoised(this.byName, 'username:', name);
    return this.memoised(this.byFullName, 'full_name:', person.fullName ?? '');
  }

  private memoised(made: Map<string, string>, kind: string, value: string): string {
    let out = made.get(value);
    if (out === undefined) {
      out = digest(this.key, kind + value);
      made.set(value, out);
    }
    return out;
  }

  /**
   * The runs of digits of the text that are known ids, as start and end offsets one after the other; runs
   * of lengths no id has are not even cut out.
   */
  private knownIdRuns(text: string): number[] {
    const runs: number[] = [];
    if (this.ids.size === 0) return runs;
    const n = text.length;
    for (let i = 0; i < n; ) {
      if (!isDigit(text.charCodeAt(i))) {
        i++;
        continue;
      }
      let end = i + 1;
      while (end < n && isDigit(text.charCodeAt(end))) end++;
      if (this.idLengths.has(end - i) && this.ids.has(text.slice(i, end))) runs.push(i, end);
      i = end;
    }
    return runs;
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

  /** What the quick pass finds in a string (see pseudonym-scan.ts); in a media host's link, only ids count. */
  private scan(text: string): number {
    if (this.scanner === null) return ANYTHING;
    return isCdnUrl(text) ? this.scanner.idsIn(text, 0, text.length) : this.scanner.scan(text);
  }

  /** Every run of digits that is a known id replaced by its pseudonym (what DIGITS with a look-up would do). */
  private replaceKnownIds(text: string): string {
    const runs = this.knownIdRuns(text);
    if (runs.length === 0) return text;
    let out = '';
    let from = 0;
    for (let k = 0; k < runs.length; k += 2) {
      const start = runs[k] as number;
      const end = runs[k + 1] as number;
      out += text.slice(from, start) + this.idPseudonym(text.slice(start, end));
      from = end;
    }
    return out + text.slice(from);
  }


  /**
   * Replaces every id, username and full name of the export's people inside a string. Each step runs
   * only when the quick pass found something for it, or when an earlier step changed the string.
   */
  scrub(text: string): string {
    const media = this.scrubMediaId(text);
    if (media !== null) return media;
    // A short string (a word, a name, a kind) or a link is looked up before anything: they come again
    // and again (a profile picture's link, with the account's id in it, on every post of the account).
    const short = isShort(text);
    const memo = short ? this.scrubbedShort : memoable(text) ? this.scrubbedLinks : null;
    let out = memo !== null ? memo.get(text) : undefined;
    if (out !== undefined) return out;
    let found = this.scan(text);
    // Only short strings are remembered as they are: links that name no one are mostly each post's own.
    if (found === 0) {
      this.clean = text;
      return this.remember(short ? memo : null, text, text);
    }
    out = text;
    if (found & FOUND_MEDIA_ID) out = out.replace(MEDIA_ID, (_m, pk: string, owner: string) => `${pk}_${this.idPseudonym(owner)}`);
    if (found & FOUND_ID || out !== text) out = this.replaceKnownIds(out);
    // A media host's link holds ids (handled above) and signatures, never a username or a name.
    if (isCdnUrl(text)) return this.remember(memo, text, out);
    if (out !== text) found = this.scan(out);
    if (found & MAY_NAME && this.names.size > 0) {
      const before = out;
      out = out.replace(USERNAME_TOKEN, (token) => {
        const name = this.knownName(token);
        if (name === null) return token;
        const start = token.toLowerCase().indexOf(name);
        return token.slice(0, start) + this.pseudonym({ id: null, username: name }) + token.slice(start + name.length);
      });
      if (out !== before) found = this.scan(out);
    }
    if (found & MAY_FULL_NAME && this.fullNameMatchers.length > 0) out = this.replaceFullNames(out);
    return this.remember(memo, text, out);
  }

  /**
   * scrub() of a string that is a media id and nothing else (`<media pk>_<owner id>`, on every post and
   * in its raw record), as the steps below would rewrite it but without their quick passes and
   * expressions: the owner's pseudonym, then known ids, then full names (the result is one word that
   * is no username unless it is a known one: then, and before freeze, null for the steps below). The
   * last one is remembered: a record's media id comes again in its raw record.
   */
  private scrubMediaId(text: string): string | null {
    if (text === this.lastMediaId && this.scanner !== null) {
      if (this.lastMediaIdClean) this.clean = this.lastMediaIdOut;
      return this.lastMediaIdOut;
    }
    const underscore = wholeMediaId(text);
    if (underscore < 0 || this.scanner === null) return null;
    const joined = `${text.slice(0, underscore)}_${this.idPseudonym(text.slice(underscore + 1))}`;
    let out = this.replaceKnownIds(joined);
    // Digits, '_' and pseudonyms (lower-case hex): already lower case. Mostly longer than any username
    // (the look-up would hash a string made just now).
    if (out.length <= this.longestName && this.names.has(out)) return null;
    let clean = false;
    if (this.fullNameMatchers.length > 0 && this.scanner.mayHoldFullName(out)) out = this.replaceFullNames(out);
    // No known id was in it, it is no username (one word, no dots) and holds no full name: the leak
    // check's quick pass would find nothing in it either.
    else clean = out === joined;
    if (clean) this.clean = out;
    this.lastMediaId = text;
    this.lastMediaIdOut = out;
    this.lastMediaIdClean = clean;
    return out;
  }

  private remember(memo: Map<string, string> | null, text: string, out: string): string {
    if (memo === null) return out;
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(text, out);
    return out;
  }

  /**
   * Replaces the full names in a string: at the leftmost place where one starts, the longest one, then
   * on after it. With several matchers, each one's next match is kept until the scan passes it.
   */
  private replaceFullNames(text: string): string {
    if (text.length < MIN_FULL_NAME) return text;
    const normal = text.normalize('NFC');
    if (this.scanner !== null && !this.scanner.mayHoldFullName(normal)) return text;
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

  /** Whether the last scrub() returned this string knowing it names no one (see `clean`). */
  foundClean(text: string): boolean {
    return text === this.clean;
  }

  /** Whether a string still holds an id, username or full name of the export's people. */
  leaksIn(text: string): boolean {
    if (this.foundClean(text)) return false;
    const memo = memoable(text);
    let known = memo ? this.leaky.get(text) : undefined;
    if (known !== undefined) return known;
    const found = this.scan(text);
    if ((found & (FOUND_ID | MAY_NAME | MAY_FULL_NAME)) === 0) return isShort(text) ? this.rememberLeak(text, false) : false;
    known = this.findsIn(text, found);
    return memo ? this.rememberLeak(text, known) : known;
  }

  private rememberLeak(text: string, known: boolean): boolean {
    if (this.leaky.size >= MEMO_LIMIT) this.leaky.clear();
    this.leaky.set(text, known);
    return known;
  }

  private findsIn(text: string, found: number): boolean {
    if (found & FOUND_ID && this.knownIdRuns(text).length > 0) return true;
    if (isCdnUrl(text)) return false;
    if (found & MAY_NAME) for (const token of text.match(USERNAME_TOKEN) ?? []) if (this.knownName(token) !== null) return true;
    if (!(found & MAY_FULL_NAME) || text.length < MIN_FULL_NAME) return false;
    const normal = text.normalize('NFC');
    if (this.scanner !== null && !this.scanner.mayHoldFullName(normal)) return false;
    for (const matcher of this.fullNameMatchers) {
      matcher.lastIndex = 0;
      const hit = matcher.test(normal);
      matcher.lastIndex = 0;
      if (hit) return true;
    }
    return false;
  }
}
