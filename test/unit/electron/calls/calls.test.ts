import { describe, expect, it } from 'vitest';
import { createCallService, type CallCache } from '../../../../electron/calls/calls';
import { createCostGuard } from '../../../../electron/calls/cost-guard';
import { createBalanceTracker } from '../../../../electron/calls/balance';
import { createSession, createSessionHolder, type Session } from '../../../../electron/calls/session';
import type { ApiClient, ApiOutcome, AttemptRecord } from '../../../../electron/api/client';
import type { LedgerEntry } from '../../../../shared/ipc';
import { createAskRecorder, type AskPolicy } from '../../../support/ask-recorder';

const demoSession = (): Session => createSession({ mode: 'demo', reason: 'no_key', baseUrl: 'http://127.0.0.1:9', fetch, key: 'demo-key-0000' });
const liveSession = (): Session => createSession({ mode: 'live', reason: 'key', baseUrl: 'https://api.hikerapi.com', fetch, key: 'live-key-12345678' });

/** A client double: answers from a script and reports one attempt per answer, as the real client does. */
function scriptedClient(script: (path: string, params: Record<string, unknown>) => { status: number; units: number; data?: unknown; error?: ApiOutcome }) {
  const sent: { path: string; params: Record<string, unknown> }[] = [];
  const priorities: (string | undefined)[] = [];
  const factory = (_session: Session, onAttempt: (a: AttemptRecord) => void): ApiClient => ({
    async call(path, params, opts) {
      sent.push({ path, params });
      priorities.push(opts?.priority);
      const answer = script(path, params);
      onAttempt({
        time: 1, requestId: opts?.requestId ?? 'r', attempt: 1, path, params: params as Record<string, string>, status: answer.status,
        units: answer.units, durationMs: 5, errorKind: answer.error ? (answer.error.ok ? null : answer.error.error.kind) : null, bodySha256: 'abc', retryInMs: null,
      });
      if (answer.error) return answer.error;
      return { ok: true, value: { data: answer.data, units: answer.units, status: answer.status, requestId: opts?.requestId ?? 'r', bodySha256: 'abc', durationMs: 5, attempts: 1 } };
    },
  });
  return { factory, sent, priorities };
}

function memoryCache(): CallCache & { size(): number; namespaces(): string[] } {
  const m = new Map<string, { data: unknown; fetchedAt: number }>();
  const key = (ns: string | undefined, p: string, q: Record<string, unknown>) => `${ns ?? ''}\u0000${p}${JSON.stringify(Object.entries(q).sort())}`;
  return {
    get: async (p, q, ns) => m.get(key(ns, p, q)) ?? null,
    set: async (p, q, data, meta) => void m.set(key(meta.namespace, p, q), { data, fetchedAt: meta.fetchedAt }),
    size: () => m.size,
    namespaces: () => [...m.keys()].map((k) => k.split('\u0000')[0] ?? ''),
  };
}

async function setup(script: Parameters<typeof scriptedClient>[0], startBalance = 100, policy: AskPolicy = 'decline') {
  const client = scriptedClient(script);
  const ledger: LedgerEntry[] = [];
  const balance = createBalanceTracker({
    fetchBalance: async () => ({ ok: true, value: { requests: startBalance, amount: 1, rate: 10, currency: 'USD' } }),
    emit: () => undefined,
  });
  await balance.refresh();
  const cache = memoryCache();
  const asks = createAskRecorder(policy);
  const sessions = createSessionHolder(demoSession());
  const ledgerState = { problem: null as string | null };
  const service = createCallService({
    session: () => sessions.current(),
    client: client.factory,
    cache,
    guard: createCostGuard({ threshold: () => 2, hourlyLimit: () => 200, ask: asks.ask }),
    balance,
    ledger: { append: async (e) => void ledger.push(e), problem: async () => ledgerState.problem },
  });
  return { service, sent: client.sent, priorities: client.priorities, ledger, balance, cache, asks, sessions, ledgerState };
}

const followersPage = (cursor: string | null) => ({ response: { users: [{ id: '1', username: 'a' }] }, next_page_id: cursor });

