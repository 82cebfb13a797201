// Status changes by staff and admins. Runs inside the venue's Durable Object, which then pushes
// the change to live sockets. The rules themselves are the pure transitionOrder (shared/orders.ts).
import type { BarPaymentMethod } from '../../shared/payment-methods';
import { and, desc, eq, ne } from 'drizzle-orm';
import { RECALL_WINDOW_MS, recallOrder, transitionOrder, type OrderState, type OrderStatus, type PaymentStatus, type TransitionResult } from '../../shared/orders';
import type { Order, OrderPaymentProblem } from '../../shared/schemas/order';
import { orderEvents, orderItems, orders, tabShares, tableSessions } from '../db/schema';
import type { Db } from '../env';
import { refuseWith, type Refusal } from './placement';
import { liveEta } from './queue';
import { toOrder } from './serialize';
import { liveChangeStatement, recordedSeq } from '../live';
import { deductRecipeForOrder, orderShortfalls, pourAgainAfterUndo, restoreRecipeForOrder, type PourCause } from '../inventory';

/** The steps that pour a ticket's recipes (docs/decisions/233). */
const POURING: ReadonlySet<OrderStatus> = new Set(['preparing', 'ready', 'delivered']);

export type StatusChangeRequest = {
  venueId: string;
  orderId: string;
  to: OrderStatus;
  actor: { type: string; id: string };
  /** Why (a cancellation's reason), kept on the order_events row. */
  reason?: string;
  /** The bartender confirmed starting a ticket the stock cannot cover (docs/decisions/233). */
  allowShort?: boolean;
};

export type RecallRequest = Omit<StatusChangeRequest, 'to' | 'reason' | 'allowShort'>;

export type StatusChangeOutcome =
  /** `seq`: the number of its order_updated event in the venue's live log (docs/decisions/154). */
  | { ok: true; from: OrderStatus; to: OrderStatus; at: string; order: Order; ownerKey: string; menuChanged: boolean; seq: number }
  | Refusal;

/** `liveBase`: the last live-log number the venue's hub knows (worker/live/live-log.ts). */
export async function changeOrderStatus(db: Db, d1: D1Database, req: StatusChangeRequest, liveBase: number): Promise<StatusChangeOutcome> {
  return applyChange(db, d1, req, liveBase, async (current, at) => transitionOrder(current, req.to, at));
}

/**
 * "Undo" on the bar display: a delivered or cancelled ticket goes back to the status it had before
 * that bump, only within RECALL_WINDOW_MS of it (docs/decisions/234). The bump is the order's latest event.
 */
export async function recallOrderStatus(db: Db, d1: D1Database, req: RecallRequest, liveBase: number): Promise<StatusChangeOutcome> {
  return applyChange(db, d1, { ...req, to: 'pending' }, liveBase, async (current, at) => {
    const bump = await db.query.orderEvents.findFirst({
      where: and(eq(orderEvents.orderId, req.orderId), eq(orderEvents.toStatus, current.status)),
      orderBy: [desc(orderEvents.id)],
    });
    if (!bump?.fromStatus) return { ok: false, refusal: 'illegal_transition.recall' };
    return recallOrder(current, { from: bump.fromStatus as OrderStatus, at: bump.createdAt }, at);
  });
}

