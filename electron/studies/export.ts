// Exports of a study, written to its own exports folder by the app's exporter (electron/export): what a
// run saw (or only what it found new), or everything the study holds. Items are read from the database
// once per file the exporter writes, never all held in memory. Pseudonyms are keyed per study. Every
// study export carries what the study adds to a record: its re-check status and time, codes and note.
import { join } from 'node:path';
import type { ExportResult } from '../../shared/ipc';
import type { EthicsChoice } from '../../shared/ipc/analysis';
import { minimiseRecord, readMinimisation } from '../analysis/minimise';
import type { ProjectKeys } from '../export/pseudonymise';
import { runExport, type SavedItem } from '../export/run';
import type { HighlightRef } from '../export/rows';
import type { Ledger, RequestFacts } from '../calls/ledger';
import type { LedgerFacts } from '../export/manifest';
import { diskError } from '../storage/disk-errors';
import type { Where } from './browse';
import type { Db } from './db';
import { mediaFactsOf, mediaFactsSql, type MediaFactsRow } from '../media-analysis/facts';
import { EXPORTS_FOLDER } from './registry';
import { provenanceOfRow, recordOfRow, type StoredRecordRow } from './stored';

export interface StudyExportRequest {
  runId?: number;
  scope: 'new' | 'seen';
  format: 'zip' | 'ndjson' | 'json' | 'csv';
  /** Rows picked in the data browser (their WHERE over `records r`), named `what` in the label. */
  rows?: { where: Where; what: string };
  pseudonymise?: { dropNames: boolean; dropPictures: boolean; dropText: boolean };
  ethics?: EthicsChoice;
}

export interface StudyExportEnv {
  db: Db;
  studyId: string;
  studyName: string;
  folder: string;
  appVersion: string;
  projectKeys?: ProjectKeys;
  ledger?: Pick<Ledger, 'requests'>;
  onProgress?: (rows: number, total: number, done: boolean) => void;
  now?: () => number;
}

interface Row extends StoredRecordRow, MediaFactsRow {
  first_seen: number;
  status: string | null;
  checked_at: number | null;
  codes: string | null;
  note: string | null;
}

const REAL_TIMES = 'CAST(q.fetched_at AS REAL) AS fetched_at, CAST(r.first_seen AS REAL) AS first_seen, CAST(r.checked_at AS REAL) AS checked_at,';

/** The keychain entry of a study's pseudonymisation key: one per study, apart from its folder. */
export const studyKeyName = (studyId: string): string => `study:${studyId}`;

/** The items to export, read afresh from the database each time they are iterated. */
export function studyItems(db: Db, r: Pick<StudyExportRequest, 'runId' | 'scope'> & { within?: { targetId: number; lists: string[] }; where?: Where }): Iterable<SavedItem> {
  // Carousel items are inside their post's record; each record with the request that brought it.
  const where = ["r.kind <> 'carousel_item'"];
  const args: (number | string)[] = [];
  let from = 'records r LEFT JOIN requests q ON q.id = r.first_request';
  if (r.runId !== undefined) {
    from = 'run_items ri JOIN records r ON r.rowid = ri.record_id LEFT JOIN requests q ON q.id = ri.request_id';
    where.push('ri.run_id = ?');
    args.push(r.runId);
    if (r.scope === 'new') {
      where.push('r.first_run = ?');
      args.push(r.runId);
    }
  }
  if (r.within) {
    where.push(`r.rowid IN (SELECT record_id FROM list_items WHERE target_id = ? AND list IN (${r.within.lists.map(() => '?').join(', ')}))`);
    args.push(r.within.targetId, ...r.within.lists);
  }
  if (r.where) {
    where.push(`(${r.where.sql})`);
    args.push(...r.where.args);
  }
  // Code names never hold the unit separator (U+001F): it joins them here, whatever they contain. Times
  // are read as REAL: one past 2^53 ms (a database from elsewhere) is then a number, not a read error.
  const sql = `SELECT r.record, r.raw, q.path, q.params, q.id AS request_id, ${REAL_TIMES} r.status, n.text AS note, ${mediaFactsSql('r')},
      (SELECT group_concat(name, char(31)) FROM (SELECT c.name FROM record_codes rc JOIN codes c ON c.id = rc.code_id WHERE rc.record_id = r.rowid ORDER BY c.name COLLATE NOCASE)) AS codes
    FROM ${from} LEFT JOIN notes n ON n.record_id = r.rowid WHERE ${where.join(' AND ')} ORDER BY r.rowid`;
  const stmt = db.prepare(sql);
  return {
    *[Symbol.iterator]() {
      for (const row of stmt.iterate(...args) as Iterable<Row>) {
        const record = recordOfRow(row);
        const provenance = provenanceOfRow(row, row.first_seen);
        const study = { status: row.status, checkedAt: row.checked_at, codes: row.codes ? row.codes.split('\u001f') : [], notes: row.note, media: mediaFactsOf(row) };
        yield { record, provenance, study };
      }
    },
  };
}

