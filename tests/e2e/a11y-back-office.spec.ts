// Accessibility of the back office (docs/reliability.md §8): axe on every admin, staff and super screen (and the
// diagnostics pages as a super admin sees them), light and dark, with 0 critical, serious or moderate violations.
// Split from a11y.spec.ts to run in the `visual` project, beside the phone specs, so the two lanes last about as long
// (docs/decisions/221). The visual suite compares that server's screens with baselines, so these scans only read:
// each signs in through the login page, then visits screens. Playwright runs this file before visual.spec.ts on that
// worker; a sign-in adds a session, which no screen in route-list.ts shows.
import { expect, test } from '@playwright/test';
import { axeStats, printAxeStats, scanBackOfficeArea } from './axe';

// Not serial: each scan stands alone, so a failing one neither skips the others nor makes CI's retry repeat them.
const stats = axeStats();

test.afterAll(() => printAxeStats('a11y-back-office', stats));

for (const area of ['admin', 'staff', 'super'] as const) {
  for (const scheme of ['light', 'dark'] as const) test(`${area} screens (${scheme}): 0 critical, serious or moderate axe violations`, async ({ page }) => {
    test.setTimeout(180_000);
    expect(await scanBackOfficeArea(page, area, scheme, stats)).toEqual([]);
  });
}
