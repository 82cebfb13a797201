import { QueryClient } from '@tanstack/react-query';

/** docs/product.md §7.5: data queries retry once and do not refetch on window focus. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: 0 },
    },
  });
}
