import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addDrink, bartender, barDisplay, gotoLive, join, money, phone, SLUG, type Drink } from './table-helpers';

// A table through a round and the next (docs/decisions/231): the next round goes once the bar has made the last one
// (Ready), the bar display shows both as the table's, and a member on the menu is told "Your round is ready". Then
// the bill: an even split another member started is preset with who started it, and the guest's tab reads paid with
// the tip and owed as what is not yet paid.

/** Phones at 390×844. */
const PHONE = { width: 390, height: 844 };
const ticketOf = (page: Page, orderId: string) => page.locator(`[data-order-id="${orderId}"]`);

test('the next round goes once the bar has made the last one (Ready), the bar shows both as the table\'s, and a member on the menu is told it is ready', async ({ browser, request, auth }) => {
  test.setTimeout(180_000);
  const TABLE = '12';
  const bar = bartender(request, await auth.token('staff'), TABLE);
  for (const open of await bar.sessions()) await bar.end(open.session_id);
  const [first, second] = ((await (await request.get(`/api/drinks?slug=${SLUG}`)).json()).drinks as Drink[]).slice(0, 2) as [Drink, Drink];

  const ana = await phone(browser, PHONE);
  await join(ana.page, TABLE, 'Ana', { qr: (await auth.tableQr(TABLE)).path });
  await addDrink(ana.page, TABLE, first);
  await gotoLive(ana.page, `/venue/${SLUG}/cart`);
  await ana.page.getByRole('button', { name: /^Send round/ }).click();
  await expect(ana.page.getByText(/Round 1 is being made\. You're adding to the next round\./)).toBeVisible();
  const [session] = await bar.sessions();
  const round1 = (await bar.table(session!.session_id)).rounds[0]!.order_id;

  // While the bar makes round 1, the next round waits, and the cart says until when.
  await addDrink(ana.page, TABLE, second);
  await gotoLive(ana.page, `/venue/${SLUG}/cart`);
  await bar.setStatus(round1, 'preparing');
  const send = ana.page.getByRole('button', { name: /^Send round/ });
  await expect(ana.page.getByText('You can send it when the bar has made round 1.')).toBeVisible();
  await expect(send).toBeDisabled();

  // Made (Ready, not yet handed over): the table may send round 2 at once, live; Ben, on the menu, is told it is ready.
  const ben = await phone(browser, PHONE);
  await join(ben.page, TABLE, 'Ben', { code: (await bar.table(session!.session_id)).join_code });
  await gotoLive(ben.page, `/venue/${SLUG}`);
  await expect(ben.page.getByRole('status', { name: 'Your round is ready' })).toHaveCount(0);
  await bar.setStatus(round1, 'ready');
  await expect(ben.page.getByRole('status', { name: 'Your round is ready' })).toContainText('Round 1');
  await expect(send).toBeEnabled();
  await expect(ana.page.getByText('You can send it when the bar has made round 1.')).toHaveCount(0);
  await send.click();
  await expect(ana.page.getByText(/Round 2 is being made\. You're adding to the next round\./)).toBeVisible();
  const round2 = (await bar.table(session!.session_id)).rounds.find((r) => r.number === 2)!.order_id;

  // The bar display: round 1 Ready and round 2 in the queue, each the table's.
  const staff = await barDisplay(browser);
  for (const round of [round1, round2]) await expect(ticketOf(staff.page, round).getByTestId('ticket-table')).toHaveText(`Table ${TABLE}`);
  await expect(ticketOf(staff.page, round1).getByRole('button', { name: 'Mark Delivered' })).toBeVisible();
  await expect(ticketOf(staff.page, round2).getByRole('button', { name: 'Start Preparing' })).toBeVisible();

  // Handed over: the banner goes.
  await bar.setStatus(round1, 'delivered');
  await expect(ben.page.getByRole('status', { name: 'Your round is ready' })).toHaveCount(0);

  await ana.context.close();
  await ben.context.close();
  await staff.context.close();
});

test('an even split another member started is preset with who started it; the tab reads paid with the tip and owed as unpaid', async ({ browser, request, auth }) => {
  test.setTimeout(180_000);
  const TABLE = '13';
  const bar = bartender(request, await auth.token('staff'), TABLE);
  for (const open of await bar.sessions()) await bar.end(open.session_id);
  const [drink] = ((await (await request.get(`/api/drinks?slug=${SLUG}`)).json()).drinks as Drink[]).slice(0, 1) as [Drink];

  const ana = await phone(browser, PHONE);
  const ben = await phone(browser, PHONE);
  const cal = await phone(browser, PHONE);
  const errors: string[] = [];
  ana.page.on('pageerror', (err) => errors.push(err.message));
  await join(ana.page, TABLE, 'Ana', { qr: (await auth.tableQr(TABLE)).path });
  await ana.page.goto(`/venue/${SLUG}/table`);
  const code = (await ana.page.locator('.table-code').textContent())!.trim();
  await join(ben.page, TABLE, 'Ben', { code });
  await join(cal.page, TABLE, 'Cal', { code });
  await addDrink(ana.page, TABLE, drink);
  await gotoLive(ana.page, `/venue/${SLUG}/cart`);
  await ana.page.getByRole('button', { name: /^Send round/ }).click();
  await expect(ana.page.getByText(/Round 1 is being made/)).toBeVisible();
  const [session] = await bar.sessions();
  const round1 = (await bar.table(session!.session_id)).rounds[0]!.order_id;

  // The round's live updates reach Ana's Tab screen (which also reads the tab's card status) without an error.
  await gotoLive(ana.page, `/venue/${SLUG}/table/tab`);
  for (const status of ['preparing', 'ready', 'delivered']) await bar.setStatus(round1, status);
  await expect(ana.page.getByRole('article', { name: 'Round 1' }).getByText('Delivered', { exact: true })).toBeVisible();
  expect(errors).toEqual([]);

  // Ana splits the bill 2 ways (of 3 people) with an 18% tip.
  await ana.page.getByRole('button', { name: 'Split bill' }).click();
  await ana.page.getByRole('dialog', { name: 'Split the bill?' }).getByRole('button', { name: 'Split bill' }).click();
  await expect(ana.page).toHaveURL(new RegExp(`/venue/${SLUG}/table/split$`));
  await gotoLive(ben.page, `/venue/${SLUG}/table/split`);
  await ben.page.getByRole('group', { name: 'How you pay' }).getByRole('button', { name: 'Evenly' }).click();
  await expect(ben.page.getByLabel('Split among')).toHaveValue('3');
  await ana.page.getByRole('group', { name: 'How you pay' }).getByRole('button', { name: 'Evenly' }).click();
  await ana.page.getByLabel('Split among').fill('2');
  await ana.page.getByRole('group', { name: 'Tip' }).getByRole('button', { name: '18%' }).click();
  await ana.page.getByRole('button', { name: /^Take my share · \$/ }).click();
  await expect(ana.page.getByRole('list', { name: 'Shares' }).getByRole('listitem', { name: 'Your share' })).toBeVisible();

  // Ben's open page follows: 2 ways, and who started it; the same after a reload.
  await expect(ben.page.getByText('Ana started splitting the bill 2 ways.')).toBeVisible();
  await expect(ben.page.getByLabel('Split among')).toHaveValue('2');
  await ben.page.reload();
  await ben.page.getByRole('group', { name: 'How you pay' }).getByRole('button', { name: 'Evenly' }).click();
  await expect(ben.page.getByLabel('Split among')).toHaveValue('2');
  await expect(ben.page.getByText('Ana started splitting the bill 2 ways.')).toBeVisible();
  await expect(ben.page.getByText(/split 2 ways/)).toBeVisible();

  // The bartender records Ana's share: her tab says what she handed over, tip in, and what nobody has paid yet.
  const table = await bar.table(session!.session_id);
  const anas = table.shares.find((s) => s.payer_name === 'Ana')!;
  expect(anas.tip_cents).toBeGreaterThan(0);
  await bar.recordPayment(session!.session_id, anas.id);
  await gotoLive(ana.page, `/venue/${SLUG}/table/tab`);
  const totals = ana.page.getByRole('region', { name: 'Tab total' });
  const figure = (label: string) => totals.getByText(label, { exact: true }).locator('xpath=following-sibling::dd');
  await expect(figure('Paid')).toHaveText(money(anas.due_cents));
  await expect(figure('Still owed')).toHaveText(money(table.tab.total_cents - anas.amount_cents));
  expect(errors).toEqual([]);

  for (const c of [ana, ben, cal]) await c.context.close();
});
