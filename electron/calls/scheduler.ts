// One request scheduler per session: every attempt sent to the service (screens, runs, jobs, re-checks,
// the Explorer, link renewals, the balance) first waits here for a token and a place in flight.
//
// The bucket holds as many tokens as the key allows requests per second (`/sys/balance.rate`), and a
// token spent comes back one window (a little over a second) after its send: no sliding second ever holds
// more sends than the key's rate, which is how the service counts. What a person waits for on screen
// goes before runs and jobs, and two places in flight are kept for it. A 429 slows the bucket for
// everyone: sending pauses (Retry-After, at least one window), the bucket holds half as many tokens, then
// grows back a step per window without a 429. A refused request waits at the front of its line, so none
// is lost.
import type { Session } from './session';

export type Priority = 'interactive' | 'background';

/** Until the balance says the key's rate: the rate of the plans the service documents. */
export const RATE_UNTIL_KNOWN = 15;
/** A token comes back this much later than a second after its send: a request's way to the service varies. */
const WINDOW_MARGIN = 1.05;
/** Places in flight that runs and jobs leave free for what a person waits for. */
const INTERACTIVE_RESERVE = 2;

export interface SchedulerOptions {
  /** Requests per second the key allows, null while unknown (the last rate known stays in use). */
  rate: () => number | null;
  /** Requests in flight at most. Default: twice the rate, between 4 and 64. */
  maxInFlight?: number;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** The right to send one attempt. The first call on it when the attempt is over counts; later ones change nothing. */
export interface Pass {
  /** The attempt has its answer (or failed): its place in flight is free. */
  release(): void;
  /** The service refused the attempt for rate (429): slows the bucket for everyone; ms until sending resumes. */
  refused(retryAfterMs: number): number;
}

export interface EnterOptions {
  signal?: AbortSignal;
  /** A request the service refused for rate goes again before those that have not been sent yet. */
  again?: boolean;
}

export interface SchedulerStats {
  inFlight: number;
  waiting: number;
  /** Tokens of the bucket now (the key's rate, or less after a 429). */
  tokens: number;
  /** Attempts let through, and those the service refused for rate. */
  sent: number;
  refused: number;
}

export interface RequestScheduler {
  /** Waits for a token and a place in flight; null when the signal aborted first (nothing was sent). */
  enter(priority: Priority, options?: EnterOptions): Promise<Pass | null>;
  stats(): SchedulerStats;
}

interface Waiter {
  grant: (pass: Pass | null) => void;
  again: boolean;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

/** Tokens and window of a rate: `rate` tokens a second, or one token per 1/rate seconds under one a second. */
function bucketOf(rate: number): { tokens: number; windowMs: number } {
  const tokens = Math.max(1, Math.floor(rate));
  return { tokens, windowMs: Math.ceil(Math.max(1000, (1000 * tokens) / rate) * WINDOW_MARGIN) };
}

export function createRequestScheduler(o: SchedulerOptions): RequestScheduler {
  const now = o.now ?? (() => Date.now());
  const setTimer = o.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = o.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const lines: Record<Priority, Waiter[]> = { interactive: [], background: [] };
  /** Send times still inside the window, oldest first: the tokens out of the bucket. */
  const sends: number[] = [];
  let knownRate = RATE_UNTIL_KNOWN;
  let inFlight = 0;
  let pausedUntil = 0;
  /** The bucket after the last 429: its tokens, from when it grows back, and since when 429s are new ones. */
  let cut: { tokens: number; growsFrom: number; at: number } | null = null;
  let timer: { handle: unknown; at: number } | null = null;
  let sent = 0;
  let refusedCount = 0;

  function rate(): number {
    const r = o.rate();
    if (r !== null && Number.isFinite(r) && r > 0) knownRate = r;
    return knownRate;
  }

  function maxInFlight(r: number): number {
    return o.maxInFlight ?? Math.min(64, Math.max(4, Math.ceil(r * 2)));
  }

  /** Tokens of the bucket at `t`: the key's, or after a 429 what was left, plus a step per window since. */
  function tokensAt(t: number, full: number, windowMs: number): number {
    if (!cut) return full;
    const step = Math.max(1, Math.ceil(full / 10));
    const grown = cut.tokens + Math.floor(Math.max(0, t - cut.growsFrom) / windowMs) * step;
    return Math.min(full, grown);
  }

  function arm(at: number): void {
    if (timer && timer.at <= at) return;
    if (timer) clearTimer(timer.handle);
    const handle = setTimer(
      () => {
        timer = null;
        pump();
      },
      Math.max(0, at - now()),
    );
    timer = { handle, at };
  }

  /** The waiter to serve next, if a place in flight is free for it. */
  function nextLine(r: number): Waiter[] | null {
    const cap = maxInFlight(r);
    if (lines.interactive.length > 0 && inFlight < cap) return lines.interactive;
    if (lines.background.length > 0 && inFlight < Math.max(1, cap - INTERACTIVE_RESERVE)) return lines.background;
    return null;
  }

  function pump(): void {
    for (;;) {
      const r = rate();
      const line = nextLine(r);
      if (!line) return;
      const t = now();
      if (t < pausedUntil) return arm(pausedUntil);
      const { tokens: full, windowMs } = bucketOf(r);
      while (sends.length > 0 && (sends[0] as number) <= t - windowMs) sends.shift();
      const tokens = tokensAt(t, full, windowMs);
      if (cut && tokens >= full) cut = null;
      if (sends.length >= tokens) return arm((sends[sends.length - tokens] as number) + windowMs);
      const waiter = line.shift() as Waiter;
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      sends.push(t);
      inFlight += 1;
      sent += 1;
      waiter.grant(passFor(t));
    }
  }

  function passFor(sentAt: number): Pass {
    let over = false;
    const finish = (): boolean => {
      if (over) return false;
      over = true;
      inFlight -= 1;
      return true;
    };
    return {
      release() {
        if (finish()) pump();
      },
      refused(retryAfterMs) {
        if (!finish()) return Math.max(0, pausedUntil - now());
        refusedCount += 1;
        const t = now();
        // The 429s of one burst slow the bucket once: only a request sent after the last slow-down is news.
        if (!cut || sentAt > cut.at) {
          const { tokens: full, windowMs } = bucketOf(rate());
          pausedUntil = Math.max(pausedUntil, t + Math.max(retryAfterMs, windowMs));
          cut = { tokens: Math.max(1, Math.floor(tokensAt(t, full, windowMs) / 2)), growsFrom: pausedUntil, at: t };
        }
        pump();
        return Math.max(0, pausedUntil - t);
      },
    };
  }

  return {
    enter(priority, options = {}) {
      const { signal } = options;
      if (signal?.aborted) return Promise.resolve(null);
      return new Promise<Pass | null>((resolve) => {
        const line = lines[priority];
        const again = options.again ?? false;
        const waiter: Waiter = {
          grant: resolve,
          again,
          signal,
          onAbort: () => {
            const at = line.indexOf(waiter);
            if (at >= 0) line.splice(at, 1);
            resolve(null);
          },
        };
        signal?.addEventListener('abort', waiter.onAbort, { once: true });
        // Refused requests go again in the order they came back, before any not sent yet.
        const firstNew = again ? line.findIndex((w) => !w.again) : -1;
        if (firstNew >= 0) line.splice(firstNew, 0, waiter);
        else line.push(waiter);
        pump();
      });
    },
    stats() {
      const r = rate();
      const { tokens: full, windowMs } = bucketOf(r);
      return { inFlight, waiting: lines.interactive.length + lines.background.length, tokens: tokensAt(now(), full, windowMs), sent, refused: refusedCount };
    },
  };
}

/** One scheduler per session, made on its first request: a switch gets a new bucket, a call keeps its own. */
export function schedulerPerSession(make: (s: Session) => RequestScheduler): (s: Session) => RequestScheduler {
  const made = new WeakMap<Session, RequestScheduler>();
  return (s) => {
    let scheduler = made.get(s);
    if (!scheduler) {
      scheduler = make(s);
      made.set(s, scheduler);
    }
    return scheduler;
  };
}
