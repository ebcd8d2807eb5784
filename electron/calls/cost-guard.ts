// The cost guard: main, not the renderer, decides whether a paid call may run, and main asks the user
// itself when it must. A call billed at 2 or more units (or at the user's lower threshold) runs only after
// main's own question was answered "spend", or when the user ticked "don't ask again" for the endpoint
// in such a question this session. Spending without a question (1-unit calls, remembered endpoints) is
// capped per hour: past the ceiling even 1-unit calls wait for main's question. Calls inside a spending
// grant (a job's confirmed budget, a confirmed batch of link renewals) are authorised by that grant.
// A call costing more than the known balance never runs.
import { costOf, type Endpoint } from '../../shared/api/catalog';
import { overBalance, type AppError } from '../../shared/api/errors';
import { requestsWord, type Ask } from './ask';

/** Calls at or above this cost always need main's question, whatever the settings say. */
export const ALWAYS_CONFIRM_FROM = 2;
const HOUR_MS = 60 * 60_000;

/**
 * Spending the user authorised in advance, by main's question (a job's budget, a batch of renewals).
 * Only main creates grants; nothing that crosses IPC can carry one.
 */
export interface SpendGrant {
  readonly label: string;
  /** Whether `units` more fit in what was authorised. */
  allows(units: number): boolean;
  /** Records units billed under the grant. */
  spent(units: number): void;
}

/** A grant of at most `units` units, counted down as they are billed. */
export function createGrant(label: string, units: number): SpendGrant & { remaining(): number } {
  let left = units;
  return {
    label,
    allows: (n) => n <= left,
    spent: (n) => void (left = Math.max(0, left - n)),
    remaining: () => left,
  };
}

export interface GuardRequest {
  endpoint: Endpoint;
  params: Record<string, unknown>;
  /** Requests left, when known. */
  balance: number | null;
  grant?: SpendGrant;
}

/** A call the guard let through: settle it with the units actually billed (0 when nothing was). */
export interface Permit {
  settle(unitsBilled: number): void;
}

export interface CostGuard {
  /** The units a call would bill. */
  cost(endpoint: Endpoint, params: Record<string, unknown>): number;
  /** Whether the call would bring main's question (for quotes; the answer may still change). */
  needsConfirmation(endpoint: Endpoint, params: Record<string, unknown>): boolean;
  isRemembered(path: string): boolean;
  /** Asks the user where needed; the permit, or the refusal (declined, over balance, grant used up). */
  authorise(request: GuardRequest): Promise<{ ok: true; permit: Permit } | { ok: false; error: AppError }>;
  /** Units spent without a question in the last hour. */
  unconfirmedLastHour(): number;
  /** Forget every "don't ask again" and the hourly count (new session: key, mode or service switched). */
  reset(): void;
}

export interface CostGuardOptions {
  /** The user's threshold (1 or 2). Anything not a finite number counts as 1: ask for everything. */
  threshold: () => number;
  /** Units that may be spent per hour without a question. Anything not a finite number counts as 0. */
  hourlyLimit: () => number;
  ask: Ask;
  /** The username of an account id, where main has seen it (known-names.ts): questions name "@nasa". */
  username?: (userId: string) => string | null;
  now?: () => number;
}

export function declinedError(): AppError {
  return { kind: 'cancelled', message: 'Cancelled: nothing was requested and nothing was charged.', billed: false, retryable: true };
}

function grantExhausted(grant: SpendGrant, cost: number): AppError {
  return {
    kind: 'over_balance',
    message: `${grant.label}: the next request (${requestsWord(cost)}) would go past the budget you confirmed. Nothing was sent.`,
    cost,
    billed: false,
    retryable: false,
  };
}

/**
 * "@nasa, amount 12": what the call asks for, from main's own copy of the parameters; an account id
 * main knows the username of is named by it ("user_id 123" otherwise).
 */
function describeParams(params: Record<string, unknown>, username: (userId: string) => string | null): string {
  const parts = Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => {
      const name = k === 'user_id' ? username(String(v)) : null;
      return name ? `@${name}` : `${k} ${String(v).slice(0, 60)}`;
    });
  return parts.length > 0 ? ` (${parts.join(', ').slice(0, 200)})` : '';
}

