// Reading and writing a study's runs (the runs table) and its targets, as the values the renderer gets.
import type { SessionInfo } from '../../shared/ipc';
import type { Collect, CollectList, RunDetail, RunInfo, RunState, RunTrigger, TargetInfo } from '../../shared/ipc/studies';
import type { Db } from './db';
import type { RecordedEstimate } from './estimate';
import type { RunOptions, TargetRow } from './plan';

interface RunRow {
  id: number;
  trigger: string;
  state: string;
  budget: number;
  units_spent: number;
  reserved: number;
  pages: number;
  new_items: number;
  items: number;
  errors: number;
  message: string | null;
  session_id: string;
  mode: string;
  origin: string;
  options: string;
  estimate: number | null;
  estimate_upper: number | null;
  started_at: number;
  updated_at: number;
  finished_at: number | null;
}

export interface RunRecord extends RunInfo {
  reserved: number;
  options: RunOptions & { daily?: boolean };
}

function toRun(studyId: string, r: RunRow): RunRecord {
  return {
    id: r.id,
    studyId,
    trigger: r.trigger as RunTrigger,
    state: r.state as RunState,
    budget: r.budget,
    unitsSpent: r.units_spent,
    pages: r.pages,
    newItems: r.new_items,
    items: r.items,
    errors: r.errors,
    message: r.message,
    mode: r.mode as 'demo' | 'live',
    origin: r.origin,
    sessionId: r.session_id,
    startedAt: r.started_at,
    updatedAt: r.updated_at,
    finishedAt: r.finished_at,
    estimate: r.estimate,
    estimateUpper: r.estimate_upper,
    reserved: r.reserved,
    options: JSON.parse(r.options) as RunRecord['options'],
  };
}

/** The RunInfo the renderer gets (without main's bookkeeping). */
export function publicRun(r: RunRecord): RunInfo {
  const { reserved: _reserved, options: _options, ...info } = r;
  return info;
}

export interface RunTable {
  get(id: number): RunRecord | null;
  list(limit: number): RunRecord[];
  /** Running or paused: at most one per study. */
  active(): RunRecord | null;
  /** A new run, with its estimate per target beside what it will spend (run_targets). */
  insert(r: { trigger: RunTrigger; budget: number; session: SessionInfo; options: RunRecord['options']; estimate: RecordedEstimate | null; now: number }): number;
  set(id: number, change: Partial<{ state: RunState; message: string | null; budget: number; finishedAt: number | null; session: SessionInfo }>, now: number): void;
  /** Counts units of the calls that were under way when the app stopped as spent (they may have been billed). */
  settleReserved(id: number, now: number): number;
  /** Before a call: its cost, counted as spent if the app stops before the page is committed (several pages may be in flight). */
  reserve(id: number, units: number): void;
  /** A call that spent nothing after all (refused, cancelled before it was sent): its reservation goes. */
  release(id: number, units: number): void;
  /** `released`: the reservation of the call the error ends (its cost is in `billed` if it was billed). */
  error(id: number, e: { targetId: number | null; list: string; kind: string; message: string; billed: number; released?: number }, now: number): void;
  detail(id: number): RunDetail | null;
}

