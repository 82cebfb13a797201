// The page phase's installability check (docs/decisions/253): Lighthouse 12 no longer audits installability, so
// Chromium itself says whether it would install the guest page: the manifest the page links parses without errors
// (DevTools protocol Page.getAppManifest) and Page.getInstallabilityErrors lists none.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export type Installability = { manifest_url: string | null; manifest_errors: string[]; installability_errors: string[] };

export async function installabilityOf(url: string): Promise<Installability> {
  // Chromium never offers to install from an incognito profile: a persistent profile of its own.
  const profile = mkdtempSync(path.join(tmpdir(), 'barhop-install-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = context.pages()[0] ?? await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    // Chromium fetches the manifest and its icons to answer, as it does before offering to install.
    const errors = (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors.map((e) => e.errorId);
    return { manifest_url: manifest.url || null, manifest_errors: manifest.errors.map((e) => e.message), installability_errors: errors };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
