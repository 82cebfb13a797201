// Runs before each test file, inside workerd, on that file's own isolated storage.
import { env } from 'cloudflare:workers';
import { applyMigrations } from '../../worker/db/apply-migrations';
import { ALL_D1_BINDINGS } from '../../worker/shards/bindings';
import { rollUpShards } from '../../worker/shards/rollups';
import { seedDatabase } from './seed-db';

// Every database gets every migration, as `npm run db:migrate` does (docs/decisions/150), each database at once;
// the demo data goes to the control database, where the directory places the demo venues.
await Promise.all(ALL_D1_BINDINGS.map((binding) => applyMigrations(env[binding], env.TEST_MIGRATIONS)));
await seedDatabase(env.DB);
// The platform views read only the rollups (docs/decisions/203): the seed is rolled up, as scripts/seed.ts does.
await rollUpShards(env, new Date(), 400);
