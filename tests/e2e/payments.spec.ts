import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expect, test, type Auth } from './fixtures';
import { LOCAL_STRIPE_WEBHOOK_SECRET } from '../../worker/payments/local-stripe';

// A guest pays their share by card in the app (docs/product.md §12.9, docs/decisions/222). The Worker talks to
// its local stand-in for Stripe (worker/payments/local-stripe.ts), and the pay screens show the stand-in's own test
// card form (docs/decisions/242): no Stripe.js loads. The Worker asks the stand-in how the payment stands, as it asks
// Stripe (the webhook's own paths are tests/worker/payments.test.ts).

/** The Rooftop Lounge takes cards on the seed's connected account; the Artisan Bar has none. */
const CARD_VENUE = 'rooftop-lounge';
const BAR_VENUE = 'artisan-bar';
/** Demo tables no other spec uses. */
const CARD_TABLE = '16';
const BAR_TABLE = '15';
const HOLD_TABLE = '14';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

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
  // The stand-in's test form takes Stripe.js's place: any request for it is recorded, and none should come.
  const stripeScripts: string[] = [];
  await context.route('https://js.stripe.com/**', (route) => {
    stripeScripts.push(route.request().url());
    return route.abort();
  });
  return { context, page: await context.newPage(), stripeScripts };
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
});

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
  await expect(payment.getByText('Test payments — no card is charged')).toBeVisible();

  // A declined test card is answered in words, and the share stays unpaid.
  await payment.getByLabel('Card number').fill('4000 0000 0000 0002');
  await payment.getByRole('button', { name: `Pay ${money(tab.share.due_cents)}` }).click();
  await expect(payment.getByRole('alert')).toHaveText('The card was declined: try another card or pay at the bar');
  await expect(staffShare).toContainText('Unpaid');

  await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payment.getByRole('button', { name: `Pay ${money(tab.share.due_cents)}` }).click();
  // The guest's pay screen changes to "Paid" the moment the payment succeeds (docs/payments.md §12.9), once the
  // Worker has asked Stripe (its stand-in) how the payment stands.
  await expect(page.getByRole('status', { name: 'Paid' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Paid' })).toBeVisible();
  expect(stripeScripts).toEqual([]);

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
  await expect(form.getByText('Test payments — no card is charged')).toBeVisible();
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByRole('button', { name: 'Hold $100.00' }).click();
  // Authorised on the Worker's check with Stripe (its stand-in), not on the browser's word.
  await expect(page.getByRole('heading', { name: 'Tab on card' })).toBeVisible();
  expect(stripeScripts).toEqual([]);
  await expect(page.getByRole('status', { name: 'Tab on card' })).toContainText('Your card holds $100.00 for the tab.');

  await page.getByRole('link', { name: 'Back to the tab' }).last().click();
  await expect(page.getByRole('region', { name: 'Card hold' })).toContainText('Held on a card$100.00');
  await expect(page.getByRole('link', { name: 'Open tab on card' })).toHaveCount(0);
  await context.close();
  // Leave the table as seeded: the last member leaving a tab with nothing ordered closes it.
  expect((await request.delete(`/api/tables/sessions/${tab.id}/members/${tab.you}`, { headers: { Authorization: `Bearer ${tab.guest.token}` } })).ok()).toBe(true);
});
