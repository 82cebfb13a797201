import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { Hono } from 'hono';
import { IdParam } from '../../shared/schemas/common';
import { menuDrinks, venues } from '../db/schema';
import { toDrink, toVenue } from '../db/serializers';
import type { AppContext, Db } from '../env';
import { notFound } from '../lib/errors';
import { PUBLIC_REVALIDATE, revalidatedRead } from '../lib/http-cache';
import { validate } from '../lib/validate';

const activeVenueIs = (idOrSlug: string) => and(or(eq(venues.id, idOrSlug), eq(venues.slug, idOrSlug)), eq(venues.active, true));

/** An active venue by id or slug; guests never see inactive venues. */
export async function findActiveVenue(db: Db, idOrSlug: string) {
  const venue = await db.query.venues.findFirst({ where: activeVenueIs(idOrSlug) });
  if (!venue) throw notFound('Venue not found');
  return venue;
}

/**
 * The guest menu of an active venue (available, not sold out, by name) in ONE statement: the venue
 * left-joined to its drinks, so an unknown or inactive venue is no row at all and a venue without
 * drinks is one row without a drink. The menu is the hottest read of the app (docs/decisions/082).
 */
export async function activeVenueMenu(db: Db, idOrSlug: string) {
  const rows = await db.select({ venueId: venues.id, drink: menuDrinks }).from(venues)
    .leftJoin(menuDrinks, and(
      eq(menuDrinks.restaurantId, venues.id),
      eq(menuDrinks.isAvailable, true),
      isNull(menuDrinks.soldOutReason),
    ))
    .where(activeVenueIs(idOrSlug))
    .orderBy(asc(menuDrinks.name));
  if (!rows.length) throw notFound('Venue not found');
  return rows.flatMap((row) => (row.drink ? [toDrink(row.drink)] : []));
}

export const venueRoutes = new Hono<AppContext>()
  .use(revalidatedRead(PUBLIC_REVALIDATE))
  .get('/', async (c) => {
    const rows = await c.get('db').select().from(venues).where(eq(venues.active, true)).orderBy(asc(venues.name));
    return c.json({ venues: rows.map(toVenue) });
  })
  .get('/:id', validate('param', IdParam), async (c) => {
    const venue = await findActiveVenue(c.get('db'), c.req.valid('param').id);
    return c.json({ venue: toVenue(venue) });
  })
  .get('/:id/drinks', validate('param', IdParam), async (c) => {
    return c.json({ drinks: await activeVenueMenu(c.get('db'), c.req.valid('param').id) });
  });
