import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT) || 4173;
/** The visual suite's own server: its screens are compared with baselines, so no other spec writes to its database. */
const visualPort = port + 1;

/** Debian's Chromium: Playwright cannot download browsers on these machines. */
const chromium = {
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
};

const phone = { ...devices['Pixel 7'], launchOptions: chromium };
/**
 * The specs on the visual server's worker: the visual suite, and the back office's axe scans, which only read and were
 * moved off the phone specs' longer lane (docs/decisions/221). A worker runs its files in name order: the scans first.
 */
const VISUAL_LANE = /(visual|a11y-back-office)\.spec\.ts/;

/** The built app on local workerd, over a freshly migrated and seeded database of its own. */
const server = (serverPort: number, env: Record<string, string>) => ({
  command: `bash scripts/e2e-server.sh ${serverPort}`,
  url: `http://127.0.0.1:${serverPort}/api/healthz/db`,
  env,
  timeout: 240_000,
  reuseExistingServer: !process.env.CI,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
});

export default defineConfig({
  testDir: 'tests/e2e',
  // Parallel runs on one machine (CI, benches, several checkouts) each keep their own artefacts.
  outputDir: process.env.E2E_OUTPUT_DIR || 'test-results',
  fullyParallel: false,
  // Two workers in all, one per project: the phone specs share one database and run one at a time, and the visual
  // suite, on its own server and database, runs beside them (docs/decisions/221) with the back office's axe scans (220).
  workers: 2,
  // No retries, in CI too: a test that passes only the second time is a flake to fix, not to hide.
  retries: 0,
  // Journeys with several axe scans run long on a 2-core machine.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace costs about a third of a run's CPU even when it is thrown away (docs/decisions/221): CI records
    // one for a failed test's retry; locally every failure keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: chromium,
  },
  projects: [
    { name: 'phone', use: phone, testIgnore: VISUAL_LANE, workers: 1 },
    {
      name: 'visual',
      use: { ...phone, baseURL: `http://127.0.0.1:${visualPort}` },
      testMatch: VISUAL_LANE,
      workers: 1,
      // The baselines were first written under the phone project: same device, same names (docs/decisions/221).
      snapshotPathTemplate: '{snapshotDir}/{testFileDir}/{testFileName}-snapshots/{arg}-phone{-snapshotSuffix}{ext}',
    },
  ],
  webServer: [
    server(port, {}),
    server(visualPort, { BARHOP_STATE_DIR: '.wrangler/e2e-visual-state', BARHOP_OUT_DIR: 'dist-e2e-visual' }),
  ],
});
