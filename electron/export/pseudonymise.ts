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
import { createHmac, randomBytes } from 'node:crypto';
import { segmentText } from '../../shared/rich-text';

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

/** Where a project's key lives: one keychain entry per project (a SecretStore fits). */
export interface ProjectKeyStore {
  get(): Promise<string | null>;
  set(value: string): Promise<void>;
  /** For the manifest: where the key is kept, and whether it survives a restart. */
  readonly backendName?: string;
  readonly degraded?: boolean;
}

export type ProjectKeys = (project: string) => Promise<ProjectKeyStore>;

export interface ProjectKey {
  key: Buffer;
  /** The key was made by this call (first export of the project). */
  created: boolean;
  storage: string;
  /** False when the store is not a real keychain: pseudonyms change after a restart. */
  persistent: boolean;
}

const KEY_HEX = /^[0-9a-f]{64}$/;

/** The project's key, made (32 random bytes) and stored on first use. */
export async function projectKey(keys: ProjectKeys, project: string): Promise<ProjectKey> {
  const store = await keys(project);
  const stored = (await store.get())?.trim().toLowerCase() ?? '';
  const storage = store.backendName ?? 'keychain';
  const persistent = store.degraded !== true;
  if (KEY_HEX.test(stored)) return { key: Buffer.from(stored, 'hex'), created: false, storage, persistent };
  const key = randomBytes(32);
  await store.set(key.toString('hex'));
  return { key, created: true, storage, persistent };
}

/** A digest of the key that lets a reader check two exports used the same key, without revealing it. */
export function keyFingerprint(key: Buffer): string {
  return createHmac('sha256', key).update('feedlens-key-fingerprint').digest('hex').slice(0, 16);
}

export function normaliseUsername(name: string): string {
  return name.trim().replace(/^@/, '').normalize('NFC').toLowerCase();
}

/** `u_` + the first 16 hex digits of HMAC-SHA256(key, basis). */
function digest(key: Buffer, basis: string): string {
  return `u_${createHmac('sha256', key).update(basis).digest('hex').slice(0, 16)}`;
}

/** The pseudonym of a person: keyed on the id when known, else on the lower-cased username. */
export function pseudonymOf(key: Buffer, person: { id?: string | null; username?: string | null }): string {
  return digest(key, person.id ? `id:${person.id}` : `username:${normaliseUsername(person.username ?? '')}`);
}

// ---------------------------------------------------------------------------------------------
// Field rules

type Dict = Record<string, unknown>;

const isDict = (v: unknown): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Id fields of a person object (raw and normalised). */
const PERSON_ID_KEYS = new Set(['pk', 'id', 'pk_id', 'strong_id__', 'account_id', 'user_id', 'userId']);
const USERNAME_KEYS = new Set(['username']);
const FULL_NAME_KEYS = new Set(['full_name', 'fullName']);
const PICTURE_KEYS = new Set(['profile_pic_url', 'profile_pic_url_hd', 'avatarUrl', 'hd_profile_pic_url_info', 'hd_profile_pic_versions']);
/** Fields of a person object that say nothing about who the person is. Everything else is dropped. */
const PERSON_KEEP_KEYS = new Set([
  'kind', 'source', '__typename', 'is_private', 'isPrivate', 'is_verified', 'isVerified', 'latest_reel_media', 'latestReelMedia',
  'counts', 'media_count', 'follower_count', 'following_count', 'total_clips_count', 'usertags_count', 'has_highlight_reels',
  'highlight_reel_count', 'category', 'category_name', 'business_category_name', 'account_type', 'accountType', 'is_business',
  'isBusiness', 'is_professional_account', 'has_anonymous_profile_picture',
]);
/** Free text written by people: captions, comments, biographies, descriptions of photos. */
const TEXT_KEYS = new Set(['text', 'caption_text', 'biography', 'accessibility_caption', 'accessibilityCaption']);
/** Lists of usernames (the normalised caption's mentions). */
const USERNAME_LIST_KEYS = new Set(['mentions', 'top_likers']);
/** Sentences naming other people ("Followed by x + 3 more"): never needed, always dropped. */
const ALWAYS_DROPPED = new Set(['social_context', 'search_social_context', 'former_usernames', 'formerUsernames']);
/** A field holding another person's id, outside person objects: `user_id`, `owner_id`, `media_owner_id`... */
const ID_FIELD = /(^|_)(user|owner|author|account|commenter|liker|follower|creator|sender|actor)_?(id|pk)s?$|^(userId|ownerId|authorId)$/i;
/** Music credits: an "original audio" is credited to the account's username. */
const ARTIST_KEYS = new Set(['display_artist', 'artist']);
const LOOKS_LIKE_USERNAME = /^[A-Za-z0-9._]{1,30}$/;
/** `<media or story pk>_<owner user id>`: the owner half is a person. */
const MEDIA_ID = /(?<![0-9])(\d{15,})_(\d{3,})(?![0-9])/g;
const DIGITS = /\d+/g;
const USERNAME_TOKEN = /[A-Za-z0-9._]+/g;
const MIN_FULL_NAME = 3;

function idText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  if (typeof value === 'bigint') return value.toString();
  return null;
}

function isPersonObject(obj: Dict): boolean {
  const kind = obj['kind'];
  if (kind === 'user' || kind === 'profile' || kind === 'about') return true;
  return 'username' in obj || 'full_name' in obj || 'fullName' in obj;
}

