// A solo order paid first (docs/decisions/241, docs/payments.md "Pay first"): the checkout authorises the cart's
// total on the venue's account, the order reaches the bar only once Stripe says the card is authorised, the bar's
// accepting it captures it, and a cancel before that releases it. As in the tab's settlement (docs/decisions/222),
// each Stripe call follows a plan already written (the `order_payments` row, the order's status), carries a key
// named after that plan (`checkout:<payment>`, `capture:<payment>:<cents>`, `release:<payment>`,
// `refund:<payment>`), and its answer is recorded; Stripe's webhook reconciles whatever comes later.
import { and, eq, inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import { newId } from '../../shared/ids';
import { formatCents } from '../../shared/money';
import { refusalCode, refusalIdOf, type RefusalId } from '../../shared/refusal-messages';
import { ACTIVE_ORDER_EXISTS, ACTIVE_ORDER_EXISTS_CODE } from '../../shared/constants';
import { ACCEPTED_STATUSES, ACTIVE_ORDER_STATUSES } from '../../shared/orders';
import { CARD_MINIMUM_CENTS, VENUE_CURRENCY, cardCanPay } from '../../shared/payment-methods';
import type { CheckoutInput } from '../../shared/schemas/order';
import type { CheckoutPaymentCheckResponse, CheckoutPaymentResponse } from '../../shared/schemas/payments';
import { guestCaller, ownerKeyOf, sha256Hex } from '../auth';
import { orderPayments, orders, venues } from '../db/schema';
import type { AppContext, Db, WorkerEnv } from '../env';
import { ApiError, refusal, refusalParts, type RefusalArgs } from '../lib/errors';
import { venueHub } from '../live';
import { readCart } from './cart';
import type { PlacementRequest } from './placement';
import { placementDetails } from './submit';
import { everyVenueDatabase, venueDatabase } from '../shards';
import { findActiveVenue } from '../venues';
import { applicationFeeCents, stripeGateway, usesLocalStripe, venuePaysFirst, type IntentState } from '../payments';

export type OrderPaymentRow = typeof orderPayments.$inferSelect;

/**
 * A payment's note: why nothing was placed or charged, kept as a registry refusal's id and data (docs/decisions/256)
 * so the pay screen says it in the guest's language.
 */
export const paymentNote = <I extends RefusalId>(id: I, ...[data]: RefusalArgs<I>): string => JSON.stringify({ refusal: id, data: data ?? {} });

function keptRefusal(note: string): { refusal: RefusalId; data: Record<string, unknown> } | null {
  try {
    const kept = JSON.parse(note) as { refusal?: unknown; data?: unknown };
    const id = typeof kept.refusal === 'string' ? refusalIdOf(refusalCode(kept.refusal as RefusalId), { refusal: kept.refusal }) : null;
    return id && kept.data && typeof kept.data === 'object' ? { refusal: id, data: kept.data as Record<string, unknown> } : null;
  } catch {
    return null;
  }
}

function saidNote(note: string | null): Pick<CheckoutPaymentCheckResponse, 'message' | 'code' | 'details'> {
  if (!note) return { message: null, code: null, details: null };
  const kept = keptRefusal(note);
  // A note written before notes were refusals (a local database of an older build): its words as they are.
  if (!kept) return { message: note, code: null, details: null };
  const { code, message, details } = refusalParts(kept.refusal, kept.data as never);
  return { message, code, details: details ?? null };
}

/** The answer the guest's pay screen reads about a payment. */
export const checkAnswer = (row: OrderPaymentRow): CheckoutPaymentCheckResponse => ({ status: row.status, order_id: row.orderId, ...saidNote(row.note) });

/** The note of a payment released because the bar's rules refused its order once the card was authorised. */
function notPlacedNote(placed: { code: string; details?: unknown }): string {
  if (placed.code === ACTIVE_ORDER_EXISTS_CODE) return paymentNote('active_order_exists.paid_first');
  const id = refusalIdOf(placed.code, placed.details);
  if (id === 'cart_changed') return paymentNote('cart_changed');
  if (id === 'drink_unavailable') return paymentNote('drink_unavailable.paid_first', placed.details as { name: string; menu_drink_ids: string[] });
  return paymentNote('not_placed');
}

/**
 * POST /api/cart/checkout/card: the cart's total authorised on the venue's account. The plan (a `planned` row with
 * the guest and their checkout details) is written before Stripe is asked; a payer who reloads the pay screen goes
 * on with the same payment while the cart's total is the same.
 */
export async function startCheckoutPayment(c: Context<AppContext>, body: CheckoutInput): Promise<CheckoutPaymentResponse> {
  const { db } = await venueDatabase(c.env, body.slug);
  const venue = await findActiveVenue(db, body.slug);
  if (!venuePaysFirst(c.env, venue)) throw refusal(409, 'payments_unavailable.bar');
  const account = venue.stripeAccountId!;
  const guest = guestCaller(c);
  const ownerKey = ownerKeyOf(guest);
  const [active] = await db.select({ id: orders.id }).from(orders)
    .where(and(eq(orders.restaurantId, venue.id), eq(orders.ownerKey, ownerKey), inArray(orders.status, [...ACTIVE_ORDER_STATUSES]))).limit(1);
  if (active) throw new ApiError(409, ACTIVE_ORDER_EXISTS_CODE, ACTIVE_ORDER_EXISTS);
  const cart = await readCart(db, ownerKey, venue);
  if (cart.items.length === 0) throw refusal(400, 'cart_empty.solo');
  const unavailable = cart.items.filter((i) => !i.available);
  if (unavailable.length) throw refusal(409, 'drink_unavailable', { name: unavailable.map((i) => i.name).join(', '), menu_drink_ids: unavailable.map((i) => i.menu_drink_id) });
  if (!cardCanPay(cart.total_cents)) throw refusal(400, 'below_card_minimum', { due_cents: cart.total_cents, minimum_cents: CARD_MINIMUM_CENTS[VENUE_CURRENCY]! });
  const gateway = stripeGateway(c.env);
  const details = { display_name: body.display_name, special_instructions: body.special_instructions, customer_name: body.customer_name, customer_phone: body.customer_phone, table: body.table };

  // The same cart, the same details: the payment already started (a reload of the pay screen).
  const detailsHash = await sha256Hex(JSON.stringify(details));
  const [open] = await db.select().from(orderPayments)
    .where(and(eq(orderPayments.restaurantId, venue.id), eq(orderPayments.ownerKey, ownerKey), inArray(orderPayments.status, ['planned', 'failed']),
      eq(orderPayments.amountCents, cart.total_cents))).limit(1);
  if (open?.paymentIntentId && (await sha256Hex(JSON.stringify(open.details))) === detailsHash) {
    const again = await gateway.clientSecret(account, open.paymentIntentId);
    if (again.status !== 'canceled' && again.status !== 'succeeded') return answer(c, account, open, again);
  }

  const id = newId();
  const now = new Date().toISOString();
  const feeCents = applicationFeeCents(cart.total_cents, venue.applicationFeeBp);
  const requestHash = await sha256Hex(JSON.stringify({ kind: 'checkout', venue: venue.id, owner: ownerKey, body: details, payment: id }));
  const row: OrderPaymentRow = {
    id, restaurantId: venue.id, ownerKey, guestSessionId: guest.sessionId, guestId: guest.guestId, details, requestHash,
    amountCents: cart.total_cents, feeCents, paymentIntentId: null, status: 'planned', orderId: null, note: null, createdAt: now, updatedAt: now,
  };
  await db.insert(orderPayments).values(row);
  const intent = await gateway.authoriseOrder(account, {
    amountCents: cart.total_cents, feeCents, metadata: { venue_id: venue.id, order_payment_id: id },
    description: `${venue.name}: an order paid first (${formatCents(cart.total_cents)})`, idempotencyKey: `checkout:${id}`,
  });
  await db.update(orderPayments).set({ paymentIntentId: intent.id, updatedAt: new Date().toISOString() }).where(eq(orderPayments.id, id));
  return answer(c, account, { ...row, paymentIntentId: intent.id }, intent);
}

function answer(c: Context<AppContext>, account: string, row: OrderPaymentRow, intent: { id: string; clientSecret: string }): CheckoutPaymentResponse {
  const publishable = usesLocalStripe(c.env) ? null : c.env.STRIPE_PUBLISHABLE_KEY ?? null;
  if (!publishable && !usesLocalStripe(c.env)) throw refusal(503, 'payments_unavailable');
  return { payment_id: row.id, payment_intent_id: intent.id, client_secret: intent.clientSecret, publishable_key: publishable, stripe_account: account, amount_cents: row.amountCents };
}

export const setPayment = (db: Db, id: string, from: OrderPaymentRow['status'][], change: Partial<OrderPaymentRow>) =>
  db.update(orderPayments).set({ ...change, updatedAt: new Date().toISOString() })
    .where(and(eq(orderPayments.id, id), inArray(orderPayments.status, from))).returning();

/** The payment moved from one of `from` by `change`, or as it stands now when another step moved it first. */
async function movePayment(db: Db, row: OrderPaymentRow, from: OrderPaymentRow['status'][], change: Partial<OrderPaymentRow>): Promise<OrderPaymentRow> {
  return (await setPayment(db, row.id, from, change))[0] ?? (await paymentById(db, row.id)) ?? row;
}

export const paymentById = async (db: Db, id: string) => (await db.select().from(orderPayments).where(eq(orderPayments.id, id)).limit(1))[0] ?? null;
export const paymentOfIntent = async (db: Db, intentId: string) => (await db.select().from(orderPayments).where(eq(orderPayments.paymentIntentId, intentId)).limit(1))[0] ?? null;

/**
 * Whether the payment's order is past the bar's acceptance with its card not captured (Stripe refused or did not
 * answer, worker/orders/order-capture.ts), paid another way, or cancelled since: Stripe's word on it is the order's,
 * in its turn at the venue's hub (worker/orders/order-card.ts), never a cancel of an order the bar is making
 * (docs/decisions/279).
 */
async function withTheBar(db: Db, row: OrderPaymentRow): Promise<boolean> {
  if (!row.orderId) return false;
  if (row.status === 'releasing' || row.status === 'refunding') return true;
  if (row.status !== 'placed') return false;
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, row.orderId)).limit(1);
  return order !== undefined && (ACCEPTED_STATUSES.has(order.status) || order.status === 'cancelled');
}

