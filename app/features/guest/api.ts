// Query hooks of the guest screens' own calls: one drink, favourites, ratings. Cart, checkout and
// orders are the orders feature's (app/features/orders/api.ts).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DrinkDetailResponse, type DrinkDetail } from '../../../shared/schemas/drink';
import { FavoriteList, FavoriteToggled, type Favorite } from '../../../shared/schemas/favorites';
import { RatingSaved } from '../../../shared/schemas/ratings';
import { apiRequest } from '../../lib/api-client';
import { useGuestSession } from '../auth/hooks';

export const guestKeys = {
  drink: (slug: string, id: string) => ['guest', 'drink', slug, id] as const,
  favorites: (guestId: string | null, slug: string) => ['guest', 'favorites', guestId, slug] as const,
};

/** The drink page's reading: one available drink of this venue, with ratings. */
export function useDrink(slug: string, drinkId: string | undefined) {
  const { guestId } = useGuestSession();
  return useQuery({
    queryKey: [...guestKeys.drink(slug, drinkId ?? ''), guestId],
    enabled: Boolean(drinkId),
    queryFn: async () => (await apiRequest('GET', `/drinks/${encodeURIComponent(drinkId!)}`, {
      query: { venue: slug }, credentials: 'guest', schema: DrinkDetailResponse, schemaLabel: 'guestApi',
    })).drink,
  });
}

/** The signed-in guest's favourites at this venue. Spec §8: a failed read is an empty list, silently. */
export function useFavorites(slug: string) {
  const { signedIn, guestId } = useGuestSession();
  return useQuery({
    queryKey: guestKeys.favorites(guestId, slug),
    enabled: signedIn,
    queryFn: async (): Promise<Favorite[]> => {
      try {
        return (await apiRequest('GET', '/favorites', { query: { slug }, credentials: 'guest', schema: FavoriteList, schemaLabel: 'guestApi' })).favorites;
      } catch (err) {
        console.error('Failed to load favorites', err);
        return [];
      }
    },
  });
}

export function useToggleFavorite(slug: string) {
  const queryClient = useQueryClient();
  const { guestId } = useGuestSession();
  return useMutation({
    mutationFn: (menuDrinkId: string) => apiRequest('POST', '/favorites/toggle', {
      body: { menu_drink_id: menuDrinkId, restaurant_slug: slug }, credentials: 'guest', schema: FavoriteToggled, schemaLabel: 'guestApi',
    }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: guestKeys.favorites(guestId, slug) }),
  });
}

export function useRateDrink(slug: string, drinkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { rating: number; notes: string }) => apiRequest('POST', '/ratings', {
      body: { menu_drink_id: drinkId, rating: input.rating, notes: input.notes }, credentials: 'guest', schema: RatingSaved, schemaLabel: 'guestApi',
    }),
    onSuccess: (saved, input) => {
      queryClient.setQueriesData<DrinkDetail>({ queryKey: guestKeys.drink(slug, drinkId) }, (drink) =>
        drink && { ...drink, rating: saved.summary, my_rating: { rating: input.rating, notes: saved.rating.notes } });
    },
  });
}
