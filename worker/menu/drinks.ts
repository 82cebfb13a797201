import { and, eq, or, sql } from 'drizzle-orm';
import type { ContentLanguage } from '../../shared/languages';
import type { DrinkDetail, RatingSummary } from '../../shared/schemas/drink';
import { menuDrinks, ratings, venues } from '../db/schema';
import { ingredientNotesSql, toDrink, uncheckedIngredientsSql } from '../db/serializers';
import type { Db } from '../env';
import { ApiError, notFound } from '../lib/errors';
import { approvedTranslation, localiseDrink } from './translations';

export const DRINK_NOT_FOUND = 'Drink not found';

/**
 * A menu drink with its venue, as guests may reach it: the venue is active and, when `venueIdOrSlug`
 * is given, it is that venue. Anything else is 'Drink not found', so other venues' drinks never leak.
 */
export async function findGuestDrink(db: Db, drinkId: string, venueIdOrSlug?: string | null) {
  const [found] = await db.select({ drink: menuDrinks, venue: venues, ingredientsNotes: ingredientNotesSql, uncheckedIngredients: uncheckedIngredientsSql }).from(menuDrinks)
    .innerJoin(venues, eq(venues.id, menuDrinks.restaurantId))
    .where(and(
      eq(menuDrinks.id, drinkId),
      eq(venues.active, true),
      venueIdOrSlug ? or(eq(venues.id, venueIdOrSlug), eq(venues.slug, venueIdOrSlug)) : undefined,
    ))
    .limit(1);
  if (!found) throw notFound(DRINK_NOT_FOUND);
  return { drink: { ...found.drink, ingredientsNotes: found.ingredientsNotes, uncheckedIngredients: found.uncheckedIngredients }, venue: found.venue };
}

/**
 * Like findGuestDrink, and the drink must be on the menu right now (admin switch and stock). One that is
 * off it is still a 404, with code `drink_unavailable` and its name, so a guest's open drink page can say
 * it sold out rather than that it never existed (docs/decisions/154).
 */
export async function findAvailableDrink(db: Db, drinkId: string, venueIdOrSlug?: string | null) {
  const row = await findGuestDrink(db, drinkId, venueIdOrSlug);
  if (!toDrink(row.drink, row.venue.defaultLanguage).available) {
    const soldOut = Boolean(row.drink.soldOutReason);
    throw new ApiError(404, 'drink_unavailable', soldOut ? `${row.drink.name} is sold out` : `${row.drink.name} is not available right now`,
      { name: row.drink.name, sold_out: soldOut });
  }
  return row;
}

export async function ratingSummary(db: Db, drinkId: string): Promise<RatingSummary> {
  const [row] = await db.select({ average: sql<number | null>`avg(${ratings.rating})`, count: sql<number>`count(*)` })
    .from(ratings).where(eq(ratings.menuDrinkId, drinkId));
  const count = Number(row?.count ?? 0);
  // One decimal is what a screen shows; the raw mean would print as 4.333333.
  const average = count > 0 && row?.average != null ? Math.round(Number(row.average) * 10) / 10 : null;
  return { average, count };
}

/** The drink page's answer; `lang` the guest's language (docs/decisions/217). */
export async function drinkDetail(db: Db, drinkId: string, venueIdOrSlug: string | null, ownerKey: string | null, lang?: ContentLanguage): Promise<DrinkDetail> {
  const { drink, venue } = await findAvailableDrink(db, drinkId, venueIdOrSlug);
  const [rating, mine, translation] = await Promise.all([
    ratingSummary(db, drink.id),
    ownerKey
      ? db.query.ratings.findFirst({ where: and(eq(ratings.ownerKey, ownerKey), eq(ratings.menuDrinkId, drink.id)) })
      : Promise.resolve(undefined),
    lang && lang !== venue.defaultLanguage ? approvedTranslation(db, drink.id, lang) : Promise.resolve(null),
  ]);
  return {
    ...localiseDrink(toDrink(drink, venue.defaultLanguage), lang, translation),
    venue_slug: venue.slug,
    rating,
    my_rating: mine ? { rating: mine.rating, notes: mine.notes } : null,
  };
}
