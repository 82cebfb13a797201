// Connecting a venue's Stripe account from the back office (docs/decisions/244, docs/payments.md "A venue's account"),
// against the local stand-in in Stripe's shapes: the account and its onboarding link are made with idempotency keys
// on a plan the venue's row holds first; the status is what Stripe last said (a read or `account.updated`), never
// older over newer; only the venue's own admin connects; a venue takes cards only once Stripe enables its charges.
import { env, exports } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeConnectionResponse, StripeOnboardingResponse } from '../../shared/schemas/stripe-connection';
import { SuperVenueList } from '../../shared/schemas/super';
import { CardStatusResponse } from '../../shared/schemas/payments';
import { LOCAL_NEW_ACCOUNT_DUE, localAccount, localStripeFetch, stripeEvent } from '../../worker/payments/local-stripe';
import { routeStripeThrough } from '../../worker/payments/stripe';
import { DEMO_EMAILS, impersonationToken, mintToken, venueId } from './auth-helpers';
import { call, expectApiError } from './helpers';
import { deliverEvent, recordStripe, type StripeRequest } from './payments-helpers';
import { addTables, tableOf } from './table-helpers';

let stripe: StripeRequest[];
beforeAll(async () => {
  await addTables(45);
  stripe = recordStripe();
});
afterAll(() => routeStripeThrough(null));

const connection = async (token: string) => {
  const res = await call('GET', '/api/admin/payments/stripe', { token });
  expect(res.status, res.text).toBe(200);
  return StripeConnectionResponse.parse(res.json).connection;
};
const connect = (token: string) => call('POST', '/api/admin/payments/stripe/connect', { token, body: {} });
const accountCreations = () => stripe.filter((r) => r.method === 'POST' && r.path === '/v1/accounts');
const superList = async () => SuperVenueList.parse((await call('GET', '/api/super/venues', { token: await mintToken(DEMO_EMAILS.superadmin) })).json).venues;
const storedRow = async (slug: string) => (await env.DB.prepare('SELECT stripe_account_id AS account, stripe_account_plan AS plan FROM venues WHERE id = ?')
  .bind(await venueId(slug)).first<{ account: string | null; plan: string | null }>())!;

