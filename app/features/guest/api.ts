// Query hooks of the guest screens' own calls: one drink, favourites, ratings. Cart, checkout and
// orders are the orders feature's (app/features/orders/api.ts).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// Types only: guest replies are not zod-checked, so guest pages download no zod (bundle budget,
// docs/decisions/219; the spec asks schema checks of staff and super replies).
import type { DrinkDetail } from '../../../shared/schemas/drink';
import type { Favorite } from '../../../shared/schemas/favorites';
import { ApiRequestError, apiRequest } from '../../lib/api-client';
import { useGuestSession } from '../auth/hooks';
import { useLocale } from '../../i18n/i18n';
import type { Locale } from '../../i18n/locales';

export const guestKeys = {
  drink: (slug: string, id: string) => ['guest', 'drink', slug, id] as const,
  favorites: (guestId: string | null, slug: string) => ['guest', 'favorites', guestId, slug] as const,
};

/** The guest screens' reads as query options (key and read together), for the hooks below and any prefetch alike. */
export const guestQueries = {
  /** One available drink of this venue, with ratings (and the guest's own). */
  /** In the guest's language (docs/decisions/217): the drink's name and description as the venue wrote them in it. */
  drink: (slug: string, drinkId: string, guestId: string | null, lang: Locale = 'en') => queryOptions({
    queryKey: [...guestKeys.drink(slug, drinkId), guestId, lang],
    // A drink that sold out or never existed is an answer, not a failure to retry: the page says so at once.
    retry: (failures, err) => failures < 1 && !(err instanceof ApiRequestError && err.status === 404),
    queryFn: async () => (await apiRequest('GET', '/drinks/:id', { params: { id: drinkId },
      query: { slug, lang }, credentials: 'guest',
    })).drink,
  }),
  /** docs/product.md §8.7: a failed read is an empty list, silently. */
  favorites: (guestId: string | null, slug: string) => queryOptions({
    queryKey: guestKeys.favorites(guestId, slug),
    queryFn: async (): Promise<Favorite[]> => {
      try {
        return (await apiRequest('GET', '/favorites', { query: { slug }, credentials: 'guest' })).favorites;
      } catch (err) {
        console.error('Failed to load favorites', err);
        return [];
      }
    },
  }),
};

/** The drink page's reading: one available drink of this venue, with ratings. */
export function useDrink(slug: string, drinkId: string | undefined) {
  const { guestId } = useGuestSession();
  const lang = useLocale();
  return useQuery({ ...guestQueries.drink(slug, drinkId ?? '', guestId, lang), enabled: Boolean(drinkId) });
}

/** The signed-in guest's favourites at this venue. docs/product.md §8.7: a failed read is an empty list, silently. */
export function useFavorites(slug: string) {
  const { signedIn, guestId } = useGuestSession();
  return useQuery({ ...guestQueries.favorites(guestId, slug), enabled: signedIn });
}

export function useToggleFavorite(slug: string) {
  const queryClient = useQueryClient();
  const { guestId } = useGuestSession();
  return useMutation({
    mutationFn: (menuDrinkId: string) => apiRequest('POST', '/favorites/toggle', {
      body: { menu_drink_id: menuDrinkId, slug }, credentials: 'guest',
    }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: guestKeys.favorites(guestId, slug) }),
  });
}

export function useRateDrink(slug: string, drinkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { rating: number; notes: string }) => apiRequest('POST', '/ratings', {
      body: { menu_drink_id: drinkId, rating: input.rating, notes: input.notes, slug }, credentials: 'guest',
    }),
    onSuccess: (saved, input) => {
      queryClient.setQueriesData<DrinkDetail>({ queryKey: guestKeys.drink(slug, drinkId) }, (drink) =>
        drink && { ...drink, rating: saved.summary, my_rating: { rating: input.rating, notes: saved.rating.notes } });
    },
  });
}
