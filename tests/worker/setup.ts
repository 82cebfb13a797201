// Runs before each test file, inside workerd, on that file's own isolated storage.
import { env } from 'cloudflare:workers';
import { ALL_D1_BINDINGS } from '../../worker/shards/bindings';
import { rollUpShards } from '../../worker/shards/rollups';
import { seedDatabase } from './seed-db';

type Migration = (typeof env.TEST_MIGRATIONS)[number];

/**
 * What `applyD1Migrations` (cloudflare:test) leaves on a fresh database, the same d1_migrations table and rows, in
 * one batch rather than one per migration: this runs before every test file, and the 17 round trips per database
 * were most of its own time (docs/decisions/221). A batch is one transaction, as each migration's batch was.
 */
async function migrateFresh(db: D1Database, migrations: readonly Migration[]): Promise<void> {
  const table = `CREATE TABLE IF NOT EXISTS "d1_migrations" (
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
	);`;
  const applied = db.prepare('INSERT INTO "d1_migrations" (name) VALUES (?);');
  await db.batch([db.prepare(table), ...migrations.flatMap((m) => [...m.queries.map((q) => db.prepare(q)), applied.bind(m.name)])]);
}

// Every database gets every migration, as `npm run db:migrate` does (docs/decisions/150), each database at once;
// the demo data goes to the control database, where the directory places the demo venues.
await Promise.all(ALL_D1_BINDINGS.map((binding) => migrateFresh(env[binding], env.TEST_MIGRATIONS)));
await seedDatabase(env.DB);
// The platform views read only the rollups (docs/decisions/203): the seed is rolled up, as scripts/seed.ts does.
await rollUpShards(env, new Date(), 400);
