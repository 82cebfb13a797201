import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expect, test, type Auth } from './fixtures';
import Stripe from 'stripe';
import { LOCAL_STRIPE_WEBHOOK_SECRET, stripeEvent } from '../../worker/payments/local-stripe';

// A guest pays their share by card in the app (docs/product.md §12.9, docs/decisions/222). Stripe.js is
// replaced by a small fake of what the pay screen calls (elements, create('payment'), mount, confirmPayment); the
// Worker talks to its local stand-in for Stripe (worker/payments/local-stripe.ts); Stripe's webhook is played by
// this test, signed as Stripe signs it. The share is paid only once that webhook reaches the Worker.

/** The Rooftop Lounge takes cards on this connected account for these tests; the Artisan Bar does not. */
const CARD_VENUE = 'rooftop-lounge';
const BAR_VENUE = 'artisan-bar';
const ACCOUNT = 'acct_e2e_rooftop_lounge';
/** Demo tables no other spec uses. */
const CARD_TABLE = '16';
const BAR_TABLE = '15';
const HOLD_TABLE = '14';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The venue's connected account on its row, in the e2e server's local D1 (docs/payments.md "A venue's account"). */
function connectAccount(slug: string, account: string | null) {
  const stateDir = process.env.BARHOP_STATE_DIR || '.wrangler/e2e-state';
  const value = account === null ? 'NULL' : `'${account}'`;
  // The venue lives on one shard; the update names it by slug, so running it on each finds it once.
  for (const shard of ['DB_SHARD_0', 'DB_SHARD_1', 'DB_SHARD_2']) {
    execFileSync('npx', ['wrangler', 'd1', 'execute', shard, '--local', '--persist-to', stateDir, '-c', 'wrangler.toml',
      '--command', `UPDATE venues SET stripe_account_id = ${value}, stripe_charges_enabled = ${account === null ? 0 : 1} WHERE slug = '${slug}'`], { stdio: 'ignore', env: { ...process.env, CI: 'true' } });
  }
}

/** What the pay screen calls of Stripe.js, and no more: served in place of https://js.stripe.com's script. */
const FAKE_STRIPE_JS = `
window.Stripe = function (publishableKey, options) {
  var seen = window.__stripe = { publishableKey: publishableKey, options: options, mounted: 0, confirmed: 0 };
  return {
    _registerWrapper: function () {},
    elements: function (opts) {
      seen.clientSecret = opts.clientSecret;
      return {
        create: function (type) {
          seen.element = type;
          return {
            mount: function (node) {
              seen.mounted += 1;
              node.innerHTML = '<label>Card number <input value="4242 4242 4242 4242" readonly></label>';
            },
            destroy: function () {},
            on: function () {},
          };
        },
      };
    },
    confirmPayment: function (args) {
      seen.confirmed += 1;
      seen.redirect = args.redirect;
      return Promise.resolve({ paymentIntent: { id: seen.clientSecret.split('_secret_')[0], status: 'succeeded' } });
    },
  };
};
window.Stripe.version = 'endive';
`;

async function staffLogin(request: APIRequestContext, email: string) {
  const login = await request.post('/api/auth/login', { data: { email, password: 'barhop-demo' } });
  expect(login.ok()).toBe(true);
  return { Authorization: `Bearer ${(await login.json()).access_token as string}` };
}

/**
 * A guest at `table` opens its tab, sends a round the bar serves, asks for the bill and takes the rest with a
 * 20 % tip; the guest's device token and table come back for the phone to carry.
 */
