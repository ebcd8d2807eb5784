// A study's field-standard exports, into its exports folder: networks (GEXF 1.3 and node + edge CSVs,
// one folder), Parquet tables (one folder) or 4CAT's Zeeschuimer NDJSON (one file), each with a manifest
// that records the selection, the pseudonymisation (never the key), the study's minimisation presets and
// what was chosen at the ethics reminder. Records pass through the presets, then the study's
// pseudonymiser, exactly as the study's other exports do.
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AnalysisExportResult, EthicsChoice, Minimisation, NetworkKind } from '../../shared/analysis';
import type { AppRecord } from '../../shared/records';
import { csvLines } from '../export/csv';
import { EDGE_COLUMNS, edgeRows, gexfChunks, NODE_COLUMNS, nodeRows } from '../export/gexf';
import { toJson } from '../export/lines';
import { exportStem, freeBaseName, safeLabel } from '../export/naming';
import { batches, partialFolderName, writeWithManifest, type Written } from '../export/output';
import { writeParquet } from '../export/parquet';
import { createPseudonymiser, keyFingerprint, projectKey, type ProjectKeys, type Pseudonymiser } from '../export/pseudonymise';
import { zeeschuimerItem } from '../export/zeeschuimer';
import { folderInside } from '../storage/confined';
import { stageFileAtomic } from '../storage/fs-atomic';
import type { Db } from '../studies/db';
import { studyKeyName } from '../studies/export';
import { EXPORTS_FOLDER } from '../studies/registry';
import { minimiseRecord, readMinimisation } from './minimise';
import { buildNetworks, NETWORK_INFO, type FollowEdge, type Network } from './networks';
import { selectionSource, selectionSql, studyRecords, type Selection, type StudyRecord } from './records';
import { runRows, snapshotTable, TABLE_COLUMNS, tableRowOf, type TableName } from './tables';

export interface AnalysisExportRequest extends Selection {
  kind: 'networks' | 'parquet' | '4cat';
  networks?: NetworkKind[];
  pseudonymise?: { dropNames: boolean; dropPictures: boolean; dropText: boolean };
  ethics?: EthicsChoice;
}

export interface AnalysisExportEnv {
  db: Db;
  studyId: string;
  studyName: string;
  /** The study's folder. */
  folder: string;
  appVersion: string;
  userAgent: string;
  projectKeys?: ProjectKeys;
  now?: () => number;
}

interface FileEntry {
  path: string;
  role: 'data';
  format: string;
  rows: number;
  bytes: number;
  sha256: string;
  table?: string;
  network?: string;
}

/** The study's records as the export writes them: presets applied, then pseudonymised (raw dropped when it still names someone). */
function prepared(records: Iterable<StudyRecord>, m: Minimisation, pz: Pseudonymiser | null, dropped: { n: number }): Iterable<StudyRecord> {
  return {
    *[Symbol.iterator]() {
      for (const r of records) {
        let record = minimiseRecord(r.record, m);
        if (pz) {
          const checked = pz.applyChecked(record.raw ?? null);
          let raw = checked.value;
          if (raw !== null && checked.leaks) {
            raw = null;
            dropped.n += 1;
          }
          record = { ...(pz.applyRecord(record) as AppRecord), raw };
          yield { ...r, record, provenance: { ...r.provenance, params: pz.applyParams(r.provenance.params) } };
        } else yield { ...r, record };
      }
    },
  };
}

function follows(db: Db, sel: Selection): FollowEdge[] {
  const within = selectionSql(sel);
  const rows = db.prepare(
    `SELECT li.list, t.key AS account_id, t.username AS account, r.id AS other_id, r.username AS other, li.first_seen, li.last_seen
     FROM list_items li JOIN targets t ON t.id = li.target_id JOIN records r ON r.rowid = li.record_id
     WHERE li.list IN ('followers', 'following') AND t.kind = 'account' AND r.rowid IN (${within.sql})`,
  ).all(...within.args) as { list: 'followers' | 'following'; account_id: string; account: string | null; other_id: string; other: string | null; first_seen: number; last_seen: number }[];
  return rows.map((r) => ({ list: r.list, account: { id: r.account_id, username: r.account }, other: { id: r.other_id, username: r.other }, firstSeen: r.first_seen, lastSeen: r.last_seen }));
}

