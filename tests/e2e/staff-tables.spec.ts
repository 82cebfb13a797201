import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test, type Auth } from './fixtures';

// Tables and tabs from behind the bar (docs/decisions/231): a bartender on a tablet works the open tabs and
// records a share paid; the venue admin edits the tables and the tab settings.
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

const SLUG = 'artisan-bar';

/** The open tab, its dialog and the admin's forms are scanned as they are used (the a11y spec visits each page bare). */
async function expectAccessible(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const bad = results.violations.filter((v) => v.impact !== 'minor');
  expect(bad.map((v) => `${screen}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function signIn(page: Page, email: string, lands: RegExp) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('barhop-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(lands);
}

/**
 * A guest device at `table` opens its tab and sends a round of two drinks; the bar serves it; the guest asks for
 * the bill and takes the rest with an 18 % tip.
 */
async function tabWithAShare(request: APIRequestContext, auth: Auth, table: string, name: string) {
  const session = await request.post('/api/auth/guest-session', { data: { slug: SLUG } });
  expect(session.status()).toBe(201);
  const headers = { Authorization: `Bearer ${(await session.json()).token as string}` };
  const opened = await request.post('/api/tables/sessions', { headers, data: { slug: SLUG, table, name, token: (await auth.tableQr(table)).token } });
  expect(opened.ok(), await opened.text()).toBe(true);
  const id = (await opened.json()).table.session_id as string;
  const drinks = (await (await request.get(`/api/drinks?slug=${SLUG}`)).json()).drinks as { id: string; available: boolean }[];
  const line = await request.post(`/api/tables/sessions/${id}/lines`, { headers, data: { menu_drink_id: drinks.find((d) => d.available)!.id, qty: 2 } });
  expect(line.ok(), await line.text()).toBe(true);
  const round = await request.post(`/api/tables/sessions/${id}/rounds`, { headers: { ...headers, 'Idempotency-Key': `e2e-${id}` }, data: {} });
  expect(round.ok(), await round.text()).toBe(true);
  const served = await request.put(`/api/staff/orders/${(await round.json()).order.id as string}/status`, { headers: await auth.headers('staff'), data: { status: 'delivered' } });
  expect(served.ok(), await served.text()).toBe(true);
  const bill = await request.post(`/api/tables/sessions/${id}/bill`, { headers, data: {} });
  expect(bill.ok(), await bill.text()).toBe(true);
  const taken = await request.post(`/api/tables/sessions/${id}/shares`, { headers, data: { kind: 'rest', tip: { percent_bp: 1800 } } });
  expect(taken.ok(), await taken.text()).toBe(true);
  const state = (await taken.json()).table as { shares: { due_cents: number }[] };
  return { id, due: state.shares[0]!.due_cents };
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

test('staff open "Tables", see the demo tab, watch a new tab arrive live, and record a share paid', async ({ page, request, auth }) => {
  const table = '18';
  await signIn(page, 'staff@barhop.dev', /\/staff$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Tables' }).click();
  await expect(page).toHaveURL(/\/staff\/tables$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tables' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();

  // The seed's open tab at the demo venue: table 5, three friends, one round served, the next one in the cart.
  const open = page.getByRole('region', { name: 'Open tabs' });
  const demo = open.getByRole('listitem', { name: 'Table 5' });
  await expect(demo).toContainText('Maya, Jonas, Priya');
  await demo.getByRole('button', { name: 'Open Table 5\'s tab' }).click();
  const demoDetail = page.getByRole('region', { name: 'Table 5 tab' });
  await expect(demoDetail.getByRole('listitem', { name: 'Round 1' })).toContainText('Maya: 1 × ');
  await expect(demoDetail.getByRole('listitem', { name: 'Round 1' })).toContainText('Delivered');
  await demoDetail.getByRole('button', { name: 'Close tab details' }).click();

  // A table opens its tab and asks for the bill while the screen is up: it arrives without a reload.
  const tab = await tabWithAShare(request, auth, table, 'Robin');
  const ours = open.getByRole('listitem', { name: `Table ${table}` });
  await expect(ours).toContainText('Robin');
  await expect(ours).toContainText('Splitting the bill');

  await ours.getByRole('button', { name: `Open Table ${table}'s tab` }).click();
  const detail = page.getByRole('region', { name: `Table ${table} tab` });
  await expect(detail.getByRole('listitem', { name: 'Round 1' })).toContainText('Robin: 2 ×');
  await detail.getByRole('button', { name: /Record payment/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Record payment' });
  await expect(dialog).toContainText(`Robin pays ${dollars(tab.due)} at Table ${table}`);
  await expectAccessible(page, 'the open tab and the Record payment dialog');
  await dialog.getByLabel('Card terminal').check();
  await dialog.getByRole('button', { name: `Record ${dollars(tab.due)}` }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByRole('listitem', { name: 'Robin\'s share' })).toContainText('Paid by card terminal');
  // Every share paid and nothing owed: the tab closes and leaves the open tabs.
  await expect(detail.getByText('Closed', { exact: true })).toBeVisible();
  await expect(ours).toHaveCount(0);

  // Recorded once: a second record is refused with who recorded it.
  const staff = await auth.headers('staff');
  const state = await (await request.get(`/api/tables/sessions/${tab.id}`, { headers: staff })).json() as { table: { shares: { id: string }[] } };
  const again = await request.post(`/api/staff/tables/sessions/${tab.id}/shares/${state.table.shares[0]!.id}/payment`, { headers: staff, data: { method: 'cash' } });
  expect(again.status()).toBe(409);
  expect((await again.json()).error.code).toBe('share_already_paid');
});

test('the admin edits the tables and the tab settings; bad input shows the server\'s reason; the QR sheet follows the list', async ({ page }) => {
  await signIn(page, 'admin@barhop.dev', /\/admin/);
  await page.getByRole('navigation').getByRole('link', { name: 'Tables' }).click();
  await expect(page).toHaveURL(/\/admin\/tables$/);
  await expect(page.getByLabel('Table 20 number')).toHaveValue('20');

  // A table named, not numbered, added at the end.
  await page.getByRole('button', { name: 'Add table' }).click();
  await page.getByLabel('Table 21 number').fill('Patio 1');
  await page.getByLabel('Table 21 name (optional)').fill('Garden');
  // Leaving with unsaved changes asks first.
  await page.getByRole('navigation').getByRole('link', { name: 'QR Generator' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/admin\/tables$/);
  await page.getByRole('button', { name: 'Save tables' }).click();
  await expect(page.getByText('Tables saved')).toBeVisible();

  // The server's reason for a service charge over 25 %.
  await page.getByLabel('Service charge (%)').fill('30');
  await page.getByRole('button', { name: 'Save tab settings' }).click();
  await expect(page.getByText('Service charge must be between 0 and 25%')).toBeVisible();
  await expectAccessible(page, 'the admin tables with a refused setting');
  await page.getByLabel('Service charge (%)').fill('0');
  await page.getByLabel('Auto-close after (hours)').fill('6');
  await page.getByRole('button', { name: 'Save tab settings' }).click();
  await expect(page.getByText('Tab settings saved')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Table 21 number')).toHaveValue('Patio 1');
  await expect(page.getByLabel('Auto-close after (hours)')).toHaveValue('6');

  await page.getByRole('navigation').getByRole('link', { name: 'QR Generator' }).click();
  await expect(page.getByRole('img', { name: 'QR code for Table Patio 1 (Garden)' })).toBeVisible();
  await expect(page.getByText(/\/venue\/artisan-bar\?table=Patio\+1&t=[A-Za-z0-9_-]{16}$/)).toBeVisible();

  // Every spec shares one seeded database in a run: put the tables and settings back for the others.
  await page.getByRole('navigation').getByRole('link', { name: 'Tables' }).click();
  await page.getByRole('button', { name: 'Remove Table 21' }).click();
  await page.getByRole('button', { name: 'Save tables' }).click();
  await page.getByRole('dialog', { name: 'Remove table Patio 1?' }).getByRole('button', { name: 'Save and remove' }).click();
  await expect(page.getByText('Tables saved')).toBeVisible();
  await page.getByLabel('Auto-close after (hours)').fill('4');
  await page.getByRole('button', { name: 'Save tab settings' }).click();
  await expect(page.getByText('Tab settings saved')).toBeVisible();
});
