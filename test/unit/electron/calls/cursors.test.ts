// Main sends back only a cursor that an earlier answer of the same list gave it, through the real core and
// call service in front of the simulator: a forged cursor or one of another list is refused with nothing
// sent and nothing charged; a cursor a page gave works, also after a restart over the same data folder
// (the request log remembers what answers gave, the cache's included).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIssuedCursors } from '../../../../electron/calls/cursors';
import { createAppCore, type AppCore } from '../../../../electron/core';
import { createSimulator, DEFAULT_API_ORIGIN, type Simulator } from '../../../../electron/simulator/service';
import type { WorldUser } from '../../../../electron/simulator/world/model';
import { findEndpoint } from '../../../../shared/api/catalog';
import type { AppError } from '../../../../shared/api/errors';
import type { LedgerEntry } from '../../../../shared/ipc';
import { testCoreOptions } from '../../../support/core-options';
import { callStack, newKey } from '../jobs/support';

const ctx = { senderId: 1 };
const LIST = '/v1/user/followers/chunk';

let sim: Simulator;
let dataDir: string;
const sent: URL[] = [];
const cores: AppCore[] = [];
let account: WorldUser;
let other: WorldUser;

async function startCore(): Promise<AppCore> {
  const counting: typeof fetch = (input, init) => {
    const url = new URL(String(input));
    if (url.pathname !== '/sys/balance') sent.push(url);
    return sim.handle(new Request(input, init));
  };
  const core = createAppCore(testCoreOptions({ baseUrl: DEFAULT_API_ORIGIN, fetch: counting, key: sim.demoKey }, dataDir, { log: () => undefined }));
  await core.start();
  cores.push(core);
  return core;
}

/** The call's error, as the router hands it to the renderer. */
async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected the call to be refused');
}

const cursorOf = (data: unknown): string => (data as [unknown[], string])[1];

