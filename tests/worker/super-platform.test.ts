// Platform overview, top lists, recent orders and analytics: the numbers a super admin reads (from the rollups,
// docs/decisions/151) must equal what the venues' orders say, computed here independently with plain SQL over the
// same whole-UTC-day windows.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { PlatformAnalytics, PlatformOverview, RecentOrdersResponse, TopDrinksResponse, TopVenuesResponse } from '../../shared/schemas/super';
import type { DayWindow } from '../../shared/schemas/common';
import { windowStart } from '../../worker/analytics/sales-figures';
import { app } from '../../worker/app';
import { mintToken } from './auth-helpers';
import { call, expectApiError } from './helpers';

const since = (window: DayWindow) => windowStart(window);
const SALE = `status <> 'cancelled' AND payment_status NOT IN ('refunded', 'void')`;

async function sqlTotals(days: DayWindow) {
  return (await env.DB.prepare(`SELECT COUNT(*) AS n, COALESCE(SUM(total_cents), 0) AS cents FROM orders WHERE ${SALE} AND created_at >= ?`)
    .bind(since(days)).first<{ n: number; cents: number }>())!;
}

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
    const { results: venues } = await env.DB.prepare(
      `SELECT v.name, SUM(o.total_cents) AS cents FROM orders o JOIN venues v ON v.id = o.restaurant_id
       WHERE o.status <> 'cancelled' AND o.payment_status NOT IN ('refunded', 'void') AND o.created_at >= ? GROUP BY v.id ORDER BY cents DESC`,
    ).bind(since('30d')).all<{ name: string; cents: number }>();
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
    const qty = await env.DB.prepare(
      `SELECT SUM(oi.quantity) AS qty FROM order_items oi JOIN orders o ON o.id = oi.order_id
       WHERE o.status <> 'cancelled' AND o.payment_status NOT IN ('refunded', 'void') AND o.created_at >= ? AND LOWER(oi.name) = LOWER(?)`,
    ).bind(since('30d'), first.name).first<{ qty: number }>();
    expect(first.qty).toBe(qty!.qty);
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
    expect(analytics.daily).toHaveLength(30);
    expect(analytics.daily[0]!.date).toBe(since('30d').slice(0, 10));
    expect(analytics.daily.at(-1)!.date).toBe(new Date().toISOString().slice(0, 10));
    expect(analytics.daily.reduce((s, d) => s + d.orders, 0)).toBe(month.n);
    expect(analytics.daily.reduce((s, d) => s + d.revenue_cents, 0)).toBe(month.cents);
    const ai = await env.DB.prepare(`SELECT COUNT(*) AS n FROM orders WHERE ${SALE} AND referred_by_ai = 1 AND created_at >= ?`)
      .bind(since('30d')).first<{ n: number }>();
    expect(analytics.ai_orders).toBe(ai!.n);
    expect(analytics.ai_order_share_percent).toBeCloseTo((ai!.n / month.n) * 100, 0);
    const asked = (await env.DB.prepare('SELECT COUNT(*) AS n, COALESCE(SUM(was_ordered), 0) AS ordered FROM ai_interactions WHERE created_at >= ?')
      .bind(since('30d')).first<{ n: number; ordered: number }>())!;
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
