// NDJSON and JSON exports: one object per item with the normalised record, the raw record as the
// service sent it, and where it came from. Ids are strings with the exact digits everywhere (raw records
// were parsed losslessly, so big integers are strings there too); both writers stream.
import { isoTime } from './cells';
import type { StudyFacts } from './columns';

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
  /** True for demo mode's invented data (the simulator's answer); null when the ledger does not know. */
  simulated: boolean | null;
  /** The service's origin the answer came from, from the request ledger; null when unknown. */
  origin: string | null;
}

export interface ExportLine {
  kind: string;
  /** A study's status and coding of the record (study exports only). */
  study?: StudyFacts;
  /** The normalised record (shared/records.ts) without the raw records nested in it (rawLeftOut). */
  record: unknown;
  /** The source record; null when pseudonymisation had to drop it (the manifest says how many). */
  raw: unknown;
  provenance: LineProvenance;
}

/** JSON.stringify that writes a stray bigint as its exact digits instead of throwing (the manifest). */
export function toJson(value: unknown, space?: number): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), space);
}

/** JSON.stringify, natively (no replacer: it costs a call per value); only a value holding a bigint pays for one. */
function fastJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (error instanceof TypeError && /BigInt/i.test(error.message)) return toJson(value);
    throw error;
  }
}

/**
 * The value with the `raw` fields of it and of every object inside it set to undefined (JSON.stringify
 * leaves those out). Copies only the objects on the way to a `raw`; everything else is shared.
 */
export function rawLeftOut(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (typeof v !== 'object' || v === null) continue;
      const w = rawLeftOut(v);
      if (w !== v) (out ??= value.slice())[i] = w;
    }
    return out ?? value;
  }
  const object = value as Record<string, unknown>;
  let out: Record<string, unknown> | null = object.raw !== undefined ? { ...object, raw: undefined } : null;
  for (const key in object) {
    const v = object[key];
    if (key === 'raw' || typeof v !== 'object' || v === null) continue;
    const w = rawLeftOut(v);
    if (w !== v) (out ??= { ...object })[key] = w;
  }
  return out ?? value;
}

/** A study's facts in a line: the check's time in ISO 8601 (UTC) and epoch seconds. */
function studyJson(f: StudyFacts): string {
  const at = f.checkedAt;
  return JSON.stringify({
    status: f.status,
    checkedAt: at === null ? null : isoTime(at) || null,
    checkedAtUnix: at === null ? null : Math.floor(at / 1000),
    codes: f.codes,
    notes: f.notes,
    ...(f.media ? { media: f.media } : {}),
  });
}

/**
 * The provenance JSON of a line: the last one's again when the line has the same provenance object (the
 * lines of one request share it: run.ts).
 */
function provenanceWriter(): (provenance: LineProvenance) => string {
  let last: LineProvenance | null = null;
  let json = '';
  return (provenance) => {
    if (provenance !== last) {
      last = provenance;
      json = fastJson(provenance);
    }
    return json;
  };
}

/**
 * One item as JSON (no line end), in the pieces JSON.stringify made: joined in one string, each item
 * would be copied once more (flattened) before it is written.
 */
function* itemPieces(line: ExportLine, provenanceJson: (provenance: LineProvenance) => string): Generator<string> {
  yield `{"kind":${JSON.stringify(line.kind)},"record":`;
  yield fastJson(line.record);
  yield ',"raw":';
  yield fastJson(line.raw ?? null);
  yield ',"provenance":';
  yield provenanceJson(line.provenance);
  yield line.study ? `,"study":${studyJson(line.study)}}` : '}';
}

export function* ndjsonChunks(lines: Iterable<ExportLine>): Generator<string> {
  const provenanceJson = provenanceWriter();
  for (const line of lines) {
    yield* itemPieces(line, provenanceJson);
    yield '\n';
  }
}

/** One JSON document, `{"format", "formatVersion", "items": [...]}`, written item by item. */
export function* jsonChunks(lines: Iterable<ExportLine>): Generator<string> {
  yield `{"format":"feedlens-export","formatVersion":${LINES_FORMAT_VERSION},"items":[`;
  let first = true;
  const provenanceJson = provenanceWriter();
  for (const line of lines) {
    yield first ? '\n' : ',\n';
    yield* itemPieces(line, provenanceJson);
    first = false;
  }
  yield '\n]}\n';
}
