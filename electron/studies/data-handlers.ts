// The IPC handlers of a study's data at hand (shared/ipc/study-data.ts): change timelines, records and their
// history, "Still there?" re-checks, the data browser, coding, saved views, exports and media of rows.
// Reading and coding spend nothing. A re-check spends only after main's own question, for the cost it
// quoted; the renderer never confirms anything.
import { join } from 'node:path';
import { isAnalysed } from '../media-analysis/findings';
import type { OpName, SavedItemArg } from '../../shared/ipc';
import { checkScopeSchema, rowsSchema, type CheckScope, type Rows, type STUDY_DATA_OPS, type StoredRecord, type StudyAccount, type StudyRecordRef } from '../../shared/ipc/study-data';
import { requestsWord } from '../calls/ask';
import { NeedsConfirmation, resumeAsking } from './authority';
import type { Handlers } from '../ipc/router';
import { browse, rowsWhere, selectedRowids } from './browse';
import { quoteCheck } from './checks';
import { applyCode, codesOf, CodingError, deleteCode, deleteView, listCodes, listViews, noteOf, saveCode, saveView, setNote } from './coding';
import type { Db } from './db';
import { studyDbError, withStudyDbErrors } from './db-errors';
import { exportStudy, studyItems } from './export';
import { type StudyHandlerDeps, refusal } from './handlers';
import { accountTimeline, sightingsOf } from './history';
import { MEDIA_FOLDER } from './registry';
import type { OpenStudy } from './service';
import { provenanceOfRow, recordOfRow, type StoredRecordRow } from './stored';

export type StudyDataOps = keyof typeof STUDY_DATA_OPS & OpName;

/** Errors of the researcher's own input (a code name taken...) reach the renderer as refusals; a full disk or a lock as what to do. */
function refused<T>(f: () => T): T {
  try {
    return f();
  } catch (error) {
    if (error instanceof NeedsConfirmation) throw error; // main asks the user (resumeAsking)
    const db = studyDbError(error);
    if (db) throw db;
    if (error instanceof CodingError || (error instanceof Error && !('kind' in error))) throw refusal(error.message);
    throw error;
  }
}

function accounts(db: Db): StudyAccount[] {
  const rows = db
    .prepare(
      `SELECT t.id, t.key, t.label, t.username,
         (SELECT count(*) FROM snapshots s WHERE s.user_id = t.key) AS snapshots,
         (SELECT count(DISTINCT snapshot_id) FROM profile_changes c WHERE c.user_id = t.key AND c.field NOT LIKE '%_count') AS changes,
         (SELECT max(seen_at) FROM profile_changes c WHERE c.user_id = t.key AND c.field NOT LIKE '%_count') AS last_change
       FROM targets t WHERE t.kind = 'account' AND t.removed_at IS NULL ORDER BY t.id`,
    )
    .all() as { id: number; key: string; label: string; username: string | null; snapshots: number; changes: number; last_change: number | null }[];
  const former = db.prepare('SELECT username FROM snapshots WHERE user_id = ? AND username IS NOT NULL GROUP BY username ORDER BY min(seen_at)');
  return rows.map((r) => ({
    targetId: r.id,
    userId: r.key,
    label: r.label,
    username: r.username,
    snapshots: r.snapshots,
    changes: r.changes,
    lastChangeAt: r.last_change,
    formerUsernames: (former.all(r.key) as { username: string }[]).map((x) => x.username).filter((u) => u.toLowerCase() !== (r.username ?? '').toLowerCase()),
  }));
}

interface StoredRow extends StoredRecordRow {
  rowid: number;
  kind: string;
  status: StoredRecord['status'];
  checked_at: number | null;
  last_seen: number;
}