describe('connecting Stripe from the back office', () => {
  it('starts not connected; "Connect Stripe" makes a Standard account and an onboarding link back to the venue settings', async () => {
    const owner = await mintToken(DEMO_EMAILS.admin);
    expect(await connection(owner)).toMatchObject({ state: 'not_connected', account_id: null, charges_enabled: false, payouts_enabled: false, cards_configured: true });

    const res = await connect(owner);
    expect(res.status, res.text).toBe(200);
    const answer = StripeOnboardingResponse.parse(res.json);
    const [created] = accountCreations();
    expect(accountCreations()).toHaveLength(1);
    // On the platform (no Stripe-Account header), with the plan the row held before the call as its key.
    expect(created).toMatchObject({ account: null });
    expect(created!.form.get('type')).toBe('standard');
    expect(created!.form.get('metadata[venue_id]')).toBe(await venueId('artisan-bar'));
    expect(created!.idempotencyKey).toBe((await storedRow('artisan-bar')).plan);
    expect(created!.idempotencyKey).toMatch(/^account:/);

    const link = stripe.find((r) => r.path === '/v1/account_links')!;
    expect(link.form.get('account')).toBe(answer.connection.account_id);
    expect(link.form.get('type')).toBe('account_onboarding');
    expect(link.form.get('return_url')).toBe('http://localhost/admin/profile?stripe=return');
    expect(link.form.get('refresh_url')).toBe('http://localhost/admin/profile?stripe=refresh');
    expect(link.idempotencyKey).toMatch(new RegExp(`^account_link:${answer.connection.account_id}:`));
    expect(answer.url).toMatch(/^http:\/\/localhost\/api\/payments\/local-onboarding\?account=acct_/);

    // What Stripe still needs is stored and shown; the venue takes no card yet.
    expect(answer.connection).toMatchObject({ state: 'incomplete', charges_enabled: false, payouts_enabled: false, currently_due: [...LOCAL_NEW_ACCOUNT_DUE], disabled_reason: 'requirements.past_due' });
    expect(await connection(owner)).toEqual(answer.connection);
    const t = await tableOf('41', ['Host']);
    expect(CardStatusResponse.parse((await call('GET', `/api/tables/sessions/${t.sessionId}/card`, { token: t.host.token })).json).available).toBe(false);
  });

  it('"Continue setup" gives a new link to the same account; Stripe is never asked for a second one', async () => {
    const owner = await mintToken(DEMO_EMAILS.admin);
    const before = await connection(owner);
    const again = StripeOnboardingResponse.parse((await connect(owner)).json);
    expect(again.connection.account_id).toBe(before.account_id);
    expect(accountCreations()).toHaveLength(1);
    expect(stripe.filter((r) => r.path === '/v1/account_links')).toHaveLength(2);
  });

  it('finishing the stand-in onboarding sends account.updated through the webhook and returns the owner to the settings: charges enabled, cards offered', async () => {
    const owner = await mintToken(DEMO_EMAILS.admin);
    const { account_id: account } = await connection(owner);
    const url = new URL(StripeOnboardingResponse.parse((await connect(owner)).json).url);
    const page = await call('GET', `${url.pathname}${url.search}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Finish test onboarding');
    expect(page.text).toContain(account);

    // The browser posts the page's form and follows the redirect itself.
    const finished = await exports.default.fetch(new Request(`http://localhost${url.pathname}`, {
      method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ account: account!, return_url: 'http://localhost/admin/profile?stripe=return' }).toString(),
    }));
    expect(finished.status).toBe(303);
    expect(finished.headers.get('Location')).toBe('http://localhost/admin/profile?stripe=return');
    expect(localAccount(account!)).toMatchObject({ charges_enabled: true, payouts_enabled: true });
    expect(await connection(owner)).toMatchObject({ state: 'charges_enabled', charges_enabled: true, payouts_enabled: true, currently_due: [], disabled_reason: null });
    const t = await tableOf('42', ['Host']);
    expect(CardStatusResponse.parse((await call('GET', `/api/tables/sessions/${t.sessionId}/card`, { token: t.host.token })).json).available).toBe(true);
  });

  it('the stand-in onboarding sends nobody to another site', async () => {
    const res = await call('GET', `/api/payments/local-onboarding?account=acct_x&return_url=${encodeURIComponent('https://evil.example/admin/payments')}`);
    expect(expectApiError(res, 400).message).toBe('The return address must be on this site');
  });
});

