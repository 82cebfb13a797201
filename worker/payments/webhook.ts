// Stripe's webhook (docs/decisions/222 and 244): the signature is checked before anything is read; a card event goes
// to its tab's turn at the venue's hub, `account.updated` to the venue's stored Stripe connection. Events about
// accounts or payments no venue holds are acknowledged (applied: false) so Stripe stops sending them.
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type Stripe from 'stripe';
import type { WebhookResponse } from '../../shared/schemas/payments';
import { tabHolds, tabShares, venues } from '../db/schema';
import type { AppContext, Db, WorkerEnv } from '../env';
import { ApiError } from '../lib/errors';
import { venueHub } from '../live';
import { invalidateGuestReads } from '../menu';
import { everyVenueDatabase, type VenueDatabase } from '../shards';
import { forgetAccount, storeAccountState } from './connect';
import { applyCheckoutIntent, paymentOfIntent } from '../orders';
import { cardEventOf, STRIPE_ACTOR, type CardEvent } from './events';
import { observeLocally } from './local-stripe';
import { accountStateOf, cardPaymentsConfigured, usesLocalStripe, verifiedEvent, type IntentState } from './stripe';


/** Connected account → its venue and database; an isolate remembers (a venue keeps its account). */
const accounts = new Map<string, { venueId: string; database: VenueDatabase }>();

async function venueOfAccount(env: WorkerEnv, account: string) {
  const known = accounts.get(account);
  if (known) return known;
  for (const database of await everyVenueDatabase(env)) {
    const [venue] = await database.db.select({ id: venues.id }).from(venues).where(eq(venues.stripeAccountId, account)).limit(1);
    if (venue) {
      const found = { venueId: venue.id, database };
      accounts.set(account, found);
      return found;
    }
  }
  return null;
}

/** The tab a PaymentIntent belongs to: a share's payment or a tab's hold. */
async function sessionOfIntent(db: Db, intentId: string): Promise<string | null> {
  const [share] = await db.select({ session: tabShares.sessionId }).from(tabShares).where(eq(tabShares.providerRef, intentId)).limit(1);
  if (share) return share.session;
  const [hold] = await db.select({ session: tabHolds.sessionId }).from(tabHolds).where(eq(tabHolds.paymentIntentId, intentId)).limit(1);
  return hold?.session ?? null;
}

/** What an event says of a checkout paid first, as the intent's state (worker/orders/checkout.ts applies it). */
function checkoutState(card: CardEvent): Pick<IntentState, 'status' | 'amountCapturable' | 'lastError'> | null {
  if (card.kind === 'authorized') return { status: 'requires_capture', amountCapturable: card.amountCents, lastError: null };
  if (card.kind === 'failed') return { status: 'requires_payment_method', amountCapturable: 0, lastError: { code: 'card_declined', message: card.note } };
  if (card.kind === 'canceled') return { status: 'canceled', amountCapturable: 0, lastError: null };
  // A capture that went through: the order's turn records it (worker/orders/order-card.ts).
  if (card.kind === 'succeeded') return { status: 'succeeded', amountCapturable: 0, lastError: null };
  return null;
}

/** `account.updated` (a Connect event: `account` names it): the venue's connection as the event says, unless it already holds a newer word. */
async function applyAccountUpdated(env: WorkerEnv, event: Stripe.Event): Promise<boolean> {
  const object: unknown = (event as { data?: { object?: unknown } | null }).data?.object;
  if (typeof object !== 'object' || object === null || typeof (object as { id?: unknown }).id !== 'string') return false;
  const state = accountStateOf(object as Stripe.Account);
  const venue = await venueOfAccount(env, event.account ?? state.id);
  if (!venue) return false;
  return storeAccountState(venue.database.db, venue.venueId, state, event.created);
}

/** `account.application.deauthorized`: the venue named by `account` disconnected Barhop in Stripe. */
async function applyDeauthorized(env: WorkerEnv, event: Stripe.Event): Promise<boolean> {
  const venue = event.account ? await venueOfAccount(env, event.account) : null;
  const forgotten = venue ? await forgetAccount(venue.database.db, venue.venueId, event.account!) : false;
  // The venue's page says whether it takes cards: the webhook's other events leave guests' reads as they are.
  if (forgotten) invalidateGuestReads();
  return forgotten;
}

/** One delivery of Stripe's webhook, as POST /api/payments/webhook answers it. */
export async function receiveStripeEvent(c: Context<AppContext>, payload: string, signature: string | undefined): Promise<WebhookResponse> {
  if (!cardPaymentsConfigured(c.env)) throw new ApiError(503, 'payments_unavailable', 'Card payments are not set up here');
  if (!signature) throw new ApiError(400, 'invalid_signature', 'The Stripe-Signature header is missing');
  const event = await verifiedEvent(c.env, payload, signature);
  if (!event) throw new ApiError(400, 'invalid_signature', 'The Stripe signature does not match this payload');
  if (event.type === 'account.updated') return { received: true, applied: await applyAccountUpdated(c.env, event) };
  if (event.type === 'account.application.deauthorized') return { received: true, applied: await applyDeauthorized(c.env, event) };
  if (usesLocalStripe(c.env)) observeLocally(event);
  const card = cardEventOf(event);
  const venue = card?.account ? await venueOfAccount(c.env, card.account) : null;
  const sessionId = card && venue ? await sessionOfIntent(venue.database.db, card.intentId) : null;
  // A solo order paid first (docs/decisions/241): authorised places it, declined or cancelled leaves none live.
  const checkout = card && venue && !sessionId ? await paymentOfIntent(venue.database.db, card.intentId) : null;
  const state = checkout && card ? checkoutState(card) : null;
  if (checkout && state && card && venue) {
    const before = checkout.status;
    const after = await applyCheckoutIntent(c.env, venue.database.db, { id: venue.venueId, account: card.account }, checkout, state);
    return { received: true, applied: after.status !== before };
  }
  // Events the tabs do not follow, or about payments they do not hold, are acknowledged so Stripe stops sending them.
  if (!card || !venue || !sessionId) return { received: true, applied: false };
  const outcome = await venueHub(c.env, venue.venueId).tableCommand(venue.venueId, { type: 'card_event', sessionId, event: card }, STRIPE_ACTOR);
  return { received: true, applied: outcome.ok };
}
