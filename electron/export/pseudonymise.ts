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
// The key and the pseudonym are in pseudonym-key.ts, the field rules in pseudonym-fields.ts, the people of
// one export in pseudonym-people.ts; this module walks records with them.
import { isDict, type Dict } from '../../shared/guards';
import { segmentText } from '../../shared/rich-text';
import {
  ALWAYS_DROPPED, ARTIST_KEYS, FULL_NAME_KEYS, LOOKS_LIKE_USERNAME, MEDIA_ID, PERSON_ID_KEYS, PERSON_KEEP_KEYS, PICTURE_KEYS, TEXT_KEYS,
  USERNAME_KEYS, USERNAME_LIST_KEYS, idText, isIdField, isPersonObject,
} from './pseudonym-fields';
import { People, type Person } from './pseudonym-people';

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
  /** A pseudonymised deep copy of a raw record (call after freeze). */
  apply(value: unknown): unknown;
  /** A pseudonymised deep copy of a normalised record, without the raw records nested in it. */
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

export function createPseudonymiser(key: Buffer, options: PseudonymOptions): Pseudonymiser {
  const people = new People(key);
  let learning = true;

  function personOf(obj: Dict): Person {
    let id: string | null = null;
    for (const k of ['pk', 'id', 'pk_id', 'strong_id__', 'account_id', 'user_id']) {
      id = idText(obj[k]);
      if (id !== null) break;
    }
    const username = typeof obj['username'] === 'string' && obj['username'] !== '' ? obj['username'] : null;
    return { id, username };
  }

  function text(value: string): string {
    if (learning) {
      for (const s of segmentText(value)) if (s.kind === 'mention') people.add(null, s.value, null);
      return value;
    }
    if (options.dropText) return '';
    const rewritten = segmentText(value)
      .map((s) => (s.kind === 'mention' ? `@${people.pseudonym({ id: null, username: s.value })}` : s.text))
      .join('');
    return people.scrub(rewritten);
  }

  function str(value: string): string {
    if (learning) {
      if (value.indexOf('_') >= 0) for (const m of value.matchAll(MEDIA_ID)) people.add(m[2] ?? null, null, null);
      return value;
    }
    return people.scrub(value);
  }

  function idValue(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(idValue);
    const id = idText(value);
    if (id === null) return value;
    if (learning) {
      people.add(id, null, null);
      return value;
    }
    return people.pseudonym({ id, username: null });
  }

  function usernameValue(value: unknown): unknown {
    if (typeof value !== 'string' || value === '') return value;
    if (learning) {
      people.add(null, value, null);
      return value;
    }
    return people.pseudonym({ id: null, username: value });
  }

  function person(obj: Dict, skipRaw: boolean): Dict {
    const who = personOf(obj);
    const fullName = typeof obj['full_name'] === 'string' ? obj['full_name'] : typeof obj['fullName'] === 'string' ? obj['fullName'] : null;
    if (learning) people.add(who.id, who.username, fullName);
    const alias = learning ? '' : people.pseudonym({ ...who, fullName });
    const out: Dict = {};
    for (const k in obj) {
      const v = obj[k];
      if (PERSON_ID_KEYS.has(k) || USERNAME_KEYS.has(k)) out[k] = v === null || v === undefined || v === '' ? v : alias;
      else if (FULL_NAME_KEYS.has(k)) out[k] = options.dropNames || v === null || v === '' ? null : alias;
      else if (PICTURE_KEYS.has(k)) out[k] = options.dropPictures ? null : walk(v, k, skipRaw);
      else if (TEXT_KEYS.has(k)) out[k] = typeof v === 'string' ? text(v) : walk(v, k, skipRaw);
      else if (PERSON_KEEP_KEYS.has(k)) out[k] = walk(v, k, skipRaw);
      // anything else (contact data, links, bios with entities, friendship...) is left out
    }
    return out;
  }

  /** `skipRaw`: a normalised record, whose nested `raw` records are left out (the item's raw is apart). */
  function walk(value: unknown, key: string | null, skipRaw = false): unknown {
    if (typeof value === 'string') {
      if (key !== null && TEXT_KEYS.has(key)) return text(value);
      if (key !== null && ARTIST_KEYS.has(key) && LOOKS_LIKE_USERNAME.test(value) && /[._]/.test(value)) return usernameValue(value);
      return str(value);
    }
    if (Array.isArray(value)) {
      if (key !== null && USERNAME_LIST_KEYS.has(key) && value.every((v) => typeof v === 'string')) return value.map(usernameValue);
      return value.map((v) => walk(v, key, skipRaw));
    }
    if (!isDict(value)) return value;
    if (isPersonObject(value)) return person(value, skipRaw);
    const out: Dict = {};
    for (const k in value) {
      const v = value[k];
      if (ALWAYS_DROPPED.has(k) || (skipRaw && k === 'raw')) continue;
      out[k] = isIdField(k) && (typeof v !== 'object' || Array.isArray(v)) ? idValue(v) : walk(v, k, skipRaw);
    }
    return out;
  }

  /** Strings anywhere, and numbers under id fields, still naming a known person. */
  function leaks(value: unknown, key: string | null): boolean {
    if (typeof value === 'string') return people.leaksIn(value);
    if (typeof value === 'number') return key !== null && (isIdField(key) || PERSON_ID_KEYS.has(key)) && people.ids.has(String(value));
    if (Array.isArray(value)) return value.some((v) => leaks(v, key));
    if (isDict(value)) {
      for (const k in value) if (leaks(value[k], k)) return true;
    }
    return false;
  }

  function params<T extends Record<string, unknown>>(input: T): T {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(input)) {
      if (/^username$|^user$/i.test(k)) out[k] = usernameValue(v);
      else if (USER_PARAM.test(k)) out[k] = idValue(v);
      else if (k === 'query') out[k] = typeof v === 'string' ? (learning ? v : people.scrub(v)) : v;
      else out[k] = walk(v, k);
    }
    return out as T;
  }

  return {
    options,
    learn: (value) => void walk(value, null),
    learnRecord: (record) => void walk(record, null, true),
    learnParams: (p) => void params(p),
    freeze() {
      learning = false;
      people.freeze();
    },
    apply(value) {
      if (learning) throw new Error('pseudonymiser: apply() before freeze()');
      return walk(value, null);
    },
    applyRecord(record) {
      if (learning) throw new Error('pseudonymiser: applyRecord() before freeze()');
      return walk(record, null, true);
    },
    applyParams(p) {
      if (learning) throw new Error('pseudonymiser: applyParams() before freeze()');
      return params(p);
    },
    applyLabel(label) {
      const rewritten = segmentText(label)
        .map((s) => (s.kind === 'mention' ? `@${people.pseudonym({ id: null, username: s.value })}` : s.text))
        .join('');
      return people.scrub(rewritten);
    },
    leaks: (value) => leaks(value, null),
    pseudonym: (p) => people.pseudonym({ id: p.id ?? null, username: p.username ?? null }),
  };
}
