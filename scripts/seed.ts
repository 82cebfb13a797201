// Seeds a D1 database with the demo data: `npx tsx scripts/seed.ts [--if-empty] [--persist-to <dir>] [--env staging]`.
// The statements are INSERT OR IGNORE with stable ids, so running it again changes nothing.
// --if-empty skips seeding when any venue exists (what `npm start` uses).
// --persist-to <dir> seeds another local state directory (the e2e and bench databases).
// --env staging seeds the remote staging databases (README "Deploy"); production is never seeded with demo data.
// The demo venues are spread over the venue shards DB_SHARD_0..2, the platform data goes to the control database DB
// (docs/decisions/150).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { addDays, utcDay } from '../worker/analytics/sales-definition';
import { buildSeedStatementsByDatabase, SPREAD_OVER_SHARDS } from '../worker/db/seed/build-seed';
import { sqlValue } from '../worker/db/seed/sql-literals';
import { isShardBinding } from '../worker/shards/bindings';
import { rollupReads, rollupWrites, VENUE_CLOCKS_SQL, type RollupStatement, type Rollups, type VenueClock } from '../worker/shards/rollup-statements';
import { withLocalDatabases, type LocalDatabases } from './lib/local-d1';
import { argValue, d1Target, repoRoot, wrangler } from './lib/wrangler';

const persistDir = argValue(process.argv, '--persist-to');
const remoteEnv = argValue(process.argv, '--env');
if (remoteEnv && remoteEnv !== 'staging') {
  console.error(`Only the staging environment takes demo data (--env staging), not "${remoteEnv}".`);
  process.exit(1);
}
// Beside the databases it seeds, so parallel seeds of different state directories never share a file.
const seedFileOf = (binding: string) => path.join(persistDir ?? '.wrangler', `seed${remoteEnv ? `-${remoteEnv}` : ''}-${binding}.sql`);

/** A statement with its bound values written in as literals, for `wrangler d1 execute` (the rollups' SQL has no other `?`). */
function inlined(statement: RollupStatement): string {
  let next = 0;
  const sql = statement.sql.replace(/\?/g, () => sqlValue(statement.binds[next++]));
  if (next !== statement.binds.length) throw new Error(`inlined: ${next} placeholders for ${statement.binds.length} values`);
  return sql;
}

/** Where the seed reads and writes: the local databases, opened in this process, or a remote environment's, through wrangler. */
type SeedDatabases = {
  /** Rows of one read-only statement, or null when it fails (e.g. no tables yet). */
  read<Row>(binding: string, statement: RollupStatement): Promise<Row[] | null>;
  /** Runs the statements, all or none. */
  write(binding: string, statements: string[]): Promise<void>;
};

function localDatabases(databases: LocalDatabases): SeedDatabases {
  const database = (binding: string) => {
    if (!isShardBinding(binding)) throw new Error(`${binding} is not a D1 binding of wrangler.toml`);
    return databases[binding];
  };
  return {
    async read<Row>(binding: string, { sql, binds }: RollupStatement) {
      try {
        return (await database(binding).prepare(sql).bind(...binds).all<Row>()).results;
      } catch {
        return null;
      }
    },
    async write(binding, statements) {
      const db = database(binding);
      await db.batch(statements.map((statement) => db.prepare(statement)));
    },
  };
}

function remoteDatabases(environment: string): SeedDatabases {
  const target = d1Target({ remoteEnv: environment });
  return {
    async read<Row>(binding: string, statement: RollupStatement) {
      const result = wrangler(['d1', 'execute', binding, ...target, '--json', '--command', inlined(statement)], { capture: true });
      if (result.status !== 0) return null;
      const parsed = JSON.parse(result.stdout.slice(result.stdout.indexOf('['))) as { results: Row[] }[];
      return parsed[0]?.results ?? [];
    },
    async write(binding, statements) {
      const file = seedFileOf(binding);
      writeFileSync(path.resolve(repoRoot, file), statements.map((statement) => `${statement};\n`).join(''));
      // wrangler echoes an empty result per statement; its output is kept for when something goes wrong.
      const applied = wrangler(['d1', 'execute', binding, ...target, '--yes', '--file', file], { capture: true });
      if (applied.status !== 0) {
        console.error(applied.stdout);
        throw new Error(`wrangler d1 execute ${binding} failed (exit ${applied.status}); the statements are in ${file}`);
      }
    },
  };
}

