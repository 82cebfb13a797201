// Card payments in tests (docs/decisions/222): the Worker's Stripe SDK sends through its own fetch client hook to
// a recording fake of Stripe's API (worker/payments/local-stripe.ts, in Stripe's request and object shapes), and
// Stripe's webhook events are signed with the SDK's own test helper.
import { env } from 'cloudflare:workers';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { confirmLocally, localStripeFetch, stripeEvent, type LocalIntent } from '../../worker/payments/local-stripe';
import { routeStripeThrough } from '../../worker/payments/stripe';
import { call } from './helpers';
import { venueId } from './order-helpers';
import { addLine, deliver, drinksOf, sendRound, tableOf } from './table-helpers';

export const ACCOUNT = 'acct_test_artisan_bar';

export type StripeRequest = { method: string; path: string; form: URLSearchParams; account: string | null; idempotencyKey: string | null; authorization: string | null };

/** Every request the Worker sent to "Stripe", answered by the local stand-in. */
export function recordStripe(answer: typeof fetch = localStripeFetch) {
  const requests: StripeRequest[] = [];
  routeStripeThrough(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    requests.push({
      method: request.method, path: url.pathname, form: new URLSearchParams(request.method === 'GET' ? url.search : new TextDecoder().decode(await request.clone().arrayBuffer())),
      account: request.headers.get('Stripe-Account'), idempotencyKey: request.headers.get('Idempotency-Key'), authorization: request.headers.get('Authorization'),
    });
    return answer(request);
  });
  return requests;
}

/** The venue takes cards on this connected account (null: pay at the bar). */
export async function connectVenue(slug: string, account: string | null, holdCents = 10_000) {
  await env.DB.prepare('UPDATE venues SET stripe_account_id = ?, stripe_charges_enabled = ?, tab_hold_cents = ? WHERE id = ?').bind(account, account ? 1 : 0, holdCents, await venueId(slug)).run();
}

/** A signed delivery of one event to the webhook route. */
export async function deliverEvent(event: { id: string }, secret = env.STRIPE_WEBHOOK_SECRET as string) {
  const payload = JSON.stringify(event);
  const stripe = new Stripe('sk_test_signing_only');
  const signature = await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, cryptoProvider: Stripe.createSubtleCryptoProvider() });
  return call('POST', '/api/payments/webhook', { rawBody: payload, headers: { 'Stripe-Signature': signature, 'Content-Type': 'application/json' } });
}

/** The intent as the guest's confirmation leaves it at Stripe, and its event. */
export function confirmed(intentId: string, outcome: 'succeeded' | 'failed' = 'succeeded'): LocalIntent {
  const intent = confirmLocally(intentId, outcome);
  expect(intent, `the local Stripe knows ${intentId}`).not.toBeNull();
  return intent!;
}

export const eventOf = (type: string, object: object) => stripeEvent(type, object, { account: ACCOUNT });

/** A table with one delivered round, billed, and its host's share of the rest taken with a 2-dollar tip. */
export async function billedTable(table: string, names = ['Host', 'Bo']) {
  const t = await tableOf(table, names);
  const drinks = await drinksOf();
  for (const [i, g] of t.guests.entries()) expect((await addLine(t.sessionId, g.token, { menu_drink_id: drinks[i % 2]!.id, qty: 1 })).status).toBe(200);
  const sent = await sendRound(t.sessionId, t.host.token);
  await deliver(sent.order.id);
  expect((await call('POST', `/api/tables/sessions/${t.sessionId}/bill`, { token: t.host.token, body: {} })).status).toBe(200);
  const shared = await call('POST', `/api/tables/sessions/${t.sessionId}/shares`, { token: t.host.token, body: { kind: 'rest', tip: { cents: 200 } } });
  expect(shared.status, shared.text).toBe(200);
  const share = shared.json.table.shares.at(-1) as { id: string; due_cents: number; amount_cents: number };
  return { ...t, order: sent.order, share };
}
