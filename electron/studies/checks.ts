// "Still there?": saved items re-checked by id (posts, stories, accounts), as DocNow's Hydrator does for
// tweets. Each item is asked for once through the app's call service (ledger, balance), within the grant
// main's own question authorised, and marked online, gone (not found or unavailable), private or
// unknown (the check failed), with the time of the check. A gone item keeps its last known state; one
// that is still there is stored afresh (a sighting: its counts and caption now). A check runs in the
// session it started in (in another it waits, and says why); after a restart it goes on where it stopped.
import { costOf, findEndpoint } from '../../shared/api/catalog';
import { randomUUID } from 'node:crypto';
import { unitsBilled, type AppError } from '../../shared/api/errors';
import { normalizeAnswer } from '../../shared/api/normalize';
import type { SessionInfo } from '../../shared/ipc';
import type { AppRecord } from '../../shared/records';
import type { CheckInfo, CheckQuote, CheckScope, CheckState, RecordStatus } from '../../shared/ipc/study-data';
import type { CallService } from '../calls/calls';
import type { SpendGrant } from '../calls/cost-guard';
import { rowsWhere, type Where } from './browse';
import { assertWritable, tx, type Db } from './db';
import { nextTurn, studyDbMessage } from './db-errors';
import { rowsOf } from './extract';
import { putSnapshot } from './history';
import { NeedsConfirmation, sessionMismatch, standingOf } from './authority';
import { scopeOf, type StudyGrants } from './grants';
import { createRecordStore, type RequestRow } from './store';

/** How each kind is asked for by id (1 request each). Comments, highlights and the rest cannot be. */
export const CHECK_CALLS: Readonly<Record<string, string>> = { post: '/v1/media/by/id', story: '/v1/story/by/id', user: '/v1/user/by/id' };
const CHECKABLE = `r.kind IN ('post', 'story', 'user')`;

/** The records a scope names: the study's posts, stories, comments and accounts; a target's; rows of the browser. */
export function scopeWhere(scope: CheckScope): Where {
  if ('rows' in scope) return rowsWhere(scope.rows);
  const accounts = "(r.kind = 'user' AND r.id IN (SELECT key FROM targets WHERE kind = 'account'))";
  if ('all' in scope) return { sql: `(r.kind IN ('post', 'story', 'comment') OR ${accounts})`, args: [] };
  return {
    sql: `(r.rowid IN (SELECT record_id FROM list_items WHERE target_id = ?) AND r.kind IN ('post', 'story', 'comment')
           OR (r.kind = 'user' AND r.id = (SELECT key FROM targets WHERE id = ? AND kind = 'account')))`,
    args: [scope.targetId, scope.targetId],
  };
}

export function quoteCheck(db: Db, scope: CheckScope, balance: { requests: number; amount: number; currency: string } | null): CheckQuote {
  const where = scopeWhere(scope);
  const rows = db.prepare(`SELECT r.kind, count(*) AS n FROM records r WHERE ${where.sql} GROUP BY r.kind`).all(...where.args) as { kind: string; n: number }[];
  const byKind: Record<string, number> = {};
  let items = 0;
  let units = 0;
  let skipped = 0;
  for (const { kind, n } of rows) {
    const path = CHECK_CALLS[kind];
    if (!path) {
      skipped += n;
      continue;
    }
    byKind[kind] = n;
    items += n;
    units += n * costOf(findEndpoint(path)!, { id: '1' });
  }
  const rate = balance && balance.requests > 0 ? balance.amount / balance.requests : null;
  return { items, byKind, units, skipped, money: rate === null ? null : units * rate, currency: balance?.currency ?? null };
}

interface CheckRow {
  id: number;
  label: string;
  state: CheckState;
  budget: number;
  units_spent: number;
  items: number;
  checked: number;
  online: number;
  gone: number;
  private: number;
  unknown: number;
  message: string | null;
  mode: 'demo' | 'live';
  origin: string;
  started_at: number;
  updated_at: number;
  finished_at: number | null;
}

const toInfo = (studyId: string, r: CheckRow): CheckInfo => ({
  id: r.id, studyId, label: r.label, state: r.state, budget: r.budget, unitsSpent: r.units_spent, items: r.items, checked: r.checked, online: r.online,
  gone: r.gone, private: r.private, unknown: r.unknown, message: r.message, mode: r.mode, origin: r.origin, startedAt: r.started_at, updatedAt: r.updated_at,
  finishedAt: r.finished_at,
});

/** Errors after which the check cannot go on (the next items would fail the same way, or spend unasked). */
const STOPPING: ReadonlySet<AppError['kind']> = new Set(['payment', 'auth', 'over_balance', 'confirmation_required', 'cancelled', 'retired', 'blocked']);

