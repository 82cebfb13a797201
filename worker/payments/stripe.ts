// The one place the Worker talks to Stripe (docs/decisions/209): direct charges on each venue's connected account,
// with the platform's application fee. Keys are read from the environment here and nowhere else; no error, answer
// or log line carries them (a Stripe error becomes `payment_provider_error` with Stripe's own code only).
import Stripe from 'stripe';
import type { WorkerEnv } from '../env';
import { isDemoMode } from '../env';
import { ApiError } from '../lib/errors';
import { LOCAL_STRIPE_SECRET_KEY, localStripeFetch } from './local-stripe';

export type StripeEnv = Pick<WorkerEnv, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_PUBLISHABLE_KEY' | 'DEMO_MODE'>;

/** Card payments are on when the platform has its secret key and webhook secret (docs/decisions/209). */
export const cardPaymentsConfigured = (env: StripeEnv) => Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET);

let fetchOverride: typeof fetch | null = null;

/**
 * Tests route the SDK's own fetch client (`Stripe.createFetchHttpClient`) through a fake of Stripe's API; null
 * puts it back. Nothing else calls this.
 */
export function routeStripeThrough(fake: typeof fetch | null) {
  fetchOverride = fake;
}

/** The local Stripe of `npm start` and the e2e server answers the SDK (a demo build with the local key). */
export const usesLocalStripe = (env: StripeEnv) => isDemoMode(env) && env.STRIPE_SECRET_KEY === LOCAL_STRIPE_SECRET_KEY;

/** The fetch the SDK sends with: a test's fake, the local Stripe of `npm start` (demo builds only), or the network. */
function stripeFetch(env: StripeEnv): typeof fetch {
  if (fetchOverride) return fetchOverride;
  if (usesLocalStripe(env)) return localStripeFetch;
  return (input, init) => fetch(input, init);
}

function client(env: StripeEnv): Stripe {
  if (!env.STRIPE_SECRET_KEY) throw new ApiError(503, 'payments_unavailable', 'Card payments are not set up here: pay at the bar');
  return new Stripe(env.STRIPE_SECRET_KEY, { httpClient: Stripe.createFetchHttpClient(stripeFetch(env)), maxNetworkRetries: 2 });
}

/** Stripe for a venue's tabs and holds when the platform takes cards (docs/decisions/209), else null. */
export const cardPayments = (env: StripeEnv): PaymentGateway | null => (cardPaymentsConfigured(env) ? stripeGateway(env) : null);

/** A Stripe failure as the API answers it: Stripe's code and a message of ours, never Stripe's text (it may name a key). */
function providerError(err: unknown): ApiError {
  const code = err instanceof Stripe.errors.StripeError ? err.code ?? err.type : 'unknown';
  console.error(JSON.stringify({ level: 'error', message: 'stripe request failed', stripe_code: code }));
  if (err instanceof Stripe.errors.StripeCardError) return new ApiError(402, 'card_declined', 'The card was declined: try another card or pay at the bar', { stripe_code: code });
  return new ApiError(502, 'payment_provider_error', 'The card provider did not answer as expected: try again or pay at the bar', { stripe_code: code });
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw providerError(err);
  }
}

export type IntentMetadata = { venue_id: string; session_id: string; share_id?: string; hold_id?: string };
export type CreatedIntent = { id: string; clientSecret: string; status: string };
export type IntentState = { id: string; status: string; amountReceived: number; amountCapturable: number; lastError: { code: string; message: string | null } | null };

/** The application fee on an amount: basis points, rounded down (the venue never pays a fraction of a cent more). */
export const applicationFeeCents = (amountCents: number, feeBp: number) => Math.floor((amountCents * feeBp) / 10_000);

export type PaymentGateway = ReturnType<typeof stripeGateway>;

