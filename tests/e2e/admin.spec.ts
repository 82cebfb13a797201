import { expect, test, type APIRequestContext } from '@playwright/test';

// A venue owner at a desk: the admin dashboard drives the guest menu and receives orders live.
test.use({ viewport: { width: 1280, height: 800 } });

// A real 1×1 PNG: the upload is checked by its bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const DRINK = `E2E Sunrise ${Date.now().toString(36)}`;

async function placeGuestOrder(request: APIRequestContext) {
  const session = await request.post('/api/auth/guest-session', { data: { slug: 'artisan-bar' } });
  expect(session.ok()).toBe(true);
  const { token } = await session.json() as { token: string };
  const menu = await (await request.get('/api/drinks?slug=artisan-bar')).json() as { drinks: { id: string }[] };
  const placed = await request.post('/api/orders/quick', {
    headers: { Authorization: `Bearer ${token}` },
    data: { slug: 'artisan-bar', item: { menu_drink_id: menu.drinks[0]!.id }, table: '7' },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  return (await placed.json() as { id: string }).id;
}

test('a venue admin adds a drink with a photo, takes it off the menu, and completes a live order from the queue', async ({ page, browser, request }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('admin@barhop.dev');
  await page.getByLabel('Password').fill('barhop-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin/);
  await expect(page.getByText('ADMIN DASHBOARD')).toBeVisible();
  await expect(page.getByText('Bar Management Dashboard')).toBeVisible();

  // Menu Drinks tab: a price of 0 is refused, then the drink is added with a photo.
  await page.getByRole('navigation').getByRole('link', { name: 'Menu Drinks', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Menu Drinks Management' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Drink' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Menu Drink' });
  await dialog.getByLabel('Name *').fill(DRINK);
  await dialog.getByLabel('Price ($) *').fill('0');
  await dialog.getByRole('button', { name: 'Add Drink' }).click();
  await expect(dialog.getByText('Price must be greater than 0')).toBeVisible();

  await dialog.getByLabel('Price ($) *').fill('12.50');
  await dialog.getByLabel('Drink photo').setInputFiles({ name: 'sunrise.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByText('Replace photo')).toBeVisible();
  await expect(dialog.locator('img.admin-photo-preview')).toHaveAttribute('src', /^\/images\/venues\/.+\/drinks\/.+\.png$/);
  await dialog.getByRole('button', { name: 'Add Drink' }).click();
  await expect(page.getByText('Menu drink added successfully')).toBeVisible();
  const card = page.getByTestId('admin-drink-card').filter({ hasText: DRINK });
  await expect(card).toBeVisible();
  await expect(card.locator('img')).toHaveJSProperty('complete', true);

  // The guest menu shows it.
  const guest = await browser.newPage();
  await guest.goto('/venue/artisan-bar');
  await expect(guest.getByText(DRINK).first()).toBeVisible();

  // Unavailable: it vanishes from the guest menu.
  await card.getByRole('button', { name: `${DRINK}: Available. Toggle availability` }).click();
  await expect(page.getByText('Drink disabled successfully')).toBeVisible();
  await expect(card.getByRole('button', { name: `${DRINK}: Unavailable. Toggle availability` })).toBeVisible();
  await guest.reload();
  await expect(guest.locator('.drink-card').first()).toBeVisible();
  await expect(guest.getByText(DRINK)).toHaveCount(0);
  await guest.close();

  // Orders tab: a guest order arrives over the live socket, without a reload.
  await page.getByRole('navigation').getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Orders Management' })).toBeVisible();
  await expect(page.getByText('Live Connection')).toBeVisible();
  const orderId = await placeGuestOrder(request);
  const orderCard = page.locator(`[data-testid="admin-order-card"][data-order-id="${orderId}"]`);
  await expect(orderCard).toBeVisible();
  await expect(orderCard).toContainText('Table 7');
  await expect(page.getByText(/1 New Order$/)).toBeVisible();

  // The queue: one tap does nothing, a double-tap delivers it.
  await page.getByRole('button', { name: 'View Queue' }).click();
  const queue = page.getByRole('dialog', { name: 'Order Queue' });
  const item = queue.locator(`[data-testid="queue-order"][data-order-id="${orderId}"]`);
  await expect(item).toBeVisible();
  await item.dblclick();
  const shortId = orderId.slice(-8).toUpperCase();
  await expect(page.getByText(`Order ${shortId} delivered`)).toBeVisible();
  await expect(item).toHaveCount(0);
  await queue.getByRole('button', { name: 'Close' }).click();
  await expect(orderCard.getByText('delivered')).toBeVisible();
});

test('the admin navigation pages: QR codes per table, analytics charts, venue profile with live preview', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('admin@barhop.dev');
  await page.getByLabel('Password').fill('barhop-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin/);

  // One code per table of the venue's list (the demo venues have tables 1-20).
  await page.goto('/admin/qr');
  await expect(page.getByRole('img', { name: 'QR code for Table 20' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for Table 3' })).toBeVisible();
  await expect(page.getByText(/\/venue\/artisan-bar\?table=3&t=[A-Za-z0-9_-]{16}$/)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Table 3 as SVG' }).click();
  expect((await download).suggestedFilename()).toBe('artisan-bar-table-3.svg');

  await page.goto('/admin/analytics');
  await page.getByRole('button', { name: '7 days' }).click();
  await expect(page.getByRole('img', { name: 'Revenue per day' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Top drinks' })).toBeVisible();

  await page.goto('/admin/profile');
  const preview = page.getByRole('complementary', { name: 'Live preview' });
  await page.getByLabel('Name *').fill('Artisan Bar & Kitchen');
  await expect(preview.getByRole('heading', { name: 'Artisan Bar & Kitchen' })).toBeVisible();
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Venue profile saved')).toBeVisible();
  await page.goto('/venue/artisan-bar');
  await expect(page.getByRole('heading', { level: 1, name: 'Artisan Bar & Kitchen' })).toBeVisible();

  // Every spec shares one seeded database in a run: put the venue's name back for the others.
  await page.goto('/admin/profile');
  await page.getByLabel('Name *').fill('The Artisan Bar');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Venue profile saved').first()).toBeVisible();
});