/** What one answer says about the item: its status, why, and the record when it is still there. */
export function outcomeOf(path: string, result: { ok: true; data: unknown } | { ok: false; error: AppError }): { status: RecordStatus; detail: string | null; record: AppRecord | null } {
  if (!result.ok) {
    const e = result.error;
    if (e.kind === 'not_found') return { status: 'gone', detail: e.detail ?? e.excType ?? e.message, record: null };
    if (e.kind === 'private') return { status: 'private', detail: e.detail ?? e.message, record: null };
    return { status: 'unknown', detail: e.message, record: null };
  }
  const found = normalizeAnswer(findEndpoint(path)!, result.data);
  const record = Array.isArray(found) ? (found[0] ?? null) : found;
  if (!record) return { status: 'unknown', detail: 'The service answered without the item.', record: null };
  if (record.kind === 'profile' && record.isPrivate) return { status: 'private', detail: 'The account is private.', record };
  return { status: 'online', detail: null, record };
}

export interface CheckerDeps {
  db: Db;
  studyId: string;
  calls: Pick<CallService, 'call'>;
  /** What main authorised this study to spend on this machine: the only authority to spend. */
  grants: StudyGrants;
  session: () => SessionInfo;
  emit: (check: CheckInfo) => void;
  now?: () => number;
  log?: (message: string) => void;
}

export interface Checker {
  /** Goes on with checks that were under way when the app stopped (or has them wait, in another session). */
  open(): void;
  start(scope: CheckScope, label: string): CheckInfo;
  /** Resume throws NeedsConfirmation when main has not authorised the check with the key in use. */
  control(checkId: number, action: 'pause' | 'resume' | 'cancel'): CheckInfo;
  /** The user confirmed in main's question that the check may spend `units` more with the key in use. */
  confirm(checkId: number, units: number): CheckInfo;
  get(checkId: number): CheckInfo | null;
  list(limit?: number): CheckInfo[];
  settled(checkId: number): Promise<CheckInfo | null>;
  close(): Promise<void>;
}

