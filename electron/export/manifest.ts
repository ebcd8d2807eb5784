// The manifest every export carries (beside the file as `<name>.manifest.json`, or `manifest.json` inside
// a ZIP): what was exported, from which requests, at what cost, how it was pseudonymised (never the key),
// and every file with its sha256, so an ethics board can see what a dataset is and check it is intact.
import type { Ledger, RequestFacts } from '../ledger';
import type { ColumnSetName } from './columns';

export const MANIFEST_FORMAT_VERSION = 1;

export interface ManifestFile {
  /** Relative to the manifest (inside the ZIP, or the folder of the export). */
  path: string;
  role: 'data' | 'media';
  format?: 'csv' | 'ndjson' | 'json';
  columnSet?: ColumnSetName;
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
  pseudonymisation: PseudonymisationInfo | null;
  /** The study's data-minimisation presets in force (shared/analysis.ts), for study exports. */
  minimisation?: unknown;
  /** What was chosen at the ethics reminder, when it was shown. */
  ethics?: unknown;
  files: ManifestFile[];
}

export interface EndpointCounter {
  add(p: { path: string; params: Record<string, unknown> }): void;
  /** Distinct requests (path + params, params sorted by name), in the order first met. */
  list(): EndpointUse[];
}

/** Counts the items per distinct request as they go by (no pass of its own over the items). */
export function createEndpointCounter(): EndpointCounter {
  const byKey = new Map<string, EndpointUse>();
  // The provenance as given -> its request: the sorting is done once per distinct provenance.
  const known = new Map<string, EndpointUse>();
  return {
    add(p) {
      const quick = `${p.path}\n${JSON.stringify(p.params)}`;
      let use = known.get(quick);
      if (!use) {
        const params = Object.fromEntries(Object.entries(p.params).sort(([a], [b]) => a.localeCompare(b)));
        const key = `${p.path}?${JSON.stringify(params)}`;
        use = byKey.get(key);
        if (!use) {
          use = { path: p.path, params, items: 0 };
          byKey.set(key, use);
        }
        known.set(quick, use);
      }
      use.items += 1;
    },
    list: () => [...byKey.values()],
  };
}

export type { RequestFacts };

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
