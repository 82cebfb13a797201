// The axe scan the accessibility specs share (docs/reliability.md §8): a11y.spec.ts (guest and public screens, on the
// phone server) and a11y-back-office.spec.ts (admin, staff and super screens, on the visual server; docs/decisions/221).
// Each spec file keeps its own tally and prints it as its own `RELIABILITY <key> {...}` line.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './fixtures';
import { AREAS, SIGN_IN } from './route-list';

const DIAGNOSTICS = ['/dev-check', '/__diag'];

export type AxeStats = { screens: number; violationsSerious: number; violationsOther: number; otherRules: Record<string, string[]> };

export const axeStats = (): AxeStats => ({ screens: 0, violationsSerious: 0, violationsOther: 0, otherRules: {} });

/** Critical, serious and moderate axe violations on the screen as it is now, once it has settled; minor ones are tallied in `stats`. */
export async function axeViolations(page: Page, screen: string, stats: AxeStats) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect(page.locator('#root')).not.toBeEmpty();
  // Settled: no transition or animation still running (a half-faded colour reads as a contrast failure); a spinner's
  // endless turn never settles and is left out.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  stats.screens += 1;
  const bad = results.violations.filter((v) => v.impact !== 'minor');
  stats.violationsSerious += bad.length;
  stats.violationsOther += results.violations.length - bad.length;
  for (const v of results.violations) if (!bad.includes(v)) (stats.otherRules[`${v.id} (${v.impact})`] ??= []).push(screen);
  return bad.map((v) => `${screen}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

/** The tally's line in the CI log, read by people (nothing parses it). */
export const printAxeStats = (key: string, stats: AxeStats) => console.log(`RELIABILITY ${key} ${JSON.stringify(stats)}`);

/**
 * One back-office area's screens in one scheme, as its demo account sees them at 1280×800: signs in through the login
 * page, then scans each screen. Returns the violations found.
 */
export async function scanBackOfficeArea(page: Page, area: keyof typeof SIGN_IN, scheme: 'light' | 'dark', stats: AxeStats) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await page.evaluate((s) => { for (const a of ['admin', 'staff', 'super']) localStorage.setItem(`barhop.backoffice.theme.${a}`, s); }, scheme);
  // Possibly the first page a server's worker loads: typed again until the form keeps it, as visual.spec.ts signs in.
  await expect(async () => {
    await page.getByLabel('Email').fill(SIGN_IN[area]);
    await expect(page.getByLabel('Email')).toHaveValue(SIGN_IN[area], { timeout: 300 });
  }).toPass();
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  const problems: string[] = [];
  // The diagnostics pages show a signed-in super admin more than a visitor (a11y.spec.ts scans them signed out).
  for (const route of [...AREAS[area], ...(area === 'super' ? DIAGNOSTICS : [])]) {
    await page.goto(route);
    await expect(page).not.toHaveURL(/\/login/);
    problems.push(...await axeViolations(page, `${route} (${scheme})`, stats));
  }
  return problems;
}
