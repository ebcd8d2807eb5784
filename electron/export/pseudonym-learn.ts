// The pseudonymiser's first walk (pseudonymise.ts): learns who is in an export, copying nothing. It visits
// exactly what the second walk rewrites, in the same order, so both agree on who is whose. Beside it, what
// both walks ask of a value: a person object's id, username and full name, what a request parameter holds.
import { isDict, type Dict } from '../../shared/guards';
import { LOOKS_LIKE_USERNAME, MEDIA_ID, RULE, holdsMediaId, idText, isPersonObject, rulesOf, wholeMediaId } from './pseudonym-fields';
import { mentionsOf } from './pseudonym-mentions';
import type { People } from './pseudonym-people';

const USER_PARAM = /(^|_)(user|owner|author|account)_?(id|ids|pk)$|^username$|^user$/i;
const USERNAME_PARAM = /^username$|^user$/i;
/** What a request parameter holds, by its name. */
export const PARAM_OTHER = 0;
export const PARAM_USERNAME = 1;
export const PARAM_USER_ID = 2;
export const PARAM_QUERY = 3;
export function paramKind(key: string): number {
  return USERNAME_PARAM.test(key) ? PARAM_USERNAME : USER_PARAM.test(key) ? PARAM_USER_ID : key === 'query' ? PARAM_QUERY : PARAM_OTHER;
}
/** A number under such a key may be someone's id. */
export const ID_RULES = RULE.ID_FIELD | RULE.PERSON_ID;
/** Texts remembered by the walks: a raw record repeats its normalised record's caption or comment. */
export const TEXT_MEMO = 1000;

/** Whether a string may hold an @mention (segmentText finds none without an '@'). */
export const mayMention = (text: string): boolean => text.indexOf('@') >= 0;

/** A string under an artist key that names an account ("original audio" credited to a username). */
export function isArtistUsername(value: string): boolean {
  return LOOKS_LIKE_USERNAME.test(value) && /[._]/.test(value);
}

/**
 * A person object's id: the first of pk, id, pk_id, strong_id__, account_id, user_id (in this order)
 * that holds one, without an object made for it. Field by field: a load by a constant name is cheaper
 * than one by a key taken from a list.
 */
export function idOf(obj: Dict): string | null {
  return idText(obj['pk']) ?? idText(obj['id']) ?? idText(obj['pk_id']) ?? idText(obj['strong_id__']) ?? idText(obj['account_id']) ?? idText(obj['user_id']);
}

export function usernameOf(obj: Dict): string | null {
  const username = obj['username'];
  return typeof username === 'string' && username !== '' ? username : null;
}

export function fullNameOf(obj: Dict): string | null {
  return typeof obj['full_name'] === 'string' ? obj['full_name'] : typeof obj['fullName'] === 'string' ? obj['fullName'] : null;
}

export interface Learner {
  /** `rules`: those of the key the value is under (0 at the top); `skipRaw`: a normalised record's nested raw records are skipped. */
  walk(value: unknown, rules: number, skipRaw: boolean): void;
  /** The people named by request parameters. */
  params(input: Record<string, unknown>): void;
}

export function createLearner(people: People, options: { dropPictures: boolean }): Learner {

  const learntTexts = new Set<string>();
  function learnText(value: string): void {
    if (!mayMention(value) || learntTexts.has(value)) return;
    if (learntTexts.size >= TEXT_MEMO) learntTexts.clear();
    learntTexts.add(value);
    for (const name of mentionsOf(value)) people.add(null, name, null);
  }

  function learnString(value: string): void {
    // A media id and nothing else (every post's): its owner without the expression.
    const underscore = wholeMediaId(value);
    if (underscore >= 0) people.add(value.slice(underscore + 1), null, null);
    else if (holdsMediaId(value)) for (const m of value.matchAll(MEDIA_ID)) people.add(m[2] ?? null, null, null);
  }

  function learnId(value: unknown): void {
    if (Array.isArray(value)) {
      for (const v of value) learnId(v);
      return;
    }
    const id = idText(value);
    if (id !== null) people.add(id, null, null);
  }

  function learnUsername(value: unknown): void {
    if (typeof value === 'string' && value !== '') people.add(null, value, null);
  }

  function learnPerson(obj: Dict, skipRaw: boolean): void {
    people.add(idOf(obj), usernameOf(obj), fullNameOf(obj));
    for (const k in obj) {
      const r = rulesOf(k);
      if (r & (RULE.PERSON_ID | RULE.USERNAME | RULE.FULL_NAME)) continue;
      const v = obj[k];
      if (r & RULE.PICTURE) {
        if (!options.dropPictures) learnValue(v, r, skipRaw);
      } else if (r & RULE.TEXT) {
        if (typeof v === 'string') learnText(v);
        else learnValue(v, r, skipRaw);
      } else if (r & RULE.PERSON_KEEP) learnValue(v, r, skipRaw);
    }
  }

  function learnStringValue(value: string, rules: number): void {
    if (rules & RULE.TEXT) learnText(value);
    else if (rules & RULE.ARTIST && isArtistUsername(value)) learnUsername(value);
    else learnString(value);
  }

  /**
   * learnWalk() of a value found in an object or a list. Most values are strings, numbers or flags:
   * learnWalk() calls itself, so it is never inlined, and a call per value cost more than what they
   * teach. A number, flag or null teaches nothing here.
   */
  function learnValue(value: unknown, rules: number, skipRaw: boolean): void {
    if (typeof value === 'string') learnStringValue(value, rules);
    else if (typeof value === 'object') learnWalk(value, rules, skipRaw);
  }

  /** `rules`: those of the key the value is under (0 at the top). */
  function learnWalk(value: unknown, rules: number, skipRaw: boolean): void {
    if (typeof value === 'string') {
      learnStringValue(value, rules);
      return;
    }
    if (Array.isArray(value)) {
      if (rules & RULE.USERNAME_LIST && value.every((v) => typeof v === 'string')) for (const v of value) learnUsername(v);
      else for (const v of value) learnValue(v, rules, skipRaw);
      return;
    }
    if (!isDict(value)) return;
    if (isPersonObject(value)) {
      learnPerson(value, skipRaw);
      return;
    }
    for (const k in value) {
      const r = rulesOf(k);
      if (r & RULE.DROPPED || (skipRaw && k === 'raw')) continue;
      const v = value[k];
      if (r & RULE.ID_FIELD && (typeof v !== 'object' || Array.isArray(v))) learnId(v);
      else learnValue(v, r, skipRaw);
    }
  }

  function learnParams(input: Record<string, unknown>): void {
    for (const k in input) {
      const v = input[k];
      const kind = paramKind(k);
      if (kind === PARAM_USERNAME) learnUsername(v);
      else if (kind === PARAM_USER_ID) learnId(v);
      else if (kind !== PARAM_QUERY) learnWalk(v, rulesOf(k), false);
    }
  }

  return { walk: learnWalk, params: learnParams };
}
