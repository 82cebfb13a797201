import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';

// `npm run admin:create` against the database the e2e server is serving (scripts/e2e-server.sh): the printed
// password signs the new super admin in (README "Deploy", docs/decisions/191).
test('admin:create makes a super admin who signs in with the password it printed once', async ({ page }) => {
  const stateDir = process.env.BARHOP_STATE_DIR || '.wrangler/e2e-state';
  const email = `ops-${Date.now()}@example.com`;
  const output = execFileSync('npx', ['tsx', 'scripts/admin-create.ts', '--email', email, '--name', 'Night Ops', '--persist-to', stateDir], { encoding: 'utf8' });
  expect(output).toContain(`Created super admin ${email}`);
  const password = /Password \(shown once; store it now\): (\S+)/.exec(output)?.[1];
  expect(password).toMatch(/^[A-Za-z0-9]{24}$/);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password!);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/super$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Platform Overview' })).toBeVisible();
});
