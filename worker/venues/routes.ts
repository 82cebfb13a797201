import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { IdParam } from '../../shared/schemas/common';
import { venues } from '../db/schema';
import { toVenue } from '../db/serializers';
import type { AppContext } from '../env';
import { PUBLIC_REVALIDATE, revalidatedEntity, revalidatedJson } from '../lib/http-cache';
import { validate } from '../lib/validate';
import { laggingReads, venueDatabase } from '../shards';
import { MANIFEST_CONTENT_TYPE, venueManifest } from './manifest';
import { cachedMenuEntity, cachedVenueEntity, findActiveVenue } from './service';
import { tableLookupRoutes } from './table-lookup.routes';

export const venueRoutes = new Hono<AppContext>()
  .get('/', async (c) => {
    const rows = await c.get('db').select().from(venues).where(eq(venues.active, true)).orderBy(asc(venues.name));
    return revalidatedJson(c, { venues: rows.map(toVenue) }, PUBLIC_REVALIDATE);
  })
  .get('/:id', validate('param', IdParam), async (c) => {
    const ref = c.req.valid('param').id;
    const { d1 } = await venueDatabase(c.env, ref);
    return revalidatedEntity(c, await cachedVenueEntity(laggingReads(d1), d1, ref), PUBLIC_REVALIDATE);
  })
  .get('/:id/drinks', validate('param', IdParam), async (c) => {
    const ref = c.req.valid('param').id;
    const { d1 } = await venueDatabase(c.env, ref);
    return revalidatedEntity(c, await cachedMenuEntity(laggingReads(d1), d1, ref), PUBLIC_REVALIDATE);
  })
  // Add to Home Screen (docs/decisions/227, amended): the venue's own web app manifest, linked from its pages.
  .get('/:id/manifest.webmanifest', validate('param', IdParam), async (c) => {
    const ref = c.req.valid('param').id;
    const { db } = await venueDatabase(c.env, ref);
    const manifest = venueManifest(toVenue(await findActiveVenue(db, ref)));
    return c.body(JSON.stringify(manifest), 200, { 'Content-Type': MANIFEST_CONTENT_TYPE, 'Cache-Control': PUBLIC_REVALIDATE });
  });

/** Everything under /api/venues: the venue reads above and the table lookup by venue slug. */
export const venuesApi = new Hono<AppContext>().route('/', venueRoutes).route('/', tableLookupRoutes);
