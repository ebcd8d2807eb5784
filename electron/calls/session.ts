// The session: which service main talks to, as one immutable value (mode, origin, key identity) swapped
// atomically. Every call takes the session current when it starts and carries it to the end: its cache
// namespace, its ledger line, the balance it debits and the provenance of what it fetched. A call that
// finishes after a switch therefore stays a call of the session it began in (a demo answer is never
// cached, logged or billed as live).
import { createHash, randomUUID } from 'node:crypto';
import type { SessionInfo } from '../../shared/ipc';

export interface Session {
  /** What the renderer and records may know. */
  readonly info: SessionInfo;
  /** Where calls go and with what (never leaves main). */
  readonly baseUrl: string;
  readonly fetch: typeof fetch;
  readonly key: string | null;
}

/** A short, one-way identity of a key: tells keys apart in cache namespaces without revealing them. */
export function keyIdentity(key: string | null): string | null {
  return key ? createHash('sha256').update(`feedlens-key:${key}`).digest('hex').slice(0, 16) : null;
}

/** The origin (scheme://host[:port]) of a base URL. */
export function originOfBase(baseUrl: string): string {
  return new URL(baseUrl).origin;
}

export function createSession(o: { mode: 'demo' | 'live'; reason: SessionInfo['reason']; baseUrl: string; fetch: typeof fetch; key: string | null }): Session {
  const info: SessionInfo = Object.freeze({
    id: randomUUID(),
    mode: o.mode,
    reason: o.reason,
    origin: originOfBase(o.baseUrl),
    simulated: o.mode === 'demo',
    keyId: keyIdentity(o.key),
  });
  return Object.freeze({ info, baseUrl: o.baseUrl, fetch: o.fetch, key: o.key });
}

/** The cache namespace of a session: answers of another mode, service or key never match. */
export function sessionNamespace(s: SessionInfo): string {
  return `${s.mode}|${s.origin}|${s.keyId ?? 'none'}`;
}

/** The holder of the current session; `swap` replaces it in one step. */
export interface SessionHolder {
  current(): Session;
  swap(next: Session): void;
  /** True while `s` is still the current session. */
  isCurrent(s: Session): boolean;
}

export function createSessionHolder(initial: Session): SessionHolder {
  let current = initial;
  return {
    current: () => current,
    swap: (next) => void (current = next),
    isCurrent: (s) => s === current,
  };
}
