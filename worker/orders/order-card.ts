// An order paid first once the bar accepted it (docs/payments.md §12.9, docs/decisions/279): what Stripe says later
// of its card — its webhook, or the same request asked again — applied in the order's turn at the venue's hub. Each
// call follows a plan already written and carries a key named after it: the order accepted (`capture:<payment>:<cents>`),
// a payment the bar took another way (`releasing`: `release:<payment>`, then `refunding`: `refund:<payment>`).
import { and, eq } from 'drizzle-orm';
import { orderPayments, orders, venues } from '../db/schema';
import type { Db } from '../env';
import { refusedByStripe, type PaymentGateway } from '../payments';
import { setPayment, type OrderPaymentRow } from './checkout';
import { refuse } from './placement';
import { writeOrderCard, type StatusChangeOutcome } from './transition';

/** What Stripe said of the card: the money went through, the authorisation is gone, or it refused the capture. */
export type CardWord = 'succeeded' | 'canceled' | 'refused';

export type OrderCardRequest = { venueId: string; orderId: string; said: CardWord | null };

type OrderRow = typeof orders.$inferSelect;
type Stripe = { gateway: PaymentGateway; account: string };
type Turn = { db: Db; d1: D1Database; gateway: PaymentGateway | null; liveBase: () => number };

const unchanged = (): StatusChangeOutcome => refuse(409, 'unchanged', "Nothing changed on the order's card");
const log = (message: string, orderId: string, err: unknown) => console.error(JSON.stringify({ level: 'error', message, order_id: orderId, error: String(err) }));
/** Nothing is owed on the card: the bar took the money another way, or cancelled the order. */
const noCardDue = (order: OrderRow) => (order.paymentStatus === 'captured' && order.paymentMethod !== 'card_app') || order.status === 'cancelled';

/**
 * The bar took the money at the bar (docs/decisions/222): the card's authorisation still open is to be released,
 * written as the plan before Stripe is asked. A payment already captured, released or refunded has nothing to release.
 */
export const planRelease = (db: Db, orderId: string) =>
  db.update(orderPayments).set({ status: 'releasing', updatedAt: new Date().toISOString() })
    .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.status, 'placed')));

/**
 * Stripe's word on an accepted order's card (`said`), or, without one, the plan's own request asked again under its
 * key (Stripe answers a repeated key with its first outcome): a capture it did not answer, a release, a refund.
 * Succeeded: an unpaid order is paid by card; one the bar took another way, or cancelled, has it refunded in full.
 * Cancelled or refused: nothing was charged, and an order still unpaid is the bar's to take at the bar.
 */
export async function settleOrderCard(turn: Turn, req: OrderCardRequest): Promise<StatusChangeOutcome> {
  const { db } = turn;
  const [order] = await db.select().from(orders).where(and(eq(orders.id, req.orderId), eq(orders.restaurantId, req.venueId))).limit(1);
  const [payment] = await db.select().from(orderPayments).where(eq(orderPayments.orderId, req.orderId)).limit(1);
  if (!order || !payment?.paymentIntentId) return unchanged();
  const [venue] = await db.select({ account: venues.stripeAccountId }).from(venues).where(eq(venues.id, req.venueId)).limit(1);
  const stripe = turn.gateway && venue?.account ? { gateway: turn.gateway, account: venue.account } : null;
  const said = req.said ?? (stripe ? await askAgain(stripe, payment, order) : null);
  const unpaid = order.paymentStatus === 'unpaid';
  const write = (change: Parameters<typeof writeOrderCard>[3]) => writeOrderCard(db, turn.d1, req, change, turn.liveBase());
  if (said === 'succeeded') {
    if (payment.status === 'placed' && unpaid && order.status !== 'cancelled') {
      await setPayment(db, payment.id, ['placed'], { status: 'captured' });
      return write({ paymentStatus: 'captured', paymentMethod: 'card_app', paymentProblem: null });
    }
    if (!noCardDue(order) || !['placed', 'releasing', 'refunding'].includes(payment.status)) return unchanged();
    // The guest paid at the bar (or the order was cancelled) and the card went through too: it goes back in full.
    const planned = (await setPayment(db, payment.id, ['placed', 'releasing', 'refunding'], { status: 'refunding' }))[0];
    if (!planned || !stripe) return unchanged();
    const refund = await stripe.gateway.refund(stripe.account, payment.paymentIntentId, payment.amountCents, { order_payment_id: payment.id }, `refund:${payment.id}`)
      .catch((err: unknown) => log('refund of a card capture nothing was due on failed', order.id, err));
    if (!refund) return unchanged();
    await setPayment(db, payment.id, ['refunding'], { status: 'refunded' });
    console.warn(JSON.stringify({ level: 'warn', message: 'card capture nothing was due on refunded', order_id: order.id, amount_cents: payment.amountCents, refund_id: refund.id }));
    return write({ paymentStatus: order.paymentStatus, paymentMethod: order.paymentMethod, paymentProblem: 'late_payment_refunded' });
  }
  if (said === 'canceled' && (payment.status === 'placed' || payment.status === 'releasing')) {
    await setPayment(db, payment.id, [payment.status], { status: 'released' });
  }
  if ((said === 'canceled' || said === 'refused') && unpaid && order.paymentProblem === 'unconfirmed') {
    return write({ paymentStatus: 'unpaid', paymentMethod: null, paymentProblem: 'failed' });
  }
  return unchanged();
}

/** The plan's request asked again, under the same key: what Stripe says of it, or null while it still does not answer. */
async function askAgain(stripe: Stripe, payment: OrderPaymentRow, order: OrderRow): Promise<CardWord | null> {
  const intent = payment.paymentIntentId!;
  if (payment.status === 'refunding') return 'succeeded';
  if (payment.status === 'placed' && order.paymentStatus === 'unpaid' && order.paymentProblem === 'unconfirmed') {
    const due = payment.amountCents;
    return stripe.gateway.capture(stripe.account, intent, due, payment.feeCents, `capture:${payment.id}:${due}`).then(
      (answer) => (answer.status === 'succeeded' ? 'succeeded' : null),
      (err: unknown) => {
        log('capture asked again did not go through', order.id, err);
        return refusedByStripe(err) ? 'refused' : null;
      },
    );
  }
  if (payment.status === 'releasing' || (payment.status === 'placed' && noCardDue(order))) {
    try {
      await stripe.gateway.cancel(stripe.account, intent, `release:${payment.id}`);
      return 'canceled';
    } catch (err) {
      log('release of a card paid at the bar failed', order.id, err);
      // Stripe would not release it: how it stands says why (a capture that went through after all, or released already).
      const state = await stripe.gateway.intentState(stripe.account, intent).catch(() => null);
      return state?.status === 'succeeded' ? 'succeeded' : state?.status === 'canceled' ? 'canceled' : null;
    }
  }
  return null;
}
