// One paid call, end to end, in the order that never spends a request by accident: catalog check ->
// parameter validation -> cache -> cursor issued to this list (cursors.ts) -> cost guard (main's own
// question where needed) -> ledger writable -> API client -> balance, cache and ledger updates. Every step
// uses the session the call started in.
import { randomUUID } from 'node:crypto';
import { findEndpoint, type Endpoint } from '../../shared/api/catalog';
import { cancelledError, retiredError, validationError, type AppError } from '../../shared/api/errors';
import { readPage, type PageCursor } from '../../shared/api/pager';
import { validateParams } from '../../shared/api/params';
import type { CallValue, LedgerEntry, OpArgs, Quote, Result } from '../../shared/ipc';
import { queryRecord, queryToSend, type ApiClient, type AttemptRecord } from '../api/client';
import type { BalanceTracker } from './balance';
import type { CostGuard, SpendGrant } from './cost-guard';
import type { Priority } from './scheduler';
import { createIssuedCursors, type IssuedCursors } from './cursors';
import { sessionNamespace, type Session } from './session';
import type { KnownNames } from './known-names';

/** What the call service needs of the response cache. */
export interface CallCache {
  get(path: string, params: Record<string, unknown>, namespace?: string): Promise<{ data: unknown; fetchedAt: number; requestId?: string | null } | null>;
  set(path: string, params: Record<string, unknown>, data: unknown, meta: { fetchedAt: number; requestId?: string; namespace?: string }): Promise<void>;
}

export interface CallServiceDeps {
  /** The current session: a call keeps the one it started in to the end. */
  session: () => Session;
  /** Builds the client for a session; every attempt it sends must be reported to onAttempt. */
  client: (session: Session, onAttempt: (a: AttemptRecord) => void) => ApiClient;
  cache: CallCache;
  guard: CostGuard;
  /** The balance of the current session (an answer of an older session does not lower it). */
  balance: BalanceTracker;
  ledger: { append(entry: LedgerEntry): Promise<void>; problem(): Promise<string | null> };
  /** The cursors answers gave, which alone may be sent back (default: those of this service's answers only). */
  cursors?: IssuedCursors;
  /** Learns account names from answers (the cache's too), for main's questions. */
  names?: Pick<KnownNames, 'learn'>;
  now?: () => number;
}

/** What only main's own code may add to a call (never from IPC). */
export interface CallOptions {
  /** Spending authorised in advance by main's question (a job's budget, a batch of renewals). */
  grant?: SpendGrant;
  /** The study (and its run; none for a re-check) the request is for: written on its ledger line. */
  study?: { id: string; runId?: number };
  /** Its place in the session's request scheduler: 'interactive' (a screen, the default) goes before 'background' (runs, jobs, re-checks, renewals). */
  priority?: Priority;
}

export interface CallService {
  call(args: OpArgs<'call'>, options?: CallOptions): Promise<Result<CallValue>>;
  quote(args: OpArgs<'quote'>): Promise<Result<Quote>>;
  /** Cancels a call under way; true when there was one. */
  cancel(requestId: string): boolean;
}

function fail<T>(error: AppError): Result<T> {
  return { ok: false, error };
}

function sessionSwitched(): AppError {
  return {
    kind: 'cancelled',
    message: 'The service, key or mode changed while this request waited: it was not sent and nothing was charged. Try again.',
    billed: false,
    retryable: true,
  };
}

function ledgerUnwritable(problem: string): AppError {
  return {
    kind: 'internal',
    message: `Feedlens records every paid request in its request log, and the log cannot be written (${problem}). Nothing was sent or charged.`,
    billed: false,
    retryable: true,
  };
}

/** The endpoint, or the reason the call may not be sent at all. */
function checkRequest(path: string, params: Record<string, unknown>): { endpoint: Endpoint; query: [string, string][] } | { error: AppError } {
  const endpoint = findEndpoint(path);
  if (!endpoint) return { error: validationError([{ param: 'path', message: `${path} is not an endpoint of the service` }]) };
  if (endpoint.status.kind === 'retired') return { error: retiredError(endpoint.path, endpoint.status.replacements) };
  const check = validateParams(endpoint, params);
  if (!check.ok) return { error: validationError(check.issues) };
  return { endpoint, query: queryToSend(endpoint, check.query) };
}

