import { test } from '@playwright/test';
test.use({ viewport: { width: 1024, height: 768 }, isMobile: false, hasTouch: false });
test('debug ai page', async ({ page }) => {
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message, e.stack));
  page.on('console', (m) => { if (m.type() === 'error') console.log('CONSOLE', m.text()); });
  await page.goto('/login');
  await page.getByLabel('Email').fill('staff@barhop.dev');
  await page.getByLabel('Password').fill('barhop-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Active Orders' }).waitFor();
  await page.goto('/staff/history');
  await page.waitForTimeout(1500);
  await page.getByRole('link', { name: 'Menu Lookup' }).click();
  await page.waitForTimeout(1500);
  await page.getByRole('link', { name: 'AI Cocktails' }).click();
  await page.waitForTimeout(3000);
});
