// Platform-wide sales figures for the super admin's overview and analytics.
// One definition of a sale everywhere (worker/analytics/sales-figures.ts, docs/decisions/114), the
// same the venue's own analytics read. Venues' orders are on several databases (docs/decisions/140):
// each figure is asked of every database that holds venues and the answers are merged (docs/decisions/150).
import type {
  AnalyticsWindow, DailyPoint, OverviewWindow, PlatformAnalytics, PlatformOverview, RecentOrder, TopDrink, TopVenue,
} from '../../shared/schemas/super';
import { centsToDollars } from '../../shared/money';
import { slugify } from '../../shared/ids';
import { averageOrderCents, COUNTED_ORDER, salesFigures, windowStart } from '../analytics/sales-figures';

const DAY_MS = 86_400_000;

/** SQLite's BINARY order of two texts (what its ORDER BY and MIN use), for merging databases' answers. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/** The sum of one query's numbers over every venue database. */
async function summed<Row extends Record<string, number>>(dbs: readonly D1Database[], read: (db: D1Database) => Promise<Row>, zero: Row): Promise<Row> {
  const rows = await Promise.all(dbs.map(read));
  return rows.reduce((total, row) => Object.fromEntries(Object.keys(zero).map((key) => [key, total[key]! + row[key]!])) as Row, zero);
}

export async function salesTotals(dbs: readonly D1Database[], since: string) {
  const figures = await summed(dbs, async (db) => {
    const f = await salesFigures(db, { since });
    return { orders: f.orders, revenueCents: f.revenue_cents, aiOrders: f.ai_orders };
  }, { orders: 0, revenueCents: 0, aiOrders: 0 });
  return { ...figures, averageCents: averageOrderCents(figures.revenueCents, figures.orders) };
}

/** A venue's orders are on one database, so each database's own top `limit` together hold the platform's. */
export async function topVenues(dbs: readonly D1Database[], since: string, limit: number): Promise<TopVenue[]> {
  const perDatabase = await Promise.all(dbs.map(async (db) => (await db.prepare(
    `SELECT v.id, v.name, v.slug, COUNT(o.id) AS orders, COALESCE(SUM(o.total_cents), 0) AS revenue_cents
     FROM orders o JOIN venues v ON v.id = o.restaurant_id
     WHERE ${COUNTED_ORDER} AND o.created_at >= ?
     GROUP BY v.id ORDER BY revenue_cents DESC, v.name ASC LIMIT ?`,
  ).bind(since, limit).all<{ id: string; name: string; slug: string; orders: number; revenue_cents: number }>()).results));
  const ranked = perDatabase.flat().sort((a, b) => b.revenue_cents - a.revenue_cents || compareText(a.name, b.name)).slice(0, limit);
  return ranked.map((r) => ({
    id: r.id, name: r.name, slug: r.slug, orders: r.orders, revenue_cents: r.revenue_cents, revenue: centsToDollars(r.revenue_cents),
  }));
}

/** Drinks by quantity sold; the same drink name on several venues' menus counts as one drink. */
export async function topDrinks(dbs: readonly D1Database[], since: string, limit: number): Promise<TopDrink[]> {
  // Not limited per database: a drink can rank low on each and first over all of them.
  const perDatabase = await Promise.all(dbs.map(async (db) => (await db.prepare(
    `SELECT LOWER(oi.name) AS name_key, MIN(oi.name) AS name, SUM(oi.quantity) AS qty
     FROM order_items oi JOIN orders o ON o.id = oi.order_id
     WHERE ${COUNTED_ORDER} AND o.created_at >= ?
     GROUP BY LOWER(oi.name)`,
  ).bind(since).all<{ name_key: string; name: string; qty: number }>()).results));
  const byName = new Map<string, { name: string; qty: number }>();
  for (const row of perDatabase.flat()) {
    const seen = byName.get(row.name_key);
    byName.set(row.name_key, seen ? { name: compareText(row.name, seen.name) < 0 ? row.name : seen.name, qty: seen.qty + row.qty } : { name: row.name, qty: row.qty });
  }
  const ranked = [...byName.values()].sort((a, b) => b.qty - a.qty || compareText(a.name, b.name)).slice(0, limit);
  return ranked.map((r) => ({ id: slugify(r.name) || r.name, name: r.name, qty: r.qty }));
}

