// The one definition of a sale and of a named window (docs/decisions/203), free of Worker types so the seed
// script (scripts/seed.ts) reads it too. worker/analytics/sales-figures.ts re-exports it beside the totals query:
// import it from there in the Worker.
import type { DayWindow } from '../../shared/schemas/common';

const DAY_MS = 86_400_000;

/** How many days each named window of the analytics screens holds (business days, docs/decisions/225). */
export const WINDOW_DAYS: Record<DayWindow, number> = { '7d': 7, '30d': 30, '90d': 90 };

/** The UTC day (yyyy-mm-dd) of an instant. */
export const utcDay = (at: Date | string) => (typeof at === 'string' ? at : at.toISOString()).slice(0, 10);

/** The UTC day `days` after `day` (before, when negative). */
export const addDays = (day: string, days: number) => utcDay(new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS));

/**
 * Midnight UTC of a named window's first UTC day. Only housekeeping reads it now (which rollup rows are old enough
 * to drop): the analytics screens' windows are each venue's business days (shared/business-day.ts,
 * docs/decisions/225), and the platform sums each venue's rows inside its own window (docs/decisions/203).
 */
export const windowStart = (window: DayWindow, now = new Date()) => `${addDays(utcDay(now), 1 - WINDOW_DAYS[window])}T00:00:00.000Z`;

/** SQL condition (orders aliased `o`) for an order that counts as a sale. */
export const COUNTED_ORDER = `o.status <> 'cancelled' AND o.payment_status NOT IN ('refunded', 'void')`;

/** COUNTED_ORDER for an order already read (the archive job sums its day files with it). */
export const isCountedOrder = (order: { status: string; paymentStatus: string }) =>
  order.status !== 'cancelled' && order.paymentStatus !== 'refunded' && order.paymentStatus !== 'void';

/** Revenue / orders in whole cents; 0 without orders. */
export const averageOrderCents = (revenueCents: number, orders: number) => (orders > 0 ? Math.round(revenueCents / orders) : 0);
