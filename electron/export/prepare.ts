// What an export writes of each item, before any writer sees it: with pseudonymisation, the people of
// the export learnt first (one walk over every item), then each item rewritten as it is written, its raw
// record left out when it still names someone; and each line's provenance, made once per page of items.
import { validationError } from '../../shared/api/errors';
import type { Provenance } from '../../shared/ipc';
import type { AppRecord } from '../../shared/records';
import { fitsDate } from './cells';
import { rawLeftOut, type ExportLine, type LineProvenance } from './lines';
import { pseudonymisationInfo, type Manifest, type RequestFacts } from './manifest';
import { createPseudonymiser, projectKey, type ProjectKeys, type PseudonymOptions, type Pseudonymiser } from './pseudonymise';
import type { StudyFacts } from './columns';
import type { Slicer } from './slices';

export interface SavedItem {
  record: AppRecord;
  provenance: Provenance;
  /** A study's status and coding of the record (study exports). */
  study?: StudyFacts;
}

export interface Prepared {
  record: AppRecord;
  provenance: Provenance;
  /** The raw record to write: null when there is none or pseudonymisation dropped it. */
  raw: unknown;
  study?: StudyFacts;
}

/**
 * The pseudonymiser of an export and its manifest entry, with every person of `items` learnt (the first
 * walk); both null when the export is not pseudonymised.
 */
export async function learnPeople(
  items: Iterable<SavedItem>,
  options: PseudonymOptions | undefined,
  keys: ProjectKeys | undefined,
  slice: Slicer,
): Promise<{ pz: Pseudonymiser | null; pseudonymisation: Manifest['pseudonymisation'] }> {
  if (!options) return { pz: null, pseudonymisation: null };
  if (!keys) throw validationError([{ param: 'pseudonymise', message: 'No keychain is available for pseudonymisation keys.' }]);
  const key = await projectKey(keys, options.project);
  const pz = createPseudonymiser(key.key, options);
  for (const { record, provenance } of items) {
    pz.learnRecord(record);
    pz.learn(record.raw);
    pz.learnParams(provenance.params);
    if (slice.due()) await slice.pause();
  }
  pz.freeze();
  return { pz, pseudonymisation: pseudonymisationInfo(options.project, key, options) };
}

/** Whether two items' request parameters are the same: the same keys in the same order, the same plain values. */
function sameParams(a: Provenance['params'], b: Provenance['params']): boolean {
  if (a === b) return true;
  const keys = Object.keys(a);
  const others = Object.keys(b);
  if (keys.length !== others.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const value = a[key];
    if (key !== others[i] || typeof value === 'object' || value !== b[key]) return false;
  }
  return true;
}

export interface Preparer {
  /** The item as written: pseudonymised when asked, its raw record left out when it still names someone. */
  prepare(item: SavedItem, index: number): Prepared;
  /** How many items had their raw record left out (each counted once, however many files a ZIP writes). */
  rawDropped(): number;
}

export function createPreparer(total: number, pz: Pseudonymiser | null): Preparer {
  // Items whose raw record was dropped, one bit each (a ZIP prepares an item once per file it writes).
  const dropped = new Uint8Array(Math.ceil(total / 8));
  let droppedCount = 0;

  // The items of one page come one after the other with the same parameters: the last item's (as written)
  // serve the next, so that its line's provenance is made (and pseudonymised) once per page.
  let lastParams: { given: Provenance['params']; written: Provenance['params'] } | null = null;
  function paramsOf(given: Provenance['params']): Provenance['params'] {
    if (lastParams !== null && sameParams(given, lastParams.given)) return lastParams.written;
    lastParams = { given, written: pz ? pz.applyParams(given) : given };
    return lastParams.written;
  }

  function markDropped(index: number): void {
    const byte = index >> 3;
    const bit = 1 << (index & 7);
    const bits = dropped[byte] ?? 0;
    if ((bits & bit) !== 0) return;
    dropped[byte] = bits | bit;
    droppedCount += 1;
  }

  function prepare(item: SavedItem, index: number): Prepared {
    // Read only, never changed: the nested raw records are left out when the line is written.
    let record = item.record;
    let raw: unknown = item.record.raw ?? null;
    const params = paramsOf(item.provenance.params);
    if (pz) {
      record = pz.applyRecord(record) as AppRecord;
      // When in doubt, leave it out: a raw record still naming someone of the export is dropped.
      const checked = raw === null ? null : pz.applyChecked(raw);
      raw = checked?.value ?? null;
      if (checked !== null && raw !== null && checked.leaks) {
        raw = null;
        markDropped(index);
      }
    }
    const provenance: Provenance = { ...item.provenance, params };
    // The researcher's notes, and the text read in pictures, may quote people: rewritten like any free text.
    const freeText = (text: string | null): string | null => (text === null || pz!.options.dropText ? null : pz!.applyLabel(text));
    const media = item.study?.media;
    const study =
      item.study && pz ? { ...item.study, notes: freeText(item.study.notes), ...(media ? { media: { ...media, text: freeText(media.text) } } : {}) } : item.study;
    return { record, provenance, raw, ...(study ? { study } : {}) };
  }

  return { prepare, rawDropped: () => droppedCount };
}

/**
 * An item's NDJSON / JSON line. A line's provenance serves the next line of the same request (the same
 * parameters object: the preparer's), and the writers then reuse its JSON too.
 */
export function createLineMaker(facts: ReadonlyMap<string, RequestFacts>, appVersion: string, pseudonymised: boolean): (prepared: Prepared) => ExportLine {
  let last: { from: Provenance; line: LineProvenance } | null = null;
  function lineProvenanceOf(provenance: Provenance): LineProvenance {
    if (last !== null && last.from.params === provenance.params && last.from.path === provenance.path && last.from.requestId === provenance.requestId && Object.is(last.from.fetchedAt, provenance.fetchedAt)) {
      return last.line;
    }
    const requestId = provenance.requestId;
    const fact = requestId ? facts.get(requestId) : undefined;
    const line: LineProvenance = {
      endpoint: provenance.path,
      params: provenance.params,
      requestId,
      fetchedAt: fitsDate(provenance.fetchedAt) ? new Date(provenance.fetchedAt).toISOString() : null,
      appVersion,
      sha256: fact?.sha256 ?? null,
      simulated: fact ? fact.mode === 'demo' : null,
      origin: fact?.origin ?? null,
    };
    last = { from: provenance, line };
    return line;
  }

  return ({ record, provenance, raw, study }) => ({
    ...(study ? { study } : {}),
    kind: record.kind,
    // The pseudonymised copy has no nested raw records already (applyRecord leaves them out).
    record: pseudonymised ? record : rawLeftOut(record),
    raw,
    provenance: lineProvenanceOf(provenance),
  });
}
