// Stripe's side of card payments (docs/decisions/222): its webhook says what happened, and the local stand-in's test
// card form confirms an intent as Stripe.js would. The table card routes are worker/tables/card.routes.ts.
import { Hono } from 'hono';
import { LocalCardConfirmInput, type LocalCardConfirmResponse } from '../../shared/schemas/payments';
import { requireGuest } from '../auth';
import type { AppContext } from '../env';
import { ApiError, refusal } from '../lib/errors';
import { validate } from '../lib/validate';
import { keepsGuestReads } from '../menu';
import { confirmLocally, LOCAL_DECLINED_CARDS } from './local-stripe';
import { usesLocalStripe } from './stripe';
import { receiveStripeEvent } from './webhook';

// ---- the webhook ------------------------------------------------------------------------------

/** POST /api/payments/webhook: Stripe's events, signature checked before anything is read (worker/payments/webhook.ts). */
export const paymentWebhookRoutes = new Hono<AppContext>()
  .use(keepsGuestReads)
  .post('/webhook', async (c) => c.json(await receiveStripeEvent(c, await c.req.text(), c.req.header('stripe-signature'))));

/**
 * POST /api/payments/local/confirm: the local test card form (docs/decisions/242) confirms an intent at the stand-in
 * for Stripe, as Stripe.js would at Stripe. Only where the Worker pays through the stand-in; elsewhere it is not here.
 */
export const localCardRoutes = new Hono<AppContext>()
  .post('/local/confirm', requireGuest, validate('json', LocalCardConfirmInput), async (c) => {
    if (!usesLocalStripe(c.env)) throw new ApiError(404, 'not_found', 'Not found');
    const { payment_intent_id: intentId, card_number: number } = c.req.valid('json');
    const declined = LOCAL_DECLINED_CARDS.has(number.replace(/ /g, ''));
    const intent = confirmLocally(intentId, declined ? 'failed' : 'succeeded');
    if (!intent) throw refusal(404, 'payment_not_found');
    if (declined) throw refusal(402, 'card_declined', {});
    return c.json({ status: intent.status } satisfies LocalCardConfirmResponse);
  });

/** Everything under /api/payments (the local stand-in's onboarding page is mounted there too, in demo builds only). */
export const paymentsApi = new Hono<AppContext>().route('/', paymentWebhookRoutes).route('/', localCardRoutes);
