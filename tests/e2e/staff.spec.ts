import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';

// A bartender on a tablet at the pass.
test.use({ viewport: { width: 1024, height: 768 }, isMobile: false, hasTouch: false });

const SLUG = 'artisan-bar';
const shortId = (id: string) => id.slice(-8).toUpperCase();

async function expectAccessible(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${screen}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A new guest device places a quick order; answers the order id and the guest's token. */
async function guestOrders(request: APIRequestContext, drinkId: string) {
  const session = await request.post('/api/auth/guest-session', { data: { slug: SLUG } });
  expect(session.status()).toBe(201);
  const { token } = await session.json();
  const res = await request.post('/api/orders/quick', {
    data: { slug: SLUG, item: { menu_drink_id: drinkId } }, headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { id: (await res.json()).id as string, token: token as string };
}

async function signInAsStaff(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill('staff@barhop.dev');
  await page.getByLabel('Password').fill('barhop-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/staff$/);
}

test('orders arrive live in a burst, the build sheet shows the recipe, and delivery reaches the guest', async ({ page, request, browser, auth }) => {
  // Ten orders, an axe pass over a full bar and a second phone: a long journey on a loaded machine.
  test.slow();
  const staffToken = await auth.token('staff');
  const menu = (await (await request.get('/api/staff/menu', { headers: { Authorization: `Bearer ${staffToken}` } })).json()).menu_items as
    { id: string; name: string; available: boolean; recipe: { ingredient: { name: string }; quantity: number; unit: string }[] }[];
  const drink = menu.find((d) => d.available && d.recipe.length >= 2)!;

  // Record the new-order alerts instead of making noise.
  await page.addInitScript(() => {
    const alerts = { tones: [] as number[], vibrations: [] as number[][] };
    Object.assign(window, { __alerts: alerts });
    class FakeOscillator {
      type = 'sine';
      frequency = { value: 0 };
      connect<T>(node: T) { return node; }
      start() { alerts.tones.push(this.frequency.value); }
      stop() {}
    }
    class FakeAudioContext {
      currentTime = 0;
      destination = {};
      createOscillator() { return new FakeOscillator(); }
      // The alert shapes its two beeps with the gain's schedule (docs/decisions/234).
      createGain() { return { gain: { value: 1, setValueAtTime() {} }, connect: <T,>(node: T) => node }; }
    }
    Object.assign(window, { AudioContext: FakeAudioContext });
    Object.defineProperty(navigator, 'vibrate', { configurable: true, value: (pattern: number[]) => { alerts.vibrations.push(pattern); return true; } });
  });
  await signInAsStaff(page);
  await expect(page.getByRole('heading', { name: 'Active Orders' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();

  // Ten guests order at once.
  const placed: { id: string; token: string }[] = [];
  for (let i = 0; i < 10; i++) placed.push(await guestOrders(request, drink.id));

  const cards = page.getByRole('list', { name: 'Orders' }).getByRole('listitem').filter({ has: page.locator('.order-id') });
  for (const order of placed) await expect(page.getByRole('listitem', { name: `Order #${shortId(order.id)}` })).toBeVisible();
  // In the queue they stand in the order they were placed.
  const shown = await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-order-id')));
  const ours = shown.filter((id) => placed.some((o) => o.id === id));
  expect(ours).toEqual(placed.map((o) => o.id));
  // The bell rang: an 800 Hz tone and the 200/100/200 ms vibration (both on by default).
  const alerts = await page.evaluate(() => (window as unknown as { __alerts: { tones: number[]; vibrations: number[][] } }).__alerts);
  expect(alerts.tones.length).toBeGreaterThan(0);
  expect(new Set(alerts.tones)).toEqual(new Set([800]));
  expect(alerts.vibrations[0]).toEqual([200, 100, 200]);
  await expectAccessible(page, 'active orders');

  // The build sheet lists the drink's recipe steps.
  const first = placed[0]!;
  const card = page.getByRole('listitem', { name: `Order #${shortId(first.id)}` });
  await card.getByRole('button', { name: 'Build Sheet' }).click();
  const sheet = page.getByRole('dialog', { name: `Build Sheet #${shortId(first.id)}` });
  await expect(sheet.getByRole('heading', { name: `1 × ${drink.name}` })).toBeVisible();
  for (const step of drink.recipe) await expect(sheet.getByText(step.ingredient.name, { exact: true })).toBeVisible();
  await sheet.getByRole('button', { name: 'Close' }).click();

  // The guest follows the order on their own phone.
  const guestContext = await browser.newContext({ viewport: { width: 412, height: 915 } });
  await guestContext.addInitScript((token) => localStorage.setItem('barhop.guest_token', token), first.token);
  const guest = await guestContext.newPage();
  await guest.goto(`/venue/${SLUG}/order/${first.id}`);
  await expect(guest.getByRole('heading', { name: 'Order Received' })).toBeVisible();

  await card.getByRole('button', { name: 'Start Preparing' }).click();
  await expect(card.getByText('Preparing', { exact: true })).toBeVisible();
  await expect(guest.getByRole('heading', { name: 'Making Your Drinks' })).toBeVisible();
  // One step a stage (docs/decisions/234): ready, then handed over.
  await card.getByRole('button', { name: 'Mark Ready' }).click();
  await expect(guest.getByRole('heading', { name: 'Ready!' })).toBeVisible();
  await card.getByRole('button', { name: 'Mark Delivered' }).click();
  await expect(card.getByText('Delivered', { exact: true })).toBeVisible();
  await expect(page.getByRole('listitem', { name: `Order #${shortId(first.id)}` }).getByRole('button', { name: 'Mark Delivered' })).toHaveCount(0);
  await guestContext.close();

  // The Undelivered filter drops it.
  await page.getByRole('button', { name: 'Undelivered', exact: true }).click();
  await expect(page.getByRole('listitem', { name: `Order #${shortId(first.id)}` })).toHaveCount(0);
  await expect(page.getByRole('listitem', { name: `Order #${shortId(placed[1]!.id)}` })).toBeVisible();
});

test('receiving stock brings a sold-out drink back to the guest menu', async ({ page, request, browser, auth }) => {
  const staffToken = await auth.token('staff');
  const asStaff = { headers: { Authorization: `Bearer ${staffToken}` } };
  const menu = (await (await request.get('/api/staff/menu', asStaff)).json()).menu_items as
    { id: string; name: string; enabled: boolean; sold_out_reason: string | null }[];
  const inventory = (await (await request.get('/api/staff/inventory', asStaff)).json()).inventory as
    { id: string; ingredient_name: string; on_hand_ml: number; low_stock_threshold_ml: number; unit: string; unit_volume_ml: number | null }[];
  // The seed leaves one drink sold out because one of its ingredients ran dry.
  const soldOut = menu.find((d) => d.enabled && d.sold_out_reason)!;
  const dry = inventory.find((i) => i.on_hand_ml === 0 && soldOut.sold_out_reason!.toLowerCase().includes(i.ingredient_name.toLowerCase()))!;
  expect(dry).toBeTruthy();

  const guestContext = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const guest = await guestContext.newPage();
  await guest.goto(`/venue/${SLUG}`);
  await guest.getByLabel('Search drinks').fill(soldOut.name);
  await expect(guest.getByText('No drinks found')).toBeVisible();

  await signInAsStaff(page);
  await page.getByRole('navigation', { name: 'Staff Portal navigation' }).getByRole('link', { name: 'Inventory' }).click();
  await expect(page.getByRole('heading', { name: 'Inventory Management' })).toBeVisible();
  await page.getByLabel('Search by ingredient or brand').fill(dry.ingredient_name);
  const row = page.locator(`tr[data-item-id="${dry.id}"]`);
  await expect(row.getByText('Low Stock')).toBeVisible();
  await expectAccessible(page, 'inventory');

  // The stock modal checks its fields before anything is sent.
  await row.getByRole('button', { name: `Receive stock of ${dry.ingredient_name}` }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByLabel('Reason')).toHaveValue('Stock received');
  await modal.getByRole('button', { name: 'Receive Stock' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Quantity must be greater than 0');
  // Bottles, cans and packs of a known volume are received in their unit, the ml beside (docs/decisions/233).
  const volume = ['bottle', 'can', 'pack'].includes(dry.unit) ? dry.unit_volume_ml : null;
  const typed = volume ? Math.ceil(dry.low_stock_threshold_ml / volume) + 1 : Math.ceil(dry.low_stock_threshold_ml) + 100;
  const delivery = volume ? typed * volume : typed;
  await modal.getByLabel(/^Quantity/).fill(String(typed));
  await modal.getByLabel('Reason').fill('');
  await modal.getByRole('button', { name: 'Receive Stock' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Please provide a reason');
  await modal.getByLabel('Reason').fill('Delivery from the wholesaler');
  await modal.getByRole('button', { name: 'Receive Stock' }).click();
  await expect(modal).toBeHidden();
  await expect(row.getByText(new RegExp(`^${delivery.toLocaleString('en-US')} (ml|pcs)`))).toBeVisible();
  await expect(row.getByText('Low Stock')).toHaveCount(0);

  await guest.reload();
  await guest.getByLabel('Search drinks').fill(soldOut.name);
  await expect(guest.getByRole('list', { name: 'Drinks' }).getByRole('link', { name: new RegExp(soldOut.name) })).toBeVisible();
  await guestContext.close();

  // The movement is in the history of the item, with its reason.
  const movements = (await (await request.get(`/api/staff/inventory/${dry.id}/movements`, asStaff)).json()).movements as { type: string; reason: string }[];
  expect(movements[0]).toMatchObject({ type: 'receive', reason: 'Delivery from the wholesaler' });
});

test('low stock, history, menu lookup and AI cocktails screens answer a bartender\'s questions', async ({ page }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await signInAsStaff(page);
  const nav = page.getByRole('navigation', { name: 'Staff Portal navigation' });

  await nav.getByRole('link', { name: 'Low Stock' }).click();
  await expect(page.getByRole('heading', { name: 'Low Stock' })).toBeVisible();
  await expect(page.locator('tbody tr').first()).toBeVisible();

  await nav.getByRole('link', { name: 'Order History' }).click();
  await expect(page.getByRole('heading', { name: 'Order History' })).toBeVisible();
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(50);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect.poll(() => rows.count()).toBeGreaterThan(50);
  // However many orders the specs before this one placed today, "Today" asks for today's alone and shows only them.
  const today = await page.evaluate(() => new Date().toLocaleDateString([], { dateStyle: 'medium' }));
  const sinceMidnight = page.waitForRequest((r) => r.url().includes('/api/staff/history') && new URL(r.url()).searchParams.has('since'));
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await sinceMidnight;
  await expect(rows.first()).toContainText(today);
  await expect(rows.filter({ hasNotText: today })).toHaveCount(0);
  await page.getByRole('button', { name: 'Void' }).click();
  await expect(page.locator('tbody .badge').filter({ hasNotText: 'Void' })).toHaveCount(0);
  await expectAccessible(page, 'history');

  await nav.getByRole('link', { name: 'Menu Lookup' }).click();
  await page.getByRole('button', { name: 'Beer', exact: true }).click();
  const firstCard = page.getByRole('list', { name: 'Menu drinks' }).getByRole('listitem').first();
  const name = await firstCard.getByRole('heading').textContent();
  await firstCard.getByRole('button', { name: /View Recipe/ }).click();
  await expect(page.getByRole('dialog', { name: `Recipe: ${name}` })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expectAccessible(page, 'menu lookup');

  await nav.getByRole('link', { name: 'AI Cocktails' }).click();
  await expect(page.getByRole('heading', { name: 'AI-Built Cocktails' })).toBeVisible();
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(page.getByRole('list', { name: 'AI orders' }).getByRole('listitem').first()).toBeVisible();
  expect(pageErrors).toEqual([]);
});
