import { sql } from 'drizzle-orm';
import type { Rating } from '../../shared/schemas/ratings';
import { newId } from '../../shared/ids';
import { ratings } from '../db/schema';
import type { Db } from '../env';
import { findGuestDrink, ratingSummary } from './drinks';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** One rating per owner and drink: rating again replaces the stars and the notes. */
export async function saveRating(db: Db, ownerKey: string, input: { menu_drink_id: string; rating: number; notes: string | null; slug?: string }) {
  const { drink } = await findGuestDrink(db, input.menu_drink_id, input.slug);
  const [row] = await db.insert(ratings)
    .values({ id: newId(), ownerKey, restaurantId: drink.restaurantId, menuDrinkId: drink.id, rating: input.rating, notes: input.notes })
    .onConflictDoUpdate({
      target: [ratings.ownerKey, ratings.menuDrinkId],
      set: { rating: input.rating, notes: input.notes, updatedAt: now },
    })
    .returning();
  const rating: Rating = { menu_drink_id: drink.id, rating: row!.rating, notes: row!.notes, updated_at: row!.updatedAt };
  return { rating, summary: await ratingSummary(db, drink.id) };
}
