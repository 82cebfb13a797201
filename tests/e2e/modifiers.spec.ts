// Modifiers and the drink page that sells (docs/decisions/197 and 184): a guest orders a double Negroni with no ice on a
// 390×844 phone; the bar's ticket and build sheet show it, the total includes the double, and the pour takes its gin.
import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';

const SLUG = 'artisan-bar';
const VIEWPORT = { width: 390, height: 844 };
test.use({ viewport: VIEWPORT });

type Drink = { id: string; name: string; price_cents: number; modifier_groups?: { name: string; options: { name: string; price_delta_cents: number }[] }[] };
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const shortId = (id: string) => id.slice(-8).toUpperCase();

async function ginOnHandMl(request: APIRequestContext, token: string) {
  const res = await request.get('/api/staff/inventory', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  const items = (await res.json()).inventory as { ingredient_name: string; on_hand_ml: number }[];
  return items.filter((i) => i.ingredient_name === 'London dry gin').reduce((sum, i) => sum + i.on_hand_ml, 0);
}

/** Entirely inside the first screen, without scrolling. */
async function expectAboveTheFold(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.y, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what} ends above the fold (${VIEWPORT.height}px)`).toBeLessThanOrEqual(VIEWPORT.height);
}

async function expectNameAndAddFirst(page: Page, drink: Drink) {
  await page.goto(`/venue/${SLUG}/drink/${drink.id}`);
  const name = page.getByRole('heading', { name: drink.name, level: 2 });
  await expect(name).toBeVisible();
  // Measured once the options are drawn: they sit between the price and Add.
  for (const group of drink.modifier_groups ?? []) await expect(page.getByRole('group', { name: new RegExp(`^${group.name}`) })).toBeVisible();
  await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
  await expectAboveTheFold(name, `${drink.name}: name`);
  await expectAboveTheFold(page.locator('.drink-detail-price'), `${drink.name}: price`);
  await expectAboveTheFold(page.getByRole('button', { name: /^Add to Cart/ }), `${drink.name}: Add`);
}

test('a double Negroni with no ice: ordered on a phone, on the ticket and build sheet, priced and poured', async ({ page, request, auth }) => {
  test.setTimeout(240_000);
  const drinks = (await (await request.get(`/api/drinks?slug=${SLUG}`)).json()).drinks as Drink[];
  const negroni = drinks.find((d) => d.name === 'Negroni')!;
  const double = negroni.modifier_groups!.flatMap((g) => g.options).find((o) => o.name === 'Double')!;
  expect(double.price_delta_cents).toBeGreaterThan(0);

  // The drink page shows name, price and Add in the first screen, with options and without.
  await expectNameAndAddFirst(page, negroni);
  await expectNameAndAddFirst(page, drinks.find((d) => !d.modifier_groups)!);

  // The guest asks for a double with no ice; the Add button prices it before anything is sent.
  await page.goto(`/venue/${SLUG}/drink/${negroni.id}`);
  await page.getByRole('checkbox', { name: /Double/ }).check();
  await page.getByRole('checkbox', { name: /No ice/ }).check();
  const unit = negroni.price_cents + double.price_delta_cents;
  await expect(page.getByRole('button', { name: `Add to Cart · ${money(unit)}` })).toBeVisible();
  await page.getByRole('button', { name: /^Add to Cart/ }).click();

  // Signing in brings the guest back with the drink, made their way, in the cart.
  await expect(page).toHaveURL(new RegExp(`/venue/${SLUG}/auth$`));
  await page.getByLabel('Phone number').fill(`555018${String(Date.now()).slice(-4)}`);
  await page.getByRole('button', { name: 'Send Code' }).click();
  const demo = await page.getByText(/Demo code: \d{6}/).textContent();
  await page.getByLabel('Verification code').fill(demo!.match(/\d{6}/)![0]);
  await page.getByRole('button', { name: 'Verify & Continue' }).click();
  await expect(page.getByText('Added 1 × Negroni (Double, No ice) to cart')).toBeVisible();

  await page.goto(`/venue/${SLUG}/cart`);
  const line = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem').filter({ hasText: 'Negroni' }).first();
  await expect(line.getByRole('list', { name: 'Modifiers' })).toHaveText(/Double\s*No ice/);
  await expect(line.getByText(`${money(unit)} each`)).toBeVisible();
  const total = unit + Math.round((unit * 875) / 10_000);
  await expect(page.getByRole('region', { name: 'Order summary' }).getByText(money(total))).toBeVisible();
  await page.getByRole('button', { name: 'Order — pay at the bar' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  await expect(page.getByText(money(total)).first()).toBeVisible();

  // The bar's ticket and build sheet show the options.
  const token = await auth.token('staff');
  const ginBefore = await ginOnHandMl(request, token);
  await page.goto('/login');
  await page.getByLabel('Email').fill('staff@barhop.dev');
  await page.getByLabel('Password').fill('barhop-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Active Orders' })).toBeVisible();
  const card = page.getByRole('listitem', { name: `Order #${shortId(orderId)}` });
  await expect(card.getByRole('list', { name: 'Modifiers' })).toHaveText(/Double\s*No ice/);
  await expect(card.getByText(money(total))).toBeVisible();
  await card.getByRole('button', { name: 'Build Sheet' }).click();
  const sheet = page.getByRole('dialog', { name: `Build Sheet #${shortId(orderId)}` });
  await expect(sheet.getByRole('heading', { name: '1 × Negroni' })).toBeVisible();
  await expect(sheet.getByRole('list', { name: 'Modifiers' })).toHaveText(/Double\s*No ice/);
  await sheet.getByRole('button', { name: 'Close' }).click();

  // Starting it pours the recipe's 30 ml of gin and the double's 45 ml more.
  const started = await request.put(`/api/staff/orders/${orderId}/status`, { data: { status: 'preparing' }, headers: { Authorization: `Bearer ${token}` } });
  expect(started.status(), await started.text()).toBe(200);
  expect(Math.round((ginBefore - await ginOnHandMl(request, token)) * 100) / 100).toBe(30 + 45);
});