/** The highlight each stored story belongs to (its id and title), looked up in the study. */
function highlights(db: Db): (storyId: string) => HighlightRef | null {
  const stmt = db.prepare("SELECT h.id, json_extract(h.record, '$.title') AS title FROM records s JOIN records h ON h.kind = 'highlight' AND h.id = s.parent_id WHERE s.kind = 'story' AND s.id = ?");
  return (storyId) => (stmt.get(storyId) as { id: string; title: string | null } | undefined) ?? null;
}

/** The usernames of the study's account targets (as added, else as last seen), by user id. */
function accountNames(db: Db): Map<string, string> {
  const rows = db
    .prepare("SELECT t.key, coalesce(t.username, (SELECT username FROM records WHERE kind = 'user' AND id = t.key)) AS username FROM targets t WHERE t.kind = 'account'")
    .all() as { key: string; username: string | null }[];
  return new Map(rows.filter((t) => t.username).map((t) => [t.key, t.username!]));
}

/**
 * Facts of the requests the items came from: this computer's ledger where it has them (with the answer's
 * sha256), else the study's own log of them (demo or live, origin, units). The ledger misses a study
 * collected on another computer and a page a run took from the cache (its entry is found by the time the
 * answer was fetched); demo data must still be named simulated.
 */
function requestFacts(db: Db, ledger: Pick<Ledger, 'requests'> | undefined): LedgerFacts {
  return async (ids, window) => {
    const facts = ledger ? await ledger.requests(ids, window) : new Map<string, RequestFacts>();
    const logged = db.prepare('SELECT q.units, coalesce(q.mode, (SELECT mode FROM runs WHERE id = q.run_id)) AS mode, q.origin FROM requests q WHERE q.id = ?');
    for (const id of ids) {
      if (facts.has(id)) continue;
      const row = logged.get(id) as { units: number; mode: string | null; origin: string | null } | undefined;
      if (row?.mode === 'demo' || row?.mode === 'live') facts.set(id, { units: row.units, sha256: null, mode: row.mode, origin: row.origin });
    }
    return facts;
  };
}

export async function exportStudy(request: StudyExportRequest, env: StudyExportEnv): Promise<ExportResult> {
  const what = request.rows?.what ?? (request.runId !== undefined ? `run ${request.runId}${request.scope === 'new' ? ' new' : ''}` : 'all');
  // The study's presets apply to its exports too (records stored before they were set included).
  const minimisation = readMinimisation(env.db);
  const items = studyItems(env.db, { ...request, ...(request.rows ? { where: request.rows.where } : {}) });
  const minimised: Iterable<SavedItem> = {
    *[Symbol.iterator]() {
      for (const item of items) yield { ...item, record: minimiseRecord(item.record, minimisation) };
    },
  };
  const pseudonymise = request.pseudonymise ? { ...request.pseudonymise, dropPictures: request.pseudonymise.dropPictures || minimisation.noProfilePictures } : undefined;
  const folder = join(env.folder, EXPORTS_FOLDER);
  try {
    return await runExport(
      {
        items: minimised,
        // The followers and following rows name the watched account they belong to.
        accountNames: accountNames(env.db),
        // Every story row names its highlight, whether or not the highlight is among the rows exported.
        highlightOf: highlights(env.db),
        manifestExtra: { minimisation, ...(request.ethics ? { ethics: request.ethics } : {}) },
        format: request.format,
        delimiter: ',',
        bom: false,
        includeMedia: false,
        ...(pseudonymise ? { pseudonymise: { project: studyKeyName(env.studyId), ...pseudonymise } } : {}),
        label: `${env.studyName} ${what}`,
        studyColumns: true,
      },
      {
        folder,
        within: env.folder,
        appVersion: env.appVersion,
        ...(env.now ? { now: env.now } : {}),
        ...(env.projectKeys ? { projectKeys: env.projectKeys } : {}),
        ledgerFacts: requestFacts(env.db, env.ledger),
        ...(env.onProgress ? { onProgress: env.onProgress } : {}),
      },
    );
  } catch (error) {
    // The exports go into the study's own folder: there is no other folder to suggest.
    throw diskError(error, 'The export could not be written', folder, null) ?? error;
  }
}
