import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import { IdParam } from '../../shared/schemas/common';
import { CreateStaffBody, VenueCreateBody, VenueUpdateBody } from '../../shared/schemas/super';
import { venues } from '../db/schema';
import { toVenue } from '../db/serializers';
import type { AppContext } from '../env';
import { requireSuperadmin } from '../auth/middleware';
import { validate } from '../lib/validate';
import { createVenueAccount, listVenueAccounts } from '../super/accounts';
import { createVenue, updateVenue } from '../super/venues';

/** Venue management for super admins: every venue, inactive ones included. */
export const superVenueRoutes = new Hono<AppContext>()
  .get('/', requireSuperadmin, async (c) => {
    const rows = await c.get('db').select().from(venues).orderBy(asc(venues.name));
    return c.json({ venues: rows.map(toVenue) });
  })
  .post('/', requireSuperadmin, validate('json', VenueCreateBody), async (c) => {
    return c.json({ venue: await createVenue(c.get('db'), c.req.valid('json')) }, 201);
  })
  .put('/:id', requireSuperadmin, validate('param', IdParam), validate('json', VenueUpdateBody), async (c) => {
    return c.json({ venue: await updateVenue(c.get('db'), c.req.valid('param').id, c.req.valid('json')) });
  })
  .get('/:id/staff', requireSuperadmin, validate('param', IdParam), async (c) => {
    return c.json({ staff: await listVenueAccounts(c.get('db'), c.req.valid('param').id) });
  })
  .post('/:id/staff', requireSuperadmin, validate('param', IdParam), validate('json', CreateStaffBody), async (c) => {
    return c.json(await createVenueAccount(c.get('db'), c.req.valid('param').id, c.req.valid('json')), 201);
  });
