// `npm run db:migrate`: applies the migrations to every local D1 database, the control database and each
// venue shard (wrangler.toml, docs/decisions/150). `--persist-to <dir>` migrates another local state directory.
// The deployed databases take theirs from `npm run deploy` (wrangler d1 migrations apply --remote).
import { applyMigrations } from '../worker/db/apply-migrations';
import { ALL_D1_BINDINGS } from '../worker/shards/bindings';
import { readMigrations, withLocalDatabases } from './lib/local-d1';
import { argValue } from './lib/wrangler';

const persistTo = argValue(process.argv, '--persist-to');
const migrations = await readMigrations();
await withLocalDatabases(persistTo, async (databases) => {
  for (const binding of ALL_D1_BINDINGS) {
    try {
      const applied = await applyMigrations(databases[binding], migrations);
      console.log(applied.length ? `${binding}: applied ${applied.length} migration${applied.length === 1 ? '' : 's'} (${applied[0]} … ${applied.at(-1)})` : `${binding}: no migrations to apply`);
    } catch (error) {
      console.error(`Applying the migrations to ${binding} failed; it is left as it was.`, error);
      process.exitCode = 1;
    }
  }
});
