import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';

// Guests' open menus and drink pages follow the bar without a reload (docs/decisions/154).
const SLUG = 'artisan-bar';
const BOUND_MS = 2_000;
type StaffDrink = { id: string; name: string; available: boolean; sold_out_reason: string | null; recipe: { ingredient: { name: string } }[] };
type StockItem = { id: string; ingredient_name: string; on_hand_ml: number; measure: 'ml' | 'count' };

async function login(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/login', { data: { email, password: 'barhop-demo' } });
  expect(res.ok()).toBe(true);
  return { headers: { Authorization: `Bearer ${(await res.json()).access_token as string}` } };
}

async function guestOn(browser: Browser, path: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

/** The page holds the venue's live socket (app/features/guest/venue/VenueLayout.tsx). */
const liveOn = (page: Page) => expect(page.locator('.guest-shell')).toHaveAttribute('data-live', 'connected');

const menuLink = (page: Page, name: string) => page.getByRole('list', { name: 'Drinks' }).getByRole('link', { name: new RegExp(name) });

/** Waits for `check` and answers how long it took from `since`; fails beyond the bound. */
async function within(since: number, check: () => Promise<void>) {
  await check();
  const took = Date.now() - since;
  expect(took, `took ${took} ms`).toBeLessThan(BOUND_MS);
  return took;
}

test('an admin switching a drink off takes it off every open menu and drink page within 2 s, and back', async ({ request, browser }) => {
  const admin = await login(request, 'admin@barhop.dev');
  const menu = (await (await request.get('/api/staff/menu', admin)).json()).menu_items as StaffDrink[];
  const drink = menu.filter((d) => d.available && !d.sold_out_reason && !menu.some((o) => o.id !== d.id && o.name.includes(d.name))).at(-1)!;

  const list = await guestOn(browser, `/venue/${SLUG}`);
  await list.page.getByLabel('Search drinks').fill(drink.name);
  await expect(menuLink(list.page, drink.name)).toBeVisible();
  const detail = await guestOn(browser, `/venue/${SLUG}/drink/${drink.id}`);
  await expect(detail.page.getByRole('heading', { name: drink.name, level: 1 })).toBeVisible();
  // Both pages hold the venue's live socket before the change.
  await liveOn(list.page);
  await liveOn(detail.page);

  let at = Date.now();
  expect((await request.patch(`/api/admin/menu-drinks/${drink.id}/availability`, { ...admin, data: { enabled: false } })).ok()).toBe(true);
  await within(at, () => expect(menuLink(list.page, drink.name)).toHaveCount(0, { timeout: BOUND_MS }));
  await within(at, () => expect(detail.page.getByRole('alert')).toContainText(`${drink.name} is not available right now`, { timeout: BOUND_MS }));

  at = Date.now();
  expect((await request.patch(`/api/admin/menu-drinks/${drink.id}/availability`, { ...admin, data: { enabled: true } })).ok()).toBe(true);
  await within(at, () => expect(menuLink(list.page, drink.name)).toBeVisible({ timeout: BOUND_MS }));
  await within(at, () => expect(detail.page.getByRole('heading', { name: drink.name, level: 1 })).toBeVisible({ timeout: BOUND_MS }));
  await list.context.close();
  await detail.context.close();
});

test('an ingredient running out sells its drinks out on open pages, which say "sold out"; stock coming back returns them', async ({ request, browser }) => {
  const staff = await login(request, 'staff@barhop.dev');
  const menu = (await (await request.get('/api/staff/menu', staff)).json()).menu_items as StaffDrink[];
  const inventory = (await (await request.get('/api/staff/inventory', staff)).json()).inventory as StockItem[];
  // A drink whose name no other drink's contains, so the menu shows exactly one link for it.
  const unique = (d: StaffDrink) => !menu.some((o) => o.id !== d.id && o.name.includes(d.name));
  // The only stock of one of its ingredients, poured in ml: emptying it sells the drink out.
  const soleStock = (name: string) => {
    const rows = inventory.filter((i) => i.ingredient_name === name);
    return rows.length === 1 && rows[0]!.measure === 'ml' && rows[0]!.on_hand_ml > 0 ? rows[0]! : null;
  };
  const drink = menu.find((d) => d.available && !d.sold_out_reason && unique(d) && d.recipe.some((r) => soleStock(r.ingredient.name)))!;
  const item = drink.recipe.map((r) => soleStock(r.ingredient.name)).find(Boolean)!;

  const list = await guestOn(browser, `/venue/${SLUG}`);
  await list.page.getByLabel('Search drinks').fill(drink.name);
  await expect(menuLink(list.page, drink.name)).toBeVisible();
  const detail = await guestOn(browser, `/venue/${SLUG}/drink/${drink.id}`);
  await expect(detail.page.getByRole('heading', { name: drink.name, level: 1 })).toBeVisible();
  await liveOn(list.page);
  await liveOn(detail.page);

  let at = Date.now();
  const out = await request.post(`/api/staff/inventory/${item.id}/movements`, { ...staff, data: { type: 'adjust_down', quantity_ml: item.on_hand_ml, reason: 'Bottle empty' } });
  expect(out.ok(), await out.text()).toBe(true);
  await within(at, () => expect(menuLink(list.page, drink.name)).toHaveCount(0, { timeout: BOUND_MS }));
  await within(at, () => expect(detail.page.getByRole('alert')).toContainText(`${drink.name} is sold out`, { timeout: BOUND_MS }));
  await expect(detail.page.getByRole('heading', { name: 'Sold out' })).toBeVisible();
  await expect(detail.page.getByText('Drink not found')).toHaveCount(0);

  at = Date.now();
  const back = await request.post(`/api/staff/inventory/${item.id}/movements`, { ...staff, data: { type: 'receive', quantity_ml: item.on_hand_ml, reason: 'New bottle' } });
  expect(back.ok(), await back.text()).toBe(true);
  await within(at, () => expect(menuLink(list.page, drink.name)).toBeVisible({ timeout: BOUND_MS }));
  await within(at, () => expect(detail.page.getByRole('heading', { name: drink.name, level: 1 })).toBeVisible({ timeout: BOUND_MS }));
  await list.context.close();
  await detail.context.close();
});

test('an open cart marks a drink the bar switched off within 2 s, and takes the mark away when it is back', async ({ page, request }) => {
  const admin = await login(request, 'admin@barhop.dev');
  const menu = (await (await request.get('/api/staff/menu', admin)).json()).menu_items as StaffDrink[];
  const drink = menu.filter((d) => d.available && !d.sold_out_reason).at(-2)!;
  // Signed out, Add to Cart signs in and adds it (docs/decisions/126).
  await page.goto(`/venue/${SLUG}/drink/${drink.id}`);
  await page.getByRole('button', { name: /Add to Cart/ }).click();
  await page.getByLabel('Phone number').fill(`555${String((Date.now() + 7) % 10_000_000).padStart(7, '0')}`);
  await page.getByRole('button', { name: 'Send Code' }).click();
  const code = (await page.getByText(/^Demo code: \d{6}$/).textContent())!.match(/\d{6}/)![0];
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify & Continue' }).click();
  await expect(page.getByText(`Added 1 × ${drink.name} to cart`)).toBeVisible();
  await page.goto(`/venue/${SLUG}/cart`);
  await expect(page.getByRole('button', { name: 'Order — pay at the bar' })).toBeEnabled();
  await liveOn(page);

  let at = Date.now();
  expect((await request.patch(`/api/admin/menu-drinks/${drink.id}/availability`, { ...admin, data: { enabled: false } })).ok()).toBe(true);
  await within(at, () => expect(page.getByText('No longer available', { exact: true })).toBeVisible({ timeout: BOUND_MS }));
  await expect(page.getByRole('button', { name: 'Order — pay at the bar' })).toBeDisabled();

  at = Date.now();
  expect((await request.patch(`/api/admin/menu-drinks/${drink.id}/availability`, { ...admin, data: { enabled: true } })).ok()).toBe(true);
  await within(at, () => expect(page.getByText('No longer available', { exact: true })).toHaveCount(0, { timeout: BOUND_MS }));
  await expect(page.getByRole('button', { name: 'Order — pay at the bar' })).toBeEnabled();
});
