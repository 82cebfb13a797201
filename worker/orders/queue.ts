// The live queue of a venue, which the ETA model reads (docs/decisions/025).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { etaMinutes } from '../../shared/orders';
import { orders } from '../db/schema';
import type { Db } from '../env';
import type { OrderRow } from './serialize';

export type QueueAhead = { orders: number; drinks: number };

/**
 * Orders still to be made (pending or preparing) at a venue, and their drinks; with `before`, only
 * those placed earlier than that order (first in, first out).
 */
export async function queueAhead(db: Db, restaurantId: string, before?: { id: string; createdAt: string }): Promise<QueueAhead> {
  const earlier = before
    ? sql`and (o.created_at < ${before.createdAt} or (o.created_at = ${before.createdAt} and o.id < ${before.id}))`
    : sql``;
  // Read from orders_restaurant_status_idx alone: each order carries its drink count (docs/decisions/098).
  const row = await db.get<{ orders: number | null; drinks: number | null }>(sql`
    select count(*) as orders, coalesce(sum(o.drink_count), 0) as drinks
    from orders o
    where o.restaurant_id = ${restaurantId} and o.status in ('pending', 'preparing') ${earlier}`);
  return { orders: Number(row?.orders ?? 0), drinks: Number(row?.drinks ?? 0) };
}

/**
 * The whole queue of a venue as a query builder, so placement can read it in the same D1 batch as
 * its other reads (one round trip, docs/decisions/084).
 */
export function queueAheadQuery(db: Db, restaurantId: string) {
  return db.select({ orders: sql<number | null>`count(*)`, drinks: sql<number | null>`coalesce(sum(${orders.drinkCount}), 0)` })
    .from(orders)
    .where(and(eq(orders.restaurantId, restaurantId), inArray(orders.status, ['pending', 'preparing'])));
}

export const toQueueAhead = (row: { orders: number | null; drinks: number | null } | undefined): QueueAhead =>
  ({ orders: Number(row?.orders ?? 0), drinks: Number(row?.drinks ?? 0) });

/** The ETA of an existing order as the queue stands now, with its place in the queue. */
export async function liveEta(db: Db, order: OrderRow, ownDrinks: number) {
  if (order.status !== 'pending' && order.status !== 'preparing') {
    return { etaMinutes: etaMinutes(order.status, 0, ownDrinks), position: 0 };
  }
  const ahead = await queueAhead(db, order.restaurantId, order);
  return { etaMinutes: etaMinutes(order.status, ahead.drinks, ownDrinks), position: ahead.orders };
}
