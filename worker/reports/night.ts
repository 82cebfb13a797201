// The close-of-night report (docs/product.md §11.11, docs/decisions/236): one business day of a venue. What
// was sold comes from its orders, their lines and status changes; what was collected from the payments taken that
// day (solo orders paid at the bar, the tab shares paid) and the refunds made that day, as lines that sum to the
// takings by method to the cent; what is still owed from the orders handed over and not paid (open checks).
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { businessDayBounds, businessDayOf, wallClock } from '../../shared/business-day';
import { shortOrderId } from '../../shared/ids';
import { PAYMENT_METHOD_NAMES, type PaymentMethodName } from '../../shared/payment-methods';
import type { CollectedLines, NightReport } from '../../shared/schemas/reports';
import { billOf, mulDivRoundHalfUp, type Bill } from '../../shared/tab-split';
import { orderEvents, orderItems, orders, menuDrinks, paymentRefunds, tabShares, tableSessions, users, venues } from '../db/schema';
import type { Db } from '../env';
import { inChunks } from '../lib/in-chunks';
import { roundsMoney } from '../tables';

type Venue = { id: string; timezone: string; day_cutoff_minutes: number };

/** The business day a report shows when none is named: tonight's, the one holding now (docs/decisions/236). */
export const tonightsBusinessDay = (venue: Venue, now = new Date()) => businessDayOf(now, venue.timezone, venue.day_cutoff_minutes);

const PAID = ['captured', 'refunded'] as const;
const isPaid = (status: string) => (PAID as readonly string[]).includes(status);

/** Handed over or paid, and not cancelled: what the night sold, paid or not. */
const isSold = (order: { status: string; paymentStatus: string }) =>
  order.status !== 'cancelled' && order.paymentStatus !== 'void' && (order.status === 'delivered' || isPaid(order.paymentStatus));

type Collected = Omit<CollectedLines, 'amount_cents'>;
const noMoney = (): Collected => ({ payments: 0, sales_cents: 0, service_charge_cents: 0, tax_cents: 0, tips_cents: 0, refunds_cents: 0 });
const withAmount = (c: Collected): CollectedLines =>
  ({ ...c, amount_cents: c.sales_cents + c.service_charge_cents + c.tax_cents + c.tips_cents - c.refunds_cents });

/**
 * A share's amount is its pre-tax part plus a part of the tab's tax and service charge (shared/tab-split.ts): that
 * rest is split between them in the proportion the tab's bill has them, so the two parts sum to it exactly.
 */
function restOfShare(restCents: number, bill: Bill | undefined) {
  const both = bill ? bill.taxCents + bill.serviceChargeCents : 0;
  const service = bill && both > 0 ? mulDivRoundHalfUp(restCents, bill.serviceChargeCents, both) : 0;
  return { service, tax: restCents - service };
}

const NOT_HANDLED = 'Not handled';
const AT_THE_BAR = 'Paid at the bar';
const OTHER = 'Other';

function addTo<K>(map: Map<K, { qty: number; sales: number }>, key: K, qty: number, sales: number) {
  const row = map.get(key) ?? { qty: 0, sales: 0 };
  row.qty += qty;
  row.sales += sales;
  map.set(key, row);
}

const bySales = <T extends { sales_cents: number; name: string }>(rows: T[]) =>
  rows.sort((a, b) => b.sales_cents - a.sales_cents || a.name.localeCompare(b.name));

