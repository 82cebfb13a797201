// Random sequences of what guests, the bar and Stripe do to a tab (docs/payments.md), against the stand-in Stripe:
// after every step, what Stripe captured less refunded equals what the tab records paid by card less refunded, to
// the cent; no open or captured payment belongs to a void or deleted share; nothing is owed below zero.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeOf, localIntent, localLedger, stripeEvent } from '../../worker/payments/local-stripe';
import { routeStripeThrough } from '../../worker/payments/stripe';
import { call } from './helpers';
import { staffToken } from './order-helpers';
import { ACCOUNT, confirmed, connectVenue, deliverEvent, eventOf, recordStripe } from './payments-helpers';
import { capture, holdOn, intentOf, moneyAgrees, recordCash, refund } from './settlement-helpers';
import { addLine, addTables, bartender, deliver, drinksOf, sendRound, SLUG, stateOf, tableOf } from './table-helpers';

const FIRST_TABLE = 200;
const RUNS = 25;
let nextTable = FIRST_TABLE;

beforeAll(async () => {
  await addTables(FIRST_TABLE + RUNS * 2);
  await connectVenue(SLUG, ACCOUNT);
  recordStripe();
});
afterAll(() => routeStripeThrough(null));

const who = fc.constantFrom(0, 1);
// Weighted towards paying by card, where the card and the tab's other paths meet.
const step = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('share' as const), who, cents: fc.option(fc.integer({ min: 50, max: 1500 }), { nil: null }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pay' as const), who }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('confirm' as const), who, ok: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('events' as const), who, order: fc.array(fc.constantFrom('succeeded', 'failed', 'canceled', 'refunded'), { minLength: 1, maxLength: 5 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cash' as const), who }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('leave' as const), removed: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('undo_cancel' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('capture' as const), tipBp: fc.constantFrom(0, 1500, 2000) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refunds' as const), who, first: fc.integer({ min: 1, max: 1500 }), second: fc.integer({ min: 1, max: 1500 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('service_charge' as const), bp: fc.constantFrom(0, 500, 1000) }) },
);

