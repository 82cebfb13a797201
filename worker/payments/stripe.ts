// The one place the Worker talks to Stripe (docs/decisions/222): direct charges on each venue's connected account,
// with the platform's application fee. Keys are read from the environment here and nowhere else; no error, answer
// or log line carries them (a Stripe error becomes `payment_provider_error` with Stripe's own code only).
import type Stripe from 'stripe';
import type { WorkerEnv } from '../env';
import { isDemoMode } from '../env';
import { ApiError, refusal, refusalParts } from '../lib/errors';
import { LOCAL_STRIPE_SECRET_KEY, localStripeFetch } from './local-stripe';

export type StripeEnv = Pick<WorkerEnv, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_PUBLISHABLE_KEY' | 'DEMO_MODE'>;

/** Card payments are on when the platform has its secret key and webhook secret (docs/decisions/222). */
export const cardPaymentsConfigured = (env: StripeEnv) => Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET);

/**
 * The venue takes a solo order's payment first (docs/decisions/241): it chose to, it has a connected account, and
 * the platform takes cards. Anywhere else a solo order is paid at the bar.
 */
export const venuePaysFirst = (env: StripeEnv, venue: { payFirst: boolean; stripeAccountId: string | null }) =>
  venue.payFirst && venue.stripeAccountId !== null && cardPaymentsConfigured(env);

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

/**
 * The SDK, loaded by the first request that calls Stripe: most requests never do, and its few hundred modules are
 * the largest part of the Worker's start.
 */
let sdk: typeof Stripe | null = null;
const loadStripe = async (): Promise<typeof Stripe> => (sdk ??= (await import('stripe')).default);

async function client(env: StripeEnv): Promise<Stripe> {
  if (!env.STRIPE_SECRET_KEY) throw refusal(503, 'payments_unavailable');
  const Sdk = await loadStripe();
  return new Sdk(env.STRIPE_SECRET_KEY, { httpClient: Sdk.createFetchHttpClient(stripeFetch(env)), maxNetworkRetries: 2 });
}

/**
 * Stripe answered the request and refused it (a card declined, a bad parameter, a platform not allowed to): Stripe
 * keeps that answer under the request's idempotency key, so asking again with the same key is refused again
 * (docs/decisions/244). Any other failure (no answer, a 5xx after the SDK's retries) may have done what was asked.
 */
export class StripeRefusal extends ApiError {}

/** Whether Stripe answered this failure with a refusal, rather than leaving the outcome unknown. */
export const refusedByStripe = (err: unknown) => err instanceof StripeRefusal;

/** Stripe for a venue's tabs and holds when the platform takes cards (docs/decisions/222), else null. */
export const cardPayments = (env: StripeEnv): PaymentGateway | null => (cardPaymentsConfigured(env) ? stripeGateway(env) : null);

/** A Stripe failure as the API answers it: Stripe's code and a message of ours, never Stripe's text (it may name a key). */
function providerError(err: unknown): ApiError {
  // No SDK loaded: the failure came before any call to Stripe.
  const errors = sdk?.errors;
  const code = errors && err instanceof errors.StripeError ? err.code ?? err.type : 'unknown';
  console.error(JSON.stringify({ level: 'error', message: 'stripe request failed', stripe_code: code }));
  if (errors && err instanceof errors.StripeCardError) {
    const { code: errorCode, message, details } = refusalParts('card_declined', { stripe_code: code });
    return new StripeRefusal(402, errorCode, message, details);
  }
  const refused = errors && (err instanceof errors.StripeInvalidRequestError || err instanceof errors.StripePermissionError);
  if (!refused) return refusal(502, 'payment_provider_error', { stripe_code: code });
  const { code: errorCode, message, details } = refusalParts('payment_provider_error', { stripe_code: code });
  return new StripeRefusal(502, errorCode, message, details);
}

async function call<T>(env: StripeEnv, run: (stripe: Stripe) => Promise<T>): Promise<T> {
  try {
    return await run(await client(env));
  } catch (err) {
    throw providerError(err);
  }
}

