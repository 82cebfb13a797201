import { and, asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { IdParam } from '../../shared/schemas/common';
import { DrinkByIdQuery, DrinksQuery } from '../../shared/schemas/drink';
import { ownerKeyOf } from '../auth/middleware';
import { menuDrinks } from '../db/schema';
import { toDrink } from '../db/serializers';
import type { AppContext } from '../env';
import { validate } from '../lib/validate';
import { drinkDetail } from '../menu/drinks';
import { findActiveVenue } from './venues';

/** Guests' reads of menu drinks (spec: GET /drinks, GET /drinks/{id}). Public. */
export const drinkRoutes = new Hono<AppContext>()
  .get('/', validate('query', DrinksQuery), async (c) => {
    const q = c.req.valid('query');
    const db = c.get('db');
    const venue = await findActiveVenue(db, (q.venue ?? q.slug ?? q.restaurant_slug ?? q.restaurant_id)!);
    const rows = await db.select().from(menuDrinks)
      .where(and(eq(menuDrinks.restaurantId, venue.id), eq(menuDrinks.isAvailable, true)))
      .orderBy(asc(menuDrinks.name));
    return c.json({ drinks: rows.map(toDrink).filter((d) => d.is_available) });
  })
  .get('/:id', validate('param', IdParam), validate('query', DrinkByIdQuery), async (c) => {
    const q = c.req.valid('query');
    const caller = c.get('caller');
    const ownerKey = caller?.kind === 'guest' ? ownerKeyOf(caller) : null;
    const drink = await drinkDetail(c.get('db'), c.req.valid('param').id, q.venue ?? q.slug ?? null, ownerKey);
    return c.json({ drink });
  });
