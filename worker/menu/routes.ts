import { Hono } from 'hono';
import { IdParam } from '../../shared/schemas/common';
import { DrinkByIdQuery, DrinksQuery } from '../../shared/schemas/drink';
import { ownerKeyOf } from '../auth/middleware';
import type { AppContext } from '../env';
import { PRIVATE_REVALIDATE, PUBLIC_REVALIDATE, revalidatedEntity, revalidatedJson } from '../lib/http-cache';
import { validate } from '../lib/validate';
import { drinkDetail } from './drinks';
import { cachedMenuEntity } from '../venues/service';

/** Guests' reads of menu drinks (spec: GET /drinks, GET /drinks/{id}). Public. */
export const drinkRoutes = new Hono<AppContext>()
  .get('/', validate('query', DrinksQuery), async (c) => {
    const q = c.req.valid('query');
    return revalidatedEntity(c, await cachedMenuEntity(c.get('db'), c.env.DB, (q.venue ?? q.slug ?? q.restaurant_slug ?? q.restaurant_id)!), PUBLIC_REVALIDATE);
  })
  // The guest's own rating is in the answer: private to the caller.
  .get('/:id', validate('param', IdParam), validate('query', DrinkByIdQuery), async (c) => {
    const q = c.req.valid('query');
    const caller = c.get('caller');
    const ownerKey = caller?.kind === 'guest' ? ownerKeyOf(caller) : null;
    const drink = await drinkDetail(c.get('db'), c.req.valid('param').id, q.venue ?? q.slug ?? null, ownerKey);
    return revalidatedJson(c, { drink }, PRIVATE_REVALIDATE);
  });
