// Accessibility of the back office (docs/reliability.md §8): axe on every admin, staff and super screen, light and dark,
// with 0 critical, serious or moderate violations. Split from a11y.spec.ts to run in the `visual` project, beside the
// phone specs (docs/decisions/220). The visual suite compares that server's screens with baselines, so these scans
// only read: each signs in through the login page, then visits screens. Playwright runs this file before
// visual.spec.ts on that worker; a sign-in adds a session, which no screen in route-list.ts shows.
import { expect, test } from '@playwright/test';
import { axeStats, axeViolations, printAxeStats } from './axe';
import { DEMO_PASSWORD } from './fixtures';
import { AREAS, SIGN_IN } from './route-list';

// Not serial: each scan stands alone, so a failing one neither skips the others nor makes CI's retry repeat them.
const stats = axeStats();

test.afterAll(() => printAxeStats('a11y-back-office', stats));

for (const area of ['admin', 'staff', 'super'] as const) {
  for (const scheme of ['light', 'dark'] as const) test(`${area} screens (${scheme}): 0 critical, serious or moderate axe violations`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/login');
    await page.evaluate((s) => { for (const a of ['admin', 'staff', 'super']) localStorage.setItem(`barhop.backoffice.theme.${a}`, s); }, scheme);
    // The first page this server's worker loads: typed again until the form keeps it, as visual.spec.ts signs in.
    await expect(async () => {
      await page.getByLabel('Email').fill(SIGN_IN[area]);
      await expect(page.getByLabel('Email')).toHaveValue(SIGN_IN[area], { timeout: 300 });
    }).toPass();
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).not.toHaveURL(/\/login/);
    const problems: string[] = [];
    for (const route of AREAS[area]) {
      await page.goto(route);
      await expect(page).not.toHaveURL(/\/login/);
      problems.push(...await axeViolations(page, `${route} (${scheme})`, stats));
    }
    expect(problems).toEqual([]);
  });
}