/** What the Worker and the venue's hub ask of Stripe. Every call names the venue's connected account. */
export function stripeGateway(env: StripeEnv) {
  const stripe = () => client(env);
  return {
    publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,

    /** A share's payment: captured automatically once the guest confirms it. */
    async payShare(account: string, input: { amountCents: number; feeCents: number; metadata: IntentMetadata; description: string; idempotencyKey: string }): Promise<CreatedIntent> {
      const intent = await call(() => stripe().paymentIntents.create({
        amount: input.amountCents, currency: 'usd', automatic_payment_methods: { enabled: true },
        application_fee_amount: input.feeCents, metadata: input.metadata, description: input.description,
      }, { stripeAccount: account, idempotencyKey: input.idempotencyKey }));
      return { id: intent.id, clientSecret: intent.client_secret ?? '', status: intent.status };
    },

    /** A tab's card hold: authorised now, captured (part of it) when the tab closes. */
    async hold(account: string, input: { amountCents: number; metadata: IntentMetadata; description: string; idempotencyKey: string }): Promise<CreatedIntent> {
      const intent = await call(() => stripe().paymentIntents.create({
        amount: input.amountCents, currency: 'usd', capture_method: 'manual', automatic_payment_methods: { enabled: true },
        metadata: input.metadata, description: input.description,
      }, { stripeAccount: account, idempotencyKey: input.idempotencyKey }));
      return { id: intent.id, clientSecret: intent.client_secret ?? '', status: intent.status };
    },

    /** An intent's client secret again (a payer who reloads the pay screen). */
    async clientSecret(account: string, intentId: string): Promise<CreatedIntent> {
      const intent = await call(() => stripe().paymentIntents.retrieve(intentId, {}, { stripeAccount: account }));
      return { id: intent.id, clientSecret: intent.client_secret ?? '', status: intent.status };
    },

    /** An intent as Stripe holds it now: what the Worker asks when the payer's browser says it confirmed. */
    async intentState(account: string, intentId: string): Promise<IntentState> {
      const intent = await call(() => stripe().paymentIntents.retrieve(intentId, {}, { stripeAccount: account }));
      return {
        id: intent.id, status: intent.status, amountReceived: intent.amount_received, amountCapturable: intent.amount_capturable,
        lastError: intent.last_payment_error ? { code: intent.last_payment_error.code ?? 'card_error', message: intent.last_payment_error.message ?? null } : null,
      };
    },

    /** Captures part of a hold; Stripe releases the rest. */
    async capture(account: string, intentId: string, amountCents: number, feeCents: number, idempotencyKey: string) {
      const intent = await call(() => stripe().paymentIntents.capture(intentId, { amount_to_capture: amountCents, application_fee_amount: feeCents }, { stripeAccount: account, idempotencyKey }));
      return { status: intent.status, receivedCents: intent.amount_received };
    },

    /** Releases a hold (or abandons an unconfirmed payment). */
    async cancel(account: string, intentId: string, idempotencyKey: string) {
      const intent = await call(() => stripe().paymentIntents.cancel(intentId, {}, { stripeAccount: account, idempotencyKey }));
      return { status: intent.status };
    },

    /** Refunds part or all of a payment; the platform's fee goes back in proportion. */
    async refund(account: string, intentId: string, amountCents: number, metadata: Record<string, string>, idempotencyKey: string) {
      const refund = await call(() => stripe().refunds.create({
        payment_intent: intentId, amount: amountCents, reason: 'requested_by_customer', refund_application_fee: true, metadata,
      }, { stripeAccount: account, idempotencyKey }));
      return { id: refund.id, status: refund.status ?? 'pending', amountCents: refund.amount };
    },
  };
}

/**
 * A webhook's event, verified against STRIPE_WEBHOOK_SECRET with Web Crypto (the SDK's SubtleCrypto provider).
 * Null when the signature does not hold.
 */
export async function verifiedEvent(env: StripeEnv, payload: string, signature: string): Promise<Stripe.Event | null> {
  if (!env.STRIPE_WEBHOOK_SECRET) return null;
  const stripe = new Stripe(env.STRIPE_SECRET_KEY ?? 'sk_unset', { httpClient: Stripe.createFetchHttpClient(stripeFetch(env)) });
  try {
    return await stripe.webhooks.constructEventAsync(payload, signature, env.STRIPE_WEBHOOK_SECRET, undefined, Stripe.createSubtleCryptoProvider());
  } catch {
    return null;
  }
}
