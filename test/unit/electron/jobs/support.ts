// Test support for bulk jobs: the real call stack of the app (request scheduler, api client, cost guard,
// response cache on disk, balance, CallService), wired as electron/core.ts wires it, in front of the
// in-process simulator.
// Each test gets its own simulator key, so the units it spent are its own.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '../../../../electron/api/client';
import { createBalanceTracker, type BalanceTracker } from '../../../../electron/calls/balance';
import { createResponseCache, type ResponseCache } from '../../../../electron/calls/cache';
import { createCallService, type CallService } from '../../../../electron/calls/calls';
import { createCostGuard } from '../../../../electron/calls/cost-guard';
import { createRequestScheduler, type RequestScheduler } from '../../../../electron/calls/scheduler';
import { createSession, sessionNamespace, type Session } from '../../../../electron/calls/session';
import { createAskRecorder, type AskRecorder } from '../../../support/ask-recorder';
import { DEFAULT_API_ORIGIN, type Simulator } from '../../../../electron/simulator/service';
import type { WorldUser } from '../../../../electron/simulator/world/model';
import { findEndpoint } from '../../../../shared/api/catalog';
import { parseLossless } from '../../../../shared/api/json';
import { readPage } from '../../../../shared/api/pager';
import type { LedgerEntry } from '../../../../shared/ipc';

export const PRICE = 0.0006;

let keyCount = 0;

/** A fresh key with its own balance (price 0.0006 per unit). */
export function newKey(sim: Simulator, balance = 1_000_000): string {
  keyCount += 1;
  const key = `jobs-test-key-${keyCount}`;
  sim.keys.add({ key, balance, rate: 100_000, amount: balance * PRICE });
  return key;
}

export interface CallStack {
  calls: CallService;
  balance: BalanceTracker;
  cache: ResponseCache;
  /** Every attempt and cache hit, as the ledger would get them. */
  ledger: LedgerEntry[];
  /** Main's questions (declined unless a test says otherwise): jobs spend inside their grant without any. */
  asks: AskRecorder;
  /** The one session of this stack (live, the simulator as the service). */
  session: Session;
  /** The session's request scheduler, at the rate the balance says. */
  scheduler: RequestScheduler;
}

/** What the app builds in electron/core.ts, over `dataDir` (the cache lives in `<dataDir>/cache`). */
export async function callStack(sim: Simulator, key: string, dataDir: string): Promise<CallStack> {
  const fetchSim: typeof fetch = (input, init) => sim.handle(new Request(input as string, init));
  const scheduler = createRequestScheduler({ rate: () => balance.get()?.rate ?? null });
  const client = (onAttempt?: Parameters<typeof createApiClient>[0]['onAttempt']) =>
    createApiClient({
      baseUrl: DEFAULT_API_ORIGIN,
      fetch: fetchSim,
      getKey: () => key,
      userAgent: 'Feedlens/test (jobs)',
      scheduler,
      sleep: async () => undefined, // server errors are retried without waiting
      ...(onAttempt ? { onAttempt } : {}),
    });
  const balance = createBalanceTracker({
    emit: () => undefined,
    fetchBalance: async () => {
      const outcome = await client().call('/sys/balance', {});
      if (!outcome.ok) return outcome;
      const d = outcome.value.data as { requests: number; rate: number; currency: string; amount: number };
      return { ok: true, value: { requests: d.requests, rate: d.rate, currency: d.currency, amount: d.amount } };
    },
  });
  await balance.refresh();
  const session = createSession({ mode: 'live', reason: 'key', baseUrl: DEFAULT_API_ORIGIN, fetch: fetchSim, key });
  // As in core: a read without a namespace is one of the current session.
  const cache = createResponseCache({ dir: join(dataDir, 'cache'), ttlMs: () => 60 * 60_000, maxMemoryBytes: 16 * 1024 * 1024, namespace: () => sessionNamespace(session.info) });
  const ledger: LedgerEntry[] = [];
  const asks = createAskRecorder('decline');
  const calls = createCallService({
    session: () => session,
    client: (_s, onAttempt) => client(onAttempt),
    cache,
    guard: createCostGuard({ threshold: () => 2, hourlyLimit: () => 200, ask: asks.ask }),
    balance,
    ledger: { append: async (entry) => void ledger.push(entry), problem: async () => null },
  });
  return { calls, balance, cache, ledger, asks, session, scheduler };
}

export async function tempDir(): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'feedlens-jobs-'));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/** The first public account of the world whose follower count lies in [min, max]. */
export function accountWithFollowers(sim: Simulator, min: number, max: number): WorldUser {
  const user = sim.world.users.find((u) => u.tier === 'main' && !u.isPrivate && u.followers.length >= min && u.followers.length <= max);
  if (!user) throw new Error(`no public account with ${min}-${max} followers in the world`);
  return user;
}

/** Items on the first page of a list, asked of the simulator directly (the demo key, nothing of ours). */
export async function firstPageSize(sim: Simulator, path: string, params: Record<string, string>): Promise<number> {
  const url = new URL(DEFAULT_API_ORIGIN + path);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  const res = await sim.handle(new Request(url, { headers: { 'x-access-key': sim.demoKey, 'user-agent': 'Feedlens/test' } }));
  const endpoint = findEndpoint(path);
  if (!endpoint || res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return readPage(endpoint, parseLossless(await res.text())).items.length;
}

/** Pages a list of `items` takes at `pageSize` a page (an empty list still takes one call). */
export function pagesOf(items: number, pageSize: number): number {
  return Math.max(1, Math.ceil(items / pageSize));
}
