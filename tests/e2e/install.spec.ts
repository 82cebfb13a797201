import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// Add to Home Screen installs the venue as an app (docs/decisions/253): Chromium itself reads the manifest the page
// links and says whether it would install it (DevTools protocol: Page.getAppManifest, Page.getInstallabilityErrors).
// Lighthouse 12 no longer audits installability, so this is the installability check (bench/README.md).
const SLUG = 'artisan-bar';

test('a venue page installs: its manifest parses without errors and Chromium reports no installability error', async ({ playwright, baseURL }) => {
  // Chromium never offers to install from an incognito profile, which a test's context is: a profile of its own.
  const profile = mkdtempSync(path.join(tmpdir(), 'barhop-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, { ...test.info().project.use.launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? await context.newPage();
    await page.goto(`/venue/${SLUG}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toContain(`/api/venues/${SLUG}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const parsed = JSON.parse(manifest.data ?? '{}') as { start_url: string; display: string; icons: { sizes: string; type: string }[] };
    expect(parsed).toMatchObject({ start_url: `/venue/${SLUG}`, display: 'standalone' });
    expect(parsed.icons.filter((i) => i.type === 'image/png').map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    // Chromium fetches the manifest and its icons to answer, as it does before offering to install.
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('every guest page links the manifest and the iPhone Home Screen tags', async ({ page }) => {
  for (const path of [`/venue/${SLUG}`, `/venue/${SLUG}/ai`, `/venue/${SLUG}/cart`, `/venue/${SLUG}/vibe`]) {
    await page.goto(path);
    await expect(page.locator('link[rel="manifest"]'), path).toHaveAttribute('href', `/api/venues/${SLUG}/manifest.webmanifest`);
    await expect(page.locator('meta[name="apple-mobile-web-app-capable"]'), path).toHaveAttribute('content', 'yes');
    const icon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    const res = await page.request.get(icon!);
    expect(res.headers()['content-type'], path).toBe('image/png');
  }
});
