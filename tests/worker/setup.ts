// Runs before each test file, inside workerd, on that file's own isolated storage.
import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { seedDatabase } from './seed-db';

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await seedDatabase(env.DB);
