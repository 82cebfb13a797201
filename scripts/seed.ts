// Seeds the local D1 database with the demo data: `npx tsx scripts/seed.ts [--if-empty]`.
// The statements are INSERT OR IGNORE with stable ids, so running it again changes nothing.
// --if-empty skips seeding when any venue exists (what `npm start` uses).
// --persist-to <dir> seeds another local state directory (the e2e and bench databases).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSeedStatements } from '../worker/db/seed/build-seed';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// wrangler's own entry run by this Node: works where node_modules/.bin shims are shell scripts (Windows)
// and keeps wrangler on the Node 24 that runs this script.
const wranglerEntry = path.join(repoRoot, 'node_modules', 'wrangler', 'bin', 'wrangler.js');
const persistIndex = process.argv.indexOf('--persist-to');
const persistDir = persistIndex > 0 ? process.argv[persistIndex + 1] : undefined;
const persistArgs = persistDir ? ['--persist-to', persistDir] : [];
// Beside the database it seeds, so parallel seeds of different state directories never share a file.
const seedFile = path.join(persistDir ?? '.wrangler', 'seed.sql');

function wrangler(args: string[], captureStdout = false) {
  const result = spawnSync(process.execPath, [wranglerEntry, ...args], {
    cwd: repoRoot,
    shell: false,
    stdio: captureStdout ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    encoding: 'utf8',
  });
  if (result.error) throw result.error;
  return result;
}

/** Rows of one read-only query against the local database, or null when the query fails (e.g. no tables yet). */
function queryLocal<Row>(sql: string): Row[] | null {
  const result = wrangler(['d1', 'execute', 'DB', '--local', ...persistArgs, '--json', '--command', sql], true);
  if (result.status !== 0) return null;
  const output = result.stdout;
  const parsed = JSON.parse(output.slice(output.indexOf('['))) as { results: Row[] }[];
  return parsed[0]?.results ?? [];
}

async function main() {
  const ifEmpty = process.argv.includes('--if-empty');
  if (ifEmpty) {
    const rows = queryLocal<{ n: number }>('SELECT count(*) AS n FROM venues');
    if (rows === null) {
      console.error('Could not read the local database. Apply the migrations first: npx wrangler d1 migrations apply DB --local');
      process.exit(1);
    }
    const venueCount = rows[0]?.n ?? 0;
    if (venueCount > 0) {
      console.log(`Local database already has ${venueCount} venues; skipping the demo seed.`);
      return;
    }
  }

  const statements = await buildSeedStatements({ now: new Date() });
  // resolve, not join: --persist-to may be an absolute directory (the local-servers test seeds one under the OS temp dir).
  mkdirSync(path.resolve(repoRoot, path.dirname(seedFile)), { recursive: true });
  writeFileSync(path.resolve(repoRoot, seedFile), statements.map((statement) => `${statement};\n`).join(''));

  // wrangler echoes an empty result per statement; keep its output for when something goes wrong.
  const applied = wrangler(['d1', 'execute', 'DB', '--local', ...persistArgs, '--yes', '--file', seedFile], true);
  if (applied.status !== 0) {
    console.error(applied.stdout);
    console.error(`wrangler d1 execute failed (exit ${applied.status}); the statements are in ${seedFile}`);
    process.exit(applied.status ?? 1);
  }

  const [counts] = queryLocal<{ venues: number; drinks: number; orders: number }>(
    'SELECT (SELECT count(*) FROM venues) AS venues, (SELECT count(*) FROM menu_drinks) AS drinks, (SELECT count(*) FROM orders) AS orders',
  ) ?? [];
  console.log(counts
    ? `Demo data ready: ${counts.venues} venues, ${counts.drinks} menu drinks, ${counts.orders} orders (${statements.length} statements in ${seedFile}).`
    : `Demo data applied (${statements.length} statements in ${seedFile}); could not read the counts back.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
