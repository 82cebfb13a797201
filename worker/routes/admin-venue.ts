import { Hono } from 'hono';
import { AdminAnalyticsQuery, VenueProfileUpdate } from '../../shared/schemas/admin';
import { venueAnalytics } from '../admin/analytics';
import { getVenueProfile, updateVenueProfile } from '../admin/venue-profile';
import { changedFields, describeWrite } from '../audit/record';
import { requireAdmin, scopedVenueId } from '../auth/middleware';
import type { AppContext } from '../env';
import { validate } from '../lib/validate';

/** The admin's own venue: profile and settings. PUT and PATCH both change only the fields named. */
export const adminVenueRoutes = new Hono<AppContext>()
  .use(requireAdmin)
  .get('/', async (c) => c.json({ venue: await getVenueProfile(c.get('db'), scopedVenueId(c)) }))
  .on(['PUT', 'PATCH'], '/', validate('json', VenueProfileUpdate), async (c) => {
    const { before, venue } = await updateVenueProfile(c.get('db'), c.env, scopedVenueId(c), c.req.valid('json'));
    describeWrite(c, { action: 'venue.update', targetType: 'venue', targetId: venue.id, summary: `Edited the profile of ${venue.name}`, ...changedFields(before, venue) });
    return c.json({ venue });
  });

/** Venue analytics over 7, 30 or 90 days, computed in SQL. */
export const adminAnalyticsRoutes = new Hono<AppContext>()
  .get('/', requireAdmin, validate('query', AdminAnalyticsQuery), async (c) =>
    c.json(await venueAnalytics(c.get('db'), scopedVenueId(c), c.req.valid('query').window)));
