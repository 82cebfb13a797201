import { and, desc, eq, or } from 'drizzle-orm';
import type { Favorite } from '../../shared/schemas/favorites';
import { newId } from '../../shared/ids';
import { favorites, menuDrinks, venues } from '../db/schema';
import type { Db } from '../env';
import { findGuestDrink } from './drinks';

/** Adds a favourite; a second add of the same drink keeps the first one (unique per owner and drink). */
export async function addFavorite(db: Db, ownerKey: string, drinkId: string, venueSlug?: string) {
  const { drink } = await findGuestDrink(db, drinkId, venueSlug);
  await db.insert(favorites)
    .values({ id: newId(), ownerKey, restaurantId: drink.restaurantId, menuDrinkId: drink.id })
    .onConflictDoNothing({ target: [favorites.ownerKey, favorites.menuDrinkId] });
}

/** Flips the favourite and answers the new state. */
export async function toggleFavorite(db: Db, ownerKey: string, drinkId: string, venueSlug?: string): Promise<boolean> {
  const { drink } = await findGuestDrink(db, drinkId, venueSlug);
  const removed = await db.delete(favorites)
    .where(and(eq(favorites.ownerKey, ownerKey), eq(favorites.menuDrinkId, drink.id)))
    .returning({ id: favorites.id });
  if (removed.length > 0) return false;
  await db.insert(favorites)
    .values({ id: newId(), ownerKey, restaurantId: drink.restaurantId, menuDrinkId: drink.id })
    .onConflictDoNothing({ target: [favorites.ownerKey, favorites.menuDrinkId] });
  return true;
}

/** Several databases' lists as one, newest first; the sort is stable, so each list keeps its own order of ties. */
export const newestFirst = (a: Favorite, b: Favorite) => b.created_at.localeCompare(a.created_at);

/** The owner's favourites, newest first; only one venue's when `venueIdOrSlug` is given. */
export async function listFavorites(db: Db, ownerKey: string, venueIdOrSlug?: string | null): Promise<Favorite[]> {
  const rows = await db.select({ favorite: favorites, drink: menuDrinks, venue: venues }).from(favorites)
    .innerJoin(menuDrinks, eq(menuDrinks.id, favorites.menuDrinkId))
    .innerJoin(venues, eq(venues.id, favorites.restaurantId))
    .where(and(
      eq(favorites.ownerKey, ownerKey),
      eq(venues.active, true),
      venueIdOrSlug ? or(eq(venues.id, venueIdOrSlug), eq(venues.slug, venueIdOrSlug)) : undefined,
    ))
    .orderBy(desc(favorites.createdAt), desc(favorites.id));
  return rows.map(({ favorite, drink, venue }) => ({
    menu_drink_id: drink.id,
    name: drink.name,
    image_url: drink.imageUrl,
    created_at: favorite.createdAt,
    price_cents: drink.priceCents,
    category: drink.category,
    restaurant_id: venue.id,
    venue_slug: venue.slug,
  }));
}
