// The manifest every export carries (beside the file as `<name>.manifest.json`, or `manifest.json` inside
// a ZIP): what was exported, from which requests, at what cost, how it was pseudonymised (never the key),
// and every file with its sha256, so an ethics board can see what a dataset is and check it is intact.
import { parseLossless } from '../../shared/api/json';
import type { Ledger, RequestFacts } from '../calls/ledger';
import type { ColumnSetName, TableName } from './columns';
import { toJson } from './lines';
import { keyFingerprint } from './pseudonymise';

export const MANIFEST_FORMAT_VERSION = 1;

export interface ManifestFile {
  /** Relative to the manifest (inside the ZIP, or the folder of the export). */
  path: string;
  role: 'data' | 'media' | 'readme';
  format?: 'csv' | 'ndjson' | 'json' | 'text';
  columnSet?: TableName;
  rows?: number;
  bytes: number;
  sha256: string;
  /** The item a media file belongs to. */
  item?: { kind: string; id: string; code: string | null };
}

export interface EndpointUse {
  path: string;
  params: Record<string, unknown>;
  /** Items of the export that came from this request. */
  items: number;
}

export interface PseudonymisationInfo {
  method: 'HMAC-SHA256';
  project: string;
  pseudonymFormat: 'u_ + 16 hex digits';
  keyedOn: string;
  /** A digest of the key (not the key): equal in two exports means the same key was used. */
  keyFingerprint: string;
  keyStorage: string;
  keyPersistent: boolean;
  dropNames: boolean;
  dropPictures: boolean;
  dropText: boolean;
  /** What happened to the raw records. */
  rawRecords: 'pseudonymised' | 'none';
  /** Raw records left out because a person's id, username or name was still found in them. */
  rawDropped: number;
}

/** The manifest's account of a pseudonymisation (never the key: its fingerprint); rawDropped is counted as the export goes. */
export function pseudonymisationInfo(
  project: string,
  key: { key: Buffer; storage: string; persistent: boolean },
  options: { dropNames: boolean; dropPictures: boolean; dropText: boolean },
): PseudonymisationInfo {
  return {
    method: 'HMAC-SHA256',
    project,
    pseudonymFormat: 'u_ + 16 hex digits',
    keyedOn: 'the user id when the export knows it, else the lower-cased username',
    keyFingerprint: keyFingerprint(key.key),
    keyStorage: key.storage,
    keyPersistent: key.persistent,
    dropNames: options.dropNames,
    dropPictures: options.dropPictures,
    dropText: options.dropText,
    rawRecords: 'pseudonymised',
    rawDropped: 0,
  };
}

export interface Manifest {
  format: 'feedlens-export-manifest';
  formatVersion: number;
  app: { name: 'Feedlens'; version: string };
  createdAt: string;
  label: string;
  export: {
    format: 'csv' | 'ndjson' | 'json' | 'zip';
    columnSet: ColumnSetName | null;
    columnSetsVersion: number;
    linesFormatVersion: number;
    delimiter: string | null;
    bom: boolean;
    includeMedia: boolean;
    timeZone: 'UTC';
  };
  items: { total: number; byKind: Record<string, number>; rows: number; skipped: Record<string, number> };
  endpoints: EndpointUse[];
  requests: { distinct: number; inLedger: number; unitsSpent: number | null; note: string };
  /** Where the items came from, by the request ledger: demo mode's simulator or a live service. */
  source: SourceSummary;
  pseudonymisation: PseudonymisationInfo | null;
  /** The study's data-minimisation presets in force (shared/ipc/analysis.ts), for study exports. */
  minimisation?: unknown;
  /** What was chosen at the ethics reminder, when it was shown. */
  ethics?: unknown;
  files: ManifestFile[];
}

export interface EndpointCounter {
  add(p: { path: string; params: Record<string, unknown> }): void;
  /** Distinct requests (path + params, params sorted by name), in the order first met, made one by one. */
  uses(): Iterable<EndpointUse>;
}

/** Whether two parameter objects hold the same keys with the same (===) values: objects are told apart by reference. */
function sameParams(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys) if (a[k] !== b[k] || !Object.hasOwn(b, k)) return false;
  return true;
}

/**
 * Counts the items per distinct request as they go by (no pass of its own over the items). A long export
 * has one request per page: each is kept as its JSON text and a count only, and made an object again
 * when the manifest is written. The items of a page come one after the other: the previous item's key is
 * reused when the request is the same, instead of sorting and writing the parameters again.
 */
