import { and, asc, eq, or } from 'drizzle-orm';
import { Hono } from 'hono';
import { IdParam } from '../../shared/schemas/common';
import { menuDrinks, venues } from '../db/schema';
import { toDrink, toVenue } from '../db/serializers';
import type { AppContext, Db } from '../env';
import { notFound } from '../lib/errors';
import { validate } from '../lib/validate';

/** An active venue by id or slug; guests never see inactive venues. */
export async function findActiveVenue(db: Db, idOrSlug: string) {
  const venue = await db.query.venues.findFirst({
    where: and(or(eq(venues.id, idOrSlug), eq(venues.slug, idOrSlug)), eq(venues.active, true)),
  });
  if (!venue) throw notFound('Venue not found');
  return venue;
}

export const venueRoutes = new Hono<AppContext>()
  .get('/', async (c) => {
    const rows = await c.get('db').select().from(venues).where(eq(venues.active, true)).orderBy(asc(venues.name));
    return c.json({ venues: rows.map(toVenue) });
  })
  .get('/:id', validate('param', IdParam), async (c) => {
    const venue = await findActiveVenue(c.get('db'), c.req.valid('param').id);
    return c.json({ venue: toVenue(venue) });
  })
  .get('/:id/drinks', validate('param', IdParam), async (c) => {
    const db = c.get('db');
    const venue = await findActiveVenue(db, c.req.valid('param').id);
    const rows = await db.select().from(menuDrinks)
      .where(eq(menuDrinks.restaurantId, venue.id))
      .orderBy(asc(menuDrinks.name));
    return c.json({ drinks: rows.map(toDrink).filter((d) => d.is_available) });
  });
