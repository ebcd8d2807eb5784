// The JSON sidecar beside each saved item (`<same name>.json`): the normalised record, the raw record
// as the service sent it, the saved files, and where it all came from (endpoint, params, times, app
// version, the sha256 of the service's answer). The library is rebuilt from these files alone.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { stringifyLossless } from '../../shared/api/json';
import type { Provenance } from '../../shared/ipc';
import type { Ledger } from '../calls/ledger';
import type { FileRole, GroupKind } from './plan';
import type { Group, Task } from './queue-state';
import { isFile } from '../storage/is-file';
import type { RefreshedBy } from './refresh';

export const SIDECAR_FORMAT = 'feedlens-sidecar';
export const SIDECAR_VERSION = 1;

export interface SidecarFile {
  /** File name, relative to the sidecar's folder. */
  name: string;
  /** Position in the carousel (1-based), null outside one. */
  index: number | null;
  role: FileRole;
  mediaPk: string;
  /** The URL the bytes came from. */
  url: string;
  bytes: number;
  sha256: string;
  contentType: string | null;
  /** The call that renewed an expired link, when one was needed. */
  refreshedBy: RefreshedBy | null;
}

export interface SidecarProvenance {
  endpoint: string;
  params: Provenance['params'];
  requestId: string | null;
  /** ISO 8601, UTC. */
  fetchedAt: string;
  savedAt: string;
  appVersion: string;
  /** sha256 of the service's answer the record came from (from the request ledger), when known. */
  answerSha256: string | null;
  /** True when the record came from demo mode's simulator (invented data); null when the ledger does not know. */
  simulated: boolean | null;
  /** The service's origin the record came from (from the request ledger), when known. */
  origin: string | null;
}

export interface Sidecar {
  format: typeof SIDECAR_FORMAT;
  version: number;
  id: string;
  kind: GroupKind;
  username: string | null;
  ownerId: string | null;
  /** Epoch seconds. */
  takenAt: number | null;
  highlight: { id: string; title: string | null } | null;
  files: SidecarFile[];
  /** The normalised record, without the `raw` copies (the raw record is below, once). */
  record: unknown;
  raw: unknown;
  provenance: SidecarProvenance;
}

/** The record without its `raw` fields (nested users and places carry one each). */
export function withoutRaw(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutRaw);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (key !== 'raw') out[key] = withoutRaw(v);
  return out;
}

export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The sidecar's text: two-space indentation, keys in the order above (the library relies on both). */
export function sidecarText(sidecar: Sidecar): string {
  try {
    return `${JSON.stringify(sidecar, null, 2)}\n`; // native, and the same text for JSON data
  } catch {
    return `${stringifyLossless(sidecar, 2)}\n`; // a bigint somewhere (records come through structured clone)
  }
}


/** The shape the library relies on, and the format marker that says Feedlens wrote the file. */
export function isSidecar(v: unknown): v is Sidecar {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Partial<Sidecar>;
  return s.format === SIDECAR_FORMAT && typeof s.id === 'string' && typeof s.kind === 'string' && Array.isArray(s.files) && typeof s.provenance === 'object';
}

/** What the request ledger says of the answer a record came from (all null when it does not know). */
export interface AnswerFacts {
  sha256: string | null;
  simulated: boolean | null;
  origin: string | null;
}

export const UNKNOWN_ANSWER: AnswerFacts = { sha256: null, simulated: null, origin: null };

/**
 * The facts of the answer a record came from, from the request ledger (never from the renderer, which
 * sent the record): its sha256 (null for cache hits: no body was read), whether it was simulated, and its
 * origin. Remembered per requestId: a page's items share one answer.
 */
export function ledgerAnswerFacts(ledger: Pick<Ledger, 'requests'>): (p: Provenance) => Promise<AnswerFacts> {
  const known = new Map<string, Promise<AnswerFacts>>();
  return (p) => {
    if (p.requestId === null) return Promise.resolve(UNKNOWN_ANSWER);
    let found = known.get(p.requestId);
    if (!found) {
      const requestId = p.requestId;
      found = ledger.requests(new Set([requestId]), { from: p.fetchedAt, to: p.fetchedAt }).then((facts) => {
        const f = facts.get(requestId);
        return f ? { sha256: f.sha256, simulated: f.mode === 'demo', origin: f.origin } : UNKNOWN_ANSWER;
      });
      if (known.size >= 1000) known.delete(known.keys().next().value as string);
      known.set(requestId, found);
    }
    return found;
  };
}

export interface SidecarContext {
  answerFacts?: (p: Provenance) => Promise<AnswerFacts>;
  version: string;
  now: () => number;
}


/**
 * The sidecar of a complete item: its record, where it came from, and its files saved so far.
 * `placed(t)`: where a file of this batch was (or is about to be) given its name, null for the others,
 * whose saved file is looked at on disk.
 */
export async function sidecarOf(group: Group, members: readonly Task[], sidecarPath: string, placed: (t: Task) => string | null, c: SidecarContext): Promise<Sidecar> {
  const files: SidecarFile[] = [];
  for (const t of members) {
    const placedAt = placed(t);
    const path = placedAt ?? t.path;
    const saved = t.state === 'done' || t.state === 'skipped' || placedAt !== null;
    if (!saved || path === null || (placedAt === null && !(await isFile(path)))) continue;
    const bytes = placedAt !== null ? t.bytes : (await stat(path)).size;
    // A file found already saved (or saved before hashing was kept) is read once for its hash.
    t.sha256 ??= await fileSha256(path);
    files.push({ name: relative(dirname(sidecarPath), path).split('\\').join('/'), index: t.index, role: t.role, mediaPk: t.mediaPk, url: t.url, bytes, sha256: t.sha256, contentType: t.contentType, refreshedBy: t.refreshedBy });
  }
  const p = group.provenance as Provenance;
  const record = group.record ?? {};
  const answer = c.answerFacts ? await c.answerFacts(p).catch(() => UNKNOWN_ANSWER) : UNKNOWN_ANSWER;
  return {
    format: SIDECAR_FORMAT,
    version: SIDECAR_VERSION,
    id: group.id,
    kind: group.kind,
    username: group.username,
    ownerId: group.ownerId,
    takenAt: group.takenAt,
    highlight: group.highlight,
    files,
    record: withoutRaw(record),
    raw: record.raw ?? null,
    provenance: {
      endpoint: p.path,
      params: p.params,
      requestId: p.requestId,
      fetchedAt: new Date(p.fetchedAt).toISOString(),
      savedAt: new Date(c.now()).toISOString(),
      appVersion: c.version,
      answerSha256: answer.sha256,
      simulated: answer.simulated,
      origin: answer.origin,
    },
  };
}
