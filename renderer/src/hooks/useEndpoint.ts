// One answer of one endpoint, through react-query with paid-API defaults (see queryClient.ts).
import { useSessionId } from '../state/app';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { findEndpoint } from '../../../shared/api/catalog';
import { normalizeAnswer } from '../../../shared/api/normalize';
import type { Provenance } from '../../../shared/ipc';
import type { AppRecord } from '../../../shared/records';
import { callEndpoint } from '../api/call';

export type Params = Record<string, string | number | boolean | string[]>;

export interface EndpointAnswer {
  data: unknown;
  records: AppRecord | AppRecord[] | null;
  units: number;
  cacheHit: boolean;
  fetchedAt: number;
  /** The call that fetched the answer: what a selected or exported record says it came from. */
  provenance: Provenance;
}

export async function fetchAnswer(path: string, params: Params, options: { refresh?: boolean } = {}): Promise<EndpointAnswer> {
  const endpoint = findEndpoint(path);
  const value = await callEndpoint(path, params, options);
  return {
    data: value.data,
    records: endpoint ? normalizeAnswer(endpoint, value.data) : null,
    units: value.units,
    cacheHit: value.cacheHit,
    fetchedAt: value.fetchedAt,
    provenance: { path, params, requestId: value.fetchedBy, fetchedAt: value.fetchedAt },
  };
}

/** Answers are kept per session (mode, service, key): nothing of demo mode is shown as live, or back. */
export const endpointKey = (path: string, params: Params, session: string) => ['endpoint', session, path, params] as const;

export function useEndpoint(path: string, params: Params, options: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  const session = useSessionId();
  const query = useQuery({
    queryKey: endpointKey(path, params, session),
    enabled: options.enabled ?? true,
    queryFn: () => fetchAnswer(path, params),
  });
  /** Fetches again from the service on purpose, bypassing main's cache (spends requests). */
  const refresh = async () => {
    queryClient.setQueryData(endpointKey(path, params, session), await fetchAnswer(path, params, { refresh: true }));
  };
  return { ...query, refresh };
}
