// The orders CSV (docs/product.md §11.8): a venue's orders over whole business days, each with its business day
// and local time, so a spreadsheet sums the same days analytics and the close-of-night report show.
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { businessDayBounds, businessDayOf, lastBusinessDays, shiftDay, wallClock } from '../../shared/business-day';
import { shortOrderId } from '../../shared/ids';
import { orders } from '../db/schema';
import type { Db } from '../env';
import { itemsByOrder } from '../orders';
import { centsToText } from './csv';

export const ORDER_COLUMNS = ['code', 'business_day', 'local_time', 'status', 'payment_status', 'guest', 'table', 'items', 'subtotal', 'tax', 'total'];

/** At most this many orders in one file: a longer range is asked for in parts. */
export const ORDERS_EXPORT_MAX = 20_000;

type Venue = { id: string; timezone: string; day_cutoff_minutes: number };

/** The days asked for: both named, `from` to today, the 7 days ending `to`, or the last 7 business days. */
export function exportRange(venue: Venue, from: string | undefined, to: string | undefined, now = new Date()) {
  const today = businessDayOf(now, venue.timezone, venue.day_cutoff_minutes);
  const last = to ?? (from ? today : lastBusinessDays(7, now, venue.timezone, venue.day_cutoff_minutes)[6]!);
  return { from: from ?? shiftDay(last, -6), to: last };
}

export async function ordersCsvRows(db: Db, venue: Venue, from: string, to: string) {
  const start = businessDayBounds(from, venue.timezone, venue.day_cutoff_minutes).start;
  const end = businessDayBounds(to, venue.timezone, venue.day_cutoff_minutes).end;
  const rows = await db.select().from(orders)
    .where(and(eq(orders.restaurantId, venue.id), gte(orders.createdAt, start), lt(orders.createdAt, end)))
    .orderBy(asc(orders.createdAt), asc(orders.id)).limit(ORDERS_EXPORT_MAX);
  const items = await itemsByOrder(db, rows.map((r) => r.id));
  return rows.map((o) => {
    const clock = wallClock(new Date(o.createdAt), venue.timezone);
    const time = `${clock.date} ${String(Math.floor(clock.minutes / 60)).padStart(2, '0')}:${String(clock.minutes % 60).padStart(2, '0')}`;
    const lines = (items.get(o.id) ?? []).filter((i) => !i.voidedAt).sort((a, b) => a.position - b.position).map((i) => `${i.quantity} × ${i.name}`).join('; ');
    return [
      shortOrderId(o.id), businessDayOf(o.createdAt, venue.timezone, venue.day_cutoff_minutes), time, o.status, o.paymentStatus,
      o.customerName ?? o.displayName ?? '', o.tableNumber ?? '', lines, centsToText(o.subtotalCents), centsToText(o.taxCents), centsToText(o.totalCents),
    ];
  });
}
