// Card payments (docs/product.md §12.9, docs/decisions/222): a share paid by card is captured only when Stripe's
// webhook says so; every webhook path replayed and out of order ends in one capture and one refund; an admin's
// refund; a tab on a card hold; no key in any answer or log line; bad input in the error shape of docs/api.md.
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { businessDayOf } from '../../shared/business-day';
import { CardCheckResponse, CardPaymentResponse, CardStatusResponse, HoldCheckResponse, HoldPaymentResponse, RefundResponse } from '../../shared/schemas/payments';
import { AdminAnalytics } from '../../shared/schemas/admin';
import { StaffTablesResponse } from '../../shared/schemas/tables';
import { venueHub } from '../../worker/live/hub-client';
import { chargeOf, disputeOf } from '../../worker/payments/local-stripe';
import { routeStripeThrough } from '../../worker/payments/stripe';
import { call, expectApiError } from './helpers';
import { staffToken, venueId } from './order-helpers';
import { ACCOUNT, billedTable, confirmed, connectVenue, deliverEvent, eventOf, recordStripe } from './payments-helpers';
import { addLine, addTables, bartender, deliver, drinksOf, idleFor, sendRound, SLUG, stateOf, tableOf } from './table-helpers';

let stripe: ReturnType<typeof recordStripe>;
beforeAll(async () => {
  await addTables(80);
  await connectVenue(SLUG, ACCOUNT);
  stripe = recordStripe();
});
afterAll(() => routeStripeThrough(null));

const payShare = (sessionId: string, shareId: string, token: string) => call('POST', `/api/tables/sessions/${sessionId}/shares/${shareId}/card`, { token, body: {} });
const refund = (shareId: string, token: string, body: unknown) => call('POST', `/api/admin/payments/shares/${shareId}/refunds`, { token, body });
const paymentEvents = async (intent: string) => (await env.DB.prepare('SELECT count(*) AS n FROM payment_events WHERE payment_intent_id = ?').bind(intent).first<{ n: number }>())!.n;

/** A billed table whose host started paying their share by card: the intent, as the guest's confirmation leaves it. */
async function paying(table: string) {
  const t = await billedTable(table);
  const res = await payShare(t.sessionId, t.share.id, t.host.token);
  expect(res.status, res.text).toBe(200);
  const answer = CardPaymentResponse.parse(res.json);
  return { ...t, answer };
}