/**
 * What Stripe says of a checkout's intent, applied: the card authorised places the order (once, whatever asks —
 * the guest's check or the webhook — under the key `pay:<payment>`); a decline is said in words; an intent Stripe
 * cancelled leaves no live order; once the bar accepted the order, its word goes to the order's turn. Moves only
 * forward, so a repeated or late answer changes nothing.
 */
export async function applyCheckoutIntent(env: WorkerEnv, db: Db, venue: { id: string; account: string }, row: OrderPaymentRow, state: Pick<IntentState, 'status' | 'amountCapturable' | 'lastError'>): Promise<OrderPaymentRow> {
  const gateway = stripeGateway(env);
  if ((state.status === 'succeeded' || state.status === 'canceled') && (await withTheBar(db, row))) {
    await venueHub(env, venue.id).settleOrderCard({ venueId: venue.id, orderId: row.orderId!, said: state.status });
    return (await paymentById(db, row.id)) ?? row;
  }
  if (state.status === 'requires_payment_method' && state.lastError && (row.status === 'planned' || row.status === 'failed')) {
    return movePayment(db, row, ['planned', 'failed'], { status: 'failed', note: paymentNote('card_declined') });
  }
  if (state.status === 'canceled') {
    if (row.status === 'placed' && row.orderId) {
      // Stripe dropped the authorisation (it expired): an order nobody can pay for leaves the bar.
      await venueHub(env, venue.id).changeStatus({ venueId: venue.id, orderId: row.orderId, to: 'cancelled', reason: 'The card authorisation was released', actor: { type: 'system', id: 'stripe' } });
    }
    return movePayment(db, row, ['planned', 'failed', 'authorized', 'placed'], { status: 'released', note: row.note ?? paymentNote('payment_cancelled') });
  }
  if (state.status !== 'requires_capture' || !['planned', 'failed', 'authorized'].includes(row.status)) return row;
  if (state.amountCapturable < row.amountCents) return row;
  const authorised = (await setPayment(db, row.id, ['planned', 'failed', 'authorized'], { status: 'authorized', note: null }))[0];
  if (!authorised) return (await paymentById(db, row.id)) ?? row;
  const [venueRow] = await db.select().from(venues).where(eq(venues.id, venue.id)).limit(1);
  if (!venueRow) return authorised;
  const details = authorised.details as Parameters<typeof placementDetails>[0];
  const request: PlacementRequest = {
    kind: 'checkout', venueId: venue.id, taxRateBp: venueRow.taxRateBp, pricing: { timezone: venueRow.timezone, happyHours: venueRow.happyHours },
    owner: { ownerKey: authorised.ownerKey, sessionId: authorised.guestSessionId, guestId: authorised.guestId },
    idempotencyKey: `pay:${authorised.id}`, requestHash: authorised.requestHash, lines: null,
    details: placementDetails(details, 'app', details.display_name || null), authorisedTotalCents: authorised.amountCents,
  };
  const placed = await venueHub(env, venue.id).placeOrder(request);
  if (placed.ok) return movePayment(db, row, ['authorized', 'placed'], { status: 'placed', orderId: placed.order.id });
  // Another request is placing it right now: that one records it.
  if (placed.code === 'idempotency_in_flight') return authorised;
  // Refused (the cart changed, an active order, the first-order limit, a drink gone): nothing is kept.
  await gateway.cancel(venue.account, row.paymentIntentId!, `release:${row.id}`).catch(() => undefined);
  return movePayment(db, row, ['authorized'], { status: 'released', note: notPlacedNote(placed) });
}

/**
 * POST /api/cart/checkout/card/:paymentId/check: the guest's own payment, as Stripe holds it now. Only Stripe's
 * answer places the order, never the browser's word (as for a tab's share, docs/decisions/222).
 */
export async function checkCheckoutPayment(c: Context<AppContext>, paymentId: string): Promise<CheckoutPaymentCheckResponse> {
  const ownerKey = ownerKeyOf(guestCaller(c));
  for (const database of await everyVenueDatabase(c.env)) {
    const row = await paymentById(database.db, paymentId);
    if (!row) continue;
    if (row.ownerKey !== ownerKey) break;
    const [venue] = await database.db.select({ account: venues.stripeAccountId }).from(venues).where(eq(venues.id, row.restaurantId)).limit(1);
    if (!venue?.account || !row.paymentIntentId || !['planned', 'failed', 'authorized'].includes(row.status)) return checkAnswer(row);
    const state = await stripeGateway(c.env).intentState(venue.account, row.paymentIntentId);
    return checkAnswer(await applyCheckoutIntent(c.env, database.db, { id: row.restaurantId, account: venue.account }, row, state));
  }
  throw refusal(404, 'payment_not_found');
}
