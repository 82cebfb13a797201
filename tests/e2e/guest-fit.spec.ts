import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';

// What a guest is shown is what they get, and it fits a small phone.
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const LONG_NAME = 'Maximilian-Alexander-Bartholomew-Featherstonehaugh-Worthington-Smythe';
const LONG_NOTE = 'NoIcePleaseAndAnExtraLimeWedgeOnTheSideAndAStrawButOnlyIfItIsPaperBecausePlasticStrawsAreBad'.repeat(2);

async function guestSession(request: APIRequestContext, slug: string) {
  return (await (await request.post('/api/auth/guest-session', { data: { slug: slug } })).json()).token as string;
}

test('the quick-order modal shows the tax and the total that will be charged', async ({ page, request }) => {
  const drinks = (await (await request.get('/api/venues/harbor-tap-room/drinks')).json()).drinks as { id: string; name: string; price_cents: number; category: string }[];
  const pick = drinks.find((d) => d.category === 'beer') ?? drinks[0]!;
  await page.goto('/venue/harbor-tap-room/category/beer');
  await page.getByRole('button', { name: `Order ${pick.name}, ${money(pick.price_cents)}` }).click();
  const dialog = page.getByRole('dialog', { name: pick.name });
  await expect(dialog.getByText(/^Tax \(\d+(\.\d+)?%\)$/)).toBeVisible();
  const shownTotal = await dialog.locator('dt', { hasText: 'Total' }).locator('xpath=following-sibling::dd').textContent();
  const placed = page.waitForResponse((r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Place Order' }).click();
  const charged = (await (await placed).json()) as { total_cents: number; tax_cents: number };
  expect(charged.tax_cents).toBeGreaterThan(0);
  expect(shownTotal).toBe(money(charged.total_cents));
});

async function placeLongOrder(request: APIRequestContext) {
  const token = await guestSession(request, 'artisan-bar');
  const drinks = (await (await request.get('/api/venues/artisan-bar/drinks')).json()).drinks as { id: string }[];
  const res = await request.post('/api/orders', {
    headers: { Authorization: `Bearer ${token}` },
    data: { slug: 'artisan-bar', display_name: LONG_NAME, special_instructions: LONG_NOTE, items: [{ menu_drink_id: drinks[0]!.id, quantity: 1, notes: LONG_NOTE }] },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { id: (await res.json()).id as string, token };
}

async function widthAt(browser: Browser, width: number, token: string, path: string, ready: string) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  await context.addInitScript((t) => localStorage.setItem('barhop.guest_token', t), token);
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByText(ready).first()).toBeVisible();
  const size = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  await context.close();
  return size;
}

test('long names and notes wrap inside their cards: no sideways scroll from 320 to 430 px', async ({ browser, request }) => {
  const order = await placeLongOrder(request);
  for (const width of [320, 375, 430]) {
    for (const [path, ready] of [
      [`/venue/artisan-bar/order-confirmation?orderId=${order.id}`, 'Order Confirmed!'],
      [`/venue/artisan-bar/order/${order.id}`, 'Order Received'],
    ] as const) {
      const { scroll, client } = await widthAt(browser, width, order.token, path, ready);
      expect(scroll, `${path} at ${width}px`).toBeLessThanOrEqual(client);
    }
  }
});
