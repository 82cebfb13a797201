import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';

// Connecting Stripe from the back office with no Stripe keys (docs/decisions/244, docs/payments.md "A venue's
// account"): a new venue's owner connects in Settings → Payments, meets the stand-in's onboarding page, comes back
// to a panel that says what Stripe still needs, finishes, and sees charges enabled; the super admin sees each state.
test.use({ viewport: { width: 1280, height: 800 } });

const run = Date.now().toString(36);
const PASSWORD = 'barhop-demo';

async function tokenOf(request: APIRequestContext, email: string, password = PASSWORD) {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.ok(), await login.text()).toBe(true);
  return (await login.json() as { access_token: string }).access_token;
}

/** A brand-new venue and its owner, as the platform's super admin sets them up: nothing connected yet. */
async function newVenueWithOwner(request: APIRequestContext, name: string) {
  const auth = { Authorization: `Bearer ${await tokenOf(request, 'superadmin@barhop.dev')}` };
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${run}`;
  const venue = await request.post('/api/super/venues', { headers: auth, data: { name: `${name} ${run}`, slug } });
  expect(venue.ok(), await venue.text()).toBe(true);
  const venueId = (await venue.json() as { venue: { id: string } }).venue.id;
  const email = `owner-${slug}@example.com`;
  const owner = await request.post(`/api/super/venues/${venueId}/staff`, { headers: auth, data: { email, role: 'admin', password: 'owner-password-1' } });
  expect(owner.ok(), await owner.text()).toBe(true);
  return { name: `${name} ${run}`, email, password: 'owner-password-1' };
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function freshPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

/** The venue's card payments state in the super admin's venue list. */
async function superSees(browser: Browser, venueName: string, state: string) {
  const page = await freshPage(browser);
  await signIn(page, 'superadmin@barhop.dev', PASSWORD);
  await expect(page).toHaveURL(/\/super/);
  await page.goto('/super/venues');
  await page.getByLabel('Search venues by name or slug').fill(venueName);
  const row = page.getByRole('row').filter({ hasText: venueName });
  await expect(row.getByText(state, { exact: true })).toBeVisible();
  await page.context().close();
}

test('the owner connects Stripe, finishes test onboarding and sees charges enabled; the super admin sees each state', async ({ page, browser, request }) => {
  const venue = await newVenueWithOwner(request, 'Connect Stripe Bar');
  await superSees(browser, venue.name, 'Not connected');

  await signIn(page, venue.email, venue.password);
  await expect(page).toHaveURL(/\/admin/);
  await page.getByRole('link', { name: 'Venue Profile' }).click();
  const panel = page.getByRole('region', { name: 'Payments: Stripe' });
  await expect(panel.getByText('Not connected', { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Connect Stripe' }).click();

  // The stand-in's onboarding page (Stripe's hosted onboarding when keys are set): leave it once without finishing.
  await expect(page.getByRole('heading', { name: 'Test onboarding' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Barhop without finishing' }).click();
  await expect(page).toHaveURL(/\/admin\/profile/);
  await expect(panel.getByText('Setup incomplete', { exact: true })).toBeVisible();
  await expect(panel.locator('dt', { hasText: 'Charges enabled' }).locator('xpath=following-sibling::dd[1]')).toHaveText('No');
  const due = panel.getByRole('list', { name: 'What Stripe still needs' });
  await expect(due.getByText('A bank account for payouts')).toBeVisible();
  await expect(due.getByText("Acceptance of Stripe's terms of service")).toBeVisible();
  await superSees(browser, venue.name, 'Setup incomplete');

  await panel.getByRole('button', { name: 'Continue setup' }).click();
  await page.getByRole('button', { name: 'Finish test onboarding' }).click();
  await expect(page).toHaveURL(/\/admin\/profile/);
  await expect(panel.getByText('Charges enabled', { exact: true }).first()).toBeVisible();
  await expect(panel.locator('dt', { hasText: 'Charges enabled' }).locator('xpath=following-sibling::dd[1]')).toHaveText('Yes');
  await expect(panel.locator('dt', { hasText: 'Payouts enabled' }).locator('xpath=following-sibling::dd[1]')).toHaveText('Yes');
  await expect(panel.getByRole('list', { name: 'What Stripe still needs' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Continue setup' })).toHaveCount(0);
  await expect(panel.getByText('Guests can pay by card in the app.')).toBeVisible();
  await superSees(browser, venue.name, 'Charges enabled');
});
