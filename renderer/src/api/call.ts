// Calls an endpoint through main. Where the call needs the user's consent (billed 2 requests or more, or past
// the hourly limit), main asks the user in its own window before anything is sent; the renderer cannot
// answer for them. Declining comes back as a `cancelled` error: nothing was requested or charged.
import type { CallValue } from '../../../shared/ipc';
import { feedlens, ServiceError } from './bridge';

export interface CallOptions {
  refresh?: boolean;
  requestId?: string;
}

export async function callEndpoint(path: string, params: Record<string, string | number | boolean | string[]>, options: CallOptions = {}): Promise<CallValue> {
  const result = await feedlens().call({ path, params, refresh: options.refresh, requestId: options.requestId });
  if (result.ok) return result.value;
  throw new ServiceError(result.error);
}