/** The newest orders on the platform, whatever their status (the feed shows what is happening). */
export async function recentOrders(dbs: readonly D1Database[], limit: number): Promise<RecentOrder[]> {
  const perDatabase = await Promise.all(dbs.map(async (db) => (await db.prepare(
    `SELECT o.id, o.created_at, o.status, o.total_cents, v.name AS venue_name, v.slug AS venue_slug
     FROM orders o JOIN venues v ON v.id = o.restaurant_id
     ORDER BY o.created_at DESC, o.id DESC LIMIT ?`,
  ).bind(limit).all<{ id: string; created_at: string; status: string; total_cents: number; venue_name: string; venue_slug: string }>()).results));
  const newest = perDatabase.flat()
    .sort((a, b) => compareText(b.created_at, a.created_at) || compareText(b.id, a.id))
    .slice(0, limit);
  return newest.map((r) => ({
    id: r.id, created_at: r.created_at, status: r.status, venue_name: r.venue_name, venue_slug: r.venue_slug,
    total_cents: r.total_cents, total: centsToDollars(r.total_cents),
  }));
}

export async function platformOverview(db: readonly D1Database[], window: OverviewWindow, now = new Date()): Promise<PlatformOverview> {
  const since = windowStart(window, now);
  const [week, month, venues, drinks, recent] = await Promise.all([
    salesTotals(db, windowStart('7d', now)),
    salesTotals(db, windowStart('30d', now)),
    topVenues(db, since, 10),
    topDrinks(db, since, 10),
    recentOrders(db, 20),
  ]);
  return {
    window,
    revenue_7d: centsToDollars(week.revenueCents),
    revenue_30d: centsToDollars(month.revenueCents),
    revenue_7d_cents: week.revenueCents,
    revenue_30d_cents: month.revenueCents,
    orders_7d: week.orders,
    orders_30d: month.orders,
    top_venues: venues,
    top_drinks: drinks,
    recent_orders: recent,
  };
}

/** One point per UTC day from the window's first day to today, zero-filled, oldest first. */
async function dailySeries(dbs: readonly D1Database[], since: string, now: Date): Promise<DailyPoint[]> {
  const perDatabase = await Promise.all(dbs.map(async (db) => (await db.prepare(
    `SELECT SUBSTR(o.created_at, 1, 10) AS day, COUNT(*) AS orders, COALESCE(SUM(o.total_cents), 0) AS revenue_cents,
            COALESCE(SUM(CASE WHEN o.referred_by_ai = 1 THEN 1 ELSE 0 END), 0) AS ai_orders
     FROM orders o WHERE ${COUNTED_ORDER} AND o.created_at >= ? GROUP BY day`,
  ).bind(since).all<{ day: string; orders: number; revenue_cents: number; ai_orders: number }>()).results));
  const byDay = new Map<string, { orders: number; revenue_cents: number; ai_orders: number }>();
  for (const row of perDatabase.flat()) {
    const seen = byDay.get(row.day) ?? { orders: 0, revenue_cents: 0, ai_orders: 0 };
    byDay.set(row.day, { orders: seen.orders + row.orders, revenue_cents: seen.revenue_cents + row.revenue_cents, ai_orders: seen.ai_orders + row.ai_orders });
  }
  const firstDayMs = Date.parse(`${since.slice(0, 10)}T00:00:00.000Z`);
  const dayCount = Math.round((Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`) - firstDayMs) / DAY_MS) + 1;
  return Array.from({ length: dayCount }, (_, i) => {
    const date = new Date(firstDayMs + i * DAY_MS).toISOString().slice(0, 10);
    const row = byDay.get(date);
    const revenueCents = row?.revenue_cents ?? 0;
    return { date, orders: row?.orders ?? 0, revenue_cents: revenueCents, revenue: centsToDollars(revenueCents), ai_orders: row?.ai_orders ?? 0 };
  });
}

export async function platformAnalytics(db: readonly D1Database[], window: AnalyticsWindow, topLimit: number, now = new Date()): Promise<PlatformAnalytics> {
  const since = windowStart(window, now);
  const [totals, daily, venues, interactions] = await Promise.all([
    salesTotals(db, since),
    dailySeries(db, since, now),
    topVenues(db, since, topLimit),
    summed(db, async (one) => (await one.prepare(`SELECT COUNT(*) AS total, COALESCE(SUM(CASE WHEN was_ordered = 1 THEN 1 ELSE 0 END), 0) AS ordered
                FROM ai_interactions WHERE created_at >= ?`).bind(since).first<{ total: number; ordered: number }>()) ?? { total: 0, ordered: 0 }, { total: 0, ordered: 0 }),
  ]);
  const averageCents = totals.averageCents;
  return {
    window,
    total_orders: totals.orders,
    revenue_cents: totals.revenueCents,
    revenue: centsToDollars(totals.revenueCents),
    average_order_value_cents: averageCents,
    average_order_value: centsToDollars(averageCents),
    ai_orders: totals.aiOrders,
    ai_interactions: interactions?.total ?? 0,
    ai_conversion_percent: percent(interactions?.ordered ?? 0, interactions?.total ?? 0),
    ai_order_share_percent: percent(totals.aiOrders, totals.orders),
    daily,
    top_venues: venues,
  };
}
