// Platform-wide sales figures for the super admin's overview and analytics, read from the rollups in the control
// database alone (docs/decisions/203): never a venue shard, whatever the number of shards. The rollups hold the
// one definition of a sale (worker/analytics/sales-figures.ts, docs/decisions/203) per venue and business day, and
// a window is each venue's own last business days (docs/decisions/203), the days its analytics count, so the two
// agree to the order. Each venue's hub recomputes the days a change touched a few seconds after it; `as_of` says
// how fresh the figures are.
import type {
  AnalyticsWindow, DailyPoint, OverviewWindow, PlatformAnalytics, PlatformOverview, RecentOrder, TopDrink, TopVenue,
} from '../../shared/schemas/super';
import { lastBusinessDays } from '../../shared/business-day';
import { centsToDollars } from '../../shared/money';
import { slugify } from '../../shared/ids';
import { addDays, averageOrderCents, WINDOW_DAYS } from './sales-figures';

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/**
 * A named window as each venue's clock reads it: for every time zone and day cut-off the venues have, the first
 * business day of the window and today's. `WHERE` joins it to the rows as `w` through their venue `v`.
 */
export type VenueWindows = { json: string; firstDay: string; latestToday: string };

export async function venueWindows(control: D1Database, window: OverviewWindow | AnalyticsWindow, now = new Date()): Promise<VenueWindows> {
  const { results } = await control.prepare('SELECT DISTINCT timezone, day_cutoff_minutes AS cutoff FROM venues').all<{ timezone: string; cutoff: number }>();
  const clocks = results.map(({ timezone, cutoff }) => {
    const days = lastBusinessDays(WINDOW_DAYS[window], now, timezone, cutoff);
    return [timezone, cutoff, days[0]!, days[days.length - 1]!] as const;
  });
  // Without venues, the window's UTC days.
  const utc = lastBusinessDays(WINDOW_DAYS[window], now, 'UTC', 0);
  const firstDay = clocks.reduce((min, c) => (c[2] < min ? c[2] : min), clocks[0]?.[2] ?? utc[0]!);
  const latestToday = clocks.reduce((max, c) => (c[3] > max ? c[3] : max), clocks[0]?.[3] ?? utc[utc.length - 1]!);
  return { json: JSON.stringify(clocks), firstDay, latestToday };
}

/** Rows `r` of venue `v` inside their venue's window (bind the windows' JSON once). */
const IN_WINDOW = `JOIN venues v ON v.id = r.venue_id
  JOIN json_each(?) w ON json_extract(w.value, '$[0]') = v.timezone AND json_extract(w.value, '$[1]') = v.day_cutoff_minutes
  WHERE r.day >= json_extract(w.value, '$[2]')`;

type Totals = { orders: number; revenue_cents: number; ai_orders: number; ai_interactions: number; ai_ordered: number };

/** Sums of the venue-day rows inside each venue's window. */
export async function salesTotals(control: D1Database, windows: VenueWindows): Promise<Totals> {
  const row = await control.prepare(
    `SELECT COALESCE(SUM(r.orders), 0) AS orders, COALESCE(SUM(r.revenue_cents), 0) AS revenue_cents, COALESCE(SUM(r.ai_orders), 0) AS ai_orders,
            COALESCE(SUM(r.ai_interactions), 0) AS ai_interactions, COALESCE(SUM(r.ai_ordered), 0) AS ai_ordered
     FROM venue_day_rollups r ${IN_WINDOW}`,
  ).bind(windows.json).first<Totals>();
  return row ?? { orders: 0, revenue_cents: 0, ai_orders: 0, ai_interactions: 0, ai_ordered: 0 };
}

/** Venues by revenue inside their windows; names and slugs from the control copy of each venue. */
export async function topVenues(control: D1Database, windows: VenueWindows, limit: number): Promise<TopVenue[]> {
  const { results } = await control.prepare(
    `SELECT v.id, v.name, v.slug, SUM(r.orders) AS orders, SUM(r.revenue_cents) AS revenue_cents
     FROM venue_day_rollups r ${IN_WINDOW} GROUP BY v.id HAVING SUM(r.orders) > 0
     ORDER BY revenue_cents DESC, v.name ASC LIMIT ?`,
  ).bind(windows.json, limit).all<{ id: string; name: string; slug: string; orders: number; revenue_cents: number }>();
  return results.map((r) => ({
    id: r.id, name: r.name, slug: r.slug, orders: r.orders, revenue_cents: r.revenue_cents, revenue: centsToDollars(r.revenue_cents),
  }));
}

