import { Hono } from 'hono';
import { VenueProfileUpdate } from '../../shared/schemas/admin';
import { getVenueProfile, updateVenueProfile } from './profile';
import { changedFields, describeWrite } from '../audit';
import { requireAdmin, scopedVenueId } from '../auth';
import type { AppContext } from '../env';
import { validate } from '../lib/validate';
import { scopedVenueDatabase } from '../shards';
import { changesVenueMenu } from '../menu';

/** The admin's own venue: profile and settings. PUT and PATCH both change only the fields named. */
export const adminVenueRoutes = new Hono<AppContext>()
  .use(changesVenueMenu)
  .use(requireAdmin)
  .get('/', async (c) => c.json({ venue: await getVenueProfile((await scopedVenueDatabase(c)).db, scopedVenueId(c)) }))
  .on(['PUT', 'PATCH'], '/', validate('json', VenueProfileUpdate), async (c) => {
    const { before, venue } = await updateVenueProfile(await scopedVenueDatabase(c), c.get('db'), c.env, scopedVenueId(c), c.req.valid('json'));
    describeWrite(c, { action: 'venue.update', targetType: 'venue', targetId: venue.id, summary: `Edited the profile of ${venue.name}`, ...changedFields(before, venue) });
    return c.json({ venue });
  });
