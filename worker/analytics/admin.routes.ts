import { Hono } from 'hono';
import { AdminAnalyticsQuery, AdminFiguresQuery, type AdminFigures } from '../../shared/schemas/admin';
import { salesFigures } from './sales-figures';
import { sinceWindow } from '../orders';
import { venueAnalytics } from './venue-analytics';
import { requireAdmin, scopedVenueId } from '../auth';
import type { AppContext } from '../env';
import { validate } from '../lib/validate';
import { scopedVenueDatabase } from '../shards';

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
