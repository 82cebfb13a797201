// A small stand-in for Stripe's API, in Stripe's own request and object shapes (form-encoded requests, the
// PaymentIntent, Refund, Charge, Dispute, Account, Account Link and Event objects), for local development and tests (docs/payments.md):
// `npm start` uses it when STRIPE_SECRET_KEY is the local key of wrangler.toml's [vars] in a demo build, as the
// local AI engine stands in for Workers AI. The Worker reaches it through the SDK's fetch client, never by network.
// It keeps the intents it made in memory; one it does not know is taken as Stripe would have it after the guest
// confirmed (a local server may run the hub in another isolate).

/** The secret key of local development (wrangler.toml [vars]); a deployed Worker refuses it (docs/decisions/222). */
export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_barhop_local_development';
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_barhop_local_development';

export type LocalIntent = {
  id: string; object: 'payment_intent'; amount: number; amount_capturable: number; amount_received: number;
  application_fee_amount: number | null; capture_method: 'automatic' | 'manual'; client_secret: string; currency: string;
  description: string | null; metadata: Record<string, string>; status: string; latest_charge: string | null;
  created: number; livemode: false; last_payment_error: { code: string; message: string } | null; cancellation_reason: string | null;
};

type Params = Record<string, string>;

const intents = new Map<string, LocalIntent>();
/** What has been refunded of each intent, as Stripe's charge keeps `amount_refunded`. */
const refunded = new Map<string, number>();
/** Each idempotency key's first request and answer: Stripe answers the same again, and refuses other parameters. */
const keyed = new Map<string, { request: string; status: number; body: string }>();
let counter = 0;
const nextId = (prefix: string) => `${prefix}_local${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** `metadata[venue_id]=…` → metadata.venue_id, as Stripe reads its form bodies (one level is all the Worker sends). */
function parseForm(body: string): { flat: Params; metadata: Record<string, string> } {
  const flat: Params = {};
  const metadata: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const meta = /^metadata\[(.+)\]$/.exec(key);
    if (meta) metadata[meta[1]!] = value;
    else flat[key] = value;
  }
  return { flat, metadata };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'Request-Id': nextId('req') } });
const stripeError = (status: number, code: string, message: string, param?: string) =>
  json(status, { error: { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) } });

/** An intent the local Stripe did not make: as Stripe would hold it once its guest confirmed. */
function assumed(id: string, capture: boolean): LocalIntent {
  return {
    id, object: 'payment_intent', amount: Number.MAX_SAFE_INTEGER, amount_capturable: capture ? Number.MAX_SAFE_INTEGER : 0, amount_received: capture ? 0 : Number.MAX_SAFE_INTEGER,
    application_fee_amount: null, capture_method: capture ? 'manual' : 'automatic', client_secret: `${id}_secret_local`, currency: 'usd',
    description: null, metadata: {}, status: capture ? 'requires_capture' : 'succeeded', latest_charge: null, created: Math.floor(Date.now() / 1000),
    livemode: false, last_payment_error: null, cancellation_reason: null,
  };
}

/**
 * Stripe's API for the calls the Worker makes (worker/payments/stripe.ts), with Stripe's rules where money is at
 * stake (docs/payments.md): an idempotency key answers its first request again, and is refused with other
 * parameters; a refund is at most what was captured and not yet refunded; a capture at most what was authorised;
 * a payment at least the card minimum (50 cents).
 */
export async function localStripeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const url = new URL(request.url);
  const body = request.method === 'GET' ? url.searchParams.toString() : new TextDecoder().decode(await request.arrayBuffer());
  const key = request.method === 'POST' ? request.headers.get('Idempotency-Key') : null;
  if (!key) return answer(request.method, url.pathname, body);
  const fingerprint = `${request.method} ${url.pathname} ${[...new URLSearchParams(body)].map(([k, v]) => `${k}=${v}`).sort().join('&')}`;
  const first = keyed.get(key);
  if (first) {
    if (first.request !== fingerprint) {
      return json(400, { error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' } });
    }
    return new Response(first.body, { status: first.status, headers: { 'Content-Type': 'application/json', 'Request-Id': nextId('req'), 'Idempotent-Replayed': 'true' } });
  }
  const response = await answer(request.method, url.pathname, body);
  keyed.set(key, { request: fingerprint, status: response.status, body: await response.clone().text() });
  return response;
}

/** Every intent the stand-in made or was asked about: what it captured and what was refunded of it. */
export function localLedger(): { id: string; status: string; capturedCents: number; refundedCents: number; metadata: Record<string, string> }[] {
  return [...intents.values()].map((i) => ({ id: i.id, status: i.status, capturedCents: i.status === 'succeeded' ? i.amount_received : 0, refundedCents: refunded.get(i.id) ?? 0, metadata: i.metadata }));
}

async function answer(method: string, path: string, body: string): Promise<Response> {
  const { flat, metadata } = parseForm(body);
  let match: RegExpExecArray | null;
  if (method === 'POST' && path === '/v1/payment_intents') {
    const amount = Number(flat.amount);
    if (!Number.isInteger(amount) || amount < 50) return stripeError(400, 'amount_too_small', 'Amount must be at least $0.50 usd', 'amount');
    const id = nextId('pi');
    const intent: LocalIntent = {
      id, object: 'payment_intent', amount, amount_capturable: 0, amount_received: 0,
      application_fee_amount: flat.application_fee_amount ? Number(flat.application_fee_amount) : null,
      capture_method: flat.capture_method === 'manual' ? 'manual' : 'automatic', client_secret: `${id}_secret_${nextId('cs')}`,
      currency: flat.currency ?? 'usd', description: flat.description ?? null, metadata, status: 'requires_payment_method', latest_charge: null,
      created: Math.floor(Date.now() / 1000), livemode: false, last_payment_error: null, cancellation_reason: null,
    };
    intents.set(id, intent);
    return json(200, intent);
  }
  if ((match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)) && method === 'GET') {
    const intent = intents.get(match[1]!);
    return intent ? json(200, intent) : stripeError(404, 'resource_missing', `No such payment_intent: '${match[1]}'`, 'intent');
  }
  if ((match = /^\/v1\/payment_intents\/([^/]+)\/capture$/.exec(path)) && method === 'POST') {
    const intent = intents.get(match[1]!) ?? assumed(match[1]!, true);
    if (intent.status !== 'requires_capture') return stripeError(400, 'payment_intent_unexpected_state', `This PaymentIntent could not be captured because it has a status of ${intent.status}.`);
    const amount = flat.amount_to_capture ? Number(flat.amount_to_capture) : intent.amount_capturable;
    if (!Number.isInteger(amount) || amount < 50) return stripeError(400, 'amount_too_small', 'Amount must be at least $0.50 usd', 'amount_to_capture');
    if (amount > intent.amount_capturable) return stripeError(400, 'amount_too_large', 'The amount to capture is greater than the amount capturable', 'amount_to_capture');
    Object.assign(intent, { status: 'succeeded', amount_received: amount, amount_capturable: 0, latest_charge: intent.latest_charge ?? nextId('ch'),
      application_fee_amount: flat.application_fee_amount ? Number(flat.application_fee_amount) : intent.application_fee_amount });
    intents.set(intent.id, intent);
    return json(200, intent);
  }
  if ((match = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path)) && method === 'POST') {
    const intent = intents.get(match[1]!) ?? assumed(match[1]!, true);
    if (intent.status === 'succeeded') return stripeError(400, 'payment_intent_unexpected_state', 'You cannot cancel this PaymentIntent because it has a status of succeeded.');
    Object.assign(intent, { status: 'canceled', amount_capturable: 0, cancellation_reason: 'requested_by_customer' });
    intents.set(intent.id, intent);
    return json(200, intent);
  }
  if (method === 'POST' && path === '/v1/refunds') {
    const intent = intents.get(flat.payment_intent ?? '') ?? assumed(flat.payment_intent ?? nextId('pi'), false);
    if (intent.status !== 'succeeded') return stripeError(400, 'charge_not_refundable', 'This PaymentIntent has no successful charge to refund.');
    const before = refunded.get(intent.id) ?? 0;
    const left = intent.amount_received - before;
    const amount = flat.amount ? Number(flat.amount) : left;
    if (left <= 0) return stripeError(400, 'charge_already_refunded', `Charge ${intent.latest_charge} has already been refunded.`);
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      return stripeError(400, 'amount_too_large', `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`, 'amount');
    }
    refunded.set(intent.id, before + amount);
    return json(200, {
      id: nextId('re'), object: 'refund', amount, currency: intent.currency, payment_intent: intent.id, charge: intent.latest_charge,
      metadata, reason: flat.reason ?? null, status: 'succeeded', created: Math.floor(Date.now() / 1000),
    });
  }
  if (method === 'POST' && path === '/v1/accounts') {
    const account = newAccount(flat, metadata);
    accounts.set(account.id, account);
    return json(200, account);
  }
  if ((match = /^\/v1\/accounts\/([^/]+)$/.exec(path)) && method === 'GET') {
    return json(200, accounts.get(match[1]!) ?? completed(match[1]!));
  }
  if (method === 'POST' && path === '/v1/account_links') {
    for (const param of ['account', 'refresh_url', 'return_url', 'type'] as const) {
      if (!flat[param]) return stripeError(400, 'parameter_missing', `Missing required param: ${param}.`, param);
    }
    let origin: string;
    try {
      origin = new URL(flat.return_url!).origin;
    } catch {
      return stripeError(400, 'url_invalid', 'Not a valid URL', 'return_url');
    }
    const onboarding = new URL(LOCAL_ONBOARDING_PATH, origin);
    onboarding.searchParams.set('account', flat.account!);
    onboarding.searchParams.set('return_url', flat.return_url!);
    const created = Math.floor(Date.now() / 1000);
    return json(200, { object: 'account_link', created, expires_at: created + 300, url: onboarding.toString() });
  }
  return stripeError(404, 'resource_missing', `Unrecognized request URL (${method}: ${path}).`);
}

// ---- connected accounts (docs/decisions/244) ----------------------------------------------------

/** Where the stand-in's Account Links lead: the Worker's own small onboarding page (worker/payments/connect.routes.ts). */
export const LOCAL_ONBOARDING_PATH = '/api/payments/local-onboarding';

/** What a new account still needs before Stripe lets it charge, as Stripe lists it for a fresh Standard account. */
export const LOCAL_NEW_ACCOUNT_DUE = ['business_profile.url', 'external_account', 'representative.verification.document', 'tos_acceptance.date'] as const;

export type LocalAccount = {
  id: string; object: 'account'; type: string; email: string | null; charges_enabled: boolean; payouts_enabled: boolean; details_submitted: boolean;
  business_profile: { name: string | null }; metadata: Record<string, string>; created: number;
  requirements: { currently_due: string[]; eventually_due: string[]; past_due: string[]; disabled_reason: string | null };
};

const accounts = new Map<string, LocalAccount>();

function newAccount(flat: Params, metadata: Record<string, string>): LocalAccount {
  const due = [...LOCAL_NEW_ACCOUNT_DUE];
  return {
    id: nextId('acct'), object: 'account', type: flat.type ?? 'standard', email: flat.email ?? null, charges_enabled: false, payouts_enabled: false,
    details_submitted: false, business_profile: { name: flat['business_profile[name]'] ?? null }, metadata, created: Math.floor(Date.now() / 1000),
    requirements: { currently_due: due, eventually_due: due, past_due: due, disabled_reason: 'requirements.past_due' },
  };
}

/** An account onboarded to the end; one the stand-in did not make (another isolate, a restart) is taken as such. */
function completed(id: string, account: LocalAccount | undefined = accounts.get(id)): LocalAccount {
  return {
    ...(account ?? { id, object: 'account', type: 'standard', email: null, business_profile: { name: null }, metadata: {}, created: Math.floor(Date.now() / 1000) }),
    charges_enabled: true, payouts_enabled: true, details_submitted: true,
    requirements: { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null },
  };
}

/** What the owner's "Finish test onboarding" does at Stripe: the account can charge and be paid out. */
export function completeOnboardingLocally(id: string): LocalAccount {
  const account = completed(id);
  accounts.set(id, account);
  return account;
}

/** An account as the stand-in holds it now (tests build Stripe's events from it). */
export const localAccount = (id: string): LocalAccount | null => accounts.get(id) ?? null;

/** An intent as the stand-in holds it now (tests build Stripe's events from it). */
export const localIntent = (id: string): LocalIntent | null => intents.get(id) ?? null;

/**
 * The local test card form's cards (docs/decisions/242): Stripe's own test numbers. These decline; any other number
 * of the right length is authorised, as 4242 4242 4242 4242 is at Stripe.
 */
export const LOCAL_DECLINED_CARDS: ReadonlySet<string> = new Set(['4000000000000002', '4000000000009995', '4000000000009987']);

/** What the guest's confirmation does at Stripe (Stripe.js in the browser): a local test says how it went. */
export function confirmLocally(id: string, outcome: 'succeeded' | 'failed'): LocalIntent | null {
  const intent = intents.get(id);
  if (!intent) return null;
  // Stripe.js cannot confirm an intent that is cancelled or already paid: it stays as it is.
  if (intent.status === 'canceled' || intent.status === 'succeeded' || intent.status === 'requires_capture') return intent;
  if (outcome === 'failed') {
    Object.assign(intent, { status: 'requires_payment_method', last_payment_error: { code: 'card_declined', message: 'Your card was declined.' } });
  } else if (intent.capture_method === 'manual') {
    Object.assign(intent, { status: 'requires_capture', amount_capturable: intent.amount, latest_charge: nextId('ch') });
  } else {
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: nextId('ch') });
  }
  return intent;
}

/**
 * A verified webhook event about an intent the local Stripe made (local development and the e2e server only): the
 * guest's confirmation happened in the browser, where Stripe.js stood in by whoever signed the event, so the stand-in
 * takes the intent's success from it, as Stripe's own records would hold it. Forward only: a success is never undone.
 */
export function observeLocally(event: { type: string; data?: { object?: unknown } | null }) {
  const object = (event.data?.object ?? {}) as Partial<LocalIntent> & { id?: string };
  const intent = typeof object.id === 'string' ? intents.get(object.id) : undefined;
  if (!intent || intent.status === 'succeeded' || intent.status === 'canceled') return;
  if (event.type === 'payment_intent.succeeded') {
    Object.assign(intent, { status: 'succeeded', amount_received: object.amount_received ?? intent.amount, amount_capturable: 0, latest_charge: intent.latest_charge ?? nextId('ch') });
  } else if (event.type === 'payment_intent.amount_capturable_updated' && intent.capture_method === 'manual') {
    Object.assign(intent, { status: 'requires_capture', amount_capturable: object.amount_capturable ?? intent.amount, latest_charge: intent.latest_charge ?? nextId('ch') });
  }
}

// ---- events, as Stripe sends them to a Connect webhook endpoint ---------------------------------

export type EventOptions = { account: string; id?: string; created?: number };

/** A Stripe event: `account` names the connected account (direct charges, docs/decisions/222). */
export function stripeEvent(type: string, object: object, options: EventOptions) {
  return {
    id: options.id ?? nextId('evt'), object: 'event', api_version: '2026-10-28.endive', account: options.account,
    created: options.created ?? Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1,
    request: { id: null, idempotency_key: null }, type, data: { object },
  };
}

/** The Charge of an intent, after `refundedCents` were refunded of it. */
export function chargeOf(intent: Pick<LocalIntent, 'id' | 'amount' | 'amount_received' | 'currency' | 'metadata' | 'latest_charge'>, refundedCents = 0) {
  const amount = intent.amount_received || intent.amount;
  return {
    id: intent.latest_charge ?? `ch_for_${intent.id}`, object: 'charge', amount, amount_captured: amount, amount_refunded: refundedCents,
    captured: true, currency: intent.currency, metadata: intent.metadata, paid: true, payment_intent: intent.id,
    refunded: refundedCents >= amount, status: 'succeeded', livemode: false,
  };
}

/** A Dispute opened on an intent's charge. */
export function disputeOf(intent: Pick<LocalIntent, 'id' | 'amount' | 'currency' | 'latest_charge'>, reason = 'fraudulent') {
  return {
    id: nextId('dp'), object: 'dispute', amount: intent.amount, charge: intent.latest_charge ?? `ch_for_${intent.id}`, currency: intent.currency,
    payment_intent: intent.id, reason, status: 'needs_response', livemode: false,
  };
}
