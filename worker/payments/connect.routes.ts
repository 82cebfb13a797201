// Connecting a venue's Stripe account (docs/decisions/244, docs/api.md "Card payments"): the owner's Payments panel
// reads the connection, starts or continues Stripe's onboarding and, back from it, asks Stripe how the account stands.
// Locally (no Stripe keys, the stand-in of worker/payments/local-stripe.ts) the onboarding is a small page of ours.
import { Hono } from 'hono';
import { z } from 'zod';
import type { StripeConnectionResponse, StripeOnboardingResponse } from '../../shared/schemas/stripe-connection';
import { requireAdmin, scopedVenueId, staffCaller } from '../auth';
import { describeWrite } from '../audit';
import type { AppContext } from '../env';
import { ApiError, forbidden } from '../lib/errors';
import { validate } from '../lib/validate';
import { scopedVenueDatabase } from '../shards';
import { checkConnection, connectionAnswer, readConnection, startOnboarding } from './connect';
import { completeOnboardingLocally, LOCAL_ONBOARDING_PATH, stripeEvent } from './local-stripe';
import { signedTestPayload, usesLocalStripe } from './stripe';
import { receiveStripeEvent } from './webhook';

/** Where Stripe's onboarding sends the owner back: the venue's settings (Venue Profile), at its Payments panel. */
export const PAYMENTS_SETTINGS_PATH = '/admin/profile';

/** The venue's Stripe connection (mounted under /api/admin/payments/stripe). Only the venue's own admin connects it. */
export const adminStripeConnectionRoutes = new Hono<AppContext>()
  .use(requireAdmin)
  .get('/', async (c) => {
    const { db } = await scopedVenueDatabase(c);
    return c.json({ connection: connectionAnswer(c.env, await readConnection(db, scopedVenueId(c))) } satisfies StripeConnectionResponse);
  })
  .post('/connect', async (c) => {
    // The account is the venue's own, in its owner's name: a super admin acts here only as the venue's admin (impersonating).
    if (staffCaller(c).role !== 'admin') throw forbidden("Only the venue's admin can connect its Stripe account");
    const venueId = scopedVenueId(c);
    const { db } = await scopedVenueDatabase(c);
    const origin = new URL(c.req.url).origin;
    const before = await readConnection(db, venueId);
    const { url, row } = await startOnboarding(c.env, db, venueId, {
      returnUrl: `${origin}${PAYMENTS_SETTINGS_PATH}?stripe=return`, refreshUrl: `${origin}${PAYMENTS_SETTINGS_PATH}?stripe=refresh`,
    });
    if (!before.accountId) {
      describeWrite(c, { action: 'venue.stripe_connect', targetType: 'venue', targetId: venueId, summary: `Connected Stripe account ${row.accountId}`, after: { stripe_account_id: row.accountId } });
    }
    return c.json({ url, connection: connectionAnswer(c.env, row) } satisfies StripeOnboardingResponse);
  })
  .post('/check', async (c) => {
    const { db } = await scopedVenueDatabase(c);
    return c.json({ connection: connectionAnswer(c.env, await checkConnection(c.env, db, scopedVenueId(c))) } satisfies StripeConnectionResponse);
  });

const OnboardingQuery = z.object({ account: z.string().min(1).max(100), return_url: z.string().url().max(2000) });

/** The return address, only on this origin: the page never sends anyone elsewhere. */
function sameOrigin(requestUrl: string, returnUrl: string): string {
  const back = new URL(returnUrl);
  if (back.origin !== new URL(requestUrl).origin) throw new ApiError(400, 'invalid_request', 'The return address must be on this site');
  return back.toString();
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The stand-in's onboarding (demo builds with the local key only, mounted under /api/payments): what Stripe's hosted
 * onboarding does, in one button. Finishing marks the account complete at the stand-in and sends its
 * `account.updated` through the webhook's own path, signed as Stripe signs it, then returns the owner to Barhop.
 */
export const localOnboardingRoutes = new Hono<AppContext>()
  .use(async (c, next) => {
    if (!usesLocalStripe(c.env)) throw new ApiError(404, 'not_found', 'Not found');
    await next();
  })
  .get('/local-onboarding', validate('query', OnboardingQuery), (c) => {
    const { account, return_url: returnUrl } = c.req.valid('query');
    const back = sameOrigin(c.req.url, returnUrl);
    return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Test onboarding — Stripe stand-in</title></head>
<body><main>
<h1>Test onboarding</h1>
<p>This is Barhop's local stand-in for Stripe's onboarding: no Stripe keys are set, so no real account is made.</p>
<p>Account <code>${escapeHtml(account)}</code></p>
<form method="post" action="${LOCAL_ONBOARDING_PATH}">
<input type="hidden" name="account" value="${escapeHtml(account)}"><input type="hidden" name="return_url" value="${escapeHtml(back)}">
<button type="submit">Finish test onboarding</button>
</form>
<p><a href="${escapeHtml(back)}">Back to Barhop without finishing</a></p>
</main></body></html>`);
  })
  .post('/local-onboarding', validate('form', OnboardingQuery), async (c) => {
    const { account, return_url: returnUrl } = c.req.valid('form');
    const back = sameOrigin(c.req.url, returnUrl);
    const event = stripeEvent('account.updated', completeOnboardingLocally(account), { account });
    const payload = JSON.stringify(event);
    await receiveStripeEvent(c, payload, await signedTestPayload(c.env, payload));
    return c.redirect(back, 303);
  });
