import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';

// The findings behind docs/decisions/185, 199 and 221, each as a user would notice it: the shared CSS and
// components that caused them are what these guard.
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

const SLUG = 'artisan-bar';
const LONG_NAME = 'Maximilian-Alexander Bartholomew Featherstonehaugh-Worthington the Third of Somewhere Very Far Away';

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await expect(async () => {
    await page.getByLabel('Email').fill(email);
    await expect(page.getByLabel('Email')).toHaveValue(email, { timeout: 300 });
  }).toPass();
  await page.getByLabel('Password').fill('barhop-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

const box = async (locator: Locator) => (await locator.boundingBox())!;

async function guestOrder(request: APIRequestContext) {
  const session = await (await request.post('/api/auth/guest-session', { data: { slug: SLUG } })).json();
  const drinks = (await (await request.get(`/api/drinks?slug=${SLUG}`)).json()).drinks as { id: string }[];
  const placed = await request.post('/api/orders/quick', { data: { slug: SLUG, item: { menu_drink_id: drinks[0]!.id } }, headers: { Authorization: `Bearer ${session.token}` } });
  expect(placed.ok(), await placed.text()).toBe(true);
  return { session, orderId: (await placed.json()).id as string };
}

test('the back office has one navigation and one Logout', async ({ page }) => {
  await signIn(page, 'admin@barhop.dev');
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { name: 'Orders Management' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(1);
  // Sections of the dashboard are reached from the sidebar; no second bar of tabs navigates the same screens.
  await expect(page.getByRole('tab')).toHaveCount(0);
  await page.getByRole('navigation').getByRole('link', { name: 'Menu Drinks' }).click();
  await expect(page.getByRole('heading', { name: 'Menu Drinks Management' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/menu-drinks$/);
});

test('the Venue Profile preview shows a normal button, badge and colour swatches', async ({ page }) => {
  await signIn(page, 'admin@barhop.dev');
  await page.goto('/admin/profile');
  const preview = page.getByRole('complementary', { name: 'Live preview' });
  await expect(preview).toBeVisible();
  expect((await box(preview.getByRole('button', { name: 'Add to Cart' }))).height).toBeLessThanOrEqual(56);
  const featured = await box(preview.getByText('Featured'));
  expect(featured.height).toBeLessThanOrEqual(32);
  expect(featured.width).toBeLessThanOrEqual(160);
  for (const colour of ['Primary', 'Secondary', 'Background', 'Text']) {
    const swatch = await box(page.getByLabel(colour, { exact: true }));
    expect(swatch.width, `${colour} swatch`).toBeGreaterThan(20);
    expect(swatch.height, `${colour} swatch`).toBeGreaterThan(20);
  }
});

test('the drink form: a normal-size Available checkbox and Optional on the ingredient line', async ({ page }) => {
  await signIn(page, 'admin@barhop.dev');
  await page.goto('/admin/menu-drinks');
  await page.getByRole('button', { name: 'Add Drink' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Menu Drink' });
  const available = await box(dialog.getByRole('checkbox', { name: 'Available' }));
  expect(available.width).toBeLessThanOrEqual(24);
  expect(available.height).toBeLessThanOrEqual(24);
  await dialog.getByRole('button', { name: 'Add ingredient' }).click();
  // Same line as the quantity: its middle lies within the quantity field's height. Both boxes are read again until
  // they agree, so they come from one layout (on a loaded machine a first read can fall between two).
  await expect(async () => {
    const quantity = await box(dialog.getByLabel('Quantity 1'));
    const optional = await box(dialog.getByRole('checkbox', { name: 'Optional' }));
    expect(optional.y + optional.height / 2).toBeGreaterThan(quantity.y);
    expect(optional.y + optional.height / 2).toBeLessThan(quantity.y + quantity.height);
  }).toPass({ timeout: 10_000 });
});

test('staff order cards size to their content; a long guest name stays short with the full name kept', async ({ page, request }) => {
  await guestOrder(request);
  await guestOrder(request);
  await page.route('**/api/staff/queue**', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const orders = body.orders as { display_name: string; items: unknown[] }[] | undefined;
    // Whatever the queue holds, the first card has more lines than the second, so their heights must differ.
    if (orders?.[0]) Object.assign(orders[0], { display_name: LONG_NAME, items: [...orders[0].items, ...orders[0].items, ...orders[0].items] });
    await route.fulfill({ response, json: body });
  });
  await signIn(page, 'staff@barhop.dev');
  const cards = page.locator('.staff-order-card');
  await expect(cards.first()).toBeVisible();
  const name = page.getByTitle(LONG_NAME);
  await expect(name).toBeVisible();
  expect((await box(name)).height).toBeLessThanOrEqual(48);
  const buttons = cards.first().getByRole('button');
  for (let i = 0; i < await buttons.count(); i += 1) expect((await box(buttons.nth(i))).height).toBeLessThanOrEqual(48);
  // Build Sheet reads as a button: it has a visible edge.
  const buildSheet = cards.first().getByRole('button', { name: 'Build Sheet' });
  const edge = await buildSheet.evaluate((el) => getComputedStyle(el).borderTopColor);
  expect(edge).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
  // The bar sorts its cards itself (oldest first), so the card with the tripled lines is found by its name,
  // not by its place; a plain card is any other.
  // A plain card beside it on the same row is preferred: a stretched grid row would make those two equal.
  const tall = await box(cards.filter({ has: name }));
  const plains = cards.filter({ hasNot: page.getByTitle(LONG_NAME) });
  const candidates = await Promise.all((await plains.all()).slice(0, 20).map(box));
  const plain = candidates.find((b) => Math.abs(b.y - tall.y) < 1) ?? candidates[0]!;
  expect(tall.height, 'a card with more lines is taller than a plain one').toBeGreaterThan(plain.height + 10);
});

test('charts have a y-axis, gridlines, unclipped labels and a data table', async ({ page }) => {
  await signIn(page, 'admin@barhop.dev');
  await page.goto('/admin/analytics');
  const chart = page.locator('figure.chart').filter({ has: page.getByRole('img', { name: 'Revenue per day' }) });
  await expect(chart).toBeVisible();
  const svg = await box(chart.locator('svg'));
  const yLabels = chart.locator('.chart-y-label');
  expect(await yLabels.count()).toBeGreaterThanOrEqual(3);
  await expect(yLabels.last()).toHaveText(/^\$[\d,]+/);
  expect(await chart.locator('.chart-grid').count()).toBeGreaterThanOrEqual(3);
  const xLabels = chart.locator('.chart-x-label');
  const first = await box(xLabels.first());
  expect(first.x).toBeGreaterThanOrEqual(svg.x);
  const last = await box(xLabels.last());
  expect(last.x + last.width).toBeLessThanOrEqual(svg.x + svg.width + 0.5);
  await chart.getByText('Show data').click();
  const table = chart.getByRole('table', { name: 'Revenue per day' });
  await expect(table.getByRole('columnheader')).toHaveCount(2);
  await expect(table.getByRole('cell').first()).toHaveText(/^\$[\d,]+\.\d\d$/);
});

test('the Live Dashboard\'s status buttons keep their words on one line, in a grid of equal buttons', async ({ page, request }) => {
  await guestOrder(request);
  await signIn(page, 'admin@barhop.dev');
  await page.goto('/admin/dashboard');
  const group = page.getByRole('group', { name: /^Status of order/ }).first();
  await expect(group).toBeVisible();
  const buttons = await group.getByRole('button').all();
  expect(buttons.length).toBeGreaterThan(2);
  const boxes = await Promise.all(buttons.map(box));
  for (const [i, button] of buttons.entries()) {
    // A label broken over two lines doubles the button; a squeezed one spills out of it.
    expect(boxes[i]!.height, `button ${i + 1} is one line high`).toBeLessThanOrEqual(40);
    expect(await button.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), `button ${i + 1} holds its label`).toBe(true);
  }
  expect(new Set(boxes.map((b) => Math.round(b.width))).size, 'the buttons have one width').toBe(1);
});

test('the Venue not found page wears the app\'s look', async ({ page }) => {
  await page.goto('/venue/no-such-venue-here');
  await expect(page.getByRole('heading', { name: 'Venue not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Home' })).toBeVisible();
  // The app's frame: its brand, and the message on a card rather than bare text on a white page.
  await expect(page.getByRole('link', { name: 'Barhop' })).toBeVisible();
  await expect(page.locator('.card').filter({ hasText: 'Venue not found' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the Order in progress banner and toasts never cover the confirmation page\'s actions', async ({ page, request }) => {
    const { session, orderId } = await guestOrder(request);
    await page.addInitScript(([token, id, slug]) => {
      localStorage.setItem('barhop.guest_token', token!);
      localStorage.setItem('guest_session_id', id!);
      localStorage.setItem('guest_venue_slug', slug!);
    }, [session.token, session.session_id, SLUG]);
    await page.goto(`/venue/${SLUG}/order-confirmation?orderId=${orderId}`);
    const chat = page.getByRole('link', { name: 'Chat with AI Bartender' });
    await expect(chat).toBeVisible();
    await expect(page.getByText('Order in progress')).toBeVisible();
    await chat.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const covered = async () => chat.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !(hit && el.contains(hit));
    });
    expect(await covered(), 'the banner covers Chat with AI Bartender').toBe(false);
    // A toast shows while the action is on screen: the toaster's placement rule keeps it off the action.
    await page.evaluate(() => document.querySelector('.toaster')!.insertAdjacentHTML('beforeend',
      '<div class="toast toast-success" role="status"><span>Added to cart</span></div><div class="toast toast-error" role="alert"><span>Failed to load order details</span></div>'));
    for (const action of ['Track My Order', 'Order More Drinks', 'Chat with AI Bartender']) {
      const link = page.getByRole('link', { name: action });
      await link.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      const free = await link.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return Array.from(document.querySelectorAll('.toast')).every((t) => {
          const b = t.getBoundingClientRect();
          return b.bottom <= r.top || b.top >= r.bottom || b.right <= r.left || b.left >= r.right;
        });
      });
      expect(free, `a toast covers ${action}`).toBe(true);
    }
  });
});
