import { Hono } from 'hono';
import { AdminAnalyticsQuery, AdminFiguresQuery, VenueProfileUpdate, type AdminFigures } from '../../shared/schemas/admin';
import { salesFigures } from '../analytics/sales-figures';
import { sinceWindow } from '../orders/queries';
import { venueAnalytics } from './analytics';
import { getVenueProfile, updateVenueProfile } from './venue-profile';
import { changedFields, describeWrite } from '../audit/record';
import { requireAdmin, scopedVenueId } from '../auth/middleware';
import type { AppContext } from '../env';
import { validate } from '../lib/validate';
import { scopedVenueDatabase } from '../shards/venue-scope';
import { changesVenueMenu } from '../menu/menu-changes';

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

/** Venue analytics over 7, 30 or 90 days, computed in SQL. */
export const adminAnalyticsRoutes = new Hono<AppContext>()
  .get('/', requireAdmin, validate('query', AdminAnalyticsQuery), async (c) => {
    const { db, d1 } = await scopedVenueDatabase(c);
    return c.json(await venueAnalytics(db, d1, scopedVenueId(c), c.req.valid('query').window));
  });

/** The live dashboard's tiles over a whole window (not the orders on screen), by the shared sales definition. */
export const adminFiguresRoutes = new Hono<AppContext>()
  .get('/', requireAdmin, validate('query', AdminFiguresQuery), async (c) => {
    const { window } = c.req.valid('query');
    const venueId = scopedVenueId(c);
    const since = sinceWindow(window);
    const { d1 } = await scopedVenueDatabase(c);
    const [figures, pending] = await Promise.all([
      salesFigures(d1, { since, venueId }),
      d1.prepare("SELECT count(*) AS n FROM orders WHERE restaurant_id = ? AND status = 'pending'").bind(venueId).first<{ n: number }>(),
    ]);
    const body: AdminFigures = { window, ...figures, pending_orders: pending?.n ?? 0 };
    return c.json(body);
  });
