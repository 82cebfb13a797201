import { queryOptions, useQuery } from '@tanstack/react-query';
import { VenueList } from '../../../../shared/schemas/venue';
import { apiRequest } from '../../../lib/api-client';

/** The venue picker's read as query options (key and read together), for the hook below and any prefetch alike. */
export const impersonateQueries = {
  allVenues: () => queryOptions({
    queryKey: ['super', 'venues'],
    queryFn: async () => (await apiRequest('GET', '/super/venues', { schema: VenueList, schemaLabel: 'superApi' })).venues,
  }),
};

/** Every venue, inactive ones included (super admins only). */
export const useAllVenues = () => useQuery(impersonateQueries.allVenues());
