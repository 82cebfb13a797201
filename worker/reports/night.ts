// The close-of-night report (docs/product.md §11.11, docs/decisions/198): one business day of a venue, from its
// orders, their lines and status changes, and the tab shares paid that day. What counts as a sale is the one
// definition (worker/analytics/sales-figures.ts), so the report's total is the day's revenue in analytics.
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { businessDayBounds, businessDayOf, shiftDay, wallClock } from '../../shared/business-day';
import { shortOrderId } from '../../shared/ids';
import { PAYMENT_METHOD_NAMES } from '../../shared/payment-methods';
import type { NightReport } from '../../shared/schemas/reports';
import { orderEvents, orderItems, orders, menuDrinks, paymentRefunds, tabShares, tableSessions, users } from '../db/schema';
import type { Db } from '../env';
import { isCountedOrder } from '../analytics/sales-figures';
import { inChunks } from '../lib/in-chunks';

type Venue = { id: string; timezone: string; day_cutoff_minutes: number };

/** The business day a report shows when none is named: the last one that is over. */
export const lastFinishedBusinessDay = (venue: Venue, now = new Date()) => shiftDay(businessDayOf(now, venue.timezone, venue.day_cutoff_minutes), -1);

const NOT_HANDLED = 'Not handled';
const AT_THE_BAR = 'Paid at the bar';

function addTo<K>(map: Map<K, { qty: number; sales: number }>, key: K, qty: number, sales: number) {
  const row = map.get(key) ?? { qty: 0, sales: 0 };
  row.qty += qty;
  row.sales += sales;
  map.set(key, row);
}

const bySales = <T extends { sales_cents: number; name: string }>(rows: T[]) =>
  rows.sort((a, b) => b.sales_cents - a.sales_cents || a.name.localeCompare(b.name));

