// Platform-wide sales figures for the super admin's overview and analytics, read from the rollups in the control
// database alone (docs/decisions/151): never a venue shard, whatever the number of shards. The rollups hold the
// one definition of a sale (worker/analytics/sales-figures.ts, docs/decisions/114) per venue and UTC day, and the
// windows are whole UTC days (windowStart), the venue's own analytics' too, so the two agree to the order. Each
// venue's hub recomputes the days a change touched a few seconds after it; `as_of` says how fresh the figures are.
import type {
  AnalyticsWindow, DailyPoint, OverviewWindow, PlatformAnalytics, PlatformOverview, RecentOrder, TopDrink, TopVenue,
} from '../../shared/schemas/super';
import { centsToDollars } from '../../shared/money';
import { slugify } from '../../shared/ids';
import { addDays, averageOrderCents, utcDay, windowStart, WINDOW_DAYS } from '../analytics/sales-figures';

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/** The first UTC day of a named window. */
export const firstDay = (window: OverviewWindow | AnalyticsWindow, now = new Date()) => utcDay(windowStart(window, now));

type Totals = { orders: number; revenue_cents: number; ai_orders: number; ai_interactions: number; ai_ordered: number };

/** Sums of the venue-day rows from `since` (a UTC day) on. */
export async function salesTotals(control: D1Database, since: string): Promise<Totals> {
  const row = await control.prepare(
    `SELECT COALESCE(SUM(orders), 0) AS orders, COALESCE(SUM(revenue_cents), 0) AS revenue_cents, COALESCE(SUM(ai_orders), 0) AS ai_orders,
            COALESCE(SUM(ai_interactions), 0) AS ai_interactions, COALESCE(SUM(ai_ordered), 0) AS ai_ordered
     FROM venue_day_rollups WHERE day >= ?`,
  ).bind(since).first<Totals>();
  return row ?? { orders: 0, revenue_cents: 0, ai_orders: 0, ai_interactions: 0, ai_ordered: 0 };
}

/** Venues by revenue from `since` (a UTC day) on; names and slugs from the control copy of each venue. */
export async function topVenues(control: D1Database, since: string, limit: number): Promise<TopVenue[]> {
  const { results } = await control.prepare(
    `SELECT v.id, v.name, v.slug, SUM(r.orders) AS orders, SUM(r.revenue_cents) AS revenue_cents
     FROM venue_day_rollups r JOIN venues v ON v.id = r.venue_id
     WHERE r.day >= ? GROUP BY v.id HAVING SUM(r.orders) > 0
     ORDER BY revenue_cents DESC, v.name ASC LIMIT ?`,
  ).bind(since, limit).all<{ id: string; name: string; slug: string; orders: number; revenue_cents: number }>();
  return results.map((r) => ({
    id: r.id, name: r.name, slug: r.slug, orders: r.orders, revenue_cents: r.revenue_cents, revenue: centsToDollars(r.revenue_cents),
  }));
}

/** Drinks by quantity sold from `since` (a UTC day) on; the same drink name on several venues' menus counts as one drink. */
export async function topDrinks(control: D1Database, since: string, limit: number): Promise<TopDrink[]> {
  const { results } = await control.prepare(
    `SELECT MIN(name) AS name, SUM(qty) AS qty FROM venue_day_drinks WHERE day >= ?
     GROUP BY name_key ORDER BY qty DESC, name ASC LIMIT ?`,
  ).bind(since, limit).all<{ name: string; qty: number }>();
  return results.map((r) => ({ id: slugify(r.name) || r.name, name: r.name, qty: r.qty }));
}

/** The newest orders on the platform, whatever their status (the feed shows what is happening). */
export async function recentOrders(control: D1Database, limit: number): Promise<RecentOrder[]> {
  const { results } = await control.prepare(
    `SELECT r.id, r.created_at, r.status, r.total_cents, v.name AS venue_name, v.slug AS venue_slug
     FROM venue_recent_orders r JOIN venues v ON v.id = r.venue_id
     ORDER BY r.created_at DESC, r.id DESC LIMIT ?`,
  ).bind(limit).all<{ id: string; created_at: string; status: string; total_cents: number; venue_name: string; venue_slug: string }>();
  return results.map((r) => ({
    id: r.id, created_at: r.created_at, status: r.status, venue_name: r.venue_name, venue_slug: r.venue_slug,
    total_cents: r.total_cents, total: centsToDollars(r.total_cents),
  }));
}