function storedRecord(study: OpenStudy, rowid: number): StoredRecord {
  const row = study.db
    .prepare(
      `SELECT r.rowid, r.kind, r.record, r.raw, r.status, r.checked_at, r.last_seen, q.path, q.params, q.id AS request_id, q.fetched_at
       FROM records r LEFT JOIN requests q ON q.id = r.last_request WHERE r.rowid = ?`,
    )
    .get(rowid) as StoredRow | undefined;
  if (!row) throw refusal('There is no such record in this study.');
  const record = recordOfRow(row);
  const checks = study.db.prepare('SELECT check_id, status, checked_at, detail FROM check_items WHERE record_id = ? AND status IS NOT NULL ORDER BY checked_at').all(rowid) as {
    check_id: number;
    status: StoredRecord['status'];
    checked_at: number | null;
    detail: string | null;
  }[];
  return {
    studyId: study.id,
    rowid,
    record,
    provenance: provenanceOfRow(row, row.last_seen),
    status: row.status,
    checkedAt: row.checked_at,
    codes: codesOf(study.db, rowid),
    note: noteOf(study.db, rowid),
    sightings: sightingsOf(study.db, rowid),
    checks: checks.map((c) => ({ checkId: c.check_id, status: c.status, checkedAt: c.checked_at, detail: c.detail })),
  };
}

