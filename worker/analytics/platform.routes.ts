import { Hono } from 'hono';
import { AnalyticsQuery, OverviewQuery, RecentOrdersQuery, RollupRunBody, TopListQuery, type RollupRunResult } from '../../shared/schemas/super';
import { describeWrite } from '../audit';
import { rollUpShards } from '../shards';
import { requireSuperadmin } from '../auth';
import type { AppContext } from '../env';
import { validate } from '../lib/validate';
import { platformAnalytics, platformOverview, recentOrders, topDrinks, topVenues, venueWindows } from './platform-metrics';

/**
 * Platform overview and analytics for super admins (mounted at /api/super), read from the rollups in the control
 * database only, never a venue shard (docs/decisions/203).
 */
export const superPlatformRoutes = new Hono<AppContext>()
  .get('/overview', requireSuperadmin, validate('query', OverviewQuery), async (c) => {
    const { window } = c.req.valid('query');
    return c.json(await platformOverview(c.env.DB, window));
  })
  .get('/top-drinks', requireSuperadmin, validate('query', TopListQuery), async (c) => {
    const { window, limit } = c.req.valid('query');
    return c.json({ top_drinks: await topDrinks(c.env.DB, await venueWindows(c.env.DB, window), limit) });
  })
  .get('/top-venues', requireSuperadmin, validate('query', TopListQuery), async (c) => {
    const { window, limit } = c.req.valid('query');
    return c.json({ top_venues: await topVenues(c.env.DB, await venueWindows(c.env.DB, window), limit) });
  })
  .get('/recent-orders', requireSuperadmin, validate('query', RecentOrdersQuery), async (c) => {
    const { limit } = c.req.valid('query');
    return c.json({ recent_orders: await recentOrders(c.env.DB, limit) });
  })
  .get('/analytics', requireSuperadmin, validate('query', AnalyticsQuery), async (c) => {
    const { window, limit } = c.req.valid('query');
    return c.json(await platformAnalytics(c.env.DB, window, limit));
  })
  // The nightly rollup, on demand: a full recompute of every shard's days since `days` ago (docs/decisions/203).
  .post('/rollups', requireSuperadmin, validate('json', RollupRunBody), async (c) => {
    const run = await rollUpShards(c.env, new Date(), c.req.valid('json').days);
    describeWrite(c, { action: 'rollups.run', targetType: 'rollups', summary: `Recomputed sales rollups since ${run.since} on ${run.shards} databases` });
    return c.json(run satisfies RollupRunResult);
  });
