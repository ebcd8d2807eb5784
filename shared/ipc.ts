// The IPC contract between the renderer and main, typed once. Main validates every argument with these
// schemas; the preload (and the test harness) build `window.feedlens` from OPS with createBridge.
import { z } from 'zod';
import type { AppError } from './api/errors';
import { settingsPatchSchema, type Settings } from './settings';

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

const paramValue = z.union([z.string().max(4000), z.number().finite(), z.boolean(), z.array(z.string().max(200)).max(50)]);
const requestId = z.string().min(1).max(100);

/** Every operation the renderer may ask main for, with its argument schema. */
export const OPS = {
  /** Calls a catalog endpoint. A call costing 2+ runs only with `confirmedCost` equal to its cost. */
  call: z.strictObject({
    path: z.string().startsWith('/').max(200),
    params: z.record(z.string().max(100), paramValue),
    confirmedCost: z.number().int().min(0).max(100).optional(),
    /** Remember the confirmation for this endpoint for the rest of the session. */
    dontAskAgain: z.boolean().optional(),
    /** Bypass the cache on purpose (an explicit Refresh). */
    refresh: z.boolean().optional(),
    requestId: requestId.optional(),
  }),
  /** What a call would cost and whether it needs a confirmation; sends nothing. */
  quote: z.strictObject({ path: z.string().startsWith('/').max(200), params: z.record(z.string().max(100), paramValue) }),
  cancel: z.strictObject({ requestId }),
  keySet: z.strictObject({ key: z.string().trim().min(8).max(300) }),
  keyClear: z.strictObject({}),
  keyStatus: z.strictObject({}),
  /** Tests the stored key (or the given one, before storing) with the free /sys/balance call. */
  keyTest: z.strictObject({ key: z.string().trim().min(8).max(300).optional() }),
  balanceGet: z.strictObject({ refresh: z.boolean().optional() }),
  ledgerQuery: z.strictObject({
    from: z.number().optional(),
    to: z.number().optional(),
    path: z.string().max(200).optional(),
    outcome: z.enum(['ok', 'error', 'cache']).optional(),
    status: z.number().int().optional(),
    limit: z.number().int().min(1).max(10_000).optional(),
  }),
  ledgerExport: z.strictObject({ format: z.enum(['csv', 'ndjson']) }),
  settingsGet: z.strictObject({}),
  settingsSet: z.strictObject({ patch: settingsPatchSchema }),
  modeGet: z.strictObject({}),
  /** Switch between demo mode and the live service (live needs a stored key). */
  modeSet: z.strictObject({ demo: z.boolean() }),
  /** Version, platform and the base the renderer prefixes media URLs with (see shared/media-url.ts). */
  appInfo: z.strictObject({}),
  /** Turns a remote media URL from a record into an `app-media:` URL the renderer may load. */
  mediaUrl: z.strictObject({ url: z.string().max(4000) }),
  /** Opens a link in the system browser: only the platform's web pages and the service's site. */
  openExternal: z.strictObject({ url: z.string().max(4000) }),
} as const;

export type OpName = keyof typeof OPS;
export type OpArgs<K extends OpName> = z.input<(typeof OPS)[K]>;

export interface AppInfo {
  version: string;
  platform: string;
  /** Media URLs the renderer may load are `${mediaBase}?u=<encoded remote URL>`. */
  mediaBase: string;
}

export interface BalanceState {
  requests: number;
  rate: number;
  currency: string;
  amount: number;
  /** When the service last reported it (epoch ms); lowered locally after each answer since. */
  checkedAt: number;
  updatedAt: number;
}

export interface CallValue {
  data: unknown;
  /** Units billed for this call (0 for a cache hit). */
  units: number;
  cacheHit: boolean;
  requestId: string;
  /** When the data was fetched from the service (epoch ms); older than now for a cache hit. */
  fetchedAt: number;
}

export interface Quote {
  cost: number;
  needsConfirmation: boolean;
  /** The user chose "don't ask again this session" for this endpoint. */
  remembered: boolean;
  balance: number | null;
  cached: boolean;
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
}

export interface ModeInfo {
  mode: 'demo' | 'live';
  /** Why: no key stored, chosen in settings, or a key is stored. */
  reason: 'no_key' | 'chosen' | 'key';
  baseUrl: string;
}

export interface LedgerEntry {
  time: number;
  requestId: string;
  attempt: number;
  mode: 'demo' | 'live';
  path: string;
  params: Record<string, unknown>;
  cursorSent: Record<string, string> | null;
  cursorReceived: Record<string, string> | null;
  status: number | null;
  units: number;
  durationMs: number;
  cacheHit: boolean;
  errorKind: string | null;
  bodySha256: string | null;
}

export interface LedgerTotals {
  calls: number;
  units: number;
  cacheHits: number;
  errors: number;
}

export interface LedgerPage {
  entries: LedgerEntry[];
  totals: LedgerTotals;
  session: LedgerTotals;
}

/** What each operation answers with (inside Result). */
export interface OpResults {
  call: CallValue;
  quote: Quote;
  cancel: boolean;
  keySet: KeyStatus;
  keyClear: KeyStatus;
  keyStatus: KeyStatus;
  keyTest: BalanceState;
  balanceGet: BalanceState | null;
  ledgerQuery: LedgerPage;
  ledgerExport: { path: string; rows: number };
  settingsGet: Settings;
  settingsSet: Settings;
  modeGet: ModeInfo;
  modeSet: ModeInfo;
  appInfo: AppInfo;
  mediaUrl: string;
  openExternal: boolean;
}

/** Events main pushes to the renderer. */
export interface EventPayloads {
  balance: BalanceState;
  mode: ModeInfo;
  key: KeyStatus;
}
export type EventName = keyof EventPayloads;
export const EVENTS: readonly EventName[] = ['balance', 'mode', 'key'];

export const channelOf = (op: OpName): string => `feedlens:${op}`;
export const eventChannelOf = (event: EventName): string => `feedlens-event:${event}`;

export type FeedlensApi = {
  [K in OpName]: (args: OpArgs<K>) => Promise<Result<OpResults[K]>>;
} & {
  on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void;
};

/**
 * Builds the window.feedlens object from two primitives: invoke an operation, subscribe to an event.
 * The preload passes ipcRenderer-based ones; the browser test harness passes exposeBinding-based ones.
 */
export function createBridge(
  invoke: (channel: string, args: unknown) => Promise<unknown>,
  subscribe: (channel: string, listener: (payload: unknown) => void) => () => void,
): FeedlensApi {
  const api: Record<string, unknown> = {};
  for (const op of Object.keys(OPS) as OpName[]) {
    api[op] = (args: unknown) => invoke(channelOf(op), args ?? {});
  }
  api.on = (event: EventName, listener: (payload: unknown) => void) => {
    if (!EVENTS.includes(event)) throw new Error(`Unknown Feedlens event: ${String(event)}`);
    return subscribe(eventChannelOf(event), listener);
  };
  return Object.freeze(api) as FeedlensApi;
}
