// The people of one export, learnt in the first walk and frozen: their pseudonyms, and the scrubbing of
// any string that names one of them. A string goes through one quick pass first (pseudonym-scan.ts):
// only one that may name someone goes on to the exact rules below.
import { MEDIA_ID, MIN_FULL_NAME, USERNAME_TOKEN, isDigit } from './pseudonym-fields';
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
/** A link to the platform's media hosts (ids and signatures only). */
const CDN_URL = /^https:\/\/[a-z0-9.-]+\.(cdninstagram\.com|fbcdn\.net)\/[^\s]*$/i;

function isCdnUrl(text: string): boolean {
  return CDN_URL.test(text);
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
  /**
   * Pseudonyms made so far, by what they are keyed on: the export's table of who is whom (an HMAC per
   * occurrence of a person would cost more than the rest of the walk).
   */
  private readonly byId = new Map<string, string>();
  private readonly byName = new Map<string, string>();
  private readonly byFullName = new Map<string, string>();
  /** Lengths of the numeric ids: a run of digits of another length is no one's id (no string made for it). */
  private readonly idLengths = new IdLengths();
  /** Built at freeze(): until then every string takes the exact rules. */
  private scanner: StringScanner | null = null;

  constructor(private readonly key: Buffer) {}

  add(id: string | null, username: string | null, fullName: string | null): void {
    if (id && !this.ids.has(id)) {
      this.ids.add(id);
      if (/^\d+$/.test(id)) this.idLengths.add(id.length);
    }
    const name = username ? normaliseUsername(username) : null;
    if (name) {
      const known = this.names.get(name);
      if (known === undefined || (known === null && id)) this.names.set(name, id);
    }
    if (!fullName) return;
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
  }

  /** The pseudonym of the person with this (non-empty) id. */
  idPseudonym(id: string): string {
    return this.made(this.byId, 'id:', id);
  }

  /** The pseudonym of a username as written (a mention). */
  usernamePseudonym(username: string): string {
    return this.pseudonym({ id: null, username });
  }

  /** Keyed on the id when known (given, or seen with the username), else the username, else the full name. */
  pseudonym(person: Person): string {
    if (person.id) return this.idPseudonym(person.id);
    const name = person.username ? normaliseUsername(person.username) : null;
    const id = name ? this.names.get(name) : null;
    if (id) return this.idPseudonym(id);
    if (name) return this.made(this.byName, 'username:', name);
    return this.made(this.byFullName, 'full_name:', person.fullName ?? '');
  }

  private made(made: Map<string, string>, kind: string, value: string): string {
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

  /** What the quick pass finds in a string (see pseudonym-scan.ts); in a media host's link (`cdn`), only ids count. */
  private scan(text: string, cdn: boolean): number {
    if (this.scanner === null) return ANYTHING;
    return cdn ? this.scanner.idsIn(text, 0, text.length) : this.scanner.scan(text);
  }

  /** Every run of digits that is a known id replaced by its pseudonym. */
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
    const cdn = isCdnUrl(text);
    let found = this.scan(text, cdn);
    if (found === 0) return text;
    let out = text;
    if (found & FOUND_MEDIA_ID) out = out.replace(MEDIA_ID, (_m, pk: string, owner: string) => `${pk}_${this.idPseudonym(owner)}`);
    if (found & FOUND_ID || out !== text) out = this.replaceKnownIds(out);
    // A media host's link holds ids (handled above) and signatures, never a username or a name.
    if (cdn) return out;
    if (out !== text) found = this.scan(out, false);
    if (found & MAY_NAME && this.names.size > 0) {
      const before = out;
      out = this.replaceUsernames(out);
      if (out !== before) found = this.scan(out, false);
    }
    if (found & MAY_FULL_NAME && this.fullNameMatchers.length > 0) out = this.replaceFullNames(out);
    return out;
  }

  /** Every word that is a known username (dots at its ends aside) replaced by the person's pseudonym. */
  private replaceUsernames(text: string): string {
    return text.replace(USERNAME_TOKEN, (token) => {
      const name = this.knownName(token);
      if (name === null) return token;
      const start = token.toLowerCase().indexOf(name);
      return token.slice(0, start) + this.pseudonym({ id: null, username: name }) + token.slice(start + name.length);
    });
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

  /** Whether a string still holds an id, username or full name of the export's people. */
  leaksIn(text: string): boolean {
    const cdn = isCdnUrl(text);
    const found = this.scan(text, cdn);
    if (found & FOUND_ID && this.knownIdRuns(text).length > 0) return true;
    return !cdn && (found & (MAY_NAME | MAY_FULL_NAME)) !== 0 && this.namesIn(text, found);
  }

  /** Whether a text that is no media host's link holds a known username or full name. */
  private namesIn(text: string, found: number): boolean {
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