async function billedTab(request: APIRequestContext, auth: Auth, slug: string, table: string, staffEmail: string) {
  const session = await request.post('/api/auth/guest-session', { data: { slug } });
  expect(session.status()).toBe(201);
  const guest = await session.json() as { token: string; session_id: string };
  const headers = { Authorization: `Bearer ${guest.token}` };
  const opened = await request.post('/api/tables/sessions', { headers, data: { slug, table, name: 'Sam', token: (await auth.tableQr(table, slug)).token } });
  expect(opened.ok(), await opened.text()).toBe(true);
  const id = (await opened.json()).table.session_id as string;
  const drinks = (await (await request.get(`/api/drinks?slug=${slug}`)).json()).drinks as { id: string; available: boolean }[];
  const line = await request.post(`/api/tables/sessions/${id}/lines`, { headers, data: { menu_drink_id: drinks.find((d) => d.available)!.id, qty: 2 } });
  expect(line.ok(), await line.text()).toBe(true);
  const round = await request.post(`/api/tables/sessions/${id}/rounds`, { headers: { ...headers, 'Idempotency-Key': `e2e-pay-${id}` }, data: {} });
  expect(round.ok(), await round.text()).toBe(true);
  const served = await request.put(`/api/staff/orders/${(await round.json()).order.id as string}/status`, { headers: await staffLogin(request, staffEmail), data: { status: 'delivered' } });
  expect(served.ok(), await served.text()).toBe(true);
  expect((await request.post(`/api/tables/sessions/${id}/bill`, { headers, data: {} })).ok()).toBe(true);
  const taken = await request.post(`/api/tables/sessions/${id}/shares`, { headers, data: { kind: 'rest', tip: { percent_bp: 2000 } } });
  expect(taken.ok(), await taken.text()).toBe(true);
  const share = ((await taken.json()).table as { shares: { id: string; due_cents: number; tip_cents: number }[] }).shares[0]!;
  return { id, guest, share };
}

/** A guest who opened a tab at `table` and has sent nothing yet: the tab a card hold is put on. */
async function openTab(request: APIRequestContext, auth: Auth, slug: string, table: string) {
  const session = await request.post('/api/auth/guest-session', { data: { slug } });
  expect(session.status()).toBe(201);
  const guest = await session.json() as { token: string; session_id: string };
  const opened = await request.post('/api/tables/sessions', { headers: { Authorization: `Bearer ${guest.token}` }, data: { slug, table, name: 'Sam', token: (await auth.tableQr(table, slug)).token } });
  expect(opened.ok(), await opened.text()).toBe(true);
  const answer = await opened.json() as { table: { session_id: string }; you: string };
  return { id: answer.table.session_id, you: answer.you, guest };
}

/** The guest's phone, carrying the device token and the table the API calls made. */
async function guestPhone(browser: Browser, slug: string, tab: { id: string; guest: { token: string; session_id: string } }) {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  await context.addInitScript(([token, sessionId, venue, tableSession]) => {
    localStorage.setItem('barhop.guest_token', token!);
    localStorage.setItem('guest_session_id', sessionId!);
    localStorage.setItem(`barhop.table-session.${venue}`, tableSession!);
  }, [tab.guest.token, tab.guest.session_id, slug, tab.id]);
  const stripeScripts: string[] = [];
  await context.route('https://js.stripe.com/**', (route) => {
    stripeScripts.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_STRIPE_JS });
  });
  return { context, page: await context.newPage(), stripeScripts };
}

