import { expect, test } from '@playwright/test';
import { freshPage, newVenueWithOwner, run, signIn, tokenOf } from './venue-owner';

// An owner's first day (docs/product.md §11.5, §9.5): a new venue's owner invites a bartender, who signs in with the
// one-time link; a bartender the owner disables sees "You've been signed out", not broken lists.
test.use({ viewport: { width: 1280, height: 800 } });

test('a new owner invites a bartender with a one-time link, and the bartender signs in to the staff portal', async ({ page, browser, request }) => {
  const owner = await newVenueWithOwner(request, 'Owner Team Bar');
  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/admin/);
  await page.getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();

  const bartender = `bartender-${run}@example.com`;
  const form = page.getByRole('form', { name: 'Invite a team member' });
  await form.getByLabel('Email').fill(bartender);
  await form.getByLabel('Name (optional)').fill('Nia');
  await form.getByRole('button', { name: 'Invite' }).click();
  const link = await page.getByLabel(`Sign-in link for ${bartender}`).inputValue();
  expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{40,}$/);
  await expect(page.getByTestId(`team-member-${bartender}`)).toContainText('Invite pending');

  const bar = await freshPage(browser);
  await bar.goto(link);
  await expect(bar.getByText(`Your sign-in email is ${bartender}.`)).toBeVisible();
  await bar.getByLabel('New password').fill('nia-chooses-this-1');
  await bar.getByLabel('Repeat the password').fill('nia-chooses-this-1');
  await bar.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(bar).toHaveURL(/\/staff/);
  await expect(bar.getByRole('navigation', { name: 'Staff Portal navigation' })).toContainText(bartender);

  // The link worked once.
  const again = await freshPage(browser);
  await again.goto(link);
  await expect(again.getByRole('alert')).toHaveText('This link was already used or has expired. Ask your venue admin for a new one.');

  await page.reload();
  await expect(page.getByTestId(`team-member-${bartender}`)).toContainText('Active');
  await page.getByRole('link', { name: 'Audit Log' }).click();
  await expect(page.getByText(`Invited ${bartender} as staff with a one-time link`)).toBeVisible();
});

test('a bartender the owner disables sees "You\'ve been signed out" and the sign-in page, not broken lists', async ({ page, browser, request }) => {
  const owner = await newVenueWithOwner(request, 'Closing Bar');
  const bartender = `closing-${run}@example.com`;
  const invited = await request.post('/api/admin/team', {
    headers: { Authorization: `Bearer ${await tokenOf(request, owner.email, owner.password)}` },
    data: { email: bartender, role: 'staff', password: 'bartender-pass-1' },
  });
  expect(invited.ok(), await invited.text()).toBe(true);

  const bar = await freshPage(browser);
  await signIn(bar, bartender, 'bartender-pass-1');
  await expect(bar).toHaveURL(/\/staff/);
  await expect(bar.getByRole('navigation', { name: 'Staff Portal navigation' })).toBeVisible();

  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/admin/);
  await page.getByRole('link', { name: 'Team' }).click();
  const row = page.getByTestId(`team-member-${bartender}`);
  await row.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByRole('dialog')).toContainText('signed out on every device at once');
  await page.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
  await expect(row).toContainText('Disabled');

  // The bartender's open screen: its live connection is closed and its next read is refused; one place turns that
  // into the sign-in page with the notice, whichever screen was open. Nobody touches the bartender's screen.
  // The hub closes the socket as the change is saved; on a loaded machine that can take a while to arrive.
  await expect(bar.getByText("You've been signed out")).toBeVisible({ timeout: 30_000 });
  await expect(bar).toHaveURL(/\/login/);
  await expect(bar.getByRole('heading', { name: 'Admin Sign In' })).toBeVisible();
  for (const broken of ['Failed to load orders', 'No orders found', 'Offline']) await expect(bar.getByText(broken)).toHaveCount(0);
});
