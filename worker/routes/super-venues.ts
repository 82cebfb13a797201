import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import { venues } from '../db/schema';
import { toVenue } from '../db/serializers';
import type { AppContext } from '../env';
import { requireSuperadmin } from '../auth/middleware';

/** Venue management for super admins: every venue, inactive ones included. */
export const superVenueRoutes = new Hono<AppContext>()
  .get('/', requireSuperadmin, async (c) => {
    const rows = await c.get('db').select().from(venues).orderBy(asc(venues.name));
    return c.json({ venues: rows.map(toVenue) });
  });