async function applyChange(
  db: Db, d1: D1Database, req: StatusChangeRequest, liveBase: number,
  decide: (current: OrderState, at: string) => Promise<TransitionResult>,
): Promise<StatusChangeOutcome> {
  // Scoped to the venue: another venue's order id is simply not found.
  const row = await db.query.orders.findFirst({ where: and(eq(orders.id, req.orderId), eq(orders.restaurantId, req.venueId)) });
  if (!row) return refuseWith(404, 'not_found.order');
  const at = new Date().toISOString();
  const result = await decide({ status: row.status, paymentStatus: row.paymentStatus, deliveredAt: row.deliveredAt }, at);
  if (!result.ok) return lifecycleRefusal(result.refusal, row.status, req.to);
  if (row.tableSessionId && (result.next.status === 'cancelled') !== (row.status === 'cancelled')) {
    const held = await roundMoneyHeld(db, row.tableSessionId);
    if (held) return refuseWith(409, held.id, { table: held.table, from: row.status, to: result.next.status });
  }
  // A table's round is paid with its tab, not when it is handed over (docs/product.md §12.5).
  const next = row.tableSessionId && result.next.status === 'delivered' ? { ...result.next, paymentStatus: row.paymentStatus } : result.next;
  // A ticket whose pour the stock cannot cover is started only once the bartender has seen what is short
  // (docs/decisions/233); the pour itself still floors at 0.
  if (!req.allowShort && !row.stockDeductedAt && row.status === 'pending' && POURING.has(next.status)) {
    const short = await orderShortfalls(db, row.id, req.venueId);
    if (short.length > 0) return refuseWith(409, 'stock_short', { ingredients: short.map((s) => s.ingredient).join(', '), short: short.map((s) => s.text) });
  }
  const madeAt = madeAtAfter(row, next.status, at);

  // The events (the order's and the venue's live one) are written only if the order is still in the state we
  // read, and in the same D1 transaction as the update, so two racing changes cannot both be recorded.
  let event: D1Result | undefined;
  let live: D1Result | undefined;
  let update: D1Result | undefined;
  try {
    [event, live, update] = await d1.batch([
      d1.prepare(
        `insert into order_events (order_id, from_status, to_status, actor_type, actor_id, reason, created_at)
         select ?, ?, ?, ?, ?, ?, ? where exists (select 1 from orders where id = ? and status = ?) returning id`,
      ).bind(row.id, row.status, next.status, req.actor.type, req.actor.id, req.reason ?? null, at, row.id, row.status),
      liveChangeStatement(d1, { venueId: req.venueId, orderId: row.id, from: row.status, to: next.status, at }, liveBase),
      d1.prepare(
        `update orders set status = ?, payment_status = ?, delivered_at = ?, made_at = ?, updated_at = ? where id = ? and status = ?`,
      ).bind(next.status, next.paymentStatus, next.deliveredAt, madeAt, at, row.id, row.status),
    ]);
  } catch (err) {
    // A recalled ticket becomes active again; the guest may have placed their next order meanwhile.
    if (String(err).includes('orders_one_active_uq') || String(err).includes('UNIQUE')) {
      return refuseWith(409, 'active_order_exists.recall', { from: row.status, to: next.status });
    }
    throw err;
  }
  if (!update?.meta.changes) return refuseWith(409, 'conflict.order_changed');
  const eventId = (event!.results[0] as { id: number }).id;
  const seq = recordedSeq(live!.results)!;
  const menuChanged = await pourRecipes(db, row.id, row.status, next.status, { eventId, at });

  const updated = { ...row, status: next.status, paymentStatus: next.paymentStatus, deliveredAt: next.deliveredAt, madeAt, updatedAt: at };
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, row.id));
  const eta = await liveEta(db, updated, items.reduce((n, i) => n + i.quantity, 0));
  return { ok: true, from: row.status, to: next.status, at, order: toOrder(updated, items, eta.etaMinutes), ownerKey: row.ownerKey, menuChanged, seq };
}

/** A lifecycle rule's refusal (shared/orders.ts) with its data: the status the order has, and the one asked. */
function lifecycleRefusal(id: Extract<TransitionResult, { ok: false }>['refusal'], from: OrderStatus, to: OrderStatus): Refusal {
  if (id === 'illegal_transition.recall_window') return refuseWith(409, id, { from, seconds: RECALL_WINDOW_MS / 1000 });
  if (id === 'illegal_transition.recall') return refuseWith(409, id, { from });
  return refuseWith(409, id, { from, to });
}

/**
 * Why a table's round may not be cancelled (or its cancel undone) now, or null: its money is already in the tab's
 * shares or settled with the tab, and a cancel would leave the tab owing less than was paid (docs/payments.md).
 */
async function roundMoneyHeld(db: Db, sessionId: string): Promise<{ id: 'round_on_settled_tab' | 'round_on_settled_tab.split'; table: string } | null> {
  const [session] = await db.select({ status: tableSessions.status, table: tableSessions.tableNumber }).from(tableSessions).where(eq(tableSessions.id, sessionId)).limit(1);
  if (!session) return null;
  if (session.status !== 'open' && session.status !== 'billing') {
    return { id: 'round_on_settled_tab', table: session.table };
  }
  const [share] = await db.select({ id: tabShares.id }).from(tabShares).where(and(eq(tabShares.sessionId, sessionId), ne(tabShares.paymentStatus, 'void'))).limit(1);
  return share ? { id: 'round_on_settled_tab.split', table: session.table } : null;
}

export type PaymentRequest = Omit<StatusChangeRequest, 'to' | 'reason'> & { method: BarPaymentMethod };

/**
 * A bartender records that a delivered solo order was paid at the bar, in cash or on the card terminal
 * (docs/decisions/222): `unpaid` → `captured`, the status stays `delivered`. A table's round is paid by its tab's
 * shares instead (docs/product.md §12.5). The live event goes out as delivered → delivered, so every bar display
 * and the guest's screen show the order paid.
 */
