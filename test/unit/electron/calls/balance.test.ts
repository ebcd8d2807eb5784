import { describe, expect, it } from 'vitest';
import { createBalanceTracker } from '../../../../electron/calls/balance';
import type { BalanceState } from '../../../../shared/ipc';

describe('balance tracker', () => {
  function setup(answers: { requests: number; amount: number }[]) {
    const emitted: BalanceState[] = [];
    let calls = 0;
    let t = 1_000;
    const tracker = createBalanceTracker({
      fetchBalance: async () => {
        const a = answers[Math.min(calls++, answers.length - 1)]!;
        return { ok: true, value: { requests: a.requests, amount: a.amount, rate: 15, currency: 'USD' } };
      },
      emit: (s) => emitted.push(s),
      now: () => t,
      setInterval: () => 0,
      clearInterval: () => undefined,
    });
    return { tracker, emitted, calls: () => calls, tick: (ms: number) => (t += ms) };
  }

  it('fetches at start and pushes the state to the renderer', async () => {
    const { tracker, emitted } = setup([{ requests: 1000, amount: 0.6 }]);
    tracker.start();
    await tracker.refresh();
    expect(tracker.get()).toMatchObject({ requests: 1000, rate: 15, currency: 'USD', amount: 0.6 });
    expect(emitted.at(-1)?.requests).toBe(1000);
  });

  it('lowers requests and money by the units each answer billed', async () => {
    const { tracker, emitted, tick } = setup([{ requests: 1000, amount: 0.6 }]);
    await tracker.refresh();
    tick(50);
    tracker.debit(3);
    expect(tracker.get()).toMatchObject({ requests: 997, amount: 0.5982 });
    expect(tracker.get()!.updatedAt).toBeGreaterThan(tracker.get()!.checkedAt);
    expect(emitted.at(-1)?.requests).toBe(997);
    tracker.debit(0);
    expect(emitted.length).toBe(2);
  });

  it('a refresh replaces the local estimate with the service figure', async () => {
    const { tracker } = setup([{ requests: 1000, amount: 0.6 }, { requests: 990, amount: 0.594 }]);
    await tracker.refresh();
    tracker.debit(5);
    await tracker.refresh();
    expect(tracker.get()?.requests).toBe(990);
  });

  it('keeps the last error and the last good state when the service fails', async () => {
    let fail = false;
    const tracker = createBalanceTracker({
      fetchBalance: async () =>
        fail ? { ok: false, error: { kind: 'network', message: 'down', billed: false, retryable: true } } : { ok: true, value: { requests: 5, amount: 1, rate: 1, currency: 'USD' } },
      emit: () => undefined,
    });
    await tracker.refresh();
    fail = true;
    await tracker.refresh();
    expect(tracker.get()?.requests).toBe(5);
    expect(tracker.lastError()?.kind).toBe('network');
  });

  it('reset forgets the balance of the previous key, even from a refresh still under way', async () => {
    let release: () => void = () => undefined;
    const tracker = createBalanceTracker({
      fetchBalance: () => new Promise((ok) => (release = () => ok({ ok: true, value: { requests: 7, amount: 1, rate: 1, currency: 'USD' } }))),
      emit: () => undefined,
    });
    const pending = tracker.refresh();
    tracker.reset();
    release();
    await pending;
    expect(tracker.get()).toBeNull();
  });
});
