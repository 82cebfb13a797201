// An order paid first at the bar's hub (docs/decisions/241): the status change is made first, in the order's turn —
// it is the plan, so an order cancelled never reaches the bar again — then its money follows with a key named after
// it: accepted captures the authorisation (`capture:<payment>:<cents>`), cancelled before that releases it
// (`release:<payment>`), cancelled after it refunds it (`refund:<payment>`). Stripe's webhook reconciles the rest
// (worker/orders/order-card.ts).
import { eq } from 'drizzle-orm';
import { ACCEPTED_STATUSES, type OrderStatus } from '../../shared/orders';
import { orderPayments, orders, venues } from '../db/schema';
import type { Db } from '../env';
import { refuseWith } from './placement';
import type { StatusChangeOutcome } from './transition';
import { paymentNote, setPayment } from './checkout';
import type { OrderPaymentProblem } from '../../shared/schemas/order';
import { refusedByStripe, type PaymentGateway } from '../payments';

/**
 * A status change of an order paid first, in the order's turn at the venue's hub: the change is made first (it is
 * the plan: an order cancelled never reaches the bar again), then its money follows — accepted captures the
 * authorisation, cancelled before that releases it, cancelled after it refunds it. An Undo cannot bring back a
 * cancelled order whose card was released or refunded.
 */
export async function changeWithOrderPayment(db: Db, gateway: PaymentGateway | null, orderId: string, to: OrderStatus | 'recall', change: () => Promise<StatusChangeOutcome>): Promise<StatusChangeOutcome> {
  const [payment] = await db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)).limit(1);
  if (!payment) return change();
  // Only a cancel's Undo is refused (it would bring back an order whose card is given back); a handover's Undo keeps
  // the payment the bar recorded.
  if (to === 'recall' && ['released', 'refunding', 'refunded'].includes(payment.status)) {
    const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).limit(1);
    if (order?.status === 'cancelled') return refuseWith(409, 'payment_released');
  }
  const [venue] = await db.select({ account: venues.stripeAccountId }).from(venues).where(eq(venues.id, payment.restaurantId)).limit(1);
  const outcome = await change();
  if (!outcome.ok || !gateway || !venue?.account || !payment.paymentIntentId) return outcome;
  const intent = payment.paymentIntentId;
  if (outcome.to === 'cancelled' && payment.status === 'placed') {
    await gateway.cancel(venue.account, intent, `release:${payment.id}`).then(
      () => setPayment(db, payment.id, ['placed'], { status: 'released', note: paymentNote('order_cancelled.released') }),
      (err: unknown) => console.error(JSON.stringify({ level: 'error', message: 'release of a cancelled order failed', order_id: orderId, error: String(err) })),
    );
  } else if (outcome.to === 'cancelled' && payment.status === 'captured') {
    // The refund is planned before Stripe is asked: one it does not answer is asked again, under the same key, by
    // Stripe's word or the nightly job (worker/orders/order-card.ts).
    await setPayment(db, payment.id, ['captured'], { status: 'refunding', note: paymentNote('order_cancelled.refunded') });
    await gateway.refund(venue.account, intent, payment.amountCents, { order_payment_id: payment.id }, `refund:${payment.id}`).then(
      () => setPayment(db, payment.id, ['refunding'], { status: 'refunded' }),
      (err: unknown) => console.error(JSON.stringify({ level: 'error', message: 'refund of a cancelled order failed', order_id: orderId, error: String(err) })),
    );
  } else if (ACCEPTED_STATUSES.has(outcome.to) && outcome.from === 'pending' && payment.status === 'placed') {
    const due = payment.amountCents;
    // The fee is the plan's own (fixed at checkout), so the capture asked again later carries the same parameters.
    const captured: 'succeeded' | OrderPaymentProblem = await gateway.capture(venue.account, intent, due, payment.feeCents, `capture:${payment.id}:${due}`).then(
      (answer) => (answer.status === 'succeeded' ? 'succeeded' : 'unconfirmed'),
      (err: unknown) => {
        console.error(JSON.stringify({ level: 'error', message: 'capture of an accepted order failed', order_id: orderId, error: String(err) }));
        // Stripe refused it (its answer kept under the key), or did not answer: the capture may have gone through.
        return refusedByStripe(err) ? 'failed' : 'unconfirmed';
      },
    );
    if (captured === 'succeeded') {
      await setPayment(db, payment.id, ['placed'], { status: 'captured' });
      await db.update(orders).set({ paymentStatus: 'captured', paymentMethod: 'card_app' }).where(eq(orders.id, orderId));
      return { ...outcome, order: { ...outcome.order, payment_status: 'captured' } };
    }
    // The order stays unpaid, under the night's open checks. It says so on the order itself, so the status change's
    // live event tells the bar's screens and the guest at once, and every read after it (docs/decisions/279):
    // refused, the bar takes payment as at the bar; unanswered, Stripe's word (worker/orders/order-card.ts) decides.
    await db.update(orders).set({ paymentProblem: captured }).where(eq(orders.id, orderId));
    return { ...outcome, order: { ...outcome.order, payment_problem: captured } };
  }
  return outcome;
}
