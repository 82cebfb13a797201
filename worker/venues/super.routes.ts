import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import { IdParam } from '../../shared/schemas/common';
import { CreateStaffBody, VenueCreateBody, VenueUpdateBody, type SuperVenueList } from '../../shared/schemas/super';
import { connectionStates } from '../payments';
import { venues } from '../db/schema';
import { toVenue } from '../db/serializers';
import type { AppContext } from '../env';
import { requireSuperadmin } from '../auth';
import { validate } from '../lib/validate';
import { createVenueAccount, listVenueAccounts } from '../team';
import { createVenue, getVenue, updateVenue } from './platform-venues';
import { changedFields, describeWrite } from '../audit';

/** Venue management for super admins: every venue, inactive ones included. */
export const superVenueRoutes = new Hono<AppContext>()
  .get('/', requireSuperadmin, async (c) => {
    const [rows, connections] = await Promise.all([c.get('db').select().from(venues).orderBy(asc(venues.name)), connectionStates(c.env)]);
    return c.json({ venues: rows.map((row) => ({ ...toVenue(row), card_payments: connections.get(row.id) ?? 'not_connected' })) } satisfies SuperVenueList);
  })
  .post('/', requireSuperadmin, validate('json', VenueCreateBody), async (c) => {
    const venue = await createVenue(c.env, c.req.valid('json'));
    describeWrite(c, { action: 'venue.create', targetType: 'venue', targetId: venue.id, restaurantId: venue.id, summary: `Created venue ${venue.name}`, after: venue });
    return c.json({ venue }, 201);
  })
  .put('/:id', requireSuperadmin, validate('param', IdParam), validate('json', VenueUpdateBody), async (c) => {
    const id = c.req.valid('param').id;
    const before = await getVenue(c.env, id);
    const venue = await updateVenue(c.env, id, c.req.valid('json'));
    const action = before.active && !venue.active ? 'venue.deactivate' : !before.active && venue.active ? 'venue.activate' : 'venue.update';
    const summary = action === 'venue.deactivate' ? `Deactivated ${venue.name}` : action === 'venue.activate' ? `Activated ${venue.name}` : `Edited ${venue.name}`;
    describeWrite(c, { action, targetType: 'venue', targetId: id, restaurantId: id, summary, ...changedFields(before, venue) });
    return c.json({ venue });
  })
  .get('/:id/staff', requireSuperadmin, validate('param', IdParam), async (c) => {
    return c.json({ staff: await listVenueAccounts(c.get('db'), c.req.valid('param').id) });
  })
  .post('/:id/staff', requireSuperadmin, validate('param', IdParam), validate('json', CreateStaffBody), async (c) => {
    const created = await createVenueAccount(c.get('db'), c.req.valid('param').id, c.req.valid('json'));
    describeWrite(c, {
      action: 'account.create', targetType: 'user', targetId: created.account.id, restaurantId: created.account.restaurant_id,
      summary: `Created ${created.account.role} account ${created.account.email}`, after: created.account,
    });
    return c.json(created, 201);
  });
