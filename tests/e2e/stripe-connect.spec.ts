import { expect, test, type Browser } from '@playwright/test';
import { DEMO_PASSWORD, freshPage, newVenueWithOwner, signIn } from './venue-owner';

// Connecting Stripe from the back office with no Stripe keys (docs/decisions/244, docs/payments.md "A venue's
// account"): a new venue's owner connects in Settings → Payments, meets the stand-in's onboarding page, comes back
// to a panel that says what Stripe still needs, finishes, and sees charges enabled; the super admin sees each state.
test.use({ viewport: { width: 1280, height: 800 } });

/** The venue's card payments state in the super admin's venue list. */
async function superSees(browser: Browser, venueName: string, state: string) {
  const page = await freshPage(browser);
  await signIn(page, 'superadmin@barhop.dev', DEMO_PASSWORD);
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
