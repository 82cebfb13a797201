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
// The platform views read only the rollups (docs/decisions/203): the seed is rolled up, as scripts/seed.ts does, from
// the day before its oldest row (within the last 400 days): a day without rows has no rollup to write.
const now = new Date();
const oldest = await env.DB.prepare(
  'SELECT MIN(at) AS at FROM (SELECT MIN(created_at) AS at FROM orders UNION ALL SELECT MIN(created_at) FROM ai_interactions UNION ALL SELECT MIN(day) FROM archived_order_days)',
).first<{ at: string | null }>();
const seededDays = oldest?.at ? Math.ceil((now.getTime() - Date.parse(`${oldest.at.slice(0, 10)}T00:00:00.000Z`)) / 86_400_000) + 1 : 0;
await rollUpShards(env, now, Math.min(400, seededDays));
