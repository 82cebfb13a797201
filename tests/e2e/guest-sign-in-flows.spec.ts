import { expect, test, type Page } from '@playwright/test';

// Sign-in that reads people and keeps their place (docs/decisions/126).
const SLUG = 'artisan-bar';
let phoneSeq = 0;
/** A fresh phone number per test run, so codes and rate limits never carry over. */
const freshPhone = () => `555${String(Date.now() % 10_000_000 + phoneSeq++).padStart(7, '0')}`;

async function sendCode(page: Page, phone = freshPhone()) {
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Send Code' }).click();
  const hint = await page.getByText(/^Demo code: \d{6}$/).textContent();
  return hint!.match(/\d{6}/)![0];
}

test('pasting "647 144", "647-144" or "Your code is 647144" fills the six digits', async ({ page }) => {
  await page.goto(`/venue/${SLUG}/auth`);
  await sendCode(page);
  const field = page.getByLabel('Verification code');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  for (const pasted of ['647 144', '647-144', 'Your code is 647144']) {
    await field.fill('');
    await field.focus();
    // Typed-in text goes through the browser's editing, as a paste does (a maxlength would cut it first).
    await page.keyboard.insertText(pasted);
    await expect(field, pasted).toHaveValue('647144');
  }
});

test('five wrong codes lock the code and offer "Send a new code", which then works', async ({ page }) => {
  await page.goto(`/venue/${SLUG}/auth`);
  const right = await sendCode(page);
  const wrong = right === '000000' ? '111111' : '000000';
  const field = page.getByLabel('Verification code');
  for (let i = 1; i <= 5; i++) {
    await field.fill(wrong);
    await page.getByRole('button', { name: 'Verify & Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText(i < 5 ? 'Invalid code. Please try again.' : 'This code is locked after too many wrong tries.');
  }
  const again = page.getByRole('button', { name: 'Send a new code' });
  await expect(again).toBeVisible();
  await again.click();
  await expect(page.getByText(/^Demo code: \d{6}$/)).not.toHaveText(`Demo code: ${right}`);
  await expect(page.getByRole('alert')).toHaveCount(0);
  const fresh = (await page.getByText(/^Demo code: \d{6}$/).textContent())!.match(/\d{6}/)![0];
  await field.fill(fresh);
  await page.getByRole('button', { name: 'Verify & Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/venue/${SLUG}/me$`));
});

test('a malformed phone says "Enter a valid phone number"', async ({ page }) => {
  await page.goto(`/venue/${SLUG}/auth`);
  await page.getByLabel('Phone number').fill('12');
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter a valid phone number');
});

test('a reload on the code step stays on it', async ({ page }) => {
  await page.goto(`/venue/${SLUG}/auth`);
  const code = await sendCode(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Enter verification code' })).toBeVisible();
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify & Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/venue/${SLUG}/me$`));
});

test('signed out, Add to Cart leads through sign-in back to the drink, and the drink is in the cart', async ({ page, request }) => {
  const drinks = (await (await request.get(`/api/venues/${SLUG}/drinks`)).json()).drinks as { id: string; name: string }[];
  const drink = drinks[2]!;
  await page.goto(`/venue/${SLUG}/drink/${drink.id}`);
  await page.getByRole('button', { name: /Add to Cart/ }).click();
  await expect(page).toHaveURL(new RegExp(`/venue/${SLUG}/auth$`));
  const code = await sendCode(page);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify & Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/venue/${SLUG}/drink/${drink.id}$`));
  await expect(page.getByText(`Added 1 × ${drink.name} to cart`)).toBeVisible();
  await page.goto(`/venue/${SLUG}/cart`);
  await expect(page.getByText(drink.name).first()).toBeVisible();
});