export function createChecker(d: CheckerDeps): Checker {
  const { db } = d;
  const now = d.now ?? Date.now;
  const log = d.log ?? console.error;
  const store = createRecordStore(db);
  const loops = new Map<number, { want: 'run' | 'stop'; running: boolean; loop: Promise<void> }>();
  let closed = false;
  // Checks paused by a database that could not take the pause itself (a full disk, another program's
  // lock), with why: shown instead of their "running" row, so resume works; dropped once a state is written.
  const held = new Map<number, string>();
  const over = (r: CheckRow): CheckRow => {
    const message = held.get(r.id);
    return message === undefined ? r : { ...r, state: 'paused', message };
  };

  const row = (id: number) => {
    const r = db.prepare('SELECT * FROM checks WHERE id = ?').get(id) as CheckRow | undefined;
    return r && over(r);
  };
  const get = (id: number) => {
    const r = row(id);
    return r ? toInfo(d.studyId, r) : null;
  };
  const set = (id: number, state: CheckState, message: string | null, finished: boolean) => {
    db.prepare('UPDATE checks SET state = ?, message = ?, updated_at = ?, finished_at = ? WHERE id = ?').run(state, message, now(), finished ? now() : null, id);
    held.delete(id);
    emit(id);
  };
  const emit = (id: number) => {
    const info = get(id);
    if (info && !closed) d.emit(info);
  };

  const standing = (r: CheckRow, scope: string) => standingOf(r.budget, d.grants.get(scope, 'check', r.id), d.grants.cancelled('check', r.id));

  function grantOf(id: number, scope: string): SpendGrant {
    return {
      label: `Re-check #${id} of this study`,
      allows: (units) => {
        const r = row(id);
        const granted = r ? standing(r, scope) : null;
        return r !== undefined && granted?.ok === true && units <= Math.min(r.budget - r.units_spent, granted.room);
      },
      spent: () => undefined, // counted in the check's row with each item
    };
  }

  /** Writes one item's outcome: the item, the record's status (and its fresh copy), the counters. */
  function commit(id: number, item: { pos: number; record_id: number }, o: ReturnType<typeof outcomeOf>, units: number, request: RequestRow | null): void {
    const at = now();
    const requestId = request?.id ?? null;
    tx(db, () => {
      // The answer's request, so a record refreshed by the check names where it now comes from (exports, viewer).
      if (request) store.request(request);
      db.prepare('UPDATE check_items SET status = ?, checked_at = ?, detail = ?, request_id = ?, units = ? WHERE check_id = ? AND pos = ?').run(o.status, at, o.detail, requestId, units, id, item.pos);
      db.prepare('UPDATE records SET status = ?, checked_at = ? WHERE rowid = ?').run(o.status, at, item.record_id);
      db.prepare(`UPDATE checks SET checked = checked + 1, ${o.status} = ${o.status} + 1, units_spent = units_spent + ?, updated_at = ? WHERE id = ?`).run(units, at, id);
      if (o.record && requestId) {
        for (const r of rowsOf(o.record)) store.put(r, { runId: null, checkId: id, requestId, now: at });
        if (o.record.kind === 'profile') {
          const target = db.prepare("SELECT id FROM targets WHERE kind = 'account' AND key = ?").get(o.record.id) as { id: number } | undefined;
          putSnapshot(db, o.record, { targetId: target?.id ?? null, runId: null, checkId: id, requestId, seenAt: at });
        }
      }
    });
  }

  /** Checks one item; false when the check must stop here. */
  async function step(id: number): Promise<boolean> {
    const check = row(id);
    if (!check || check.state !== 'running') return false;
    const item = db.prepare('SELECT c.pos, c.record_id, r.kind, r.id FROM check_items c JOIN records r ON r.rowid = c.record_id WHERE c.check_id = ? AND c.status IS NULL ORDER BY c.pos LIMIT 1').get(id) as
      | { pos: number; record_id: number; kind: string; id: string }
      | undefined;
    if (!item) {
      set(id, 'done', null, true);
      return false;
    }
    const path = CHECK_CALLS[item.kind]!;
    const params = { id: item.id };
    if (costOf(findEndpoint(path)!, params) > check.budget - check.units_spent) {
      set(id, 'stopped', 'Stopped before going past what was authorised.', true);
      return false;
    }
    if (closed || loops.get(id)?.want !== 'run') return false;
    const mismatch = sessionMismatch(check, d.session());
    if (mismatch) {
      set(id, 'paused', mismatch.replace('This run', 'This re-check').replace('a new run', 'a new re-check'), false);
      return false;
    }
    const scope = scopeOf(d.session());
    const granted = standing(check, scope);
    if (!granted.ok) {
      set(id, 'paused', granted.why, false);
      return false;
    }
    // Another program's lock is found before the item is paid for, not when its answer cannot be stored.
    assertWritable(db);
    const cost = costOf(findEndpoint(path)!, params);
    if (cost > granted.room) {
      set(id, 'stopped', 'Stopped before going past what was authorised.', true);
      return false;
    }
    d.grants.reserve(scope, 'check', id, cost);
    // The request id is chosen here so that a billed error (a 404 of a deleted post) is logged as a request too.
    const requestId = randomUUID();
    const result = await d.calls.call({ path, params, refresh: true, requestId }, { grant: grantOf(id, scope), study: { id: d.studyId }, priority: 'background' });
    const units = result.ok ? result.value.units : unitsBilled(result.error, cost);
    d.grants.settle(scope, 'check', id, units, cost);
    if (closed) return false;
    if (!result.ok && STOPPING.has(result.error.kind)) {
      set(id, result.error.kind === 'cancelled' ? 'paused' : 'failed', result.error.message, result.error.kind !== 'cancelled');
      return false;
    }
    const outcome = outcomeOf(path, result.ok ? { ok: true, data: result.value.data } : result);
    const session = result.ok ? result.value.session : d.session();
    const request: RequestRow | null =
      result.ok || units > 0
        ? {
            id: requestId, runId: null, targetId: null, path, params, fetchedAt: result.ok ? result.value.fetchedAt : now(), units, cacheHit: result.ok && result.value.cacheHit,
            items: outcome.record ? 1 : 0, newItems: 0, sessionId: session.id, mode: session.mode, origin: session.origin,
          }
        : null;
    commit(id, item, outcome, units, request);
    return true;
  }

  async function loop(id: number): Promise<void> {
    try {
      while (!closed && loops.get(id)?.want === 'run') {
        if (!(await step(id))) break;
        emit(id);
      }
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      log(`studies: check ${id}: ${why}`);
      await nextTurn(); // a write that met a lock waited already: the stop's write gets a turn of its own
      if (closed) return;
      // A full disk or another program's lock pauses the check (resume goes on); anything else fails it.
      const paused = studyDbMessage(error, 're-check');
      const message = paused ?? `Feedlens could not go on with this re-check: ${why}`;
      try {
        set(id, paused ? 'paused' : 'failed', message, !paused);
      } catch {
        held.set(id, message);
        emit(id);
      }
    }
  }

  function goOn(id: number): void {
    const entry = loops.get(id);
    if (entry?.running) {
      // Its loop is still finishing an item: it goes on instead of stopping.
      entry.want = 'run';
      return;
    }
    const next = { want: 'run' as 'run' | 'stop', running: true, loop: Promise.resolve() };
    loops.set(id, next);
    // Started after the caller returns: a check never calls the service inside start().
    next.loop = Promise.resolve()
      .then(() => loop(id))
      .finally(() => void (next.running = false));
  }

  const checker: Checker = {
    open() {
      const scope = scopeOf(d.session());
      for (const r of db.prepare("SELECT * FROM checks WHERE state = 'running'").all() as unknown as CheckRow[]) {
        // The call under way when the app stopped may have been billed.
        const reserved = d.grants.get(scope, 'check', r.id)?.reserved ?? 0;
        if (reserved > 0) d.grants.settle(scope, 'check', r.id, reserved, reserved);
        const mismatch = sessionMismatch(r, d.session());
        const granted = standing(r, scope);
        if (mismatch) set(r.id, 'paused', mismatch.replace('This run', 'This re-check'), false);
        else if (!granted.ok) set(r.id, 'paused', granted.why, false);
        else goOn(r.id);
      }
    },
    start(scope, label) {
      const active = db.prepare("SELECT id FROM checks WHERE state IN ('running', 'paused') LIMIT 1").get() as { id: number } | undefined;
      if (active) throw new Error(`Re-check #${active.id} of this study is not finished: let it end or cancel it first.`);
      const where = scopeWhere(scope);
      const session = d.session();
      const id = tx(db, () => {
        const at = now();
        const out = db
          .prepare(`INSERT INTO checks (label, scope, state, budget, items, session_id, mode, origin, started_at, updated_at) VALUES (?, ?, 'running', 0, 0, ?, ?, ?, ?, ?) RETURNING id`)
          .get(label, JSON.stringify(scope), session.id, session.mode, session.origin, at, at) as { id: number };
        db.prepare(
          `INSERT INTO check_items (check_id, pos, record_id) SELECT ?, row_number() OVER (ORDER BY r.rowid), r.rowid FROM records r WHERE (${where.sql}) AND ${CHECKABLE}`,
        ).run(out.id, ...where.args);
        // One unit per item (each kind's call costs 1): the budget main's question authorised.
        const items = db.prepare('SELECT count(*) AS n FROM check_items WHERE check_id = ?').get(out.id) as { n: number };
        db.prepare('UPDATE checks SET items = ?, budget = ? WHERE id = ?').run(items.n, items.n, out.id);
        d.grants.allow(scopeOf(session), 'check', out.id, items.n, items.n);
        return out.id;
      });
      emit(id);
      goOn(id);
      return get(id)!;
    },
    control(checkId, action) {
      const r = row(checkId);
      if (!r) throw new Error('There is no such re-check.');
      const entry = loops.get(checkId);
      if (action === 'pause' && r.state === 'running') {
        if (entry) entry.want = 'stop';
        set(checkId, 'paused', 'Paused: the item under way was saved. Resume to go on.', false);
      } else if (action === 'cancel' && (r.state === 'running' || r.state === 'paused')) {
        if (entry) entry.want = 'stop';
        d.grants.cancel('check', checkId);
        set(checkId, 'cancelled', `Cancelled after ${r.checked.toLocaleString('en-US')} of ${r.items.toLocaleString('en-US')} items.`, true);
      } else if (action === 'resume' && r.state === 'paused') {
        const mismatch = sessionMismatch(r, d.session());
        if (mismatch) throw new Error(mismatch.replace('This run', 'This re-check'));
        const granted = standing(r, scopeOf(d.session()));
        if (!granted.ok) throw new NeedsConfirmation(granted.why.replace('it to spend', 'this re-check to spend'), Math.max(0, r.budget - r.units_spent));
        db.prepare("UPDATE checks SET state = 'running', message = NULL, updated_at = ? WHERE id = ?").run(now(), checkId);
        held.delete(checkId);
        emit(checkId);
        goOn(checkId);
      }
      return get(checkId)!;
    },
    confirm(checkId, units) {
      const r = row(checkId);
      if (!r) throw new Error('There is no such re-check.');
      if (d.grants.cancelled('check', checkId)) throw new Error('This re-check was cancelled and stays cancelled: start a new one.');
      const scope = scopeOf(d.session());
      const grant = d.grants.get(scope, 'check', checkId);
      d.grants.allow(scope, 'check', checkId, units - (grant ? Math.max(0, grant.budget - grant.spent) : 0), r.budget);
      return r.state === 'paused' ? checker.control(checkId, 'resume') : get(checkId)!;
    },
    get,
    list: (limit = 50) => (db.prepare('SELECT * FROM checks ORDER BY id DESC LIMIT ?').all(limit) as unknown as CheckRow[]).map((r) => toInfo(d.studyId, over(r))),
    async settled(checkId) {
      await loops.get(checkId)?.loop;
      return get(checkId);
    },
    async close() {
      closed = true;
      await Promise.all([...loops.values()].map((e) => e.loop));
    },
  };
  return checker;
}