// ---------------------------------------------------------------------------------------------
// Who is in the export

interface Person {
  id: string | null;
  username: string | null;
  /** Only for a person known by nothing else (a sparse record). */
  fullName?: string | null;
}

/** The people of one export: learnt in the first walk, then frozen. */
class People {
  readonly ids = new Set<string>();
  /** Lower-cased username -> the id seen with it (null while unknown). */
  readonly names = new Map<string, string | null>();
  /** Full name -> the person it belongs to (the first seen). */
  readonly fullNames = new Map<string, Person>();
  /** Full names by their first UTF-16 unit, longest first. */
  private byFirstUnit = new Map<number, string[]>();
  private cache = new Map<string, string>();

  constructor(private readonly key: Buffer) {}

  add(id: string | null, username: string | null, fullName: string | null): void {
    if (id) this.ids.add(id);
    const name = username ? normaliseUsername(username) : null;
    if (name) {
      const known = this.names.get(name);
      if (known === undefined || (known === null && id)) this.names.set(name, id);
    }
    const full = fullName?.normalize('NFC').trim();
    if (full && full.length >= MIN_FULL_NAME && !this.fullNames.has(full)) this.fullNames.set(full, { id, username: name, fullName: full });
  }

  /** Indexes full names by their first character for the substring search. */
  freeze(): void {
    const sorted = [...this.fullNames.keys()].sort((a, b) => b.length - a.length);
    this.byFirstUnit = new Map();
    for (const name of sorted) {
      const head = name.charCodeAt(0);
      const list = this.byFirstUnit.get(head) ?? [];
      list.push(name);
      this.byFirstUnit.set(head, list);
    }
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

  private knownName(token: string): string | null {
    for (const candidate of [token, token.replace(/\.+$/, ''), token.replace(/^\.+/, ''), token.replace(/^\.+|\.+$/g, '')]) {
      const lower = candidate.toLowerCase();
      if (candidate !== '' && this.names.has(lower)) return lower;
    }
    return null;
  }

  /** Replaces every id, username and full name of the export's people inside a string. */
  scrub(text: string): string {
    let out = text.replace(MEDIA_ID, (_m, pk: string, owner: string) => `${pk}_${this.pseudonym({ id: owner, username: null })}`);
    if (this.ids.size > 0) out = out.replace(DIGITS, (digits) => (this.ids.has(digits) ? this.pseudonym({ id: digits, username: null }) : digits));
    if (this.names.size > 0) {
      out = out.replace(USERNAME_TOKEN, (token) => {
        const name = this.knownName(token);
        if (name === null) return token;
        const start = token.toLowerCase().indexOf(name);
        return token.slice(0, start) + this.pseudonym({ id: null, username: name }) + token.slice(start + name.length);
      });
    }
    return this.fullNames.size > 0 ? this.replaceFullNames(out) : out;
  }

  /** The full name of the export's people that starts at `i`, if any (longest first). */
  private fullNameAt(text: string, i: number): string | undefined {
    const candidates = this.byFirstUnit.get(text.charCodeAt(i));
    return candidates === undefined ? undefined : candidates.find((name) => text.startsWith(name, i));
  }

  private replaceFullNames(text: string): string {
    if (text.length < MIN_FULL_NAME) return text;
    const normal = text.normalize('NFC');
    let out = '';
    let copied = 0;
    for (let i = 0; i < normal.length; ) {
      const hit = this.fullNameAt(normal, i);
      if (hit === undefined) {
        i += 1;
        continue;
      }
      out += normal.slice(copied, i) + this.pseudonym(this.fullNames.get(hit) ?? { id: null, username: null, fullName: hit });
      i += hit.length;
      copied = i;
    }
    return copied === 0 ? text : out + normal.slice(copied);
  }

  /** Whether a string still holds an id, username or full name of the export's people. */
  leaksIn(text: string): boolean {
    for (const digits of text.match(DIGITS) ?? []) if (this.ids.has(digits)) return true;
    for (const token of text.match(USERNAME_TOKEN) ?? []) if (this.knownName(token) !== null) return true;
    const normal = text.normalize('NFC');
    for (let i = 0; i < normal.length; i++) if (this.fullNameAt(normal, i) !== undefined) return true;
    return false;
  }
}

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
      for (const m of value.matchAll(MEDIA_ID)) people.add(m[2] ?? null, null, null);
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
    for (const [k, v] of Object.entries(obj)) {
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
    for (const [k, v] of Object.entries(value)) {
      if (ALWAYS_DROPPED.has(k) || (skipRaw && k === 'raw')) continue;
      out[k] = ID_FIELD.test(k) && (typeof v !== 'object' || Array.isArray(v)) ? idValue(v) : walk(v, k, skipRaw);
    }
    return out;
  }

  /** Strings anywhere, and numbers under id fields, still naming a known person. */
  function leaks(value: unknown, key: string | null): boolean {
    if (typeof value === 'string') return people.leaksIn(value);
    if (typeof value === 'number') return key !== null && (ID_FIELD.test(key) || PERSON_ID_KEYS.has(key)) && people.ids.has(String(value));
    if (Array.isArray(value)) return value.some((v) => leaks(v, key));
    if (isDict(value)) return Object.entries(value).some(([k, v]) => leaks(v, k));
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
