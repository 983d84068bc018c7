import { QueryClient } from '@tanstack/react-query';

/**
 * The request client already reports every failure (spec §8), so queries don't retry: a retry would
 * repeat the notice and the refused call.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
}
