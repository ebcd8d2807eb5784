// A record as a study stores it, read back: the normalised record (its JSON holds ids as strings), its raw
// answer (parsed losslessly: raw ids exceed 2^53) and the request it came from. One reading for the data
// browser's viewer, the study exports and the analysis exports.
import { parseLossless } from '../../shared/api/json';
import type { Provenance } from '../../shared/ipc';
import type { AppRecord } from '../../shared/records';

/** The columns a query selects for a stored record: `records r` joined to the request `q` it came from. */
export interface StoredRecordRow {
  record: string;
  raw: string;
  path: string | null;
  params: string | null;
  request_id: string | null;
  fetched_at: number | null;
}

export function recordOfRow(row: StoredRecordRow): AppRecord {
  const record = JSON.parse(row.record) as AppRecord;
  record.raw = parseLossless(row.raw);
  return record;
}

/** Where the record came from; `seenAt` stands in for the time of a request the study no longer has. */
export function provenanceOfRow(row: StoredRecordRow, seenAt: number): Provenance {
  return {
    path: row.path ?? '/',
    params: row.params ? (parseLossless(row.params) as Provenance['params']) : {},
    requestId: row.request_id,
    fetchedAt: row.fetched_at ?? seenAt,
  };
}
