// Pseudonymisation at export (docs/pseudonymisation.md): every person in an export is replaced by a keyed
// HMAC-SHA256 pseudonym, `u_` + 16 hex digits. The key is per project, 32 random bytes kept in the
// keychain, never in the export or its manifest; so the same person gets the same pseudonym in every
// export of a project and an unrelated one in another project.
//
// A person is keyed on the user id when the export knows it (directly, or through a username seen with
// its id anywhere in the same export), else on the lower-cased username. Records are walked twice: the
// first walk only learns who is in the export (ids, usernames, full names), the second rewrites:
// - person objects (anything with a username or full name: users, owners, coauthors, tagged users,
//   commenters, likers, followers, story mentions, raw user dicts) keep only a short list of harmless
//   fields (flags and counts); ids and usernames become the pseudonym, full names the pseudonym (or
//   nothing with dropNames), pictures stay only without dropPictures; everything else is dropped;
// - fields holding a user id (`user_id`, `owner_id`...) and the owner half of `<media pk>_<user id>`;
// - free text (captions, comments, biographies, accessibility captions): `@name` becomes `@<pseudonym>`,
//   or the text is emptied with dropText;
// - every other string: any id, username or full name of a person of the export is replaced.
//
// The key and the pseudonym are in pseudonym-key.ts, the field rules in pseudonym-fields.ts, the one walk
// over a record in pseudonym-walk.ts, the people of one export in pseudonym-people.ts; this module gives
// the walk its two visitors (learn, rewrite) and checks what it wrote.
import { isDict, type Dict } from '../../shared/guards';
import { MEDIA_ID, RULE, idText, rulesOf } from './pseudonym-fields';
import { mentionsOf, replaceMentions } from './pseudonym-mentions';
import { People } from './pseudonym-people';
import { createWalk, type Visitor } from './pseudonym-walk';

export interface PseudonymOptions {
  /** Pseudonyms are keyed per project. */
  project: string;
  /** Full names are emptied instead of replaced by the pseudonym. */
  dropNames: boolean;
  /** Profile picture URLs are emptied. */
  dropPictures: boolean;
  /** Captions, comment texts, biographies and accessibility captions are emptied. */
  dropText: boolean;
}

export { keyFingerprint, normaliseUsername, projectKey, pseudonymOf, type ProjectKey, type ProjectKeys, type ProjectKeyStore } from './pseudonym-key';

// ---------------------------------------------------------------------------------------------
// The walker

export interface Pseudonymiser {
  readonly options: PseudonymOptions;
  /** First walk: learns the people of a raw record. */
  learn(value: unknown): void;
  /** First walk over a normalised record, skipping the raw records nested in it. */
  learnRecord(record: unknown): void;
  /** Learns the people named by request parameters (`user_id`, `username`). */
  learnParams(params: Record<string, unknown>): void;
  /** Ends the first walk; from here on the people are fixed. */
  freeze(): void;
  /**
   * A pseudonymised copy of a raw record (call after freeze). The parts it leaves unchanged are shared
   * with the input (read-only, like the input).
   */
  apply(value: unknown): unknown;
  /**
   * apply() and leaks() in one walk: the copy, and whether it still holds an id, username or full name
   * of the export's people (the caller then leaves it out).
   */
  applyChecked(value: unknown): { value: unknown; leaks: boolean };
  /** A pseudonymised copy of a normalised record (as apply()), without the raw records nested in it. */
  applyRecord(record: unknown): unknown;
  /** Request parameters with their person values replaced. */
  applyParams<T extends Record<string, unknown>>(params: T): T;
  /** A free-text label ("followers of @nasa") with its people replaced (never emptied). */
  applyLabel(label: string): string;
  /** True when a (pseudonymised) value still holds an id, username or full name of the export's people. */
  leaks(value: unknown): boolean;
  /** The pseudonym of a person, as the export writes it. */
  pseudonym(person: { id?: string | null; username?: string | null }): string;
}

const USER_PARAM = /(^|_)(user|owner|author|account)_?(id|ids|pk)$|^username$|^user$/i;
const USERNAME_PARAM = /^username$|^user$/i;
/** What a request parameter holds, by its name. */
type ParamKind = 'username' | 'user id' | 'query' | 'other';
function paramKind(key: string): ParamKind {
  if (USERNAME_PARAM.test(key)) return 'username';
  if (USER_PARAM.test(key)) return 'user id';
  return key === 'query' ? 'query' : 'other';
}
/** A number under such a key may be someone's id. */
const ID_RULES = RULE.ID_FIELD | RULE.PERSON_ID;

/** A person object's id: the first of pk, id, pk_id, strong_id__, account_id, user_id that holds one. */
function idOf(obj: Dict): string | null {
  for (const key of ['pk', 'id', 'pk_id', 'strong_id__', 'account_id', 'user_id']) {
    const id = idText(obj[key]);
    if (id !== null) return id;
  }
  return null;
}