export function createCostGuard(o: CostGuardOptions): CostGuard {
  const now = o.now ?? Date.now;
  const username = o.username ?? (() => null);
  const remembered = new Set<string>();
  /** Unconfirmed spending (and reservations of calls under way) within the last hour. */
  let spending: { time: number; units: number }[] = [];
  let generation = 0;

  const threshold = (): number => {
    const t = o.threshold();
    return Number.isFinite(t) ? Math.min(ALWAYS_CONFIRM_FROM, Math.max(1, t)) : 1;
  };
  const hourlyLimit = (): number => {
    const l = o.hourlyLimit();
    return Number.isFinite(l) ? Math.max(0, l) : 0;
  };
  const unconfirmedLastHour = (): number => {
    const since = now() - HOUR_MS;
    spending = spending.filter((s) => s.time > since);
    return spending.reduce((sum, s) => sum + s.units, 0);
  };

  const guard: CostGuard = {
    cost: (endpoint, params) => (endpoint.status.kind === 'retired' ? 0 : costOf(endpoint, params)),
    needsConfirmation: (endpoint, params) => {
      const cost = guard.cost(endpoint, params);
      if (cost === 0) return false;
      if (cost >= threshold() && !remembered.has(endpoint.path)) return true;
      return unconfirmedLastHour() + cost > hourlyLimit();
    },
    isRemembered: (path) => remembered.has(path),
    unconfirmedLastHour,

    async authorise({ endpoint, params, balance, grant }) {
      const cost = guard.cost(endpoint, params);
      const free: Permit = { settle: () => undefined };
      if (cost === 0) return { ok: true, permit: free };
      if (balance !== null && cost > balance) return { ok: false, error: overBalance(cost, balance) };

      if (grant) {
        if (!grant.allows(cost)) return { ok: false, error: grantExhausted(grant, cost) };
        return { ok: true, permit: { settle: (units) => grant.spent(units) } };
      }

      const what = `${endpoint.summary}${describeParams(params, username)}`;
      const balanceLine = balance === null ? 'Balance unknown.' : `Balance after: ${(balance - cost).toLocaleString('en-US')} requests (now ${balance.toLocaleString('en-US')}).`;
      if (cost >= threshold() && !remembered.has(endpoint.path)) {
        const asked = generation;
        const answer = await o.ask({
          purpose: 'spend',
          title: `Spend ${requestsWord(cost)}?`,
          message: `${what} is billed at ${requestsWord(cost)}.`,
          detail: `${balanceLine}\n${endpoint.path}`,
          confirm: `Spend ${requestsWord(cost)}`,
          checkbox: 'Don’t ask again for this kind of request this session',
        });
        if (!answer.confirmed) return { ok: false, error: declinedError() };
        // A "don't ask again" answered while the session switched belongs to the old session.
        if (answer.checked && asked === generation) remembered.add(endpoint.path);
        // Asked and confirmed: this call does not count as spending without a question.
        return { ok: true, permit: free };
      }

      if (unconfirmedLastHour() + cost > hourlyLimit()) {
        const spent = unconfirmedLastHour();
        const answer = await o.ask({
          purpose: 'ceiling',
          title: 'Keep spending without asking?',
          message: `Feedlens has spent ${requestsWord(spent)} in the last hour without asking you, up to your limit of ${requestsWord(hourlyLimit())}. Next: ${what}, ${requestsWord(cost)}.`,
          detail: `${balanceLine}\nConfirm to allow another ${requestsWord(hourlyLimit())} before the next question.`,
          confirm: 'Continue',
        });
        if (!answer.confirmed) return { ok: false, error: declinedError() };
        spending = [];
      }
      const entry = { time: now(), units: cost };
      spending.push(entry);
      return { ok: true, permit: { settle: (units) => void (entry.units = units) } };
    },

    reset: () => {
      generation += 1;
      remembered.clear();
      spending = [];
    },
  };
  return guard;
}
