// One export, end to end: survey the items, pseudonymise them when asked (prepare.ts: learn who is in the
// export, then rewrite each item as it is written), write the data file(s) streaming, then the manifest,
// from what the data pass counted (no pass of its own). Items are read
// again for each file written rather than kept prepared in memory, so memory stays flat whatever their
// number.
import { mkdir } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { validationError } from '../../shared/api/errors';
import { folderInside } from '../storage/confined';
import { diskError } from '../storage/disk-errors';
import type { Minimisation } from '../../shared/ipc/analysis';
import type { ExportResult } from '../../shared/ipc';
import { writeBundle, type MediaEntry } from './bundle';
import { COLUMN_SETS_VERSION, columnsOf, columnSetOf, type ColumnSetName, type Row, type TableName } from './columns';
import { createRowMaker } from './row-maker';
import type { HighlightRef } from './rows';
import { csvLines, type Delimiter } from './csv';
import { LINES_FORMAT_VERSION, jsonChunks, ndjsonChunks, type ExportLine } from './lines';
import { createEndpointCounter, MANIFEST_FORMAT_VERSION, manifestChunks, requestsSummary, sourceSummary, type LedgerFacts, type Manifest, type ManifestFile, type RequestFacts } from './manifest';
import { exportStem, freeBaseName, safeLabel } from './naming';
import { writeWithManifest } from './output';
import { createLineMaker, createPreparer, learnPeople, type Prepared, type SavedItem } from './prepare';
import type { ProjectKeys, PseudonymOptions } from './pseudonymise';
import { createSlicer } from './slices';
import { chooseColumnSet, survey } from './survey';

export type { SavedItem } from './prepare';

export type ExportFormat = 'csv' | 'ndjson' | 'json' | 'zip';

export interface ExportRequest {
  /** Read once per file written (and once more to pseudonymise): an array, or any re-iterable source. */
  items: Iterable<SavedItem>;
  format: ExportFormat;
  columns?: ColumnSetName;
  delimiter: Delimiter;
  bom: boolean;
  includeMedia: boolean;
  pseudonymise?: PseudonymOptions;
  label?: string;
  /** Usernames of the accounts whose followers or following the items are (a study's targets), by user id. */
  accountNames?: ReadonlyMap<string, string>;
  /** The highlight a story belongs to, when the items do not hold it (a study's stories). */
  highlightOf?: (storyId: string) => HighlightRef | null;
  /** Written into the manifest as they are: the study's minimisation presets, the ethics reminder's answer. */
  manifestExtra?: Pick<Manifest, 'minimisation' | 'ethics'>;
  /** Add a study's columns (status, checked_at, codes, notes) to every CSV, and `study` to every line. */
  studyColumns?: boolean;
  /** What the export holds, for its file name (naming.ts); `person`: the target is an account. */
  name?: { target: string; list: string; person?: boolean };
}

export interface ExportEnv {
  /** The exports folder (`<download folder>/exports`). */
  folder: string;
  /** A folder that `folder` is in and must not leave (a study's, which may come from someone else): see confined.ts. */
  within?: string;
  appVersion: string;
  now?: () => number;
  ledgerFacts?: LedgerFacts;
  projectKeys?: ProjectKeys;
  /** The saved media files of an item (absolute paths); the downloads module provides it. */
  mediaFilesOf?: (item: SavedItem) => Promise<string[]>;
  /** Items written so far, of `total` (a ZIP writes the items once per data file). */
  onProgress?: (done: number, total: number, finished: boolean) => void;
}

const MEDIA_EXT = /^\.[a-z0-9]{1,5}$/;