export async function recordOrderPayment(db: Db, d1: D1Database, req: PaymentRequest, liveBase: number): Promise<StatusChangeOutcome> {
  const row = await db.query.orders.findFirst({ where: and(eq(orders.id, req.orderId), eq(orders.restaurantId, req.venueId)) });
  if (!row) return refuseWith(404, 'not_found.order');
  if (row.tableSessionId) return refuseWith(409, 'paid_with_tab');
  if (row.paymentStatus === 'captured') return refuseWith(409, 'already_paid');
  if (row.status !== 'delivered' || row.paymentStatus !== 'unpaid') {
    return refuseWith(409, 'not_delivered', { status: row.status });
  }
  const at = new Date().toISOString();
  const [live, update] = await d1.batch([
    liveChangeStatement(d1, { venueId: req.venueId, orderId: row.id, from: 'delivered', to: 'delivered', at }, liveBase),
    d1.prepare(
      `update orders set payment_status = 'captured', payment_method = ?, updated_at = ?
       where id = ? and status = 'delivered' and payment_status = 'unpaid'`,
    ).bind(req.method, at, row.id),
  ]);
  if (!update?.meta.changes) return refuseWith(409, 'conflict.order_changed');
  const seq = recordedSeq(live!.results)!;
  const updated = { ...row, paymentStatus: 'captured' as const, paymentMethod: req.method, updatedAt: at };
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, row.id));
  return { ok: true, from: 'delivered', to: 'delivered', at, order: toOrder(updated, items, null), ownerKey: row.ownerKey, menuChanged: false, seq };
}

/**
 * When the bar finished making an order, which its pace is read from (docs/decisions/180): the first time it is
 * ready or handed over; an Undo back to the queue takes it away again; a cancel keeps it (the drinks were made).
 */
function madeAtAfter(row: { madeAt: string | null }, to: OrderStatus, at: string): string | null {
  if (to === 'ready' || to === 'delivered') return row.madeAt ?? at;
  if (to === 'pending' || to === 'preparing') return null;
  return row.madeAt;
}

/**
 * The bar starts making the drinks: their recipes leave inventory once (docs/decisions/233). Also
 * when a bartender skips 'preparing' and goes straight to ready or delivered. The status change is
 * already stored; a failed stock movement must not undo it, so it is logged instead. True when a drink
 * sold out or came back because of it (open menus then refetch, docs/decisions/154).
 */
async function pourRecipes(db: Db, orderId: string, from: OrderStatus, to: OrderStatus, cause: PourCause): Promise<boolean> {
  try {
    // A cancelled order that was already poured gives back what it still holds, with movements saying why (docs/decisions/190 and 233).
    if (to === 'cancelled') return (await restoreRecipeForOrder(db, orderId, cause)).soldOut.length > 0;
    // Only Undo leaves cancelled: the order takes again what that cancel gave back, never a fresh pour (docs/decisions/233).
    if (from === 'cancelled') return (await pourAgainAfterUndo(db, orderId, cause)).soldOut.length > 0;
    if (to !== 'preparing' && to !== 'ready' && to !== 'delivered') return false;
    const { soldOut } = await deductRecipeForOrder(db, orderId, cause);
    return soldOut.length > 0;
  } catch (err) {
    console.error('stock movement for the status change failed', orderId, to, err);
    return false;
  }
}

/** What an order paid first's card came to once the bar accepted it: its payment fields as they now stand. */
export type OrderCardChange = { paymentStatus: PaymentStatus; paymentMethod: BarPaymentMethod | 'card_app' | null; paymentProblem: OrderPaymentProblem | null };

/**
 * Stripe's later word on an order paid first (worker/orders/order-card.ts), written with its live event (the status
 * unchanged, as a recorded payment is), so the bar's screens and the guest's page hear it. Only from the payment
 * status it was read at: a payment the bar records meanwhile is never written over.
 */
export async function writeOrderCard(db: Db, d1: D1Database, req: { venueId: string; orderId: string }, change: OrderCardChange, liveBase: number): Promise<StatusChangeOutcome> {
  const row = await db.query.orders.findFirst({ where: and(eq(orders.id, req.orderId), eq(orders.restaurantId, req.venueId)) });
  if (!row) return refuseWith(404, 'not_found.order');
  const at = new Date().toISOString();
  const [live, update] = await d1.batch([
    liveChangeStatement(d1, { venueId: req.venueId, orderId: row.id, from: row.status, to: row.status, at }, liveBase),
    d1.prepare(`update orders set payment_status = ?, payment_method = ?, payment_problem = ?, updated_at = ? where id = ? and status = ? and payment_status = ?`)
      .bind(change.paymentStatus, change.paymentMethod, change.paymentProblem, at, row.id, row.status, row.paymentStatus),
  ]);
  if (!update?.meta.changes) return refuseWith(409, 'conflict.order_changed');
  const seq = recordedSeq(live!.results)!;
  const updated = { ...row, ...change, updatedAt: at };
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, row.id));
  const eta = await liveEta(db, updated, items.reduce((n, i) => n + i.quantity, 0));
  return { ok: true, from: row.status, to: row.status, at, order: toOrder(updated, items, eta.etaMinutes), ownerKey: row.ownerKey, menuChanged: false, seq };
}
