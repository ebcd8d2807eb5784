// The cost guard: main, not the UI, decides whether a paid call may run. A call billed at 2 or more units
// runs only when the request carries that exact confirmed cost, or the user chose "don't ask again this
// session" for the endpoint. A call costing more than the known balance never runs.
import { costOf, type Endpoint } from '../shared/api/catalog';
import { confirmationRequired, overBalance, type AppError } from '../shared/api/errors';

/** Calls at or above this cost always need a confirmation, whatever the settings say. */
export const ALWAYS_CONFIRM_FROM = 2;

export interface GuardRequest {
  endpoint: Endpoint;
  params: Record<string, unknown>;
  confirmedCost?: number;
  dontAskAgain?: boolean;
  /** Requests left, when known. */
  balance: number | null;
}

export interface CostGuard {
  /** The units a call would bill. */
  cost(endpoint: Endpoint, params: Record<string, unknown>): number;
  needsConfirmation(endpoint: Endpoint, params: Record<string, unknown>): boolean;
  isRemembered(path: string): boolean;
  /** null when the call may run; otherwise the refusal. Records "don't ask again" on a confirmed call. */
  check(request: GuardRequest): AppError | null;
  /** Forget every "don't ask again" (new session, key or mode switched). */
  reset(): void;
}

export function createCostGuard(options: { threshold: () => number }): CostGuard {
  const remembered = new Set<string>();
  const threshold = () => Math.min(ALWAYS_CONFIRM_FROM, Math.max(1, options.threshold()));

  const guard: CostGuard = {
    cost: (endpoint, params) => (endpoint.status.kind === 'retired' ? 0 : costOf(endpoint, params)),
    needsConfirmation: (endpoint, params) => guard.cost(endpoint, params) >= threshold() && !remembered.has(endpoint.path),
    isRemembered: (path) => remembered.has(path),
    check({ endpoint, params, confirmedCost, dontAskAgain, balance }) {
      const cost = guard.cost(endpoint, params);
      if (cost === 0) return null;
      if (balance !== null && cost > balance) return overBalance(cost, balance);
      if (!guard.needsConfirmation(endpoint, params)) return null;
      if (confirmedCost !== cost) return confirmationRequired(cost, balance);
      if (dontAskAgain) remembered.add(endpoint.path);
      return null;
    },
    reset: () => remembered.clear(),
  };
  return guard;
}
