import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

// A brand-new venue and its owner, set up as the platform's super admin does it, and signing in at the desktop size
// the back office uses: for the specs of an owner's first steps (owner-team, stripe-connect).

/** This run's suffix: names and emails a spec makes are its own on a server other runs used. */
export const run = Date.now().toString(36);
export const DEMO_PASSWORD = 'barhop-demo';
const VIEWPORT = { width: 1280, height: 800 };

export async function tokenOf(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.ok(), await login.text()).toBe(true);
  return (await login.json() as { access_token: string }).access_token;
}

/** A new venue named `name` and this run, and its owner (an admin account with a password). */
export async function newVenueWithOwner(request: APIRequestContext, name: string) {
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

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** A page of its own (its own sign-in), at the back office's desktop size. */
export async function freshPage(browser: Browser) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  return context.newPage();
}
