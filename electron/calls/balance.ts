// The balance: fetched from the free /sys/balance at start and every few minutes, lowered locally after
// each answer by the units it billed, and pushed to the renderer on every change.
import type { AppError } from '../../shared/api/errors';
import type { BalanceState } from '../../shared/ipc';

export const BALANCE_REFRESH_MS = 5 * 60_000;

/** The balance as /sys/balance answers it (numbers may come as text; what is missing counts 0). */
export function balanceOf(data: unknown): Omit<BalanceState, 'checkedAt' | 'updatedAt'> {
  const d = (data ?? {}) as Record<string, unknown>;
  const num = (v: unknown) => {
    const n = typeof v === 'number' ? v : Number(v);
    return Number.isFinite(n) ? n : 0;
  };
  return { requests: num(d.requests), rate: num(d.rate), currency: typeof d.currency === 'string' ? d.currency : 'USD', amount: num(d.amount) };
}


export type BalanceFetch = () => Promise<{ ok: true; value: Omit<BalanceState, 'checkedAt' | 'updatedAt'> } | { ok: false; error: AppError }>;

export interface BalanceTracker {
  get(): BalanceState | null;
  refresh(): Promise<BalanceState | null>;
  /** Lowers the known balance by the units an answer billed. */
  debit(units: number): void;
  /** Starts the periodic refresh; returns a stop function. */
  start(): () => void;
  /** Forget the balance (key or mode switched). */
  reset(): void;
  lastError(): AppError | null;
}

export function createBalanceTracker(options: {
  fetchBalance: BalanceFetch;
  emit: (state: BalanceState) => void;
  now?: () => number;
  intervalMs?: number;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}): BalanceTracker {
  const now = options.now ?? Date.now;
  let state: BalanceState | null = null;
  let error: AppError | null = null;
  let generation = 0; // a refresh started before reset() must not bring back the old key's balance
  let inflight: Promise<BalanceState | null> | null = null;

  function set(next: BalanceState): void {
    state = next;
    options.emit(next);
  }

  const tracker: BalanceTracker = {
    get: () => state,
    lastError: () => error,
    refresh() {
      if (inflight) return inflight;
      const started = generation;
      inflight = options
        .fetchBalance()
        .then((result) => {
          if (started !== generation) return state;
          if (!result.ok) {
            error = result.error;
            return state;
          }
          error = null;
          const t = now();
          set({ ...result.value, checkedAt: t, updatedAt: t });
          return state;
        })
        .finally(() => {
          inflight = null;
        });
      return inflight;
    },
    debit(units) {
      if (!state || units <= 0) return;
      const perRequest = state.requests > 0 ? state.amount / state.requests : 0;
      set({
        ...state,
        requests: Math.max(0, state.requests - units),
        amount: Math.max(0, Math.round((state.amount - perRequest * units) * 1e6) / 1e6),
        updatedAt: now(),
      });
    },
    start() {
      void tracker.refresh();
      const every = options.setInterval ?? ((fn, ms) => setInterval(fn, ms).unref());
      const stop = options.clearInterval ?? ((h) => clearInterval(h as ReturnType<typeof setInterval>));
      const handle = every(() => void tracker.refresh(), options.intervalMs ?? BALANCE_REFRESH_MS);
      return () => stop(handle);
    },
    reset() {
      generation += 1;
      state = null;
      error = null;
    },
  };
  return tracker;
}
