// A study's field-standard exports, into its exports folder: networks (GEXF 1.3 and node + edge CSVs,
// one folder), Parquet tables (one folder) or 4CAT's Zeeschuimer NDJSON (one file), each with a manifest
// that records the selection, the pseudonymisation (never the key), the study's minimisation presets and
// what was chosen at the ethics reminder. Records pass through the presets, then the study's
// pseudonymiser, exactly as the study's other exports do.
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AnalysisExportResult, EthicsChoice, Minimisation, NetworkKind } from '../../shared/ipc/analysis';
import type { AppRecord } from '../../shared/records';
import { toJson } from '../export/lines';
import { exportStem, freeBaseName, safeLabel } from '../export/naming';
import { batches, partialFolderName, writeWithManifest, type Written } from '../export/output';
import { writeParquet, type ParquetColumn, type ParquetValue } from '../export/parquet';
import { EDGE_COLUMNS, NODE_COLUMNS } from '../export/gexf';
import { readmeText } from '../export/readme';
import { pseudonymisationInfo, type PseudonymisationInfo } from '../export/manifest';
import { createPseudonymiser, projectKey, type ProjectKeys, type Pseudonymiser } from '../export/pseudonymise';
import { zeeschuimerItem } from '../export/zeeschuimer';
import { folderInside } from '../storage/confined';
import { stageFileAtomic } from '../storage/fs-atomic';
import type { Db } from '../studies/db';
import { studyKeyName } from '../studies/export';
import { EXPORTS_FOLDER } from '../studies/registry';
import { minimiseRecord, readMinimisation } from './minimise';
import { ALL_NETWORKS, writeNetworkFiles } from './network-files';
import { NETWORK_INFO, type FollowEdge } from './networks';
import { selectionSource, selectionSql, studyRecords, type Selection, type StudyRecord } from './records';
import { runRows, snapshotTable, TABLE_COLUMNS, TABLE_HOLDS, tableRowOf, type TableName } from './tables';

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
  role: 'data' | 'readme';
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
          // The text read in pictures may quote people: rewritten like any free text.
          const media = r.media && { ...r.media, text: r.media.text === null || pz.options.dropText ? null : pz.applyLabel(r.media.text) };
          yield { ...r, record, media, provenance: { ...r.provenance, params: pz.applyParams(r.provenance.params) } };
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
  let pseudonymisation: PseudonymisationInfo | null = null;
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
    pseudonymisation = pseudonymisationInfo(project, key, options);
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
  let networksWritten: { written: NetworkKind[]; notWritten: { kind: NetworkKind; reason: string }[] } | null = null;
  /** What each file of a folder export holds, and its columns, for its README. */
  const readme = new Map<string, { holds: string; columns?: readonly string[] }>();
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
          ...(networksWritten ? { networks: networksWritten.written.map((k) => ({ kind: k, ...NETWORK_INFO[k] })), networksNotWritten: networksWritten.notWritten } : {}),
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
      const within = selectionSql(sel);
      const count = (kind: string) => (db.prepare(`SELECT count(*) AS n FROM records WHERE kind = ? AND rowid IN (${within.sql})`).get(kind, ...within.args) as { n: number }).n;
      const counted: Iterable<AppRecord> = {
        *[Symbol.iterator]() {
          for (const r of records(['post', 'comment'])) {
            byKind[r.record.kind] = (byKind[r.record.kind] ?? 0) + 1;
            yield r.record;
          }
        },
      };
      const out = await writeNetworkFiles({
        db, kinds: req.networks ?? ALL_NETWORKS, records: counted, follows: follows(db, sel), counts: { post: count('post'), comment: count('comment') },
        noCommenterIdentities: minimisation.noCommenterIdentities, pz, folder: temp, appVersion: env.appVersion, date: new Date(startedAt).toISOString().slice(0, 10), stage,
      });
      files.push(...out.files);
      rows += out.edges;
      networksWritten = { written: out.written, notWritten: out.notWritten };
    } else {
      const highlightOf = new Map((db.prepare("SELECT id, parent_id FROM records WHERE kind = 'story' AND parent_id IS NOT NULL").all() as { id: string; parent_id: string }[]).map((r) => [r.id, r.parent_id]));
      const meta = { createdBy: `Feedlens ${env.appVersion}`, metadata: { 'feedlens.study': pz ? '' : env.studyName, 'feedlens.pseudonymised': String(pz !== null) } };
      const table = (name: TableName, columns: readonly ParquetColumn[], tableRows: Iterable<readonly ParquetValue[]>): number => {
        const w = writeParquet(join(temp, `${name}.parquet`), columns, tableRows, meta);
        files.push({ path: `${name}.parquet`, role: 'data', format: 'parquet', table: name, rows: w.rows, bytes: w.bytes, sha256: w.sha256 });
        readme.set(`${name}.parquet`, { holds: TABLE_HOLDS[name], columns: columns.map((c) => c.name) });
        return w.rows;
      };
      const tables: [Exclude<TableName, 'snapshots' | 'runs' | 'follows'>, string][] = [['posts', 'post'], ['comments', 'comment'], ['users', 'user'], ['stories', 'story']];
      for (const [name, kind] of tables) {
        const rowsOf: Iterable<ParquetValue[]> = {
          *[Symbol.iterator]() {
            for (const r of records([kind])) {
              const made = tableRowOf(r, (id) => highlightOf.get(id) ?? null);
              if (made?.table === name) yield made.row;
            }
          },
        };
        byKind[kind] = table(name, TABLE_COLUMNS[name], rowsOf);
        rows += byKind[kind];
      }
      byKind.follow = table('follows', TABLE_COLUMNS.follows, followRows(follows(db, sel), pz));
      table('runs', TABLE_COLUMNS.runs, runRows(db, req.runId));
      if (!pz) {
        // A run's export holds the profile snapshots that run took, as its other tables hold what it saw.
        const snapshots = snapshotTable(db, req.runId);
        table('snapshots', snapshots.columns, snapshots.rows);
      }
    }
    if (req.kind === 'networks') {
      for (const f of files) {
        const info = NETWORK_INFO[f.network as NetworkKind];
        if (f.path.endsWith('.gexf')) readme.set(f.path, { holds: `${info.title} (GEXF 1.3, for Gephi): ${info.edge}.` });
        else if (f.path.endsWith('_nodes.csv')) readme.set(f.path, { holds: `The nodes of ${f.network}.gexf: accounts (id = user id, label = current username, former_usernames) or hashtags.`, columns: NODE_COLUMNS });
        else readme.set(f.path, { holds: `The edges of ${f.network}.gexf: ${info.edge}.`, columns: EDGE_COLUMNS });
      }
    }
    const notes = networksWritten?.notWritten.map((n) => `Not written: the ${n.kind} network (${n.reason}).`) ?? [];
    const text = readmeText({
      title: `Feedlens ${req.kind === 'networks' ? 'networks' : 'Parquet tables'}: ${label}`,
      createdAt: new Date(startedAt).toISOString(),
      appVersion: env.appVersion,
      files: [...files.map((f) => ({ path: f.path, ...readme.get(f.path)! })), { path: 'README.txt', holds: 'This file.' }, { path: 'manifest.json', holds: 'What was exported and how, every file with its rows, size and sha256.' }],
      source,
      pseudonymisation,
      minimisation,
      notes: [`${req.runId !== undefined ? `What run ${req.runId} ${req.scope === 'new' ? 'found new' : 'saw'}` : 'Everything the study holds'}.`, ...notes],
    });
    const readmeFile = await stage(join(temp, 'README.txt'), [text]);
    files.push({ path: 'README.txt', role: 'readme', format: 'text', rows: 0, ...readmeFile });
    await stage(join(temp, 'manifest.json'), [manifest()]);
    await rename(temp, folder);
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
  return { path: folder, files: files.map((f) => join(folder, f.path)), rows, manifestPath: join(folder, 'manifest.json') };
}
