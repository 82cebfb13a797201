// The settlement tests' helpers (docs/payments.md): paying, capturing, refunding through the API, and the invariant
// every tab keeps with the stand-in Stripe, checked after each step.
import { expect } from 'vitest';
import { CardPaymentResponse } from '../../shared/schemas/payments';
import { localLedger } from '../../worker/payments/local-stripe';
import { call } from './helpers';
import { confirmed, deliverEvent, eventOf } from './payments-helpers';
import { bartender, stateOf } from './table-helpers';

export const payShare = async (sessionId: string, shareId: string, token: string) => {
  const res = await call('POST', `/api/tables/sessions/${sessionId}/shares/${shareId}/card`, { token, body: {} });
  expect(res.status, res.text).toBe(200);
  return CardPaymentResponse.parse(res.json);
};
export const refund = (shareId: string, token: string, body: unknown) => call('POST', `/api/admin/payments/shares/${shareId}/refunds`, { token, body });
export const recordCash = async (sessionId: string, shareId: string) =>
  call('POST', `/api/staff/tables/sessions/${sessionId}/shares/${shareId}/payment`, { token: await bartender(), body: { method: 'cash' } });
export const capture = async (sessionId: string, body: unknown = {}) => call('POST', `/api/staff/tables/sessions/${sessionId}/holds/capture`, { token: await bartender(), body });
export const intentOf = (id: string) => localLedger().find((i) => i.id === id)!;

/** A hold put down and authorised at Stripe, its event delivered. */
export async function holdOn(sessionId: string, token: string) {
  const res = await call('POST', `/api/tables/sessions/${sessionId}/holds`, { token, body: {} });
  expect(res.status, res.text).toBe(200);
  const answer = CardPaymentResponse.parse(res.json);
  await deliverEvent(eventOf('payment_intent.amount_capturable_updated', confirmed(answer.payment_intent_id)));
  return answer;
}

/** What Stripe holds of the tab's money equals what the tab records, and no payment is taken for a void share. */
export async function moneyAgrees(sessionId: string) {
  const state = await stateOf(sessionId, await bartender());
  const intents = localLedger().filter((i) => i.metadata.session_id === sessionId);
  const atStripe = intents.reduce((sum, i) => sum + i.capturedCents - i.refundedCents, 0);
  const onTab = state.shares.filter((s) => s.method === 'card_app' && (s.payment_status === 'captured' || s.payment_status === 'refunded'))
    .reduce((sum, s) => sum + s.due_cents - s.refunded_cents, 0);
  expect(atStripe, 'Stripe captured less refunded = the tab\'s card payments less refunds').toBe(onTab);
  // No open or captured payment belongs to a void or deleted share.
  const payable = new Set(state.shares.filter((s) => s.payment_status !== 'void').map((s) => s.id));
  for (const intent of intents.filter((i) => i.metadata.share_id && !payable.has(i.metadata.share_id))) {
    expect(intent.capturedCents - intent.refundedCents, `no money kept for void share ${intent.metadata.share_id}`).toBe(0);
    expect(intent.status, `no open payment for void share ${intent.metadata.share_id}`).not.toMatch(/^requires_/);
  }
  expect(state.tab.owed_cents).toBeGreaterThanOrEqual(0);
  return state;
}

