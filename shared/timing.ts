// Waiting and retry delays, one copy for the app: the abortable sleep and the exponential backoff.
// Pure timers, no Node or DOM APIs: usable in main and renderer.

/**
 * Waits `ms`, or less when the signal aborts. Never rejects: true when the wait ran to its end, false
 * when the signal aborted it (the caller checks). The timer is cleared on abort, so an aborted long wait
 * keeps nothing alive. `wait` replaces the timer (tests pass a fake one).
 */
export function sleep(ms: number, signal?: AbortSignal, wait?: (ms: number) => Promise<void>): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((done) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (completed: boolean) => {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      done(completed);
    };
    const onAbort = () => finish(false);
    signal?.addEventListener('abort', onAbort, { once: true });
    if (wait) void wait(ms).then(() => finish(true));
    else timer = setTimeout(() => finish(true), ms);
  });
}

export interface BackoffOptions {
  /** The first delay (retry 0). */
  baseMs: number;
  /** The delay never grows past this (before `jitterMs` is added). */
  maxMs?: number;
  /** Scales the delay by 1 ± spread at random (0.5: half to one and a half times). */
  spread?: number;
  /** Adds 0 to jitterMs at random. */
  jitterMs?: number;
  random?: () => number;
}

/** Exponential backoff: baseMs · 2^retry, capped, with jitter so that parallel retries do not meet again. */
export function backoffMs(retry: number, o: BackoffOptions): number {
  const random = o.random ?? Math.random;
  const exact = Math.min(o.maxMs ?? Infinity, o.baseMs * 2 ** retry);
  const spread = o.spread ?? 0;
  const scaled = spread > 0 ? Math.round(exact * (1 - spread + 2 * spread * random())) : exact;
  return o.jitterMs ? scaled + Math.floor(random() * o.jitterMs) : scaled;
}
