// Adding targets in bulk: pasted or imported entries read again by main (never the renderer's reading),
// sorted into valid, duplicate, invalid and to-resolve (usernames the study and the cache do not know:
// their user id costs one lookup each). The preview sends nothing; adding asks main's question for the
// lookups first, then looks them up within that grant, keeping going after one that fails.
import { randomUUID } from 'node:crypto';
import { findEndpoint } from '../../shared/api/catalog';
import { unitsBilled, type AppError } from '../../shared/api/errors';
import { normalizeAnswer } from '../../shared/api/normalize';
import type { SessionInfo } from '../../shared/ipc';
import type { AppRecord } from '../../shared/records';
import type { Collect, PreviewEntry, TargetsAdded, TargetsPreview } from '../../shared/ipc/studies';
import { entryKeys, parseEntry, splitEntries, type ParsedEntry } from '../../shared/study-entries';
import { requestsWord, type Ask } from '../calls/ask';
import type { CallCache, CallService } from '../calls/calls';
import { createGrant, type SpendGrant } from '../calls/cost-guard';
import { assertWritable, type Db } from './db';
import { rowsOf } from './extract';
import { POST_PATH } from './plan';
import { createRecordStore, type RecordStore } from './store';
import type { NewTarget, TargetsTable } from './targets';

export const LOOKUP_PATH = '/v2/user/by/username';
const CACHED_LOOKUPS = ['/v1/user/by/username', '/v2/user/by/username'];

/** A request an entry needs before it is added (status resolve): an account's user id, a post's counts. */
interface Lookup {
  path: string;
  params: Record<string, string>;
  /** How the entry is named when the lookup fails. */
  name: string;
}

interface Sorted {
  entry: PreviewEntry;
  target: NewTarget | null;
  lookup: Lookup | null;
}

/** The user id of a username, free: from the study's records or an answer in the cache. */
async function knownUserId(db: Db, cache: Pick<CallCache, 'get'>, username: string): Promise<string | null> {
  const row = db.prepare("SELECT id FROM records WHERE kind = 'user' AND lower(username) = ? ORDER BY richness DESC LIMIT 1").get(username.toLowerCase()) as { id: string } | undefined;
  if (row) return row.id;
  for (const path of CACHED_LOOKUPS) {
    const hit = await cache.get(path, { username });
    const found = hit ? normalizeAnswer(findEndpoint(path)!, hit.data) : null;
    if (found && !Array.isArray(found) && found.kind === 'profile' && found.username?.toLowerCase() === username.toLowerCase()) return found.id;
  }
  return null;
}

/** The username of a user id, free: from the study's records or a profile in the cache. */
async function knownUsername(db: Db, cache: Pick<CallCache, 'get'>, id: string): Promise<string | null> {
  const row = db.prepare("SELECT username FROM records WHERE kind = 'user' AND id = ? AND username IS NOT NULL").get(id) as { username: string } | undefined;
  if (row) return row.username;
  for (const path of ['/v1/user/by/id', '/v2/user/by/id']) {
    const hit = await cache.get(path, { id });
    const found = hit ? normalizeAnswer(findEndpoint(path)!, hit.data) : null;
    if (found && !Array.isArray(found) && found.kind === 'profile' && found.id === id && found.username) return found.username;
  }
  return null;
}

/** Whether the study or the cache holds a post (its comment count, for the estimate), free. */
async function knownPost(db: Db, cache: Pick<CallCache, 'get'>, id: string): Promise<boolean> {
  if (db.prepare("SELECT 1 FROM records WHERE kind = 'post' AND id = ?").get(id)) return true;
  return (await cache.get(POST_PATH, { id })) !== null;
}

function targetOf(p: Extract<ParsedEntry, { ok: true }>, userId: string | null): NewTarget | null {
  if (p.kind !== 'account') return { kind: p.kind, key: p.key, label: p.label };
  const id = p.userId ?? userId;
  if (!id) return null;
  return { kind: 'account', key: id, label: p.username ? `@${p.username}` : `user ${id}`, username: p.username };
}

