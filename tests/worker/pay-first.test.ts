// A solo order paid first (docs/decisions/241, docs/payments.md "Pay first"): the checkout authorises the cart's
// total, the order reaches the bar only once Stripe says the card is authorised, the bar's accepting it captures it,
// a cancel before that releases it, and a repeated confirmation or webhook places nothing twice. The Worker talks to
// its local stand-in for Stripe; the guest's card is confirmed through the stand-in's test card form's route.
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalIdOf } from '../../shared/refusal-messages';
import { refusalMessage, type RefusalId } from '../../shared/refusals';
import { OrderList } from '../../shared/schemas/order';
import { CheckoutPaymentResponse, LOCAL_DECLINED_CARD } from '../../shared/schemas/payments';
import { runHousekeeping } from '../../worker/jobs';
import { localIntent, localLedger, localStripeFetch, stripeEvent } from '../../worker/payments/local-stripe';
import { routeStripeThrough } from '../../worker/payments/stripe';
import { call, expectApiError } from './helpers';
import { availableDrinks, countRows, guestToken, makeUnavailable, openLive, venueId } from './order-helpers';
import { checkPayment as check, confirmCard, PAY_FIRST_ACCOUNT as ACCOUNT, PAY_FIRST_SLUG as SLUG, payAtBar, payFirstBartender as bartender } from './pay-first-helpers';
import { deliverEvent, recordStripe, type StripeRequest } from './payments-helpers';


let stripe: StripeRequest[];
let venue: string;
beforeAll(async () => {
  venue = await venueId(SLUG);
  await env.DB.prepare('UPDATE venues SET pay_first = 1, stripe_account_id = ?, stripe_charges_enabled = 1 WHERE id = ?').bind(ACCOUNT, venue).run();
  stripe = recordStripe();
});
afterAll(async () => {
  routeStripeThrough(null);
  await env.DB.prepare('UPDATE venues SET pay_first = 0 WHERE id = ?').bind(venue).run();
});

const ordersOf = (ownerKey: string) => countRows('SELECT count(*) AS n FROM orders WHERE owner_key = ? AND restaurant_id = ?', ownerKey, venue);
const barQueue = async () => OrderList.parse((await call('GET', '/api/staff/queue', { token: await bartender() })).json).orders;
const paymentRow = (id: string) => env.DB.prepare('SELECT status, order_id, note FROM order_payments WHERE id = ?').bind(id).first<{ status: string; order_id: string | null; note: string | null }>();

/** A new guest with two drinks in the cart, who pressed "Pay $X": the payment as the pay screen receives it. */
async function paying(qty = 2) {
  const guest = await guestToken();
  const [drink] = await availableDrinks(SLUG);
  expect((await call('POST', '/api/cart', { token: guest.token, body: { slug: SLUG, menu_drink_id: drink!.id, qty } })).status).toBe(200);
  const res = await call('POST', '/api/cart/checkout/card', { token: guest.token, body: { slug: SLUG, display_name: 'Sam' } });
  expect(res.status, res.text).toBe(200);
  return { guest, drink: drink!, payment: CheckoutPaymentResponse.parse(res.json) };
}


/** The guest paid with the test card and the pay screen asked the Worker: the order placed on Stripe's word. */
async function placedByCard() {
  const p = await paying();
  expect((await confirmCard(p.guest.token, p.payment.payment_intent_id)).status).toBe(200);
  const checked = await check(p.guest.token, p.payment.payment_id);
  expect(checked).toMatchObject({ status: 'placed', message: null });
  return { ...p, orderId: checked.order_id! };
}

/** Stripe refuses this intent's capture (the bank withdrew the authorisation); every other request goes to the stand-in. */
const refusingCapture = (intentId: string) => recordStripe(async (input, init) => {
  const request = new Request(input, init);
  if (request.url.endsWith(`/v1/payment_intents/${intentId}/capture`)) {
    return new Response(JSON.stringify({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } }), { status: 402 });
  }
  return localStripeFetch(request);
});

/**
 * Stripe out of reach for this intent while `down.on`: a capture still goes through at Stripe but its answer is lost
 * (after the SDK's own retries), and every other call about the intent gets no answer either.
 */
function unreachable(intentId: string) {
  const down = { on: true };
  const requests = recordStripe(async (input, init) => {
    const request = new Request(input, init);
    const aboutIntent = request.url.includes(`/v1/payment_intents/${intentId}`) || request.url.endsWith('/v1/refunds');
    if (!down.on || !aboutIntent) return localStripeFetch(request);
    if (request.url.endsWith('/capture')) await localStripeFetch(request);
    throw new TypeError('Network connection lost');
  });
  return { requests, down };
}