export async function runExport(request: ExportRequest, env: ExportEnv): Promise<ExportResult> {
  const now = env.now ?? Date.now;
  const startedAt = now();
  // The passes that walk every item without writing hand the event loop a turn now and then.
  const slice = createSlicer();
  const s = await survey(request.items, slice);
  if (s.total === 0) throw validationError([{ param: 'items', message: 'There is nothing to export.' }]);
  const csvSet = request.format === 'csv' ? chooseColumnSet(request.columns, s) : null;

  // Pseudonymisation: the first walk learns who is in the export, every later walk rewrites.
  const { pz, pseudonymisation } = await learnPeople(request.items, request.pseudonymise, env.projectKeys, slice);

  const facts: Map<string, RequestFacts> = env.ledgerFacts ? await env.ledgerFacts(s.requestIds, { from: s.from, to: s.to }) : new Map();
  // Nothing collected in demo mode leaves without saying so: in the manifest, on every line, in the name.
  const source = sourceSummary(s.itemsByRequest, s.total - s.itemsWithRequest, facts);
  const { prepare, rawDropped } = createPreparer(s.total, pz);
  const lineOf = createLineMaker(facts, env.appVersion, pz !== null);

  // Progress over every pass through the items.
  const passes = request.format === 'zip' ? bundleTables().length + 1 : 1;
  const progressTotal = s.total * passes;
  let progressDone = 0;
  // The manifest's list of requests is counted on one of the passes that write the items.
  const endpoints = createEndpointCounter();
  function* preparedItems(countEndpoints: boolean): Generator<Prepared> {
    let index = 0;
    for (const item of request.items) {
      const prepared = prepare(item, index++);
      if (countEndpoints) endpoints.add(prepared.provenance);
      yield prepared;
      progressDone += 1;
      if (progressDone % 500 === 0) env.onProgress?.(progressDone, progressTotal, false);
    }
  }
  const skipped: Record<string, number> = {};
  // Accounts by id (a study's watched accounts, the profiles among the items); stories' highlights.
  const accountNames = (id: string) => request.accountNames?.get(id) ?? s.profileNames.get(id) ?? null;
  const highlightOf = (storyId: string): HighlightRef | null => {
    const h = s.highlightOf.get(storyId) ?? request.highlightOf?.(storyId) ?? null;
    return h && pz && h.title !== null ? { id: h.id, title: pz.applyLabel(h.title) } : h;
  };
  /** The table an item is a row of: in a ZIP a highlight has its own, its stories are the stories'. */
  const tableOf = (kind: string): TableName | null => (request.format === 'zip' && kind === 'highlight' ? 'highlights' : columnSetOf(kind as SavedItem['record']['kind']));
  /** A CSV's text, header first. An item that gives no row gives an empty chunk: the writer may pause there (pacedBatches). */
  function csvOf(table: TableName, counter: { rows: number }, countEndpoints: boolean): Generator<string> {
    const makeRows = createRowMaker(table, {
      ...s,
      pseudonymised: pz !== null,
      accountNames,
      highlightOf,
      study: request.studyColumns ?? false,
      // In a ZIP every account another file names by id is a row of users.csv.
      referenced: request.format === 'zip',
    });
    function* rowsOf(): Generator<Row | null> {
      for (const prepared of preparedItems(countEndpoints)) {
        const rows = makeRows(prepared);
        // A ZIP puts each kind in its own CSV: there, only an item of the table's own kinds giving no row counts.
        if (rows.length === 0 && table !== 'tags' && (request.format === 'csv' || tableOf(prepared.record.kind) === table)) {
          skipped[prepared.record.kind] = (skipped[prepared.record.kind] ?? 0) + 1;
        }
        counter.rows += rows.length;
        if (rows.length === 0) yield null;
        yield* rows;
      }
    }
    return csvLines(columnsOf(table, request.studyColumns ?? false), rowsOf(), request);
  }
  function* linesOf(counter: { rows: number }): Generator<ExportLine> {
    for (const prepared of preparedItems(true)) {
      counter.rows += 1;
      yield lineOf(prepared);
    }
  }

  const label = safeLabel(pz && request.label ? pz.applyLabel(request.label) : request.label, csvSet ?? 'export');
  // A pseudonymised export does not name the person it is about in its file name either.
  const target = request.name && pz ? (request.name.person ? pz.pseudonym({ username: request.name.target }) : pz.applyLabel(request.name.target)) : request.name?.target;
  const stem = exportStem(label, startedAt, request.name && target ? { target, list: request.name.list } : undefined);
  const fileStem = source.simulated ? `simulated_${stem}` : stem;
  const manifest = (files: ManifestFile[], rows: number): Manifest => {
    if (pseudonymisation) pseudonymisation.rawDropped = rawDropped();
    return {
      format: 'feedlens-export-manifest',
      formatVersion: MANIFEST_FORMAT_VERSION,
      app: { name: 'Feedlens', version: env.appVersion },
      createdAt: new Date(startedAt).toISOString(),
      label,
      export: {
        format: request.format,
        columnSet: csvSet,
        columnSetsVersion: COLUMN_SETS_VERSION,
        linesFormatVersion: LINES_FORMAT_VERSION,
        delimiter: request.format === 'csv' || request.format === 'zip' ? request.delimiter : null,
        bom: request.bom,
        includeMedia: request.format === 'zip' && request.includeMedia,
        timeZone: 'UTC',
      },
      items: { total: s.total, byKind: s.byKind, rows, skipped },
      // Written from the counter, entry by entry (manifestChunks).
      endpoints: [],
      requests: requestsSummary(s.requestIds, facts),
      source,
      pseudonymisation,
      ...request.manifestExtra,
      files,
    };
  };

  if (env.within) await folderInside(env.within, env.folder).catch((error: unknown) => Promise.reject(diskError(error, 'The export could not be written', env.folder) ?? error));
  else await mkdir(env.folder, { recursive: true });
  let result: ExportResult;
  if (request.format === 'zip') {
    result = await bundle();
  } else {
    const ext = `.${request.format}`;
    const base = await freeBaseName(env.folder, fileStem, [ext, '.manifest.json']);
    const path = join(env.folder, `${base}${ext}`);
    const manifestPath = join(env.folder, `${base}.manifest.json`);
    const counter = { rows: 0 };
    const chunks =
      csvSet !== null
        ? csvOf(csvSet, counter, true)
        : request.format === 'json'
          ? jsonChunks(linesOf(counter))
          : ndjsonChunks(linesOf(counter));
    await writeWithManifest(path, chunks, manifestPath, (file) => {
      const entry: ManifestFile = {
        path: basename(path),
        role: 'data',
        format: request.format as 'csv' | 'ndjson' | 'json',
        rows: counter.rows,
        bytes: file.bytes,
        sha256: file.sha256,
      };
      if (csvSet) entry.columnSet = csvSet;
      return manifestChunks(manifest([entry], counter.rows), endpoints);
    }, slice);
    result = { path, rows: counter.rows, files: 2, manifestPath };
  }
  env.onProgress?.(progressTotal, progressTotal, true);
  return result;

  /** The tables of a ZIP: one per kind of item, the highlights and tags they refer to, the accounts they name. */
  function bundleTables(): TableName[] {
    const tables = new Set<TableName>(s.sets);
    if ((s.byKind.highlight ?? 0) > 0) tables.add('highlights');
    if (s.taggedPosts > 0) tables.add('tags');
    if (['post', 'comment', 'story', 'highlight'].some((k) => (s.byKind[k] ?? 0) > 0)) tables.add('users');
    const order: TableName[] = ['posts', 'comments', 'stories', 'highlights', 'users', 'tags'];
    return order.filter((t) => tables.has(t));
  }

  async function mediaEntries(): Promise<MediaEntry[]> {
    if (!request.includeMedia) return [];
    if (!env.mediaFilesOf) throw validationError([{ param: 'includeMedia', message: 'Saved media cannot be bundled: the downloads module is not available.' }]);
    const entries: MediaEntry[] = [];
    let index = 0;
    for (const item of request.items) {
      const i = index++;
      if (slice.due()) await slice.pause();
      const kind = item.record.kind;
      // Profile pictures are people's faces: left out when pictures are dropped.
      if (pz?.options.dropPictures && (kind === 'user' || kind === 'profile')) continue;
      const files = await env.mediaFilesOf(item);
      if (files.length === 0) continue;
      const prepared = pz ? prepare(item, i) : null;
      const record = (prepared?.record ?? item.record) as { id?: unknown; code?: unknown };
      const id = typeof record.id === 'string' ? record.id : String(i + 1);
      const code = typeof record.code === 'string' ? record.code : null;
      files.forEach((file, n) => {
        const ext = extname(file).toLowerCase();
        entries.push({ name: `media/${kind}-${safeLabel(id, String(i + 1))}-${n + 1}${MEDIA_EXT.test(ext) ? ext : ''}`, file, item: { kind, id, code } });
      });
    }
    return entries;
  }

  async function bundle(): Promise<ExportResult> {
    const created = new Date(startedAt).toISOString();
    return writeBundle({
      folder: env.folder,
      stem: fileStem,
      startedAt,
      slice,
      tables: bundleTables(),
      studyColumns: request.studyColumns ?? false,
      csv: (table, counter) => csvOf(table, counter, false),
      ndjson: (counter) => ndjsonChunks(linesOf(counter)),
      media: await mediaEntries(),
      readme: {
        title: `Feedlens export: ${label}`,
        createdAt: created,
        appVersion: env.appVersion,
        source,
        pseudonymisation,
        minimisation: (request.manifestExtra?.minimisation as Minimisation | undefined) ?? null,
      },
      manifest: (files, rows) => manifestChunks(manifest(files, rows), endpoints),
    });
  }
}
