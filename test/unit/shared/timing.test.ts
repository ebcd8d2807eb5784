// shared/timing.ts: the one backoff and the one abortable sleep of the app.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffMs, sleep } from '../../../shared/timing';

describe('backoffMs', () => {
  it('doubles from the base and stops at the cap, then adds up to jitterMs (the download queue)', () => {
    const noJitter = (retry: number) => backoffMs(retry, { baseMs: 1000, maxMs: 30_000, jitterMs: 250, random: () => 0 });
    expect([0, 1, 2, 3, 4, 5, 6].map(noJitter)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect(backoffMs(5, { baseMs: 1000, maxMs: 30_000, jitterMs: 250, random: () => 0.999 })).toBe(30_249);
  });

  it('scales by 1 ± spread (the API client: half to one and a half times)', () => {
    expect(backoffMs(0, { baseMs: 500, spread: 0.5, random: () => 0 })).toBe(250);
    expect(backoffMs(1, { baseMs: 500, spread: 0.5, random: () => 0.5 })).toBe(1000);
    expect(backoffMs(2, { baseMs: 500, spread: 0.5, random: () => 1 })).toBe(3000);
  });
});

describe('sleep', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves true when the wait runs to its end', async () => {
    const done = sleep(1000);
    await vi.advanceTimersByTimeAsync(999);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBe(true);
  });

  it('resolves false at once on abort, and clears its timer', async () => {
    const controller = new AbortController();
    const done = sleep(60_000, controller.signal);
    controller.abort();
    await expect(done).resolves.toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    await expect(sleep(10, controller.signal)).resolves.toBe(false);
  });

  it('races an injected wait against the signal', async () => {
    const controller = new AbortController();
    let release = () => undefined as void;
    const wait = () => new Promise<void>((r) => (release = r));
    const first = sleep(5, controller.signal, wait);
    release();
    await expect(first).resolves.toBe(true);
    const second = sleep(5, controller.signal, wait);
    controller.abort();
    await expect(second).resolves.toBe(false);
  });
});
