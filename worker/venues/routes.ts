import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { IdParam } from '../../shared/schemas/common';
import { venues } from '../db/schema';
import { toVenue } from '../db/serializers';
import type { AppContext } from '../env';
import { PUBLIC_REVALIDATE, revalidatedEntity, revalidatedJson } from '../lib/http-cache';
import { validate } from '../lib/validate';
import { cachedMenuEntity, cachedVenueEntity } from './service';

export const venueRoutes = new Hono<AppContext>()
  .get('/', async (c) => {
    const rows = await c.get('db').select().from(venues).where(eq(venues.active, true)).orderBy(asc(venues.name));
    return revalidatedJson(c, { venues: rows.map(toVenue) }, PUBLIC_REVALIDATE);
  })
  .get('/:id', validate('param', IdParam), async (c) => {
    return revalidatedEntity(c, await cachedVenueEntity(c.get('db'), c.env.DB, c.req.valid('param').id), PUBLIC_REVALIDATE);
  })
  .get('/:id/drinks', validate('param', IdParam), async (c) => {
    return revalidatedEntity(c, await cachedMenuEntity(c.get('db'), c.env.DB, c.req.valid('param').id), PUBLIC_REVALIDATE);
  });
