import { useQuery, type QueryClient } from '@tanstack/react-query';
// Types only: the guest's first download stays free of zod (bundle budget, docs/decisions/080).
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

const fetchVenue = async (idOrSlug: string) =>
  (await apiRequest<{ venue: Venue }>('GET', `/venue/${encodeURIComponent(idOrSlug)}`, { credentials: 'none' })).venue;
const fetchVenueDrinks = async (idOrSlug: string) =>
  (await apiRequest<{ drinks: Drink[] }>('GET', `/venue/${encodeURIComponent(idOrSlug)}/drinks`, { credentials: 'none' })).drinks;

export function useVenue(idOrSlug: string | undefined) {
  return useQuery({
    queryKey: venueKeys.one(idOrSlug ?? ''),
    enabled: Boolean(idOrSlug),
    queryFn: () => fetchVenue(idOrSlug!),
  });
}

/** Available drinks of a venue, sorted by name. */
export function useVenueDrinks(idOrSlug: string | undefined) {
  return useQuery({
    queryKey: venueKeys.drinks(idOrSlug ?? ''),
    enabled: Boolean(idOrSlug),
    queryFn: () => fetchVenueDrinks(idOrSlug!),
  });
}

/**
 * On a guest venue URL, starts the venue and menu reads with the app itself, side by side, instead of
 * after the page chunks load and then one after the other (the menu waits for the venue otherwise):
 * fewer round trips before the guest sees the menu (bench/, docs/decisions/080).
 */
export function prefetchVenuePage(client: QueryClient, pathname: string) {
  const slug = /^\/venue\/([^/]+)/.exec(pathname)?.[1];
  if (!slug) return;
  const idOrSlug = decodeURIComponent(slug);
  void client.prefetchQuery({ queryKey: venueKeys.one(idOrSlug), queryFn: () => fetchVenue(idOrSlug) });
  void client.prefetchQuery({ queryKey: venueKeys.drinks(idOrSlug), queryFn: () => fetchVenueDrinks(idOrSlug) });
}