/** Stripe's webhook, signed with the local webhook secret of wrangler.toml as Stripe signs it. */
async function deliverWebhook(request: APIRequestContext, type: string, object: object) {
  const payload = JSON.stringify(stripeEvent(type, object, { account: ACCOUNT }));
  const header = new Stripe('sk_test_signing_only').webhooks.generateTestHeaderString({ payload, secret: LOCAL_STRIPE_WEBHOOK_SECRET });
  const res = await request.post('/api/payments/webhook', { data: payload, headers: { 'Stripe-Signature': header, 'Content-Type': 'application/json' } });
  expect(res.status(), await res.text()).toBe(200);
  return res.json() as Promise<{ received: true; applied: boolean }>;
}

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('barhop-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

test.beforeAll(() => {
  // The same local keys the e2e server runs with select the stand-in (wrangler.toml [vars]).
  expect(readFileSync(path.join(process.cwd(), 'wrangler.toml'), 'utf8')).toContain(LOCAL_STRIPE_WEBHOOK_SECRET);
  connectAccount(CARD_VENUE, ACCOUNT);
});
test.afterAll(() => connectAccount(CARD_VENUE, null));

test('a guest pays their share by card; the bar sees it paid; an admin refunds it and the guest\'s receipt shows it', async ({ browser, request, auth }) => {
  const tab = await billedTab(request, auth, CARD_VENUE, CARD_TABLE, 'staff2@barhop.dev');

  // The bartender has the tab open on the Tables screen while the guest pays.
  const bar = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const staff = await bar.newPage();
  await signIn(staff, 'staff2@barhop.dev');
  await staff.goto(`/staff/tables?tab=${tab.id}`);
  const detail = staff.getByRole('region', { name: `Table ${CARD_TABLE} tab` });
  const staffShare = detail.getByRole('listitem', { name: "Sam's share" });
  await expect(staffShare).toContainText('Unpaid');

  const { context, page, stripeScripts } = await guestPhone(browser, CARD_VENUE, tab);
  await page.goto(`/venue/${CARD_VENUE}/table/split`);
  const mine = page.getByRole('listitem', { name: 'Your share' });
  await expect(mine).toContainText(money(tab.share.due_cents));
  // Nothing of Stripe on the split: Stripe.js comes with the pay screen only.
  expect(stripeScripts).toEqual([]);
  await mine.getByRole('link', { name: 'Pay by card' }).click();
  await expect(page).toHaveURL(new RegExp(`/venue/${CARD_VENUE}/table/pay/${tab.share.id}$`));

  // The pay screen's document alone allows Stripe's script, frames and API; the split's does not.
  const payCsp = (await request.get(`/venue/${CARD_VENUE}/table/pay/${tab.share.id}`)).headers()['content-security-policy'] ?? '';
  expect(payCsp).toMatch(/script-src 'self'[^;]* https:\/\/js\.stripe\.com/);
  expect(payCsp).toMatch(/frame-src 'self' https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com/);
  expect(payCsp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
  const splitCsp = (await request.get(`/venue/${CARD_VENUE}/table/split`)).headers()['content-security-policy'] ?? '';
  expect(splitCsp).not.toContain('stripe.com');

  const payment = page.getByRole('region', { name: 'Your card payment' });
  await expect(payment.getByRole('definition').filter({ hasText: money(tab.share.tip_cents) })).toBeVisible();
  await expect(payment).toContainText(money(tab.share.due_cents));
  await expect(payment.getByLabel('Card number')).toBeVisible();
  expect(stripeScripts.length).toBeGreaterThan(0);
  const stripeSeen = await page.evaluate(() => (window as unknown as { __stripe: { publishableKey: string; options: { stripeAccount: string }; element: string; clientSecret: string } }).__stripe);
  expect(stripeSeen).toMatchObject({ publishableKey: 'pk_test_barhop_local_development', options: { stripeAccount: ACCOUNT }, element: 'payment' });
  const intentId = stripeSeen.clientSecret.split('_secret_')[0]!;

  await payment.getByRole('button', { name: `Pay ${money(tab.share.due_cents)}` }).click();
  // The guest's pay screen changes to "Paid" the moment Stripe confirms (docs/product.md §12.4); the bar's record
  // waits for Stripe's own word, its webhook.
  await expect(page.getByRole('status', { name: 'Paid' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Paid' })).toBeVisible();
  await expect(staffShare).toContainText('Unpaid');

  const intent = { id: intentId, object: 'payment_intent', amount: tab.share.due_cents, amount_received: tab.share.due_cents, currency: 'usd', status: 'succeeded', metadata: { share_id: tab.share.id } };
  expect(await deliverWebhook(request, 'payment_intent.succeeded', intent)).toEqual({ received: true, applied: true });

  // The bartender's open tab turns paid by card, live.
  await expect(staffShare).toContainText('Paid by card in the app');
  await expect(detail.getByText('Closed', { exact: true })).toBeVisible();
  await bar.close();

  // The venue's admin refunds part of it, with a reason.
  const office = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await office.newPage();
  await signIn(admin, 'admin2@barhop.dev');
  await admin.goto(`/staff/tables?tab=${tab.id}`);
  const adminDetail = admin.getByRole('region', { name: `Table ${CARD_TABLE} tab` });
  await adminDetail.getByRole('button', { name: "Refund Sam's card payment" }).click();
  const dialog = admin.getByRole('dialog', { name: 'Refund card payment' });
  await dialog.getByLabel(/^Amount/).fill('5.00');
  await dialog.getByLabel('Reason').fill('A drink was sent back');
  await dialog.getByRole('button', { name: 'Refund $5.00' }).click();
  await expect(dialog).toBeHidden();
  await expect(adminDetail.getByRole('listitem', { name: "Sam's share" })).toContainText('Refunded $5.00');
  await office.close();

  // The guest's receipt: the split of the closed tab, with the refund on their share.
  await page.goto(`/venue/${CARD_VENUE}/table/split`);
  await expect(page.getByRole('status', { name: 'Payment Complete' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Your share' })).toContainText('Refunded $5.00');
  await context.close();
});

test('a venue without a payment account keeps "Pay at the bar", and the guest sees it', async ({ browser, request, auth }) => {
  const tab = await billedTab(request, auth, BAR_VENUE, BAR_TABLE, 'staff@barhop.dev');
  const { context, page, stripeScripts } = await guestPhone(browser, BAR_VENUE, tab);
  await page.goto(`/venue/${BAR_VENUE}/table/split`);
  await expect(page.getByRole('listitem', { name: 'Your share' })).toContainText(money(tab.share.due_cents));
  await expect(page.getByText('Pay at the bar', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pay by card' })).toHaveCount(0);
  // The pay screen's address says the same, and loads no Stripe.
  await page.goto(`/venue/${BAR_VENUE}/table/pay/${tab.share.id}`);
  await expect(page.getByRole('heading', { name: 'Pay at the bar' })).toBeVisible();
  expect(stripeScripts).toEqual([]);
  // Leave the bar as seeded: the bartender takes the cash.
  const staff = await staffLogin(request, 'staff@barhop.dev');
  expect((await request.post(`/api/staff/tables/sessions/${tab.id}/shares/${tab.share.id}/payment`, { headers: staff, data: { method: 'cash' } })).ok()).toBe(true);
  await context.close();
});

test('a guest opens the tab on a card: the hold is authorised on Stripe\'s word and the Tab screen shows it', async ({ browser, request, auth }) => {
  const tab = await openTab(request, auth, CARD_VENUE, HOLD_TABLE);
  const { context, page, stripeScripts } = await guestPhone(browser, CARD_VENUE, tab);
  await page.goto(`/venue/${CARD_VENUE}/table/tab`);
  const open = page.getByRole('link', { name: 'Open tab on card' });
  await expect(open).toBeVisible();
  // Nothing of Stripe on the Tab screen: Stripe.js comes with the card screens only (docs/decisions/222).
  expect(stripeScripts).toEqual([]);
  await open.click();
  await expect(page).toHaveURL(new RegExp(`/venue/${CARD_VENUE}/table/hold$`));
  const holdCsp = (await request.get(`/venue/${CARD_VENUE}/table/hold`)).headers()['content-security-policy'] ?? '';
  expect(holdCsp).toMatch(/script-src 'self'[^;]* https:\/\/js\.stripe\.com/);
  const tabCsp = (await request.get(`/venue/${CARD_VENUE}/table/tab`)).headers()['content-security-policy'] ?? '';
  expect(tabCsp).not.toContain('stripe.com');

  const form = page.getByRole('region', { name: 'Your card hold' });
  await expect(form).toContainText('A hold of $100.00 is put on your card; you are charged only what the table orders.');
  await expect(form.getByLabel('Card number')).toBeVisible();
  expect(stripeScripts.length).toBeGreaterThan(0);
  const stripeSeen = await page.evaluate(() => (window as unknown as { __stripe: { options: { stripeAccount: string }; clientSecret: string } }).__stripe);
  expect(stripeSeen.options).toEqual({ stripeAccount: ACCOUNT });
  const intentId = stripeSeen.clientSecret.split('_secret_')[0]!;

  await form.getByRole('button', { name: 'Hold $100.00' }).click();
  // The browser's word authorises nothing: the Worker asked Stripe, which has no card for it yet.
  await expect(form.getByRole('status')).toHaveText('Confirming your hold with the card company...');
  const status = async () => (await (await request.get(`/api/tables/sessions/${tab.id}/card`, { headers: { Authorization: `Bearer ${tab.guest.token}` } })).json()) as { holds: { status: string }[] };
  expect((await status()).holds.map((h) => h.status)).toEqual(['pending']);

  const intent = { id: intentId, object: 'payment_intent', amount: 10_000, amount_capturable: 10_000, amount_received: 0, capture_method: 'manual', currency: 'usd', status: 'requires_capture', metadata: { session_id: tab.id } };
  expect(await deliverWebhook(request, 'payment_intent.amount_capturable_updated', intent)).toEqual({ received: true, applied: true });
  await expect(page.getByRole('heading', { name: 'Tab on card' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Tab on card' })).toContainText('Your card holds $100.00 for the tab.');

  await page.getByRole('link', { name: 'Back to the tab' }).last().click();
  await expect(page.getByRole('region', { name: 'Card hold' })).toContainText('Held on a card$100.00');
  await expect(page.getByRole('link', { name: 'Open tab on card' })).toHaveCount(0);
  await context.close();
  // Leave the table as seeded: the last member leaving a tab with nothing ordered closes it.
  expect((await request.delete(`/api/tables/sessions/${tab.id}/members/${tab.you}`, { headers: { Authorization: `Bearer ${tab.guest.token}` } })).ok()).toBe(true);
});
