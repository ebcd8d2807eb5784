// Calls an endpoint through main. When main answers `confirmation_required` (the call bills 2 units or
// more), the user is asked; cancelling spends nothing, confirming re-sends with the confirmed cost.
import type { CallValue } from '../../../shared/ipc';
import { useConfirmStore } from '../state/confirm';
import { feedlens, ServiceError } from './bridge';

export interface CallOptions {
  refresh?: boolean;
  /** Words for the confirmation dialog: what this call fetches. */
  what?: string;
  requestId?: string;
}

export async function callEndpoint(path: string, params: Record<string, string | number | boolean | string[]>, options: CallOptions = {}): Promise<CallValue> {
  const api = feedlens();
  const first = await api.call({ path, params, refresh: options.refresh, requestId: options.requestId });
  if (first.ok) return first.value;
  if (first.error.kind !== 'confirmation_required' || first.error.cost === undefined) throw new ServiceError(first.error);

  const answer = await useConfirmStore.getState().ask({
    path,
    cost: first.error.cost,
    balance: first.error.balance ?? null,
    what: options.what ?? path,
  });
  if (!answer.confirmed) {
    throw new ServiceError({ kind: 'cancelled', message: 'Cancelled: nothing was requested and nothing was charged.', billed: false, retryable: true });
  }
  const second = await api.call({ path, params, refresh: options.refresh, requestId: options.requestId, confirmedCost: first.error.cost, dontAskAgain: answer.dontAskAgain });
  if (second.ok) return second.value;
  throw new ServiceError(second.error);
}
