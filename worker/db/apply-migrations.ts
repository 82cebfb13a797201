// Applies the migrations a D1 database has not had yet and records each in `d1_migrations`, the table and rows
// `wrangler d1 migrations apply` keeps, so wrangler and this agree on what a database has had. Used where wrangler's
// one process per database costs most of the time: the local databases (scripts/db-migrate.ts) and each test file's
// own (tests/worker/setup.ts).

/** One migration file: its name (`0000_init.sql`) and its statements, split as wrangler splits them. */
export type Migration = { readonly name: string; readonly queries: readonly string[] };

/** What this needs of a database: workerd's D1 binding in the tests, wrangler's local proxy of it in scripts. */
type Statement = { bind(...values: unknown[]): Statement; all<Row>(): Promise<{ results: Row[] }> };
export type MigratableDatabase = { prepare(sql: string): Statement; batch(statements: Statement[]): Promise<unknown> };

const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "d1_migrations" (
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
	);`;

/**
 * Applies, in order, each migration not yet recorded, and returns their names. All of them go in one batch, one
 * transaction: a failing statement leaves the database as it was, with no migration half applied.
 */
export async function applyMigrations(db: MigratableDatabase, migrations: readonly Migration[]): Promise<string[]> {
  await db.batch([db.prepare(MIGRATIONS_TABLE)]);
  const { results } = await db.prepare('SELECT name FROM "d1_migrations"').all<{ name: string }>();
  const applied = new Set(results.map((row) => row.name));
  const pending = migrations.filter((migration) => !applied.has(migration.name));
  if (pending.length === 0) return [];
  const record = db.prepare('INSERT INTO "d1_migrations" (name) VALUES (?);');
  await db.batch(pending.flatMap((migration) => [...migration.queries.map((query) => db.prepare(query)), record.bind(migration.name)]));
  return pending.map((migration) => migration.name);
}
