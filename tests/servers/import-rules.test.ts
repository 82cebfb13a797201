// The lint rules that keep the module graph a tree (docs/decisions/177, 259): no import cycle anywhere, worker domains
// entered through their index.ts, and app features layered (shared features never import an audience's screens,
// audiences never import each other).
// Each is shown failing on a small probe linted with the repo's own eslint.config.js.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: repoRoot });
const probeDirs: string[] = [];

afterAll(() => { for (const dir of probeDirs) rmSync(dir, { recursive: true, force: true }); });

/** The rule ids ESLint reports for each probe file written under `under` (a folder of the repo). */
async function lintProbe(under: string, files: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(path.join(repoRoot, under, 'lint-probe-'));
  probeDirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const results = await eslint.lintFiles(Object.keys(files).map((name) => path.join(dir, name)));
  return results.flatMap((result) => result.messages.map((message) => message.ruleId ?? message.message));
}

const rulesFor = async (filePath: string, text: string) =>
  (await eslint.lintText(text, { filePath: path.join(repoRoot, filePath) }))[0]!.messages.map((message) => message.ruleId);

// The first lint loads the config and its plugins: seconds on a busy machine.
describe('import cycles', { timeout: 60_000 }, () => {
  it('two modules importing each other fail import-x/no-cycle', async () => {
    const rules = await lintProbe('worker/orders', {
      'first.ts': "import { second } from './second';\nexport const first = () => second() + 1;\n",
      'second.ts': "import { first } from './first';\nexport const second = () => 1;\nexport const again = () => first();\n",
    });
    expect(rules.filter((rule) => rule === 'import-x/no-cycle')).toHaveLength(2);
  });

  it('a one-way import passes', async () => {
    const rules = await lintProbe('worker/orders', {
      'first.ts': "import { second } from './second';\nexport const first = () => second() + 1;\n",
      'second.ts': 'export const second = () => 1;\n',
    });
    expect(rules).toEqual([]);
  });
});

describe('feature layers', { timeout: 60_000 }, () => {
  it('a shared feature importing a guest screen fails', async () => {
    expect(await rulesFor('app/features/orders/probe.ts', "export { GuestHeader } from '../guest/venue/GuestHeader';\n"))
      .toContain('import-x/no-restricted-paths');
  });

  it("an audience importing another audience's screen fails", async () => {
    expect(await rulesFor('app/features/guest/probe.ts', "export { default } from '../staff/StaffShell';\n"))
      .toContain('import-x/no-restricted-paths');
  });

  it('an audience importing a shared feature passes', async () => {
    expect(await rulesFor('app/features/guest/probe.ts', "export { useGuestSession } from '../auth/hooks';\n")).toEqual([]);
  });
});

// Worker domains (docs/decisions/259): outside a domain, every other domain included, only its index.ts is
// imported; worker/app.ts also mounts its route files and worker/index.ts exports the Durable Object; the tables call
// payments and never the reverse. Tests may import inner files.
describe('worker domain boundaries', { timeout: 60_000 }, () => {
  it("a domain importing another domain's inner file fails", async () => {
    expect(await rulesFor('worker/team/probe.ts', "export { listMenuDrinks } from '../menu/menu-drinks';\n"))
      .toContain('import-x/no-restricted-paths');
  });

  it("a domain importing another domain's index passes", async () => {
    expect(await rulesFor('worker/team/probe.ts', "export { changesVenueMenu } from '../menu';\n")).toEqual([]);
  });

  it("worker/app.ts mounting a domain's route file passes, and importing its inner file fails", async () => {
    expect(await rulesFor('worker/app.ts', "export { adminMenuDrinkRoutes } from './menu/menu-drinks.routes';\n")).toEqual([]);
    expect(await rulesFor('worker/app.ts', "export { listMenuDrinks } from './menu/menu-drinks';\n")).toContain('import-x/no-restricted-paths');
  });

  // These domains once reached one another's inner files (the import knot, docs/decisions/259): no longer.
  it("the domains of the former import knot enter one another through their indexes only", async () => {
    expect(await rulesFor('worker/orders/probe.ts', "export { venueHub } from '../live/hub-client';\n")).toContain('import-x/no-restricted-paths');
    expect(await rulesFor('worker/orders/probe.ts', "export { venueHub } from '../live';\n")).toEqual([]);
    expect(await rulesFor('worker/orders/probe.ts', "export { stripeGateway } from '../payments/stripe';\n")).toContain('import-x/no-restricted-paths');
    expect(await rulesFor('worker/menu/probe.ts', "export { matchIngredientNames } from '../ingredients/matching';\n")).toContain('import-x/no-restricted-paths');
    expect(await rulesFor('worker/ingredients/probe.ts', "export { refreshDrinkFacts } from '../menu';\n")).toEqual([]);
  });

  it("the Worker's entry exports a Durable Object class from its file, and nothing else of a domain", async () => {
    expect(await rulesFor('worker/index.ts', "export { VenueHub } from './live/venue-hub';\n")).toEqual([]);
    expect(await rulesFor('worker/index.ts', "export { venueHub } from './live/hub-client';\n")).toContain('import-x/no-restricted-paths');
  });

  it('payments importing the tables fails', async () => {
    expect(await rulesFor('worker/payments/probe.ts', "export { roundsMoney } from '../tables';\n")).toContain('import-x/no-restricted-paths');
  });

  it("a route file joins its own folder's sub-apps only", async () => {
    expect(await rulesFor('worker/tables/probe.routes.ts', "export { tableCardRoutes } from './card.routes';\n")).toEqual([]);
    expect(await rulesFor('worker/tables/probe.routes.ts', "export { orderPushRoutes } from '../orders/push.routes';\n"))
      .toContain('no-restricted-imports');
  });

  it("a worker test importing a domain's inner file passes", async () => {
    expect(await rulesFor('tests/worker/probe.test.ts', "export { listMenuDrinks } from '../../worker/menu/menu-drinks';\n")).toEqual([]);
  });
});
