import { expect, test, type Page } from '@playwright/test';

// Flows keep their place across a reload and a lost connection (docs/decisions/126).
const SLUG = 'artisan-bar';
const chip = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

test('a reload keeps the chat with the bartender', async ({ page }) => {
  await page.goto(`/venue/${SLUG}/ai`);
  await page.getByLabel('Message the bartender').fill('Something with gin and cucumber');
  await page.getByRole('button', { name: 'Send' }).click();
  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log.getByText('Something with gin and cucumber')).toBeVisible();
  await expect(page.getByText('Mixing up an idea...')).toHaveCount(0);
  await expect(log.locator('.chat-assistant')).toHaveCount(2);
  // The reply's drink card is drawn once its part has loaded (docs/decisions/268): the reply is read whole.
  await expect(log.getByRole('article', { name: /^Suggestion: / })).toBeVisible();
  const reply = await log.locator('.chat-assistant').nth(1).textContent();
  await page.reload();
  await expect(log.getByText('Something with gin and cucumber')).toBeVisible();
  await expect(log.locator('.chat-assistant').nth(1)).toHaveText(reply!);
});

test('a reload keeps the vibe picks and the mixed drink', async ({ page }) => {
  await page.goto(`/venue/${SLUG}/vibe`);
  await chip(page, 'Gin').click();
  await chip(page, 'Herbal').click();
  await page.getByRole('button', { name: 'Mix My Vibe' }).click();
  const card = page.getByRole('article', { name: /^Suggestion: / });
  await expect(card).toBeVisible();
  const name = await card.getAttribute('aria-label');
  await page.reload();
  await expect(page.getByRole('article', { name: name! })).toBeVisible();
  await page.getByRole('button', { name: 'Try Another' }).click();
  await expect(chip(page, 'Gin')).toHaveAttribute('aria-pressed', 'true');
});

test('checkout offline says so at once, and back online places the order exactly once', async ({ page, context, request }) => {
  const drinks = (await (await request.get(`/api/venues/${SLUG}/drinks`)).json()).drinks as { id: string; name: string }[];
  const drink = drinks[3]!;
  // Sign in on the way to adding a drink.
  await page.goto(`/venue/${SLUG}/drink/${drink.id}`);
  await page.getByRole('button', { name: /Add to Cart/ }).click();
  await page.getByLabel('Phone number').fill(`555${String(Date.now() % 10_000_000).padStart(7, '0')}`);
  await page.getByRole('button', { name: 'Send Code' }).click();
  const code = (await page.getByText(/^Demo code: \d{6}$/).textContent())!.match(/\d{6}/)![0];
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify & Continue' }).click();
  await expect(page.getByText(`Added 1 × ${drink.name} to cart`)).toBeVisible();

  await page.goto(`/venue/${SLUG}/cart`);
  const checkout = page.getByRole('button', { name: 'Order — pay at the bar' });
  await expect(checkout).toBeEnabled();
  const placed: number[] = [];
  page.on('response', (r) => { if (r.url().endsWith('/api/cart/checkout')) placed.push(r.status()); });

  await context.setOffline(true);
  await checkout.click();
  await expect(page.getByRole('status').filter({ hasText: "You're offline — we'll place it when you're back" })).toBeVisible({ timeout: 1_000 });

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/order-confirmation\?orderId=/);
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  expect(placed.filter((s) => s === 200)).toHaveLength(1);
  const token = await page.evaluate(() => localStorage.getItem('barhop.guest_token'));
  const history = (await (await request.get(`/api/orders/history?slug=${SLUG}`, { headers: { Authorization: `Bearer ${token}` } })).json()).orders as unknown[];
  expect(history).toHaveLength(1);
});
