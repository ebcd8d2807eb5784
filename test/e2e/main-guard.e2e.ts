// Issue 4's and 9's promises, checked through the real bridge, router, core and the simulator over HTTP:
// the key never reaches the renderer, disk logs or storage; 2-unit calls run only after main's own
// question (the page cannot answer it); repeated calls are answered from the cache for free.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANCHORS } from '../../electron/simulator/world/world';
import { userByUsername } from '../../electron/simulator/world/lookup';
import { openHarness, stopHarness, type Harness } from './harness/harness';
import { filesUnder } from './support/page';

const KEY = 'sk-live-Zq8VbN3mT7rW2xK9pL4d';

/** Calls main through window.feedlens, exactly as a screen does. */
async function call(h: Harness, args: Record<string, unknown>): Promise<{ ok: boolean; value?: { units: number; cacheHit: boolean }; error?: { kind: string; cost?: number } }> {
  return h.page.evaluate((a) => (window as unknown as { feedlens: { call(x: unknown): Promise<never> } }).feedlens.call(a), args);
}

describe('main process guard (live mode against the simulator)', () => {
  let h: Harness;
  let userId: string;
  beforeAll(async () => {
    h = await openHarness({ liveKey: KEY, liveBalance: 500 });
    userId = userByUsername(h.sim.sim.world, ANCHORS.big)!.pk;
  });
  afterAll(() => stopHarness(h));

  it('runs in live mode with the stored key (no demo badge)', async () => {
    expect(h.core.mode().mode).toBe('live');
    expect(await h.page.getByTestId('demo-badge').count()).toBe(0);
  });

  it('a 2-unit call asks main\'s own question; declined, nothing is sent and the service balance does not move', async () => {
    const before = h.sim.sim.keys.balance(KEY);
    h.asks.policy = 'decline';
    const r = await call(h, { path: '/v1/user/stories', params: { user_id: userId } });
    expect(r.ok).toBe(false);
    expect(r.error).toMatchObject({ kind: 'cancelled' });
    expect(h.asks.of('spend').at(-1)).toMatchObject({ title: 'Spend 2 requests?' });
    expect(h.sim.sim.keys.balance(KEY)).toBe(before);
  });

  it('once the user confirms in main\'s question the call runs and the balance drops by exactly 2', async () => {
    const before = h.sim.sim.keys.balance(KEY)!;
    h.asks.policy = 'wait';
    const pending = call(h, { path: '/v1/user/stories', params: { user_id: userId } });
    const question = await h.asks.next();
    expect(question.request.detail).toContain('/v1/user/stories');
    question.confirm();
    expect(await pending).toMatchObject({ ok: true, value: { units: 2, cacheHit: false } });
    expect(h.sim.sim.keys.balance(KEY)).toBe(before - 2);
    h.asks.policy = 'decline';
  });

  it('the same call again is a cache hit and costs nothing, without a question', async () => {
    const before = h.sim.sim.keys.balance(KEY)!;
    const asked = h.asks.asked.length;
    const r = await call(h, { path: '/v1/user/stories', params: { user_id: userId } });
    expect(r).toMatchObject({ ok: true, value: { units: 0, cacheHit: true } });
    expect(h.sim.sim.keys.balance(KEY)).toBe(before);
    expect(h.asks.asked).toHaveLength(asked);
  });

  it('a confirmation sent by the page itself is refused: it is not part of the contract', async () => {
    const before = h.sim.sim.keys.balance(KEY);
    const asked = h.asks.asked.length;
    for (const extra of [{ confirmedCost: 2 }, { dontAskAgain: true }]) {
      const r = await call(h, { path: '/v1/user/highlights', params: { user_id: userId }, ...extra });
      expect(r.error?.kind).toBe('validation');
    }
    expect(h.asks.asked).toHaveLength(asked);
    expect(h.sim.sim.keys.balance(KEY)).toBe(before);
  });

  it('the balance indicator follows the service after paid calls', async () => {
    await call(h, { path: '/v1/user/by/username', params: { username: ANCHORS.business } });
    const expected = h.sim.sim.keys.balance(KEY)!;
    await expect.poll(async () => h.page.getByTestId('balance-requests').textContent()).toBe(expected.toLocaleString('en-US'));
  });

  it('the key never appears in any bridge payload, the DOM, web storage, the ledger, the cache or the logs', async () => {
    await h.core.flush();
    const bridgeText = JSON.stringify(h.bridge);
    expect(h.bridge.length).toBeGreaterThan(10);
    expect(bridgeText).not.toContain(KEY);
    expect(bridgeText).toContain(KEY.slice(-4)); // the key status shows the last 4 characters only
    expect(await h.page.content()).not.toContain(KEY);
    const storage = await h.page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    expect(storage).not.toContain(KEY);
    const files = filesUnder(h.dataDir);
    expect(files.some((f) => f.includes('ledger'))).toBe(true);
    for (const file of files) expect(readFileSync(file, 'latin1'), file).not.toContain(KEY);
    expect(h.logs.join('\n')).not.toContain(KEY);
  });
});
