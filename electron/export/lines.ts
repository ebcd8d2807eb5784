// NDJSON and JSON exports: one object per item with the normalised record, the raw record as the
// service sent it, and where it came from. Ids are strings with the exact digits everywhere (raw records
// were parsed losslessly, so big integers are strings there too); both writers stream.

export const LINES_FORMAT_VERSION = 1;

export interface LineProvenance {
  endpoint: string;
  params: Record<string, unknown>;
  requestId: string | null;
  /** When the answer was fetched from the service, ISO 8601 UTC. */
  fetchedAt: string | null;
  appVersion: string;
  /** sha256 of the answer's body, from the request ledger; null when unknown (e.g. a cache hit). */
  sha256: string | null;
}

export interface ExportLine {
  kind: string;
  /** The normalised record (shared/records.ts); the raw records nested in it are not written. */
  record: unknown;
  /** The source record; null when pseudonymisation had to drop it (the manifest says how many). */
  raw: unknown;
  provenance: LineProvenance;
}

/** JSON.stringify that writes a stray bigint as its exact digits instead of throwing. */
export function toJson(value: unknown, space?: number): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), space);
}

/** A normalised record without the raw records nested in it (they are parts of the item's raw record). */
function recordJson(record: unknown): string {
  return JSON.stringify(record, (key, v: unknown) => (key === 'raw' ? undefined : typeof v === 'bigint' ? v.toString() : v));
}

/** One item as one line of JSON (no line end). */
export function lineJson(line: ExportLine): string {
  return `{"kind":${JSON.stringify(line.kind)},"record":${recordJson(line.record)},"raw":${toJson(line.raw ?? null)},"provenance":${toJson(line.provenance)}}`;
}

export async function* ndjsonChunks(lines: AsyncIterable<ExportLine> | Iterable<ExportLine>): AsyncGenerator<string> {
  for await (const line of lines) yield `${lineJson(line)}\n`;
}

/** One JSON document, `{"format", "formatVersion", "items": [...]}`, written item by item. */
export async function* jsonChunks(lines: AsyncIterable<ExportLine> | Iterable<ExportLine>): AsyncGenerator<string> {
  yield `{"format":"feedlens-export","formatVersion":${LINES_FORMAT_VERSION},"items":[`;
  let first = true;
  for await (const line of lines) {
    yield `${first ? '\n' : ',\n'}${lineJson(line)}`;
    first = false;
  }
  yield '\n]}\n';
}