/** What the stand-in took of an intent, less what it gave back. */
const keptAtStripe = (intentId: string) => {
  const entry = localLedger().find((i) => i.id === intentId);
  return (entry?.capturedCents ?? 0) - (entry?.refundedCents ?? 0);
};
const orderRow = (id: string) => env.DB.prepare('SELECT status, payment_status, payment_method, payment_problem FROM orders WHERE id = ?').bind(id).first();
const accept = async (orderId: string) => {
  const res = await call('PUT', `/api/staff/orders/${orderId}/status`, { token: await bartender(), body: { status: 'preparing', allow_short: true } });
  expect(res.status, res.text).toBe(200);
  return res.json.order as { payment_status: string; payment_problem?: string };
};
const handOver = async (orderId: string) =>
  expect((await call('PUT', `/api/staff/orders/${orderId}/status`, { token: await bartender(), body: { status: 'delivered' } })).status).toBe(200);

/** An answer a guest's app says in their language: a registry refusal (docs/decisions/256), its English message filled from its data. */
function expectRefusal(said: { code?: string | null; message: string | null; details?: unknown }, id: RefusalId) {
  expect(refusalIdOf(said.code ?? '', said.details), JSON.stringify(said)).toBe(id);
  expect(said.message).toBe(refusalMessage(id, (said.details ?? {}) as never));
}

