// Stripe's webhook events as the tab applies them (docs/decisions/222): each one reduced to what it says about
// one PaymentIntent. Applying is a merge that only moves forward (worker/tables/card.ts), so the events may
// arrive in any order and any number of times.
import type Stripe from 'stripe';
import type { IntentState } from './stripe';

/**
 * Stripe itself, as the actor of a table's turn: what it answers changes tabs through the hub like any other change.
 * A staff-kind actor (worker/tables/commands.ts TableActor), spelled here so payments never imports the tables.
 */
export const STRIPE_ACTOR: { kind: 'staff'; userId: string; name: string; role: string } = { kind: 'staff', userId: 'stripe', name: 'Stripe', role: 'system' };

export type CardEventKind = 'succeeded' | 'authorized' | 'failed' | 'canceled' | 'refunded' | 'disputed';

export type CardEvent = {
  eventId: string;
  type: string;
  /** The venue's connected account the event happened on. */
  account: string;
  intentId: string;
  kind: CardEventKind;
  /** succeeded: received; authorized: capturable; refunded: refunded so far (cumulative, as the charge says). */
  amountCents: number;
  /** refunded: the charge is refunded in full. */
  full?: boolean;
  /** Why it failed, was cancelled or disputed, as Stripe says it. */
  note: string | null;
};

/** The event as the tab applies it, or null for an event the tab does not follow. */
export function cardEventOf(event: Stripe.Event): CardEvent | null {
  // A signed event without its object (data: {}, data.object: null, no data) says nothing about a payment: it is
  // acknowledged, never answered 500 (Stripe would send it again for days).
  const object: unknown = (event as { data?: { object?: unknown } | null }).data?.object;
  if (typeof object !== 'object' || object === null || typeof (object as { id?: unknown }).id !== 'string') return null;
  const base = { eventId: event.id, type: event.type, account: event.account ?? '' };
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      return { ...base, intentId: intent.id, kind: 'succeeded', amountCents: intent.amount_received, note: null };
    }
    case 'payment_intent.amount_capturable_updated': {
      const intent = event.data.object;
      return { ...base, intentId: intent.id, kind: 'authorized', amountCents: intent.amount_capturable, note: null };
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      return { ...base, intentId: intent.id, kind: 'failed', amountCents: 0, note: intent.last_payment_error?.message ?? 'The card payment failed' };
    }
    case 'payment_intent.canceled': {
      const intent = event.data.object;
      return { ...base, intentId: intent.id, kind: 'canceled', amountCents: 0, note: intent.cancellation_reason ?? 'The card payment was cancelled' };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (!intentId) return null;
      return { ...base, intentId, kind: 'refunded', amountCents: charge.amount_refunded, full: charge.refunded, note: null };
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      const intentId = typeof dispute.payment_intent === 'string' ? dispute.payment_intent : dispute.payment_intent?.id;
      if (!intentId) return null;
      return { ...base, intentId, kind: 'disputed', amountCents: dispute.amount, note: `Disputed by the card holder (${dispute.reason})` };
    }
    default:
      return null;
  }
}

/**
 * What Stripe's answer about an intent says, as the tab applies it: the Worker asks Stripe itself when the payer's
 * browser says it confirmed (POST …/card/check, …/holds/check), so a lost or late webhook does not keep a paid share unpaid, and
 * the browser's word alone never captures one. Its id names the intent and the state, so asking again (or the
 * webhook of the same fact arriving too) applies it once; null while the payment is still under way.
 */
export function cardEventOfIntent(account: string, intent: IntentState): CardEvent | null {
  const base = { eventId: `check:${intent.id}:${intent.status}`, type: `payment_intent.checked.${intent.status}`, account, intentId: intent.id };
  switch (intent.status) {
    case 'succeeded':
      return { ...base, kind: 'succeeded', amountCents: intent.amountReceived, note: null };
    // A manual-capture intent the card holder confirmed: a tab's hold is authorised (POST …/holds/check,
    // docs/decisions/222); for a share's payment it changes nothing, as the webhook's own event does not.
    case 'requires_capture':
      return { ...base, kind: 'authorized', amountCents: intent.amountCapturable, note: null };
    case 'canceled':
      return { ...base, kind: 'canceled', amountCents: 0, note: 'The card payment was cancelled' };
    case 'requires_payment_method':
      return intent.lastError
        ? { ...base, eventId: `${base.eventId}:${intent.lastError.code}`, kind: 'failed', amountCents: 0, note: intent.lastError.message ?? 'The card payment failed' }
        : null;
    default:
      return null;
  }
}
