// react-query for a paid API: nothing refetches by itself, nothing retries silently (main owns retries),
// answers stay until the user refreshes, inactive lists are kept long enough to come back to.
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        gcTime: 6 * 60 * 60_000,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        refetchOnReconnect: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