async function sort(db: Db, cache: Pick<CallCache, 'get'>, targets: TargetsTable, text: string): Promise<Sorted[]> {
  const existing = targets.keys();
  const seen = new Map<string, number>();
  const out: Sorted[] = [];
  for (const raw of splitEntries(text)) {
    const parsed = parseEntry(raw.input);
    const base = { line: raw.line, input: raw.input.slice(0, 300) };
    if (!parsed.ok) {
      out.push({ entry: { ...base, status: 'invalid', kind: null, label: null, note: parsed.reason }, target: null, lookup: null });
      continue;
    }
    let keys = entryKeys(parsed);
    let userId: string | null = null;
    if (parsed.kind === 'account' && parsed.username && !parsed.userId) {
      userId = await knownUserId(db, cache, parsed.username);
      if (userId) keys = [...keys, `account:${userId}`];
    }
    let target = targetOf(parsed, userId);
    if (target?.kind === 'account' && !target.username) {
      const username = await knownUsername(db, cache, target.key);
      if (username) target = { ...target, label: `@${username}`, username };
    }
    const label = target?.label ?? (parsed.kind === 'account' ? `@${parsed.username}` : null);
    const inStudy = keys.find((k) => existing.has(k));
    const repeated = keys.map((k) => seen.get(k)).find((line) => line !== undefined);
    if (inStudy || repeated !== undefined) {
      const note = inStudy ? 'Already in the study.' : `Same as line ${repeated}.`;
      out.push({ entry: { ...base, status: 'duplicate', kind: parsed.kind, label, note }, target: null, lookup: null });
      continue;
    }
    for (const k of keys) seen.set(k, raw.line);
    if (!target) {
      const username = parsed.kind === 'account' ? parsed.username : null;
      const lookup = username ? { path: LOOKUP_PATH, params: { username }, name: `@${username}` } : null;
      out.push({ entry: { ...base, status: 'resolve', kind: 'account', label, note: 'Its user id costs 1 request to look up.' }, target: null, lookup });
      continue;
    }
    // A post's counts say what reading its comments will cost: read once now, the first run's estimate holds.
    if (target.kind === 'post' && !(await knownPost(db, cache, target.key))) {
      const lookup = { path: POST_PATH, params: { id: target.key }, name: target.label };
      out.push({ entry: { ...base, status: 'resolve', kind: 'post', label: target.label, note: 'Its counts cost 1 request to read (for the estimate); the first run reads them from the cache.' }, target, lookup });
      continue;
    }
    out.push({ entry: { ...base, status: 'valid', kind: parsed.kind, label: target.label, note: null }, target, lookup: null });
  }
  return out;
}

function counts(entries: readonly PreviewEntry[]): TargetsPreview['counts'] {
  const c = { valid: 0, resolve: 0, duplicate: 0, invalid: 0 };
  for (const e of entries) c[e.status] += 1;
  return c;
}

export async function previewTargets(db: Db, cache: Pick<CallCache, 'get'>, targets: TargetsTable, text: string): Promise<TargetsPreview> {
  const entries = (await sort(db, cache, targets, text)).map((s) => s.entry);
  const c = counts(entries);
  return { entries, counts: c, resolveUnits: c.resolve };
}

export interface AddDeps {
  db: Db;
  cache: Pick<CallCache, 'get'>;
  targets: TargetsTable;
  calls: Pick<CallService, 'call'>;
  ask: Ask;
  studyId: string;
  studyName: string;
  /** The session the lookups run in (a billed failure is logged with it). */
  session: () => SessionInfo;
  now: () => number;
}

/** What the lookups are for, in words: "their user ids", "its counts", or both. */
function lookupWords(lookups: readonly { lookup: Lookup }[]): string {
  const accounts = lookups.filter((s) => s.lookup.path === LOOKUP_PATH).length;
  const posts = lookups.length - accounts;
  const words = [accounts > 0 ? `the user id of ${accounts} account${accounts === 1 ? '' : 's'}` : '', posts > 0 ? `the counts of ${posts} post${posts === 1 ? '' : 's'}` : ''];
  return words.filter(Boolean).join(' and ');
}

