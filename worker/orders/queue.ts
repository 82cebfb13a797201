// The live queue of a venue and the pace of its bar, which the ETA model reads (docs/decisions/180).
import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { ETA_PACE_WINDOW_MINUTES, etaMinutes, remainingEtaMinutes } from '../../shared/orders';
import type { Order } from '../../shared/schemas/order';
import { orders } from '../db/schema';
import type { Db } from '../env';
import type { OrderRow } from './serialize';

/** `made`: the drinks the venue finished in the last ETA_PACE_WINDOW_MINUTES, its pace. */
export type QueueAhead = { orders: number; drinks: number; made: number };

/** Where the pace window starts. */
export const paceSince = (now = Date.now()) => new Date(now - ETA_PACE_WINDOW_MINUTES * 60_000).toISOString();

/** The drinks a venue finished making since `since` (orders_restaurant_made_idx alone), as a scalar subquery. */
export const drinksMadeSql = (restaurantId: string, since: string) =>
  sql<number>`(select coalesce(sum(${orders.drinkCount}), 0) from ${orders} where ${orders.restaurantId} = ${restaurantId} and ${orders.madeAt} is not null and ${orders.madeAt} >= ${since})`;

/** The venue's pace: drinks finished in the last ETA_PACE_WINDOW_MINUTES. */
export async function drinksMade(db: Db, restaurantId: string, now = Date.now()): Promise<number> {
  const [row] = await db.select({ made: sql<number | null>`coalesce(sum(${orders.drinkCount}), 0)` }).from(orders)
    .where(and(eq(orders.restaurantId, restaurantId), isNotNull(orders.madeAt), gte(orders.madeAt, paceSince(now))));
  return Number(row?.made ?? 0);
}

/**
 * Orders still to be made (pending or preparing) at a venue, and their drinks; with `before`, only
 * those placed earlier than that order (first in, first out).
 */
export async function queueAhead(db: Db, restaurantId: string, before?: { id: string; createdAt: string }, now = Date.now()): Promise<QueueAhead> {
  const earlier = before
    ? sql`and (o.created_at < ${before.createdAt} or (o.created_at = ${before.createdAt} and o.id < ${before.id}))`
    : sql``;
  // Read from orders_restaurant_status_idx alone: each order carries its drink count (docs/decisions/157).
  const row = await db.get<{ orders: number | null; drinks: number | null; made: number | null }>(sql`
    select count(*) as orders, coalesce(sum(o.drink_count), 0) as drinks, ${drinksMadeSql(restaurantId, paceSince(now))} as made
    from orders o
    where o.restaurant_id = ${restaurantId} and o.status in ('pending', 'preparing') ${earlier}`);
  return toQueueAhead(row);
}

/**
 * The whole queue of a venue as a query builder, so placement can read it in the same D1 batch as
 * its other reads (one round trip, docs/decisions/157).
 */
export function queueAheadQuery(db: Db, restaurantId: string, now = Date.now()) {
  return db.select({
    orders: sql<number | null>`count(*)`, drinks: sql<number | null>`coalesce(sum(${orders.drinkCount}), 0)`,
    made: drinksMadeSql(restaurantId, paceSince(now)).mapWith(Number),
  })
    .from(orders)
    .where(and(eq(orders.restaurantId, restaurantId), inArray(orders.status, ['pending', 'preparing'])));
}

export const toQueueAhead = (row: { orders: number | null; drinks: number | null; made: number | null } | undefined): QueueAhead =>
  ({ orders: Number(row?.orders ?? 0), drinks: Number(row?.drinks ?? 0), made: Number(row?.made ?? 0) });

/** Where an order's countdown starts: its placement, or when the bar started making it (docs/decisions/180). */
const etaSince = (order: { status: string; createdAt: string; updatedAt: string }) => (order.status === 'preparing' ? order.updatedAt : order.createdAt);

/** The minutes left of an existing order as the queue stands now, with its place in the queue. */
export async function liveEta(db: Db, order: OrderRow, ownDrinks: number, now = Date.now()) {
  if (order.status !== 'pending' && order.status !== 'preparing') {
    return { etaMinutes: etaMinutes(order.status, 0, ownDrinks), position: 0 };
  }
  const ahead = await queueAhead(db, order.restaurantId, order, now);
  return { etaMinutes: remainingEtaMinutes(order.status, ahead.drinks, ownDrinks, etaSince(order), now, ahead.made), position: ahead.orders };
}

/**
 * Staff lists: every order's minutes left from one read of the venue's queue (the index holds each
 * order's drink count, docs/decisions/157), instead of the estimate stored at placement.
 */
export async function withQueueEtas(db: Db, venueId: string, list: Order[], now = Date.now()): Promise<Order[]> {
  if (!list.some((o) => o.status === 'pending' || o.status === 'preparing' || o.status === 'ready')) return list;
  const [queue, made] = await Promise.all([
    db.select({ id: orders.id, createdAt: orders.createdAt, drinks: orders.drinkCount }).from(orders)
      .where(and(eq(orders.restaurantId, venueId), inArray(orders.status, ['pending', 'preparing'])))
      .orderBy(orders.createdAt, orders.id),
    drinksMade(db, venueId, now),
  ]);
  const ahead = new Map<string, number>();
  let drinks = 0;
  for (const row of queue) {
    ahead.set(row.id, drinks);
    drinks += row.drinks;
  }
  return list.map((o) => {
    if (o.status === 'ready') return { ...o, eta_minutes: 0 };
    if (o.status !== 'pending' && o.status !== 'preparing') return o;
    const own = o.items.reduce((n, i) => n + i.quantity, 0);
    const since = etaSince({ status: o.status, createdAt: o.created_at, updatedAt: o.updated_at });
    return { ...o, eta_minutes: remainingEtaMinutes(o.status, ahead.get(o.id) ?? 0, own, since, now, made) };
  });
}
