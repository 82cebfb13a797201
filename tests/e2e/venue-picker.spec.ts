import { expect, test } from '@playwright/test';

test('a guest finds a venue by searching and lands on its menu', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'AI drink recommendations' })).toBeVisible();
  await expect(page.getByRole('link', { name: /The Artisan Bar/ })).toBeVisible();

  await page.getByLabel('Search venues').fill('rooftop');
  await expect(page.getByRole('link', { name: /The Artisan Bar/ })).toHaveCount(0);
  await page.getByRole('link', { name: /Rooftop Lounge/ }).click();

  await expect(page).toHaveURL(/\/venue\/rooftop-lounge$/);
  await expect(page.getByRole('heading', { level: 1, name: /Rooftop Lounge/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^All Drinks/ })).toBeVisible();
  await expect(page.locator('.drink-card').first()).toBeVisible();
});

test('an unknown path falls back to the venue picker', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await page.getByLabel('Search venues').fill('zzzz-no-match');
  await expect(page.getByText('No venues found')).toBeVisible();
});