describe('call service', () => {
  it('sends nothing for invalid parameters, an unknown path or a retired endpoint', async () => {
    const { service, sent } = await setup(() => ({ status: 200, units: 1, data: {} }));
    expect((await service.call({ path: '/v1/user/by/username', params: {} })).ok).toBe(false);
    expect(await service.call({ path: '/v9/nothing', params: {} })).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(await service.call({ path: '/gql/user/by/username', params: { username: 'a' } })).toMatchObject({ ok: false, error: { kind: 'retired' } });
    expect(await service.call({ path: '/v1/hashtag/by/name', params: { name: '#travel' } })).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(sent).toEqual([]);
  });

  it('asks main\'s question before a 2-unit call: declined, nothing is sent; confirmed, it runs', async () => {
    const { service, sent, balance, asks } = await setup(() => ({ status: 200, units: 2, data: [] }));
    const refused = await service.call({ path: '/v1/user/stories', params: { user_id: '42' } });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'cancelled', billed: false } });
    expect(asks.of('spend')).toHaveLength(1);
    expect(sent).toHaveLength(0);
    asks.policy = 'confirm';
    const ran = await service.call({ path: '/v1/user/stories', params: { user_id: '42' } });
    expect(ran).toMatchObject({ ok: true, value: { units: 2, cacheHit: false } });
    expect(sent).toHaveLength(1);
    expect(balance.get()?.requests).toBe(98);
  });

  it('answers a repeated call from the cache: nothing sent, nothing billed, no question', async () => {
    const { service, sent, balance, ledger, asks } = await setup(() => ({ status: 200, units: 2, data: [{ pk: '1' }] }), 100, 'confirm');
    await service.call({ path: '/v1/user/stories', params: { user_id: '42' } });
    const again = await service.call({ path: '/v1/user/stories', params: { user_id: '42' } });
    expect(asks.asked).toHaveLength(1);
    expect(again).toMatchObject({ ok: true, value: { units: 0, cacheHit: true, data: [{ pk: '1' }] } });
    expect(sent).toHaveLength(1);
    expect(balance.get()?.requests).toBe(98);
    expect(ledger.map((e) => e.cacheHit)).toEqual([false, true]);
  });

  it('refresh bypasses the cache on purpose', async () => {
    const { service, sent } = await setup(() => ({ status: 200, units: 1, data: { user: {} } }));
    await service.call({ path: '/v1/user/by/username', params: { username: 'a' } });
    await service.call({ path: '/v1/user/by/username', params: { username: 'a' }, refresh: true });
    expect(sent).toHaveLength(2);
  });

  it('writes the cursor sent and received to the ledger', async () => {
    const { service, ledger } = await setup((_p, q) => ({ status: 200, units: 1, data: followersPage(q.page_id ? null : 'CUR2') }));
    await service.call({ path: '/g2/user/followers', params: { user_id: '42' } });
    await service.call({ path: '/g2/user/followers', params: { user_id: '42', page_id: 'CUR2' } });
    expect(ledger.map((e) => [e.cursorSent, e.cursorReceived])).toEqual([
      [null, { page_id: 'CUR2' }],
      [{ page_id: 'CUR2' }, null],
    ]);
  });

  it('does not cache errors, and debits what a billed error cost', async () => {
    const notFound: ApiOutcome = { ok: false, error: { kind: 'not_found', message: 'x', billed: true, retryable: false, status: 404 } };
    const { service, sent, balance, cache, ledger } = await setup(() => ({ status: 404, units: 1, error: notFound }));
    const failed = await service.call({ path: '/v1/user/by/username', params: { username: 'ghost' } });
    // The error says what it was billed: the Explorer's header and a study's log count it.
    expect(failed).toMatchObject({ ok: false, error: { kind: 'not_found', billed: true, units: 1 } });
    await service.call({ path: '/v1/user/by/username', params: { username: 'ghost' } });
    expect(sent).toHaveLength(2);
    expect(cache.size()).toBe(0);
    expect(balance.get()?.requests).toBe(98);
    expect(ledger.map((e) => e.errorKind)).toEqual(['not_found', 'not_found']);
  });

  it('refuses a call that costs more than the balance', async () => {
    const { service, sent } = await setup(() => ({ status: 200, units: 3, data: [] }), 2);
    const r = await service.call({ path: '/v1/user/highlights/by/username', params: { username: 'a' } });
    expect(r).toMatchObject({ ok: false, error: { kind: 'over_balance', cost: 3, balance: 2 } });
    expect(sent).toHaveLength(0);
  });

  it('quotes cost, confirmation need and cache state without sending', async () => {
    const { service, sent } = await setup(() => ({ status: 200, units: 2, data: [] }), 100, 'confirm');
    expect(await service.quote({ path: '/v1/user/stories', params: { user_id: '1' } })).toEqual({ ok: true, value: { cost: 2, needsConfirmation: true, remembered: false, balance: 100, cached: false } });
    expect(await service.quote({ path: '/v1/user/stories', params: { user_id: '1', force: true } })).toMatchObject({ ok: true, value: { cost: 1, needsConfirmation: false } });
    await service.call({ path: '/v1/user/stories', params: { user_id: '1' } });
    expect(await service.quote({ path: '/v1/user/stories', params: { user_id: '1' } })).toMatchObject({ ok: true, value: { cached: true, needsConfirmation: false } });
    expect(sent).toHaveLength(1);
  });

  it('cancels a call under way by its request id', async () => {
    const client: ApiClient = {
      call: (_p, _q, opts) =>
        new Promise((resolve) =>
          opts?.signal?.addEventListener('abort', () => resolve({ ok: false, error: { kind: 'cancelled', message: 'c', billed: false, retryable: false } })),
        ),
    };
    const { cache, balance } = await setup(() => ({ status: 200, units: 1 }));
    const session = liveSession();
    const service = createCallService({
      session: () => session,
      client: () => client,
      cache,
      guard: createCostGuard({ threshold: () => 2, hourlyLimit: () => 200, ask: createAskRecorder().ask }),
      balance,
      ledger: { append: async () => undefined, problem: async () => null },
    });
    const pending = service.call({ path: '/v1/user/by/username', params: { username: 'a' }, requestId: 'req-1' });
    expect(service.cancel('req-1')).toBe(true);
    expect(await pending).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(service.cancel('req-1')).toBe(false);
  });

  it('a call keeps the session it started in: a demo answer that arrives after a switch stays demo (cache, ledger, balance)', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    let reached: () => void = () => undefined;
    const atClient = new Promise<void>((r) => (reached = r));
    const { cache, balance, sessions, ledger } = await setup(() => ({ status: 200, units: 1 }));
    const ledgerLines = ledger;
    const slow: ApiClient = {
      async call(path, params, opts) {
        reached();
        await gate;
        return { ok: true, value: { data: { user: { pk: '1' } }, units: 1, status: 200, requestId: opts?.requestId ?? 'r', bodySha256: 'x', durationMs: 1, attempts: 1 } };
      },
    };
    const service = createCallService({
      session: () => sessions.current(),
      client: (_s, onAttempt) => ({
        call: async (p, q, opts) => {
          const r = await slow.call(p, q, opts);
          onAttempt({ time: 1, requestId: opts?.requestId ?? 'r', attempt: 1, path: p, params: {}, status: 200, units: 1, durationMs: 1, errorKind: null, bodySha256: 'x', retryInMs: null });
          return r;
        },
      }),
      cache,
      guard: createCostGuard({ threshold: () => 2, hourlyLimit: () => 200, ask: createAskRecorder().ask }),
      balance,
      ledger: { append: async (e) => void ledgerLines.push(e), problem: async () => null },
    });
    const demo = sessions.current();
    const pending = service.call({ path: '/v1/user/by/username', params: { username: 'a' } });
    await atClient; // the request is out
    sessions.swap(liveSession()); // a key was set meanwhile
    release();
    const result = await pending;
    expect(result).toMatchObject({ ok: true, value: { session: { mode: 'demo', simulated: true, id: demo.info.id } } });
    expect(ledgerLines.at(-1)).toMatchObject({ mode: 'demo', sessionId: demo.info.id, origin: 'http://127.0.0.1:9' });
    expect(cache.namespaces()).toEqual([expect.stringMatching(/^demo\|http:\/\/127\.0\.0\.1:9\|/)]);
    expect(balance.get()?.requests).toBe(100); // the live balance is not lowered by a demo answer
    // The live session does not see the demo answer in its cache.
    expect(await cache.get('/v1/user/by/username', { username: 'a' }, 'live')).toBeNull();
  });

  it('a call waits in the scheduler as a screen\'s unless main\'s code says it is background work', async () => {
    const { service, priorities } = await setup(() => ({ status: 200, units: 1, data: {} }));
    await service.call({ path: '/v1/user/by/username', params: { username: 'a' } });
    await service.call({ path: '/v1/user/by/username', params: { username: 'b' } }, { priority: 'background' });
    expect(priorities).toEqual(['interactive', 'background']);
  });

  it('a question answered after the session switched sends nothing', async () => {
    const { service, sent, sessions, asks } = await setup(() => ({ status: 200, units: 2, data: [] }), 100, 'wait');
    const pending = service.call({ path: '/v1/user/stories', params: { user_id: '42' } });
    const question = await asks.next();
    sessions.swap(liveSession());
    question.confirm();
    expect(await pending).toMatchObject({ ok: false, error: { kind: 'cancelled', billed: false } });
    expect(sent).toHaveLength(0);
  });

  it('fails closed while the request log cannot be written: nothing is sent, the message says why', async () => {
    const { service, sent, ledgerState } = await setup(() => ({ status: 200, units: 1, data: {} }));
    ledgerState.problem = 'could not write /data/ledger: the disk is full: free some space, then try again (ENOSPC)';
    const r = await service.call({ path: '/v1/user/by/username', params: { username: 'a' } });
    expect(r).toMatchObject({ ok: false, error: { kind: 'internal', billed: false } });
    expect(r.ok ? '' : r.error.message).toContain('the disk is full');
    expect(sent).toHaveLength(0);
    ledgerState.problem = null;
    expect((await service.call({ path: '/v1/user/by/username', params: { username: 'a' } })).ok).toBe(true);
  });
});