describe('paying a share by card', () => {
  it('creates a PaymentIntent for the share and its tip on the venue\'s account, with the platform\'s fee; the share stays unpaid until Stripe says so', async () => {
    const t = await paying('51');
    // Through the local stand-in there is no Stripe.js to load: the pay screen shows its test card form (docs/decisions/242).
    expect(t.answer).toMatchObject({ stripe_account: ACCOUNT, amount_cents: t.share.due_cents, publishable_key: null });
    expect(t.answer.client_secret).toMatch(new RegExp(`^${t.answer.payment_intent_id}_secret_`));
    const created = stripe.filter((r) => r.path === '/v1/payment_intents' && r.form.get('metadata[share_id]') === t.share.id);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ method: 'POST', account: ACCOUNT });
    expect(created[0]!.idempotencyKey).toContain(t.share.id);
    expect(Number(created[0]!.form.get('amount'))).toBe(t.share.due_cents);
    expect(Number(created[0]!.form.get('application_fee_amount'))).toBe(Math.floor(t.share.due_cents / 100));
    expect(created[0]!.form.get('automatic_payment_methods[enabled]')).toBe('true');
    // The browser's word is not enough: the share is unpaid, its card payment started.
    confirmed(t.answer.payment_intent_id);
    const state = await stateOf(t.sessionId, t.host.token);
    expect(state.shares.find((s) => s.id === t.share.id)).toMatchObject({ payment_status: 'unpaid', method: 'card_app' });
    // Paying again goes on with the same payment; the bar cannot record it as well, nor the payer take it back.
    expect(CardPaymentResponse.parse((await payShare(t.sessionId, t.share.id, t.host.token)).json).payment_intent_id).toBe(t.answer.payment_intent_id);
    expect(expectApiError(await call('POST', `/api/staff/tables/sessions/${t.sessionId}/shares/${t.share.id}/payment`, { token: await bartender(), body: { method: 'cash' } }), 409).code).toBe('card_payment_started');
    expect(expectApiError(await call('DELETE', `/api/tables/sessions/${t.sessionId}/shares/${t.share.id}`, { token: t.host.token }), 409).code).toBe('card_payment_started');
  });

  it('payment_intent.succeeded captures the share and closes the settled tab; its rounds are paid', async () => {
    const t = await paying('52');
    const intent = confirmed(t.answer.payment_intent_id);
    const res = await deliverEvent(eventOf('payment_intent.succeeded', intent));
    expect(res.json).toEqual({ received: true, applied: true });
    const state = await stateOf(t.sessionId, await bartender());
    expect(state.shares.find((s) => s.id === t.share.id)).toMatchObject({ payment_status: 'captured', method: 'card_app', recorded_by_name: 'Card in the app' });
    expect(state).toMatchObject({ status: 'closed', closed_reason: 'paid' });
    expect(state.tab.paid_cents).toBe(state.tab.total_cents);
    const order = await env.DB.prepare('SELECT payment_status FROM orders WHERE id = ?').bind(t.order.id).first<{ payment_status: string }>();
    expect(order?.payment_status).toBe('captured');
  });

  it('a venue without a connected account keeps "Pay at the bar"', async () => {
    // The artisan bar's own tab, with its account taken away for a moment.
    await connectVenue(SLUG, null);
    try {
      const b = await billedTable('53');
      const status = CardStatusResponse.parse((await call('GET', `/api/tables/sessions/${b.sessionId}/card`, { token: b.host.token })).json);
      expect(status.available).toBe(false);
      expect(expectApiError(await payShare(b.sessionId, b.share.id, b.host.token), 409)).toMatchObject({ code: 'payments_unavailable', message: 'This venue takes payment at the bar' });
    } finally {
      await connectVenue(SLUG, ACCOUNT);
    }
  });
});

