import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { guestOrders, signInAsStaff } from './bar-helpers';
import { DEMO_PASSWORD, expect, test } from './fixtures';
import { rooftopPaysFirst } from './pay-first-helpers';

// A Friday rush at the bar display on a 1024×768 tablet (docs/product.md §11.2, docs/decisions/233, 234): twenty
// orders, the keys still working after a tap, an 86 mid-rush that flags the tickets needing what ran out, a start
// the stock cannot cover asked first, and the guests' menu live throughout.
test.use({ viewport: { width: 1024, height: 768 }, isMobile: false, hasTouch: false });

// The rush runs at the Rooftop Lounge: its twenty new devices would spend most of the artisan bar's ceiling on first
// orders from new devices (60 in 10 minutes, docs/decisions/167), which the other phone specs place their orders under.
const SLUG = 'rooftop-lounge';
const BARTENDER = 'staff2@barhop.dev';

async function staffHeaders(request: APIRequestContext) {
  const res = await request.post('/api/auth/login', { data: { email: BARTENDER, password: DEMO_PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  return { Authorization: `Bearer ${(await res.json()).access_token as string}` };
}
type StaffDrink = { id: string; name: string; available: boolean; sold_out_reason: string | null; recipe: { ingredient: { name: string }; is_optional: boolean }[] };
type StockItem = { id: string; ingredient_name: string; on_hand_ml: number; measure: 'ml' | 'count'; available: boolean };

/** A drink needing an ingredient only one ml item stocks (so its 86 sells the drink out), and a drink that does not need it. */
async function rushDrinks(request: APIRequestContext) {
  const headers = await staffHeaders(request);
  const menu = (await (await request.get('/api/staff/menu', { headers })).json()).menu_items as StaffDrink[];
  const inventory = (await (await request.get('/api/staff/inventory', { headers })).json()).inventory as StockItem[];
  const soleStock = (name: string) => {
    const rows = inventory.filter((i) => i.ingredient_name === name);
    return rows.length === 1 && rows[0]!.measure === 'ml' && rows[0]!.available && rows[0]!.on_hand_ml > 500 ? rows[0]! : null;
  };
  const orderable = menu.filter((d) => d.available && !d.sold_out_reason && !menu.some((o) => o.id !== d.id && o.name.includes(d.name)));
  for (const needs of orderable) {
    for (const line of needs.recipe.filter((r) => !r.is_optional)) {
      const item = soleStock(line.ingredient.name);
      const other = item && orderable.find((d) => d.id !== needs.id && !d.recipe.some((r) => r.ingredient.name === item.ingredient_name));
      if (item && other) return { needs, other, item };
    }
  }
  throw new Error(`no drink with a sole ml stock at ${SLUG}`);
}



async function guestMenu(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`/venue/${SLUG}`);
  return { context, page };
}

const shortId = (id: string) => id.slice(-8).toUpperCase();
const ticket = (page: Page, id: string) => page.getByRole('listitem', { name: `Order #${shortId(id)}` });
const menuLink = (page: Page, name: string) => page.getByRole('list', { name: 'Drinks' }).getByRole('link', { name: new RegExp(name) });
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

// The rush's guests order in one tap and pay at the bar; the Rooftop Lounge pays first in the seed, and does again after.
test.beforeAll(async ({ request }) => rooftopPaysFirst(request, false));
test.afterAll(async ({ request }) => rooftopPaysFirst(request, true));

test('a rush of 20: keys after a tap reach past 9, an 86 flags the tickets needing it and leaves the menu live', async ({ page, request, browser }) => {
  const { needs, other, item } = await rushDrinks(request);
  const guest = await guestMenu(browser);
  await expect(menuLink(guest.page, needs.name)).toBeVisible();

  await signInAsStaff(page, BARTENDER);
  const placed: { id: string; needsIt: boolean }[] = [];
  for (let i = 0; i < 20; i += 1) {
    const needsIt = i % 4 === 0;
    placed.push({ id: await guestOrders(request, needsIt ? needs.id : other.id, SLUG), needsIt });
  }
  for (const order of placed) await expect(ticket(page, order.id)).toBeVisible();
  const keys = page.getByTestId('ticket-key');
  await expect(keys.filter({ hasText: /^\d\d$/ }).first()).toBeVisible();

  // A tap on a filter chip, and on Live again: the keys still move tickets, a two-key code reaches ticket 10 and up.
  await page.getByRole('button', { name: 'Undelivered', exact: true }).click();
  await page.getByRole('button', { name: 'Live', exact: true }).click();
  const late = placed.filter((o) => !o.needsIt).at(-1)!;
  const lateKey = (await ticket(page, late.id).getByTestId('ticket-key').textContent())!.trim();
  expect(lateKey.length).toBe(2);
  await page.keyboard.press(lateKey[0]!);
  await page.keyboard.press(lateKey[1]!);
  await expect(ticket(page, late.id)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Enter');
  await expect(ticket(page, late.id).getByText('Preparing', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Live', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // The toast says which ticket, and covers neither the filters nor the All day panel.
  const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('status').first();
  await expect(toast).toContainText(/Order [A-Z]\d\d: preparing/);
  const toastBox = (await toast.boundingBox())!;
  for (const control of [page.getByRole('group', { name: 'Filter orders' }), page.getByRole('region', { name: 'All day' })]) {
    expect(overlaps(toastBox, (await control.boundingBox())!)).toBe(false);
  }

  // Mid-rush the ingredient runs out: 86 it from the display.
  await page.getByRole('button', { name: '86 an ingredient' }).click();
  const picker = page.getByRole('dialog', { name: '86 an ingredient' });
  await picker.getByLabel('Find an ingredient').fill(item.ingredient_name);
  await picker.getByRole('button', { name: new RegExp(`^86 ${item.ingredient_name}`) }).click();
  const ranOut = `Ran out: ${item.ingredient_name.toLowerCase()}`;
  for (const order of placed.filter((o) => o.needsIt)) await expect(ticket(page, order.id).getByTestId('ticket-ran-out')).toContainText(ranOut);
  for (const order of placed.filter((o) => !o.needsIt)) await expect(ticket(page, order.id).getByTestId('ticket-ran-out')).toHaveCount(0);
  // The guests' open menu follows: the drink is sold out, the others stay.
  await expect(menuLink(guest.page, needs.name)).toHaveCount(0);
  await expect(menuLink(guest.page, other.name)).toBeVisible();

  // Starting a ticket that needs it asks first and says what is short; Cancel leaves it waiting.
  const waiting = placed.find((o) => o.needsIt)!;
  await ticket(page, waiting.id).getByRole('button', { name: 'Start Preparing' }).click();
  const ask = page.getByRole('dialog', { name: /^Not enough stock for Order [A-Z]\d\d$/ });
  await expect(ask).toContainText(`${item.ingredient_name}:`);
  await expect(ask).toContainText("86'd");
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ticket(page, waiting.id).getByText('Pending', { exact: true })).toBeVisible();

  // Back in: the flags go and the drink returns to the open menu.
  await page.getByRole('region', { name: '86' }).getByRole('button', { name: `Back in ${item.ingredient_name}` }).click();
  await expect(ticket(page, waiting.id).getByTestId('ticket-ran-out')).toHaveCount(0);
  await expect(menuLink(guest.page, needs.name)).toBeVisible();
  await guest.context.close();

  // The rush is cleared so the venue's other tests find their own bar.
  const headers = await staffHeaders(request);
  for (const order of placed) await request.put(`/api/staff/orders/${order.id}/status`, { headers, data: { status: 'cancelled', reason: 'Test rush cleared' } });
});