beforeAll(() => {
  sim = createSimulator({ seed: 7, followerLimit: false });
  dataDir = mkdtempSync(join(tmpdir(), 'feedlens-cursors-'));
  const readers = sim.world.users.filter((u) => u.tier === 'main' && !u.isPrivate && u.followers.length > 60 && u.followers.length < 200);
  [account, other] = readers as [WorldUser, WorldUser];
});
afterAll(async () => {
  for (const core of cores) await core.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('cursors main sends', () => {
  it('refuses a forged cursor before anything is sent or charged', async () => {
    const core = await startCore();
    const before = sent.length;
    const error = await refusal(core.handlers.call({ path: LIST, params: { user_id: account.pk, max_id: 'MjU6ejF6NTA3' } }, ctx));
    expect(error).toMatchObject({ kind: 'validation', billed: false, issues: [{ param: 'max_id' }] });
    expect(error.message).toContain('not a cursor an earlier page of this list gave');
    expect(error.message).toContain('Nothing was sent or charged');
    expect(await refusal(core.handlers.quote({ path: LIST, params: { user_id: account.pk, max_id: 'MjU6ejF6NTA3' } }, ctx))).toMatchObject({ kind: 'validation' });
    expect(sent.length).toBe(before);
    expect((await core.handlers.ledgerQuery({ path: LIST }, ctx)).entries).toEqual([]);
  });

  it('sends a cursor a page gave, to its own list only', async () => {
    const core = cores[0]!;
    const first = await core.handlers.call({ path: LIST, params: { user_id: account.pk } }, ctx);
    const cursor = cursorOf(first.data);
    expect(cursor).toEqual(expect.any(String));
    const before = sent.length;
    const second = await core.handlers.call({ path: LIST, params: { user_id: account.pk, max_id: cursor } }, ctx);
    expect(second).toMatchObject({ cacheHit: false, units: 1 });
    expect(sent.slice(before).map((u) => u.searchParams.get('max_id'))).toEqual([cursor]);

    // The same cursor for another account's list is not one that list gave.
    const elsewhere = sent.length;
    expect(await refusal(core.handlers.call({ path: LIST, params: { user_id: other.pk, max_id: cursor } }, ctx))).toMatchObject({ kind: 'validation' });
    expect(sent.length).toBe(elsewhere);
    // Nor for the same list asked with other parameters on another endpoint.
    expect(await refusal(core.handlers.call({ path: '/v1/user/following/chunk', params: { user_id: account.pk, max_id: cursor } }, ctx))).toMatchObject({ kind: 'validation' });
    expect(sent.length).toBe(elsewhere);
  });

  it('after a restart over the same data folder, a cursor an answer gave before still works; a forged one does not', async () => {
    const before = await startCore();
    const first = await before.handlers.call({ path: LIST, params: { user_id: other.pk } }, ctx);
    const cursor = cursorOf(first.data);
    await before.stop();
    cores.splice(cores.indexOf(before), 1);

    const after = await startCore();
    const count = sent.length;
    expect(await refusal(after.handlers.call({ path: LIST, params: { user_id: other.pk, max_id: `${cursor}x` } }, ctx))).toMatchObject({ kind: 'validation' });
    expect(sent.length).toBe(count);
    const next = await after.handlers.call({ path: LIST, params: { user_id: other.pk, max_id: cursor } }, ctx);
    expect(next).toMatchObject({ cacheHit: false });
    expect(sent.slice(count).map((u) => u.searchParams.get('max_id'))).toEqual([cursor]);
    // The first page again comes from the cache and gives its cursor once more.
    expect(await after.handlers.call({ path: LIST, params: { user_id: other.pk } }, ctx)).toMatchObject({ cacheHit: true });
  });

  it('an answer the cache gives also gives its cursor (a call service with no request log to read)', async () => {
    const key = newKey(sim);
    const dir = mkdtempSync(join(tmpdir(), 'feedlens-cursors-cache-'));
    try {
      const first = await callStack(sim, key, dir);
      const page = await first.calls.call({ path: LIST, params: { user_id: account.pk } });
      if (!page.ok) throw new Error(page.error.message);
      const cursor = cursorOf(page.value.data);

      const restarted = await callStack(sim, key, dir);
      const next = { path: LIST, params: { user_id: account.pk, max_id: cursor } };
      expect(await restarted.calls.call(next)).toMatchObject({ ok: false, error: { kind: 'validation' } });
      expect(await restarted.calls.call({ path: LIST, params: { user_id: account.pk } })).toMatchObject({ ok: true, value: { cacheHit: true } });
      expect(await restarted.calls.call(next)).toMatchObject({ ok: true, value: { cacheHit: false } });
      expect(restarted.ledger.map((e) => [e.cacheHit, e.params.max_id ?? null])).toEqual([[true, null], [false, cursor]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the memory of issued cursors is bounded', () => {
  const scope = { mode: 'demo' as const, origin: DEFAULT_API_ORIGIN };
  const endpoint = findEndpoint(LIST)!;
  const page = (n: number) => [['user_id', '1'], ['max_id', `c${n}`]] as const;
  const entry = (n: number): LedgerEntry => ({
    time: n, requestId: `r${n}`, attempt: 1, mode: 'demo', origin: DEFAULT_API_ORIGIN, path: LIST, params: { user_id: '1' },
    cursorSent: null, cursorReceived: { max_id: `old${n}` }, status: 200, units: 1, durationMs: 1, cacheHit: false, errorKind: null, bodySha256: null,
  });

  it('keeps the most recently given cursors: an old one is refused, one given again is kept', async () => {
    const cursors = createIssuedCursors({ limit: 3 });
    for (let n = 1; n <= 4; n++) cursors.remember(scope, endpoint, page(n - 1), { max_id: `c${n}` });
    cursors.remember(scope, endpoint, page(0), { max_id: 'c2' }); // the first page read again gives c2 again
    cursors.remember(scope, endpoint, page(4), { max_id: 'c5' });
    expect(await cursors.check(scope, endpoint, page(1))).toMatchObject([{ param: 'max_id' }]);
    expect(await cursors.check(scope, endpoint, page(3))).toMatchObject([{ param: 'max_id' }]);
    for (const n of [2, 4, 5]) expect(await cursors.check(scope, endpoint, page(n))).toEqual([]);
  });

  it("the request log's cursors do not push out those this session was given", async () => {
    const cursors = createIssuedCursors({ limit: 3, history: async function* () { for (let n = 1; n <= 5; n++) yield entry(n); } });
    cursors.remember(scope, endpoint, page(0), { max_id: 'c1' });
    expect(await cursors.check(scope, endpoint, [['user_id', '1'], ['max_id', 'old5']])).toEqual([]);
    expect(await cursors.check(scope, endpoint, [['user_id', '1'], ['max_id', 'old4']])).toEqual([]);
    expect(await cursors.check(scope, endpoint, page(1))).toEqual([]);
    expect(await cursors.check(scope, endpoint, [['user_id', '1'], ['max_id', 'old3']])).toMatchObject([{ param: 'max_id' }]);
  });
});
