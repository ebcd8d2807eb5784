// The pseudonymiser's second walk (pseudonymise.ts): a pseudonymised copy of a record, made after the
// first walk (pseudonym-learn.ts) has learnt who is in the export. Person objects keep a few harmless
// fields with the pseudonym in place of ids, usernames and names; id fields, media ids and free text are
// rewritten; a raw record's copy is checked on the way for anyone still in clear (applyChecked).
import { isDict, type Dict } from '../../shared/guards';
import { RULE, idText, isPersonObject, rulesOf } from './pseudonym-fields';
import { ID_RULES, PARAM_QUERY, PARAM_USER_ID, PARAM_USERNAME, TEXT_MEMO, fullNameOf, idOf, isArtistUsername, mayMention, paramKind, usernameOf } from './pseudonym-learn';
import { replaceMentions } from './pseudonym-mentions';
import type { People } from './pseudonym-people';
import type { PseudonymOptions } from './pseudonymise';

export interface Rewriter {
  /** `rules`: those of the key the value is under (0 at the top); `skipRaw`: a normalised record's nested raw records are left out. */
  walk(value: unknown, rules: number, skipRaw: boolean): unknown;
  /** walk() of a raw record, and whether its copy still names someone of the export. */
  walkChecked(value: unknown): { value: unknown; leaks: boolean };
  params<T extends Record<string, unknown>>(input: T): T;
  /** Free text with its people replaced (never emptied). */
  text(value: string): string;
  leaks(value: unknown): boolean;
  /** Forgets the texts rewritten so far (the people changed). */
  forgetTexts(): void;
}