describe('settlement under random sequences', () => {
  it('keeps every tab\'s card money equal to Stripe\'s, with no payment for a void share and nothing owed below zero', async () => {
    const admin = await staffToken('admin@barhop.dev');
    const serviceCharge = (bp: number) => call('PUT', '/api/admin/tables/settings', { token: admin, body: { service_charge_bp: bp } });
    const startingCharge = (await call('GET', '/api/admin/tables', { token: admin })).json.settings.service_charge_bp as number;
    await fc.assert(fc.asyncProperty(fc.boolean(), fc.array(step, { minLength: 3, maxLength: 10 }), async (withHold, steps) => {
      const t = await tableOf(String(nextTable++), ['Host', 'Bea']);
      try {
        if (withHold) await holdOn(t.sessionId, t.host.token);
        // Drinks still in stock, spread over the menu (each run pours some).
        const drinks = await drinksOf();
        for (const [i, g] of t.guests.entries()) {
          const added = await addLine(t.sessionId, g.token, { menu_drink_id: drinks[(nextTable * 2 + i) % drinks.length]!.id, qty: 2 });
          expect(added.status, added.text).toBe(200);
        }
        const round = await sendRound(t.sessionId, t.host.token);
        await deliver(round.order.id);
        expect((await call('POST', `/api/tables/sessions/${t.sessionId}/bill`, { token: t.host.token, body: {} })).status).toBe(200);
        const intents: (string | null)[] = [null, null];
        const shareOf = async (member: number) => {
          const state = await stateOf(t.sessionId, await bartender());
          return state.shares.filter((s) => s.payer_member_id === t.guests[member]!.memberId && s.payment_status !== 'void').at(-1) ?? null;
        };
        for (const s of steps) {
          const guest = 'who' in s ? t.guests[s.who]! : t.guests[1]!;
          let answers: { status: number; text: string }[] = [];
          switch (s.kind) {
            case 'share':
              answers = [await call('POST', `/api/tables/sessions/${t.sessionId}/shares`, { token: guest.token, body: s.cents === null ? { kind: 'rest', tip: { cents: 0 } } : { kind: 'custom', amount_cents: s.cents, tip: { cents: 0 } } })];
              break;
            case 'pay': {
              // Paying takes a small share first when the guest has none unpaid.
              let share = await shareOf(s.who);
              if (!share || share.payment_status !== 'unpaid') {
                await call('POST', `/api/tables/sessions/${t.sessionId}/shares`, { token: guest.token, body: { kind: 'custom', amount_cents: 600, tip: { cents: 0 } } });
                share = await shareOf(s.who);
              }
              if (!share) break;
              const res = await call('POST', `/api/tables/sessions/${t.sessionId}/shares/${share.id}/card`, { token: guest.token, body: {} });
              if (res.status === 200) intents[s.who] = res.json.payment_intent_id as string;
              answers = [res];
              break;
            }
            case 'confirm':
              if (intents[s.who]) confirmed(intents[s.who]!, s.ok ? 'succeeded' : 'failed');
              break;
            case 'events': {
              const id = intents[s.who];
              if (!id) break;
              const intent = localIntent(id)!;
              const stripe = intentOf(id);
              // Stripe sends what happened, each event perhaps twice and in any order: a success only if it succeeded.
              for (const kind of s.order) {
                const event = kind === 'succeeded' && stripe.status === 'succeeded' ? eventOf('payment_intent.succeeded', intent)
                  : kind === 'failed' ? eventOf('payment_intent.payment_failed', { ...intent, status: 'requires_payment_method', last_payment_error: { code: 'card_declined', message: 'Your card was declined.' } })
                  : kind === 'canceled' && stripe.status === 'canceled' ? eventOf('payment_intent.canceled', intent)
                  : kind === 'refunded' && stripe.refundedCents > 0 ? eventOf('charge.refunded', chargeOf(intent, stripe.refundedCents))
                  : null;
                if (event) answers.push(await deliverEvent(event), await deliverEvent(event));
              }
              break;
            }
            case 'cash': {
              const share = await shareOf(s.who);
              if (share) answers = [await recordCash(t.sessionId, share.id)];
              break;
            }
            case 'leave':
              answers = [await call('DELETE', `/api/tables/sessions/${t.sessionId}/members/${t.guests[1]!.memberId}`, { token: s.removed ? t.host.token : t.guests[1]!.token })];
              break;
            case 'undo_cancel': {
              const token = await bartender();
              answers = [await call('POST', `/api/staff/orders/${round.order.id}/recall`, { token, body: {} })];
              answers.push(await call('PUT', `/api/staff/orders/${round.order.id}/status`, { token, body: { status: 'cancelled', reason: 'Sent back' } }));
              break;
            }
            case 'capture':
              answers = [await capture(t.sessionId, { tip: { percent_bp: s.tipBp } })];
              break;
            case 'refunds': {
              const share = (await stateOf(t.sessionId, admin)).shares.find((x) => x.payer_member_id === t.guests[s.who]!.memberId && x.method === 'card_app' && x.payment_status === 'captured');
              if (share) answers = await Promise.all([refund(share.id, admin, { amount_cents: s.first, reason: 'Spilled' }), refund(share.id, admin, { amount_cents: s.second, reason: 'Wrong drink' })]);
              break;
            }
            case 'service_charge':
              answers = [await serviceCharge(s.bp)];
              break;
          }
          for (const answer of answers) expect(answer.status, `${s.kind}: ${answer.text}`).toBeLessThan(500);
          // Stripe tells of every payment that went through, sooner or later: the invariant holds once it has.
          for (const paid of localLedger().filter((i) => i.metadata.session_id === t.sessionId && i.status === 'succeeded')) {
            await deliverEvent(stripeEvent('payment_intent.succeeded', localIntent(paid.id)!, { account: ACCOUNT, id: `evt_told_${paid.id}` }));
          }
          await moneyAgrees(t.sessionId);
        }
      } finally {
        await serviceCharge(startingCharge);
      }
    }), { numRuns: RUNS, endOnFailure: true });
  }, 600_000);
});
