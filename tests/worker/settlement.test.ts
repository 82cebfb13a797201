// Where a card meets a tab's other paths (docs/payments.md): every cent the stand-in Stripe takes is on the tab, and
// no guest pays twice. Each test ends by checking the invariant for its tab: what Stripe captured less what it
// refunded equals what the tab records paid by card less refunded, to the cent.
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardStatusResponse } from '../../shared/schemas/payments';
import { StaffTablesResponse } from '../../shared/schemas/tables';
import { venueHub } from '../../worker/live/hub-client';
import { localStripeFetch } from '../../worker/payments/local-stripe';
import { capture, holdOn, intentOf, moneyAgrees, payShare, recordCash, refund } from './settlement-helpers';
import { routeStripeThrough } from '../../worker/payments/stripe';
import { call, expectApiError } from './helpers';
import { staffToken, venueId } from './order-helpers';
import { ACCOUNT, billedTable, confirmed, connectVenue, deliverEvent, eventOf, recordStripe } from './payments-helpers';
import { addLine, addTables, bartender, deliver, drinksOf, idleFor, sendRound, SLUG, stateOf, tableOf } from './table-helpers';

beforeAll(async () => {
  await addTables(140);
  await connectVenue(SLUG, ACCOUNT);
  recordStripe();
});
afterAll(() => routeStripeThrough(null));

/** A table of Host and Bea, a round of theirs delivered, optionally on a hold; billed. */
async function tableWithRound(table: string, options: { hold?: boolean; bill?: boolean } = {}) {
  const t = await tableOf(table, ['Host', 'Bea']);
  const hold = options.hold ? await holdOn(t.sessionId, t.host.token) : null;
  const drinks = await drinksOf();
  for (const [i, g] of t.guests.entries()) expect((await addLine(t.sessionId, g.token, { menu_drink_id: drinks[i % 2]!.id, qty: 2 })).status).toBe(200);
  const sent = await sendRound(t.sessionId, t.host.token);
  await deliver(sent.order.id);
  if (options.bill !== false) expect((await call('POST', `/api/tables/sessions/${t.sessionId}/bill`, { token: t.host.token, body: {} })).status).toBe(200);
  return { ...t, bea: t.guests[1]!, hold, order: sent.order };
}

async function beaShare(t: Awaited<ReturnType<typeof tableWithRound>>, cents = 1200) {
  const res = await call('POST', `/api/tables/sessions/${t.sessionId}/shares`, { token: t.bea.token, body: { kind: 'custom', amount_cents: cents, tip: { cents: 0 } } });
  expect(res.status, res.text).toBe(200);
  return (res.json.table.shares as { id: string; payer_member_id: string }[]).find((s) => s.payer_member_id === t.bea.memberId)!;
}

describe('the stand-in behaves like Stripe where money is at stake', () => {
  const post = (path: string, form: Record<string, string>, key?: string) => localStripeFetch(`https://api.stripe.com${path}`, {
    method: 'POST', body: new URLSearchParams(form).toString(), headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(key ? { 'Idempotency-Key': key } : {}) },
  });

  it('an idempotency key answers the same again, and refuses other parameters', async () => {
    const key = `test-key-${crypto.randomUUID()}`;
    const first = await (await post('/v1/payment_intents', { amount: '1000', currency: 'usd' }, key)).json() as { id: string };
    const again = await (await post('/v1/payment_intents', { amount: '1000', currency: 'usd' }, key)).json() as { id: string };
    expect(again.id).toBe(first.id);
    const other = await post('/v1/payment_intents', { amount: '2000', currency: 'usd' }, key);
    expect(other.status).toBe(400);
    expect(((await other.json()) as { error: { type: string } }).error.type).toBe('idempotency_error');
  });

  it('refuses a payment below the card minimum, a capture over what is authorised, a refund over what is captured', async () => {
    expect((await post('/v1/payment_intents', { amount: '49', currency: 'usd' })).status).toBe(400);
    const hold = await (await post('/v1/payment_intents', { amount: '1000', currency: 'usd', capture_method: 'manual' })).json() as { id: string };
    confirmed(hold.id);
    expect((await post(`/v1/payment_intents/${hold.id}/capture`, { amount_to_capture: '1001' })).status).toBe(400);
    expect((await post(`/v1/payment_intents/${hold.id}/capture`, { amount_to_capture: '600' })).status).toBe(200);
    expect((await post('/v1/refunds', { payment_intent: hold.id, amount: '601' })).status).toBe(400);
    expect((await post('/v1/refunds', { payment_intent: hold.id, amount: '400' })).status).toBe(200);
    expect((await post('/v1/refunds', { payment_intent: hold.id, amount: '201' })).status).toBe(400);
    expect(intentOf(hold.id)).toMatchObject({ capturedCents: 600, refundedCents: 400 });
  });
});