/** The follows table's rows (follower, then followed), people pseudonymised when the export is. */
function* followRows(edges: Iterable<FollowEdge>, pz: Pseudonymiser | null): Generator<(string | number | null)[]> {
  for (const f of edges) {
    const [from, to] = f.list === 'followers' ? [f.other, f.account] : [f.account, f.other];
    const who = (p: FollowEdge['account']) => (pz ? [pz.pseudonym(p), pz.pseudonym(p)] : [p.id, p.username]);
    yield [f.list, ...who(from), ...who(to), f.firstSeen, f.lastSeen];
  }
}

/** Person nodes take their pseudonym as id and label; hashtags lose any person's name inside them. */
function pseudonymiseNetwork(n: Network, pz: Pseudonymiser): Network {
  const alias = new Map<string, string>();
  const nodes = n.nodes.map((node) => {
    const key = node.kind === 'account' ? pz.pseudonym({ id: node.id, username: node.username }) : pz.applyLabel(node.key);
    alias.set(node.key, key);
    return { ...node, key, label: node.kind === 'account' ? key : pz.applyLabel(node.label), id: null, username: null };
  });
  return { ...n, nodes, edges: n.edges.map((e) => ({ ...e, source: alias.get(e.source)!, target: alias.get(e.target)! })) };
}

async function stage(path: string, chunks: Iterable<string>): Promise<Written> {
  const written: Written = { bytes: 0, sha256: '' };
  const staged = await stageFileAtomic(path, batches(chunks, written, true));
  await staged.commit({ syncFolder: false });
  return written;
}