/** Drinks by quantity sold inside their venues' windows; the same drink name on several venues' menus counts as one drink. */
export async function topDrinks(control: D1Database, windows: VenueWindows, limit: number): Promise<TopDrink[]> {
  const { results } = await control.prepare(
    `SELECT MIN(r.name) AS name, SUM(r.qty) AS qty FROM venue_day_drinks r ${IN_WINDOW}
     GROUP BY r.name_key ORDER BY qty DESC, name ASC LIMIT ?`,
  ).bind(windows.json, limit).all<{ name: string; qty: number }>();
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
 * How fresh the figures are: the oldest computation among the rows of each venue's business day today (each row
 * holds every change to its venue and day made before it was computed, and a venue's hub recomputes its day a few
 * seconds after each change), else the newest computation of any row; null before anything was rolled up.
 */
export async function figuresAsOf(control: D1Database, windows: VenueWindows): Promise<string | null> {
  const row = await control.prepare(
    `SELECT (SELECT MIN(r.computed_at) FROM venue_day_rollups r JOIN venues v ON v.id = r.venue_id
               JOIN json_each(?) w ON json_extract(w.value, '$[0]') = v.timezone AND json_extract(w.value, '$[1]') = v.day_cutoff_minutes
               WHERE r.day = json_extract(w.value, '$[3]')) AS today,
            (SELECT MAX(computed_at) FROM venue_day_rollups) AS newest`,
  ).bind(windows.json).first<{ today: string | null; newest: string | null }>();
  return row?.today ?? row?.newest ?? null;
}

export async function platformOverview(control: D1Database, window: OverviewWindow, now = new Date()): Promise<PlatformOverview> {
  const [windows, week, month] = await Promise.all([venueWindows(control, window, now), venueWindows(control, '7d', now), venueWindows(control, '30d', now)]);
  const [weekTotals, monthTotals, venues, drinks, recent, asOf] = await Promise.all([
    salesTotals(control, week),
    salesTotals(control, month),
    topVenues(control, windows, 10),
    topDrinks(control, windows, 10),
    recentOrders(control, 20),
    figuresAsOf(control, windows),
  ]);
  return {
    window,
    revenue_7d: centsToDollars(weekTotals.revenue_cents),
    revenue_30d: centsToDollars(monthTotals.revenue_cents),
    revenue_7d_cents: weekTotals.revenue_cents,
    revenue_30d_cents: monthTotals.revenue_cents,
    orders_7d: weekTotals.orders,
    orders_30d: monthTotals.orders,
    top_venues: venues,
    top_drinks: drinks,
    recent_orders: recent,
    as_of: asOf,
  };
}

/**
 * One point per business date from the earliest venue window's first to the latest venue's today, zero-filled:
 * each venue's rows inside its own window add to the date they carry, so the points add up to the totals (a
 * window's length, or one more while the venues' zones stand on two dates).
 */
async function dailySeries(control: D1Database, windows: VenueWindows): Promise<DailyPoint[]> {
  const { results } = await control.prepare(
    `SELECT r.day, SUM(r.orders) AS orders, SUM(r.revenue_cents) AS revenue_cents, SUM(r.ai_orders) AS ai_orders
     FROM venue_day_rollups r ${IN_WINDOW} GROUP BY r.day`,
  ).bind(windows.json).all<{ day: string; orders: number; revenue_cents: number; ai_orders: number }>();
  const byDay = new Map(results.map((row) => [row.day, row]));
  const length = Math.round((Date.parse(windows.latestToday) - Date.parse(windows.firstDay)) / 86_400_000) + 1;
  return Array.from({ length }, (_, i) => {
    const date = addDays(windows.firstDay, i);
    const row = byDay.get(date);
    const revenueCents = row?.revenue_cents ?? 0;
    return { date, orders: row?.orders ?? 0, revenue_cents: revenueCents, revenue: centsToDollars(revenueCents), ai_orders: row?.ai_orders ?? 0 };
  });
}

export async function platformAnalytics(control: D1Database, window: AnalyticsWindow, topLimit: number, now = new Date()): Promise<PlatformAnalytics> {
  const windows = await venueWindows(control, window, now);
  const [totals, daily, venues, asOf] = await Promise.all([
    salesTotals(control, windows),
    dailySeries(control, windows),
    topVenues(control, windows, topLimit),
    figuresAsOf(control, windows),
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