describe('Stripe\'s events', () => {
  it('a signed event without its object is acknowledged, not answered 500', async () => {
    const base = eventOf('payment_intent.succeeded', { id: 'pi_whatever', object: 'payment_intent' }) as Record<string, unknown>;
    for (const event of [{ ...base, data: {} }, { ...base, data: { object: null } }, (({ data: _data, ...rest }) => rest)(base)]) {
      const res = await deliverEvent({ ...event, id: `evt_${crypto.randomUUID()}` } as { id: string });
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual({ received: true, applied: false });
    }
  });
});

describe('one answer to "is it paid"', () => {
  it('a tab closed with a refunded share reads paid in full: the refund is recorded beside it', async () => {
    const t = await tableWithRound('81');
    const bea = await beaShare(t);
    const rest = await call('POST', `/api/tables/sessions/${t.sessionId}/shares`, { token: t.host.token, body: { kind: 'rest', tip: { cents: 0 } } });
    const hostShare = (rest.json.table.shares as { id: string; payer_member_id: string }[]).find((s) => s.payer_member_id === t.host.memberId)!;
    const paying = await payShare(t.sessionId, bea.id, t.bea.token);
    await deliverEvent(eventOf('payment_intent.succeeded', confirmed(paying.payment_intent_id)));
    expect((await refund(bea.id, await staffToken('admin@barhop.dev'), { reason: 'Spilled' })).status).toBe(200);
    expect((await recordCash(t.sessionId, hostShare.id)).status).toBe(200);
    const state = await moneyAgrees(t.sessionId);
    expect(state).toMatchObject({ status: 'closed', closed_reason: 'paid' });
    expect(state.tab.paid_cents).toBe(state.tab.total_cents);
    expect(state.shares.find((s) => s.id === bea.id)).toMatchObject({ payment_status: 'refunded', refunded_cents: 1200 });
  });
});

