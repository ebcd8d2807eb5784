// The IPC contract of the session main talks to the service in: the access key (stored in main, never
// returned), demo or live mode, the service address, and the account's balance.
import { z } from 'zod';

export const SESSION_OPS = {
  keySet: z.strictObject({ key: z.string().trim().min(8).max(300) }),
  keyClear: z.strictObject({}),
  keyStatus: z.strictObject({}),
  /** Tests the stored key (or the given one, before storing) with the free /sys/balance call. */
  keyTest: z.strictObject({ key: z.string().trim().min(8).max(300).optional() }),
  balanceGet: z.strictObject({ refresh: z.boolean().optional() }),
  modeGet: z.strictObject({}),
  /** Switch between demo mode and the live service (live needs a stored key). */
  modeSet: z.strictObject({ demo: z.boolean() }),
  /**
   * Asks to send requests to another service address (a proxy, a local simulator). Main shows its own
   * confirmation; https only (http for this computer); the stored key of the previous address is not sent
   * there: the new address needs its own key. The production address needs no confirmation.
   */
  serviceOriginSet: z.strictObject({ origin: z.string().max(300) }),
} as const;

export interface BalanceState {
  requests: number;
  rate: number;
  currency: string;
  amount: number;
  /** When the service last reported it (epoch ms); lowered locally after each answer since. */
  checkedAt: number;
  updatedAt: number;
}

export type KeyBackend = 'keychain' | 'memory' | 'none';

export interface KeyStatus {
  present: boolean;
  backend: KeyBackend;
  /** Human name of the store, e.g. "macOS Keychain", "Secret Service (GNOME Keyring)". */
  backendName: string;
  /** The keychain is not a real one (e.g. Linux kernel keyring fallback, lost on reboot). */
  degraded: boolean;
  degradedReason: string | null;
  last4: string | null;
  /** The service address the key is stored for (a key is sent to that address only). */
  origin: string;
}

/** The session main talks to the service in (see electron/calls/session.ts): changes with mode, address or key. */
export interface SessionInfo {
  /** New on every switch: the renderer keys its caches by it. */
  id: string;
  mode: 'demo' | 'live';
  /** Why: no key stored, chosen in settings, or a key is stored. */
  reason: 'no_key' | 'chosen' | 'key';
  /** The service's origin (the simulator's in demo mode). */
  origin: string;
  /** Answers come from the built-in simulator: invented data, nothing billed. */
  simulated: boolean;
  /** A one-way identity of the key in use (never the key). */
  keyId: string | null;
}

export interface ModeInfo {
  mode: 'demo' | 'live';
  /** Why: no key stored, chosen in settings, or a key is stored. */
  reason: 'no_key' | 'chosen' | 'key';
  /** The service's origin in use. */
  baseUrl: string;
  session: SessionInfo;
}

export interface SessionOpResults {
  keySet: KeyStatus;
  keyClear: KeyStatus;
  keyStatus: KeyStatus;
  keyTest: BalanceState;
  balanceGet: BalanceState | null;
  modeGet: ModeInfo;
  modeSet: ModeInfo;
  serviceOriginSet: ModeInfo;
}
