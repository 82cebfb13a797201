// The migrations the local databases and each test file's take (worker/db/apply-migrations.ts): a database gets
// each migration once, in order, and a migration that fails leaves it as it was.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { applyMigrations } from '../../worker/db/apply-migrations';

const tables = async (db: D1Database) =>
  (await db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>()).results.map((row) => row.name);
const recorded = async (db: D1Database) =>
  (await db.prepare('SELECT name FROM d1_migrations ORDER BY id').all<{ name: string }>()).results.map((row) => row.name);

describe('applying migrations', () => {
  it('applies only the migrations a database has not had, and records each as wrangler does', async () => {
    const before = await recorded(env.DB_SHARD_1);
    expect(before).toEqual(env.TEST_MIGRATIONS.map((migration) => migration.name));

    expect(await applyMigrations(env.DB_SHARD_1, env.TEST_MIGRATIONS)).toEqual([]);
    const next = [...env.TEST_MIGRATIONS, { name: '9000_tasting_notes.sql', queries: ['CREATE TABLE tasting_notes (id INTEGER PRIMARY KEY)'] }];
    expect(await applyMigrations(env.DB_SHARD_1, next)).toEqual(['9000_tasting_notes.sql']);
    expect(await tables(env.DB_SHARD_1)).toContain('tasting_notes');
    expect(await recorded(env.DB_SHARD_1)).toEqual([...before, '9000_tasting_notes.sql']);
    // The seeded venues are still there: nothing was applied twice.
    expect(await applyMigrations(env.DB_SHARD_1, next)).toEqual([]);
  });

  it('leaves the database as it was when a migration fails, with nothing recorded', async () => {
    const failing = [
      ...env.TEST_MIGRATIONS,
      { name: '9001_pour_sizes.sql', queries: ['CREATE TABLE pour_sizes (ml INTEGER)'] },
      { name: '9002_broken.sql', queries: ['INSERT INTO no_such_table VALUES (1)'] },
    ];
    await expect(applyMigrations(env.DB_SHARD_2, failing)).rejects.toThrow(/no_such_table/);
    expect(await tables(env.DB_SHARD_2)).not.toContain('pour_sizes');
    expect(await recorded(env.DB_SHARD_2)).toEqual(env.TEST_MIGRATIONS.map((migration) => migration.name));
  });
});