/** `control`: where staff accounts live, to name who handled an order. */
export async function nightReport(db: Db, control: Db, venue: Venue, day: string): Promise<NightReport> {
  const { start, end } = businessDayBounds(day, venue.timezone, venue.day_cutoff_minutes);
  const dayOrders = await db.select().from(orders)
    .where(and(eq(orders.restaurantId, venue.id), gte(orders.createdAt, start), lt(orders.createdAt, end)));
  const ids = dayOrders.map((o) => o.id);
  const lines: (typeof orderItems.$inferSelect)[] = [];
  const events: (typeof orderEvents.$inferSelect)[] = [];
  for (const part of inChunks(ids)) {
    lines.push(...await db.select().from(orderItems).where(inArray(orderItems.orderId, part)));
    events.push(...await db.select().from(orderEvents).where(inArray(orderEvents.orderId, part)));
  }
  const drinkIds = [...new Set(lines.map((l) => l.menuDrinkId).filter((id): id is string => Boolean(id)))];
  const categoryOf = new Map<string, string>();
  for (const part of inChunks(drinkIds)) {
    for (const d of await db.select({ id: menuDrinks.id, category: menuDrinks.category }).from(menuDrinks).where(inArray(menuDrinks.id, part))) categoryOf.set(d.id, d.category);
  }
  const shares = await db.select({ share: tabShares }).from(tabShares)
    .innerJoin(tableSessions, eq(tableSessions.id, tabShares.sessionId))
    .where(and(eq(tableSessions.restaurantId, venue.id), inArray(tabShares.paymentStatus, ['captured', 'refunded']), gte(tabShares.capturedAt, start), lt(tabShares.capturedAt, end)));
  // Refunds are counted on the day they were made, whichever day the payment was taken.
  const cardRefunds = await db.select({ cents: paymentRefunds.amountCents }).from(paymentRefunds)
    .where(and(eq(paymentRefunds.restaurantId, venue.id), gte(paymentRefunds.createdAt, start), lt(paymentRefunds.createdAt, end)));

  // Who handled each order: the staff member of its last status change (events are numbered in order).
  const lastStaffEvent = new Map<string, typeof orderEvents.$inferSelect>();
  const cancelEvent = new Map<string, typeof orderEvents.$inferSelect>();
  for (const event of events.sort((a, b) => a.id - b.id)) {
    if (event.actorType !== 'guest' && event.actorId) lastStaffEvent.set(event.orderId, event);
    if (event.toStatus === 'cancelled') cancelEvent.set(event.orderId, event);
  }
  const staffIds = [...new Set([...lastStaffEvent.values(), ...cancelEvent.values()].map((e) => e.actorId)
    .concat(lines.map((l) => l.voidedBy)).filter((id): id is string => Boolean(id)))];
  const nameOf = new Map<string, string>();
  for (const part of inChunks(staffIds)) {
    for (const u of await control.select({ id: users.id, name: users.displayName, email: users.email }).from(users).where(inArray(users.id, part))) nameOf.set(u.id, u.name || u.email);
  }
  const staffName = (id: string | null | undefined) => (id ? nameOf.get(id) ?? 'Staff' : NOT_HANDLED);

  const counted = dayOrders.filter(isCountedOrder);
  const countedIds = new Set(counted.map((o) => o.id));
  const notCancelled = dayOrders.filter((o) => o.status !== 'cancelled');
  const refunded = notCancelled.filter((o) => !isCountedOrder(o));
  const drinks = new Map<string, { qty: number; sales: number }>();
  const categories = new Map<string, { qty: number; sales: number }>();
  for (const line of lines) {
    if (line.voidedAt || !countedIds.has(line.orderId)) continue;
    addTo(drinks, line.name, line.quantity, line.lineTotalCents);
    addTo(categories, line.isAiCreation ? 'AI creation' : categoryOf.get(line.menuDrinkId ?? '') ?? 'other', line.quantity, line.lineTotalCents);
  }
  const staff = new Map<string, { qty: number; sales: number }>();
  const hours = new Map<number, number>();
  for (const order of counted) {
    addTo(staff, staffName(lastStaffEvent.get(order.id)?.actorId), 1, order.subtotalCents);
    const hour = Math.floor(wallClock(new Date(order.createdAt), venue.timezone).minutes / 60);
    hours.set(hour, (hours.get(hour) ?? 0) + 1);
  }
  const busiest = [...hours.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];

  const methods = new Map<string, { payments: number; amount: number; tips: number }>();
  for (const { share } of shares) {
    const key = share.method ? PAYMENT_METHOD_NAMES[share.method] : 'Other';
    const row = methods.get(key) ?? { payments: 0, amount: 0, tips: 0 };
    row.payments += 1;
    row.amount += share.amountCents + share.tipCents;
    row.tips += share.tipCents;
    methods.set(key, row);
  }
  // A solo order's payment is recorded by the bar with its method (docs/decisions/204); one captured before methods
  // were recorded reads "Paid at the bar". A table's round is paid through its tab's shares.
  for (const order of counted) {
    if (order.tableSessionId || order.paymentStatus !== 'captured') continue;
    const key = order.paymentMethod ? PAYMENT_METHOD_NAMES[order.paymentMethod] : AT_THE_BAR;
    const row = methods.get(key) ?? { payments: 0, amount: 0, tips: 0 };
    row.payments += 1;
    row.amount += order.totalCents;
    methods.set(key, row);
  }

  const gross = notCancelled.reduce((n, o) => n + o.subtotalCents, 0);
  const refundCents = refunded.reduce((n, o) => n + o.subtotalCents, 0);
  const total = counted.reduce((n, o) => n + o.totalCents, 0);
  const tips = shares.reduce((n, { share }) => n + share.tipCents, 0);
  return {
    day,
    timezone: venue.timezone,
    starts_at: start,
    ends_at: end,
    orders: counted.length,
    gross_sales_cents: gross,
    refunds: { orders: refunded.length, cents: refundCents },
    net_sales_cents: gross - refundCents,
    tax_cents: counted.reduce((n, o) => n + o.taxCents, 0),
    total_cents: total,
    average_ticket_cents: counted.length ? Math.round(total / counted.length) : 0,
    busiest_hour: busiest ? busiest[0] : null,
    by_drink: bySales([...drinks].map(([name, r]) => ({ name, qty: r.qty, sales_cents: r.sales }))),
    by_category: bySales([...categories].map(([name, r]) => ({ name, qty: r.qty, sales_cents: r.sales }))),
    by_staff: bySales([...staff].map(([name, r]) => ({ name, orders: r.qty, sales_cents: r.sales }))),
    cancels: dayOrders.filter((o) => o.status === 'cancelled').map((o) => {
      const event = cancelEvent.get(o.id);
      return {
        order_id: o.id, code: shortOrderId(o.id), display_name: o.displayName ?? o.customerName ?? 'Guest', total_cents: o.totalCents,
        reason: event?.reason ?? 'No reason given', by: event?.actorType === 'guest' ? 'Guest' : staffName(event?.actorId), at: event?.createdAt ?? o.updatedAt,
      };
    }).sort((a, b) => a.at.localeCompare(b.at)),
    voids: lines.filter((l) => l.voidedAt).map((l) => ({
      order_id: l.orderId, name: l.name, qty: l.quantity, amount_cents: l.lineTotalCents, reason: l.voidReason ?? 'No reason given', by: staffName(l.voidedBy), at: l.voidedAt!,
    })).sort((a, b) => a.at.localeCompare(b.at)),
    tips_cents: tips,
    payment_methods: [...methods].map(([method, r]) => ({ method, payments: r.payments, amount_cents: r.amount, tips_cents: r.tips }))
      .sort((a, b) => b.amount_cents - a.amount_cents),
    card: {
      refunds: cardRefunds.length,
      refunds_cents: cardRefunds.reduce((n, r) => n + r.cents, 0),
      fees_cents: shares.reduce((n, { share }) => n + share.feeCents, 0),
    },
  };
}
