import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { guestOrders, signInAsStaff } from './bar-helpers';
import { expect, test, type Auth } from './fixtures';

// The bar display on a tablet at the pass, on a busy night (docs/decisions/234).
test.use({ viewport: { width: 1024, height: 768 }, isMobile: false, hasTouch: false });

const shortId = (id: string) => id.slice(-8).toUpperCase();
type MenuDrink = { id: string; name: string; available: boolean; sold_out_reason: string | null };
type ApiOrder = { id: string; status: string; items: { name: string; quantity: number }[] };

async function orderableDrinks(request: APIRequestContext, auth: Auth) {
  const menu = (await (await request.get('/api/staff/menu', { headers: await auth.headers('staff') })).json()).menu_items as MenuDrink[];
  return menu.filter((d) => d.available && !d.sold_out_reason);
}



async function secondBartender(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await signInAsStaff(page);
  return { context, page };
}

const ticket = (page: Page, id: string) => page.getByRole('listitem', { name: `Order #${shortId(id)}` });

test('updating one ticket never disables the others, shows at once, and rolls back when refused', async ({ page, request, auth }) => {
  const [drink] = await orderableDrinks(request, auth);
  const slow = await guestOrders(request, drink!.id);
  const other = await guestOrders(request, drink!.id);
  await signInAsStaff(page);
  // The first ticket's change is held until the test lets it go, and is then refused: what the screen shows
  // meanwhile is before any answer, however slow the machine (no timed assertion).
  let release!: () => void;
  const held = new Promise<void>((r) => { release = r; });
  let answered = false;
  await page.route(`**/api/staff/orders/${slow}/status`, async (route) => {
    await held;
    answered = true;
    await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: 'Kitchen printer on fire' } }) });
  });

  await ticket(page, slow).getByRole('button', { name: 'Start Preparing' }).click();
  // Optimistic: the ticket says Preparing while the server has not answered.
  await expect(ticket(page, slow).getByText('Preparing', { exact: true })).toBeVisible();
  // The other ticket stays usable while the first is in flight.
  const otherStart = ticket(page, other).getByRole('button', { name: 'Start Preparing' });
  await expect(otherStart).toBeEnabled();
  await otherStart.click();
  await expect(ticket(page, other).getByText('Preparing', { exact: true })).toBeVisible();
  await expect(ticket(page, other)).not.toHaveAttribute('aria-busy', 'true');
  expect(answered).toBe(false);
  await expect(ticket(page, slow).getByText('Preparing', { exact: true })).toBeVisible();

  // The refusal puts only the first ticket back, and says so.
  release();
  await expect(ticket(page, slow).getByText('Pending', { exact: true })).toBeVisible();
  // Toasts name the ticket by the code the bartender calls it (docs/decisions/234).
  const active = (await (await request.get('/api/staff/orders?status=active&limit=200', { headers: await auth.headers('staff') })).json()).orders as { id: string; code: string }[];
  const slowCode = active.find((o) => o.id === slow)!.code;
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText(`Failed to update Order ${slowCode}: Kitchen printer on fire`)).toBeVisible();
  await expect(ticket(page, other).getByText('Preparing', { exact: true })).toBeVisible();
});

test('cancel asks for a reason and confirms; Undo recalls the ticket on every bar screen', async ({ page, request, browser, auth }) => {
  const [drink] = await orderableDrinks(request, auth);
  const id = await guestOrders(request, drink!.id);
  await signInAsStaff(page);
  const other = await secondBartender(browser);
  await expect(ticket(other.page, id).getByText('Pending', { exact: true })).toBeVisible();

  await ticket(page, id).getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order #${shortId(id)}?` });
  await expect(dialog).toContainText('You can undo this for 60 seconds');
  const confirm = dialog.getByRole('button', { name: 'Cancel order' });
  await expect(confirm).toBeDisabled();
  // Keeping the order changes nothing.
  await dialog.getByRole('button', { name: 'Keep order' }).click();
  await expect(dialog).toBeHidden();
  await expect(ticket(page, id).getByText('Pending', { exact: true })).toBeVisible();

  await ticket(page, id).getByRole('button', { name: 'Cancel' }).click();
  await dialog.getByLabel('Guest left').check();
  await confirm.click();
  await expect(ticket(page, id).getByText('Cancelled', { exact: true })).toBeVisible();
  // The other screen hears it live (it polls only while its socket is down); how fast is the bench's to measure.
  await expect(ticket(other.page, id).getByText('Cancelled', { exact: true })).toBeVisible();

  const undo = ticket(page, id).getByRole('button', { name: /^Undo/ });
  await expect(undo).toContainText(/\(\d+ s\)/);
  await undo.click();
  await expect(ticket(page, id).getByText('Pending', { exact: true })).toBeVisible();
  await expect(ticket(other.page, id).getByText('Pending', { exact: true })).toBeVisible();
  await expect(ticket(page, id).getByRole('button', { name: /^Undo/ })).toHaveCount(0);
  await other.context.close();
});

