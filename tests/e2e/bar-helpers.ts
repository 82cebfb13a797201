// What the bar display's specs share: a bartender signing in, and guests placing quick orders at the venue.
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect } from './fixtures';

export const BAR_SLUG = 'artisan-bar';

/** A new guest device places a quick order for one drink; answers the order id. */
export async function guestOrders(request: APIRequestContext, drinkId: string, slug = BAR_SLUG) {
  const session = await request.post('/api/auth/guest-session', { data: { slug } });
  const { token } = await session.json();
  const res = await request.post('/api/orders/quick', {
    data: { slug, item: { menu_drink_id: drinkId } }, headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).id as string;
}

/** The demo bartender (of the artisan bar, unless `email` names another) signs in and lands on the live bar display. */
export async function signInAsStaff(page: Page, email = 'staff@barhop.dev') {
  await page.goto('/login');
  // The login form may restore the last email used on this device after it renders.
  await expect(async () => {
    await page.getByLabel('Email').fill(email);
    await expect(page.getByLabel('Email')).toHaveValue(email, { timeout: 300 });
  }).toPass();
  await page.getByLabel('Password').fill('barhop-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
}