/**
 * One lookup, tagged with the study, its request id chosen here so that a billed "not found" is one of the
 * study's requests too. The answer's record goes in the study with its request; null when not found.
 */
async function lookUp(d: AddDeps, store: RecordStore, grant: SpendGrant, lookup: Lookup, result: TargetsAdded): Promise<AppRecord | null> {
  const endpoint = findEndpoint(lookup.path)!;
  const requestId = randomUUID();
  const r = await d.calls.call({ path: lookup.path, params: lookup.params, requestId }, { grant, study: { id: d.studyId } });
  if (!r.ok) {
    const units = unitsBilled(r.error, endpoint.cost);
    result.unitsSpent += units;
    if (units > 0) {
      const s = d.session();
      store.request({ id: requestId, runId: null, targetId: null, path: lookup.path, params: lookup.params, fetchedAt: d.now(), units, cacheHit: false, items: 0, newItems: 0, sessionId: s.id, mode: s.mode, origin: s.origin });
    }
    result.notFound.push(r.error.kind === 'not_found' ? lookup.name : `${lookup.name} (${r.error.message})`);
    return null;
  }
  result.unitsSpent += r.value.units;
  const found = normalizeAnswer(endpoint, r.value.data);
  const expected = lookup.path === LOOKUP_PATH ? 'profile' : 'post';
  if (!found || Array.isArray(found) || found.kind !== expected) {
    result.notFound.push(lookup.name);
    return null;
  }
  // The answer is collected data too: it goes in the study with the request it came from.
  const now = d.now();
  for (const row of rowsOf(found)) store.put(row, { runId: null, requestId: r.value.requestId, now });
  store.request({ id: r.value.requestId, runId: null, targetId: null, path: lookup.path, params: lookup.params, fetchedAt: r.value.fetchedAt, units: r.value.units, cacheHit: r.value.cacheHit, items: 1, newItems: 1, sessionId: r.value.session.id, mode: r.value.session.mode, origin: r.value.session.origin });
  return found;
}

export async function addTargets(d: AddDeps, text: string, collect: Collect): Promise<TargetsAdded> {
  const sorted = await sort(d.db, d.cache, d.targets, text);
  const toResolve = sorted.filter((s): s is Sorted & { lookup: Lookup } => s.lookup !== null);
  const result: TargetsAdded = { added: 0, duplicates: 0, invalid: 0, notFound: [], unitsSpent: 0 };
  if (toResolve.length > 0) {
    // Another program's lock is found before anything is asked or spent, not when the answers cannot be stored.
    assertWritable(d.db);
    const answer = await d.ask({
      purpose: 'spend',
      title: `Spend ${requestsWord(toResolve.length)}?`,
      message: `Adding these entries to “${d.studyName}” needs ${lookupWords(toResolve)}: ${toResolve.length.toLocaleString('en-US')} lookup${toResolve.length === 1 ? '' : 's'} cost ${requestsWord(toResolve.length)}.`,
      detail: 'Each lookup also stores the account’s profile or the post in the study. Entries the service does not know are reported and not added.',
      confirm: `Spend ${requestsWord(toResolve.length)}`,
    });
    if (!answer.confirmed) {
      const declined: AppError = { kind: 'cancelled', message: 'Nothing was added and nothing was spent.', billed: false, retryable: true };
      throw declined;
    }
    const grant = createGrant(`Looking up ${requestsWord(toResolve.length)} for “${d.studyName}”`, toResolve.length);
    const store = createRecordStore(d.db);
    for (const s of toResolve) {
      const found = await lookUp(d, store, grant, s.lookup, result);
      if (found?.kind === 'profile') s.target = { kind: 'account', key: found.id, label: found.username ? `@${found.username}` : `user ${found.id}`, username: found.username };
      else if (found?.kind !== 'post') s.target = null;
    }
  }
  const now = d.now();
  for (const s of sorted) {
    if (s.entry.status === 'invalid') result.invalid += 1;
    else if (s.entry.status === 'duplicate') result.duplicates += 1;
    else if (s.target) {
      const { added } = d.targets.add(s.target, collect, now);
      if (added) result.added += 1;
      else result.duplicates += 1;
    }
  }
  return result;
}