export function createRunTable(db: Db, studyId: string): RunTable {
  const get = db.prepare('SELECT * FROM runs WHERE id = ?');
  const table: RunTable = {
    get: (id) => {
      const r = get.get(id) as RunRow | undefined;
      return r ? toRun(studyId, r) : null;
    },
    list: (limit) => (db.prepare('SELECT * FROM runs ORDER BY id DESC LIMIT ?').all(limit) as unknown as RunRow[]).map((r) => toRun(studyId, r)),
    active: () => {
      const r = db.prepare("SELECT * FROM runs WHERE state IN ('running', 'paused') AND trigger <> 'adhoc' ORDER BY id DESC LIMIT 1").get() as RunRow | undefined;
      return r ? toRun(studyId, r) : null;
    },
    insert(r) {
      const e = r.estimate;
      const out = db
        .prepare(
          `INSERT INTO runs (trigger, state, budget, session_id, mode, origin, options, estimate, estimate_upper, started_at, updated_at)
           VALUES (?, 'running', ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        )
        .get(r.trigger, r.budget, r.session.id, r.session.mode, r.session.origin, JSON.stringify(r.options), e?.units ?? null, e?.upperUnits ?? null, r.now, r.now) as { id: number };
      const target = db.prepare('INSERT INTO run_targets (run_id, target_id, estimate, estimate_upper) SELECT ?, id, ?, ? FROM targets WHERE id = ?');
      for (const t of e?.targets ?? []) target.run(out.id, t.units, t.upperUnits, t.targetId);
      return out.id;
    },
    set(id, c, now) {
      const sets: string[] = ['updated_at = ?'];
      const values: (string | number | null)[] = [now];
      const add = (sql: string, v: string | number | null) => {
        sets.push(sql);
        values.push(v);
      };
      if (c.state !== undefined) add('state = ?', c.state);
      if (c.message !== undefined) add('message = ?', c.message);
      if (c.budget !== undefined) add('budget = ?', c.budget);
      if (c.finishedAt !== undefined) add('finished_at = ?', c.finishedAt);
      if (c.session !== undefined) add('session_id = ?', c.session.id);
      db.prepare(`UPDATE runs SET ${sets.join(', ')} WHERE id = ?`).run(...values, id);
    },
    reserve: (id, units) => void db.prepare('UPDATE runs SET reserved = reserved + ? WHERE id = ?').run(units, id),
    release: (id, units) => void db.prepare('UPDATE runs SET reserved = max(0, reserved - ?) WHERE id = ?').run(units, id),
    settleReserved(id, now) {
      const r = table.get(id);
      if (!r || r.reserved === 0) return 0;
      db.prepare('UPDATE runs SET units_spent = units_spent + reserved, reserved = 0, updated_at = ? WHERE id = ?').run(now, id);
      return r.reserved;
    },
    error(id, e, now) {
      db.prepare('INSERT INTO run_errors (run_id, target_id, list, time, kind, message) VALUES (?, ?, ?, ?, ?, ?)').run(id, e.targetId, e.list, now, e.kind, e.message);
      db.prepare('UPDATE runs SET errors = errors + 1, units_spent = units_spent + ?, reserved = max(0, reserved - ?), updated_at = ? WHERE id = ?').run(e.billed, e.released ?? 0, now, id);
      if (e.targetId !== null) {
        db.prepare(
          `INSERT INTO run_targets (run_id, target_id, units, error) VALUES (?, ?, ?, ?)
           ON CONFLICT (run_id, target_id) DO UPDATE SET units = units + excluded.units, error = excluded.error`,
        ).run(id, e.targetId, e.billed, e.message);
      }
    },
    detail(id) {
      const run = table.get(id);
      if (!run) return null;
      const targets = db
        .prepare(
          `SELECT rt.target_id, t.label, rt.pages, rt.units, rt.new_items, rt.items, rt.error, rt.estimate, rt.estimate_upper,
             (SELECT count(*) FROM run_tasks q WHERE q.run_id = rt.run_id AND q.target_id = rt.target_id) AS left_reads
           FROM run_targets rt JOIN targets t ON t.id = rt.target_id WHERE rt.run_id = ? ORDER BY t.id`,
        )
        .all(id) as { target_id: number; label: string; pages: number; units: number; new_items: number; items: number; error: string | null; estimate: number | null; estimate_upper: number | null; left_reads: number }[];
      const errors = db
        .prepare('SELECT e.target_id, t.label, e.list, e.time, e.kind, e.message FROM run_errors e LEFT JOIN targets t ON t.id = e.target_id WHERE e.run_id = ? ORDER BY e.id')
        .all(id) as { target_id: number | null; label: string | null; list: string; time: number; kind: string; message: string }[];
      return {
        run: publicRun(run),
        targets: targets.map((t) => ({
          targetId: t.target_id, label: t.label, pages: t.pages, units: t.units, newItems: t.new_items, items: t.items, error: t.error, estimate: t.estimate, estimateUpper: t.estimate_upper,
          left: t.left_reads,
        })),
        errors: errors.map((e) => ({ targetId: e.target_id, label: e.label, list: e.list, time: e.time, kind: e.kind, message: e.message })),
      };
    },
  };
  return table;
}

interface TargetDbRow {
  id: number;
  kind: string;
  key: string;
  label: string;
  username: string | null;
  lists: string;
  since: number | null;
  until: number | null;
  max_units_per_run: number | null;
  comment_pages_per_post: number | null;
  added_at: number;
}

export function toTargetRow(r: TargetDbRow): TargetRow {
  return {
    id: r.id,
    kind: r.kind as TargetRow['kind'],
    key: r.key,
    label: r.label,
    username: r.username,
    lists: JSON.parse(r.lists) as CollectList[],
    since: r.since,
    until: r.until,
    maxUnitsPerRun: r.max_units_per_run,
    commentPagesPerPost: r.comment_pages_per_post,
  };
}

export function targetRow(db: Db, id: number): TargetRow | null {
  const r = db.prepare('SELECT * FROM targets WHERE id = ? AND removed_at IS NULL').get(id) as TargetDbRow | undefined;
  return r ? toTargetRow(r) : null;
}

export function activeTargets(db: Db): TargetRow[] {
  return (db.prepare('SELECT * FROM targets WHERE removed_at IS NULL ORDER BY id').all() as unknown as TargetDbRow[]).map(toTargetRow);
}

/** The targets table as the study page shows it. */
export function targetInfos(db: Db): TargetInfo[] {
  const rows = db.prepare('SELECT * FROM targets WHERE removed_at IS NULL ORDER BY id').all() as unknown as TargetDbRow[];
  const items = db.prepare('SELECT count(DISTINCT record_id) AS n FROM list_items WHERE target_id = ?');
  const spent = db.prepare('SELECT coalesce(sum(units), 0) AS units FROM run_targets WHERE target_id = ?');
  const last = db.prepare(
    `SELECT r.id, r.started_at, rt.error FROM run_targets rt JOIN runs r ON r.id = rt.run_id WHERE rt.target_id = ? ORDER BY r.id DESC LIMIT 1`,
  );
  // Records (not sightings in several lists) first seen for the target in its last run.
  const fresh = db.prepare('SELECT count(DISTINCT record_id) AS n FROM list_items WHERE target_id = ? AND first_run = ?');
  const incomplete = db.prepare("SELECT count(*) AS n FROM list_state WHERE target_id = ? AND complete = 0 AND context_id = ''");
  return rows.map((r) => {
    const t = toTargetRow(r);
    const l = last.get(r.id) as { id: number; started_at: number; error: string | null } | undefined;
    const collect: Collect = { lists: t.lists, since: t.since, until: t.until, maxUnitsPerRun: t.maxUnitsPerRun, commentPagesPerPost: t.commentPagesPerPost };
    return {
      id: t.id,
      kind: t.kind,
      key: t.key,
      label: t.label,
      username: t.username,
      collect,
      addedAt: r.added_at,
      items: (items.get(r.id) as { n: number }).n,
      newLastRun: l ? (fresh.get(r.id, l.id) as { n: number }).n : 0,
      lastRunAt: l?.started_at ?? null,
      units: (spent.get(r.id) as { units: number }).units,
      complete: l !== undefined && (incomplete.get(r.id) as { n: number }).n === 0,
      lastError: l?.error ?? null,
    };
  });
}