/** `control`: where staff accounts live, to name who handled an order. `now` says whether the day is tonight. */
export async function nightReport(db: Db, control: Db, venue: Venue, day: string, now = new Date()): Promise<NightReport> {
  const { start, end } = businessDayBounds(day, venue.timezone, venue.day_cutoff_minutes);
  const tonight = start <= now.toISOString() && now.toISOString() < end;
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
  // The tab shares paid that day, and the refunds made that day with the method of the payment they give back
  // (counted on the day they were made, whichever day the payment was taken).
  const shares = await db.select({ share: tabShares }).from(tabShares)
    .innerJoin(tableSessions, eq(tableSessions.id, tabShares.sessionId))
    .where(and(eq(tableSessions.restaurantId, venue.id), inArray(tabShares.paymentStatus, [...PAID]), gte(tabShares.capturedAt, start), lt(tabShares.capturedAt, end)));
  const shareRefunds = await db.select({ cents: paymentRefunds.amountCents, method: tabShares.method }).from(paymentRefunds)
    .leftJoin(tabShares, eq(tabShares.id, paymentRefunds.shareId))
    // Only what Stripe gave back: a refund it refused, or has not answered yet, gave nothing (docs/payments.md).
    .where(and(eq(paymentRefunds.restaurantId, venue.id), eq(paymentRefunds.status, 'succeeded'), gte(paymentRefunds.createdAt, start), lt(paymentRefunds.createdAt, end)));

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

  // What was sold: by drink, category and staff each sum to the gross.
  const sold = dayOrders.filter(isSold);
  const soldIds = new Set(sold.map((o) => o.id));
  const drinks = new Map<string, { qty: number; sales: number }>();
  const categories = new Map<string, { qty: number; sales: number }>();
  for (const line of lines) {
    if (line.voidedAt || !soldIds.has(line.orderId)) continue;
    addTo(drinks, line.name, line.quantity, line.lineTotalCents);
    addTo(categories, line.isAiCreation ? 'AI creation' : categoryOf.get(line.menuDrinkId ?? '') ?? 'other', line.quantity, line.lineTotalCents);
  }
  const staff = new Map<string, { qty: number; sales: number }>();
  const hours = new Map<number, number>();
  for (const order of sold) {
    addTo(staff, staffName(lastStaffEvent.get(order.id)?.actorId), 1, order.subtotalCents);
    const hour = Math.floor(wallClock(new Date(order.createdAt), venue.timezone).minutes / 60);
    hours.set(hour, (hours.get(hour) ?? 0) + 1);
  }
  const busiest = [...hours.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];

  // The tabs the night touched: those paid into that day, and those with a round handed over and not paid. Each
  // one's bill splits its shares into tax and service charge, and says what an open tab still owes.
  const openRounds = dayOrders.filter((o) => o.tableSessionId && o.status === 'delivered' && !isPaid(o.paymentStatus) && o.paymentStatus !== 'void');
  const tabIds = [...new Set([...shares.map(({ share }) => share.sessionId), ...openRounds.map((o) => o.tableSessionId!)])];
  const bills = new Map<string, Bill>();
  const owedOf = new Map<string, number>();
  const tableOf = new Map<string, string>();
  // Each tab keeps the service charge it opened with (docs/payments.md); tabs from before then read the venue's.
  const rateOf = new Map<string, number | null>();
  if (tabIds.length) {
    const [settings] = await db.select({ serviceChargeBp: venues.serviceChargeBp }).from(venues).where(eq(venues.id, venue.id));
    const rounds: (typeof orders.$inferSelect)[] = [];
    const roundLines: (typeof orderItems.$inferSelect)[] = [];
    const tabShareRows: (typeof tabShares.$inferSelect)[] = [];
    for (const part of inChunks(tabIds)) {
      rounds.push(...await db.select().from(orders).where(inArray(orders.tableSessionId, part)));
      tabShareRows.push(...await db.select().from(tabShares).where(inArray(tabShares.sessionId, part)));
      for (const s of await db.select({ id: tableSessions.id, table: tableSessions.tableNumber, serviceChargeBp: tableSessions.serviceChargeBp }).from(tableSessions).where(inArray(tableSessions.id, part))) {
        tableOf.set(s.id, s.table);
        rateOf.set(s.id, s.serviceChargeBp);
      }
    }
    for (const part of inChunks(rounds.map((r) => r.id))) roundLines.push(...await db.select().from(orderItems).where(inArray(orderItems.orderId, part)));
    for (const tab of tabIds) {
      const rate = rateOf.get(tab) ?? settings?.serviceChargeBp ?? 0;
      const tabRounds = rounds.filter((r) => r.tableSessionId === tab);
      bills.set(tab, billOf(roundsMoney({ rounds: tabRounds, roundLines }), rate));
      // An open check is what was handed over and not paid: a round still being made is not owed yet.
      const handedOver = billOf(roundsMoney({ rounds: tabRounds.filter((r) => r.status === 'delivered'), roundLines }), rate);
      const paid = tabShareRows.filter((s) => s.sessionId === tab && isPaid(s.paymentStatus)).reduce((n, s) => n + s.amountCents, 0);
      owedOf.set(tab, handedOver.totalCents - paid);
    }
  }

  // Open checks: solo orders handed over and not paid, and tabs with a round handed over that still owe.
  const openChecks: NightReport['open_checks']['checks'] = dayOrders
    .filter((o) => !o.tableSessionId && o.status === 'delivered' && !isPaid(o.paymentStatus) && o.paymentStatus !== 'void')
    .map((o) => ({ kind: 'order' as const, id: o.id, name: o.displayName ?? o.customerName ?? 'Guest', at: o.createdAt, amount_cents: o.totalCents }));
  for (const tab of new Set(openRounds.map((o) => o.tableSessionId!))) {
    const owed = owedOf.get(tab) ?? 0;
    if (owed <= 0) continue;
    const first = openRounds.filter((o) => o.tableSessionId === tab).map((o) => o.createdAt).sort()[0]!;
    openChecks.push({ kind: 'tab', id: tab, name: `Table ${tableOf.get(tab) ?? '?'}`, at: first, amount_cents: owed });
  }
  openChecks.sort((a, b) => a.at.localeCompare(b.at));

  // What was collected, by method: the lines of each payment, less the refunds given back that day.
  const methods = new Map<string, Collected>();
  const methodRow = (method: PaymentMethodName | null, fallback: string) => {
    const key = method ? PAYMENT_METHOD_NAMES[method] : fallback;
    const row = methods.get(key) ?? noMoney();
    methods.set(key, row);
    return row;
  };
  for (const { share } of shares) {
    const row = methodRow(share.method, OTHER);
    const { service, tax } = restOfShare(share.amountCents - share.subtotalCents, bills.get(share.sessionId));
    row.payments += 1;
    row.sales_cents += share.subtotalCents;
    row.service_charge_cents += service;
    row.tax_cents += tax;
    row.tips_cents += share.tipCents;
  }
  // A solo order's payment is recorded by the bar with its method (docs/decisions/222); one captured before methods
  // were recorded reads "Paid at the bar". It counts on its order's day. A table's round is paid by its tab's shares.
  let refundCount = shareRefunds.length;
  for (const order of dayOrders) {
    if (order.tableSessionId || order.status === 'cancelled' || !isPaid(order.paymentStatus)) continue;
    const row = methodRow(order.paymentMethod, AT_THE_BAR);
    row.payments += 1;
    row.sales_cents += order.subtotalCents;
    row.tax_cents += order.taxCents;
    if (order.paymentStatus === 'refunded') {
      row.refunds_cents += order.totalCents;
      refundCount += 1;
    }
  }
  for (const refund of shareRefunds) methodRow(refund.method, OTHER).refunds_cents += refund.cents;

  const paymentMethods = [...methods].map(([method, row]) => ({ method, ...withAmount(row) }))
    .sort((a, b) => b.amount_cents - a.amount_cents || a.method.localeCompare(b.method));
  const collected = withAmount(paymentMethods.reduce((sum, m) => ({
    payments: sum.payments + m.payments, sales_cents: sum.sales_cents + m.sales_cents, service_charge_cents: sum.service_charge_cents + m.service_charge_cents,
    tax_cents: sum.tax_cents + m.tax_cents, tips_cents: sum.tips_cents + m.tips_cents, refunds_cents: sum.refunds_cents + m.refunds_cents,
  }), noMoney()));
  const soldTotal = sold.reduce((n, o) => n + o.totalCents, 0);
  return {
    day,
    timezone: venue.timezone,
    starts_at: start,
    ends_at: end,
    tonight,
    until: tonight ? now.toISOString() : end,
    orders: sold.length,
    gross_sales_cents: sold.reduce((n, o) => n + o.subtotalCents, 0),
    average_ticket_cents: sold.length ? Math.round(soldTotal / sold.length) : 0,
    busiest_hour: busiest ? busiest[0] : null,
    by_drink: bySales([...drinks].map(([name, r]) => ({ name, qty: r.qty, sales_cents: r.sales }))),
    by_category: bySales([...categories].map(([name, r]) => ({ name, qty: r.qty, sales_cents: r.sales }))),
    by_staff: bySales([...staff].map(([name, r]) => ({ name, orders: r.qty, sales_cents: r.sales }))),
    open_checks: { count: openChecks.length, amount_cents: openChecks.reduce((n, c) => n + c.amount_cents, 0), checks: openChecks },
    collected,
    payment_methods: paymentMethods,
    refunds: { count: refundCount, cents: collected.refunds_cents },
    card_fees_cents: shares.reduce((n, { share }) => n + share.feeCents, 0),
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
  };
}