describe('refunds', () => {
  it('two refunds at once of one share: one is made, the other refused, never more than was paid', async () => {
    const t = await billedTable('82');
    const paying = await payShare(t.sessionId, t.share.id, t.host.token);
    await deliverEvent(eventOf('payment_intent.succeeded', confirmed(paying.payment_intent_id)));
    const admin = await staffToken('admin@barhop.dev');
    const due = t.share.due_cents;
    // Each alone is within what was paid; both together are more.
    const answers = await Promise.all([refund(t.share.id, admin, { amount_cents: due - 500, reason: 'Wrong table' }), refund(t.share.id, admin, { amount_cents: 600, reason: 'Spilled' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const refused = answers.find((a) => a.status === 400)!;
    expect(expectApiError(refused, 400).message).toMatch(/^That is more than the \$\d+\.\d\d paid by card and not yet refunded$/);
    const state = await moneyAgrees(t.sessionId);
    const share = state.shares.find((s) => s.id === t.share.id)!;
    expect(share.refunded_cents).toBeLessThanOrEqual(due);
    expect(intentOf(paying.payment_intent_id).refundedCents).toBe(share.refunded_cents);
  });
});

describe('no charge without a share', () => {
  it('a capture of the hold cancels a share\'s payment under way: the hold takes the tab, the guest pays nothing twice', async () => {
    const t = await tableWithRound('83', { hold: true });
    const bea = await beaShare(t);
    const paying = await payShare(t.sessionId, bea.id, t.bea.token);
    const closed = await capture(t.sessionId);
    expect(closed.status, closed.text).toBe(200);
    expect(intentOf(paying.payment_intent_id).status).toBe('canceled');
    // Bea's pay screen, still open, cannot take her money any more.
    expect(confirmed(paying.payment_intent_id).status).toBe('canceled');
    const state = await moneyAgrees(t.sessionId);
    expect(state).toMatchObject({ status: 'closed', closed_reason: 'paid' });
    expect(state.shares.find((s) => s.id === bea.id)?.payment_status).toBe('void');
    expect(intentOf(t.hold!.payment_intent_id).capturedCents).toBe(state.tab.total_cents);
  });

  it('a share paid just before the capture stays paid, and the hold takes only the rest', async () => {
    const t = await tableWithRound('84', { hold: true });
    const bea = await beaShare(t);
    const paying = await payShare(t.sessionId, bea.id, t.bea.token);
    confirmed(paying.payment_intent_id);
    const closed = await capture(t.sessionId);
    expect(closed.status, closed.text).toBe(200);
    const state = await moneyAgrees(t.sessionId);
    expect(state.shares.find((s) => s.id === bea.id)).toMatchObject({ payment_status: 'captured', method: 'card_app' });
    expect(intentOf(t.hold!.payment_intent_id).capturedCents).toBe(state.tab.total_cents - 1200);
  });

  it('a payment that still goes through for a void share is refunded automatically and shown to staff: who, how much, why', async () => {
    const t = await tableWithRound('85', { hold: true });
    const bea = await beaShare(t);
    const paying = await payShare(t.sessionId, bea.id, t.bea.token);
    // Stripe answers the cancel, yet the guest's confirmation had already gone through (a race at Stripe).
    recordStripe(async (input, init) => {
      const request = new Request(input, init);
      if (request.url.endsWith(`/v1/payment_intents/${paying.payment_intent_id}/cancel`)) {
        return new Response(JSON.stringify({ ...intentOf(paying.payment_intent_id), id: paying.payment_intent_id, object: 'payment_intent', status: 'canceled' }), { status: 200 });
      }
      return localStripeFetch(request);
    });
    try {
      expect((await capture(t.sessionId)).status).toBe(200);
    } finally {
      recordStripe();
    }
    const late = confirmed(paying.payment_intent_id);
    expect(late.status).toBe('succeeded');
    expect((await deliverEvent(eventOf('payment_intent.succeeded', late))).json).toEqual({ received: true, applied: true });
    expect(intentOf(paying.payment_intent_id)).toMatchObject({ capturedCents: 1200, refundedCents: 1200 });
    await moneyAgrees(t.sessionId);
    const listed = StaffTablesResponse.parse((await call('GET', '/api/staff/tables', { token: await bartender() })).json);
    expect(listed.sessions.find((s) => s.session_id === t.sessionId)?.card_problems).toEqual([{
      share_id: bea.id, payer_name: 'Bea', problem: 'late_payment_refunded', due_cents: 1200,
      note: 'Paid $12.00 by card after the share was void: refunded automatically',
    }]);
  });

  it('a member removed while paying: the payment is cancelled first, nothing is taken for a share that is gone', async () => {
    const t = await tableWithRound('86');
    const bea = await beaShare(t, 1184);
    const paying = await payShare(t.sessionId, bea.id, t.bea.token);
    const removed = await call('DELETE', `/api/tables/sessions/${t.sessionId}/members/${t.bea.memberId}`, { token: t.host.token });
    expect(removed.status, removed.text).toBe(200);
    expect(intentOf(paying.payment_intent_id).status).toBe('canceled');
    expect(confirmed(paying.payment_intent_id).status).toBe('canceled');
    const state = await moneyAgrees(t.sessionId);
    expect(state.tab.owed_cents).toBe(state.tab.total_cents);
  });

  it('a removal refused (not the host) stops nobody\'s payment', async () => {
    const t = await tableWithRound('99');
    const bea = await beaShare(t);
    const paying = await payShare(t.sessionId, bea.id, t.bea.token);
    const stranger = await tableOf('100', ['Stranger']);
    expect((await call('DELETE', `/api/tables/sessions/${t.sessionId}/members/${t.bea.memberId}`, { token: stranger.host.token })).status).toBe(403);
    expect(intentOf(paying.payment_intent_id).status).toBe('requires_payment_method');
  });

  it('a member who leaves after her payment went through keeps it on the tab', async () => {
    const t = await tableWithRound('87');
    const bea = await beaShare(t, 1184);
    const paying = await payShare(t.sessionId, bea.id, t.bea.token);
    confirmed(paying.payment_intent_id);
    expect((await call('DELETE', `/api/tables/sessions/${t.sessionId}/members/${t.bea.memberId}`, { token: t.bea.token })).status).toBe(200);
    const state = await moneyAgrees(t.sessionId);
    expect(state.shares.find((s) => s.id === bea.id)).toMatchObject({ payment_status: 'captured', method: 'card_app' });
    expect(state.tab.owed_cents).toBe(state.tab.total_cents - 1184);
  });

  it('a declined card, then cash: the card payment is cancelled before the cash is recorded', async () => {
    const t = await billedTable('88');
    const paying = await payShare(t.sessionId, t.share.id, t.host.token);
    await deliverEvent(eventOf('payment_intent.payment_failed', confirmed(paying.payment_intent_id, 'failed')));
    expect((await recordCash(t.sessionId, t.share.id)).status).toBe(200);
    expect(intentOf(paying.payment_intent_id).status).toBe('canceled');
    // The guest retries on the pay screen still open: Stripe no longer takes it.
    expect(confirmed(paying.payment_intent_id).status).toBe('canceled');
    const state = await moneyAgrees(t.sessionId);
    expect(state.shares.find((s) => s.id === t.share.id)).toMatchObject({ payment_status: 'captured', method: 'cash' });
  });
});

describe('holds', () => {
  it('a tab settled in cash releases its hold', async () => {
    const t = await tableWithRound('89', { hold: true });
    const rest = await call('POST', `/api/tables/sessions/${t.sessionId}/shares`, { token: t.host.token, body: { kind: 'rest', tip: { cents: 0 } } });
    const share = (rest.json.table.shares as { id: string }[])[0]!;
    expect((await recordCash(t.sessionId, share.id)).status).toBe(200);
    expect(intentOf(t.hold!.payment_intent_id).status).toBe('canceled');
    const status = CardStatusResponse.parse((await call('GET', `/api/tables/sessions/${t.sessionId}/card`, { token: await bartender() })).json);
    expect(status.holds.map((h) => h.status)).toEqual(['released']);
    await moneyAgrees(t.sessionId);
  });

  it('an ended tab (a walk-out) is charged to its hold', async () => {
    const t = await tableWithRound('90', { hold: true, bill: false });
    expect((await call('POST', `/api/staff/tables/sessions/${t.sessionId}/end`, { token: await bartender(), body: { reason: 'Walked out' } })).status).toBe(200);
    expect(intentOf(t.hold!.payment_intent_id).status).toBe('requires_capture');
    const charged = await capture(t.sessionId);
    expect(charged.status, charged.text).toBe(200);
    const state = await moneyAgrees(t.sessionId);
    expect(intentOf(t.hold!.payment_intent_id).capturedCents).toBe(state.tab.total_cents);
    expect(state.shares.filter((s) => s.payment_status === 'unpaid')).toEqual([]);
    expect(state.tab.paid_cents).toBe(state.tab.total_cents);
  });

  it('a capture over two holds splits amount and tip between them; every cent taken is recorded', async () => {
    const t = await tableWithRound('91', { bill: false });
    const total = (await stateOf(t.sessionId, t.host.token)).tab.total_cents;
    await connectVenue(SLUG, ACCOUNT, Math.ceil(total * 0.7));
    try {
      const holds = [await holdOn(t.sessionId, t.host.token), await holdOn(t.sessionId, t.bea.token)];
      const closed = await capture(t.sessionId, { tip: { percent_bp: 2000 } });
      expect(closed.status, closed.text).toBe(200);
      const state = await moneyAgrees(t.sessionId);
      const taken = holds.map((h) => intentOf(h.payment_intent_id).capturedCents);
      expect(taken.every((cents) => cents > 0)).toBe(true);
      const held = state.shares.filter((s) => s.payment_status === 'captured');
      expect(held.reduce((sum, s) => sum + s.tip_cents, 0)).toBe(Math.round(state.tab.subtotal_cents * 0.2));
      expect(taken.reduce((a, b) => a + b, 0)).toBe(total + Math.round(state.tab.subtotal_cents * 0.2));
    } finally {
      await connectVenue(SLUG, ACCOUNT);
    }
  });

  /** Stripe refuses the capture of this intent (its hold expired). */
  const refusingCapture = (intentId: string) => recordStripe(async (input, init) => {
    const request = new Request(input, init);
    if (request.url.endsWith(`/v1/payment_intents/${intentId}/capture`)) {
      return new Response(JSON.stringify({ error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'The authorization expired.' } }), { status: 400 });
    }
    return localStripeFetch(request);
  });

  it('a capture refused part way keeps what was captured recorded and says what is left', async () => {
    const t = await tableWithRound('92', { bill: false });
    const total = (await stateOf(t.sessionId, t.host.token)).tab.total_cents;
    await connectVenue(SLUG, ACCOUNT, Math.ceil(total * 0.6));
    try {
      const [, second] = [await holdOn(t.sessionId, t.host.token), await holdOn(t.sessionId, t.bea.token)];
      refusingCapture(second!.payment_intent_id);
      const answer = await capture(t.sessionId);
      const error = expectApiError(answer, 502);
      const first = Math.ceil(total * 0.6);
      expect(error.message).toBe(`The card hold could not be captured: $${(first / 100).toFixed(2)} was captured, $${((total - first) / 100).toFixed(2)} is left to settle another way`);
      const state = await moneyAgrees(t.sessionId);
      expect(state.tab.owed_cents).toBe(total - first);
      expect(state.status).toBe('open');
    } finally {
      recordStripe();
      await connectVenue(SLUG, ACCOUNT);
    }
  });

  it('an idle tab whose capture is refused part way closes with what was captured, the rest its balance', async () => {
    const t = await tableWithRound('93', { bill: false });
    const total = (await stateOf(t.sessionId, t.host.token)).tab.total_cents;
    await connectVenue(SLUG, ACCOUNT, Math.ceil(total * 0.6));
    try {
      const [, second] = [await holdOn(t.sessionId, t.host.token), await holdOn(t.sessionId, t.bea.token)];
      refusingCapture(second!.payment_intent_id);
      await idleFor(t.sessionId, 5 * 60);
      const venue = await venueId(SLUG);
      await venueHub(env, venue).closeIdleTables(venue);
      const state = await moneyAgrees(t.sessionId);
      expect(state).toMatchObject({ status: 'closed', closed_reason: 'auto_closed' });
      const first = Math.ceil(total * 0.6);
      expect(state.shares.filter((s) => s.payment_status === 'captured').map((s) => s.due_cents)).toEqual([first]);
      expect(state.shares.filter((s) => s.payment_status === 'unpaid').map((s) => s.due_cents)).toEqual([total - first]);
    } finally {
      recordStripe();
      await connectVenue(SLUG, ACCOUNT);
    }
  });
});

describe('a bill that holds still', () => {
  const setStatus = async (orderId: string, body: unknown) => call('PUT', `/api/staff/orders/${orderId}/status`, { token: await bartender(), body });
  const undo = async (orderId: string) => call('POST', `/api/staff/orders/${orderId}/recall`, { token: await bartender(), body: {} });

  it('a round of an ended tab cannot be cancelled: the tab\'s balance stays what it owes', async () => {
    const t = await tableOf('94', ['Host']);
    const [drink] = await drinksOf();
    await addLine(t.sessionId, t.host.token, { menu_drink_id: drink!.id, qty: 1 });
    const sent = await sendRound(t.sessionId, t.host.token);
    expect((await setStatus(sent.order.id, { status: 'preparing', allow_short: true })).status).toBe(200);
    expect((await call('POST', `/api/staff/tables/sessions/${t.sessionId}/end`, { token: await bartender(), body: {} })).status).toBe(200);
    const refused = expectApiError(await setStatus(sent.order.id, { status: 'cancelled', reason: 'Out of limes' }), 409);
    expect(refused).toMatchObject({
      code: 'round_on_settled_tab', details: { table: '94', from: 'preparing', to: 'cancelled' },
      message: 'This round is on table 94\'s tab, which is over: its money is settled with the tab. Refund it from the tab instead',
    });
    const state = await stateOf(t.sessionId, await bartender());
    expect(state.tab.owed_cents).toBe(0);
    expect(state.shares.map((s) => s.amount_cents)).toEqual([state.tab.total_cents]);
  });

  it('a paid, closed tab\'s round: Undo then cancel is refused, the tab keeps what was paid', async () => {
    const t = await billedTable('95');
    expect((await recordCash(t.sessionId, t.share.id)).status).toBe(200);
    expect((await undo(t.order.id)).status).toBe(200);
    expect(expectApiError(await setStatus(t.order.id, { status: 'cancelled', reason: 'Sent back' }), 409).code).toBe('round_on_settled_tab');
    const state = await stateOf(t.sessionId, await bartender());
    expect(state).toMatchObject({ status: 'closed' });
    expect(state.tab.total_cents).toBe(state.tab.paid_cents);
  });

  it('a round in a bill being split cannot be cancelled until its shares are taken back', async () => {
    const t = await billedTable('96');
    expect((await undo(t.order.id)).status).toBe(200);
    const refused = expectApiError(await setStatus(t.order.id, { status: 'cancelled', reason: 'Sent back' }), 409);
    expect(refused).toMatchObject({
      code: 'round_on_settled_tab', details: { table: '96', refusal: 'round_on_settled_tab.split' },
      message: 'This round is on table 96\'s bill, which is being split: the shares must be taken back first',
    });
    const state = await stateOf(t.sessionId, await bartender());
    expect(state.tab.owed_cents).toBe(0);
    expect(state.status).toBe('billing');
  });

  it('a change of the service charge is for new tabs: a closed tab and a tab being split keep the rate they opened with', async () => {
    const admin = await staffToken('admin@barhop.dev');
    const settings = (body: unknown) => call('PUT', '/api/admin/tables/settings', { token: admin, body });
    const was = (await call('GET', '/api/admin/tables', { token: admin })).json.settings.service_charge_bp as number;
    const closed = await billedTable('97');
    expect((await recordCash(closed.sessionId, closed.share.id)).status).toBe(200);
    const splitting = await billedTable('98');
    const before = await stateOf(closed.sessionId, admin);
    try {
      expect((await settings({ service_charge_bp: was + 1000 })).status).toBe(200);
      const after = await stateOf(closed.sessionId, admin);
      expect(after.tab).toMatchObject({ total_cents: before.tab.total_cents, paid_cents: before.tab.total_cents, owed_cents: 0, service_charge_bp: was });
      const recorded = await recordCash(splitting.sessionId, splitting.share.id);
      expect(recorded.status).toBe(200);
      expect(recorded.json.table).toMatchObject({ status: 'closed', tab: { owed_cents: 0 } });
    } finally {
      await settings({ service_charge_bp: was });
    }
  });
});
