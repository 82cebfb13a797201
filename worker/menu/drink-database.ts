// Which database a guest's drink-scoped write (favourite, rating) goes to (docs/decisions/140): the venue's shard
// when the request names the venue, else the one database that holds the drink (ids are unique platform-wide).
import { eq } from 'drizzle-orm';
import { menuDrinks } from '../db/schema';
import type { WorkerEnv } from '../env';
import { everyVenueDatabase, venueDatabase, type VenueDatabase } from '../shards/directory';

export async function guestDrinkDatabase(env: WorkerEnv, drinkId: string, venueRef?: string | null): Promise<VenueDatabase> {
  if (venueRef) return venueDatabase(env, venueRef);
  const databases = await everyVenueDatabase(env);
  if (databases.length === 1) return databases[0]!;
  const found = await Promise.all(databases.map(async (database) =>
    (await database.db.query.menuDrinks.findFirst({ columns: { id: true }, where: eq(menuDrinks.id, drinkId) })) ? database : null));
  // A drink no database holds is looked for on the default shard, which answers the usual 404.
  return found.find((database) => database !== null) ?? databases[0]!;
}
