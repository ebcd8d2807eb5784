// The request scheduler in the app's real call stack (CallService, api client, balance) in front of the
// simulator, which refuses with 429 whatever goes past a key's rate in a sliding second: many callers at
// once never go past it, a storm of 429s loses no request and pays none twice, and a screen's request is
// answered while runs fill the bucket.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGrant } from '../../../../electron/calls/cost-guard';
import { createSimulator, type Simulator } from '../../../../electron/simulator/service';
import type { CallValue, Result } from '../../../../shared/ipc';
import { callStack, newKey, tempDir, type CallStack } from '../jobs/support';
import { studySetup } from '../studies/support';

let sim: Simulator;
let usernames: string[];
const temps: { remove: () => Promise<void> }[] = [];

beforeAll(() => {
  // The service's clock is the test's: the fake one where a test moves time on by itself.
  sim = createSimulator({ seed: 7, now: () => Date.now() });
  usernames = sim.world.users.filter((u) => u.tier === 'main').map((u) => u.username);
});
afterEach(() => {
  vi.useRealTimers();
  sim.faults.clear();
});
afterAll(async () => {
  for (const t of temps) await t.remove();
});

/** What the service saw of one key: when it admitted its calls, and how many it refused for rate. */
function serviceView(key: string): { admitted: number[]; refused: () => number } {
  const admitted: number[] = [];
  let refused = 0;
  const admit = sim.keys.admit.bind(sim.keys);
  sim.keys.admit = (k, nowMs) => {
    const ok = admit(k, nowMs);
    if (k === key) {
      if (ok) admitted.push(nowMs);
      else refused += 1;
    }
    return ok;
  };
  return { admitted, refused: () => refused };
}

/** A key allowing `rate` requests a second, its balance (and so its rate) known to a fresh call stack. */
async function stackAt(rate: number): Promise<{ key: string; stack: CallStack }> {
  const key = newKey(sim);
  sim.keys.setRate(key, rate);
  const temp = await tempDir();
  temps.push(temp);
  const stack = await callStack(sim, key, temp.path);
  return { key, stack };
}

/** The most calls inside any one-second window (t - 1000, t], as the service counts them. */
function mostInOneSecond(times: number[]): number {
  return Math.max(0, ...times.map((t) => times.filter((u) => u > t - 1000 && u <= t).length));
}

const lookup = (stack: CallStack, i: number, priority: 'interactive' | 'background', grant = createGrant('test', 1000)): Promise<Result<CallValue>> =>
  stack.calls.call({ path: '/v1/user/by/username', params: { username: usernames[i % usernames.length] as string }, refresh: true }, { grant, priority });

/** Moves the fake clock on in small steps, letting the cache's disk writes finish in between, until `done`. */
async function runClockUntil(done: () => boolean, limitMs = 120_000): Promise<void> {
  for (let t = 0; !done() && t < limitMs; t += 10) {
    await vi.advanceTimersByTimeAsync(10);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('request scheduler against the service', () => {
  it('never goes past the key\'s rate in any sliding second, with 80 callers at once and no latency', async () => {
    const { key, stack } = await stackAt(20);
    const view = serviceView(key);
    // On the test's clock: time moves only when the test moves it, so a busy machine adds no latency. The
    // balance the stack asked first leaves the window before the burst: on a starved machine its way to the
    // service (the first request: fetch's first use) can outlast the scheduler's margin, and would be
    // counted in the burst's second by the service, not by the scheduler.
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    await vi.advanceTimersByTimeAsync(1_100);
    const results: Result<CallValue>[] = [];
    for (let i = 0; i < 80; i++) void lookup(stack, i, i % 4 === 0 ? 'interactive' : 'background').then((r) => void results.push(r));
    await runClockUntil(() => results.length === 80);
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(view.refused()).toBe(0);
    expect(view.admitted).toHaveLength(80);
    // The bucket is used to the full and never past it.
    expect(mostInOneSecond(view.admitted)).toBe(20);
  });

  it('a storm of 429s: everyone backs off, no request is lost and none is paid twice', async () => {
    // The balance said 20 a second; the service now allows 4 (a plan changed, another program shares the key).
    const { key, stack } = await stackAt(20);
    sim.keys.setRate(key, 4);
    const view = serviceView(key);
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const grant = createGrant('a run', 1000);
    const results: Result<CallValue>[] = [];
    for (let i = 0; i < 40; i++) void lookup(stack, i, 'background', grant).then((r) => void results.push(r));
    await runClockUntil(() => results.length === 40);
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(view.admitted).toHaveLength(40);
    expect(view.refused()).toBeGreaterThan(0);
    // Backing off: far fewer refusals than requests (a client retrying each 429 on its own meets several per request).
    expect(view.refused()).toBeLessThan(40);
    // Each request paid once: 40 units spent, 40 successes in the ledger, every 429 unbilled.
    expect(sim.keys.spent(key)).toBe(40);
    expect(1000 - grant.remaining()).toBe(40);
    const answered = stack.ledger.filter((e) => e.status === 200);
    expect(new Set(answered.map((e) => e.requestId)).size).toBe(40);
    expect(stack.ledger.filter((e) => e.status === 429).every((e) => e.units === 0)).toBe(true);
    // (How far the bucket is refilled by the end depends on how the answers interleave with the clock: the
    // halving itself is tested with a fake clock alone in scheduler.test.ts.)
  });

  it('answers a screen\'s request while a run fills the bucket', async () => {
    const { stack } = await stackAt(10);
    sim.faults.set({ latencyMs: 300 });
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    let runDone = 0;
    for (let i = 0; i < 60; i++) void lookup(stack, i, 'background').then(() => void (runDone += 1));
    await runClockUntil(() => false, 1500);
    const asked = Date.now();
    const screenCall = lookup(stack, 61, 'interactive');
    await runClockUntil(() => runDone === 60);
    const screen = await screenCall;
    expect(screen.ok && runDone).toBe(60);
    // When the attempts were sent (the ledger's times): the screen's took the first token that came back.
    const screenId = screen.ok ? screen.value.requestId : '';
    const sentAt = (e: { time: number }) => e.time - asked;
    const screenSent = sentAt(stack.ledger.find((e) => e.requestId === screenId)!);
    const runSent = stack.ledger.filter((e) => e.requestId !== screenId).map(sentAt);
    expect(screenSent).toBeLessThanOrEqual(1050);
    expect(runSent.filter((t) => t >= 0 && t < screenSent)).toEqual([]);
    expect(runSent.filter((t) => t >= screenSent).length).toBeGreaterThanOrEqual(30);
  });

  it('a study\'s run asks as background work, behind screens', async () => {
    const s = await studySetup(sim);
    const u = sim.world.users.find((x) => x.tier === 'main' && !x.isPrivate && x.posts.length > 0 && x.posts.length < 40)!;
    s.add({ kind: 'account', key: u.pk, label: `user ${u.pk}` }, ['posts', 'stories']);
    const priorities: (string | undefined)[] = [];
    const runner = s.runner({ calls: { call: (args, options) => (priorities.push(options?.priority), s.stack.calls.call(args, options)) } });
    const run = await runner.settled(runner.start({ trigger: 'manual', budget: 100, options: {}, estimate: null }).id);
    await s.close();
    expect(run?.state).toBe('done');
    expect(priorities.length).toBeGreaterThan(1);
    expect(new Set(priorities)).toEqual(new Set(['background']));
  });
});
