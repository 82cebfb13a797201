// The login screen's demo accounts (docs/decisions/194): apart from a guest's sign-in calls (./api.ts), so no guest
// page carries them (docs/decisions/275).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

const demoQuery = () => queryOptions({
  queryKey: ['auth', 'demo'] as const,
  staleTime: Infinity,
  queryFn: () => apiRequest('GET', '/auth/demo', { credentials: 'none' }),
});

/** Demo accounts and password for the login screen (empty outside demo mode). */
export const useDemoInfo = () => useQuery(demoQuery());
