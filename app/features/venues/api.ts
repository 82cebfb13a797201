import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
// Types only: the guest's first download stays free of zod (bundle budget, docs/decisions/080).
import type { Drink } from '../../../shared/schemas/drink';
import type { Venue } from '../../../shared/schemas/venue';
import { apiRequest } from '../../lib/api-client';

export const venueKeys = {
  all: ['venues'] as const,
  one: (idOrSlug: string) => ['venues', idOrSlug] as const,
  drinks: (idOrSlug: string) => ['venues', idOrSlug, 'drinks'] as const,
};

/**
 * The venue reads as query options (key and read together): the hooks below and the venue page's
 * prefetch (prefetchVenuePage) use the same key for the same answer.
 */
export const venueQueries = {
  all: () => queryOptions({
    queryKey: venueKeys.all,
    queryFn: async () => (await apiRequest('GET', '/venues', { credentials: 'none' })).venues,
  }),
  one: (idOrSlug: string) => queryOptions({
    queryKey: venueKeys.one(idOrSlug),
    queryFn: async () => (await apiRequest('GET', '/venues/:id', { params: { id: idOrSlug }, credentials: 'none' })).venue,
  }),
  drinks: (idOrSlug: string) => queryOptions({
    queryKey: venueKeys.drinks(idOrSlug),
    queryFn: async () => (await apiRequest('GET', '/venues/:id/drinks', { params: { id: idOrSlug }, credentials: 'none' })).drinks,
  }),
};

export const useVenues = () => useQuery(venueQueries.all());

export const useVenue = (idOrSlug: string | undefined) => useQuery({ ...venueQueries.one(idOrSlug ?? ''), enabled: Boolean(idOrSlug) });

/** Available drinks of a venue, sorted by name. */
export const useVenueDrinks = (idOrSlug: string | undefined) =>
  useQuery({ ...venueQueries.drinks(idOrSlug ?? ''), enabled: Boolean(idOrSlug) });

/** What the Worker puts in a venue page's HTML (worker/pages/venue-page.ts): the two reads' answers. */
type BootData = { slug: string; venue: { venue: Venue }; menu: { drinks: Drink[] } };

function bootData(slug: string): BootData | null {
  try {
    const boot = JSON.parse(document.getElementById('barhop-boot')?.textContent ?? 'null') as BootData | null;
    return boot?.slug === slug && boot.venue?.venue && Array.isArray(boot.menu?.drinks) ? boot : null;
  } catch {
    return null;
  }
}

/**
 * On a guest venue URL, the venue and its menu come from the page itself when the Worker wrote them in
 * (docs/decisions/096); otherwise the app starts both reads at once, side by side, instead of after the page
 * chunks load and one after the other (bench/, docs/decisions/080).
 */
export function prefetchVenuePage(client: QueryClient, pathname: string) {
  const slug = /^\/venue\/([^/]+)/.exec(pathname)?.[1];
  if (!slug) return;
  const idOrSlug = decodeURIComponent(slug);
  const boot = bootData(idOrSlug);
  if (boot) {
    const { venue } = boot.venue;
    client.setQueryData(venueQueries.one(idOrSlug).queryKey, venue);
    // The menu screen reads the drinks by the venue's slug, a URL may name the venue by id.
    for (const key of new Set([idOrSlug, venue.slug])) client.setQueryData(venueQueries.drinks(key).queryKey, boot.menu.drinks);
    return;
  }
  void client.prefetchQuery(venueQueries.one(idOrSlug));
  void client.prefetchQuery(venueQueries.drinks(idOrSlug));
}
