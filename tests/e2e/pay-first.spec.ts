import { type APIRequestContext, type Browser } from '@playwright/test';
import { signInAsStaff } from './bar-helpers';
import { DEMO_PASSWORD, expect, test } from './fixtures';
import { signedInGuest } from './guest-helpers';
import { rooftopPaysFirst } from './pay-first-helpers';

// A solo order paid first (docs/decisions/241) at the Rooftop Lounge, the demo's pay-first venue: the guest pays with
// the local stand-in's test card form (docs/decisions/242, no Stripe.js), the order reaches the bar display only once
// the card is authorised, the bar's accepting it captures the payment, a cancel before that releases it; switched to
// pay at the bar, the venue takes the order unpaid and the night lists it under open checks until staff record it.

const SLUG = 'rooftop-lounge';
const BARTENDER = 'staff2@barhop.dev';
const OWNER = 'admin2@barhop.dev';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const shortId = (id: string) => id.slice(-8).toUpperCase();

async function login(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  return { Authorization: `Bearer ${(await res.json()).access_token as string}` };
}

/** A signed-in guest's phone with two of a drink in the cart: the cart's total comes back. */
async function guestWithCart(browser: Browser, request: APIRequestContext) {
  const token = await signedInGuest(request, SLUG);
  const headers = { Authorization: `Bearer ${token}` };
  const drinks = (await (await request.get(`/api/drinks?slug=${SLUG}`)).json()).drinks as { id: string; available: boolean }[];
  const added = await request.post('/api/cart', { headers, data: { slug: SLUG, menu_drink_id: drinks.find((d) => d.available)!.id, qty: 2 } });
  expect(added.ok(), await added.text()).toBe(true);
  const total = (await added.json()).cart.total_cents as number;
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  await context.addInitScript((guestToken) => localStorage.setItem('barhop.guest_token', guestToken), token);
  const stripeScripts: string[] = [];
  await context.route('https://js.stripe.com/**', (route) => { stripeScripts.push(route.request().url()); return route.abort(); });
  return { context, page: await context.newPage(), headers, total, stripeScripts };
}

async function barDisplay(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await signInAsStaff(page, BARTENDER);
  return { context, page, ticket: (id: string) => page.getByRole('listitem', { name: `Order #${shortId(id)}` }) };
}

test.beforeAll(async ({ request }) => rooftopPaysFirst(request, true));
// The seed's state for the specs after this one: the Rooftop Lounge pays first.
test.afterAll(async ({ request }) => rooftopPaysFirst(request, true));