function usernameOf(obj: Dict): string | null {
  const username = obj['username'];
  return typeof username === 'string' && username !== '' ? username : null;
}

function fullNameOf(obj: Dict): string | null {
  return typeof obj['full_name'] === 'string' ? obj['full_name'] : typeof obj['fullName'] === 'string' ? obj['fullName'] : null;
}

/** The first pass: notes who is in the export, changes nothing. */
function learner(people: People): Visitor {
  return {
    person(obj) {
      people.add(idOf(obj), usernameOf(obj), fullNameOf(obj));
      return null;
    },
    text(value) {
      for (const name of mentionsOf(value)) people.add(null, name, null);
      return value;
    },
    id(id) {
      people.add(id, null, null);
      return id;
    },
    username(name) {
      people.add(null, name, null);
      return name;
    },
    string(value) {
      // `<media pk>_<owner id>`: the owner is a person of the export.
      for (const mediaId of value.match(MEDIA_ID) ?? []) people.add(mediaId.slice(mediaId.indexOf('_') + 1), null, null);
      return value;
    },
  };
}

/** Free text with `@name` written `@<pseudonym>` (the same segments as the UI links), then scrubbed. */
function rewriteText(people: People, value: string): string {
  return people.scrub(replaceMentions(value, (name) => people.usernamePseudonym(name)));
}

/** The second pass: every person replaced by their pseudonym. */
function rewriter(people: People, options: PseudonymOptions): Visitor {
  return {
    person(obj) {
      const id = idOf(obj);
      return id !== null ? people.idPseudonym(id) : people.pseudonym({ id: null, username: usernameOf(obj), fullName: fullNameOf(obj) });
    },
    text: (value) => (options.dropText ? '' : rewriteText(people, value)),
    id: (id) => people.idPseudonym(id),
    username: (name) => people.usernamePseudonym(name),
    string: (value) => people.scrub(value),
  };
}

/** Whether a (pseudonymised) value holds a person of the export in clear: strings anywhere, numbers under id fields. */
function leaksIn(people: People, value: unknown, rules: number): boolean {
  if (typeof value === 'string') return people.leaksIn(value);
  if (typeof value === 'number') return (rules & ID_RULES) !== 0 && people.ids.has(String(value));
  if (Array.isArray(value)) return value.some((v) => leaksIn(people, v, rules));
  if (isDict(value)) {
    for (const k in value) if (leaksIn(people, value[k], rulesOf(k))) return true;
  }
  return false;
}

export function createPseudonymiser(key: Buffer, options: PseudonymOptions): Pseudonymiser {
  const people = new People(key);
  const learn = createWalk(learner(people), options);
  const rewrite = createWalk(rewriter(people, options), options);
  let learning = true;

  function learnParams(input: Record<string, unknown>): void {
    for (const k in input) {
      const v = input[k];
      const kind = paramKind(k);
      if (kind === 'username') learn.username(v);
      else if (kind === 'user id') learn.id(v);
      else if (kind !== 'query') learn.value(v, rulesOf(k), false);
    }
  }

  function rewriteParams<T extends Record<string, unknown>>(input: T): T {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(input)) {
      const v = input[k];
      const kind = paramKind(k);
      if (kind === 'username') out[k] = rewrite.username(v);
      else if (kind === 'user id') out[k] = rewrite.id(v);
      else if (kind === 'query') out[k] = typeof v === 'string' ? people.scrub(v) : v;
      else out[k] = rewrite.value(v, rulesOf(k), false);
    }
    return out as T;
  }

  function frozen(what: string): void {
    if (learning) throw new Error(`pseudonymiser: ${what}() before freeze()`);
  }

  return {
    options,
    // After freeze() the people are fixed: learning more is a no-op.
    learn: (value) => void (learning && learn.value(value, 0, false)),
    learnRecord: (record) => void (learning && learn.value(record, 0, true)),
    learnParams: (p) => void (learning && learnParams(p)),
    freeze() {
      learning = false;
      people.freeze();
    },
    apply(value) {
      frozen('apply');
      return rewrite.value(value, 0, false);
    },
    applyChecked(value) {
      frozen('applyChecked');
      const copy = rewrite.value(value, 0, false);
      return { value: copy, leaks: leaksIn(people, copy, 0) };
    },
    applyRecord(record) {
      frozen('applyRecord');
      return rewrite.value(record, 0, true);
    },
    applyParams(p) {
      frozen('applyParams');
      return rewriteParams(p);
    },
    applyLabel: (label) => rewriteText(people, label),
    leaks: (value) => leaksIn(people, value, 0),
    pseudonym: (p) => people.pseudonym({ id: p.id ?? null, username: p.username ?? null }),
  };
}