export type IntentMetadata = { venue_id: string; session_id?: string; share_id?: string; hold_id?: string; order_payment_id?: string };
export type CreatedIntent = { id: string; clientSecret: string; status: string };
export type IntentState = { id: string; status: string; amountReceived: number; amountCapturable: number; lastError: { code: string; message: string | null } | null };

/** The application fee on an amount: basis points, rounded down (the venue never pays a fraction of a cent more). */
export const applicationFeeCents = (amountCents: number, feeBp: number) => Math.floor((amountCents * feeBp) / 10_000);

export type PaymentGateway = ReturnType<typeof stripeGateway>;

/** A connected account as Stripe says it is now: what the venue's Payments panel shows (docs/decisions/244). */
export type AccountState = { id: string; chargesEnabled: boolean; payoutsEnabled: boolean; currentlyDue: string[]; disabledReason: string | null };

/** Stripe's Account object (the API's answer or an `account.updated` event's) as the venue stores it. */
export const accountStateOf = (account: Pick<Stripe.Account, 'id' | 'charges_enabled' | 'payouts_enabled' | 'requirements'>): AccountState => ({
  id: account.id, chargesEnabled: account.charges_enabled === true, payoutsEnabled: account.payouts_enabled === true,
  currentlyDue: account.requirements?.currently_due ?? [], disabledReason: account.requirements?.disabled_reason ?? null,
});

