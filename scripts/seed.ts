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
import { rollupReads, rollupWrites, VENUE_CLOCKS_SQL, type RollupStatement, type Rollups, type VenueClock } from '../worker/shards/rollup-statements';
import { argValue, d1Target, repoRoot, wrangler } from './lib/wrangler';

const persistDir = argValue(process.argv, '--persist-to');
const remoteEnv = argValue(process.argv, '--env');
if (remoteEnv && remoteEnv !== 'staging') {
  console.error(`Only the staging environment takes demo data (--env staging), not "${remoteEnv}".`);
  process.exit(1);
}
const target = d1Target({ remoteEnv, persistTo: persistDir });
// Beside the databases it seeds, so parallel seeds of different state directories never share a file.
const seedFileOf = (binding: string) => path.join(persistDir ?? '.wrangler', `seed${remoteEnv ? `-${remoteEnv}` : ''}-${binding}.sql`);

/** Rows of one read-only query on a database (the control database by default), or null when it fails (e.g. no tables yet). */
function query<Row>(sql: string, binding = 'DB'): Row[] | null {
  const result = wrangler(['d1', 'execute', binding, ...target, '--json', '--command', sql], { capture: true });
  if (result.status !== 0) return null;
  const output = result.stdout;
  const parsed = JSON.parse(output.slice(output.indexOf('['))) as { results: Row[] }[];
  return parsed[0]?.results ?? [];
}

/** A statement with its bound values written in as literals, for `wrangler d1 execute` (the rollups' SQL has no other `?`). */
function inlined(statement: RollupStatement): string {
  let next = 0;
  const sql = statement.sql.replace(/\?/g, () => sqlValue(statement.binds[next++]));
  if (next !== statement.binds.length) throw new Error(`inlined: ${next} placeholders for ${statement.binds.length} values`);
  return sql;
}


/**
 * The platform views read only the rollups (docs/decisions/203): the seeded orders are rolled up here, with the
 * rollup job's own statements (worker/shards/rollup-statements.ts): read on each shard holding venues, written to `DB`.
 */
function rollUpSeed() {
  const shards = (query<{ shard: string }>('SELECT DISTINCT shard FROM venue_directory') ?? []).map((row) => row.shard);
  const writes: string[] = [];
  for (const shard of shards) {
    // From the day before the shard's oldest seeded row, whatever the venue's zone, to the day after today's.
    const [oldest] = query<{ at: string | null }>(
      'SELECT MIN(at) AS at FROM (SELECT MIN(created_at) AS at FROM orders UNION ALL SELECT MIN(created_at) FROM ai_interactions UNION ALL SELECT MIN(day) FROM archived_order_days)', shard,
    ) ?? [];
    const today = utcDay(new Date());
    const venues = query<VenueClock>(VENUE_CLOCKS_SQL.shard.replace('?', sqlValue(shard))) ?? [];
    const scope = { shard, venueId: null, from: addDays(oldest?.at ? utcDay(oldest.at) : today, -1), to: addDays(today, 2), venues };
    const computedAt = new Date().toISOString();
    const reads = rollupReads(scope);
    const result = wrangler(['d1', 'execute', shard, ...target, '--json', '--command', [reads.days, reads.drinks, reads.recent].map(inlined).join(';\n')], { capture: true });
    if (result.status !== 0) throw new Error(`could not read the rollups of ${shard} (wrangler exit ${result.status})`);
    const [days, drinks, recent] = (JSON.parse(result.stdout.slice(result.stdout.indexOf('['))) as { results: never[] }[]).map((r) => r.results);
    const rollups: Rollups = { days: days ?? [], drinks: drinks ?? [], recent: recent ?? [] };
    writes.push(...rollupWrites(scope, rollups, computedAt).map(inlined));
  }
  if (writes.length === 0) return 0;
  const file = seedFileOf('DB-rollups');
  writeFileSync(path.resolve(repoRoot, file), writes.map((statement) => `${statement};\n`).join(''));
  const applied = wrangler(['d1', 'execute', 'DB', ...target, '--yes', '--file', file], { capture: true });
  if (applied.status !== 0) {
    console.error(applied.stdout);
    throw new Error(`wrangler d1 execute DB failed (exit ${applied.status}); the statements are in ${file}`);
  }
  return shards.length;
}

async function main() {
  const ifEmpty = process.argv.includes('--if-empty');
  if (ifEmpty) {
    const rows = query<{ n: number }>('SELECT count(*) AS n FROM venues');
    if (rows === null) {
      console.error(remoteEnv ? `Could not read the ${remoteEnv} database. Deploy it first: npm run deploy:${remoteEnv}` : 'Could not read the local database. Apply the migrations first: npm run db:migrate');
      process.exit(1);
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
    const seedFile = seedFileOf(binding);
    // resolve, not join: --persist-to may be an absolute directory (the local-servers test seeds one under the OS temp dir).
    mkdirSync(path.resolve(repoRoot, path.dirname(seedFile)), { recursive: true });
    writeFileSync(path.resolve(repoRoot, seedFile), statements.map((statement) => `${statement};\n`).join(''));
    // wrangler echoes an empty result per statement; keep its output for when something goes wrong.
    const applied = wrangler(['d1', 'execute', binding, ...target, '--yes', '--file', seedFile], { capture: true });
    if (applied.status !== 0) {
      console.error(applied.stdout);
      console.error(`wrangler d1 execute ${binding} failed (exit ${applied.status}); the statements are in ${seedFile}`);
      process.exit(applied.status ?? 1);
    }
    total += statements.length;
  }
  const rolledUp = rollUpSeed();

  const counts = [...byDatabase.keys()].map((binding) => {
    const [row] = query<{ venues: number; drinks: number; orders: number }>(
      'SELECT (SELECT count(*) FROM venue_directory) AS venues, (SELECT count(*) FROM menu_drinks) AS drinks, (SELECT count(*) FROM orders) AS orders', binding,
    ) ?? [];
    return row ? `${binding}: ${binding === 'DB' ? `${row.venues} venues in the directory` : `${row.drinks} menu drinks, ${row.orders} orders`}` : `${binding}: counts not read`;
  });
  console.log(`Demo data ready (${total} statements): ${counts.join('; ')}; rollups of ${rolledUp} databases.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
