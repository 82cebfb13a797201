// The one definition of each sales figure (docs/decisions/114), read by venue analytics, the live
// dashboard and the platform console alike: an order counts when it was not cancelled and its money
// was not refunded or voided; revenue is the sum of those orders' totals (tax included); the average
// order is revenue / orders. Venue and platform figures can therefore never disagree. A named window
// ("7d") is whole UTC days, the same for both (windowStart, docs/decisions/151).
import type { DayWindow } from '../../shared/schemas/common';

const DAY_MS = 86_400_000;

/** Whole UTC days in each named window of the analytics screens. */
export const WINDOW_DAYS: Record<DayWindow, number> = { '7d': 7, '30d': 30, '90d': 90 };

/** The UTC day (yyyy-mm-dd) of an instant. */
export const utcDay = (at: Date | string) => (typeof at === 'string' ? at : at.toISOString()).slice(0, 10);

/** The UTC day `days` after `day` (before, when negative). */
export const addDays = (day: string, days: number) => utcDay(new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS));

/**
 * Where a named window starts: midnight UTC of the window's first day, so "7d" is today (UTC) and the 6 UTC days
 * before it. The venue's analytics and the platform's views take their windows from here alike, so they agree to
 * the order, and the platform's come whole from per-day rollups (docs/decisions/151).
 */
export const windowStart = (window: DayWindow, now = new Date()) => `${addDays(utcDay(now), 1 - WINDOW_DAYS[window])}T00:00:00.000Z`;

/** SQL condition (orders aliased `o`) for an order that counts as a sale. */
export const COUNTED_ORDER = `o.status <> 'cancelled' AND o.payment_status NOT IN ('refunded', 'void')`;

/** COUNTED_ORDER for an order already read (the archive job sums its day files with it). */
export const isCountedOrder = (order: { status: string; paymentStatus: string }) =>
  order.status !== 'cancelled' && order.paymentStatus !== 'refunded' && order.paymentStatus !== 'void';

export type SalesFigures = { orders: number; revenue_cents: number; avg_order_cents: number; ai_orders: number };

export const averageOrderCents = (revenueCents: number, orders: number) => (orders > 0 ? Math.round(revenueCents / orders) : 0);

/** Orders, revenue, average order and AI-referred orders created in [since, now], for one venue or the platform. */
export async function salesFigures(db: D1Database, scope: { since?: string; venueId?: string }): Promise<SalesFigures> {
  const where = [COUNTED_ORDER];
  const binds: string[] = [];
  if (scope.since) { where.push('o.created_at >= ?'); binds.push(scope.since); }
  if (scope.venueId) { where.push('o.restaurant_id = ?'); binds.push(scope.venueId); }
  const row = await db.prepare(
    `SELECT COUNT(*) AS orders, COALESCE(SUM(o.total_cents), 0) AS revenue_cents,
            COALESCE(SUM(CASE WHEN o.referred_by_ai = 1 THEN 1 ELSE 0 END), 0) AS ai_orders
     FROM orders o WHERE ${where.join(' AND ')}`,
  ).bind(...binds).first<{ orders: number; revenue_cents: number; ai_orders: number }>();
  // Archived orders count through their day sums (docs/decisions/148): whole UTC days inside the window.
  const dayWhere = ['1 = 1'];
  const dayBinds: string[] = [];
  if (scope.since) { dayWhere.push(`a.day || 'T00:00:00.000Z' >= ?`); dayBinds.push(scope.since); }
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