/**
 * How fresh the figures are: the oldest computation among today's venue-day rows (each row holds every change to
 * its venue and day made before it was computed, and a venue's hub recomputes its day a few seconds after each
 * change), else the newest computation of any row; null before anything was rolled up.
 */
export async function figuresAsOf(control: D1Database, now = new Date()): Promise<string | null> {
  const row = await control.prepare(
    `SELECT (SELECT MIN(computed_at) FROM venue_day_rollups WHERE day = ?) AS today, (SELECT MAX(computed_at) FROM venue_day_rollups) AS newest`,
  ).bind(utcDay(now)).first<{ today: string | null; newest: string | null }>();
  return row?.today ?? row?.newest ?? null;
}

export async function platformOverview(control: D1Database, window: OverviewWindow, now = new Date()): Promise<PlatformOverview> {
  const since = firstDay(window, now);
  const [week, month, venues, drinks, recent, asOf] = await Promise.all([
    salesTotals(control, firstDay('7d', now)),
    salesTotals(control, firstDay('30d', now)),
    topVenues(control, since, 10),
    topDrinks(control, since, 10),
    recentOrders(control, 20),
    figuresAsOf(control, now),
  ]);
  return {
    window,
    revenue_7d: centsToDollars(week.revenue_cents),
    revenue_30d: centsToDollars(month.revenue_cents),
    revenue_7d_cents: week.revenue_cents,
    revenue_30d_cents: month.revenue_cents,
    orders_7d: week.orders,
    orders_30d: month.orders,
    top_venues: venues,
    top_drinks: drinks,
    recent_orders: recent,
    as_of: asOf,
  };
}

/** One point per UTC day of the window, today last, zero-filled. */
async function dailySeries(control: D1Database, window: AnalyticsWindow, now: Date): Promise<DailyPoint[]> {
  const since = firstDay(window, now);
  const { results } = await control.prepare(
    `SELECT day, SUM(orders) AS orders, SUM(revenue_cents) AS revenue_cents, SUM(ai_orders) AS ai_orders
     FROM venue_day_rollups WHERE day >= ? GROUP BY day`,
  ).bind(since).all<{ day: string; orders: number; revenue_cents: number; ai_orders: number }>();
  const byDay = new Map(results.map((row) => [row.day, row]));
  return Array.from({ length: WINDOW_DAYS[window] }, (_, i) => {
    const date = addDays(since, i);
    const row = byDay.get(date);
    const revenueCents = row?.revenue_cents ?? 0;
    return { date, orders: row?.orders ?? 0, revenue_cents: revenueCents, revenue: centsToDollars(revenueCents), ai_orders: row?.ai_orders ?? 0 };
  });
}

export async function platformAnalytics(control: D1Database, window: AnalyticsWindow, topLimit: number, now = new Date()): Promise<PlatformAnalytics> {
  const since = firstDay(window, now);
  const [totals, daily, venues, asOf] = await Promise.all([
    salesTotals(control, since),
    dailySeries(control, window, now),
    topVenues(control, since, topLimit),
    figuresAsOf(control, now),
  ]);
  const averageCents = averageOrderCents(totals.revenue_cents, totals.orders);
  return {
    window,
    total_orders: totals.orders,
    revenue_cents: totals.revenue_cents,
    revenue: centsToDollars(totals.revenue_cents),
    average_order_value_cents: averageCents,
    average_order_value: centsToDollars(averageCents),
    ai_orders: totals.ai_orders,
    ai_interactions: totals.ai_interactions,
    ai_conversion_percent: percent(totals.ai_ordered, totals.ai_interactions),
    ai_order_share_percent: percent(totals.ai_orders, totals.orders),
    daily,
    top_venues: venues,
    as_of: asOf,
  };
}
