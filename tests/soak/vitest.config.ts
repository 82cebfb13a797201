// The worker reliability suites at soak scale (`npm run test:soak`): RELIABILITY_SCALE=10 makes
// the fuzz send ten times the requests (and every hostile transport case on every route), the
// concurrency suite run 100 trials of 50 checkouts, and the live suite run ten times the rounds.
import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

const root = path.join(import.meta.dirname, '..', '..');
const migrations = await readD1Migrations(path.join(root, 'migrations'));

export default defineConfig({
  root,
  // The same build and bindings as the worker project of vitest.config.ts: the local demo build (docs/decisions/194), and
  // every venue on the control database, as the tests' seed keeps them (docs/decisions/150).
  define: { __BARHOP_DEMO_BUILD__: 'true', __BARHOP_LOCAL_BUILD__: 'true' },
  plugins: [
    cloudflareTest({
      wrangler: { configPath: path.join(root, 'wrangler.toml') },
      miniflare: { bindings: { TEST_MIGRATIONS: migrations, LOG_REQUESTS: 'false', VENUE_SHARDS: '', RELIABILITY_SCALE: process.env.RELIABILITY_SCALE ?? '10', RELIABILITY_SEED: process.env.RELIABILITY_SEED ?? String(Date.now() % 1_000_000) } },
    }),
  ],
  test: {
    name: 'soak',
    include: ['tests/worker/reliability-*.test.ts'],
    setupFiles: ['tests/worker/setup.ts'],
    testTimeout: 600_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
