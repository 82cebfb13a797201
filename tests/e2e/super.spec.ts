import { expect, test, type Page } from '@playwright/test';

test.use({ viewport: { width: 1280, height: 800 } });

async function signInAsSuperadmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill('superadmin@barhop.dev');
  await page.getByLabel('Password').fill('barhop-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/super$/);
}

test('a super admin reads the overview, merges an unmatched ingredient, and impersonates a venue as staff', async ({ page }) => {
  await signInAsSuperadmin(page);

  // Overview: real numbers from the seeded orders.
  await expect(page.getByRole('heading', { level: 1, name: 'Platform Overview' })).toBeVisible();
  const metrics = page.getByLabel('Platform metrics');
  await expect(metrics.getByText('Revenue 7d')).toBeVisible();
  await expect(metrics.getByText('Real data').first()).toBeVisible();
  await expect(metrics.locator('.tile-value').first()).toHaveText(/^\$\d[\d,]*\.\d\d$/);
  const topVenues = page.getByRole('region', { name: 'Top Venues' });
  await expect(topVenues.getByText('The Artisan Bar')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent Orders' }).locator('tbody tr')).toHaveCount(20);
  await page.getByRole('group', { name: 'Time window' }).getByRole('button', { name: '30 Days' }).click();
  await expect(page.getByLabel('Time window', { exact: true }).last()).toHaveValue('30d');

  // Normalize: merge a venue's "Angostura Bitters (dash)" into the canonical Angostura bitters ("Carpano Antica"
  // is a brand the catalogue already knows, docs/decisions/238).
  await page.getByRole('link', { name: 'Normalize' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Normalize Ingredients' })).toBeVisible();
  await page.getByRole('button', { name: 'artisan-bar' }).click();
  await expect(page.getByRole('cell', { name: 'Angostura Bitters (dash)', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: "Tito's vodka", exact: true })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: 'Carpano Antica', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Merge Angostura Bitters (dash)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge "Angostura Bitters (dash)"' });
  await dialog.getByLabel('Find a canonical ingredient').fill('angostura');
  await dialog.getByRole('radio', { name: /Angostura bitters/ }).check();
  await dialog.getByRole('button', { name: 'Merge into Angostura bitters' }).click();
  await expect(page.getByText('Merged "Angostura Bitters (dash)" into Angostura bitters')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Angostura Bitters (dash)', exact: true })).toHaveCount(0);

  // The alias is now part of the canonical ingredient, beside the brands the catalogue knows from the start.
  await page.getByRole('link', { name: 'Ingredients' }).click();
  await page.getByLabel('Search ingredients').fill('angostura');
  await expect(page.getByRole('row', { name: /Angostura bitters.*Angostura Bitters \(dash\)/ })).toBeVisible();
  await page.getByLabel('Search ingredients').fill('carpano');
  await expect(page.getByRole('row', { name: /Sweet vermouth.*Carpano Antica/ })).toBeVisible();

  // Impersonate a venue as staff, land on /staff, and exit back to the console.
  await page.getByRole('link', { name: 'Impersonate' }).click();
  await page.getByRole('button', { name: /^Staff/ }).click();
  await page.getByRole('button', { name: 'Impersonate The Artisan Bar as staff' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  const banner = page.getByRole('region', { name: 'Impersonation' });
  await expect(banner).toContainText('Currently Impersonating');
  await expect(banner).toContainText('The Artisan Bar');
  await expect(banner).toContainText('staff');
  await banner.getByRole('button', { name: 'Exit Impersonation' }).click();
  await expect(page).toHaveURL(/\/super$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Platform Overview' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Impersonation' })).toHaveCount(0);
});

test('the diagnostics pages check the live worker', async ({ page }) => {
  await page.goto('/dev-check');
  await expect(page.getByText('All checks passed')).toBeVisible();
  await expect(page.getByTestId('check-health')).toContainText('Pass');
  await expect(page.getByRole('region', { name: 'Sample restaurant' })).toContainText('Slug');

  await page.goto('/__diag');
  await expect(page.getByTestId('check-database')).toContainText('Pass');
  await expect(page.getByTestId('check-smoke')).toContainText('Pass');
  await expect(page.getByTestId('check-admin-menu')).toContainText('Pass');
  await expect(page.getByRole('region', { name: 'Environment' })).toContainText('Origin');
});