export async function exportAnalysis(req: AnalysisExportRequest, env: AnalysisExportEnv): Promise<AnalysisExportResult> {
  const now = env.now ?? Date.now;
  const startedAt = now();
  const { db } = env;
  const minimisation = readMinimisation(db);
  const sel: Selection = { ...(req.runId !== undefined ? { runId: req.runId } : {}), scope: req.scope };
  const kinds = req.kind === '4cat' ? ['post'] : req.kind === 'networks' ? ['post', 'comment'] : ['post', 'comment', 'user', 'story'];

  let pz: Pseudonymiser | null = null;
  let pseudonymisation: Record<string, unknown> | null = null;
  if (req.pseudonymise) {
    if (!env.projectKeys) throw new Error('No keychain is available for pseudonymisation keys.');
    const project = studyKeyName(env.studyId);
    const key = await projectKey(env.projectKeys, project);
    const options = { project, ...req.pseudonymise, dropPictures: req.pseudonymise.dropPictures || minimisation.noProfilePictures };
    pz = createPseudonymiser(key.key, options);
    for (const r of studyRecords(db, { ...sel, kinds })) {
      const record = minimiseRecord(r.record, minimisation);
      pz.learnRecord(record);
      pz.learn(record.raw);
      pz.learnParams(r.provenance.params);
    }
    if (req.kind !== '4cat') for (const f of follows(db, sel)) for (const p of [f.account, f.other]) pz.learnRecord({ kind: 'user', ...p });
    pz.freeze();
    pseudonymisation = {
      method: 'HMAC-SHA256', project, pseudonymFormat: 'u_ + 16 hex digits', keyedOn: 'the user id when the export knows it, else the lower-cased username',
      keyFingerprint: keyFingerprint(key.key), keyStorage: key.storage, keyPersistent: key.persistent,
      dropNames: options.dropNames, dropPictures: options.dropPictures, dropText: options.dropText, rawRecords: 'pseudonymised', rawDropped: 0,
    };
  }
  const dropped = { n: 0 };
  const records = (only: readonly string[]) => prepared(studyRecords(db, { ...sel, kinds: only }), minimisation, pz, dropped);

  const what = req.runId !== undefined ? `run ${req.runId}${req.scope === 'new' ? ' new' : ''}` : 'all';
  const label = safeLabel(`${pz ? pz.applyLabel(env.studyName) : env.studyName} ${what} ${req.kind === '4cat' ? '4cat' : req.kind}`, req.kind);
  // Demo mode's invented records are named so, as every export of them is (electron/export/run.ts).
  const source = selectionSource(db, { ...sel, kinds });
  const stem = `${source.simulated ? 'simulated_' : ''}${exportStem(label, startedAt)}`;
  const exportsFolder = join(env.folder, EXPORTS_FOLDER);
  await folderInside(env.folder, exportsFolder); // never through a link out of the study's folder
  const byKind: Record<string, number> = {};
  const files: FileEntry[] = [];
  const manifest = () => {
    if (pseudonymisation) pseudonymisation.rawDropped = dropped.n;
    return `${toJson(
      {
        format: 'feedlens-export-manifest',
        formatVersion: 1,
        app: { name: 'Feedlens', version: env.appVersion },
        createdAt: new Date(startedAt).toISOString(),
        label,
        export: {
          format: req.kind === 'networks' ? 'gexf-1.3+csv' : req.kind === 'parquet' ? 'parquet' : '4cat-zeeschuimer-ndjson',
          study: pz ? null : env.studyName,
          runId: req.runId ?? null,
          scope: req.runId !== undefined ? req.scope : 'all',
          timeZone: 'UTC',
          ...(req.kind === 'networks' ? { networks: (req.networks ?? []).map((k) => ({ kind: k, ...NETWORK_INFO[k] })) } : {}),
        },
        items: { byKind },
        source,
        pseudonymisation,
        minimisation,
        ethics: req.ethics ?? null,
        files,
      },
      2,
    )}\n`;
  };

  if (req.kind === '4cat') {
    const base = await freeBaseName(exportsFolder, stem, ['.ndjson', '.manifest.json']);
    const path = join(exportsFolder, `${base}.ndjson`);
    const manifestPath = join(exportsFolder, `${base}.manifest.json`);
    let index = 0;
    function* lines(): Generator<string> {
      for (const r of records(['post'])) {
        if (r.record.kind !== 'post') continue;
        index += 1;
        byKind.post = index;
        yield `${toJson(zeeschuimerItem(r.record, r.record.raw, { index, provenance: r.provenance, collectedAt: r.firstSeen, lastSeen: r.lastSeen, userAgent: env.userAgent, pseudonymised: pz !== null }))}\n`;
      }
    }
    await writeWithManifest(path, lines(), manifestPath, (w) => {
      files.push({ path: `${base}.ndjson`, role: 'data', format: 'ndjson', rows: index, ...w });
      return manifest();
    });
    return { path, files: [path], rows: index, manifestPath };
  }

  // A folder of files, written under a hidden name and renamed when complete.
  const base = await freeBaseName(exportsFolder, stem, ['']);
  const folder = join(exportsFolder, base);
  const temp = join(exportsFolder, partialFolderName(base));
  await mkdir(temp);
  let rows = 0;
  try {
    if (req.kind === 'networks') {
      const kindsWanted = req.networks ?? ['cohashtag', 'mentions', 'tagged', 'coauthors', 'comments', 'replies', 'followers', 'following'];
      const counted: Iterable<AppRecord> = {
        *[Symbol.iterator]() {
          for (const r of records(['post', 'comment'])) {
            byKind[r.record.kind] = (byKind[r.record.kind] ?? 0) + 1;
            yield r.record;
          }
        },
      };
      const ownerOfPost = db.prepare("SELECT owner_id AS id, username FROM records WHERE kind = 'post' AND id = ?");
      const authorOfComment = db.prepare("SELECT owner_id AS id, username FROM records WHERE kind = 'comment' AND id = ?");
      const watched = new Set((db.prepare("SELECT key FROM targets WHERE kind = 'account'").all() as { key: string }[]).map((r) => r.key));
      const personOf = (row: { id: string | null; username: string | null } | undefined) => (row && (row.id || row.username) ? row : null);
      const networks = buildNetworks(kindsWanted, {
        records: counted,
        follows: follows(db, sel),
        ownerOfPost: (id) => personOf(ownerOfPost.get(id) as { id: string | null; username: string | null } | undefined),
        authorOfComment: (id) => (minimisation.noCommenterIdentities ? null : personOf(authorOfComment.get(id) as { id: string | null; username: string | null } | undefined)),
        watched,
      });
      const date = new Date(startedAt).toISOString().slice(0, 10);
      for (const raw of networks) {
        const n = pz ? pseudonymiseNetwork(raw, pz) : raw;
        const info = NETWORK_INFO[n.kind];
        const gexf = await stage(join(temp, `${n.kind}.gexf`), gexfChunks(n, { creator: `Feedlens ${env.appVersion}`, description: `${info.title}: ${info.edge}.`, date }));
        files.push({ path: `${n.kind}.gexf`, role: 'data', format: 'gexf-1.3', rows: n.nodes.length + n.edges.length, network: n.kind, ...gexf });
        const toRows = (cols: readonly string[], list: (string | number)[][]) => list.map((r) => Object.fromEntries(cols.map((c, i) => [c, r[i] ?? null])));
        const nodesCsv = await stage(join(temp, `${n.kind}_nodes.csv`), csvLines(NODE_COLUMNS, toRows(NODE_COLUMNS, nodeRows(n)), { delimiter: ',', bom: false }));
        files.push({ path: `${n.kind}_nodes.csv`, role: 'data', format: 'csv', rows: n.nodes.length, network: n.kind, ...nodesCsv });
        const edgesCsv = await stage(join(temp, `${n.kind}_edges.csv`), csvLines(EDGE_COLUMNS, toRows(EDGE_COLUMNS, edgeRows(n)), { delimiter: ',', bom: false }));
        files.push({ path: `${n.kind}_edges.csv`, role: 'data', format: 'csv', rows: n.edges.length, network: n.kind, ...edgesCsv });
        rows += n.edges.length;
      }
    } else {
      const highlightOf = new Map((db.prepare("SELECT id, parent_id FROM records WHERE kind = 'story' AND parent_id IS NOT NULL").all() as { id: string; parent_id: string }[]).map((r) => [r.id, r.parent_id]));
      const meta = { createdBy: `Feedlens ${env.appVersion}`, metadata: { 'feedlens.study': pz ? '' : env.studyName, 'feedlens.pseudonymised': String(pz !== null) } };
      const tables: [Exclude<TableName, 'snapshots' | 'runs' | 'follows'>, string][] = [['posts', 'post'], ['comments', 'comment'], ['users', 'user'], ['stories', 'story']];
      for (const [table, kind] of tables) {
        const rowsOf: Iterable<(string | number | boolean | null | readonly string[])[]> = {
          *[Symbol.iterator]() {
            for (const r of records([kind])) {
              const made = tableRowOf(r, (id) => highlightOf.get(id) ?? null);
              if (made?.table === table) yield made.row;
            }
          },
        };
        const w = writeParquet(join(temp, `${table}.parquet`), TABLE_COLUMNS[table], rowsOf, meta);
        byKind[kind] = w.rows;
        rows += w.rows;
        files.push({ path: `${table}.parquet`, role: 'data', format: 'parquet', table, rows: w.rows, bytes: w.bytes, sha256: w.sha256 });
      }
      const follow = writeParquet(join(temp, 'follows.parquet'), TABLE_COLUMNS.follows, followRows(follows(db, sel), pz), meta);
      byKind.follow = follow.rows;
      files.push({ path: 'follows.parquet', role: 'data', format: 'parquet', table: 'follows', rows: follow.rows, bytes: follow.bytes, sha256: follow.sha256 });
      const runs = writeParquet(join(temp, 'runs.parquet'), TABLE_COLUMNS.runs, runRows(db, req.runId), meta);
      files.push({ path: 'runs.parquet', role: 'data', format: 'parquet', table: 'runs', rows: runs.rows, bytes: runs.bytes, sha256: runs.sha256 });
      if (!pz) {
        const snapshots = snapshotTable(db);
        const w = writeParquet(join(temp, 'snapshots.parquet'), snapshots.columns, snapshots.rows, meta);
        files.push({ path: 'snapshots.parquet', role: 'data', format: 'parquet', table: 'snapshots', rows: w.rows, bytes: w.bytes, sha256: w.sha256 });
      }
    }
    await stage(join(temp, 'manifest.json'), [manifest()]);
    await rename(temp, folder);
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
  return { path: folder, files: files.map((f) => join(folder, f.path)), rows, manifestPath: join(folder, 'manifest.json') };
}