const plain = (sql: string): RollupStatement => ({ sql, binds: [] });

/**
 * The platform views read only the rollups (docs/decisions/203): the seeded orders are rolled up here, with the
 * rollup job's own statements (worker/shards/rollup-statements.ts): read on each shard holding venues, written to `DB`.
 */
async function rollUpSeed(databases: SeedDatabases) {
  const shards = ((await databases.read<{ shard: string }>('DB', plain('SELECT DISTINCT shard FROM venue_directory'))) ?? []).map((row) => row.shard);
  const writes: string[] = [];
  for (const shard of shards) {
    // From the day before the shard's oldest seeded row, whatever the venue's zone, to the day after today's.
    const [oldest] = (await databases.read<{ at: string | null }>(shard, plain(
      'SELECT MIN(at) AS at FROM (SELECT MIN(created_at) AS at FROM orders UNION ALL SELECT MIN(created_at) FROM ai_interactions UNION ALL SELECT MIN(day) FROM archived_order_days)',
    ))) ?? [];
    const today = utcDay(new Date());
    const venues = (await databases.read<VenueClock>('DB', { sql: VENUE_CLOCKS_SQL.shard, binds: [shard] })) ?? [];
    const scope = { shard, venueId: null, from: addDays(oldest?.at ? utcDay(oldest.at) : today, -1), to: addDays(today, 2), venues };
    const computedAt = new Date().toISOString();
    const reads = rollupReads(scope);
    const [days, drinks, recent] = await Promise.all([reads.days, reads.drinks, reads.recent].map(async (read) => {
      const rows = await databases.read<never>(shard, read);
      if (rows === null) throw new Error(`could not read the rollups of ${shard}`);
      return rows;
    }));
    const rollups: Rollups = { days: days ?? [], drinks: drinks ?? [], recent: recent ?? [] };
    writes.push(...rollupWrites(scope, rollups, computedAt).map(inlined));
  }
  if (writes.length > 0) await databases.write('DB', writes);
  return shards.length;
}

async function seed(databases: SeedDatabases) {
  if (process.argv.includes('--if-empty')) {
    const rows = await databases.read<{ n: number }>('DB', plain('SELECT count(*) AS n FROM venues'));
    if (rows === null) {
      console.error(remoteEnv ? `Could not read the ${remoteEnv} database. Deploy it first: npm run deploy:${remoteEnv}` : 'Could not read the local database. Apply the migrations first: npm run db:migrate');
      process.exitCode = 1;
      return;
    }
    const venueCount = rows[0]?.n ?? 0;
    if (venueCount > 0) {
      console.log(`The database already has ${venueCount} venues; skipping the demo seed.`);
      return;
    }
  }

  const byDatabase = await buildSeedStatementsByDatabase({ now: new Date(), placement: SPREAD_OVER_SHARDS });
  let total = 0;
  for (const [binding, statements] of byDatabase) {
    if (statements.length === 0) continue;
    await databases.write(binding, statements);
    total += statements.length;
  }
  const rolledUp = await rollUpSeed(databases);

  const counts = await Promise.all([...byDatabase.keys()].map(async (binding) => {
    const [row] = (await databases.read<{ venues: number; drinks: number; orders: number }>(binding, plain(
      'SELECT (SELECT count(*) FROM venue_directory) AS venues, (SELECT count(*) FROM menu_drinks) AS drinks, (SELECT count(*) FROM orders) AS orders',
    ))) ?? [];
    return row ? `${binding}: ${binding === 'DB' ? `${row.venues} venues in the directory` : `${row.drinks} menu drinks, ${row.orders} orders`}` : `${binding}: counts not read`;
  }));
  console.log(`Demo data ready (${total} statements): ${counts.join('; ')}; rollups of ${rolledUp} databases.`);
}

if (remoteEnv) {
  mkdirSync(path.resolve(repoRoot, path.dirname(seedFileOf('DB'))), { recursive: true });
  await seed(remoteDatabases(remoteEnv));
} else {
  await withLocalDatabases(persistDir, (databases) => seed(localDatabases(databases)));
}
