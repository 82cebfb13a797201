import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// docs/product.md §9.4, docs/decisions/193: the back office keeps exactly what an owner entered, and the audit log shows every step.
test.use({ viewport: { width: 1280, height: 900 } });

async function signIn(page: Page, email: string, landing: RegExp) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('barhop-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(landing);
}

async function apiToken(request: APIRequestContext, email: string) {
  const login = await request.post('/api/auth/login', { data: { email, password: 'barhop-demo' } });
  expect(login.ok()).toBe(true);
  return (await login.json()).access_token as string;
}

test('edit a part-bottle item and Negroni\'s price, merge a misspelling, and read each step in the audit log', async ({ page, browser, request }) => {
  const adminToken = await apiToken(request, 'admin@barhop.dev');
  const auth = { Authorization: `Bearer ${adminToken}` };
  const items = (await (await request.get('/api/admin/inventory', { headers: auth })).json()).items as { id: string; name: string; quantity: number; unit: string }[];
  const partBottle = items.find((i) => i.unit === 'bottle' && [0.25, 0.5, 0.75].includes(i.quantity % 1))!;
  expect(partBottle, 'a seeded item holds a part bottle').toBeTruthy();
  const drinks = (await (await request.get('/api/admin/menu-drinks', { headers: auth })).json()).drinks as { id: string; name: string; price_cents: number; recipe: { raw_name: string }[] }[];
  const negroni = drinks.find((d) => d.name === 'Negroni')!;
  const limeDrink = drinks.find((d) => d.recipe.some((l) => l.raw_name === 'fresh lime jiuce'))!;

  await signIn(page, 'admin@barhop.dev', /\/admin/);

  // 1. Inventory: change only the brand of a part-bottle item; its stock is untouched.
  await page.getByRole('navigation').getByRole('link', { name: 'Inventory', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search inventory' }).fill(partBottle.name);
  const itemCard = page.locator('.admin-item-card').filter({ has: page.getByRole('heading', { name: partBottle.name, exact: true }) });
  const stockText = await itemCard.getByTestId('inventory-stock').textContent();
  expect(stockText).toMatch(/[¼½¾] bottles? · [\d,.]+ ml/);
  await itemCard.getByRole('button', { name: `Edit ${partBottle.name}` }).click();
  const itemDialog = page.getByRole('dialog', { name: 'Edit Inventory Item' });
  await expect(itemDialog.getByLabel('Quantity')).toHaveValue(String(partBottle.quantity));
  await itemDialog.getByLabel('Brand').fill('E2E House Pour');
  await itemDialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Inventory item updated successfully')).toBeVisible();
  await expect(itemCard.getByText('E2E House Pour')).toBeVisible();
  await expect(itemCard.getByTestId('inventory-stock')).toHaveText(stockText!);

  // 2. Menu: Negroni (its vermouth line keeps the text "Carpano Antica", a brand the catalogue knows) takes a new price.
  await page.getByRole('navigation').getByRole('link', { name: 'Menu Drinks', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search menu drinks' }).fill('Negroni');
  await page.getByRole('button', { name: 'Edit Negroni' }).click();
  const drinkDialog = page.getByRole('dialog', { name: 'Edit Menu Drink' });
  await expect(drinkDialog.locator('input[value="Carpano Antica"]')).toBeVisible();
  const newPrice = ((negroni.price_cents + 100) / 100).toFixed(2);
  await drinkDialog.getByLabel('Price ($) *').fill(newPrice);
  await drinkDialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Menu drink updated successfully')).toBeVisible();
  await expect(page.getByTestId('admin-drink-card').filter({ hasText: 'Negroni' }).getByText(`$${newPrice}`)).toBeVisible();

  // The venue's audit log shows both edits with their before and after.
  await page.goto('/admin/audit-log');
  const venueLog = page.getByTestId('audit-log');
  await expect(venueLog.locator('tr[data-action="menu_drink.update"]').first()).toContainText(`price_cents: ${negroni.price_cents} → ${negroni.price_cents + 100}`);
  await expect(venueLog.locator('tr[data-action="inventory_item.update"]').first()).toContainText('brand:');
  await expect(venueLog.locator('tr[data-action="inventory_item.update"]').first()).toContainText('E2E House Pour');
  await expect(venueLog.locator('tr[data-action="inventory_item.update"]').first()).not.toContainText('quantity');

  // 3. Super admin: merge the misspelling "fresh lime jiuce" into Fresh lime juice.
  const superPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(superPage, 'superadmin@barhop.dev', /\/super$/);
  await superPage.getByRole('link', { name: 'Normalize' }).click();
  await superPage.getByRole('button', { name: 'artisan-bar' }).click();
  await superPage.getByRole('button', { name: 'Merge fresh lime jiuce' }).click();
  const merge = superPage.getByRole('dialog', { name: 'Merge "fresh lime jiuce"' });
  await merge.getByRole('button', { name: 'Merge into Fresh lime juice' }).click();
  await expect(superPage.getByText('Merged "fresh lime jiuce" into Fresh lime juice')).toBeVisible();

  // Staff menu lookup and the guest's drink page read the ingredient's name.
  const staffPage = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  await signIn(staffPage, 'staff@barhop.dev', /\/staff/);
  await staffPage.goto('/staff/menu');
  await staffPage.getByRole('searchbox', { name: 'Search by name or description' }).fill(limeDrink.name);
  const staffCard = staffPage.locator('.drink-card').filter({ has: staffPage.getByRole('heading', { name: limeDrink.name, exact: true }) });
  await expect(staffCard).toContainText('Fresh lime juice');
  await expect(staffCard).not.toContainText('jiuce');
  const guest = await browser.newPage();
  await guest.goto(`/venue/artisan-bar/drink/${limeDrink.id}`);
  await expect(guest.getByTestId('drink-ingredients')).toContainText('Fresh lime juice');
  await expect(guest.getByTestId('drink-ingredients')).not.toContainText('jiuce');

  // The platform audit log shows the merge and, filtered to the venue, the owner's edits.
  await superPage.getByRole('link', { name: 'Audit Log' }).click();
  const platformLog = superPage.getByTestId('audit-log');
  await expect(platformLog.locator('tr[data-action="ingredient.merge"]').first()).toContainText('Merged "fresh lime jiuce" into Fresh lime juice');
  await superPage.getByRole('group', { name: 'Filters' }).getByLabel('Venue').selectOption({ label: 'The Artisan Bar' });
  await expect(platformLog.locator('tr[data-action="menu_drink.update"]').first()).toContainText('Edited Negroni');

  // Restore what other journeys read: Negroni's price and the item's brand.
  await request.patch(`/api/admin/menu-drinks/${negroni.id}`, { headers: auth, data: { price_cents: negroni.price_cents } });
});

test('an Add Drink dialog opened before the menu list arrives stays open with what was typed', async ({ page }) => {
  await signIn(page, 'admin@barhop.dev', /\/admin/);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/api/admin/menu-drinks?*', async (route) => { await held; await route.continue(); });
  // A fresh load of the tab: the dashboard's own reads (venue, claims) land while the list is held back.
  await page.goto('/admin/menu-drinks');
  await expect(page.getByText('Loading menu drinks...')).toBeVisible();
  await page.getByRole('button', { name: 'Add Drink' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Menu Drink' });
  await dialog.getByLabel('Name *').fill('Early Bird');
  release();
  await expect(page.getByTestId('admin-drink-card').first()).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name *')).toHaveValue('Early Bird');
});

test('deactivating a venue confirms what will happen, and its admin sees that the venue is inactive', async ({ page, browser, request }) => {
  await signIn(page, 'superadmin@barhop.dev', /\/super$/);
  await page.goto('/super/venues');
  const row = page.getByRole('row').filter({ hasText: 'The Rooftop Lounge' });
  await row.getByRole('button', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate The Rooftop Lounge?' });
  await expect(confirm).toContainText('guests can no longer open its menu or place orders');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('dialog', { name: 'Deactivate The Rooftop Lounge?' }).getByRole('button', { name: 'Deactivate venue' }).click();
  await expect(row.getByText('Inactive', { exact: true })).toBeVisible();

  try {
    const owner = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(owner, 'admin2@barhop.dev', /\/admin/);
    await expect(owner.getByTestId('inactive-venue-banner')).toContainText('The Rooftop Lounge is inactive.');
  } finally {
    const token = await apiToken(request, 'superadmin@barhop.dev');
    const venues = (await (await request.get('/api/super/venues', { headers: { Authorization: `Bearer ${token}` } })).json()).venues as { id: string; slug: string }[];
    const rooftop = venues.find((v) => v.slug === 'rooftop-lounge')!;
    await request.put(`/api/super/venues/${rooftop.id}`, { headers: { Authorization: `Bearer ${token}` }, data: { active: true } });
  }
});
