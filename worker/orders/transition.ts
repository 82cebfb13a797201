// Status changes by staff and admins. Runs inside the venue's Durable Object, which then pushes
// the change to live sockets. The rules themselves are the pure transitionOrder (shared/orders.ts).
import { and, eq } from 'drizzle-orm';
import { newId } from '../../shared/ids';
import { transitionOrder, type OrderStatus } from '../../shared/orders';
import type { Order } from '../../shared/schemas/order';
import { orderItems, orders } from '../db/schema';
import type { Db } from '../env';
import { refuse, type Refusal } from './placement';
import { liveEta } from './queue';
import { toOrder } from './serialize';
import { deductRecipeForOrder, restoreRecipeForOrder } from '../inventory';

export type StatusChangeRequest = {
  venueId: string;
  orderId: string;
  to: OrderStatus;
  actor: { type: string; id: string };
};

export type StatusChangeOutcome =
  | { ok: true; from: OrderStatus; to: OrderStatus; at: string; order: Order; ownerKey: string }
  | Refusal;

export async function changeOrderStatus(db: Db, d1: D1Database, req: StatusChangeRequest): Promise<StatusChangeOutcome> {
  // Scoped to the venue: another venue's order id is simply not found.
  const row = await db.query.orders.findFirst({ where: and(eq(orders.id, req.orderId), eq(orders.restaurantId, req.venueId)) });
  if (!row) return refuse(404, 'not_found', 'Order not found');
  const at = new Date().toISOString();
  const result = transitionOrder({ status: row.status, paymentStatus: row.paymentStatus, deliveredAt: row.deliveredAt }, req.to, at);
  if (!result.ok) return refuse(409, 'illegal_transition', result.reason, { from: row.status, to: req.to });
  const { next } = result;

  // The event is written only if the order is still in the state we read, and in the same D1
  // transaction as the update, so two racing changes cannot both be recorded.
  const [, update] = await d1.batch([
    d1.prepare(
      `insert into order_events (id, order_id, restaurant_id, from_status, to_status, actor_type, actor_id, created_at)
       select ?, ?, ?, ?, ?, ?, ?, ? where exists (select 1 from orders where id = ? and status = ?)`,
    ).bind(newId(), row.id, row.restaurantId, row.status, next.status, req.actor.type, req.actor.id, at, row.id, row.status),
    d1.prepare(
      `update orders set status = ?, payment_status = ?, delivered_at = ?, updated_at = ? where id = ? and status = ?`,
    ).bind(next.status, next.paymentStatus, next.deliveredAt, at, row.id, row.status),
  ]);
  if (!update?.meta.changes) return refuse(409, 'conflict', 'The order changed meanwhile; reload and try again');
  await pourRecipes(db, row.id, next.status, req.actor.id);

  const updated = { ...row, status: next.status, paymentStatus: next.paymentStatus, deliveredAt: next.deliveredAt, updatedAt: at };
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, row.id));
  const eta = await liveEta(db, updated, items.reduce((n, i) => n + i.quantity, 0));
  return { ok: true, from: row.status, to: next.status, at, order: toOrder(updated, items, eta.etaMinutes), ownerKey: row.ownerKey };
}

/**
 * The bar starts making the drinks: their recipes leave inventory once (docs/decisions/062). Also
 * when a bartender skips 'preparing' and goes straight to ready or delivered. The status change is
 * already stored; a failed stock movement must not undo it, so it is logged instead.
 */
async function pourRecipes(db: Db, orderId: string, to: OrderStatus, actorId: string) {
  try {
    // A cancelled order that was already poured gives its stock back, with movements saying why (docs/decisions/102).
    if (to === 'cancelled') await restoreRecipeForOrder(db, orderId, { actorUserId: actorId });
    else if (to === 'preparing' || to === 'ready' || to === 'delivered') await deductRecipeForOrder(db, orderId, { actorUserId: actorId });
  } catch (err) {
    console.error('stock movement for the status change failed', orderId, to, err);
  }
}
