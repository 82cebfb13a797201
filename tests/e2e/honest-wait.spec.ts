import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

// "Ready in about N min" counts down and follows the queue (docs/decisions/180).
const SLUG = 'artisan-bar';

async function guestOrders(request: APIRequestContext, drinkId: string) {
  const { token } = await (await request.post('/api/auth/guest-session', { data: { slug: SLUG } })).json();
  const res = await request.post('/api/orders/quick', { data: { slug: SLUG, item: { menu_drink_id: drinkId } }, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return { id: (await res.json()).id as string, token: token as string };
}

const minutesIn = (text: string | null) => Number(/Ready in about (\d+)/.exec(text ?? '')?.[1]);

/**
 * The bar hands over every order the specs before this one left in its queue, as a bar clears its queue: the wait
 * this spec reads is then its own orders', under the busy wording's threshold (docs/decisions/180).
 */
async function clearQueue(request: APIRequestContext, staff: { headers: Record<string, string> }) {
  const active = (await (await request.get('/api/staff/orders?status=active&limit=200', staff)).json()).orders as { id: string }[];
  for (const order of active) {
    const put = await request.put(`/api/staff/orders/${order.id}/status`, { ...staff, data: { status: 'delivered' } });
    expect(put.ok(), await put.text()).toBe(true);
  }
}

test('the wait counts down on screen, drops within 2 s when the queue ahead moves, and ends at "Any minute now"', async ({ browser, request, auth }) => {
  const staff = { headers: await auth.headers('staff') };
  await clearQueue(request, staff);
  const menu = (await (await request.get('/api/staff/menu', staff)).json()).menu_items as { id: string; available: boolean; sold_out_reason: string | null }[];
  const drink = menu.find((d) => d.available && !d.sold_out_reason)!;
  const ahead = await guestOrders(request, drink.id);
  const mine = await guestOrders(request, drink.id);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript((token) => localStorage.setItem('barhop.guest_token', token), mine.token);
  const page = await context.newPage();
  await page.clock.install();
  await page.goto(`/venue/${SLUG}`);
  const banner = page.getByRole('complementary', { name: 'Active order' });
  await expect(banner).toContainText(/Ready in about \d+ min/);
  const first = minutesIn(await banner.textContent());
  expect(first).toBeGreaterThan(2);

  // The order ahead is handed over: the wait drops within 2 s, without a reload (once the page's socket is up).
  await expect(page.locator('.guest-shell')).toHaveAttribute('data-live', 'connected');
  const before = first;
  const put = await request.put(`/api/staff/orders/${ahead.id}/status`, { ...staff, data: { status: 'delivered' } });
  expect(put.ok()).toBe(true);
  await expect.poll(async () => minutesIn(await banner.textContent()), { timeout: 2_000 }).toBeLessThan(before);

  // Two minutes pass with nothing moving: two minutes less, not the same number.
  const after = minutesIn(await banner.textContent());
  await page.clock.fastForward('02:00');
  await expect(banner).toContainText(`Ready in about ${after - 2} min`);

  // Long past the estimate: never 0 or negative.
  await page.clock.fastForward(60 * 60_000);
  await expect(banner).toContainText('Any minute now');
  await expect(banner).not.toContainText(/Ready in about (0|-)/);
  await context.close();
});
