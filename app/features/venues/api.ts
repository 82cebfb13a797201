import { useQuery } from '@tanstack/react-query';
import { DrinkList } from '../../../shared/schemas/drink';
import { VenueList, VenueResponse } from '../../../shared/schemas/venue';
import { apiRequest } from '../../lib/api-client';

export const venueKeys = {
  all: ['venues'] as const,
  one: (idOrSlug: string) => ['venues', idOrSlug] as const,
  drinks: (idOrSlug: string) => ['venues', idOrSlug, 'drinks'] as const,
};

export function useVenues() {
  return useQuery({
    queryKey: venueKeys.all,
    queryFn: async () => (await apiRequest('GET', '/venue', { schema: VenueList, credentials: 'none' })).venues,
  });
}

export function useVenue(idOrSlug: string | undefined) {
  return useQuery({
    queryKey: venueKeys.one(idOrSlug ?? ''),
    enabled: Boolean(idOrSlug),
    queryFn: async () => (await apiRequest('GET', `/venue/${encodeURIComponent(idOrSlug!)}`, { schema: VenueResponse, credentials: 'none' })).venue,
  });
}

/** Available drinks of a venue, sorted by name. */
export function useVenueDrinks(idOrSlug: string | undefined) {
  return useQuery({
    queryKey: venueKeys.drinks(idOrSlug ?? ''),
    enabled: Boolean(idOrSlug),
    queryFn: async () => (await apiRequest('GET', `/venue/${encodeURIComponent(idOrSlug!)}/drinks`, { schema: DrinkList, credentials: 'none' })).drinks,
  });
}