describe('the payer\'s browser says it confirmed (docs/decisions/222)', () => {
  const check = (sessionId: string, shareId: string, token: string) => call('POST', `/api/tables/sessions/${sessionId}/shares/${shareId}/card/check`, { token, body: {} });

  it('the Worker asks Stripe: nothing is captured while Stripe has no payment, then Stripe\'s answer captures it once', async () => {
    const t = await paying('66');
    // The browser says it paid; Stripe says the intent still needs a card: the share stays unpaid.
    expect(CardCheckResponse.parse((await check(t.sessionId, t.share.id, t.host.token)).json).share).toMatchObject({ payment_status: 'unpaid', payment_problem: null });
    expect((await stateOf(t.sessionId, t.host.token)).shares.find((s) => s.id === t.share.id)?.payment_status).toBe('unpaid');
    const asked = stripe.filter((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${t.answer.payment_intent_id}`);
    expect(asked.at(-1)).toMatchObject({ account: ACCOUNT });

    const intent = confirmed(t.answer.payment_intent_id);
    expect(CardCheckResponse.parse((await check(t.sessionId, t.share.id, t.host.token)).json).share.payment_status).toBe('captured');
    const state = await stateOf(t.sessionId, t.host.token);
    expect(state.shares.find((s) => s.id === t.share.id)).toMatchObject({ payment_status: 'captured', method: 'card_app' });
    expect(state).toMatchObject({ status: 'closed', closed_reason: 'paid' });
    // Stripe's webhook of the same payment, and asking again, change nothing more.
    expect((await deliverEvent(eventOf('payment_intent.succeeded', intent))).json).toEqual({ received: true, applied: true });
    expect(CardCheckResponse.parse((await check(t.sessionId, t.share.id, t.host.token)).json).share.payment_status).toBe('captured');
    const after = await stateOf(t.sessionId, t.host.token);
    expect(after.tab.paid_cents).toBe(state.tab.paid_cents);
    expect(after.shares.filter((s) => s.payment_status === 'captured')).toHaveLength(1);
  });

  it('a declined card shows as the payer\'s problem; another member cannot ask about a share not theirs', async () => {
    const t = await paying('67');
    confirmed(t.answer.payment_intent_id, 'failed');
    expect(CardCheckResponse.parse((await check(t.sessionId, t.share.id, t.host.token)).json).share).toMatchObject({
      payment_status: 'unpaid', payment_problem: 'failed', payment_problem_note: 'Your card was declined.',
    });
    expect(expectApiError(await check(t.sessionId, t.share.id, t.guests[1]!.token), 403).code).toBe('not_your_share');
    expect(expectApiError(await check(t.sessionId, 'no-such-share', t.host.token), 404).code).toBe('share_not_found');
  });
});

describe('the webhook', () => {
  it('every path replayed 100 times and out of order ends in one capture and one refund', async () => {
    const t = await paying('54');
    const intent = confirmed(t.answer.payment_intent_id);
    const due = t.share.due_cents;
    const events = [
      eventOf('payment_intent.payment_failed', { ...intent, status: 'requires_payment_method', last_payment_error: { code: 'card_declined', message: 'Your card was declined.' } }),
      eventOf('payment_intent.succeeded', intent),
      eventOf('charge.refunded', chargeOf(intent, 300)),
      eventOf('charge.refunded', chargeOf(intent, due)),
      eventOf('charge.dispute.created', disputeOf(intent)),
      eventOf('payment_intent.canceled', { ...intent, status: 'canceled', cancellation_reason: 'abandoned' }),
    ];
    // The refund first, the success last, each event 100 times, shuffled by a fixed rule.
    const deliveries = Array.from({ length: 100 }, (_, round) => events.map((e, i) => ({ e, key: (i * 7919 + round * 104_729) % 997 }))).flat()
      .sort((a, b) => a.key - b.key).map((d) => d.e);
    deliveries.unshift(events[3]!);
    for (let i = 0; i < deliveries.length; i += 20) {
      const answers = await Promise.all(deliveries.slice(i, i + 20).map((e) => deliverEvent(e)));
      for (const a of answers) expect(a.status, a.text).toBe(200);
    }
    expect(await paymentEvents(intent.id)).toBe(events.length);
    const state = await stateOf(t.sessionId, await bartender());
    const share = state.shares.find((s) => s.id === t.share.id)!;
    expect(share).toMatchObject({ payment_status: 'refunded', refunded_cents: due, payment_problem: 'disputed' });
    expect(state).toMatchObject({ status: 'closed', closed_reason: 'paid' });
    expect(state.shares.filter((s) => s.method === 'card_app')).toHaveLength(1);
    const staffList = StaffTablesResponse.parse((await call('GET', '/api/staff/tables', { token: await bartender() })).json);
    expect(staffList.sessions.find((s) => s.session_id === t.sessionId)).toMatchObject({
      needs_attention: true, card_problems: [expect.objectContaining({ share_id: t.share.id, problem: 'disputed', payer_name: 'Host' })],
    });
    // Hundreds of signed deliveries: a ceiling for a loaded machine, not a speed claim (speed is measured under bench/).
  }, 180_000);

  it('a failed or cancelled card payment shows to staff, and the payer can try again', async () => {
    const t = await paying('55');
    const failed = confirmed(t.answer.payment_intent_id, 'failed');
    await deliverEvent(eventOf('payment_intent.payment_failed', failed));
    let listed = StaffTablesResponse.parse((await call('GET', '/api/staff/tables', { token: await bartender() })).json);
    expect(listed.sessions.find((s) => s.session_id === t.sessionId)?.card_problems).toEqual([
      { share_id: t.share.id, payer_name: 'Host', problem: 'failed', note: 'Your card was declined.', due_cents: t.share.due_cents },
    ]);
    await deliverEvent(eventOf('payment_intent.canceled', { ...failed, status: 'canceled', cancellation_reason: 'abandoned' }));
    listed = StaffTablesResponse.parse((await call('GET', '/api/staff/tables', { token: await bartender() })).json);
    expect(listed.sessions.find((s) => s.session_id === t.sessionId)?.card_problems[0]?.problem).toBe('canceled');
    // After a cancelled payment a new one is made.
    const again = CardPaymentResponse.parse((await payShare(t.sessionId, t.share.id, t.host.token)).json);
    expect(again.payment_intent_id).not.toBe(t.answer.payment_intent_id);
    await deliverEvent(eventOf('payment_intent.succeeded', confirmed(again.payment_intent_id)));
    const state = await stateOf(t.sessionId, t.host.token);
    expect(state.shares.find((s) => s.id === t.share.id)).toMatchObject({ payment_status: 'captured', payment_problem: null });
  });

  it('refuses an unsigned or forged event in the error shape, and acknowledges events it does not follow', async () => {
    const t = await paying('56');
    const intent = confirmed(t.answer.payment_intent_id);
    const event = eventOf('payment_intent.succeeded', intent);
    const unsigned = await call('POST', '/api/payments/webhook', { rawBody: JSON.stringify(event), headers: { 'Content-Type': 'application/json' } });
    expect(expectApiError(unsigned, 400).code).toBe('invalid_signature');
    expect(expectApiError(await deliverEvent(event, 'whsec_someone_else'), 400)).toEqual({ code: 'invalid_signature', message: 'The Stripe signature does not match this payload' });
    expect((await stateOf(t.sessionId, t.host.token)).shares.find((s) => s.id === t.share.id)?.payment_status).toBe('unpaid');
    expect((await deliverEvent(eventOf('customer.created', { id: 'cus_1', object: 'customer' }))).json).toEqual({ received: true, applied: false });
    expect((await deliverEvent(eventOf('payment_intent.succeeded', { ...intent, id: 'pi_nobody_knows' }))).json).toEqual({ received: true, applied: false });
  });
});

describe('refunds', () => {
  it('an admin refunds part then the rest, with a reason, audited; more than was paid is refused, never reduced; Stripe\'s own event does not count it twice', async () => {
    const t = await paying('57');
    const intent = confirmed(t.answer.payment_intent_id);
    await deliverEvent(eventOf('payment_intent.succeeded', intent));
    const admin = await staffToken('admin@barhop.dev');
    const due = t.share.due_cents;
    expect(expectApiError(await refund(t.share.id, admin, { amount_cents: 100 }), 400).details).toEqual([{ path: 'reason', message: 'A reason is required' }]);
    expect(expectApiError(await refund(t.share.id, admin, { amount_cents: due + 1, reason: 'Spilled' }), 400).message).toMatch(/^That is more than the \$\d+\.\d\d paid by card and not yet refunded$/);
    expect(expectApiError(await refund(t.share.id, await bartender(), { amount_cents: 100, reason: 'Spilled' }), 403).code).toBe('forbidden');
    const partial = RefundResponse.parse((await refund(t.share.id, admin, { amount_cents: 300, reason: 'Spilled drink' })).json);
    expect(partial.share).toMatchObject({ payment_status: 'captured', refunded_cents: 300 });
    const sent = stripe.filter((r) => r.path === '/v1/refunds' && r.form.get('payment_intent') === intent.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ account: ACCOUNT });
    expect(sent[0]!.form.get('amount')).toBe('300');
    expect(sent[0]!.form.get('refund_application_fee')).toBe('true');
    // Stripe's event about the same refund, replayed, changes nothing.
    for (let i = 0; i < 5; i++) await deliverEvent(eventOf('charge.refunded', chargeOf(intent, 300)));
    expect((await stateOf(t.sessionId, admin)).shares.find((s) => s.id === t.share.id)?.refunded_cents).toBe(300);
    const whole = RefundResponse.parse((await refund(t.share.id, admin, { reason: 'Wrong table' })).json);
    expect(whole).toMatchObject({ refund: { amount_cents: due - 300 }, share: { payment_status: 'refunded', refunded_cents: due } });
    expect(expectApiError(await refund(t.share.id, admin, { reason: 'Again' }), 409).code).toBe('already_refunded');
    // The close-of-night report of the day: the card payment by method, the refunds and the platform's fee.
    const venue = (await env.DB.prepare('SELECT timezone, day_cutoff_minutes FROM venues WHERE slug = ?').bind(SLUG).first<{ timezone: string; day_cutoff_minutes: number }>())!;
    const night = await call('GET', `/api/admin/reports/night?day=${businessDayOf(new Date(), venue.timezone, venue.day_cutoff_minutes)}`, { token: admin });
    expect(night.status, night.text).toBe(200);
    expect(night.json.payment_methods).toEqual(expect.arrayContaining([expect.objectContaining({ method: 'Card in the app' })]));
    expect(night.json.refunds.cents).toBeGreaterThanOrEqual(due);
    expect(night.json.card_fees_cents).toBeGreaterThanOrEqual(Math.floor(due / 100));
    const audited = await env.DB.prepare(`SELECT summary FROM audit_log WHERE action = 'tab_share.refund' AND target_id = ? ORDER BY created_at`).bind(t.share.id).all<{ summary: string }>();
    expect(audited.results.map((r) => r.summary)).toEqual([expect.stringMatching(/Refunded \$3\.00 .*: Spilled drink$/), expect.stringMatching(/: Wrong table$/)]);
  });

  it('a cash share is refunded at the bar, not here', async () => {
    const t = await billedTable('58');
    expect((await call('POST', `/api/staff/tables/sessions/${t.sessionId}/shares/${t.share.id}/payment`, { token: await bartender(), body: { method: 'cash' } })).status).toBe(200);
    expect(expectApiError(await refund(t.share.id, await staffToken('admin@barhop.dev'), { reason: 'Spilled' }), 409).code).toBe('not_refundable');
  });
});

describe('owner figures (docs/decisions/222)', () => {
  it('analytics count takings by method, with the tips, the card refunds and Barhop\'s fees', async () => {
    const admin = await staffToken('admin@barhop.dev');
    const figures = async () => AdminAnalytics.parse((await call('GET', '/api/admin/analytics?window=7d', { token: admin })).json).payments;
    const before = await figures();
    expect(before.by_method.map((m) => m.method)).toEqual(['cash', 'card_terminal', 'card_app']);
    const byCard = await paying('68');
    await deliverEvent(eventOf('payment_intent.succeeded', confirmed(byCard.answer.payment_intent_id)));
    expect((await refund(byCard.share.id, admin, { amount_cents: 150, reason: 'Spilled drink' })).status).toBe(200);
    const inCash = await billedTable('69');
    expect((await call('POST', `/api/staff/tables/sessions/${inCash.sessionId}/shares/${inCash.share.id}/payment`, { token: await bartender(), body: { method: 'cash' } })).status).toBe(200);
    const after = await figures();
    const delta = (method: string) => {
      const [b, a] = [before, after].map((f) => f.by_method.find((m) => m.method === method)!);
      return { payments: a!.payments - b!.payments, amount_cents: a!.amount_cents - b!.amount_cents, tips_cents: a!.tips_cents - b!.tips_cents };
    };
    expect(delta('card_app')).toEqual({ payments: 1, amount_cents: byCard.share.due_cents, tips_cents: 200 });
    expect(delta('cash')).toEqual({ payments: 1, amount_cents: inCash.share.due_cents, tips_cents: 200 });
    expect(delta('card_terminal')).toEqual({ payments: 0, amount_cents: 0, tips_cents: 0 });
    expect(after.tips_cents - before.tips_cents).toBe(400);
    expect(after.card_refunds_cents - before.card_refunds_cents).toBe(150);
    expect(after.card_fees_cents - before.card_fees_cents).toBe(Math.floor(byCard.share.due_cents / 100));
  });
});

describe('a tab on a card hold', () => {
  const holdOn = async (sessionId: string, token: string) => {
    const res = await call('POST', `/api/tables/sessions/${sessionId}/holds`, { token, body: {} });
    expect(res.status, res.text).toBe(200);
    const answer = CardPaymentResponse.parse(res.json);
    await deliverEvent(eventOf('payment_intent.amount_capturable_updated', confirmed(answer.payment_intent_id)));
    return answer;
  };
  const capture = (sessionId: string, token: string) => call('POST', `/api/staff/tables/sessions/${sessionId}/holds/capture`, { token, body: {} });

  it('a round past the hold asks for a new hold; closing captures what is owed and releases the rest', async () => {
    const [drink] = await drinksOf();
    const price = drink!.price_cents;
    await connectVenue(SLUG, ACCOUNT, price * 2 + 500);
    try {
      const t = await tableOf('59', ['Host']);
      const hold = await holdOn(t.sessionId, t.host.token);
      expect(stripe.find((r) => r.path === '/v1/payment_intents' && r.form.get('metadata[session_id]') === t.sessionId)?.form.get('capture_method')).toBe('manual');
      await addLine(t.sessionId, t.host.token, { menu_drink_id: drink!.id, qty: 2 });
      await deliver((await sendRound(t.sessionId, t.host.token)).order.id);
      await addLine(t.sessionId, t.host.token, { menu_drink_id: drink!.id, qty: 1 });
      const refused = expectApiError(await call('POST', `/api/tables/sessions/${t.sessionId}/rounds`, { token: t.host.token, body: {} }), 409);
      expect(refused.code).toBe('hold_exceeded');
      expect(refused.message).toMatch(/^This round would bring the tab to \$\d+\.\d\d, past its card hold of \$\d+\.\d\d: put down a new hold to send it$/);
      // A second hold lets the round go.
      await holdOn(t.sessionId, t.host.token);
      await deliver((await sendRound(t.sessionId, t.host.token)).order.id);
      const owed = (await stateOf(t.sessionId, t.host.token)).tab.total_cents;
      const closed = await capture(t.sessionId, await bartender());
      expect(closed.status, closed.text).toBe(200);
      expect(closed.json.table).toMatchObject({ status: 'closed', closed_reason: 'paid' });
      const captures = stripe.filter((r) => r.path.endsWith('/capture') && r.account === ACCOUNT && r.path.includes(hold.payment_intent_id));
      expect(captures).toHaveLength(1);
      const shares = closed.json.table.shares as { payment_status: string; method: string; amount_cents: number; tip_cents: number }[];
      expect(shares.filter((s) => s.payment_status === 'captured').reduce((n, s) => n + s.amount_cents + s.tip_cents, 0)).toBe(owed);
      expect(shares.every((s) => s.payment_status !== 'unpaid')).toBe(true);
    } finally {
      await connectVenue(SLUG, ACCOUNT);
    }
  });

  it('a capture over the hold is refused, and nothing is captured', async () => {
    const [drink] = await drinksOf();
    await connectVenue(SLUG, ACCOUNT, drink!.price_cents);
    try {
      const t = await tableOf('60', ['Host']);
      await addLine(t.sessionId, t.host.token, { menu_drink_id: drink!.id, qty: 3 });
      await deliver((await sendRound(t.sessionId, t.host.token)).order.id);
      const hold = await holdOn(t.sessionId, t.host.token);
      const refused = expectApiError(await capture(t.sessionId, await bartender()), 409);
      expect(refused.code).toBe('capture_over_hold');
      expect(refused.message).toMatch(/^The tab's \$\d+\.\d\d is more than its card hold of \$\d+\.\d\d: settle the rest another way first$/);
      expect(stripe.filter((r) => r.path.includes(hold.payment_intent_id) && r.path.endsWith('/capture'))).toHaveLength(0);
      expect((await stateOf(t.sessionId, t.host.token)).status).toBe('open');
    } finally {
      await connectVenue(SLUG, ACCOUNT);
    }
  });

  // The hold screen (docs/decisions/222): a hold is put down, Stripe.js confirms it, the Worker asks Stripe.
  const putHold = async (sessionId: string, token: string) => {
    const res = await call('POST', `/api/tables/sessions/${sessionId}/holds`, { token, body: {} });
    expect(res.status, res.text).toBe(200);
    return HoldPaymentResponse.parse(res.json);
  };
  const checkHold = (sessionId: string, token: string, body: unknown) => call('POST', `/api/tables/sessions/${sessionId}/holds/check`, { token, body });
  const sendRefusal = async (sessionId: string, token: string) => call('POST', `/api/tables/sessions/${sessionId}/rounds`, { token, body: {} });

  it('a pending hold covers no round; the Worker asks Stripe after the browser confirmed, and Stripe\'s answer authorises it once', async () => {
    const [drink] = await drinksOf();
    const price = drink!.price_cents;
    await connectVenue(SLUG, ACCOUNT, price * 2 + 500);
    try {
      const t = await tableOf('70', ['Host', 'Bo']);
      const first = await holdOn(t.sessionId, t.host.token);
      await addLine(t.sessionId, t.host.token, { menu_drink_id: drink!.id, qty: 2 });
      await deliver((await sendRound(t.sessionId, t.host.token)).order.id);
      await addLine(t.sessionId, t.host.token, { menu_drink_id: drink!.id, qty: 1 });
      const past = expectApiError(await sendRefusal(t.sessionId, t.host.token), 409);
      expect(past).toMatchObject({ code: 'hold_exceeded', details: { held_cents: first.amount_cents } });

      // A second hold put down but not confirmed: Stripe has no card for it, and the round is still refused.
      const second = await putHold(t.sessionId, t.guests[1]!.token);
      expect(second.amount_cents).toBe(price * 2 + 500);
      let status = CardStatusResponse.parse((await call('GET', `/api/tables/sessions/${t.sessionId}/card`, { token: t.host.token })).json);
      expect(status.holds.find((h) => h.id === second.hold_id)?.status).toBe('pending');
      expect(expectApiError(await sendRefusal(t.sessionId, t.host.token), 409)).toMatchObject({ code: 'hold_exceeded', details: { held_cents: first.amount_cents } });
      // The browser says it confirmed; Stripe says the intent still needs a card: nothing changes.
      expect(HoldCheckResponse.parse((await checkHold(t.sessionId, t.guests[1]!.token, { hold_id: second.hold_id })).json).hold.status).toBe('pending');
      expect(stripe.filter((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${second.payment_intent_id}`).at(-1)).toMatchObject({ account: ACCOUNT });
      expect(expectApiError(await sendRefusal(t.sessionId, t.host.token), 409).code).toBe('hold_exceeded');

      // Stripe authorised it: the check applies Stripe's answer, once, and the round goes.
      const intent = confirmed(second.payment_intent_id);
      expect(HoldCheckResponse.parse((await checkHold(t.sessionId, t.guests[1]!.token, { hold_id: second.hold_id })).json).hold)
        .toEqual({ id: second.hold_id, amount_cents: second.amount_cents, status: 'authorized', captured_cents: 0 });
      expect(HoldCheckResponse.parse((await checkHold(t.sessionId, t.host.token, { hold_id: second.hold_id })).json).hold.status).toBe('authorized');
      expect((await deliverEvent(eventOf('payment_intent.amount_capturable_updated', intent))).json).toEqual({ received: true, applied: true });
      expect(await paymentEvents(second.payment_intent_id)).toBe(2);
      status = CardStatusResponse.parse((await call('GET', `/api/tables/sessions/${t.sessionId}/card`, { token: t.host.token })).json);
      expect(status.holds.map((h) => h.status)).toEqual(['authorized', 'authorized']);
      await deliver((await sendRound(t.sessionId, t.host.token)).order.id);
    } finally {
      await connectVenue(SLUG, ACCOUNT);
    }
  });

  it('a tab whose only hold is pending is not on a card yet: its rounds go as any tab\'s', async () => {
    const [drink] = await drinksOf();
    await connectVenue(SLUG, ACCOUNT, 100);
    try {
      const t = await tableOf('71', ['Host']);
      await putHold(t.sessionId, t.host.token);
      await addLine(t.sessionId, t.host.token, { menu_drink_id: drink!.id, qty: 2 });
      await deliver((await sendRound(t.sessionId, t.host.token)).order.id);
    } finally {
      await connectVenue(SLUG, ACCOUNT);
    }
  });

  it('a hold check refuses bad input in the error shape: no hold_id, a hold not on the tab, a guest not at the table', async () => {
    const t = await tableOf('72', ['Host']);
    const hold = await putHold(t.sessionId, t.host.token);
    expect(expectApiError(await checkHold(t.sessionId, t.host.token, {}), 400)).toMatchObject({ code: 'invalid_request', details: [{ path: 'hold_id', message: 'hold_id is required' }] });
    expect(expectApiError(await checkHold(t.sessionId, t.host.token, { hold_id: 'no-such-hold' }), 404).code).toBe('hold_not_found');
    const stranger = await tableOf('73', ['Stranger']);
    expect(expectApiError(await checkHold(t.sessionId, stranger.host.token, { hold_id: hold.hold_id }), 403).code).toBe('not_a_member');
    expect(expectApiError(await checkHold(stranger.sessionId, stranger.host.token, { hold_id: hold.hold_id }), 404).code).toBe('hold_not_found');
  });

  it('an idle tab on a hold closes by capturing what is owed', async () => {
    const t = await tableOf('61', ['Host']);
    const hold = await holdOn(t.sessionId, t.host.token);
    const [drink] = await drinksOf();
    await addLine(t.sessionId, t.host.token, { menu_drink_id: drink!.id, qty: 1 });
    await deliver((await sendRound(t.sessionId, t.host.token)).order.id);
    await idleFor(t.sessionId, 5 * 60);
    // What the hub's alarm and the daily housekeeping run (docs/decisions/231).
    const venue = await venueId(SLUG);
    expect(await venueHub(env, venue).closeIdleTables(venue)).toBeGreaterThanOrEqual(1);
    const state = await stateOf(t.sessionId, await bartender());
    expect(state).toMatchObject({ status: 'closed', closed_reason: 'auto_closed' });
    expect(state.shares).toEqual([expect.objectContaining({ payment_status: 'captured', method: 'card_app', amount_cents: state.tab.total_cents })]);
    const captured = stripe.filter((r) => r.path === `/v1/payment_intents/${hold.payment_intent_id}/capture`);
    expect(captured.map((r) => Number(r.form.get('amount_to_capture')))).toEqual([state.tab.total_cents]);
  });
});