describe('account.updated and the status check', () => {
  it('an older account.updated never overwrites a newer word; the check asks Stripe and stores its answer', async () => {
    const owner = await mintToken(DEMO_EMAILS.admin);
    const { account_id: account, checked_at: checkedAt } = await connection(owner);
    const at = Math.floor(Date.parse(checkedAt!) / 1000);
    const stale = stripeEvent('account.updated', {
      id: account, object: 'account', charges_enabled: false, payouts_enabled: false,
      requirements: { currently_due: ['external_account'], disabled_reason: 'requirements.past_due' },
    }, { account: account!, created: at - 60 });
    expect((await deliverEvent(stale)).json).toEqual({ received: true, applied: false });
    expect(await connection(owner)).toMatchObject({ state: 'charges_enabled', payouts_enabled: true });

    // Stripe later asks for a document again: the newer event is applied, and the panel lists it.
    const newer = stripeEvent('account.updated', {
      id: account, object: 'account', charges_enabled: true, payouts_enabled: false,
      requirements: { currently_due: ['individual.verification.document'], disabled_reason: null },
    }, { account: account!, created: at });
    expect((await deliverEvent(newer)).json).toEqual({ received: true, applied: true });
    expect(await connection(owner)).toMatchObject({ state: 'charges_enabled', payouts_enabled: false, currently_due: ['individual.verification.document'] });
  });

  it('POST …/stripe/check reads the account from Stripe (GET /v1/accounts/:id) and stores it', async () => {
    const owner = await mintToken(DEMO_EMAILS.admin);
    const before = await connection(owner);
    expect(before).toMatchObject({ payouts_enabled: false, currently_due: ['individual.verification.document'] });
    const res = await call('POST', '/api/admin/payments/stripe/check', { token: owner, body: {} });
    expect(res.status, res.text).toBe(200);
    expect(stripe.filter((r) => r.method === 'GET' && r.path === `/v1/accounts/${before.account_id}`)).toHaveLength(1);
    // The stand-in holds the account onboarded to the end: that is what the venue shows now.
    expect(StripeConnectionResponse.parse(res.json).connection).toMatchObject({ charges_enabled: true, payouts_enabled: true, currently_due: [] });
    expect(await connection(owner)).toMatchObject({ payouts_enabled: true, currently_due: [] });
  });

  it('an account no venue holds, or an event without its object, is acknowledged with applied: false', async () => {
    const unknown = stripeEvent('account.updated', { id: 'acct_nobody', object: 'account', charges_enabled: true, payouts_enabled: true, requirements: { currently_due: [] } }, { account: 'acct_nobody' });
    const res = await deliverEvent(unknown);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ received: true, applied: false });
    const empty = { ...stripeEvent('account.updated', {}, { account: 'acct_nobody' }), data: {} };
    expect((await deliverEvent(empty)).json).toEqual({ received: true, applied: false });
  });
});

describe('who may connect', () => {
  it('staff cannot; a super admin only as the venue\'s admin; another venue\'s admin connects their own venue', async () => {
    expect((await connect(await mintToken(DEMO_EMAILS.staff))).status).toBe(403);
    expect((await call('GET', '/api/admin/payments/stripe', { token: await mintToken(DEMO_EMAILS.staff) })).status).toBe(403);
    const superadmin = await mintToken(DEMO_EMAILS.superadmin);
    const chosen = await call('POST', '/api/admin/payments/stripe/connect?restaurant_id=rooftop-lounge', { token: superadmin, body: {} });
    expect(expectApiError(chosen, 403).message).toBe("Only the venue's admin can connect its Stripe account");
    const creations = accountCreations().length;
    const impersonating = await connect(await impersonationToken('artisan-bar', 'admin'));
    expect(impersonating.status, impersonating.text).toBe(200);
    expect(accountCreations()).toHaveLength(creations);

    const other = StripeOnboardingResponse.parse((await connect(await mintToken(DEMO_EMAILS.admin2))).json);
    expect(other.connection.account_id).not.toBe((await connection(await mintToken(DEMO_EMAILS.admin))).account_id);
    expect(accountCreations().at(-1)!.form.get('metadata[venue_id]')).toBe(await venueId('rooftop-lounge'));
  });

  it('the super admin sees each venue\'s state: Charges enabled, Setup incomplete, Not connected', async () => {
    const venues = await superList();
    const state = (slug: string) => venues.find((v) => v.slug === slug)!.card_payments;
    expect(state('artisan-bar')).toBe('charges_enabled');
    expect(state('rooftop-lounge')).toBe('incomplete');
    expect(state('harbor-tap-room')).toBe('not_connected');
  });
});

/** The venue as before it ever connected (a test's fresh start; no route does this). */
const disconnect = async (slug: string) => env.DB.prepare('UPDATE venues SET stripe_account_id = NULL, stripe_account_plan = NULL, stripe_charges_enabled = 0, stripe_status_at = NULL WHERE id = ?')
  .bind(await venueId(slug)).run();

