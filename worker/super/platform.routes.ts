import { Hono } from 'hono';
import { AnalyticsQuery, OverviewQuery, RecentOrdersQuery, RollupRunBody, TopListQuery, type RollupRunResult } from '../../shared/schemas/super';
import { describeWrite } from '../audit/record';
import { everyVenueDatabase } from '../shards/directory';
import { rollUpShards } from '../shards/rollups';
import { requireSuperadmin } from '../auth/middleware';
import type { AppContext, WorkerEnv } from '../env';
import { validate } from '../lib/validate';
import { windowStart } from '../analytics/sales-figures';
import { platformAnalytics, platformOverview, recentOrders, topDrinks, topVenues } from './platform-metrics';

/** Every database that holds venues: platform figures are asked of each and merged (docs/decisions/150). */
const venueDatabases = async (env: WorkerEnv) => (await everyVenueDatabase(env)).map((database) => database.d1);

/** Platform overview and analytics for super admins (mounted at /api/super). */
export const superPlatformRoutes = new Hono<AppContext>()
  .get('/overview', requireSuperadmin, validate('query', OverviewQuery), async (c) => {
    const { window } = c.req.valid('query');
    return c.json(await platformOverview(await venueDatabases(c.env), window));
  })
  .get('/top-drinks', requireSuperadmin, validate('query', TopListQuery), async (c) => {
    const { window, limit } = c.req.valid('query');
    return c.json({ top_drinks: await topDrinks(await venueDatabases(c.env), windowStart(window), limit) });
  })
  .get('/top-venues', requireSuperadmin, validate('query', TopListQuery), async (c) => {
    const { window, limit } = c.req.valid('query');
    return c.json({ top_venues: await topVenues(await venueDatabases(c.env), windowStart(window), limit) });
  })
  .get('/recent-orders', requireSuperadmin, validate('query', RecentOrdersQuery), async (c) => {
    const { limit } = c.req.valid('query');
    return c.json({ recent_orders: await recentOrders(await venueDatabases(c.env), limit) });
  })
  .get('/analytics', requireSuperadmin, validate('query', AnalyticsQuery), async (c) => {
    const { window, limit } = c.req.valid('query');
    return c.json(await platformAnalytics(await venueDatabases(c.env), window, limit));
  })
  // The nightly rollup, on demand (docs/decisions/142).
  .post('/rollups', requireSuperadmin, validate('json', RollupRunBody), async (c) => {
    const run = await rollUpShards(c.env, new Date(), c.req.valid('json').days);
    describeWrite(c, { action: 'rollups.run', targetType: 'rollups', summary: `Recomputed sales rollups since ${run.since.slice(0, 10)} on ${run.shards} databases` });
    return c.json(run satisfies RollupRunResult);
  });
