// Which database a guest's drink-scoped write (favourite, rating) goes to (docs/decisions/150): the venue's shard
// when the request names the venue, else the one database that holds the drink (ids are unique platform-wide).
import { eq } from 'drizzle-orm';
import { menuDrinks } from '../db/schema';
import type { WorkerEnv } from '../env';
import { databaseHolding, venueDatabase, type VenueDatabase } from '../shards';

export async function guestDrinkDatabase(env: WorkerEnv, drinkId: string, venueRef?: string | null): Promise<VenueDatabase> {
  if (venueRef) return venueDatabase(env, venueRef);
  return databaseHolding(env, async ({ db }) => Boolean(await db.query.menuDrinks.findFirst({ columns: { id: true }, where: eq(menuDrinks.id, drinkId) })));
}
