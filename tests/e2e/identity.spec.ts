import { expect, test } from '@playwright/test';

test.describe('back office', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a guard sends a signed-out visitor to /login, and staff login lands on /staff', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Admin Sign In' })).toBeVisible();
    // Demo mode: the form is prefilled and the demo accounts are listed.
    await expect(page.getByLabel('Email')).not.toHaveValue('');
    await expect(page.getByRole('button', { name: /Use staff demo account staff@barhop\.dev/ })).toBeVisible();

    await page.getByLabel('Email').fill('staff@barhop.dev');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();

    await page.getByLabel('Password').fill('barhop-demo');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/staff$/);
    const nav = page.getByRole('navigation', { name: 'Staff Portal navigation' });
    await expect(nav.getByRole('link', { name: 'Active Orders' })).toBeVisible();
    await expect(nav.getByText('Role: staff')).toBeAttached();
    await expect(nav.locator('.badge', { hasText: 'staff' })).toBeVisible();

    // The session survives a reload (access token in sessionStorage, refresh cookie behind it).
    await page.reload();
    await expect(page).toHaveURL(/\/staff$/);
    await expect(nav.getByRole('link', { name: 'Low Stock' })).toBeVisible();

    // Staff cannot open the admin area: back on /login with the signed-in panel.
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('button', { name: 'Clear Session & Show Login' }).click();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('a super admin impersonates a venue as admin, sees the banner, and exits back to /super', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: /Use superadmin demo account/ }).click();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/super$/);

    await page.getByRole('link', { name: 'Impersonate' }).click();
    await expect(page).toHaveURL(/\/super\/impersonate$/);
    await expect(page.getByText('Full venue management access')).toBeVisible();
    const inactive = page.getByRole('button', { name: /Impersonate The Velvet Speakeasy/ });
    await expect(inactive).toBeDisabled();
    await expect(inactive).toHaveAttribute('title', 'Venue is inactive');

    await page.getByRole('button', { name: /^Admin/ }).click();
    await page.getByRole('button', { name: 'Impersonate The Artisan Bar as admin' }).click();
    await expect(page.getByText('Now viewing The Artisan Bar')).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    const banner = page.getByRole('region', { name: 'Impersonation' });
    await expect(banner).toContainText('Currently Impersonating');
    await expect(banner).toContainText('The Artisan Bar');
    await expect(banner).toContainText('admin');
    await expect(banner).toContainText('artisan-bar');

    // Still impersonating after a reload.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Impersonation' })).toBeVisible();

    await page.getByRole('button', { name: 'Exit Impersonation' }).click();
    await expect(page).toHaveURL(/\/super$/);
    await expect(page.getByRole('region', { name: 'Impersonation' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('barhop.impersonation'))).toBeNull();
  });
});

test('a guest signs in by phone with the demo code and lands on the profile', async ({ page }) => {
  await page.goto('/venue/artisan-bar/auth');
  await expect(page.getByRole('heading', { name: 'Enter your phone' })).toBeVisible();
  await expect(page.getByText('By continuing, you agree to receive SMS messages')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Code' })).toBeDisabled();

  const phone = page.getByLabel('Phone number');
  await phone.fill('5551234567');
  await expect(phone).toHaveValue('(555) 123-4567');
  await page.getByRole('button', { name: 'Send Code' }).click();

  await expect(page.getByRole('heading', { name: 'Enter verification code' })).toBeVisible();
  const hint = page.getByText(/^Demo code: \d{6}$/);
  await expect(hint).toBeVisible();
  const code = (await hint.textContent())!.replace(/\D/g, '');

  const codeField = page.getByLabel('Verification code');
  const verify = page.getByRole('button', { name: 'Verify & Continue' });
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await verify.click();
  await expect(page.getByText('Invalid code. Please try again.')).toBeVisible();
  await expect(codeField).toHaveValue('');

  await codeField.fill(`${code}99`);
  await expect(codeField).toHaveValue(code);
  await verify.click();
  await expect(page).toHaveURL(/\/venue\/artisan-bar\/me$/);
  expect(await page.evaluate(() => localStorage.getItem('guest_venue_slug'))).toBe('artisan-bar');
  expect(await page.evaluate(() => localStorage.getItem('guest_session_id'))).toBeTruthy();
});
