// Venue analytics (admin /analytics), computed by D1 in SQL: revenue and orders per day, top
// drinks, the weekday × hour heat map and the AI share. What counts as a sale, and the totals, come
// from the one definition the platform console reads too (worker/analytics/sales-figures.ts).
// Days and hours are the venue's local time; the offset is the venue's current UTC offset
// (docs/decisions/055), so a DST change inside the window shifts the older hours by one. The window itself is
// whole UTC days, the platform console's (windowStart, docs/decisions/151).
import { sql } from 'drizzle-orm';
import type { AdminAnalytics, AnalyticsWindow } from '../../shared/schemas/admin';
import type { Db } from '../env';
import { COUNTED_ORDER, salesFigures, windowStart } from '../analytics/sales-figures';
import { getVenueProfile } from './venue-profile';
import { tableAnalytics } from '../tables/analytics';

const DAY_MS = 86_400_000;
const TOP_DRINKS = 10;

/** Minutes to add to UTC to get the zone's wall clock at `at`. */
export function utcOffsetMinutes(timeZone: string, at: Date): number {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(at).map((p) => [p.type, p.value]));
  const wall = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

const localDate = (at: Date, offsetMinutes: number) => new Date(at.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);

export async function venueAnalytics(db: Db, d1: D1Database, venueId: string, window: AnalyticsWindow, now = new Date()): Promise<AdminAnalytics> {
  const venue = await getVenueProfile(db, venueId);
  const since = windowStart(window, now);
  const offset = utcOffsetMinutes(venue.timezone, now);
  const shift = `${offset >= 0 ? '+' : ''}${offset} minutes`;
  const sales = sql`o.restaurant_id = ${venueId} and o.created_at >= ${since} and ${sql.raw(COUNTED_ORDER)}`;

  const [totals, daily, topDrinks, heat, interactions, archivedDays, tables] = await Promise.all([
    salesFigures(d1, { since, venueId }),
    db.all<{ date: string; orders: number; revenue: number }>(sql`
      select strftime('%Y-%m-%d', o.created_at, ${shift}) as date, count(*) as orders, sum(o.total_cents) as revenue
      from orders o where ${sales} group by date order by date`),
    db.all<{ name: string; menu_drink_id: string | null; qty: number; revenue: number }>(sql`
      select min(i.name) as name, i.menu_drink_id as menu_drink_id, sum(i.quantity) as qty, sum(i.line_total_cents) as revenue
      from order_items i join orders o on o.id = i.order_id
      where ${sales} group by coalesce(i.menu_drink_id, 'name:' || i.name) order by qty desc, revenue desc, name limit ${TOP_DRINKS}`),
    db.all<{ weekday: string; hour: string; orders: number }>(sql`
      select strftime('%w', o.created_at, ${shift}) as weekday, strftime('%H', o.created_at, ${shift}) as hour, count(*) as orders
      from orders o where ${sales} group by weekday, hour`),
    db.all<{ n: number }>(sql`select count(*) as n from ai_interactions where restaurant_id = ${venueId} and created_at >= ${since}`),
    // Archived days (docs/decisions/148) are summed per UTC day, the archive's grain.
    db.all<{ date: string; orders: number; revenue: number }>(sql`
      select a.day as date, a.orders as orders, a.revenue_cents as revenue from archived_order_days a
      where a.venue_id = ${venueId} and a.day || 'T00:00:00.000Z' >= ${since}`),
    tableAnalytics(db, venueId, since),
  ]);
  for (const day of archivedDays) {
    const live = daily.find((d) => d.date === day.date);
    if (live) { live.orders = Number(live.orders) + Number(day.orders); live.revenue = Number(live.revenue) + Number(day.revenue); } else daily.push(day);
  }

  const { orders, revenue_cents: revenue, ai_orders: aiOrders } = totals;
  const byDate = new Map(daily.map((d) => [d.date, d]));
  const days: AdminAnalytics['daily'] = [];
  const lastDate = localDate(now, offset);
  for (let t = new Date(since).getTime(); ; t += DAY_MS) {
    const date = localDate(new Date(t), offset);
    const row = byDate.get(date);
    days.push({ date, orders: Number(row?.orders ?? 0), revenue_cents: Number(row?.revenue ?? 0) });
    if (date >= lastDate) break;
  }
  return {
    window,
    since,
    timezone: venue.timezone,
    totals: {
      orders,
      revenue_cents: revenue,
      avg_order_cents: totals.avg_order_cents,
      ai_orders: aiOrders,
      ai_share: orders ? aiOrders / orders : 0,
      ai_interactions: Number(interactions[0]?.n ?? 0),
    },
    daily: days,
    top_drinks: topDrinks.map((d) => ({ name: d.name, menu_drink_id: d.menu_drink_id, qty: Number(d.qty), revenue_cents: Number(d.revenue) })),
    heat: heat.map((h) => ({ weekday: Number(h.weekday), hour: Number(h.hour), orders: Number(h.orders) })),
    tables,
  };
}
