// Renewing expired media links, a batch at a time. A renewal asks the service for the record again and
// costs units, so links that expire together (seen expired before fetching, or refused with a 403) are
// gathered for a moment, then main is asked ONCE for the whole batch (how many files, how many units at
// most). Declined: those files fail, nothing is spent, and retrying them asks again. Granted: each
// renewal call carries the grant.
import { findEndpoint } from '../../shared/api/catalog';
import { requestsWord, type Ask } from '../calls/ask';
import { createGrant } from '../calls/cost-guard';
import type { RefreshRef } from './plan';
import type { Task } from './queue-state';
import { refreshUrl, RefreshError, type CallFn, type RefreshedBy, type RenewalGrant } from './refresh';

/** Main's question for one batch; null when the user declined. */
export type ConfirmRenewal = (batch: { items: number; units: number }) => Promise<RenewalGrant | null>;

/** Main asks once per batch of expired links; the answer is a grant of that many units, nothing more. */
export function askRenewal(ask: Ask): ConfirmRenewal {
  return async ({ items, units }) => {
    const answer = await ask({
      purpose: 'renewal',
      title: `Renew ${items.toLocaleString('en-US')} expired media ${items === 1 ? 'link' : 'links'}?`,
      message: `The download links of ${items.toLocaleString('en-US')} ${items === 1 ? 'file have' : 'files have'} expired. Renewing them asks the service for their records again: up to ${requestsWord(units)}.`,
      detail: 'Declined, those files stay unsaved; retry them later to be asked again.',
      confirm: `Spend up to ${requestsWord(units)}`,
    });
    return answer.confirmed ? createGrant(`Renewing ${items} expired media links`, units) : null;
  };
}

const OE = /[?&]oe=([0-9a-f]{1,12})(?:&|$)/i;
const expiries = new WeakMap<Task, { url: string; at: number | null }>();

/** Epoch ms at which the task's signed CDN link stops working (`oe`, hex seconds), or null when it does not say. */
export function expiryOf(task: Task): number | null {
  let known = expiries.get(task);
  if (known?.url !== task.url) {
    const oe = OE.exec(task.url)?.[1];
    known = { url: task.url, at: oe === undefined ? null : parseInt(oe, 16) * 1000 };
    expiries.set(task, known);
  }
  return known.at;
}

export const RENEWAL_DECLINED = 'The media link expired: renewal declined, retry to be asked again.';

export interface RenewalsOptions {
  confirm: ConfirmRenewal;
  call: CallFn;
  now: () => number;
  /** How long a batch stays open for more expired links after the last one joined. Default 1 s. */
  gatherMs?: number;
  /** The longest a batch stays open however many keep joining. Default 5 s. */
  maxGatherMs?: number;
  /** Renewal calls at once within a granted batch. Default 4. */
  parallel?: number;
}

export interface Renewal {
  ref: RefreshRef;
  staleUrl: string;
}

export interface Renewals {
  /** Joins the open batch; resolves with the fresh link, or rejects with a RefreshError (declined, failed). */
  renew(renewal: Renewal): Promise<{ url: string; by: RefreshedBy }>;
  /** Links waiting for a batch or for their renewal. */
  pending(): number;
  /** Closes the open batch now (the queue has nothing else to wait for). */
  flush(): void;
}

interface Waiting extends Renewal {
  resolve: (fresh: { url: string; by: RefreshedBy }) => void;
  reject: (error: Error) => void;
}

/** Units a renewal may cost: its endpoint's price (a cache hit costs nothing, but cannot be known first). */
function unitsOf(ref: RefreshRef): number {
  return findEndpoint(ref.path)?.cost ?? 1;
}

export function createRenewals(o: RenewalsOptions): Renewals {
  const gatherMs = o.gatherMs ?? 1000;
  const maxGatherMs = o.maxGatherMs ?? 5000;
  let openedAt = 0;
  const parallel = o.parallel ?? 4;
  let open: Waiting[] = [];
  let timer: NodeJS.Timeout | null = null;
  let inFlight = 0;

  async function settle(batch: Waiting[]): Promise<void> {
    let grant: RenewalGrant | null;
    try {
      grant = await o.confirm({ items: batch.length, units: batch.reduce((sum, w) => sum + unitsOf(w.ref), 0) });
    } catch (error) {
      grant = null;
      const reason = error instanceof Error ? error.message : String(error);
      for (const w of batch) w.reject(new RefreshError(`The media link expired and its renewal could not be confirmed (${reason}): retry to be asked again.`));
      return;
    }
    if (grant === null) {
      for (const w of batch) w.reject(new RefreshError(RENEWAL_DECLINED));
      return;
    }
    const granted = grant;
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < batch.length) {
        const w = batch[next++] as Waiting;
        try {
          w.resolve(await refreshUrl(w.ref, w.staleUrl, { call: o.call, grant: granted, now: o.now }));
        } catch (error) {
          w.reject(error instanceof Error ? error : new RefreshError(String(error)));
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(parallel, batch.length) }, worker));
  }

  function close(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    if (open.length === 0) return;
    const batch = open;
    open = [];
    inFlight += batch.length;
    void settle(batch).finally(() => (inFlight -= batch.length));
  }

  return {
    renew(renewal) {
      return new Promise((resolve, reject) => {
        if (open.length === 0) openedAt = Date.now();
        open.push({ ...renewal, resolve, reject });
        if (timer) clearTimeout(timer);
        timer = setTimeout(close, Math.max(0, Math.min(gatherMs, openedAt + maxGatherMs - Date.now())));
      });
    },
    pending: () => open.length + inFlight,
    flush: close,
  };
}
