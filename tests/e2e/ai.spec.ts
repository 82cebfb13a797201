import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

async function expectAccessible(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${screen}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function tokenFor(request: APIRequestContext, email: string) {
  const login = await request.post('/api/auth/login', { data: { email, password: 'barhop-demo' } });
  expect(login.ok()).toBe(true);
  return (await login.json()).access_token as string;
}

const chip = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

test('the vibe mixer suggests a drink, Order Now places an AI-referred order, and staff see it as an AI order', async ({ page, request }) => {
  await page.goto('/venue/artisan-bar/vibe');
  await expect(page.getByRole('heading', { level: 1, name: 'Vibe Mixer' })).toBeVisible();

  // 2 to 3 picks: the request field and 'Mix My Vibe' appear at 2, further options are disabled at 3.
  await chip(page, 'Gin').click();
  await expect(page.getByRole('button', { name: 'Mix My Vibe' })).toHaveCount(0);
  await chip(page, 'Herbal').click();
  await expect(page.getByRole('button', { name: 'Mix My Vibe' })).toBeVisible();
  await expect(page.getByLabel('Any last requests? (optional)')).toBeVisible();
  await chip(page, 'Refreshing').click();
  await expect(page.getByText('3/3 selected')).toBeVisible();
  await expect(chip(page, 'Vodka')).toBeDisabled();
  await expect(chip(page, 'Gin')).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page, 'vibe picks');

  await page.getByLabel('Any last requests? (optional)').fill('not too sweet');
  await page.getByRole('button', { name: 'Mix My Vibe' }).click();
  const card = page.getByRole('article', { name: /^Suggestion: / });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  await expectAccessible(page, 'vibe result');

  // Try Another clears only the result; the picks stay.
  await page.getByRole('button', { name: 'Try Another' }).click();
  await expect(card).toHaveCount(0);
  await expect(chip(page, 'Refreshing')).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Mix My Vibe' }).click();
  await expect(card).toBeVisible();
  const name = (await card.getByRole('heading', { level: 2 }).textContent())!.trim();

  await card.getByRole('button', { name: 'Order Now' }).click();
  // One tap does not place a paid order: the total is confirmed first (docs/decisions/190).
  const confirm = page.getByRole('dialog', { name: `Order ${name}?` });
  await expect(confirm.getByText(/^Total \$\d+\.\d\d$/)).toBeVisible();
  await confirm.getByRole('button', { name: /^Place order · \$/ }).click();
  await expect(page).toHaveURL(/\/venue\/artisan-bar\/order-confirmation\?orderId=/);
  await expect(page.getByText('Order Confirmed!')).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('orderId')!;

  // Staff see it as an AI order, under the suggestion's name.
  const staff = await tokenFor(request, 'staff@barhop.dev');
  const aiOrders = await request.get('/api/staff/ai-orders', { headers: { Authorization: `Bearer ${staff}` } });
  expect(aiOrders.ok()).toBe(true);
  const order = (await aiOrders.json()).ai_orders.find((o: { id: string }) => o.id === orderId);
  expect(order).toMatchObject({ referred_by_ai: true, ai_recipe_name: name });

  // The interaction is marked ordered (super admin's AI analytics).
  const superadmin = await tokenFor(request, 'superadmin@barhop.dev');
  await expect.poll(async () => {
    const res = await request.get('/api/ai/interactions?venueFilter=artisan-bar&dateRange=7d', { headers: { Authorization: `Bearer ${superadmin}` } });
    const latest = (await res.json()).interactions[0];
    return latest && { name: latest.selected_drink_name, ordered: latest.was_ordered };
  }).toEqual({ name, ordered: true });

  // With that order active, the next suggestion offers 'View Order Status' instead of ordering.
  await page.goto('/venue/artisan-bar/vibe');
  await chip(page, 'Rum').click();
  await chip(page, 'Tropical').click();
  await page.getByRole('button', { name: 'Mix My Vibe' }).click();
  await expect(card.getByRole('link', { name: 'View Order Status' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Order Now' })).toHaveCount(0);

  // Reset clears everything.
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(card).toHaveCount(0);
  await expect(chip(page, 'Rum')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('button', { name: 'Mix My Vibe' })).toHaveCount(0);
});

test('a vibe failure falls back to Custom Cocktail', async ({ page }) => {
  await page.route('**/api/ai/vibe', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'unavailable', message: 'down' } }) }));
  await page.goto('/venue/artisan-bar/vibe');
  await chip(page, 'Tequila').click();
  await chip(page, 'Spicy').click();
  await page.getByRole('button', { name: 'Mix My Vibe' }).click();
  await expect(page.getByRole('heading', { name: 'Custom Cocktail' })).toBeVisible();
  await expect(page.getByText('Unable to generate suggestion at this time')).toBeVisible();
});

test('the AI chat answers with a suggestion card, takes a like, and apologises when it fails', async ({ page }) => {
  await page.goto('/venue/rooftop-lounge/ai-chat');
  await expect(page.getByRole('heading', { level: 1, name: 'AI Bartender' })).toBeVisible();
  const send = page.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await page.getByLabel('Message the bartender').fill('   ');
  await expect(send).toBeDisabled();

  // Quick options, then free text.
  await page.getByText('Quick options', { exact: true }).click();
  await chip(page, 'Tequila').click();
  await chip(page, 'Citrus').click();
  await page.getByLabel('Message the bartender').fill('something refreshing for the terrace');
  await send.click();
  const card = page.getByRole('article', { name: /^Suggestion: / });
  await expect(card).toBeVisible();
  // The Rooftop Lounge takes payment first: a suggestion goes to the cart, never to an unpaid order (docs/decisions/241).
  await expect(card.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Order Now' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Like this suggestion', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Like this suggestion', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page, 'chat');

  await page.route('**/api/ai/chat', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: 'boom' } }) }));
  await page.getByRole('button', { name: 'Suggest from my picks' }).click();
  await expect(page.getByText("Sorry, I'm having trouble right now. Please try again!")).toBeVisible();
});

test("the menu's AI Bartender suggests a drink from the bar without leaving the menu", async ({ page }) => {
  await page.goto('/venue/artisan-bar');
  await page.getByRole('button', { name: /AI Bartender/ }).click();
  const dialog = page.getByRole('dialog', { name: 'AI Bartender' });
  await expect(dialog.getByLabel('What are you in the mood for?')).toBeFocused();
  await dialog.getByLabel('What are you in the mood for?').fill('something with gin and citrus');
  await dialog.getByRole('button', { name: 'Ask' }).click();
  const card = dialog.getByRole('article', { name: /^Suggestion: / });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Order Now' })).toBeVisible();
  await expectAccessible(page, 'menu bartender');
  await dialog.getByRole('link', { name: 'Open the full chat' }).click();
  await expect(page).toHaveURL(/\/venue\/artisan-bar\/ai$/);
});
