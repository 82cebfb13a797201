// Venue analytics (admin /analytics), computed by D1 in SQL: revenue and orders per business day, top
// drinks, the weekday × hour heat map and the AI share. What counts as a sale, and the totals, come
// from the one definition the platform console reads too (worker/analytics/sales-figures.ts).
// The window is whole business days in the venue's time zone from its day cut-off (docs/decisions/225): "7d" is
// today's business day and the 6 before it, each bucket one of them. Hours of the heat map are the venue's local
// time at its current UTC offset (docs/decisions/203).
import { sql } from 'drizzle-orm';
import type { AdminAnalytics, AnalyticsWindow } from '../../shared/schemas/admin';
import { businessDayBounds, lastBusinessDays, utcOffsetMinutes } from '../../shared/business-day';
import type { Db } from '../env';
import { COUNTED_ORDER, salesFigures, WINDOW_DAYS } from './sales-figures';
import { getVenueProfile } from '../venues';
import { paymentAnalytics } from '../payments';
import { tableAnalytics } from '../tables';

const TOP_DRINKS = 10;

export { utcOffsetMinutes };

/** The business days of a named window and where each starts (the last entry: where the window ends). */
export function businessWindow(window: AnalyticsWindow, timeZone: string, cutoffMinutes: number, now = new Date()) {
  const days = lastBusinessDays(WINDOW_DAYS[window], now, timeZone, cutoffMinutes);
  const starts = days.map((day) => businessDayBounds(day, timeZone, cutoffMinutes).start);
  return { days, starts, since: starts[0]!, until: businessDayBounds(days[days.length - 1]!, timeZone, cutoffMinutes).end };
}

export async function venueAnalytics(db: Db, d1: D1Database, venueId: string, window: AnalyticsWindow, now = new Date()): Promise<AdminAnalytics> {
  const venue = await getVenueProfile(db, venueId);
  const { days: businessDays, starts, since } = businessWindow(window, venue.timezone, venue.day_cutoff_minutes, now);
  const offset = utcOffsetMinutes(venue.timezone, now);
  const shift = `${offset >= 0 ? '+' : ''}${offset} minutes`;
  const sales = sql`o.restaurant_id = ${venueId} and o.created_at >= ${since} and ${sql.raw(COUNTED_ORDER)}`;

  const [totals, daily, topDrinks, heat, interactions, archivedDays, tables, payments] = await Promise.all([
    salesFigures(d1, { since, venueId, firstDay: businessDays[0] }),
    // Each order's business day: the number of day starts at or before it (a DST change moves a start, not a bucket).
    db.all<{ bucket: number; orders: number; revenue: number }>(sql`
      select (select count(*) from json_each(${JSON.stringify(starts)}) d where d.value <= o.created_at) - 1 as bucket,
        count(*) as orders, sum(o.total_cents) as revenue
      from orders o where ${sales} group by bucket`),
    db.all<{ name: string; menu_drink_id: string | null; qty: number; revenue: number }>(sql`
      select min(i.name) as name, i.menu_drink_id as menu_drink_id, sum(i.quantity) as qty, sum(i.line_total_cents) as revenue
      from order_items i join orders o on o.id = i.order_id
      where ${sales} group by coalesce(i.menu_drink_id, 'name:' || i.name) order by qty desc, revenue desc, name limit ${TOP_DRINKS}`),
    db.all<{ weekday: string; hour: string; orders: number }>(sql`
      select strftime('%w', o.created_at, ${shift}) as weekday, strftime('%H', o.created_at, ${shift}) as hour, count(*) as orders
      from orders o where ${sales} group by weekday, hour`),
    db.all<{ n: number }>(sql`select count(*) as n from ai_interactions where restaurant_id = ${venueId} and created_at >= ${since}`),
    // Archived days (docs/decisions/149) are summed per UTC day, the archive's grain: each counts in the window's
    // business day of the same date (docs/decisions/203).
    db.all<{ date: string; orders: number; revenue: number }>(sql`
      select a.day as date, a.orders as orders, a.revenue_cents as revenue from archived_order_days a
      where a.venue_id = ${venueId} and a.day >= ${businessDays[0]}`),
    tableAnalytics(db, venueId, since),
    paymentAnalytics(db, venueId, since),
  ]);
  const byDate = new Map(daily.map((d) => [businessDays[Number(d.bucket)]!, { orders: Number(d.orders), revenue: Number(d.revenue) }]));
  // An archived UTC day counts in the business day of the same date.
  for (const day of archivedDays) {
    const live = byDate.get(day.date);
    if (live) { live.orders += Number(day.orders); live.revenue += Number(day.revenue); } else byDate.set(day.date, { orders: Number(day.orders), revenue: Number(day.revenue) });
  }

  const { orders, revenue_cents: revenue, ai_orders: aiOrders } = totals;
  const days: AdminAnalytics['daily'] = businessDays.map((date) => ({
    date, orders: byDate.get(date)?.orders ?? 0, revenue_cents: byDate.get(date)?.revenue ?? 0,
  }));
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
    payments,
  };
}
