import { useQuery } from '@tanstack/react-query';
import { VenueList } from '../../../../shared/schemas/venue';
import { apiRequest } from '../../../lib/api-client';

/** Every venue, inactive ones included (super admins only). */
export function useAllVenues() {
  return useQuery({
    queryKey: ['super', 'venues'],
    queryFn: async () => (await apiRequest('GET', '/super/venues', { schema: VenueList, schemaLabel: 'superApi' })).venues,
  });
}