describe('the plan before the call', () => {
  it('two clicks at once make one account', async () => {
    const token = await impersonationToken('harbor-tap-room', 'admin');
    const before = accountCreations().length;
    const [a, b] = await Promise.all([connect(token), connect(token)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(StripeOnboardingResponse.parse(a.json).connection.account_id).toBe(StripeOnboardingResponse.parse(b.json).connection.account_id);
    // Both asked with the one planned key at most: Stripe made one account.
    const keys = new Set(accountCreations().slice(before).map((r) => r.idempotencyKey));
    expect(keys.size).toBe(1);
  });

  it('an answer lost on the way keeps the plan: asking again gets the same account back', async () => {
    await disconnect('harbor-tap-room');
    const token = await impersonationToken('harbor-tap-room', 'admin');
    let made: string | null = null;
    let losing = true;
    // Stripe makes the account, and every answer to it (the SDK's own retries too) is lost on the way back.
    routeStripeThrough(async (input, init) => {
      const request = new Request(input, init);
      const answer = await localStripeFetch(request.clone());
      if (new URL(request.url).pathname === '/v1/accounts' && losing) {
        made ??= ((await answer.json()) as { id: string }).id;
        throw new TypeError('Network connection lost');
      }
      return answer;
    });
    try {
      const lost = await connect(token);
      losing = false;
      expect(expectApiError(lost, 502).message).toBe('Stripe did not answer as expected: try again in a moment');
      const { plan } = await storedRow('harbor-tap-room');
      expect(plan).toMatch(/^account:/);
      const again = await connect(token);
      expect(again.status, again.text).toBe(200);
      expect(StripeOnboardingResponse.parse(again.json).connection.account_id).toBe(made);
      expect((await storedRow('harbor-tap-room')).plan).toBe(plan);
    } finally {
      stripe = recordStripe();
    }
  });

  it('a refusal Stripe keeps under its key is not asked again with that key', async () => {
    await disconnect('harbor-tap-room');
    const token = await impersonationToken('harbor-tap-room', 'admin');
    routeStripeThrough(async (input, init) => {
      const request = new Request(input, init);
      if (new URL(request.url).pathname === '/v1/accounts') {
        return new Response(JSON.stringify({ error: { type: 'invalid_request_error', code: 'platform_not_enabled', message: 'You can only create new accounts if you signed up for Connect.' } }), { status: 400, headers: { 'Content-Type': 'application/json' } });
      }
      return localStripeFetch(request);
    });
    try {
      expect((await connect(token)).status).toBe(502);
      expect(await storedRow('harbor-tap-room')).toEqual({ account: null, plan: null });
    } finally {
      stripe = recordStripe();
    }
    const res = await connect(token);
    expect(res.status, res.text).toBe(200);
  });
});

describe('a venue that disconnects Barhop in Stripe', () => {
  it('account.application.deauthorized leaves it not connected: its guests pay at the bar, and "Connect Stripe" starts again', async () => {
    const owner = await mintToken(DEMO_EMAILS.admin);
    const before = await connection(owner);
    expect(before.state).toBe('charges_enabled');
    const takesCards = async () => (await call('GET', '/api/venues/artisan-bar')).json.venue.takes_cards as boolean;
    expect(await takesCards()).toBe(true);

    const deauthorized = stripeEvent('account.application.deauthorized', { id: 'ca_barhop', object: 'application', name: 'Barhop' }, { account: before.account_id! });
    expect((await deliverEvent(deauthorized)).json).toEqual({ received: true, applied: true });
    expect(await connection(owner)).toMatchObject({ state: 'not_connected', account_id: null, charges_enabled: false, payouts_enabled: false });
    expect(await takesCards()).toBe(false);
    // Delivered again, or about an account no venue holds: nothing more to do.
    expect((await deliverEvent(deauthorized)).json).toEqual({ received: true, applied: false });

    const creations = accountCreations().length;
    expect((await connect(owner)).status).toBe(200);
    expect(accountCreations()).toHaveLength(creations + 1);
    expect((await connection(owner)).account_id).not.toBe(before.account_id);
  });
});
