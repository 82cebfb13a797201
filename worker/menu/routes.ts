import { Hono } from 'hono';
import { IdParam } from '../../shared/schemas/common';
import { DrinkByIdQuery, DrinksQuery } from '../../shared/schemas/drink';
import { ownerKeyOf } from '../auth';
import type { AppContext } from '../env';
import { PRIVATE_REVALIDATE, PUBLIC_REVALIDATE, revalidatedEntity, revalidatedJson } from '../lib/http-cache';
import { validate } from '../lib/validate';
import { guestDrinkDatabase } from './drink-database';
import { drinkDetail } from './drinks';
import { cachedMenuEntity } from '../venues';
import { laggingReads, venueDatabase } from '../shards';

/** Guests' reads of menu drinks (spec: GET /drinks, GET /drinks/{id}). Public. */
export const drinkRoutes = new Hono<AppContext>()
  .get('/', validate('query', DrinksQuery), async (c) => {
    const q = c.req.valid('query');
    const ref = q.slug;
    const { d1 } = await venueDatabase(c.env, ref);
    return revalidatedEntity(c, await cachedMenuEntity(laggingReads(d1), d1, ref, q.lang), PUBLIC_REVALIDATE);
  })
  // The guest's own rating is in the answer: private to the caller.
  .get('/:id', validate('param', IdParam), validate('query', DrinkByIdQuery), async (c) => {
    const q = c.req.valid('query');
    const caller = c.get('caller');
    const ownerKey = caller?.kind === 'guest' ? ownerKeyOf(caller) : null;
    const venueRef = q.slug ?? null;
    // A drink named without its venue is looked for on every database that holds venues (docs/decisions/150).
    // The primary: the answer holds the guest's own rating, which must show their write.
    const { db } = await guestDrinkDatabase(c.env, c.req.valid('param').id, venueRef);
    const drink = await drinkDetail(db, c.req.valid('param').id, venueRef, ownerKey, q.lang);
    return revalidatedJson(c, { drink }, PRIVATE_REVALIDATE);
  });
