import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';

// An owner's first day and a night's close (docs/product.md §11.8–11.11): the menu comes in as one CSV, a happy hour
// reaches the guests, and tonight's report is read and downloaded.
test.use({ viewport: { width: 1280, height: 800 } });

const RUN = Date.now().toString(36);
const BAD_ROWS = { 5: 'abc', 31: '9.999' } as const;

/** A 60-drink menu; the rows in `bad` get those prices (row numbers count the header as row 1). */
function menuCsv(bad: Partial<Record<number, string>> = {}) {
  const lines = ['name,price,category,description,enabled,recipe'];
  for (let i = 1; i <= 60; i += 1) {
    const row = i + 1;
    const price = bad[row] ?? `${8 + (i % 7)}.${i % 2 ? '50' : '00'}`;
    lines.push(`Import ${RUN} ${String(i).padStart(2, '0')},${price},${i % 3 ? 'cocktail' : 'beer'},"House drink ${i}, served cold",yes,"${i % 3 ? '50 ml london dry gin; 20 ml Fresh lime juice' : ''}"`);
  }
  return lines.join('\n');
}

async function signIn(page: Page, email = 'admin@barhop.dev') {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('barhop-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin/);
}

// At Rooftop Lounge: the 60 drinks it adds stay, and the specs after this one read The Artisan Bar's menu.
test('the owner imports a 60-line menu with 2 bad rows, fixes them and imports', async ({ page, request }) => {
  await signIn(page, 'admin2@barhop.dev');
  await page.getByRole('navigation').getByRole('link', { name: 'Import & Export' }).click();
  const panel = page.getByRole('region', { name: 'Import menu' });
  await panel.getByLabel('Import menu file').setInputFiles({ name: 'menu.csv', mimeType: 'text/csv', buffer: Buffer.from(menuCsv(BAD_ROWS)) });
  await panel.getByRole('button', { name: 'Check file' }).click();
  const problems = panel.getByRole('list', { name: 'Problems in the file' });
  await expect(problems.getByRole('listitem')).toHaveCount(2);
  await expect(problems).toContainText('Row 5, price: Price "abc" must be dollars with at most two decimals, e.g. 12.50');
  await expect(problems).toContainText('Row 31, price: Price "9.999" must be dollars with at most two decimals');
  await expect(panel.getByRole('status')).toContainText('58 to add, 0 to change, 0 unchanged, 2 rows with problems');
  // The dry run wrote nothing.
  expect(((await (await request.get('/api/drinks?slug=rooftop-lounge')).json()) as { drinks: { name: string }[] }).drinks.some((d) => d.name.startsWith(`Import ${RUN}`))).toBe(false);

  // Fixed in the box, checked again, imported.
  await panel.getByLabel('Or paste CSV').fill(menuCsv());
  await panel.getByRole('button', { name: 'Check file' }).click();
  await expect(panel.getByRole('status')).toContainText('60 to add, 0 to change');
  await expect(panel.getByText('50 ml london dry gin: matched to London dry gin').first()).toBeVisible();
  await panel.getByRole('button', { name: 'Import 60 rows' }).click();
  // Sixty drinks go through the drink form's own save, one after the other.
  await expect(page.getByText('Imported: 60 added, 0 changed')).toBeVisible({ timeout: 60_000 });

  const menu = (await (await request.get('/api/drinks?slug=rooftop-lounge')).json()) as { drinks: { name: string; price_cents: number }[] };
  const imported = menu.drinks.filter((d) => d.name.startsWith(`Import ${RUN}`));
  expect(imported).toHaveLength(60);
  expect(imported.find((d) => d.name.endsWith(' 04'))!.price_cents).toBe(1200);
});

test('the owner sets a happy hour that guests see', async ({ page, browser, request }) => {
  // The specs after this one read menu prices: the happy hour ends with this test, whatever its outcome.
  try {
    await setHappyHour(page, browser);
  } finally {
    const login = await request.post('/api/auth/login', { data: { email: 'admin@barhop.dev', password: 'barhop-demo' } });
    const token = (await login.json()).access_token as string;
    const cleared = await request.patch('/api/admin/venue', { data: { happy_hours: [] }, headers: { Authorization: `Bearer ${token}` } });
    expect(cleared.ok(), await cleared.text()).toBe(true);
  }
});

async function setHappyHour(page: Page, browser: Browser) {
  await signIn(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Venue Profile' }).click();
  const card = page.getByRole('form', { name: 'Business day and happy hours' });
  await expect(card.getByLabel('Day cut-off')).toHaveValue('240');
  await card.getByRole('button', { name: 'Add happy hour' }).click();
  const rule = card.getByRole('group', { name: 'Happy hour 1' });
  for (const day of ['Sat', 'Sun']) await rule.getByRole('button', { name: day }).click();
  await rule.getByLabel('From').fill('00:00');
  await rule.getByLabel('Until').fill('23:59');
  await rule.getByLabel('Discount (%)').fill('150');
  await card.getByRole('button', { name: 'Save business day and happy hours' }).click();
  await expect(card.getByRole('alert')).toContainText('Happy hour 1: the discount is a percentage above 0 and at most 100');
  await rule.getByLabel('Discount (%)').fill('50');
  await card.getByRole('button', { name: 'Save business day and happy hours' }).click();
  await expect(page.getByText('Business day and happy hours saved')).toBeVisible();

  const guest = await browser.newPage();
  await guest.goto('/venue/artisan-bar');
  await expect(guest.getByRole('status').filter({ hasText: 'Happy hour until 11:59 pm' })).toBeVisible();
  await expect(guest.locator('.drink-card .price s').first()).toBeVisible();
  await guest.close();
}

test("the owner reads tonight's report and downloads its CSV", async ({ page }) => {
  await signIn(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Close of Night' }).click();
  await expect(page.getByRole('heading', { name: 'Close of Night' })).toBeVisible();
  const day = page.getByLabel('Business day');
  await expect(day).not.toHaveValue('');
  await expect(page.getByText(/^Tonight, \d{1,2}:\d{2}\s?[AP]M – now/)).toBeVisible();
  for (const heading of ['What was collected', 'Open checks', 'Sales by drink', 'Sales by category', 'Sales by staff', 'Cancelled orders', 'Voided lines']) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(page.getByRole('group', { name: 'Night totals' })).toContainText('Collected');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`close-of-night-artisan-bar-${await day.inputValue()}.csv`);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text).toContain('section,name,quantity,amount,detail');
  expect(text).toContain('summary,Collected');
  expect(text).toContain('summary,Open checks');
  expect(text).toContain('collected,Refunds');
});