describe('keys', () => {
  it('never appear in an answer or a log line, even when Stripe refuses the key', async () => {
    const secrets = [env.STRIPE_SECRET_KEY as string, env.STRIPE_WEBHOOK_SECRET as string];
    const logged: string[] = [];
    for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => { logged.push(args.map(String).join(' ')); });
    }
    const answers: string[] = [];
    try {
      const t = await paying('62');
      answers.push(JSON.stringify(t.answer));
      const intent = confirmed(t.answer.payment_intent_id);
      answers.push((await deliverEvent(eventOf('payment_intent.succeeded', intent))).text);
      answers.push((await refund(t.share.id, await staffToken('admin@barhop.dev'), { amount_cents: 100, reason: 'Test' })).text);
      answers.push((await call('GET', `/api/tables/sessions/${t.sessionId}/card`, { token: t.host.token })).text);
      // Stripe refusing the key: its message names the key's end, ours says nothing of it.
      routeStripeThrough(async () => new Response(JSON.stringify({ error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${secrets[0]}` } }), { status: 401 }));
      const b = await billedTable('63');
      const refused = await payShare(b.sessionId, b.share.id, b.host.token);
      expect(expectApiError(refused, 502).code).toBe('payment_provider_error');
      answers.push(refused.text);
      expect(stripe.every((r) => r.authorization === `Bearer ${secrets[0]}`)).toBe(true);
    } finally {
      stripe = recordStripe();
      vi.restoreAllMocks();
    }
    for (const text of [...answers, ...logged]) for (const secret of secrets) expect(text).not.toContain(secret);
    expect(logged.some((line) => line.includes('stripe request failed'))).toBe(true);
  });

  it('bad input gets the error shape: a share that is not theirs, an unknown share, a table they are not at', async () => {
    const t = await billedTable('64');
    const bo = t.guests[1]!;
    expect(expectApiError(await payShare(t.sessionId, t.share.id, bo.token), 403).code).toBe('not_your_share');
    expect(expectApiError(await payShare(t.sessionId, 'no-such-share', t.host.token), 404).code).toBe('share_not_found');
    const stranger = await tableOf('65', ['Stranger']);
    expect(expectApiError(await payShare(t.sessionId, t.share.id, stranger.host.token), 403).code).toBe('not_a_member');
    expect(expectApiError(await call('POST', `/api/admin/payments/shares/${t.share.id}/refunds`, { token: await staffToken('admin@barhop.dev'), body: { amount_cents: -5, reason: 'x' } }), 400).code).toBe('invalid_request');
  });
});
