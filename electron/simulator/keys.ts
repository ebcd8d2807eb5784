// Access keys of the simulated service: each has a balance in request units, a rate (requests per
// second) and a price per unit, like production's `/sys/balance` reports them.

export interface KeySpec {
  key: string;
  /** Remaining request units. */
  balance: number;
  /** Requests per second allowed. */
  rate: number;
  /** Money left; sets the price per unit (amount / balance). Default price 0.0006 USD per unit. */
  amount?: number;
  currency?: string;
}

/** The `/sys/balance` answer. */
export interface BalanceInfo {
  requests: number;
  rate: number;
  currency: string;
  amount: number;
}

export const DEFAULT_PRICE_PER_UNIT = 0.0006;

interface Account {
  requests: number;
  rate: number;
  currency: string;
  price: number;
  /** Units billed so far. */
  spent: number;
  /** Times (ms) of the calls admitted in the last second, oldest first. */
  window: number[];
}

export interface KeyStore {
  has(key: string): boolean;
  /** Remaining units, or undefined for an unknown key. */
  balance(key: string): number | undefined;
  setBalance(key: string, units: number): void;
  setRate(key: string, rate: number): void;
  /** Adds a key or replaces one with the same name. */
  add(spec: KeySpec): void;
  /** Units billed to the key since it was added. */
  spent(key: string): number;
  info(key: string): BalanceInfo | undefined;
  /** Takes units off the balance (never below zero). */
  charge(key: string, units: number): void;
  /**
   * Sliding one-second window: true and the call is counted when fewer than `rate` calls were admitted
   * in the last 1000 ms; false (over the rate) otherwise. Refused calls do not count.
   */
  admit(key: string, nowMs: number): boolean;
}

function roundMoney(n: number): number {
  return Math.round(n * 10_000) / 10_000;
}

function checkUnits(n: number, what: string): void {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`${what} must be a whole number >= 0, got ${n}`);
}

export function createKeyStore(specs: readonly KeySpec[]): KeyStore {
  const accounts = new Map<string, Account>();

  function account(key: string): Account {
    const found = accounts.get(key);
    if (!found) throw new Error(`Unknown simulator key: ${key}`);
    return found;
  }

  const store: KeyStore = {
    has: (key) => accounts.has(key),
    balance: (key) => accounts.get(key)?.requests,
    setBalance(key, units) {
      checkUnits(units, 'balance');
      account(key).requests = units;
    },
    setRate(key, rate) {
      checkUnits(rate, 'rate');
      account(key).rate = rate;
    },
    add(spec) {
      checkUnits(spec.balance, 'balance');
      checkUnits(spec.rate, 'rate');
      const price = spec.amount !== undefined && spec.balance > 0 ? spec.amount / spec.balance : DEFAULT_PRICE_PER_UNIT;
      accounts.set(spec.key, {
        requests: spec.balance,
        rate: spec.rate,
        currency: spec.currency ?? 'USD',
        price,
        spent: 0,
        window: [],
      });
    },
    spent: (key) => account(key).spent,
    info(key) {
      const a = accounts.get(key);
      if (!a) return undefined;
      return { requests: a.requests, rate: a.rate, currency: a.currency, amount: roundMoney(a.requests * a.price) };
    },
    charge(key, units) {
      const a = account(key);
      const taken = Math.min(units, a.requests);
      a.requests -= taken;
      a.spent += taken;
    },
    admit(key, nowMs) {
      const a = account(key);
      while (a.window.length > 0 && (a.window[0] ?? 0) <= nowMs - 1000) a.window.shift();
      if (a.window.length >= a.rate) return false;
      a.window.push(nowMs);
      return true;
    },
  };
  for (const spec of specs) store.add(spec);
  return store;
}
