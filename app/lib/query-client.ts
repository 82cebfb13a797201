import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client';

/**
 * docs/product.md §7.5: a data query retries once after a lost connection or a server error; a 4xx answer is the
 * answer ("Venue not found" shows at once, not a second later). No refetch on window focus.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryOnceUnlessAnswered, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: 0 },
    },
  });
}

function retryOnceUnlessAnswered(failures: number, error: unknown) {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failures < 1;
}