test('ticket ages turn amber at 5 minutes and red at 10, and tickets stand by arrival whatever their stage', async ({ page, request, auth }) => {
  const [drink] = await orderableDrinks(request, auth);
  await page.clock.install();
  const first = await guestOrders(request, drink!.id);
  const second = await guestOrders(request, drink!.id);
  await signInAsStaff(page);
  const age = ticket(page, first).locator('.ticket-age');
  await expect(age).toHaveAttribute('data-age-level', 'fresh');
  await expect(age).toHaveText(/Waiting 0:\d\d/);
  await page.clock.fastForward('05:01');
  await expect(age).toHaveAttribute('data-age-level', 'amber');
  await expect(age).toHaveText(/Waiting 5:\d\d/);
  await page.clock.fastForward('05:00');
  await expect(age).toHaveAttribute('data-age-level', 'red');

  // Oldest first, and a ticket that moves on keeps its place (docs/decisions/234).
  const ids = () => page.getByRole('list', { name: 'Orders' }).locator(':scope > li').evaluateAll((els) => els.map((el) => el.getAttribute('data-order-id')));
  let shown = await ids();
  expect(shown.indexOf(first)).toBeLessThan(shown.indexOf(second));
  await ticket(page, first).getByRole('button', { name: 'Start Preparing' }).click();
  await expect(ticket(page, first).getByText('Preparing', { exact: true })).toBeVisible();
  shown = await ids();
  expect(shown.indexOf(first)).toBeLessThan(shown.indexOf(second));
});

test('the All day panel counts each drink still to make across open tickets', async ({ page, request, browser, auth }) => {
  const drinks = await orderableDrinks(request, auth);
  const drink = drinks[1]!;
  await signInAsStaff(page);
  const token = await auth.token('staff');
  const toMake = async () => {
    const active = (await (await request.get('/api/staff/orders?status=active&limit=200', { headers: { Authorization: `Bearer ${token}` } })).json()).orders as ApiOrder[];
    return active.filter((o) => o.status === 'pending' || o.status === 'preparing')
      .flatMap((o) => o.items).filter((i) => i.name === drink.name).reduce((n, i) => n + i.quantity, 0);
  };
  const panel = page.getByRole('region', { name: 'All day' });
  const placed = [await guestOrders(request, drink.id), await guestOrders(request, drink.id), await guestOrders(request, drink.id)];
  const before = await toMake();
  expect(before).toBeGreaterThanOrEqual(3);
  await expect(panel.getByRole('listitem').filter({ hasText: drink.name })).toHaveText(`${before} × ${drink.name}`);

  // Another bartender finishes one: the count drops on this screen, live.
  const other = await secondBartender(browser);
  await ticket(other.page, placed[0]!).getByRole('button', { name: 'Start Preparing' }).click();
  await expect(ticket(other.page, placed[0]!).getByText('Preparing', { exact: true })).toBeVisible();
  await expect(ticket(other.page, placed[0]!)).not.toHaveAttribute('aria-busy', 'true');
  await ticket(other.page, placed[0]!).getByRole('button', { name: 'Mark Ready' }).click();
  await expect(panel.getByRole('listitem').filter({ hasText: drink.name })).toHaveText(`${before - 1} × ${drink.name}`);
  await other.context.close();
});

test('keyboard: numbers select, Enter advances, U undoes, ? shows the keys', async ({ page, request, auth }) => {
  const [drink] = await orderableDrinks(request, auth);
  await guestOrders(request, drink!.id);
  await signInAsStaff(page);
  const cards = page.getByRole('list', { name: 'Orders' }).locator(':scope > li');

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('Move the selected ticket to its next step');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // Key 1 is the ticket showing 1 (docs/decisions/234); take it from pending, whatever stage it has. The key is
  // pressed once the ticket is on screen: pressed before the queue has loaded, it selects nothing.
  const first = cards.filter({ has: page.getByTestId('ticket-key').getByText('1', { exact: true }) });
  await expect(first).toBeVisible();
  await page.keyboard.press('1');
  await expect(first).toHaveAttribute('aria-current', 'true');
  const id = (await first.getAttribute('data-order-id'))!;
  const card = ticket(page, id);
  const stage = (await card.locator('.order-card-head .badge').first().textContent())!.trim();
  const steps = [['Enter', 'Preparing'], ['Enter', 'Ready'], ['Enter', 'Delivered'], ['u', 'Ready']];
  // Each step lands (the ticket is no longer busy) before the next key.
  for (const [key, status] of steps.slice(Math.max(0, ['Pending', 'Preparing', 'Ready'].indexOf(stage)))) {
    await page.keyboard.press(key!);
    await expect(card.getByText(status!, { exact: true })).toBeVisible();
    await expect(card).not.toHaveAttribute('aria-busy', 'true');
  }
  await expect(card).toHaveAttribute('aria-current', 'true');
});

for (const viewport of [{ width: 768, height: 1024 }, { width: 1024, height: 768 }]) {
  test(`tablet ${viewport.width}×${viewport.height}: the sidebar collapses and nothing scrolls sideways`, async ({ page, request, auth }) => {
    const [drink] = await orderableDrinks(request, auth);
    await guestOrders(request, drink!.id);
    await page.setViewportSize(viewport);
    await signInAsStaff(page);
    const nav = page.getByRole('navigation', { name: 'Staff Portal navigation' });
    for (const [link, heading] of [['Active Orders', 'Active Orders'], ['Inventory', 'Inventory Management'], ['Order History', 'Order History'], ['Low Stock', 'Low Stock']] as const) {
      await nav.getByRole('link', { name: link }).click();
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      const { scroll, client, sidebar } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth,
        sidebar: document.querySelector('nav.sidebar')!.getBoundingClientRect().width,
      }));
      expect(scroll, `${link} is ${scroll}px wide in a ${client}px window`).toBeLessThanOrEqual(client);
      expect(sidebar).toBeLessThanOrEqual(80);
    }
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