export function createEndpointCounter(): EndpointCounter {
  const counts = new Map<string, number>();
  let last: { path: string; params: Record<string, unknown>; key: string } | null = null;
  return {
    add(p) {
      let key: string;
      if (last !== null && last.path === p.path && sameParams(p.params, last.params)) {
        key = last.key;
      } else {
        const params = Object.fromEntries(Object.entries(p.params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
        key = JSON.stringify([p.path, params]);
        // A copy: a caller's object changed in place afterwards must not pass for the same request.
        last = { path: p.path, params: { ...p.params }, key };
      }
      counts.set(key, (counts.get(key) ?? 0) + 1);
    },
    *uses() {
      for (const [key, items] of counts) {
        // Our own JSON of request parameters; read losslessly all the same, as every id in the app is.
        const [path, params] = parseLossless(key) as [string, Record<string, unknown>];
        yield { path, params, items };
      }
    },
  };
}

const ENDPOINTS_PLACEHOLDER = '\n  "endpoints": []';

/**
 * The manifest's text, `toJson(manifest, 2)` and a line end, in pieces, with its endpoints list (empty in
 * `manifest`) written entry by entry from the counter instead of as one array and one string made at
 * the end.
 */
export function* manifestChunks(manifest: Manifest, endpoints: EndpointCounter): Generator<string> {
  if (manifest.endpoints.length > 0) throw new Error('manifest: the endpoints come from the counter');
  const text = toJson(manifest, 2);
  // Indented by two spaces, this can only be the manifest's own key (nested keys are indented more).
  const at = text.indexOf(ENDPOINTS_PLACEHOLDER);
  if (at < 0) throw new Error('manifest: no endpoints field');
  const open = at + ENDPOINTS_PLACEHOLDER.length - 2;
  yield text.slice(0, open);
  let first = true;
  for (const use of endpoints.uses()) {
    yield `${first ? '[\n' : ',\n'}    ${toJson(use, 2).replaceAll('\n', '\n    ')}`;
    first = false;
  }
  yield first ? '[]' : '\n  ]';
  yield text.slice(open + 2);
  yield '\n';
}

export type { RequestFacts };

export interface SourceSummary {
  /** True when any item is demo mode's invented data; false when every item is known to be live; null when none is known. */
  simulated: boolean | null;
  simulatedItems: number;
  liveItems: number;
  /** Items whose request the ledger does not know (another computer's, or pruned). */
  unknownItems: number;
  /** The service origins the items came from. */
  origins: string[];
  note: string;
}

/** Counts the items by the session their request ran in (demo or live), from the ledger's facts and the items per request. */
export function sourceSummary(itemsByRequest: ReadonlyMap<string, number>, withoutRequest: number, facts: Map<string, RequestFacts>): SourceSummary {
  let simulatedItems = 0;
  let liveItems = 0;
  let unknownItems = withoutRequest;
  const origins = new Set<string>();
  for (const [requestId, items] of itemsByRequest) {
    const f = facts.get(requestId);
    if (!f) unknownItems += items;
    else if (f.mode === 'demo') simulatedItems += items;
    else liveItems += items;
    if (f?.origin) origins.add(f.origin);
  }
  return summariseSource(simulatedItems, liveItems, unknownItems, origins);
}

/** The source block of a manifest from its counts of demo, live and unknown items. */
export function summariseSource(simulatedItems: number, liveItems: number, unknownItems: number, origins: Iterable<string>): SourceSummary {
  return {
    simulated: simulatedItems > 0 ? true : liveItems > 0 ? false : null,
    simulatedItems,
    liveItems,
    unknownItems,
    origins: [...new Set(origins)].sort(),
    note:
      simulatedItems > 0
        ? `${simulatedItems} of ${simulatedItems + liveItems + unknownItems} items were collected in demo mode: they are invented by Feedlens' simulator, not real data.`
        : unknownItems > 0
          ? `${unknownItems} items came from requests this computer's ledger does not know: whether they are simulated cannot be told.`
          : 'Every item came from the live service.',
  };
}

/** Facts of the requests the items came from: the ledger's `requests`, or a stand-in in tests. */
export type LedgerFacts = Ledger['requests'];

export function requestsSummary(ids: ReadonlySet<string>, facts: Map<string, RequestFacts>): Manifest['requests'] {
  let units = 0;
  for (const f of facts.values()) units += f.units;
  const missing = ids.size - facts.size;
  return {
    distinct: ids.size,
    inLedger: facts.size,
    unitsSpent: facts.size > 0 ? units : null,
    note:
      missing === 0
        ? 'Units billed for every request the items came from (retries included; cache hits cost 0).'
        : `${missing} of ${ids.size} requests are not in this computer's request ledger: unitsSpent counts the others only.`,
  };
}