test('a solo guest pays with the local test form; the order reaches the bar only then, and the bar accepting it captures the payment', async ({ browser, request }) => {
  const bar = await barDisplay(browser);
  const guest = await guestWithCart(browser, request);
  const { page } = guest;
  await page.goto(`/venue/${SLUG}/cart`);
  // A name no earlier run's order has: the bar's queue keeps orders handed out a while.
  const name = `Pay-first Sam ${Date.now() % 100_000}`;
  await page.getByLabel('Order name (optional)').fill(name);
  await expect(page.getByRole('button', { name: 'Order — pay at the bar' })).toHaveCount(0);
  await page.getByRole('button', { name: `Pay ${money(guest.total)}` }).click();
  await expect(page).toHaveURL(new RegExp(`/venue/${SLUG}/checkout/pay$`));
  // The pay screen's document alone allows Stripe's script; with no publishable key none is loaded.
  const payCsp = (await request.get(`/venue/${SLUG}/checkout/pay`)).headers()['content-security-policy'] ?? '';
  expect(payCsp).toMatch(/script-src 'self'[^;]* https:\/\/js\.stripe\.com/);

  const form = page.getByRole('region', { name: 'Your card payment' });
  await expect(form.getByText('Test payments — no card is charged')).toBeVisible();
  await form.getByLabel('Card number').fill('4000 0000 0000 0002');
  await form.getByRole('button', { name: `Pay ${money(guest.total)}` }).click();
  await expect(form.getByRole('alert')).toHaveText('The card was declined: try another card or pay at the bar');
  // Declined, nothing reached the bar.
  const queue = async () => ((await (await request.get('/api/staff/queue', { headers: await login(request, BARTENDER) })).json()).orders as { display_name: string }[]);
  expect((await queue()).filter((o) => o.display_name === name)).toEqual([]);
  await expect(bar.page.getByText(name)).toHaveCount(0);

  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByRole('button', { name: `Pay ${money(guest.total)}` }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  expect(guest.stripeScripts).toEqual([]);

  // The authorised order is on the bar display, live, not yet paid; accepting it captures the card.
  const ticket = bar.ticket(orderId);
  await expect(ticket).toBeVisible();
  await expect(ticket.getByText('Paid', { exact: true })).toHaveCount(0);
  await ticket.getByRole('button', { name: 'Start Preparing' }).click();
  await expect(ticket.getByText('Preparing', { exact: true })).toBeVisible();
  await expect(ticket.getByText('Paid', { exact: true })).toBeVisible();
  const order = await (await request.get(`/api/staff/orders?status=all`, { headers: await login(request, BARTENDER) })).json() as { orders: { id: string; payment_status: string }[] };
  expect(order.orders.find((o) => o.id === orderId)?.payment_status).toBe('captured');
  // Leave the guest free to order again.
  expect((await request.put(`/api/staff/orders/${orderId}/status`, { headers: await login(request, BARTENDER), data: { status: 'delivered' } })).ok()).toBe(true);
  await guest.context.close();
  await bar.context.close();
});

test('a cancel before the bar accepts the order releases the card', async ({ browser, request }) => {
  const bar = await barDisplay(browser);
  const guest = await guestWithCart(browser, request);
  const { page } = guest;
  await page.goto(`/venue/${SLUG}/cart`);
  await page.getByRole('button', { name: `Pay ${money(guest.total)}` }).click();
  const form = page.getByRole('region', { name: 'Your card payment' });
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByRole('button', { name: `Pay ${money(guest.total)}` }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('orderId')!;

  const ticket = bar.ticket(orderId);
  await ticket.getByRole('button', { name: 'Cancel' }).click();
  const dialog = bar.page.getByRole('dialog', { name: `Cancel order #${shortId(orderId)}?` });
  await dialog.getByLabel('Guest left').check();
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(ticket.getByText('Cancelled', { exact: true })).toBeVisible();
  // Released, never captured: the Undo cannot bring the unpaid order back to the bar.
  await ticket.getByRole('button', { name: /^Undo/ }).click();
  await expect(bar.page.getByRole('region', { name: 'Notifications' }).getByRole('alert')).toContainText("This order's card payment was given back when it was cancelled: the guest orders again");
  const history = await (await request.get(`/api/staff/orders?status=all`, { headers: await login(request, BARTENDER) })).json() as { orders: { id: string; status: string; payment_status: string }[] };
  expect(history.orders.find((o) => o.id === orderId)).toMatchObject({ status: 'cancelled', payment_status: 'void' });
  await page.goto(`/venue/${SLUG}/order-status/${orderId}`);
  await expect(page.getByRole('heading', { name: 'Order Cancelled' })).toBeVisible();
  await guest.context.close();
  await bar.context.close();
});

test('switched to pay at the bar, the venue takes the order unpaid; the night lists it under open checks until staff record its payment', async ({ browser, request }) => {
  // The owner switches the venue on its profile.
  const office = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await office.newPage();
  await admin.goto('/login');
  await admin.getByLabel('Email').fill(OWNER);
  await admin.getByLabel('Password').fill(DEMO_PASSWORD);
  await admin.getByRole('button', { name: 'Sign In' }).click();
  await expect(admin).not.toHaveURL(/\/login/);
  await admin.goto('/admin/profile');
  await admin.getByRole('radio', { name: /^Pay at the bar/ }).check();
  await admin.getByRole('button', { name: 'Save Profile' }).click();
  await expect(admin.getByText('Venue profile saved')).toBeVisible();

  const guest = await guestWithCart(browser, request);
  const { page } = guest;
  await page.goto(`/venue/${SLUG}/cart`);
  await page.getByLabel('Order name (optional)').fill('Bar-paid Alex');
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await page.getByRole('button', { name: 'Order — pay at the bar' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  await guest.context.close();

  const staff = await login(request, BARTENDER);
  for (const status of ['preparing', 'ready', 'delivered']) {
    expect((await request.put(`/api/staff/orders/${orderId}/status`, { headers: staff, data: { status } })).ok()).toBe(true);
  }
  await admin.goto('/admin/reports');
  const open = admin.getByRole('table', { name: 'Open checks' });
  await expect(open.getByRole('row').filter({ hasText: 'Bar-paid Alex' })).toContainText(money(guest.total));
  expect((await request.post(`/api/staff/orders/${orderId}/payment`, { headers: staff, data: { method: 'cash' } })).ok()).toBe(true);
  await admin.reload();
  await expect(admin.getByRole('table', { name: 'What was collected' })).toBeVisible();
  await expect(open.getByRole('row').filter({ hasText: 'Bar-paid Alex' })).toHaveCount(0);
  await office.close();
});
