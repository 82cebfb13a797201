// Every active venue (the picker, the back office's venue switch): apart from the venue reads every guest page
// loads (./api.ts), so no venue page's first download carries it (docs/decisions/275).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { venueKeys } from './api';

const venueList = () => queryOptions({
  queryKey: venueKeys.all,
  queryFn: async () => (await apiRequest('GET', '/venues', { credentials: 'none' })).venues,
});

export const useVenues = () => useQuery(venueList());