describe('a solo order at a pay-first venue', () => {
  it('authorises the cart\'s total on the venue\'s account, and no ticket reaches the bar before the card is authorised', async () => {
    const p = await paying();
    const cart = (await call('GET', `/api/cart?slug=${SLUG}`, { token: p.guest.token })).json.cart as { total_cents: number };
    // The stand-in has no Stripe.js: the pay screen shows its test card form.
    expect(p.payment).toMatchObject({ amount_cents: cart.total_cents, stripe_account: ACCOUNT, publishable_key: null });
    const created = stripe.filter((r) => r.path === '/v1/payment_intents' && r.form.get('metadata[order_payment_id]') === p.payment.payment_id);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ account: ACCOUNT, idempotencyKey: `checkout:${p.payment.payment_id}` });
    expect(created[0]!.form.get('capture_method')).toBe('manual');
    expect(Number(created[0]!.form.get('amount'))).toBe(cart.total_cents);
    expect(await ordersOf(p.guest.ownerKey)).toBe(0);
    // The browser has not confirmed: asking changes nothing, and the bar has no ticket.
    expect(await check(p.guest.token, p.payment.payment_id)).toMatchObject({ status: 'planned', order_id: null });
    expect(await ordersOf(p.guest.ownerKey)).toBe(0);
    // No way around paying: the plain checkout and a quick order are refused here.
    expect(expectApiError(await call('POST', '/api/cart/checkout', { token: p.guest.token, body: { slug: SLUG } }), 409).code).toBe('pay_first');
    expect(expectApiError(await call('POST', '/api/orders/quick', { token: p.guest.token, body: { slug: SLUG, item: { menu_drink_id: p.drink.id } } }), 409).code).toBe('pay_first');
    expect(await ordersOf(p.guest.ownerKey)).toBe(0);
  });

  it('places the order once the card is authorised, with its cart emptied; the bar sees it unpaid until it accepts it', async () => {
    const p = await placedByCard();
    const queue = await barQueue();
    expect(queue.find((o) => o.id === p.orderId)).toMatchObject({ status: 'pending', payment_status: 'unpaid', display_name: 'Sam' });
    expect((await call('GET', `/api/cart?slug=${SLUG}`, { token: p.guest.token })).json.cart.items).toEqual([]);
    expect(await paymentRow(p.payment.payment_id)).toMatchObject({ status: 'placed', order_id: p.orderId });
    expect(localIntent(p.payment.payment_intent_id)?.status).toBe('requires_capture');
  });

  it('captures the authorisation when the bar accepts the order (key capture:<payment>:<cents>)', async () => {
    const p = await placedByCard();
    const accepted = await call('PUT', `/api/staff/orders/${p.orderId}/status`, { token: await bartender(), body: { status: 'preparing', allow_short: true } });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json.order).toMatchObject({ status: 'preparing', payment_status: 'captured' });
    const captures = stripe.filter((r) => r.path === `/v1/payment_intents/${p.payment.payment_intent_id}/capture`);
    expect(captures.map((r) => r.idempotencyKey)).toEqual([`capture:${p.payment.payment_id}:${p.payment.amount_cents}`]);
    expect(localIntent(p.payment.payment_intent_id)).toMatchObject({ status: 'succeeded', amount_received: p.payment.amount_cents });
    expect(await paymentRow(p.payment.payment_id)).toMatchObject({ status: 'captured' });
    const order = await env.DB.prepare('SELECT payment_status, payment_method FROM orders WHERE id = ?').bind(p.orderId).first();
    expect(order).toEqual({ payment_status: 'captured', payment_method: 'card_app' });
    // Handing it over takes nothing more.
    expect((await call('PUT', `/api/staff/orders/${p.orderId}/status`, { token: await bartender(), body: { status: 'delivered' } })).status).toBe(200);
    expect(stripe.filter((r) => r.path === `/v1/payment_intents/${p.payment.payment_intent_id}/capture`)).toHaveLength(1);
  });

  it('a capture Stripe refuses tells the bar at once: the live feed and the staff read say the card was refused and the order is unpaid until paid at the bar', async () => {
    const p = await placedByCard();
    const requests = refusingCapture(p.payment.payment_intent_id);
    const live = await openLive(venue, await bartender());
    await live.waitFor((m) => m.type === 'hello');
    try {
      const accepted = await call('PUT', `/api/staff/orders/${p.orderId}/status`, { token: await bartender(), body: { status: 'preparing', allow_short: true } });
      expect(accepted.status, accepted.text).toBe(200);
      expect(accepted.json.order).toMatchObject({ status: 'preparing', payment_status: 'unpaid', payment_problem: 'failed' });
      expect(requests.filter((r) => r.path.endsWith('/capture')).map((r) => r.idempotencyKey)).toEqual([`capture:${p.payment.payment_id}:${p.payment.amount_cents}`]);
      // The bar's screen hears it with the status change itself, not at the next read.
      const event = await live.waitFor((m) => m.type === 'order_updated' && m.order.id === p.orderId);
      expect(event).toMatchObject({ from: 'pending', to: 'preparing', order: { payment_status: 'unpaid', payment_problem: 'failed' } });
      // Every staff read says so until the bar records the payment: the queue and the night's open checks.
      expect((await barQueue()).find((o) => o.id === p.orderId)).toMatchObject({ payment_status: 'unpaid', payment_problem: 'failed' });
      const open = OrderList.parse((await call('GET', '/api/staff/orders?status=open', { token: await bartender() })).json).orders;
      expect(open.find((o) => o.id === p.orderId)).toMatchObject({ payment_status: 'unpaid', payment_problem: 'failed' });
      // The guest's own read carries it too (the status page says it, docs/payments.md).
      const mine = await call('GET', `/api/orders/${p.orderId}`, { token: p.guest.token });
      expect(mine.json.order).toMatchObject({ payment_status: 'unpaid', payment_problem: 'failed' });
      // Handed over and paid at the bar: the order reads paid, by the method the bar recorded, and nothing more goes to Stripe.
      expect((await call('PUT', `/api/staff/orders/${p.orderId}/status`, { token: await bartender(), body: { status: 'delivered' } })).status).toBe(200);
      const paid = await call('POST', `/api/staff/orders/${p.orderId}/payment`, { token: await bartender(), body: { method: 'cash' } });
      expect(paid.status, paid.text).toBe(200);
      expect(paid.json.order).toMatchObject({ status: 'delivered', payment_status: 'captured' });
      expect(requests.filter((r) => r.path.endsWith('/capture'))).toHaveLength(1);
      expect(await env.DB.prepare('SELECT payment_status, payment_method FROM orders WHERE id = ?').bind(p.orderId).first()).toEqual({ payment_status: 'captured', payment_method: 'cash' });
    } finally {
      live.ws?.close();
      stripe = recordStripe();
    }
  });

  it('an authorisation Stripe drops after refusing its capture leaves the accepted order with the bar, to be paid there', async () => {
    const p = await placedByCard();
    refusingCapture(p.payment.payment_intent_id);
    try {
      const accepted = await call('PUT', `/api/staff/orders/${p.orderId}/status`, { token: await bartender(), body: { status: 'preparing', allow_short: true } });
      expect(accepted.json.order).toMatchObject({ status: 'preparing', payment_problem: 'failed' });
      const intent = { ...localIntent(p.payment.payment_intent_id)!, status: 'canceled', cancellation_reason: 'automatic' };
      expect((await deliverEvent(stripeEvent('payment_intent.canceled', intent, { account: ACCOUNT }))).status).toBe(200);
      // The bar is making it and takes its payment: the order is not cancelled under it, nor the guest told nothing was charged for a drink they get.
      expect((await barQueue()).find((o) => o.id === p.orderId)).toMatchObject({ status: 'preparing', payment_status: 'unpaid', payment_problem: 'failed' });
      expect(await paymentRow(p.payment.payment_id)).toMatchObject({ status: 'released' });
    } finally {
      stripe = recordStripe();
    }
  });

  it('releases the authorisation when the bar cancels before accepting, and an Undo cannot bring the unpaid order back', async () => {
    const p = await placedByCard();
    const cancelled = await call('PUT', `/api/staff/orders/${p.orderId}/status`, { token: await bartender(), body: { status: 'cancelled', reason: 'Out of limes' } });
    expect(cancelled.status, cancelled.text).toBe(200);
    const releases = stripe.filter((r) => r.path === `/v1/payment_intents/${p.payment.payment_intent_id}/cancel`);
    expect(releases.map((r) => r.idempotencyKey)).toEqual([`release:${p.payment.payment_id}`]);
    expect(localIntent(p.payment.payment_intent_id)).toMatchObject({ status: 'canceled', amount_received: 0 });
    expect(await paymentRow(p.payment.payment_id)).toMatchObject({ status: 'released' });
    expect(stripe.filter((r) => r.path === `/v1/payment_intents/${p.payment.payment_intent_id}/capture`)).toHaveLength(0);
    const undo = await call('POST', `/api/staff/orders/${p.orderId}/recall`, { token: await bartender(), body: {} });
    expect(expectApiError(undo, 409).code).toBe('payment_released');
    expect((await barQueue()).filter((o) => o.id === p.orderId).map((o) => o.status)).not.toContain('pending');
    expect(await env.DB.prepare('SELECT status FROM orders WHERE id = ?').bind(p.orderId).first()).toEqual({ status: 'cancelled' });
  });

  it('answers a declined card in words and places nothing; the same payment then goes through with another card', async () => {
    const p = await paying();
    const declined = await confirmCard(p.guest.token, p.payment.payment_intent_id, LOCAL_DECLINED_CARD);
    expect(expectApiError(declined, 402)).toMatchObject({ code: 'card_declined', message: 'The card was declined: try another card or pay at the bar' });
    expect(await check(p.guest.token, p.payment.payment_id)).toMatchObject({ status: 'failed', order_id: null, message: 'The card was declined: try another card or pay at the bar' });
    expect(await ordersOf(p.guest.ownerKey)).toBe(0);
    expect((await confirmCard(p.guest.token, p.payment.payment_intent_id)).status).toBe(200);
    expect(await check(p.guest.token, p.payment.payment_id)).toMatchObject({ status: 'placed' });
    expect(await ordersOf(p.guest.ownerKey)).toBe(1);
  });

  it('places one order however often the confirmation is checked and the webhook delivered', async () => {
    const p = await paying();
    expect((await confirmCard(p.guest.token, p.payment.payment_intent_id)).status).toBe(200);
    const intent = localIntent(p.payment.payment_intent_id)!;
    const event = stripeEvent('payment_intent.amount_capturable_updated', intent, { account: ACCOUNT });
    expect((await deliverEvent(event)).json).toEqual({ received: true, applied: true });
    expect((await deliverEvent(event)).json).toEqual({ received: true, applied: false });
    const first = await check(p.guest.token, p.payment.payment_id);
    const again = await check(p.guest.token, p.payment.payment_id);
    expect(first).toMatchObject({ status: 'placed' });
    expect(again.order_id).toBe(first.order_id);
    expect(await ordersOf(p.guest.ownerKey)).toBe(1);
    expect(stripe.filter((r) => r.path === '/v1/payment_intents' && r.form.get('metadata[order_payment_id]') === p.payment.payment_id)).toHaveLength(1);
  });

  it('a cart changed after the card was authorised places nothing and releases the card', async () => {
    const p = await paying();
    expect((await call('POST', '/api/cart', { token: p.guest.token, body: { slug: SLUG, menu_drink_id: p.drink.id, qty: 5 } })).status).toBe(200);
    expect((await confirmCard(p.guest.token, p.payment.payment_intent_id)).status).toBe(200);
    expect(await check(p.guest.token, p.payment.payment_id)).toMatchObject({ status: 'released', order_id: null, message: 'Your cart changed while you paid: nothing was charged. Check out again' });
    expect(await ordersOf(p.guest.ownerKey)).toBe(0);
    expect(localIntent(p.payment.payment_intent_id)?.status).toBe('canceled');
  });

  it('an authorisation Stripe drops (it expired) leaves no live order', async () => {
    const p = await placedByCard();
    const intent = { ...localIntent(p.payment.payment_intent_id)!, status: 'canceled', cancellation_reason: 'automatic' };
    expect((await deliverEvent(stripeEvent('payment_intent.canceled', intent, { account: ACCOUNT }))).json).toEqual({ received: true, applied: true });
    expect((await barQueue()).filter((o) => o.id === p.orderId).map((o) => o.status)).not.toContain('pending');
    const order = await env.DB.prepare('SELECT status FROM orders WHERE id = ?').bind(p.orderId).first<{ status: string }>();
    expect(order?.status).toBe('cancelled');
    expect(await paymentRow(p.payment.payment_id)).toMatchObject({ status: 'released' });
  });

  it('a venue switched to pay at the bar takes the plain checkout, and refuses a card checkout', async () => {
    await env.DB.prepare('UPDATE venues SET pay_first = 0 WHERE id = ?').bind(venue).run();
    try {
      const guest = await guestToken();
      const [drink] = await availableDrinks(SLUG);
      expect((await call('POST', '/api/cart', { token: guest.token, body: { slug: SLUG, menu_drink_id: drink!.id, qty: 1 } })).status).toBe(200);
      expect(expectApiError(await call('POST', '/api/cart/checkout/card', { token: guest.token, body: { slug: SLUG } }), 409).code).toBe('payments_unavailable');
      const placed = await call('POST', '/api/cart/checkout', { token: guest.token, body: { slug: SLUG } });
      expect(placed.status, placed.text).toBe(200);
      expect(placed.json.order).toMatchObject({ status: 'pending', payment_status: 'unpaid' });
    } finally {
      await env.DB.prepare('UPDATE venues SET pay_first = 1 WHERE id = ?').bind(venue).run();
    }
  });

  it('refuses a test card number that is not one, in words', async () => {
    const p = await paying();
    const res = await confirmCard(p.guest.token, p.payment.payment_intent_id, '4242-4242');
    expect(expectApiError(res, 400).details).toEqual([{ path: 'card_number', message: 'A card number is 12 to 19 digits (spaces between them allowed)' }]);
  });
});

