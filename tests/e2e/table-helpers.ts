// What the table specs share (docs/decisions/231): a guest's phone joining a table by its QR code, the table's cart,
// the venue socket, the bar display signed in, and the bartender's calls over the API.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect } from './fixtures';

export const SLUG = 'artisan-bar';
export type Drink = { id: string; name: string; price_cents: number };
export type TableState = {
  session_id: string; status: string; active_round_id: string | null; join_code: string;
  rounds: { order_id: string; number: number; status: string }[];
  tab: { total_cents: number };
  shares: { id: string; payer_name: string; payment_status: string; amount_cents: number; tip_cents: number; due_cents: number }[];
};
type StaffTables = { sessions: { session_id: string; table: string; status: string }[] };

export const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The bartender's calls for one table: its open tab, a round's status, a share's payment, ending the tab. */
export function bartender(request: APIRequestContext, token: string, tableNumber: string) {
  const headers = { Authorization: `Bearer ${token}` };
  return {
    async sessions() {
      const res = await request.get('/api/staff/tables', { headers });
      expect(res.status(), await res.text()).toBe(200);
      return ((await res.json()) as StaffTables).sessions.filter((s) => s.table === tableNumber && (s.status === 'open' || s.status === 'billing'));
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
    async recordPayment(sessionId: string, shareId: string, method: 'cash' | 'card_terminal' = 'cash') {
      const res = await request.post(`/api/staff/tables/sessions/${sessionId}/shares/${shareId}/payment`, { data: { method }, headers });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()).table as TableState;
    },
    async end(sessionId: string) {
      const res = await request.post(`/api/staff/tables/sessions/${sessionId}/end`, { data: { reason: 'E2E clean start' }, headers });
      expect(res.status(), await res.text()).toBe(200);
    },
  };
}

export async function phone(browser: Browser, viewport = { width: 412, height: 915 }) {
  const context = await browser.newContext({ viewport, isMobile: true, hasTouch: true });
  return { context, page: await context.newPage() };
}

/**
 * A guest scans the table's QR code (`qr`, its path with the table's token: auth.tableQr) or opens a member's invite
 * link (`code`), and joins with their name (docs/decisions/237).
 */
export async function join(page: Page, tableNumber: string, name: string, via: { qr: string } | { code: string }) {
  await page.goto('qr' in via ? via.qr : `/venue/${SLUG}?table=${tableNumber}&code=${via.code}`);
  const sheet = page.getByRole('dialog', { name: 'Join table' });
  await expect(sheet).toBeVisible();
  await sheet.getByLabel('Your name').fill(name);
  await sheet.getByRole('button', { name: 'Join table' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Your table' })).toBeVisible();
}

export async function addDrink(page: Page, tableNumber: string, drink: Drink) {
  await page.goto(`/venue/${SLUG}/drink/${drink.id}`);
  await page.getByRole('button', { name: /^Add to table cart/ }).click();
  await expect(page.getByText(`Added 1 × ${drink.name} to table ${tableNumber}'s cart`)).toBeVisible();
}

/** Opens a page and waits for its venue socket's first frame: what changes from then on must reach it live. */
export async function gotoLive(page: Page, url: string) {
  // The frame listener goes on the socket the moment it opens: awaiting the socket after page.goto() would attach it
  // only once the page has loaded, and a hello sent before then would be missed.
  const hello = new Promise<void>((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/api/live/venues/')) return;
      ws.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"hello"')) resolve();
      });
    });
  });
  await page.goto(url);
  await hello;
}

/** The bar display on a 1024×768 tablet, signed in as the demo bartender. */
export async function barDisplay(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await page.goto('/login');
  // The login form may restore the last email used on this device after it renders.
  await expect(async () => {
    await page.getByLabel('Email').fill('staff@barhop.dev');
    await expect(page.getByLabel('Email')).toHaveValue('staff@barhop.dev', { timeout: 300 });
  }).toPass();
  await page.getByLabel('Password').fill('barhop-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  return { context, page };
}
