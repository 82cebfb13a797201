// The local D1 databases (wrangler.toml's DB and DB_SHARD_0..2) opened in this process, on one local workerd, with
// the ids wrangler gives them, so they are the very files `wrangler d1 --local [--persist-to]` reads. One workerd for every
// database and statement: a `wrangler d1` process per database and file took about 70 s of CPU to migrate and seed
// the demo (docs/development.md).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Migration, MigratableDatabase } from '../../worker/db/apply-migrations';
import { ALL_D1_BINDINGS, type ShardBinding } from '../../worker/shards/bindings';
import { repoRoot } from './wrangler';

/** A local database as this process sees it: what migrations need, plus reads and the statements to run. */
export type LocalD1 = MigratableDatabase & {
  prepare(sql: string): ReturnType<MigratableDatabase['prepare']> & { run(): Promise<unknown> };
};

export type LocalDatabases = Record<ShardBinding, LocalD1>;

/**
 * Opens every local database (under `persistTo` when given, as `--persist-to` does), runs `work` on them, and closes
 * them whatever happens.
 */
export async function withLocalDatabases<T>(persistTo: string | undefined, work: (databases: LocalDatabases) => Promise<T>): Promise<T> {
  const { unstable_getMiniflareWorkerOptions } = await import('wrangler');
  const { Miniflare, convertV4MiniflareOptions } = await import('miniflare');
  // The databases' local ids as wrangler derives them from wrangler.toml, so the files are the ones it reads.
  const { d1Databases } = unstable_getMiniflareWorkerOptions(path.join(repoRoot, 'wrangler.toml')).workerOptions;
  const options = {
    modules: true,
    script: 'export default {}',
    d1Databases,
    // Where `--persist-to <dir>` keeps its state: <dir>/v3 (the default directory is .wrangler/state).
    resourcePersistencePath: path.resolve(repoRoot, persistTo ?? path.join('.wrangler', 'state'), 'v3'),
  } as Parameters<typeof convertV4MiniflareOptions>[0];
  const mf = new Miniflare(convertV4MiniflareOptions(options));
  try {
    const databases = Object.fromEntries(await Promise.all(
      ALL_D1_BINDINGS.map(async (binding) => [binding, await mf.getD1Database(binding)] as const),
    )) as unknown as LocalDatabases;
    return await work(databases);
  } finally {
    await mf.dispose();
  }
}

/** The repo's migrations in order, each split into statements as wrangler splits a migration file. */
export async function readMigrations(): Promise<Migration[]> {
  const { unstable_splitSqlQuery } = await import('wrangler');
  const dir = path.join(repoRoot, 'migrations');
  return readdirSync(dir).filter((name) => name.endsWith('.sql')).sort()
    .map((name) => ({ name, queries: unstable_splitSqlQuery(readFileSync(path.join(dir, name), 'utf8')) }));
}
