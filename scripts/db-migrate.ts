// `npm run db:migrate`: applies the migrations to every local D1 database, the control database and each
// venue shard (wrangler.toml, docs/decisions/150). `--persist-to <dir>` migrates another local state directory.
import { ALL_D1_BINDINGS } from '../worker/shards/bindings';
import { argValue, wrangler } from './lib/wrangler';

const persistTo = argValue(process.argv, '--persist-to');
for (const binding of ALL_D1_BINDINGS) {
  const applied = wrangler(['d1', 'migrations', 'apply', binding, '--local', '-c', 'wrangler.toml', ...(persistTo ? ['--persist-to', persistTo] : [])], {
    env: { ...process.env, CI: 'true' },
  });
  if (applied.status !== 0) {
    console.error(`Applying the migrations to ${binding} failed (exit ${applied.status}).`);
    process.exit(applied.status);
  }
}
