// A solo order paid first in worker tests (docs/decisions/241): the demo's pay-first venue, the guest's card
// confirmed through the stand-in's test card form's route, the pay screen's check, and the bar's payment.
import { expect } from 'vitest';
import { CheckoutPaymentCheckResponse, LOCAL_TEST_CARD } from '../../shared/schemas/payments';
import { call } from './helpers';
import { staffToken } from './order-helpers';

export const PAY_FIRST_SLUG = 'rooftop-lounge';
/** The demo's pay-first venue takes cards on this account (worker/db/seed/demo-content.ts). */
export const PAY_FIRST_ACCOUNT = 'acct_local_rooftop_lounge';

/** A bartender of the pay-first venue. */
export const payFirstBartender = () => staffToken('staff2@barhop.dev');

export const confirmCard = (token: string, intentId: string, card = LOCAL_TEST_CARD) =>
  call('POST', '/api/payments/local/confirm', { token, body: { payment_intent_id: intentId, card_number: card } });

/** The pay screen asks the Worker how the payment stands (only Stripe's answer places the order). */
export const checkPayment = async (token: string, paymentId: string) => {
  const res = await call('POST', `/api/cart/checkout/card/${paymentId}/check`, { token, body: {} });
  expect(res.status, res.text).toBe(200);
  return CheckoutPaymentCheckResponse.parse(res.json);
};

export const payAtBar = async (orderId: string, method = 'cash') =>
  call('POST', `/api/staff/orders/${orderId}/payment`, { token: await payFirstBartender(), body: { method } });