function scopeLabel(study: OpenStudy, scope: CheckScope, items: number): string {
  if ('all' in scope) return `All of “${study.name()}”`;
  if ('targetId' in scope) {
    const t = study.db.prepare('SELECT label FROM targets WHERE id = ?').get(scope.targetId) as { label: string } | undefined;
    if (!t) throw refusal('There is no such target in this study.');
    return t.label;
  }
  return `${items.toLocaleString('en-US')} selected ${items === 1 ? 'item' : 'items'}`;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const KIND_WORDS: Record<string, [string, string]> = { post: ['post', 'posts'], story: ['story', 'stories'], user: ['account', 'accounts'] };

export function createStudyDataHandlers(d: StudyHandlerDeps): Pick<Handlers, StudyDataOps> {
  const now = d.now ?? Date.now;
  const studyOf = (id: string) => d.service.get(id);
  const parseRows = (rows: unknown): Rows => rowsSchema.parse(rows);

  return withStudyDbErrors({
    studyAccounts: async ({ id }) => accounts(studyOf(id).db),
    studyTimeline: async ({ id, targetId }) => {
      const study = studyOf(id);
      const t = study.db.prepare("SELECT key, label FROM targets WHERE id = ? AND kind = 'account'").get(targetId) as { key: string; label: string } | undefined;
      if (!t) throw refusal('There is no such account in this study.');
      return { ...accountTimeline(study.db, t.key), label: t.label };
    },
    studyBrowse: async ({ id, query, offset, limit }) => browse(studyOf(id).db, query, offset, limit),
    studyRecord: async ({ id, rowid }) => storedRecord(studyOf(id), rowid),
    studyRecordFind: async ({ kind, recordId }) => {
      const found: StudyRecordRef[] = [];
      for (const info of d.service.list()) {
        if (info.problem) continue;
        const study = studyOf(info.id);
        const row = study.db.prepare('SELECT rowid, status, checked_at FROM records WHERE kind = ? AND id = ?').get(kind, recordId) as
          | { rowid: number; status: StudyRecordRef['status']; checked_at: number | null }
          | undefined;
        if (!row) continue;
        found.push({
          studyId: study.id, studyName: study.name(), rowid: row.rowid, status: row.status, checkedAt: row.checked_at,
          codes: codesOf(study.db, row.rowid), note: noteOf(study.db, row.rowid), sightings: sightingsOf(study.db, row.rowid),
          analysed: isAnalysed(study.db, row.rowid),
        });
      }
      return found;
    },

    studyCheckQuote: async ({ id, scope }) => quoteCheck(studyOf(id).db, checkScopeSchema.parse(scope), d.balance.get()),
    studyCheckStart: async ({ id, scope: input }) => {
      const study = d.service.writable(id);
      const scope = checkScopeSchema.parse(input);
      const quote = quoteCheck(study.db, scope, d.balance.get());
      if (quote.items === 0) throw refusal('Nothing here can be re-checked by id (posts, stories and accounts can; comments cannot).');
      const label = scopeLabel(study, scope, quote.items);
      const kinds = Object.entries(quote.byKind).map(([k, n]) => plural(n, ...(KIND_WORDS[k] ?? [k, k]))).join(', ');
      const money = quote.money !== null && quote.currency ? ` (about ${quote.money.toLocaleString('en-US', { style: 'currency', currency: quote.currency })})` : '';
      const answer = await d.ask({
        purpose: 'job',
        title: `Spend ${requestsWord(quote.units)}?`,
        message: `Re-checking ${label} (${kinds}) asks the service for each item by its id: ${requestsWord(quote.units)}${money}, one per item.`,
        detail: `${d.session().mode === 'demo' ? 'Demo mode: the simulator answers and nothing is billed. ' : ''}Each item is marked online, gone, private or unknown; a gone item keeps its last known state.${
          quote.skipped > 0 ? ` ${plural(quote.skipped, 'record', 'records')} (comments and the like) cannot be checked by id and are left out.` : ''
        }`,
        confirm: `Spend ${requestsWord(quote.units)}`,
      });
      if (!answer.confirmed) throw { kind: 'cancelled', message: 'The re-check was not started. Nothing was spent.', billed: false, retryable: true };
      return refused(() => study.checker.start(scope, label));
    },
    studyCheckControl: async ({ id, checkId, action }) => {
      const study = d.service.writable(id);
      if (!study.checker.get(checkId)) throw refusal('There is no such re-check.');
      if (action !== 'resume') return refused(() => study.checker.control(checkId, action));
      const session = d.session();
      return resumeAsking({
        ask: d.ask, what: `Re-check #${checkId}`, studyName: study.name(), mode: session.mode, origin: session.origin,
        resume: () => refused(() => study.checker.control(checkId, 'resume')),
        confirm: (units) => refused(() => study.checker.confirm(checkId, units)),
      });
    },
    studyChecks: async ({ id }) => studyOf(id).checker.list(),

    studyCodes: async ({ id }) => listCodes(studyOf(id).db),
    studyCodeSave: async ({ id, codeId, name, description, color, shortcut }) =>
      refused(() => saveCode(studyOf(id).db, { codeId, name, description: description ?? '', color: color ?? '', shortcut: shortcut ?? null }, now())),
    studyCodeDelete: async ({ id, codeId }) => deleteCode(studyOf(id).db, codeId),
    studyCodeApply: async ({ id, rows, codeId, on }) => ({ changed: refused(() => applyCode(studyOf(id).db, parseRows(rows), codeId, on, now())) }),
    studyNoteSet: async ({ id, rowid, text }) => ({ note: refused(() => setNote(studyOf(id).db, rowid, text, now())) }),
    studyViews: async ({ id }) => listViews(studyOf(id).db),
    studyViewSave: async ({ id, name, spec }) => saveView(studyOf(id).db, name, spec, now()),
    studyViewDelete: async ({ id, viewId }) => deleteView(studyOf(id).db, viewId),

    studyRowsExport: async ({ id, rows, format }) => {
      const study = studyOf(id);
      const picked = parseRows(rows);
      const count = selectedRowids(study.db, picked).length;
      if (count === 0) throw refusal('There is nothing to export: no row is selected.');
      const label = study.name();
      return exportStudy(
        { scope: 'seen', format, rows: { where: rowsWhere(picked), what: `${plural(count, 'row', 'rows')}` } },
        {
          db: study.db, studyId: id, studyName: label, folder: study.folder, appVersion: d.appVersion, now,
          ...(d.projectKeys ? { projectKeys: d.projectKeys } : {}),
          ...(d.ledger ? { ledger: d.ledger } : {}),
          ...(d.emitExport ? { onProgress: (n: number, total: number, done: boolean) => d.emitExport!({ label, rows: n, total, done }) } : {}),
        },
      );
    },
    studyRowsMedia: async ({ id, rows }) => {
      const study = studyOf(id);
      if (!d.mediaQueue) throw refusal('Saving media is not available.');
      const items = [...studyItems(study.db, { scope: 'seen', where: rowsWhere(parseRows(rows)) })].filter((i) => i.record.kind === 'post' || i.record.kind === 'story');
      const folder = join(study.folder, MEDIA_FOLDER);
      if (items.length === 0) return { queued: 0, skipped: 0, folder };
      const queue = await d.mediaQueue(study.folder);
      return { ...(await queue.enqueue(items.map(({ record, provenance }) => ({ record, provenance })) as unknown as SavedItemArg[])), folder };
    },
  });
}