export function createRewriter(people: People, options: PseudonymOptions): Rewriter {
  const mentioned = (username: string): string => people.usernamePseudonym(username);
  /**
   * Texts with an '@' rewritten so far: `@name` becomes `@<pseudonym>` (the same segments as the UI
   * links), then the rest is scrubbed. `clean`: the quick pass found no one in the result, so the raw
   * record's leak check (which would run the same pass) is skipped; kept with the text, one look-up.
   */
  const rewritten = new Map<string, { out: string; clean: boolean }>();
  function rewriteMentions(value: string): { out: string; clean: boolean } {
    let done = rewritten.get(value);
    if (done !== undefined) return done;
    const out = people.scrub(replaceMentions(value, mentioned));
    done = { out, clean: people.foundClean(out) };
    if (rewritten.size >= TEXT_MEMO) rewritten.clear();
    rewritten.set(value, done);
    return done;
  }
  function rewriteText(value: string): string {
    return mayMention(value) ? rewriteMentions(value).out : people.scrub(value);
  }

  // -------------------------------------------------------------------------------------------
  // Second walk: the pseudonymised copy. With `checking` on (a raw record), every value written into
  // the copy is checked on the way for a person of the export still in clear: the leak check is part
  // of this walk instead of a walk of its own over the copy.

  let checking = false;
  let leaked = false;

  /** A string written into the copy. */
  function put(value: string): string {
    if (checking && !leaked && people.leaksIn(value)) leaked = true;
    return value;
  }

  /** Any other value written into the copy as it was (a number under an id field may be someone's id). */
  function putAsIs(value: unknown, rules: number): unknown {
    if (checking && !leaked && leaks(value, rules)) leaked = true;
    return value;
  }

  function idValue(value: unknown, rules: number): unknown {
    if (Array.isArray(value)) return value.map((v) => idValue(v, rules));
    const id = idText(value);
    if (id === null) return putAsIs(value, rules);
    return put(people.idPseudonym(id));
  }

  function usernameValue(value: unknown, rules: number): unknown {
    if (typeof value !== 'string' || value === '') return putAsIs(value, rules);
    return put(people.usernamePseudonym(value));
  }

  function text(value: string): string {
    if (options.dropText) return '';
    // Without an '@', put() finds out itself whether scrub() just let the text through.
    if (!mayMention(value)) return put(people.scrub(value));
    const done = rewriteMentions(value);
    return done.clean ? done.out : put(done.out);
  }

  function aliasOf(obj: Dict): string {
    const id = idOf(obj);
    return id !== null ? people.idPseudonym(id) : people.pseudonym({ id: null, username: usernameOf(obj), fullName: fullNameOf(obj) });
  }

  function person(obj: Dict, skipRaw: boolean): Dict {
    const alias = aliasOf(obj);
    const out: Dict = {};
    for (const k in obj) {
      const r = rulesOf(k);
      const v = obj[k];
      if (r & (RULE.PERSON_ID | RULE.USERNAME)) out[k] = v === null || v === undefined || v === '' ? v : put(alias);
      else if (r & RULE.FULL_NAME) out[k] = options.dropNames || v === null || v === '' ? null : put(alias);
      else if (r & RULE.PICTURE) out[k] = options.dropPictures ? null : walkValue(v, r, skipRaw);
      else if (r & RULE.TEXT) out[k] = typeof v === 'string' ? text(v) : walkValue(v, r, skipRaw);
      else if (r & RULE.PERSON_KEEP) out[k] = walkValue(v, r, skipRaw);
      // anything else (contact data, links, bios with entities, friendship...) is left out
    }
    return out;
  }

  /**
   * `rules`: those of the key the value is under (0 at the top). `skipRaw`: a normalised record, whose
   * nested `raw` records are left out (the item's raw is apart).
   */
  function walk(value: unknown, rules: number, skipRaw: boolean): unknown {
    if (typeof value === 'string') return walkString(value, rules);
    if (Array.isArray(value)) {
      if (rules & RULE.USERNAME_LIST && value.every((v) => typeof v === 'string')) return value.map((v) => usernameValue(v, rules));
      return walkList(value, rules, skipRaw);
    }
    if (!isDict(value)) return putAsIs(value, rules);
    if (isPersonObject(value)) return person(value, skipRaw);
    // Copied at the first field that changes: an unchanged part (counts, media links, hashtags) is shared
    // with the input, which the writers only read. The copy is a clone (one native copy, fields in their
    // order) whose changed fields are then set; a field left out is set to undefined, which JSON leaves out.
    let out: Dict | null = null;
    for (const k in value) {
      const r = rulesOf(k);
      const v = value[k];
      const w = r & RULE.DROPPED || (skipRaw && k === 'raw') ? undefined : r & RULE.ID_FIELD && (typeof v !== 'object' || Array.isArray(v)) ? idValue(v, r) : walkValue(v, r, skipRaw);
      if (w === v) continue;
      out ??= { ...value };
      out[k] = w;
    }
    return out ?? value;
  }


  function walkString(value: string, rules: number): unknown {
    if (rules & RULE.TEXT) return text(value);
    if (rules & RULE.ARTIST && isArtistUsername(value)) return usernameValue(value, rules);
    return put(people.scrub(value));
  }

  /**
   * walk() of a value found in an object or a list, as learnValue(): a string or a value that is not an
   * object without the call to walk() (which calls itself, so it is never inlined).
   */
  function walkValue(value: unknown, rules: number, skipRaw: boolean): unknown {
    if (typeof value === 'string') return walkString(value, rules);
    if (typeof value !== 'object') return putAsIs(value, rules);
    return walk(value, rules, skipRaw);
  }

  /** The items of a list rewritten; the list itself when none changed. */
  function walkList(value: unknown[], rules: number, skipRaw: boolean): unknown[] {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      const w = walkValue(v, rules, skipRaw);
      if (out === null) {
        if (w === v) continue;
        out = value.slice(0, i);
      }
      out.push(w);
    }
    return out ?? value;
  }

  /** Strings anywhere, and numbers under id fields, still naming a known person. */
  function leaks(value: unknown, rules: number): boolean {
    if (typeof value === 'string') return people.leaksIn(value);
    if (typeof value === 'number') return (rules & ID_RULES) !== 0 && people.ids.has(String(value));
    if (Array.isArray(value)) return value.some((v) => leaks(v, rules));
    if (isDict(value)) {
      for (const k in value) if (leaks(value[k], rulesOf(k))) return true;
    }
    return false;
  }

  function params<T extends Record<string, unknown>>(input: T): T {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(input)) {
      const v = input[k];
      const r = rulesOf(k);
      const kind = paramKind(k);
      if (kind === PARAM_USERNAME) out[k] = usernameValue(v, r);
      else if (kind === PARAM_USER_ID) out[k] = idValue(v, r);
      else if (kind === PARAM_QUERY) out[k] = typeof v === 'string' ? people.scrub(v) : v;
      else out[k] = walk(v, r, false);
    }
    return out as T;
  }

  return {
    walk,
    walkChecked(value) {
      checking = true;
      leaked = false;
      try {
        const copy = walk(value, 0, false);
        return { value: copy, leaks: leaked };
      } finally {
        checking = false;
      }
    },
    params,
    text: rewriteText,
    leaks: (value) => leaks(value, 0),
    forgetTexts: () => rewritten.clear(),
  };
}
