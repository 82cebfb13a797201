// The one definition of each sales figure (docs/decisions/203), read by venue analytics, the live
// dashboard and the platform console alike: an order counts when it was not cancelled and its money
// was not refunded or voided; revenue is the sum of those orders' totals (tax included); the average
// order is revenue / orders. Venue and platform figures can therefore never disagree. A named window
// ("7d") is the venue's last N business days, in its zone from its day cut-off (shared/business-day.ts,
// docs/decisions/225), and the platform sums each venue's own (docs/decisions/203); the caller passes where the
// window starts. The definitions are in sales-definition.ts (free of Worker types, for the seed script) and
// re-exported here with the totals query.
import { averageOrderCents, COUNTED_ORDER } from './sales-definition';

export { addDays, averageOrderCents, COUNTED_ORDER, isCountedOrder, utcDay, windowStart, WINDOW_DAYS } from './sales-definition';

export type SalesFigures = { orders: number; revenue_cents: number; avg_order_cents: number; ai_orders: number };

/**
 * Orders, revenue, average order and AI-referred orders created in [since, now], for one venue or the platform.
 * Archived days count from `firstDay` when given (a window of business days counts the archived UTC day of each of
 * its dates, docs/decisions/203), else the whole UTC days from `since`.
 */
export async function salesFigures(db: D1Database, scope: { since?: string; venueId?: string; firstDay?: string }): Promise<SalesFigures> {
  const where = [COUNTED_ORDER];
  const binds: string[] = [];
  if (scope.since) { where.push('o.created_at >= ?'); binds.push(scope.since); }
  if (scope.venueId) { where.push('o.restaurant_id = ?'); binds.push(scope.venueId); }
  const row = await db.prepare(
    `SELECT COUNT(*) AS orders, COALESCE(SUM(o.total_cents), 0) AS revenue_cents,
            COALESCE(SUM(CASE WHEN o.referred_by_ai = 1 THEN 1 ELSE 0 END), 0) AS ai_orders
     FROM orders o WHERE ${where.join(' AND ')}`,
  ).bind(...binds).first<{ orders: number; revenue_cents: number; ai_orders: number }>();
  // Archived orders count through their day sums (docs/decisions/149): whole UTC days inside the window.
  const dayWhere = ['1 = 1'];
  const dayBinds: string[] = [];
  if (scope.firstDay) { dayWhere.push('a.day >= ?'); dayBinds.push(scope.firstDay); } else if (scope.since) { dayWhere.push(`a.day || 'T00:00:00.000Z' >= ?`); dayBinds.push(scope.since); }
  if (scope.venueId) { dayWhere.push('a.venue_id = ?'); dayBinds.push(scope.venueId); }
  const archived = await db.prepare(
    `SELECT COALESCE(SUM(a.orders), 0) AS orders, COALESCE(SUM(a.revenue_cents), 0) AS revenue_cents,
            COALESCE(SUM(a.ai_orders), 0) AS ai_orders
     FROM archived_order_days a WHERE ${dayWhere.join(' AND ')}`,
  ).bind(...dayBinds).first<{ orders: number; revenue_cents: number; ai_orders: number }>();
  const orders = (row?.orders ?? 0) + (archived?.orders ?? 0);
  const revenue = (row?.revenue_cents ?? 0) + (archived?.revenue_cents ?? 0);
  return { orders, revenue_cents: revenue, avg_order_cents: averageOrderCents(revenue, orders), ai_orders: (row?.ai_orders ?? 0) + (archived?.ai_orders ?? 0) };
}
