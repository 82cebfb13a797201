// The axe scan the accessibility specs share (docs/reliability.md §8): a11y.spec.ts (guest and public screens, on the
// phone server) and a11y-back-office.spec.ts (admin, staff and super screens, on the visual server; docs/decisions/220).
// Each spec file keeps its own tally and prints it as its own `RELIABILITY <key> {...}` line.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export type AxeStats = { screens: number; violationsSerious: number; violationsOther: number; otherRules: Record<string, string[]> };

export const axeStats = (): AxeStats => ({ screens: 0, violationsSerious: 0, violationsOther: 0, otherRules: {} });

/** Critical, serious and moderate axe violations on the screen as it is now, once it has settled; minor ones are tallied in `stats`. */
export async function axeViolations(page: Page, screen: string, stats: AxeStats) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect(page.locator('#root')).not.toBeEmpty();
  await page.waitForTimeout(300);
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
