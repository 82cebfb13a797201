// Platform overview, top lists, recent orders and analytics: the numbers a super admin reads (from the rollups,
// docs/decisions/203) must equal what the venues' orders say, computed here independently with plain SQL over
// each venue's own business days (docs/product.md §11.9).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessDayBounds, lastBusinessDays } from '../../shared/business-day';
import { PlatformAnalytics, PlatformOverview, RecentOrdersResponse, TopDrinksResponse, TopVenuesResponse } from '../../shared/schemas/super';
import type { DayWindow } from '../../shared/schemas/common';
import { app } from '../../worker/app';
import { mintToken } from './auth-helpers';
import { call, expectApiError } from './helpers';

const WINDOW_LENGTH: Record<DayWindow, number> = { '7d': 7, '30d': 30, '90d': 90 };
const SALE = `status <> 'cancelled' AND payment_status NOT IN ('refunded', 'void')`;

type VenueWindow = { id: string; firstDay: string; today: string; since: string };
/** Each venue's window: its last N business days, and the instant the first of them starts. */
async function windows(days: DayWindow): Promise<VenueWindow[]> {
  const { results } = await env.DB.prepare('SELECT id, timezone, day_cutoff_minutes AS cutoff FROM venues').all<{ id: string; timezone: string; cutoff: number }>();
  return results.map((v) => {
    const dates = lastBusinessDays(WINDOW_LENGTH[days], new Date(), v.timezone, v.cutoff);
    return { id: v.id, firstDay: dates[0]!, today: dates.at(-1)!, since: businessDayBounds(dates[0]!, v.timezone, v.cutoff).start };
  });
}

/** One plain query per venue over its own window, summed. */
async function perVenue<Row extends Record<string, number>>(days: DayWindow, sql: string, ...binds: string[]): Promise<Row> {
  const sum: Record<string, number> = {};
  for (const venue of await windows(days)) {
    const row = (await env.DB.prepare(sql).bind(venue.id, venue.since, ...binds).first<Row>())!;
    for (const [key, value] of Object.entries(row)) sum[key] = (sum[key] ?? 0) + Number(value ?? 0);
  }
  return sum as Row;
}

const sqlTotals = (days: DayWindow) =>
  perVenue<{ n: number; cents: number }>(days, `SELECT COUNT(*) AS n, COALESCE(SUM(total_cents), 0) AS cents FROM orders WHERE ${SALE} AND restaurant_id = ? AND created_at >= ?`);

let superToken: string;
let adminToken: string;
beforeAll(async () => {
  superToken = await mintToken('superadmin@barhop.dev');
  adminToken = await mintToken('admin@barhop.dev');
});

describe('GET /api/super/overview', () => {
  it('reports 7- and 30-day orders and revenue equal to the database', async () => {
    const res = await call('GET', '/api/super/overview', { token: superToken });
    expect(res.status).toBe(200);
    const overview = PlatformOverview.parse(res.json);
    const [week, month] = [await sqlTotals('7d'), await sqlTotals('30d')];
    expect(week.n).toBeGreaterThan(0);
    expect(overview.orders_7d).toBe(week.n);
    expect(overview.orders_30d).toBe(month.n);
    expect(overview.revenue_7d_cents).toBe(week.cents);
    expect(overview.revenue_30d_cents).toBe(month.cents);
    expect(overview.revenue_30d).toBe(month.cents / 100);
    expect(overview.window).toBe('7d');
  });

  it('ranks venues by revenue in the window and lists the 20 newest orders', async () => {
    const res = await call('GET', '/api/super/overview?window=30d', { token: superToken });
    const overview = PlatformOverview.parse(res.json);
    const venues: { name: string; cents: number }[] = [];
    for (const venue of await windows('30d')) {
      const row = (await env.DB.prepare(
        `SELECT v.name, SUM(o.total_cents) AS cents FROM orders o JOIN venues v ON v.id = o.restaurant_id
         WHERE o.status <> 'cancelled' AND o.payment_status NOT IN ('refunded', 'void') AND o.restaurant_id = ? AND o.created_at >= ? GROUP BY v.id`,
      ).bind(venue.id, venue.since).first<{ name: string; cents: number }>());
      if (row) venues.push(row);
    }
    venues.sort((a, b) => b.cents - a.cents);
    expect(overview.top_venues.map((v) => [v.name, v.revenue_cents])).toEqual(venues.map((v) => [v.name, v.cents]));
    // The inactive demo venue has no orders, so it never ranks.
    expect(overview.top_venues.map((v) => v.slug)).not.toContain('velvet-speakeasy');

    const newest = await env.DB.prepare('SELECT id FROM orders ORDER BY created_at DESC, id DESC LIMIT 20').all<{ id: string }>();
    expect(overview.recent_orders.map((o) => o.id)).toEqual(newest.results.map((o) => o.id));
    expect(overview.recent_orders[0]!.venue_name).toBeTruthy();
  });

  it('sums drink quantities across venues for the top drinks', async () => {
    const res = await call('GET', '/api/super/top-drinks?window=30d&limit=3', { token: superToken });
    const { top_drinks } = TopDrinksResponse.parse(res.json);
    expect(top_drinks).toHaveLength(3);
    const first = top_drinks[0]!;
    const qty = await perVenue<{ qty: number }>('30d',
      `SELECT SUM(oi.quantity) AS qty FROM order_items oi JOIN orders o ON o.id = oi.order_id
       WHERE o.status <> 'cancelled' AND o.payment_status NOT IN ('refunded', 'void') AND o.restaurant_id = ? AND o.created_at >= ? AND LOWER(oi.name) = LOWER(?)`,
      first.name);
    expect(first.qty).toBe(qty.qty);
    expect(top_drinks[0]!.qty).toBeGreaterThanOrEqual(top_drinks[2]!.qty);
  });

  it('uses the spec defaults: 10 top venues and drinks, 20 recent orders', async () => {
    const drinks = TopDrinksResponse.parse((await call('GET', '/api/super/top-drinks', { token: superToken })).json);
    expect(drinks.top_drinks).toHaveLength(10);
    const recent = RecentOrdersResponse.parse((await call('GET', '/api/super/recent-orders', { token: superToken })).json);
    expect(recent.recent_orders).toHaveLength(20);
    const venues = TopVenuesResponse.parse((await call('GET', '/api/super/top-venues?limit=2', { token: superToken })).json);
    expect(venues.top_venues).toHaveLength(2);
  });

  it('rejects an unknown window or limit with a 400 in the error shape', async () => {
    expectApiError(await call('GET', '/api/super/overview?window=1y', { token: superToken }), 400);
    expectApiError(await call('GET', '/api/super/top-venues?limit=0', { token: superToken }), 400);
  });
});

