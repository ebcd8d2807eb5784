// The request scheduler on its own, on a fake clock: the bucket at the key's rate, priorities, the
// places in flight kept for screens, the back-off after a 429 and its ramp back up.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRequestScheduler, RATE_UNTIL_KNOWN, schedulerPerSession, type Pass, type Priority, type RequestScheduler } from '../../../../electron/calls/scheduler';
import { createSession } from '../../../../electron/calls/session';

beforeEach(() => void vi.useFakeTimers({ now: 1_000_000 }));
afterEach(() => void vi.useRealTimers());

interface Sent {
  name: string;
  at: number;
  pass: Pass;
}

/**
 * Requests entered now, recorded as the scheduler lets them through; each is answered at once, unless
 * `hold` (then its pass stays in flight until the test releases or refuses it).
 */
function enterAll(s: RequestScheduler, names: string[], priority: Priority, sent: Sent[], o: { again?: boolean; hold?: boolean } = {}): void {
  for (const name of names) {
    void s.enter(priority, { again: o.again ?? false }).then((pass) => {
      if (!pass) return;
      sent.push({ name, at: Date.now(), pass });
      if (!o.hold) pass.release();
    });
  }
}

const names = (prefix: string, n: number): string[] => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

/** The most sends inside any one-second window (t - 1000, t], as the service counts them. */
function mostInOneSecond(times: number[]): number {
  return Math.max(0, ...times.map((t) => times.filter((u) => u > t - 1000 && u <= t).length));
}

describe('request scheduler', () => {
  it('sends no more in any second than the key allows, and keeps sending at that rate', async () => {
    const s = createRequestScheduler({ rate: () => 5 });
    const sent: Sent[] = [];
    enterAll(s, names('r', 23), 'background', sent);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(5); // a full bucket goes at once
    await vi.advanceTimersByTimeAsync(6000);
    expect(sent).toHaveLength(23);
    const times = sent.map((r) => r.at);
    expect(mostInOneSecond(times)).toBe(5);
    // Five a window of a little over a second: the 23rd goes in the fifth window.
    expect((times.at(-1) as number) - (times[0] as number)).toBeLessThan(4 * 1100);
  });

  it('uses the rate of the plans until the balance tells the key\'s, and keeps the last rate it knew', async () => {
    let rate: number | null = null;
    const s = createRequestScheduler({ rate: () => rate });
    expect(s.stats().tokens).toBe(RATE_UNTIL_KNOWN);
    rate = 3;
    expect(s.stats().tokens).toBe(3);
    rate = null; // the balance is being fetched again
    expect(s.stats().tokens).toBe(3);
    rate = 0.4; // a free trial: one request per 2.5 s
    const sent: Sent[] = [];
    enterAll(s, names('slow', 3), 'interactive', sent);
    await vi.advanceTimersByTimeAsync(2600);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(sent).toHaveLength(2);
  });

  it('answers what a person waits for before the runs that fill the bucket', async () => {
    const s = createRequestScheduler({ rate: () => 2 });
    const sent: Sent[] = [];
    enterAll(s, names('run', 10), 'background', sent);
    await vi.advanceTimersByTimeAsync(10);
    enterAll(s, ['screen'], 'interactive', sent);
    await vi.advanceTimersByTimeAsync(1100);
    expect(sent.map((r) => r.name)).toEqual(['run0', 'run1', 'screen', 'run2']);
    expect(s.stats().waiting).toBe(7);
  });

  it('keeps two places in flight for screens when runs and jobs hold the others', async () => {
    const s = createRequestScheduler({ rate: () => 100, maxInFlight: 5 });
    const sent: Sent[] = [];
    enterAll(s, names('run', 10), 'background', sent, { hold: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(3);
    enterAll(s, ['screen1', 'screen2', 'screen3'], 'interactive', sent, { hold: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((r) => r.name)).toEqual(['run0', 'run1', 'run2', 'screen1', 'screen2']);
    expect(s.stats().inFlight).toBe(5);
    sent[0]?.pass.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.at(-1)?.name).toBe('screen3'); // the place freed goes to the screen, not to the next run
  });

  it('after a 429 pauses everyone, halves the bucket once per burst, then grows back to the key\'s rate', async () => {
    const s = createRequestScheduler({ rate: () => 10 });
    const sent: Sent[] = [];
    enterAll(s, names('a', 10), 'background', sent, { hold: true });
    await vi.advanceTimersByTimeAsync(100);
    const burst = sent.splice(0);
    // The whole burst comes back refused: one slow-down, not ten.
    const waits = burst.map((r) => r.pass.refused(1500));
    expect(waits[0]).toBe(1500);
    expect(s.stats()).toMatchObject({ tokens: 5, refused: 10, inFlight: 0 });
    enterAll(s, ['screen'], 'interactive', sent);
    enterAll(s, ['late'], 'background', sent);
    enterAll(s, burst.map((r) => r.name), 'background', sent, { again: true });
    await vi.advanceTimersByTimeAsync(1499);
    expect(sent).toEqual([]); // nobody sends during the pause, screens included
    await vi.advanceTimersByTimeAsync(1);
    // Five tokens: the screen first, then the refused requests (in their order) before the one not sent yet.
    expect(sent.map((r) => r.name)).toEqual(['screen', 'a0', 'a1', 'a2', 'a3']);
    await vi.advanceTimersByTimeAsync(1050);
    expect(s.stats().tokens).toBe(6);
    expect(sent.map((r) => r.name).slice(5)).toEqual(['a4', 'a5', 'a6', 'a7', 'a8', 'a9']);
    await vi.advanceTimersByTimeAsync(1050);
    expect(sent.at(-1)?.name).toBe('late');
    await vi.advanceTimersByTimeAsync(3 * 1050);
    expect(s.stats().tokens).toBe(10);
  });

  it('slows down again when a request sent after the slow-down is refused too', async () => {
    const s = createRequestScheduler({ rate: () => 10 });
    const sent: Sent[] = [];
    enterAll(s, names('a', 12), 'background', sent, { hold: true });
    await vi.advanceTimersByTimeAsync(0);
    sent.splice(0).forEach((r) => r.pass.refused(1000));
    expect(s.stats().tokens).toBe(5);
    await vi.advanceTimersByTimeAsync(1050);
    expect(sent.map((r) => r.name)).toEqual(['a10', 'a11']);
    sent[0]?.pass.refused(1000);
    expect(s.stats().tokens).toBe(2);
  });

  it('a request cancelled while it waits is never sent and leaves its token to the next', async () => {
    const s = createRequestScheduler({ rate: () => 1 });
    const sent: Sent[] = [];
    enterAll(s, ['first'], 'background', sent);
    const controller = new AbortController();
    const cancelled = s.enter('background', { signal: controller.signal });
    enterAll(s, ['third'], 'background', sent);
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    expect(await cancelled).toBeNull();
    await vi.advanceTimersByTimeAsync(1100);
    expect(sent.map((r) => r.name)).toEqual(['first', 'third']);
    expect(s.stats()).toMatchObject({ sent: 2, waiting: 0 });
  });

  it('one scheduler per session: a new session gets a new bucket, the same session keeps its own', () => {
    const session = () => createSession({ mode: 'demo', reason: 'no_key', baseUrl: 'http://127.0.0.1:9', fetch, key: 'k' });
    const of = schedulerPerSession(() => createRequestScheduler({ rate: () => 5 }));
    const a = session();
    expect(of(a)).toBe(of(a));
    expect(of(session())).not.toBe(of(a));
  });
});
