import { useQuery } from '@tanstack/react-query';
// Types only: the guest's first download stays free of zod (bundle budget, docs/decisions/006).
import type { Drink } from '../../../shared/schemas/drink';
import type { Venue } from '../../../shared/schemas/venue';
import { apiRequest } from '../../lib/api-client';

export const venueKeys = {
  all: ['venues'] as const,
  one: (idOrSlug: string) => ['venues', idOrSlug] as const,
  drinks: (idOrSlug: string) => ['venues', idOrSlug, 'drinks'] as const,
};

export function useVenues() {
  return useQuery({
    queryKey: venueKeys.all,
    queryFn: async () => (await apiRequest<{ venues: Venue[] }>('GET', '/venue', { credentials: 'none' })).venues,
  });
}

export function useVenue(idOrSlug: string | undefined) {
  return useQuery({
    queryKey: venueKeys.one(idOrSlug ?? ''),
    enabled: Boolean(idOrSlug),
    queryFn: async () => (await apiRequest<{ venue: Venue }>('GET', `/venue/${encodeURIComponent(idOrSlug!)}`, { credentials: 'none' })).venue,
  });
}

/** Available drinks of a venue, sorted by name. */
export function useVenueDrinks(idOrSlug: string | undefined) {
  return useQuery({
    queryKey: venueKeys.drinks(idOrSlug ?? ''),
    enabled: Boolean(idOrSlug),
    queryFn: async () => (await apiRequest<{ drinks: Drink[] }>('GET', `/venue/${encodeURIComponent(idOrSlug!)}/drinks`, { credentials: 'none' })).drinks,
  });
}
