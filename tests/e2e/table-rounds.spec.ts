import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';

// A table through a round and the next (docs/decisions/231): the next round goes once the bar has made the last one
// (Ready), and the bar display shows both as the table's.

const SLUG = 'artisan-bar';
type Drink = { id: string; name: string; price_cents: number };
type TableState = { session_id: string; rounds: { order_id: string; number: number; status: string }[] };

/** The bartender's calls over the API: the table's open tab, a round's status. */
function bartender(request: APIRequestContext, token: string, tableNumber: string) {
  const headers = { Authorization: `Bearer ${token}` };
  return {
    async openSessions() {
      const res = await request.get('/api/staff/tables', { headers });
      expect(res.status(), await res.text()).toBe(200);
      return ((await res.json()).sessions as { session_id: string; table: string; status: string }[])
        .filter((s) => s.table === tableNumber && (s.status === 'open' || s.status === 'billing'));
    },
    async table(sessionId: string) {
      const res = await request.get(`/api/tables/sessions/${sessionId}`, { headers });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()).table as TableState;
    },
    async setStatus(orderId: string, status: string) {
      const res = await request.put(`/api/staff/orders/${orderId}/status`, { data: { status }, headers });
      expect(res.status(), await res.text()).toBe(200);
    },
    async end(sessionId: string) {
      const res = await request.post(`/api/staff/tables/sessions/${sessionId}/end`, { data: { reason: 'E2E clean start' }, headers });
      expect(res.status(), await res.text()).toBe(200);
    },
  };
}

async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  return { context, page: await context.newPage() };
}

/** A guest scans the table's QR code and joins with their name (as tests/e2e/tables.spec.ts does). */
async function join(page: Page, tableNumber: string, name: string, code?: string) {
  await page.goto(`/venue/${SLUG}?table=${tableNumber}${code ? `&code=${code}` : ''}`);
  const sheet = page.getByRole('dialog', { name: 'Join table' });
  await expect(sheet).toBeVisible();
  await sheet.getByLabel('Your name').fill(name);
  await sheet.getByRole('button', { name: 'Join table' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Your table' })).toBeVisible();
}

async function addDrink(page: Page, tableNumber: string, drink: Drink) {
  await page.goto(`/venue/${SLUG}/drink/${drink.id}`);
  await page.getByRole('button', { name: /^Add to table cart/ }).click();
  await expect(page.getByText(`Added 1 × ${drink.name} to table ${tableNumber}'s cart`)).toBeVisible();
}

/** Opens a page and waits for its venue socket's first frame: what changes from then on must reach it live. */
async function gotoLive(page: Page, url: string) {
  const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/api/live/venues/'));
  await page.goto(url);
  await (await socket).waitForEvent('framereceived', (frame) => String(frame.payload).includes('"hello"'));
}

async function barDisplay(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(async () => {
    await page.getByLabel('Email').fill('staff@barhop.dev');
    await expect(page.getByLabel('Email')).toHaveValue('staff@barhop.dev', { timeout: 300 });
  }).toPass();
  await page.getByLabel('Password').fill('barhop-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  return { context, page };
}

const ticketOf = (page: Page, orderId: string) => page.locator(`[data-order-id="${orderId}"]`);

test('the next round goes once the bar has made the last one (Ready), and the bar shows both as the table\'s', async ({ browser, request, auth }) => {
  test.setTimeout(180_000);
  const TABLE = '12';
  const bar = bartender(request, await auth.token('staff'), TABLE);
  for (const open of await bar.openSessions()) await bar.end(open.session_id);
  const [first, second] = ((await (await request.get(`/api/drinks?slug=${SLUG}`)).json()).drinks as Drink[]).slice(0, 2) as [Drink, Drink];

  const ana = await phone(browser);
  await join(ana.page, TABLE, 'Ana');
  await addDrink(ana.page, TABLE, first);
  await gotoLive(ana.page, `/venue/${SLUG}/cart`);
  await ana.page.getByRole('button', { name: /^Send round/ }).click();
  await expect(ana.page.getByText(/Round 1 is being made\. You're adding to the next round\./)).toBeVisible();
  const [session] = await bar.openSessions();
  const round1 = (await bar.table(session!.session_id)).rounds[0]!.order_id;

  // While the bar makes round 1, the next round waits, and the cart says until when.
  await addDrink(ana.page, TABLE, second);
  await gotoLive(ana.page, `/venue/${SLUG}/cart`);
  await bar.setStatus(round1, 'preparing');
  const send = ana.page.getByRole('button', { name: /^Send round/ });
  await expect(ana.page.getByText('You can send it when the bar has made round 1.')).toBeVisible();
  await expect(send).toBeDisabled();

  // Made (Ready, not yet handed over): the table may send round 2 at once, live.
  await bar.setStatus(round1, 'ready');
  await expect(send).toBeEnabled();
  await expect(ana.page.getByText('You can send it when the bar has made round 1.')).toHaveCount(0);
  await send.click();
  await expect(ana.page.getByText(/Round 2 is being made\. You're adding to the next round\./)).toBeVisible();
  const round2 = (await bar.table(session!.session_id)).rounds.find((r) => r.number === 2)!.order_id;

  // The bar display: round 1 Ready and round 2 in the queue, each the table's.
  const staff = await barDisplay(browser);
  for (const round of [round1, round2]) await expect(ticketOf(staff.page, round).getByTestId('ticket-table')).toHaveText(`Table ${TABLE}`);
  await expect(ticketOf(staff.page, round1).getByRole('button', { name: 'Mark Delivered' })).toBeVisible();
  await expect(ticketOf(staff.page, round2).getByRole('button', { name: 'Start Preparing' })).toBeVisible();

  await ana.context.close();
  await staff.context.close();
});