/** The cursor params this request carries (for the ledger), or null on a first page. */
function cursorSent(endpoint: Endpoint, params: Record<string, unknown>): PageCursor | null {
  if (!endpoint.paging) return null;
  const sent: PageCursor = {};
  for (const name of Object.keys(endpoint.paging.cursor)) {
    const value = params[name];
    if (typeof value === 'string' && value !== '') sent[name] = value;
  }
  return Object.keys(sent).length > 0 ? sent : null;
}

function cursorReceived(endpoint: Endpoint, data: unknown): PageCursor | null {
  if (!endpoint.paging) return null;
  try {
    return readPage(endpoint, data).nextCursor;
  } catch {
    return null;
  }
}

export function createCallService(deps: CallServiceDeps): CallService {
  const now = deps.now ?? Date.now;
  const running = new Map<string, AbortController>();
  const cursors = deps.cursors ?? createIssuedCursors();

  /** Ledger failures are remembered by the ledger itself (it then refuses the next paid call). */
  const append = (entry: LedgerEntry): void => void deps.ledger.append(entry).catch(() => undefined);

  function ledgerEntry(s: Session, a: AttemptRecord, endpoint: Endpoint, params: Record<string, unknown>, received: PageCursor | null, study: CallOptions['study']): LedgerEntry {
    return {
      time: a.time,
      requestId: a.requestId,
      attempt: a.attempt,
      mode: s.info.mode,
      origin: s.info.origin,
      sessionId: s.info.id,
      path: a.path,
      params: a.params,
      cursorSent: cursorSent(endpoint, params),
      cursorReceived: received,
      status: a.status,
      units: a.units,
      durationMs: a.durationMs,
      cacheHit: false,
      errorKind: a.errorKind,
      bodySha256: a.bodySha256,
      ...(study ? { studyId: study.id, runId: study.runId } : {}),
    };
  }

  /** The call itself, once it is known to be valid; `signal` aborts it. */
  async function run(
    s: Session,
    args: OpArgs<'call'>,
    options: CallOptions,
    endpoint: Endpoint,
    query: [string, string][],
    requestId: string,
    signal: AbortSignal,
  ): Promise<Result<CallValue>> {
    const params = args.params as Record<string, unknown>;
    const namespace = sessionNamespace(s.info);
    if (!args.refresh) {
      const hit = await deps.cache.get(endpoint.path, params, namespace);
      if (hit) {
        const received = cursorReceived(endpoint, hit.data);
        cursors.remember(s.info, endpoint, query, received);
        append({
          time: now(),
          requestId,
          attempt: 0,
          mode: s.info.mode,
          origin: s.info.origin,
          sessionId: s.info.id,
          path: endpoint.path,
          // As a paid call's entry shows them: the query the service would have received.
          params: queryRecord(query),
          cursorSent: cursorSent(endpoint, params),
          cursorReceived: received,
          status: 200,
          units: 0,
          durationMs: 0,
          cacheHit: true,
          errorKind: null,
          bodySha256: null,
          ...(options.study ? { studyId: options.study.id, runId: options.study.runId } : {}),
        });
        deps.names?.learn(endpoint, hit.data);
        return { ok: true, value: { data: hit.data, units: 0, cacheHit: true, requestId, fetchedBy: hit.requestId ?? requestId, fetchedAt: hit.fetchedAt, session: s.info } };
      }
    }

    // Only now, with nothing left but paying for it: an answer from the cache costs nothing, whatever its cursor.
    const refused = await cursors.check(s.info, endpoint, query);
    if (refused.length > 0) return fail(validationError(refused));

    const authorised = await deps.guard.authorise({
      endpoint,
      params,
      balance: deps.balance.get()?.requests ?? null,
      ...(options.grant ? { grant: options.grant } : {}),
    });
    if (!authorised.ok) return fail(authorised.error);
    const { permit } = authorised;
    // The session may have switched while the user was answering: this call belongs to the old one.
    if (signal.aborted || s !== deps.session()) {
      permit.settle(0);
      return fail(signal.aborted ? cancelledError() : sessionSwitched());
    }
    const ledgerProblem = deps.guard.cost(endpoint, params) > 0 ? await deps.ledger.problem() : null;
    if (ledgerProblem !== null) {
      permit.settle(0);
      return fail(ledgerUnwritable(ledgerProblem));
    }

    // Attempts go to the ledger as they happen; the successful one waits for its parsed answer so
    // that its entry carries the cursor received.
    const attempts: { billed: number; success: AttemptRecord | null } = { billed: 0, success: null };
    const onAttempt = (a: AttemptRecord) => {
      attempts.billed += a.units;
      if (a.status !== null && a.status >= 200 && a.status < 300 && a.errorKind === null) attempts.success = a;
      else append(ledgerEntry(s, a, endpoint, params, null, options.study));
    };

    const outcome = await deps.client(s, onAttempt).call(endpoint.path, params, { signal, requestId, priority: options.priority ?? 'interactive' });
    const { billed, success } = attempts;
    permit.settle(billed);
    // Only the session the balance belongs to lowers it.
    const current = s === deps.session();
    if (current) deps.balance.debit(billed);
    if (!outcome.ok) {
      if (success) append(ledgerEntry(s, success, endpoint, params, null, options.study));
      if (current && (outcome.error.kind === 'payment' || outcome.error.kind === 'auth')) void deps.balance.refresh();
      return fail(billed > 0 ? { ...outcome.error, units: billed } : outcome.error);
    }
    const fetchedAt = now();
    const received = cursorReceived(endpoint, outcome.value.data);
    cursors.remember(s.info, endpoint, query, received);
    if (success) append(ledgerEntry(s, success, endpoint, params, received, options.study));
    await deps.cache.set(endpoint.path, params, outcome.value.data, { fetchedAt, requestId, namespace });
    deps.names?.learn(endpoint, outcome.value.data);
    return { ok: true, value: { data: outcome.value.data, units: outcome.value.units, cacheHit: false, requestId, fetchedBy: requestId, fetchedAt, session: s.info } };
  }

  return {
    async call(args, options = {}) {
      const params = args.params as Record<string, unknown>;
      const checked = checkRequest(args.path, params);
      if ('error' in checked) return fail(checked.error);
      const requestId = args.requestId ?? randomUUID();
      // Registered before anything is awaited, so a cancel that comes at once still finds the call.
      const controller = new AbortController();
      running.set(requestId, controller);
      try {
        return await run(deps.session(), args, options, checked.endpoint, checked.query, requestId, controller.signal);
      } finally {
        running.delete(requestId);
      }
    },

    async quote(args) {
      const params = args.params as Record<string, unknown>;
      const checked = checkRequest(args.path, params);
      if ('error' in checked) return fail(checked.error);
      const { endpoint } = checked;
      const session = deps.session().info;
      // A call that bypasses the cache pays whatever the cache holds, and is asked for as any paid call.
      const cached = !args.refresh && (await deps.cache.get(endpoint.path, params, sessionNamespace(session))) !== null;
      const refused = cached ? [] : await cursors.check(session, endpoint, checked.query);
      if (refused.length > 0) return fail(validationError(refused));
      return {
        ok: true,
        value: {
          cost: deps.guard.cost(endpoint, params),
          needsConfirmation: !cached && deps.guard.needsConfirmation(endpoint, params),
          remembered: deps.guard.isRemembered(endpoint.path),
          balance: deps.balance.get()?.requests ?? null,
          cached,
        },
      };
    },

    cancel(requestId) {
      const controller = running.get(requestId);
      controller?.abort();
      return controller !== undefined;
    },
  };
}