describe('GET /api/super/analytics', () => {
  it('gives totals, AI share and one zero-filled point per day that add up to the totals', async () => {
    const res = await call('GET', '/api/super/analytics?window=30d', { token: superToken });
    expect(res.status).toBe(200);
    const analytics = PlatformAnalytics.parse(res.json);
    const month = await sqlTotals('30d');
    expect(analytics.total_orders).toBe(month.n);
    expect(analytics.revenue_cents).toBe(month.cents);
    expect(analytics.average_order_value_cents).toBe(Math.round(month.cents / month.n));
    // From the earliest venue's first business day to the latest venue's today: 30 points, 31 while zones differ.
    const venueWindows = await windows('30d');
    const firstDay = venueWindows.map((v) => v.firstDay).sort()[0]!;
    const today = venueWindows.map((v) => v.today).sort().at(-1)!;
    expect(analytics.daily[0]!.date).toBe(firstDay);
    expect(analytics.daily.at(-1)!.date).toBe(today);
    expect(analytics.daily).toHaveLength(new Set(venueWindows.map((v) => v.today)).size === 1 ? 30 : 31);
    expect(analytics.daily.reduce((s, d) => s + d.orders, 0)).toBe(month.n);
    expect(analytics.daily.reduce((s, d) => s + d.revenue_cents, 0)).toBe(month.cents);
    const ai = await perVenue<{ n: number }>('30d', `SELECT COUNT(*) AS n FROM orders WHERE ${SALE} AND referred_by_ai = 1 AND restaurant_id = ? AND created_at >= ?`);
    expect(analytics.ai_orders).toBe(ai!.n);
    expect(analytics.ai_order_share_percent).toBeCloseTo((ai!.n / month.n) * 100, 0);
    const asked = await perVenue<{ n: number; ordered: number }>('30d', 'SELECT COUNT(*) AS n, COALESCE(SUM(was_ordered), 0) AS ordered FROM ai_interactions WHERE restaurant_id = ? AND created_at >= ?');
    expect(asked.n).toBeGreaterThan(0);
    expect(analytics.ai_interactions).toBe(asked.n);
    expect(analytics.ai_conversion_percent).toBe(Math.round((asked.ordered / asked.n) * 1000) / 10);
    expect(Date.parse(analytics.as_of!)).toBeLessThanOrEqual(Date.now());
    expect(analytics.top_venues.length).toBeLessThanOrEqual(5);
  });
});

describe('every /api/super call is for super admins only', () => {
  const superRoutes = [...new Set(app.routes
    .filter((r) => r.path.startsWith('/api/super/') && r.method !== 'ALL' && !r.path.startsWith('/api/super/impersonate'))
    .map((r) => `${r.method} ${r.path.replace(/:id/g, 'some-id')}`))]
    .map((key) => ({ method: key.split(' ')[0]!, path: key.split(' ')[1]! }));

  it('covers the console routes', () => {
    expect(superRoutes.length).toBeGreaterThanOrEqual(20);
  });

  it('answers 401 without a token and 403 to a venue admin', async () => {
    for (const route of superRoutes) {
      const none = await call(route.method, route.path, { body: route.method === 'GET' ? undefined : {} });
      expect(none.status, `${route.method} ${route.path} without a token`).toBe(401);
      const admin = await call(route.method, route.path, { token: adminToken, body: route.method === 'GET' ? undefined : {} });
      expect(admin.status, `${route.method} ${route.path} as admin`).toBe(403);
      expectApiError(admin, 403);
    }
  });
});
