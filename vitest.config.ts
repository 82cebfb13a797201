import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';
import { linguiPlugins } from './vite.config';

const migrations = await readD1Migrations(path.join(import.meta.dirname, 'migrations'));

/**
 * Three projects, run side by side: the Worker inside workerd (real D1, R2, Durable Objects), the app in jsdom,
 * and the local servers (`vite dev`, `vite preview`) spawned as a developer runs them.
 */
export default defineConfig({
  test: {
    // vitest's default here is one file at a time (CPUs - 1 on a 2-core machine): two lets a project's file run
    // beside another's, e.g. the servers file, which mostly waits on the servers it spawned (docs/decisions/221).
    maxWorkers: 2,
    projects: [
      {
        // Worker tests run the demo build of the local configuration, as `npm start` does (docs/decisions/194):
        // vite.config.ts never reads this file, so no deployable build takes these flags.
        define: { __BARHOP_DEMO_BUILD__: 'true', __BARHOP_LOCAL_BUILD__: 'true' },
        plugins: [
          // The venue page's first paint says its words from the app's .po catalogs, as the build compiles them (docs/decisions/272).
          ...lingui(),
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            // VENUE_SHARDS off: the tests' seed keeps every venue on the control database (the single-shard
            // default) and the shard tests open shards themselves (docs/decisions/150).
            // SMS_*: Twilio settings, so ready texts are offered (tests/worker/push.test.ts stubs Twilio's fetch); sign-in
            // codes stay on screen in demo mode, so nothing else texts.
            miniflare: { bindings: {
              TEST_MIGRATIONS: migrations, LOG_REQUESTS: 'false', VENUE_SHARDS: '',
              SMS_ACCOUNT_SID: 'AC00000000000000000000000000000000', SMS_API_KEY: 'test-token', SMS_FROM: '+15550001111',
            } },
          }),
        ],
        test: {
          name: 'worker',
          include: ['tests/worker/**/*.test.ts'],
          setupFiles: ['tests/worker/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [...linguiPlugins(), react()],
        test: {
          name: 'app',
          include: ['tests/app/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/app/setup.ts'],
          // A screen's test waits for what a person sees (tests/app/setup.ts); under load that takes longer.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'servers',
          include: ['tests/servers/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
