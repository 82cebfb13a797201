import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addDrink as addToTableCart, bartender as bartenderAt, gotoLive, join as joinTable, money, phone, SLUG, type Drink } from './table-helpers';

// Three friends at one table (docs/decisions/231): one cart on three phones, two rounds the bar makes, a bill split
// by item and evenly with tips, each share recorded paid by the bartender, and the tab closes.

/** A demo table no other spec uses (the demo venues have tables 1 to 20). */
const TABLE = '17';
type StaffTables = { sessions: { session_id: string; table: string; status: string }[] };

async function expectAccessible(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${screen}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const bartender = (request: APIRequestContext, token: string) => bartenderAt(request, token, TABLE);
const join = (page: Page, name: string, via: { qr: string } | { code: string }) => joinTable(page, TABLE, name, via);
const addDrink = (page: Page, drink: Drink) => addToTableCart(page, TABLE, drink);

const cartLine = (page: Page, drink: Drink, who: string) => page.getByRole('list', { name: 'Cart items' }).getByRole('listitem', { name: `${drink.name}, added by ${who}` });
const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Your table' });

test('three phones at one table share a cart, send two rounds, split the bill and pay', async ({ browser, request, auth }) => {
  test.setTimeout(300_000);
  const bar = bartender(request, await auth.token('staff'));
  // A tab left open at this table by an earlier run of this spec on the same server starts us over.
  for (const open of await bar.sessions()) await bar.end(open.session_id);
  const drinks = ((await (await request.get(`/api/drinks?slug=${SLUG}`)).json()).drinks as Drink[]).slice(0, 4);
  const [negroni, beer, spritz, fourth] = drinks as [Drink, Drink, Drink, Drink];

  const ana = await phone(browser);
  const ben = await phone(browser);
  const cal = await phone(browser);

  // Ana scans first and hosts; the invite link carries the code for Ben; Cal scans within 20 minutes and joins.
  const qr = (await auth.tableQr(TABLE)).path;
  await join(ana.page, 'Ana', { qr });
  await expect(tabBar(ana.page).getByRole('link', { name: `Table ${TABLE} · 1 person` })).toBeVisible();
  await ana.page.goto(`/venue/${SLUG}/table`);
  const code = (await ana.page.locator('.table-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-9]{4}$/);
  await expect(ana.page.getByRole('link', { name: new RegExp(`\\?table=${TABLE}&code=${code}$`) })).toBeVisible();
  await expectAccessible(ana.page, 'table');
  await join(ben.page, 'Ben', { code });
  await join(cal.page, 'Cal', { qr });
  // The host's frame follows the table live.
  await expect(tabBar(ana.page).getByRole('link', { name: `Table ${TABLE} · 3 people` })).toBeVisible();
  await expect(ana.page.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveText([/Ana \(you\)\s*Host/, /Ben/, /Cal/]);

  // One cart on three phones: what one adds, the others see within a second.
  await gotoLive(ben.page, `/venue/${SLUG}/cart`);
  await gotoLive(cal.page, `/venue/${SLUG}/cart`);
  await expect(ben.page.getByText("The table's cart is empty")).toBeVisible();
  await addDrink(ana.page, negroni);
  await expect(cartLine(ben.page, negroni, 'Ana')).toBeVisible({ timeout: 1_000 });
  await expect(cartLine(cal.page, negroni, 'Ana')).toBeVisible({ timeout: 1_000 });
  await addDrink(ben.page, beer);
  await addDrink(cal.page, spritz);
  await gotoLive(ana.page, `/venue/${SLUG}/cart`);
  await expect(cartLine(ana.page, beer, 'Ben')).toBeVisible();
  await expect(cartLine(ana.page, spritz, 'Cal')).toBeVisible();
  // A member may change only their own line; only the host sends.
  await gotoLive(ben.page, `/venue/${SLUG}/cart`);
  await expect(cartLine(ben.page, negroni, 'Ana').getByText('Only Ana or the host can change this line')).toBeVisible();
  await expect(cartLine(ben.page, beer, 'You').getByRole('button', { name: `Remove ${beer.name} added by You` })).toBeVisible();
  await expect(ben.page.getByRole('button', { name: /^Send round/ })).toHaveCount(0);
  await expectAccessible(ben.page, 'table cart');

  // Round 1.
  const round1Subtotal = negroni.price_cents + beer.price_cents + spritz.price_cents;
  await ana.page.getByRole('button', { name: /^Send round/ }).click();
  await expect(ana.page.getByText(/Round 1 is being made\. You're adding to the next round\./)).toBeVisible();
  await expect(ben.page.getByText(/Round 1 is being made/)).toBeVisible();

  // The bar display shows the round as the table, with each line's member.
  const staff = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const barPage = await staff.newPage();
  await barPage.goto('/login');
  await expect(async () => {
    await barPage.getByLabel('Email').fill('staff@barhop.dev');
    await expect(barPage.getByLabel('Email')).toHaveValue('staff@barhop.dev', { timeout: 300 });
  }).toPass();
  await barPage.getByLabel('Password').fill('barhop-demo');
  await barPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(barPage).toHaveURL(/\/staff$/);
  const [session] = await bar.sessions();
  const state = await bar.table(session!.session_id);
  const round1 = state.rounds[0]!.order_id;
  const ticket = barPage.getByRole('listitem', { name: `Order #${round1.slice(-8).toUpperCase()}` });
  await expect(ticket.getByText(`Table ${TABLE}`, { exact: true })).toBeVisible();
  // Each line names its member ("Ana: 1 × Negroni"): the bar display of the staff screens (app/features/staff).
  for (const [name, drink] of [['Ana', negroni], ['Ben', beer], ['Cal', spritz]] as const) await expect(ticket).toContainText(`${name}: 1 × ${drink.name}`);

  // While the bar makes it, Cal adds to the next round; Ana's tab (open since round 1 left) follows the round live.
  await bar.setStatus(round1, 'preparing');
  await tabBar(ana.page).getByRole('link', { name: 'Tab', exact: true }).click();
  const round1Card = (page: Page) => page.getByRole('article', { name: 'Round 1' });
  await expect(round1Card(ana.page).getByText('Making', { exact: true })).toBeVisible();
  await addDrink(cal.page, fourth);
  await bar.setStatus(round1, 'delivered');
  await expect(round1Card(ana.page).getByText('Delivered', { exact: true })).toBeVisible({ timeout: 2_000 });
  await expect(round1Card(ana.page).getByRole('list').getByRole('listitem')).toHaveText([/ · You\$/, / · Ben\$/, / · Cal\$/]);
  await expectAccessible(ana.page, 'tab');

  // Round 2: the cart that built up while round 1 was made.
  await ana.page.getByRole('navigation', { name: 'Venue' }).getByRole('link', { name: 'Cart' }).click();
  await expect(cartLine(ana.page, fourth, 'Cal')).toBeVisible();
  await ana.page.getByRole('button', { name: /^Send round/ }).click();
  await expect(ana.page.getByText(/Round 2 is being made/)).toBeVisible();
  const round2 = (await bar.table(session!.session_id)).rounds.find((r) => r.number === 2)!.order_id;
  await bar.setStatus(round2, 'delivered');
  await ana.page.goto(`/venue/${SLUG}/table/tab`);
  await expect(ana.page.getByRole('article', { name: 'Round 2' }).getByText('Delivered', { exact: true })).toBeVisible();
  const totals = ana.page.getByRole('region', { name: 'Tab total' });
  await expect(totals.getByText(money(round1Subtotal + fourth.price_cents)).first()).toBeVisible();

  // The host closes the tab to billing.
  await ana.page.getByRole('button', { name: 'Split bill' }).click();
  const confirm = ana.page.getByRole('dialog', { name: 'Split the bill?' });
  await confirm.getByRole('button', { name: 'Split bill' }).click();
  await expect(ana.page).toHaveURL(new RegExp(`/venue/${SLUG}/table/split$`));

  // Round 1 by item: each claims their own line; a line someone else holds is locked with their name.
  const claim = async (page: Page, drink: Drink) => {
    await page.getByRole('group', { name: 'How you pay' }).getByRole('button', { name: 'By item' }).click();
    await page.getByRole('list', { name: 'Tab lines' }).getByRole('button', { name: new RegExp(`1 × ${drink.name}`) }).first().click();
    await expect(page.getByRole('list', { name: 'Tab lines' }).getByRole('button', { name: new RegExp(`1 × ${drink.name}.*Yours`) }).first()).toHaveAttribute('aria-pressed', 'true');
  };
  const takeShare = async (page: Page, tip: string) => {
    await page.getByRole('group', { name: 'Tip' }).getByRole('button', { name: tip }).click();
    const take = page.getByRole('button', { name: /^Take my share · \$/ });
    const due = (await take.textContent())!.split('· ')[1]!;
    await take.click();
    await expect(page.getByRole('list', { name: 'Shares' }).getByRole('listitem', { name: 'Your share' }).last()).toContainText(due);
    return due;
  };
  for (const [p, drink] of [[ana.page, negroni], [ben.page, beer], [cal.page, spritz]] as const) {
    await gotoLive(p, `/venue/${SLUG}/table/split`);
    await claim(p, drink);
  }
  await expect(ben.page.getByRole('list', { name: 'Tab lines' }).getByRole('button', { name: new RegExp(`1 × ${negroni.name}.*Claimed by Ana`) }).first()).toBeDisabled();
  await expectAccessible(ben.page, 'split');
  await takeShare(ana.page, '18%');
  await takeShare(ben.page, '20%');
  await takeShare(cal.page, '15%');

  // The rest (round 2) evenly among the three, with tips; Cal's is a custom tip.
  for (const p of [ana.page, ben.page, cal.page]) {
    await p.getByRole('group', { name: 'How you pay' }).getByRole('button', { name: 'Evenly' }).click();
    await p.getByLabel('Split among').fill('3');
  }
  await takeShare(ana.page, '15%');
  await takeShare(ben.page, '18%');
  await cal.page.getByRole('group', { name: 'Tip' }).getByRole('button', { name: 'Custom tip' }).click();
  await cal.page.getByLabel('Tip amount').fill('1.50');
  await takeShare(cal.page, 'Custom tip');

  // Every share shows as unpaid until the bartender records it; then the tab closes.
  let table = await bar.table(session!.session_id);
  expect(table.shares).toHaveLength(6);
  await expect(ana.page.getByRole('list', { name: 'Shares' }).getByText('Unpaid')).toHaveCount(6);
  for (const [i, share] of table.shares.entries()) table = await bar.recordPayment(session!.session_id, share.id, i % 2 ? 'card_terminal' : 'cash');
  expect(table.status).toBe('closed');
  for (const p of [ana.page, ben.page, cal.page]) {
    await expect(p.getByRole('status', { name: 'Payment Complete' })).toBeVisible();
  }
  await expect(ana.page.getByRole('list', { name: 'Shares' }).getByText('Paid · Cash')).toHaveCount(3);
  await expect(ana.page.getByRole('list', { name: 'Shares' }).getByText('Paid · Card')).toHaveCount(3);
  // The tab closed: the frame lets the guests order on their own again.
  await expect(tabBar(ana.page)).toHaveCount(0);

  for (const c of [ana, ben, cal]) await c.context.close();
  await staff.close();
});

test('a phone that types the table number is asked to scan; the phone that scans the QR code joins (docs/decisions/237)', async ({ page, browser, auth, request }) => {
  const bar = bartender(request, await auth.token('staff'));
  const PRESENCE_TABLE = '12';
  const open = async () => ((await (await request.get('/api/staff/tables', { headers: await auth.headers('staff') })).json()) as StaffTables).sessions
    .filter((s) => s.table === PRESENCE_TABLE && (s.status === 'open' || s.status === 'billing'));
  for (const tab of await open()) await bar.end(tab.session_id);

  // The table's QR code, as the admin's QR screen prints it, opens the tab.
  const host = await phone(browser);
  const qr = (await auth.tableQr(PRESENCE_TABLE)).path;
  await host.page.goto(qr);
  const sheet = host.page.getByRole('dialog', { name: 'Join table' });
  await sheet.getByLabel('Your name').fill('Ana');
  await sheet.getByRole('button', { name: 'Join table' }).click();
  await expect(sheet).toBeHidden();
  await expect(tabBar(host.page).getByRole('link', { name: `Table ${PRESENCE_TABLE} · 1 person` })).toBeVisible();

  // Someone outside the bar types the address with the table's number: nothing of the tab, only "scan the code".
  await page.goto(`/venue/${SLUG}?table=${PRESENCE_TABLE}`);
  const asked = page.getByRole('dialog', { name: 'Scan the code on your table' });
  await expect(asked).toBeVisible();
  await expect(asked.getByText(`To order at table ${PRESENCE_TABLE}, scan the QR code on the table with your phone's camera, or ask someone at the table for its invite link.`)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Join table' })).toHaveCount(0);
  await asked.getByRole('button', { name: 'Browse the menu' }).click();
  await expect(page).toHaveURL(new RegExp(`/venue/${SLUG}$`));
  await expect(tabBar(page)).toHaveCount(0);
  // Never at a table, they order on their own, as any guest (sign-in first).
  await page.goto(`/venue/${SLUG}/cart`);
  await expect(page).toHaveURL(new RegExp(`/venue/${SLUG}/auth$`));

  // A friend at the table scans the same code and joins the tab.
  const friend = await phone(browser);
  await friend.page.goto(qr);
  const joinSheet = friend.page.getByRole('dialog', { name: 'Join table' });
  await joinSheet.getByLabel('Your name').fill('Ben');
  await joinSheet.getByRole('button', { name: 'Join table' }).click();
  await expect(tabBar(friend.page).getByRole('link', { name: `Table ${PRESENCE_TABLE} · 2 people` })).toBeVisible();
  expect((await open()).length).toBe(1);

  for (const tab of await open()) await bar.end(tab.session_id);
  for (const c of [host, friend]) await c.context.close();
});

test('two phones share a 2 × line by units, one each, and their shares cover the bill (docs/decisions/239)', async ({ browser, request, auth }) => {
  test.setTimeout(180_000);
  const UNITS_TABLE = '11';
  const bar = bartenderAt(request, await auth.token('staff'), UNITS_TABLE);
  for (const open of await bar.sessions()) await bar.end(open.session_id);
  const [drink] = (await (await request.get(`/api/drinks?slug=${SLUG}`)).json()).drinks as Drink[];

  const ana = await phone(browser);
  const ben = await phone(browser);
  const qr = (await auth.tableQr(UNITS_TABLE)).path;
  await joinTable(ana.page, UNITS_TABLE, 'Ana', { qr });
  await joinTable(ben.page, UNITS_TABLE, 'Ben', { qr });
  // Ana orders two of one drink: one line, 2 ×.
  await ana.page.goto(`/venue/${SLUG}/drink/${drink!.id}`);
  await ana.page.getByRole('button', { name: 'Increase quantity' }).click();
  await ana.page.getByRole('button', { name: /^Add to table cart/ }).click();
  await expect(ana.page.getByText(`Added 2 × ${drink!.name} to table ${UNITS_TABLE}'s cart`)).toBeVisible();
  await ana.page.goto(`/venue/${SLUG}/cart`);
  await ana.page.getByRole('button', { name: /^Send round/ }).click();
  await expect(ana.page.getByText(/Round 1 is being made/)).toBeVisible();
  const [session] = await bar.sessions();
  const round1 = (await bar.table(session!.session_id)).rounds[0]!.order_id;
  await bar.setStatus(round1, 'preparing');
  await bar.setStatus(round1, 'delivered');

  await ana.page.goto(`/venue/${SLUG}/table/tab`);
  await ana.page.getByRole('button', { name: 'Split bill' }).click();
  await ana.page.getByRole('dialog', { name: 'Split the bill?' }).getByRole('button', { name: 'Split bill' }).click();
  await expect(ana.page).toHaveURL(new RegExp(`/venue/${SLUG}/table/split$`));
  await gotoLive(ben.page, `/venue/${SLUG}/table/split`);

  // By item, one unit each: Ana claims one, Ben sees it live and claims the other; then none is left to claim.
  const line = (page: Page) => page.getByRole('list', { name: 'Tab lines' }).getByRole('group', { name: new RegExp(`2 × ${drink!.name}`) });
  await line(ana.page).getByRole('button', { name: 'Claim one' }).click();
  await expect(line(ana.page)).toContainText('Yours: 1 of 2');
  await expect(line(ben.page)).toContainText('Claimed by Ana (1)');
  await line(ben.page).getByRole('button', { name: 'Claim one' }).click();
  await expect(line(ben.page)).toContainText('Yours: 1 of 2');
  await expect(line(ana.page)).toContainText('Claimed by Ben (1)');
  await expect(line(ana.page).getByRole('button', { name: 'Claim one' })).toBeDisabled();

  for (const p of [ana.page, ben.page]) {
    const take = p.getByRole('button', { name: /^Take my share · \$/ });
    const due = (await take.textContent())!.split('· ')[1]!;
    await take.click();
    await expect(p.getByRole('list', { name: 'Shares' }).getByRole('listitem', { name: 'Your share' })).toContainText(due);
  }
  const table = await bar.table(session!.session_id);
  expect(table.shares.map((s) => s.payer_name)).toEqual(['Ana', 'Ben']);
  expect(table.shares.reduce((sum, s) => sum + s.amount_cents, 0)).toBe(table.tab.total_cents);
  expect(Math.abs(table.shares[0]!.amount_cents - table.shares[1]!.amount_cents)).toBeLessThanOrEqual(1);

  for (const share of table.shares) await bar.recordPayment(session!.session_id, share.id);
  for (const c of [ana, ben]) await c.context.close();
});
