// Limits a guest understands on a tab's share (docs/product.md §12.5, §12.9): a custom tip is at most the share
// itself, and a share below the card minimum for the currency is paid at the bar, refused before any card is tried.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TakeShareInput, TableStateResponse } from '../../shared/schemas/tables';
import { formatCents } from '../../shared/money';
import { CARD_MINIMUM_CENTS } from '../../shared/payment-methods';
import { routeStripeThrough } from '../../worker/payments/stripe';
import { call, expectApiError } from './helpers';
import { ACCOUNT, connectVenue, recordStripe } from './payments-helpers';
import { addLine, addTables, deliver, drinksOf, sendRound, SLUG, tableOf } from './table-helpers';

let stripe: ReturnType<typeof recordStripe>;
beforeAll(async () => {
  await addTables(40);
  await connectVenue(SLUG, ACCOUNT);
  stripe = recordStripe();
});
afterAll(() => routeStripeThrough(null));

/** A table with one delivered round whose host asked for the bill. */
async function billing(table: string) {
  const t = await tableOf(table, ['Host', 'Bea']);
  const [drink] = await drinksOf();
  expect((await addLine(t.sessionId, t.host.token, { menu_drink_id: drink!.id, qty: 1 })).status).toBe(200);
  await deliver((await sendRound(t.sessionId, t.host.token)).order.id);
  expect((await call('POST', `/api/tables/sessions/${t.sessionId}/bill`, { token: t.host.token, body: {} })).status).toBe(200);
  return t;
}
const takeShare = (sessionId: string, token: string, body: unknown) => call('POST', `/api/tables/sessions/${sessionId}/shares`, { token, body });

describe('a custom tip', () => {
  it('over the share itself is refused with what the share is, and nothing is taken or counted', async () => {
    const t = await billing('21');
    const bea = t.guests[1]!;
    const refused = expectApiError(await takeShare(t.sessionId, bea.token, { kind: 'custom', amount_cents: 1, tip: { cents: 1_000_000 } }), 400);
    expect(refused.code).toBe('invalid_request');
    expect(refused.details).toEqual([{ path: 'tip.cents', message: 'A tip can be at most the share itself ($0.01)' }]);
    const state = TableStateResponse.parse((await call('GET', `/api/tables/sessions/${t.sessionId}`, { token: bea.token })).json).table;
    expect(state.shares).toEqual([]);
    expect(state.tab.tips_cents).toBe(0);

    // A share worked out by the server (the rest) is bounded the same way, and a tip equal to the share is fine.
    const owed = state.tab.owed_cents;
    const rest = expectApiError(await takeShare(t.sessionId, bea.token, { kind: 'rest', tip: { cents: owed + 1 } }), 400);
    expect(rest).toEqual({ code: 'tip_over_share', message: `A tip can be at most the share itself (${formatCents(owed)})`, details: { share_cents: owed } });
    const taken = await takeShare(t.sessionId, bea.token, { kind: 'rest', tip: { cents: owed } });
    expect(taken.status, taken.text).toBe(200);
    expect(TableStateResponse.parse(taken.json).table.shares[0]!.due_cents).toBe(owed * 2);
  });

  it('the shared schema refuses it on a custom amount, at the tip', () => {
    const parsed = TakeShareInput.safeParse({ kind: 'custom', amount_cents: 1, tip: { cents: 1_000_000 } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))).toEqual([{ path: 'tip.cents', message: 'A tip can be at most the share itself ($0.01)' }]);
    expect(TakeShareInput.safeParse({ kind: 'custom', amount_cents: 500, tip: { cents: 500 } }).success).toBe(true);
  });
});

describe('a share by item', () => {
  it('takes each claimed line once: a second share by item with no new claim is refused, not charged again', async () => {
    const t = await tableOf('23', ['Host', 'Bea']);
    const drinks = await drinksOf();
    for (const [i, g] of t.guests.entries()) expect((await addLine(t.sessionId, g.token, { menu_drink_id: drinks[i]!.id, qty: 1 })).status).toBe(200);
    const sent = await sendRound(t.sessionId, t.host.token);
    await deliver(sent.order.id);
    expect((await call('POST', `/api/tables/sessions/${t.sessionId}/bill`, { token: t.host.token, body: {} })).status).toBe(200);
    const hostLine = sent.order.items.find((i) => i.member_name === 'Host')!;
    expect((await call('POST', `/api/tables/sessions/${t.sessionId}/claims`, { token: t.host.token, body: { order_item_id: Number(hostLine.id) } })).status).toBe(200);
    const first = await takeShare(t.sessionId, t.host.token, { kind: 'items', tip: { cents: 0 } });
    expect(first.status, first.text).toBe(200);
    const again = expectApiError(await takeShare(t.sessionId, t.host.token, { kind: 'items', tip: { cents: 0 } }), 409);
    expect(again.code).toBe('nothing_claimed');
    const shares = TableStateResponse.parse((await call('GET', `/api/tables/sessions/${t.sessionId}`, { token: t.host.token })).json).table.shares;
    expect(shares.map((s) => s.subtotal_cents)).toEqual([hostLine.total_cents]);
  });
});

describe('a share below the card minimum', () => {
  it('a $0.30 share is refused a card payment with "Pay this at the bar", before Stripe is asked; $0.50 may pay by card', async () => {
    expect(CARD_MINIMUM_CENTS.usd).toBe(50);
    const t = await billing('22');
    const bea = t.guests[1]!;
    const small = await takeShare(t.sessionId, bea.token, { kind: 'custom', amount_cents: 30, tip: { cents: 0 } });
    expect(small.status, small.text).toBe(200);
    const share = TableStateResponse.parse(small.json).table.shares[0]!;
    const before = stripe.length;
    const refused = expectApiError(await call('POST', `/api/tables/sessions/${t.sessionId}/shares/${share.id}/card`, { token: bea.token, body: {} }), 409);
    expect(refused).toEqual({
      code: 'below_card_minimum', message: 'Pay this at the bar: a card pays $0.50 or more', details: { due_cents: 30, minimum_cents: 50 },
    });
    expect(stripe.length).toBe(before);

    const host = await takeShare(t.sessionId, t.host.token, { kind: 'custom', amount_cents: 50, tip: { cents: 0 } });
    const hosts = TableStateResponse.parse(host.json).table.shares.find((s) => s.payer_name === 'Host')!;
    expect((await call('POST', `/api/tables/sessions/${t.sessionId}/shares/${hosts.id}/card`, { token: t.host.token, body: {} })).status).toBe(200);
  });
});
