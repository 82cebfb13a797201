import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';

// The floor on a rush (docs/decisions/222 and 233): the bar display on a landscape tablet holds 8 tickets and a bump moves
// no other ticket's key; a preparing order is cancelled with its stock given back; a table's round is brought to it.
test.use({ viewport: { width: 1024, height: 768 }, isMobile: false, hasTouch: false });

const SLUG = 'artisan-bar';
const TABLE = '3';
const shortId = (id: string) => id.slice(-8).toUpperCase();
type MenuDrink = { id: string; name: string; available: boolean; sold_out_reason: string | null };
type StockItem = { id: string; on_hand_ml: number };

async function login(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/login', { data: { email, password: 'barhop-demo' } });
  expect(res.ok()).toBe(true);
  return { Authorization: `Bearer ${(await res.json()).access_token as string}` };
}

async function orderableDrinks(request: APIRequestContext) {
  const headers = await login(request, 'staff@barhop.dev');
  const menu = (await (await request.get('/api/staff/menu', { headers })).json()).menu_items as MenuDrink[];
  return menu.filter((d) => d.available && !d.sold_out_reason);
}

/** A new guest device places a quick order of one drink; answers the order id. */
async function guestOrders(request: APIRequestContext, drinkId: string) {
  const { token } = await (await request.post('/api/auth/guest-session', { data: { slug: SLUG } })).json();
  const res = await request.post('/api/orders/quick', { data: { slug: SLUG, item: { menu_drink_id: drinkId } }, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).id as string;
}

/** Leaves the queue as other specs expect it: the orders this spec placed are cancelled. */
async function cancelAll(request: APIRequestContext, ids: string[]) {
  const headers = await login(request, 'staff@barhop.dev');
  for (const id of ids) await request.put(`/api/staff/orders/${id}/status`, { data: { status: 'cancelled', reason: 'E2E clean up' }, headers });
}

async function signInAsStaff(page: Page) {
  await page.goto('/login');
  await expect(async () => {
    await page.getByLabel('Email').fill('staff@barhop.dev');
    await expect(page.getByLabel('Email')).toHaveValue('staff@barhop.dev', { timeout: 300 });
  }).toPass();
  await page.getByLabel('Password').fill('barhop-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
}

const ticket = (page: Page, id: string) => page.getByRole('listitem', { name: `Order #${shortId(id)}` });
const tickets = (page: Page) => page.getByRole('list', { name: 'Orders' }).locator(':scope > li');

const NEXT: Record<string, string> = { Pending: 'Preparing', Preparing: 'Ready', Ready: 'Delivered' };
const statusOf = async (page: Page, id: string) => (await ticket(page, id).locator('.order-card-head .badge').first().textContent())!.trim();

/** Every ticket's key as the screen shows it: order id → key. */
async function keysOnScreen(page: Page) {
  return tickets(page).evaluateAll((els) => Object.fromEntries(els
    .map((el) => [el.getAttribute('data-order-id'), el.querySelector('[data-testid="ticket-key"]')?.textContent ?? null])
    .filter(([, key]) => key !== null)));
}

test('a 1024×768 tablet shows 8 tickets, and a bump moves no other ticket\'s key number', async ({ page, request }) => {
  const [drink] = await orderableDrinks(request);
  const placed: string[] = [];
  for (let i = 0; i < 9; i += 1) placed.push(await guestOrders(request, drink!.id));
  await signInAsStaff(page);
  await expect(ticket(page, placed[8]!)).toBeVisible();

  // At least 8 whole tickets inside the window, without scrolling.
  const whole = await tickets(page).evaluateAll((els) => els.filter((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
  }).length);
  expect(whole).toBeGreaterThanOrEqual(8);
  // The bump bar's keys are on screen.
  await expect(page.getByRole('list', { name: 'Bump bar keys' })).toContainText('Enter Next step');

  // Every ticket has its key, past nine too (two-key codes, docs/decisions/234).
  const before = await keysOnScreen(page);
  for (const id of placed) expect(before[id], id).toBeTruthy();
  const onKey = (key: string) => Object.entries(before).find(([, k]) => k === key)![0];

  // Key 1 moves one step on, key 2 goes all the way to delivered, one step a key press at a time.
  const first = onKey('1');
  const firstWas = await statusOf(page, first);
  await page.keyboard.press('1');
  await page.keyboard.press('Enter');
  await expect(ticket(page, first).getByText(NEXT[firstWas]!, { exact: true })).toBeVisible();
  await expect(ticket(page, first)).not.toHaveAttribute('aria-busy', 'true');
  const second = onKey('2');
  await page.keyboard.press('2');
  for (let status = await statusOf(page, second); status !== 'Delivered'; status = await statusOf(page, second)) {
    await page.keyboard.press('Enter');
    await expect(ticket(page, second).getByText(NEXT[status]!, { exact: true })).toBeVisible();
    await expect(ticket(page, second)).not.toHaveAttribute('aria-busy', 'true');
  }
  // Nobody's number moved; the delivered ticket stays in sight with its Undo.
  expect(await keysOnScreen(page)).toEqual(before);
  await expect(ticket(page, second).getByRole('button', { name: /^Undo/ })).toBeVisible();
  // One primary action a stage: a pending ticket cannot be delivered from the queue.
  const pending = ticket(page, placed.at(-1)!);
  await expect(pending.getByRole('button', { name: 'Start Preparing' })).toBeVisible();
  await expect(pending.getByRole('button', { name: 'Mark Delivered' })).toHaveCount(0);
  await expect(pending.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await cancelAll(request, placed.filter((id) => id !== second));
});

test('a delivered solo order is recorded paid at the bar: the ticket says Paid and leaves Open (docs/decisions/222)', async ({ page, request }) => {
  const [drink] = await orderableDrinks(request);
  const id = await guestOrders(request, drink!.id);
  const headers = await login(request, 'staff@barhop.dev');
  for (const status of ['preparing', 'ready', 'delivered']) {
    expect((await request.put(`/api/staff/orders/${id}/status`, { data: { status }, headers })).ok()).toBe(true);
  }
  await signInAsStaff(page);
  const card = ticket(page, id);
  await expect(card.getByText('Delivered', { exact: true })).toBeVisible();
  await expect(card.getByText('Paid', { exact: true })).toHaveCount(0);

  await card.getByRole('button', { name: 'Record payment' }).click();
  const dialog = page.getByRole('dialog', { name: `Record payment for order #${shortId(id)}` });
  // Backing out records nothing.
  await dialog.getByRole('button', { name: 'Not paid yet' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('button', { name: 'Record payment' })).toBeVisible();

  await card.getByRole('button', { name: 'Record payment' }).click();
  await dialog.getByLabel('Card terminal').check();
  await expect(dialog).toContainText('on the card terminal');
  await dialog.getByRole('button', { name: /^Record \$/ }).click();
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(ticket(page, id)).toHaveCount(0);
  await page.getByRole('button', { name: 'Paid', exact: true }).click();
  await expect(ticket(page, id)).toBeVisible();
});

test('a preparing order is cancelled with a reason, and what was poured goes back to stock', async ({ page, request }) => {
  const headers = await login(request, 'staff@barhop.dev');
  const stock = async () => Object.fromEntries(((await (await request.get('/api/staff/inventory', { headers })).json()).inventory as StockItem[]).map((i) => [i.id, i.on_hand_ml]));
  const [drink] = await orderableDrinks(request);
  const id = await guestOrders(request, drink!.id);
  const before = await stock();
  await signInAsStaff(page);

  await ticket(page, id).getByRole('button', { name: 'Start Preparing' }).click();
  await expect(ticket(page, id).getByText('Preparing', { exact: true })).toBeVisible();
  await expect(ticket(page, id)).not.toHaveAttribute('aria-busy', 'true');
  const poured = await stock();
  const changed = Object.keys(before).filter((item) => Math.abs(poured[item]! - before[item]!) > 1e-6);
  expect(changed.length, `${drink!.name} pours from stock`).toBeGreaterThan(0);

  await ticket(page, id).getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order #${shortId(id)}?` });
  await expect(dialog).toContainText('What was poured for it goes back to stock.');
  await dialog.getByLabel('Guest left').check();
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(ticket(page, id).getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(async () => {
    const after = await stock();
    for (const item of changed) expect(after[item]).toBeCloseTo(before[item]!, 6);
  }).toPass();
});

async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  return { context, page: await context.newPage() };
}

test('with table service a table\'s round reads "We\'ll bring it to table 3", and its ticket shows the table large', async ({ page, request, browser, auth }) => {
  test.setTimeout(180_000);
  const admin = await login(request, 'admin@barhop.dev');
  const staff = await login(request, 'staff@barhop.dev');
  const setHandoff = async (handoff: 'pickup' | 'table') => {
    const res = await request.patch('/api/admin/venue', { data: { handoff, pickup_point: 'at the bar' }, headers: admin });
    expect(res.status(), await res.text()).toBe(200);
  };
  // A tab left at this table by an earlier run on the same server starts over.
  const sessions = async () => ((await (await request.get('/api/staff/tables', { headers: staff })).json()).sessions as { session_id: string; table: string; status: string }[])
    .filter((s) => s.table === TABLE && (s.status === 'open' || s.status === 'billing'));
  for (const open of await sessions()) await request.post(`/api/staff/tables/sessions/${open.session_id}/end`, { data: { reason: 'E2E clean start' }, headers: staff });
  await setHandoff('table');
  try {
    const [drink] = await orderableDrinks(request);
    const guest = await phone(browser);
    await guest.page.goto((await auth.tableQr(TABLE)).path);
    const sheet = guest.page.getByRole('dialog', { name: 'Join table' });
    await sheet.getByLabel('Your name').fill('Ana');
    await sheet.getByRole('button', { name: 'Join table' }).click();
    await expect(sheet).toBeHidden();
    await guest.page.goto(`/venue/${SLUG}/drink/${drink!.id}`);
    await guest.page.getByRole('button', { name: /^Add to table cart/ }).click();
    await expect(guest.page.getByText(`to table ${TABLE}'s cart`)).toBeVisible();
    await guest.page.goto(`/venue/${SLUG}/cart`);
    await guest.page.getByRole('button', { name: /^Send round/ }).click();
    await expect(guest.page.getByText(/Round 1 is being made/)).toBeVisible();

    const [session] = await sessions();
    const table = (await (await request.get(`/api/tables/sessions/${session!.session_id}`, { headers: staff })).json()).table as { rounds: { order_id: string }[] };
    const roundId = table.rounds[0]!.order_id;

    await signInAsStaff(page);
    await expect(ticket(page, roundId).getByTestId('ticket-table')).toHaveText(`Table ${TABLE}`);
    await ticket(page, roundId).getByRole('button', { name: 'Start Preparing' }).click();
    await expect(ticket(page, roundId).getByText('Preparing', { exact: true })).toBeVisible();
    await ticket(page, roundId).getByRole('button', { name: 'Mark Ready' }).click();
    await expect(ticket(page, roundId).getByText('Ready', { exact: true })).toBeVisible();

    await guest.page.goto(`/venue/${SLUG}/table/tab`);
    await expect(guest.page.getByRole('article', { name: 'Round 1' })).toContainText("We'll bring it to table 3");
    await guest.context.close();
    await request.put(`/api/staff/orders/${roundId}/status`, { data: { status: 'delivered' }, headers: staff });
    await request.post(`/api/staff/tables/sessions/${session!.session_id}/end`, { data: { reason: 'E2E clean up' }, headers: staff });
  } finally {
    await setHandoff('pickup');
  }
});

test('at 200 % zoom on a phone the guest tab bar breaks no label inside a word', async ({ browser }) => {
  // A 412 px phone at 200 % zoom lays the page out 206 CSS px wide.
  const context = await browser.newContext({ viewport: { width: 206, height: 457 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`/venue/${SLUG}`);
  const nav = page.getByRole('navigation', { name: 'Venue' });
  await expect(nav.getByRole('link', { name: 'AI Chat' })).toBeVisible();
  // Each word of each label stands on one line (the icon beside it is a span of its own, drawn by the stylesheet).
  const split = await nav.locator('a span:not(.icon)').evaluateAll((spans) => spans.flatMap((span) => {
    const text = span.firstChild as Text;
    const words: string[] = [];
    let at = 0;
    for (const word of text.data.split(' ')) {
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + word.length);
      const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
      if (lines.size > 1) words.push(word);
      at += word.length + 1;
    }
    return words;
  }));
  expect(split).toEqual([]);
  await context.close();
});