/** What the Worker and the venue's hub ask of Stripe. Every call names the venue's connected account. */
export function stripeGateway(env: StripeEnv) {
  const stripe = <T>(run: (sdk: Stripe) => Promise<T>) => call(env, run);
  return {
    publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,

    /** A share's payment: captured automatically once the guest confirms it. */
    async payShare(account: string, input: { amountCents: number; feeCents: number; metadata: IntentMetadata; description: string; idempotencyKey: string }): Promise<CreatedIntent> {
      const intent = await stripe((sdk) => sdk.paymentIntents.create({
        amount: input.amountCents, currency: 'usd', automatic_payment_methods: { enabled: true },
        application_fee_amount: input.feeCents, metadata: input.metadata, description: input.description,
      }, { stripeAccount: account, idempotencyKey: input.idempotencyKey }));
      return { id: intent.id, clientSecret: intent.client_secret ?? '', status: intent.status };
    },

    /** A tab's card hold: authorised now, captured (part of it) when the tab closes. */
    async hold(account: string, input: { amountCents: number; metadata: IntentMetadata; description: string; idempotencyKey: string }): Promise<CreatedIntent> {
      const intent = await stripe((sdk) => sdk.paymentIntents.create({
        amount: input.amountCents, currency: 'usd', capture_method: 'manual', automatic_payment_methods: { enabled: true },
        metadata: input.metadata, description: input.description,
      }, { stripeAccount: account, idempotencyKey: input.idempotencyKey }));
      return { id: intent.id, clientSecret: intent.client_secret ?? '', status: intent.status };
    },

    /** A solo order paid first (docs/decisions/241): authorised at checkout, captured when the bar accepts it. */
    async authoriseOrder(account: string, input: { amountCents: number; feeCents: number; metadata: IntentMetadata; description: string; idempotencyKey: string }): Promise<CreatedIntent> {
      const intent = await stripe((sdk) => sdk.paymentIntents.create({
        amount: input.amountCents, currency: 'usd', capture_method: 'manual', automatic_payment_methods: { enabled: true },
        application_fee_amount: input.feeCents, metadata: input.metadata, description: input.description,
      }, { stripeAccount: account, idempotencyKey: input.idempotencyKey }));
      return { id: intent.id, clientSecret: intent.client_secret ?? '', status: intent.status };
    },

    /** An intent's client secret again (a payer who reloads the pay screen). */
    async clientSecret(account: string, intentId: string): Promise<CreatedIntent> {
      const intent = await stripe((sdk) => sdk.paymentIntents.retrieve(intentId, {}, { stripeAccount: account }));
      return { id: intent.id, clientSecret: intent.client_secret ?? '', status: intent.status };
    },

    /** An intent as Stripe holds it now: what the Worker asks when the payer's browser says it confirmed. */
    async intentState(account: string, intentId: string): Promise<IntentState> {
      const intent = await stripe((sdk) => sdk.paymentIntents.retrieve(intentId, {}, { stripeAccount: account }));
      return {
        id: intent.id, status: intent.status, amountReceived: intent.amount_received, amountCapturable: intent.amount_capturable,
        lastError: intent.last_payment_error ? { code: intent.last_payment_error.code ?? 'card_error', message: intent.last_payment_error.message ?? null } : null,
      };
    },

    /** Captures part of a hold; Stripe releases the rest. */
    async capture(account: string, intentId: string, amountCents: number, feeCents: number, idempotencyKey: string) {
      const intent = await stripe((sdk) => sdk.paymentIntents.capture(intentId, { amount_to_capture: amountCents, application_fee_amount: feeCents }, { stripeAccount: account, idempotencyKey }));
      return { status: intent.status, receivedCents: intent.amount_received };
    },

    /** Releases a hold (or abandons an unconfirmed payment). */
    async cancel(account: string, intentId: string, idempotencyKey: string) {
      const intent = await stripe((sdk) => sdk.paymentIntents.cancel(intentId, {}, { stripeAccount: account, idempotencyKey }));
      return { status: intent.status };
    },

    /**
     * The venue's connected account (docs/decisions/244): a Standard account, made on the platform, named after the
     * venue. The key is the plan the venue's row holds, so a retry gets the same account back.
     */
    async createAccount(input: { venueId: string; venueName: string; idempotencyKey: string }): Promise<AccountState> {
      const account = await stripe((sdk) => sdk.accounts.create({
        type: 'standard', business_profile: { name: input.venueName }, metadata: { venue_id: input.venueId },
      }, { idempotencyKey: input.idempotencyKey }));
      return accountStateOf(account);
    },

    /** A one-time link to Stripe's onboarding of the account; Stripe sends the owner back to `returnUrl`, or to `refreshUrl` when the link expired. */
    async onboardingLink(account: string, input: { refreshUrl: string; returnUrl: string; idempotencyKey: string }): Promise<string> {
      const link = await stripe((sdk) => sdk.accountLinks.create({
        account, type: 'account_onboarding', refresh_url: input.refreshUrl, return_url: input.returnUrl,
      }, { idempotencyKey: input.idempotencyKey }));
      return link.url;
    },

    /** The account as Stripe holds it now (a read: Stripe takes no idempotency key on it). */
    async account(account: string): Promise<AccountState> {
      return accountStateOf(await stripe((sdk) => sdk.accounts.retrieve(account)));
    },

    /** Refunds part or all of a payment; the platform's fee goes back in proportion. */
    async refund(account: string, intentId: string, amountCents: number, metadata: Record<string, string>, idempotencyKey: string) {
      const refund = await stripe((sdk) => sdk.refunds.create({
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
  const Sdk = await loadStripe();
  const stripe = new Sdk(env.STRIPE_SECRET_KEY ?? 'sk_unset', { httpClient: Sdk.createFetchHttpClient(stripeFetch(env)) });
  try {
    return await stripe.webhooks.constructEventAsync(payload, signature, env.STRIPE_WEBHOOK_SECRET, undefined, Sdk.createSubtleCryptoProvider());
  } catch {
    return null;
  }
}

/** A Stripe-Signature header for a payload, as Stripe signs it (the local stand-in's own events, demo builds only). */
export async function signedTestPayload(env: StripeEnv, payload: string): Promise<string> {
  const Sdk = await loadStripe();
  const stripe = new Sdk(env.STRIPE_SECRET_KEY ?? 'sk_unset', { httpClient: Sdk.createFetchHttpClient(stripeFetch(env)) });
  return stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: env.STRIPE_WEBHOOK_SECRET ?? '', cryptoProvider: Sdk.createSubtleCryptoProvider() });
}
