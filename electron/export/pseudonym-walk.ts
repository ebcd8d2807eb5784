// The one walk of the pseudonymiser over a record, by the field rules of pseudonym-fields.ts. Both passes
// take it: the first (who is in the export) with a visitor that notes people and changes nothing, the
// second with one that gives their pseudonyms. So both visit the same values, by the same rules.
//
// The walk returns a copy made at the first value that changes: an unchanged part (counts, media links,
// hashtags) is the input's own, which the writers only read. A field left out is set to undefined,
// which JSON leaves out, so the fields keep their order.
import { isDict, type Dict } from '../../shared/guards';
import { LOOKS_LIKE_USERNAME, RULE, idText, isPersonObject, rulesOf } from './pseudonym-fields';

/** What a pass does with the values the walk finds: each returns what the copy holds instead. */
export interface Visitor {
  /** A person object: the alias its id, username and full name fields become (null: they stay as they are). */
  person(obj: Dict): string | null;
  /** Free text written by people (captions, comments, biographies). */
  text(value: string): string;
  /** A user id (in an id field, or a request parameter). */
  id(id: string): string;
  /** A username (in a list of usernames, a music credit, a request parameter). */
  username(name: string): string;
  /** Any other string. */
  string(value: string): string;
}

export interface WalkOptions {
  /** Full names are emptied instead of replaced by the alias. */
  dropNames: boolean;
  /** Profile pictures are emptied. */
  dropPictures: boolean;
}

export interface Walk {
  /** `rules`: those of the key the value is under (0 at the top). `skipRaw`: leave out nested `raw` records. */
  value(value: unknown, rules: number, skipRaw: boolean): unknown;
  /** A value under an id field: an id, or a list of them. */
  id(value: unknown): unknown;
  /** A value under a username field. */
  username(value: unknown): unknown;
}

/** A string under an artist key that names an account ("original audio" credited to a username). */
function isArtistUsername(value: string): boolean {
  return LOOKS_LIKE_USERNAME.test(value) && /[._]/.test(value);
}

/** Fields of a person object that are the person: id, username, full name. */
const IDENTITY = RULE.PERSON_ID | RULE.USERNAME | RULE.FULL_NAME;

/** The items with `each` applied: the list itself when no item changed, else a copy. */
function mapShared(items: unknown[], each: (item: unknown) => unknown): unknown[] {
  let out: unknown[] | null = null;
  for (let i = 0; i < items.length; i++) {
    const v = items[i];
    const w = each(v);
    if (out === null) {
      if (w === v) continue;
      out = items.slice(0, i);
    }
    out.push(w);
  }
  return out ?? items;
}

export function createWalk(visit: Visitor, options: WalkOptions): Walk {
  function id(value: unknown): unknown {
    if (Array.isArray(value)) return mapShared(value, id);
    const text = idText(value);
    if (text === null) return value;
    const out = visit.id(text);
    // The id kept as it is (learning): the value itself, as it was written (a number, say).
    return out === text ? value : out;
  }

  function username(value: unknown): unknown {
    return typeof value === 'string' && value !== '' ? visit.username(value) : value;
  }

  function string(value: string, rules: number): unknown {
    if (rules & RULE.TEXT) return visit.text(value);
    if (rules & RULE.ARTIST && isArtistUsername(value)) return username(value);
    return visit.string(value);
  }

  /** An id, username or full name field of a person object, as the copy holds it. */
  function identity(v: unknown, rules: number, alias: string): unknown {
    if (rules & RULE.FULL_NAME) return options.dropNames || v === null || v === '' ? null : alias;
    return v === null || v === undefined || v === '' ? v : alias;
  }

  /**
   * A person keeps only its identity (as the alias), its picture and the fields that say nothing of who
   * it is. Learning (no alias), its fields are visited and the person stays as it is.
   */
  function person(obj: Dict, skipRaw: boolean): Dict {
    const alias = visit.person(obj);
    const out: Dict | null = alias === null ? null : {};
    for (const k in obj) {
      const r = rulesOf(k);
      const v = obj[k];
      let w: unknown;
      if (r & IDENTITY) w = alias === null ? v : identity(v, r, alias);
      else if (r & RULE.PICTURE) w = options.dropPictures ? null : value(v, r, skipRaw);
      else if (r & (RULE.TEXT | RULE.PERSON_KEEP)) w = value(v, r, skipRaw);
      else continue; // anything else (contact data, links, bios with entities, friendship...) is left out
      if (out !== null) out[k] = w;
    }
    return out ?? obj;
  }

  function object(obj: Dict, skipRaw: boolean): Dict {
    let out: Dict | null = null;
    for (const k in obj) {
      const r = rulesOf(k);
      const v = obj[k];
      let w: unknown;
      if (r & RULE.DROPPED || (skipRaw && k === 'raw')) w = undefined;
      else if (r & RULE.ID_FIELD && (typeof v !== 'object' || Array.isArray(v))) w = id(v);
      else w = value(v, r, skipRaw);
      if (w === v) continue;
      out ??= { ...obj };
      out[k] = w;
    }
    return out ?? obj;
  }

  function list(items: unknown[], rules: number, skipRaw: boolean): unknown[] {
    if (rules & RULE.USERNAME_LIST && items.every((v) => typeof v === 'string')) return mapShared(items, username);
    return mapShared(items, (v) => value(v, rules, skipRaw));
  }

  function value(v: unknown, rules: number, skipRaw: boolean): unknown {
    if (typeof v === 'string') return string(v, rules);
    if (Array.isArray(v)) return list(v, rules, skipRaw);
    if (!isDict(v)) return v;
    return isPersonObject(v) ? person(v, skipRaw) : object(v, skipRaw);
  }

  return { value, id, username };
}