describe('a capture Stripe did not answer, and a card paid at the bar instead', () => {
  afterAll(() => { stripe = recordStripe(); });

  it('a capture with no answer is not taken as refused: the ticket says the card is not confirmed, and Stripe\'s word that it went through records it paid by card', async () => {
    const p = await placedByCard();
    const { requests, down } = unreachable(p.payment.payment_intent_id);
    const live = await openLive(venue, await bartender());
    await live.waitFor((m) => m.type === 'hello');
    try {
      expect(await accept(p.orderId)).toMatchObject({ payment_status: 'unpaid', payment_problem: 'unconfirmed' });
      // Stripe took it all the same: the guest must not be asked to pay at the bar.
      expect(keptAtStripe(p.payment.payment_intent_id)).toBe(p.payment.amount_cents);
      const mine = await call('GET', `/api/orders/${p.orderId}`, { token: p.guest.token });
      expect(mine.json.order.payment_problem).not.toBe('failed');
      expect(await paymentRow(p.payment.payment_id)).toMatchObject({ status: 'placed' });
      down.on = false;
      const succeeded = stripeEvent('payment_intent.succeeded', localIntent(p.payment.payment_intent_id)!, { account: ACCOUNT });
      expect((await deliverEvent(succeeded)).json).toEqual({ received: true, applied: true });
      // The bar's screens hear it: paid by card, nothing to take at the bar.
      const event = await live.waitFor((m) => m.type === 'order_updated' && m.order.id === p.orderId && m.order.payment_status === 'captured');
      expect(event.order.payment_problem).toBeUndefined();
      expect(await orderRow(p.orderId)).toMatchObject({ payment_status: 'captured', payment_method: 'card_app', payment_problem: null });
      expect(await paymentRow(p.payment.payment_id)).toMatchObject({ status: 'captured' });
      expect(expectApiError(await payAtBar(p.orderId), 409).code).toBe('already_paid');
      expect((await deliverEvent(succeeded)).json).toEqual({ received: true, applied: false });
      expect(requests.filter((r) => r.path.endsWith('/capture')).map((r) => r.idempotencyKey)).toEqual(
        expect.arrayContaining([`capture:${p.payment.payment_id}:${p.payment.amount_cents}`]));
      expect(new Set(requests.filter((r) => r.path.endsWith('/capture')).map((r) => r.idempotencyKey)).size).toBe(1);
      expect(requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(0);
      expect(keptAtStripe(p.payment.payment_intent_id)).toBe(p.payment.amount_cents);
    } finally {
      live.ws?.close();
    }
  });

  it('a capture with no answer that Stripe says was cancelled leaves the order to pay at the bar, as a refused card', async () => {
    const p = await placedByCard();
    unreachable(p.payment.payment_intent_id);
    expect(await accept(p.orderId)).toMatchObject({ payment_problem: 'unconfirmed' });
    const cancelled = { ...localIntent(p.payment.payment_intent_id)!, status: 'canceled', amount_received: 0, cancellation_reason: 'automatic' };
    expect((await deliverEvent(stripeEvent('payment_intent.canceled', cancelled, { account: ACCOUNT }))).status).toBe(200);
    expect((await barQueue()).find((o) => o.id === p.orderId)).toMatchObject({ status: 'preparing', payment_status: 'unpaid', payment_problem: 'failed' });
    expect(await paymentRow(p.payment.payment_id)).toMatchObject({ status: 'released' });
  });

  it('the same capture is asked again, under the same key, before the bar takes the money, and by the nightly job: what went through is paid by card', async () => {
    const p = await placedByCard();
    const { requests, down } = unreachable(p.payment.payment_intent_id);
    expect(await accept(p.orderId)).toMatchObject({ payment_problem: 'unconfirmed' });
    await handOver(p.orderId);
    down.on = false;
    // The bar goes to take the money: Stripe's answer comes first, and says the card paid.
    const refused = expectApiError(await payAtBar(p.orderId), 409);
    expect(refused.code).toBe('already_paid');
    expect(await orderRow(p.orderId)).toMatchObject({ payment_status: 'captured', payment_method: 'card_app', payment_problem: null });
    expect(new Set(requests.filter((r) => r.path.endsWith('/capture')).map((r) => r.idempotencyKey))).toEqual(new Set([`capture:${p.payment.payment_id}:${p.payment.amount_cents}`]));
    expect(keptAtStripe(p.payment.payment_intent_id)).toBe(p.payment.amount_cents);

    // With nobody at the ticket, the nightly job asks.
    const q = await placedByCard();
    const second = unreachable(q.payment.payment_intent_id);
    expect(await accept(q.orderId)).toMatchObject({ payment_problem: 'unconfirmed' });
    second.down.on = false;
    await runHousekeeping(env);
    expect(await orderRow(q.orderId)).toMatchObject({ payment_status: 'captured', payment_method: 'card_app', payment_problem: null });
    expect(new Set(second.requests.filter((r) => r.path.endsWith('/capture')).map((r) => r.idempotencyKey))).toEqual(new Set([`capture:${q.payment.payment_id}:${q.payment.amount_cents}`]));
  });

  it('a capture that went through after the bar took the money at the bar is refunded in full, planned first, and the bar is told', async () => {
    const p = await placedByCard();
    const { requests, down } = unreachable(p.payment.payment_intent_id);
    expect(await accept(p.orderId)).toMatchObject({ payment_problem: 'unconfirmed' });
    await handOver(p.orderId);
    // Stripe still out of reach: the bar takes cash, and nothing stops it.
    const paid = await payAtBar(p.orderId);
    expect(paid.status, paid.text).toBe(200);
    expect(await orderRow(p.orderId)).toMatchObject({ payment_status: 'captured', payment_method: 'cash' });
    expect(keptAtStripe(p.payment.payment_intent_id)).toBe(p.payment.amount_cents);
    const live = await openLive(venue, await bartender());
    await live.waitFor((m) => m.type === 'hello');
    try {
      down.on = false;
      const succeeded = stripeEvent('payment_intent.succeeded', localIntent(p.payment.payment_intent_id)!, { account: ACCOUNT });
      expect((await deliverEvent(succeeded)).status).toBe(200);
      // The guest paid once: the card's capture is given back in full, under a key named after its plan.
      expect(keptAtStripe(p.payment.payment_intent_id)).toBe(0);
      const refunds = requests.filter((r) => r.path === '/v1/refunds');
      expect(new Set(refunds.map((r) => r.idempotencyKey))).toEqual(new Set([`refund:${p.payment.payment_id}`]));
      expect(Number(refunds[0]!.form.get('amount'))).toBe(p.payment.amount_cents);
      expect(await paymentRow(p.payment.payment_id)).toMatchObject({ status: 'refunded' });
      // The bar hears it on the ticket: paid at the bar, the card given back.
      const event = await live.waitFor((m) => m.type === 'order_updated' && m.order.id === p.orderId && m.order.payment_problem === 'late_payment_refunded');
      expect(event.order).toMatchObject({ payment_status: 'captured' });
      expect(await orderRow(p.orderId)).toMatchObject({ payment_status: 'captured', payment_method: 'cash', payment_problem: 'late_payment_refunded' });
      // Told again, nothing more is refunded.
      expect((await deliverEvent(succeeded)).json).toEqual({ received: true, applied: false });
      expect(keptAtStripe(p.payment.payment_intent_id)).toBe(0);
    } finally {
      live.ws?.close();
    }
  });

  it('a capture with no answer that went through on an order the bar then cancelled is refunded in full when Stripe says so', async () => {
    const p = await placedByCard();
    const { requests, down } = unreachable(p.payment.payment_intent_id);
    expect(await accept(p.orderId)).toMatchObject({ payment_problem: 'unconfirmed' });
    down.on = false;
    const cancelled = await call('PUT', `/api/staff/orders/${p.orderId}/status`, { token: await bartender(), body: { status: 'cancelled', reason: 'Guest left' } });
    expect(cancelled.status, cancelled.text).toBe(200);
    const succeeded = stripeEvent('payment_intent.succeeded', localIntent(p.payment.payment_intent_id)!, { account: ACCOUNT });
    expect((await deliverEvent(succeeded)).status).toBe(200);
    expect(keptAtStripe(p.payment.payment_intent_id)).toBe(0);
    expect(new Set(requests.filter((r) => r.path === '/v1/refunds').map((r) => r.idempotencyKey))).toEqual(new Set([`refund:${p.payment.payment_id}`]));
    expect(await paymentRow(p.payment.payment_id)).toMatchObject({ status: 'refunded' });
  });

  it('a paid order the bar cancels while Stripe does not answer is refunded in full by the nightly job, planned first, and cannot be brought back meanwhile', async () => {
    const p = await placedByCard();
    expect(await accept(p.orderId)).toMatchObject({ payment_status: 'captured' });
    const { requests, down } = unreachable(p.payment.payment_intent_id);
    const cancelled = await call('PUT', `/api/staff/orders/${p.orderId}/status`, { token: await bartender(), body: { status: 'cancelled', reason: 'Guest left' } });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(keptAtStripe(p.payment.payment_intent_id)).toBe(p.payment.amount_cents);
    // The refund is the plan now: an Undo would hand over an order whose money is on its way back.
    expect(await paymentRow(p.payment.payment_id)).toMatchObject({ status: 'refunding' });
    expect(expectApiError(await call('POST', `/api/staff/orders/${p.orderId}/recall`, { token: await bartender(), body: {} }), 409).code).toBe('payment_released');
    down.on = false;
    await runHousekeeping(env);
    expect(keptAtStripe(p.payment.payment_intent_id)).toBe(0);
    const refunds = requests.filter((r) => r.path === '/v1/refunds');
    expect(new Set(refunds.map((r) => r.idempotencyKey))).toEqual(new Set([`refund:${p.payment.payment_id}`]));
    expect(new Set(refunds.map((r) => r.form.get('amount')))).toEqual(new Set([String(p.payment.amount_cents)]));
    expect(await paymentRow(p.payment.payment_id)).toMatchObject({ status: 'refunded' });
    expect(await orderRow(p.orderId)).toMatchObject({ status: 'cancelled', payment_status: 'void' });
  });

  it('paid at the bar after a refused capture releases the card\'s authorisation at once (key release:<payment>)', async () => {
    const p = await placedByCard();
    const requests = refusingCapture(p.payment.payment_intent_id);
    expect(await accept(p.orderId)).toMatchObject({ payment_problem: 'failed' });
    await handOver(p.orderId);
    const paid = await payAtBar(p.orderId);
    expect(paid.status, paid.text).toBe(200);
    const releases = requests.filter((r) => r.path === `/v1/payment_intents/${p.payment.payment_intent_id}/cancel`);
    expect(releases.map((r) => r.idempotencyKey)).toEqual([`release:${p.payment.payment_id}`]);
    expect(localIntent(p.payment.payment_intent_id)).toMatchObject({ status: 'canceled', amount_received: 0 });
    expect(await paymentRow(p.payment.payment_id)).toMatchObject({ status: 'released' });
    expect(await orderRow(p.orderId)).toMatchObject({ payment_status: 'captured', payment_method: 'cash' });
    // The released card is no reason to refuse an Undo of the handover: the order stays paid at the bar.
    const undo = await call('POST', `/api/staff/orders/${p.orderId}/recall`, { token: await bartender(), body: {} });
    expect(undo.status, undo.text).toBe(200);
    expect(await orderRow(p.orderId)).toMatchObject({ status: 'preparing', payment_status: 'captured', payment_method: 'cash' });
  });

  it('a release Stripe does not answer never blocks the payment at the bar, and the nightly job makes it', async () => {
    const p = await placedByCard();
    refusingCapture(p.payment.payment_intent_id);
    expect(await accept(p.orderId)).toMatchObject({ payment_problem: 'failed' });
    await handOver(p.orderId);
    const { requests, down } = unreachable(p.payment.payment_intent_id);
    const paid = await payAtBar(p.orderId, 'card_terminal');
    expect(paid.status, paid.text).toBe(200);
    expect(paid.json.order).toMatchObject({ payment_status: 'captured' });
    expect(localIntent(p.payment.payment_intent_id)?.status).toBe('requires_capture');
    down.on = false;
    await runHousekeeping(env);
    expect(localIntent(p.payment.payment_intent_id)?.status).toBe('canceled');
    expect(new Set(requests.filter((r) => r.path.endsWith('/cancel')).map((r) => r.idempotencyKey))).toEqual(new Set([`release:${p.payment.payment_id}`]));
    expect(await paymentRow(p.payment.payment_id)).toMatchObject({ status: 'released' });
    expect(await orderRow(p.orderId)).toMatchObject({ payment_status: 'captured', payment_method: 'card_terminal' });
  });
});

describe("a card checkout's refusals and notes, each a code the guest's app says in their language", () => {
  it('refuses an empty cart, a drink taken off the menu and a total under the card minimum with their registry codes and data', async () => {
    const guest = await guestToken();
    const empty = expectApiError(await call('POST', '/api/cart/checkout/card', { token: guest.token, body: { slug: SLUG } }), 400);
    expectRefusal(empty, 'cart_empty.solo');

    const [cheap, other] = await availableDrinks(SLUG);
    expect((await call('POST', '/api/cart', { token: guest.token, body: { slug: SLUG, menu_drink_id: other!.id, qty: 1 } })).status).toBe(200);
    await makeUnavailable(other!.id);
    try {
      const gone = expectApiError(await call('POST', '/api/cart/checkout/card', { token: guest.token, body: { slug: SLUG } }), 409);
      expectRefusal(gone, 'drink_unavailable');
      expect(gone.details).toMatchObject({ name: other!.name, menu_drink_ids: [other!.id] });
    } finally {
      await env.DB.prepare('UPDATE menu_drinks SET is_available = 1 WHERE id = ?').bind(other!.id).run();
    }

    const priced = await env.DB.prepare('SELECT price_cents FROM menu_drinks WHERE id = ?').bind(cheap!.id).first<{ price_cents: number }>();
    await env.DB.prepare('UPDATE menu_drinks SET price_cents = 30 WHERE id = ?').bind(cheap!.id).run();
    try {
      const small = await guestToken();
      expect((await call('POST', '/api/cart', { token: small.token, body: { slug: SLUG, menu_drink_id: cheap!.id, qty: 1 } })).status).toBe(200);
      const under = expectApiError(await call('POST', '/api/cart/checkout/card', { token: small.token, body: { slug: SLUG } }), 400);
      expectRefusal(under, 'below_card_minimum');
      expect(under.details).toMatchObject({ minimum_cents: 50 });
    } finally {
      await env.DB.prepare('UPDATE menu_drinks SET price_cents = ? WHERE id = ?').bind(priced!.price_cents, cheap!.id).run();
    }
  });

  it('says a declined card, a changed cart and a drink gone while the guest paid as registry notes, each saying nothing was charged', async () => {
    const declined = await paying();
    await confirmCard(declined.guest.token, declined.payment.payment_intent_id, LOCAL_DECLINED_CARD);
    expectRefusal(await check(declined.guest.token, declined.payment.payment_id), 'card_declined');

    const changed = await paying();
    expect((await call('POST', '/api/cart', { token: changed.guest.token, body: { slug: SLUG, menu_drink_id: changed.drink.id, qty: 5 } })).status).toBe(200);
    expect((await confirmCard(changed.guest.token, changed.payment.payment_intent_id)).status).toBe(200);
    expectRefusal(await check(changed.guest.token, changed.payment.payment_id), 'cart_changed');

    const gone = await paying();
    await makeUnavailable(gone.drink.id);
    try {
      expect((await confirmCard(gone.guest.token, gone.payment.payment_intent_id)).status).toBe(200);
      const said = await check(gone.guest.token, gone.payment.payment_id);
      expect(said).toMatchObject({ status: 'released', order_id: null });
      expectRefusal(said, 'drink_unavailable.paid_first');
      expect(said.message).toBe(`${gone.drink.name} is not available right now: nothing was charged`);
    } finally {
      await env.DB.prepare('UPDATE menu_drinks SET is_available = 1 WHERE id = ?').bind(gone.drink.id).run();
    }
  });

  it('says an order the bar cancelled before accepting it as a registry note', async () => {
    const p = await placedByCard();
    expect((await call('PUT', `/api/staff/orders/${p.orderId}/status`, { token: await bartender(), body: { status: 'cancelled', reason: 'Out of limes' } })).status).toBe(200);
    expectRefusal(await check(p.guest.token, p.payment.payment_id), 'order_cancelled.released');
  });
});
