// The IPC contract of paid calls: a call to a catalog endpoint (main asks the user before anything
// billed 2+ is sent), its quote, its cancellation, and the ledger of every request made.
import { z } from 'zod';
import { params, requestId } from './common';
import type { SessionInfo } from './session';

export const CALL_OPS = {
  /**
   * Calls a catalog endpoint. Where the call needs the user's confirmation (billed 2+ units, or past the
   * hourly ceiling), main asks the user itself before anything is sent; the renderer cannot answer for them.
   */
  call: z.strictObject({
    path: z.string().startsWith('/').max(200),
    params,
    /** Bypass the cache on purpose (an explicit Refresh). */
    refresh: z.boolean().optional(),
    requestId: requestId.optional(),
  }),
  /** What a call would cost and whether it needs a confirmation; sends nothing. `refresh`: the quote of a
   *  call that bypasses the cache (the Explorer's fresh answer), as if nothing were cached. */
  quote: z.strictObject({ path: z.string().startsWith('/').max(200), params, refresh: z.boolean().optional() }),
  cancel: z.strictObject({ requestId }),
  ledgerQuery: z.strictObject({
    from: z.number().finite().optional(),
    to: z.number().finite().optional(),
    path: z.string().max(200).optional(),
    outcome: z.enum(['ok', 'error', 'cache']).optional(),
    status: z.number().int().min(0).max(999).optional(),
    limit: z.number().int().min(1).max(10_000).optional(),
  }),
  ledgerExport: z.strictObject({ format: z.enum(['csv', 'ndjson']) }),
} as const;

export interface CallValue {
  data: unknown;
  /** Units billed for this call (0 for a cache hit). */
  units: number;
  cacheHit: boolean;
  requestId: string;
  /**
   * The request that fetched the data from the service: this one, or for a cache hit the earlier one. A
   * record's provenance names it, so the ledger entry of its answer (units, demo or live, origin) is found.
   */
  fetchedBy: string;
  /** When the data was fetched from the service (epoch ms); older than now for a cache hit. */
  fetchedAt: number;
  /** The session the call ran in (demo answers are simulated). */
  session: SessionInfo;
}

export interface Quote {
  cost: number;
  needsConfirmation: boolean;
  /** The user chose "don't ask again this session" for this endpoint. */
  remembered: boolean;
  balance: number | null;
  cached: boolean;
}

export interface LedgerEntry {
  time: number;
  requestId: string;
  attempt: number;
  mode: 'demo' | 'live';
  /** The service's origin the request went to (absent in entries written before it was recorded). */
  origin?: string;
  sessionId?: string;
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
  /** The study (and run) the request was for, when it was made by a study's run. */
  studyId?: string;
  runId?: number;
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

export interface CallOpResults {
  call: CallValue;
  quote: Quote;
  cancel: boolean;
  ledgerQuery: LedgerPage;
  ledgerExport: { path: string; rows: number };
}
