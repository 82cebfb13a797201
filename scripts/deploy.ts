// `npm run deploy` (production) and `npm run deploy:staging`: build that environment, check what it would
// ship, apply the migrations to its remote D1, deploy that build. `-- --dry-run` stops before anything
// remote and lets wrangler list the bindings instead. README "Deploy"; docs/decisions/194.
import { buildEnvironment, buildProblems, hasPlaceholderDatabaseId, type DeployEnvironment } from './lib/deploy-build';
import { ALL_D1_BINDINGS } from '../worker/shards/bindings';
import { wrangler } from './lib/wrangler';

const USAGE = `Usage: npm run deploy [-- --dry-run]          build, check, migrate and deploy production
       npm run deploy:staging [-- --dry-run]  the same for staging
       npm run deploy -- --help               this help; nothing is built or deployed

  --dry-run  build and check, then \`wrangler deploy --dry-run\` (offline: no migrations, nothing deployed)
  --help     print this help and exit

Steps: 1 build (CLOUDFLARE_ENV=<env>), 2 check what it would ship, 3 apply the migrations to every remote D1,
4 deploy that build. Before the first deploy, create every D1 database and R2 bucket listed in docs/deploy.md.`;

const OPTIONS = new Set(['--dry-run', '--help', '-h']);

/** The command line, read before anything runs: help or an unknown option never reaches a build. */
function parseArguments(argv: string[]) {
  if (argv.includes('--help') || argv.includes('-h')) return { help: true as const };
  const unknown = argv.filter((arg) => arg.startsWith('-') && !OPTIONS.has(arg));
  if (unknown.length > 0) throw new Error(`Unknown option ${unknown.join(', ')}; nothing was built or deployed.\n\n${USAGE}`);
  const environment = (argv.find((arg) => !arg.startsWith('-')) ?? 'production') as DeployEnvironment;
  if (environment !== 'production' && environment !== 'staging') throw new Error(`Unknown environment "${environment}" (production or staging)`);
  return { help: false as const, environment, dryRun: argv.includes('--dry-run') };
}

function main() {
  const args = parseArguments(process.argv.slice(2));
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const { environment, dryRun } = args;

  console.log(`== 1/4 build the ${environment} environment (CLOUDFLARE_ENV=${environment})`);
  console.log(`   (wrangler warns that JWT_SECRET is not in env.${environment}.vars: that is intended, it is a secret there; do not add it as a var)`);
  const build = buildEnvironment(environment, `dist-${environment}`);

  console.log('== 2/4 check what it would ship');
  const problems = buildProblems(build);
  if (problems.length > 0) throw new Error(`Not deploying ${environment}:\n- ${problems.join('\n- ')}`);
  if (hasPlaceholderDatabaseId(build) && !dryRun) {
    const placeholders = (build.config.d1_databases ?? []).filter((d) => d.database_id.startsWith('REPLACE_WITH')).map((d) => d.database_name);
    throw new Error(`wrangler.toml's [env.${environment}] D1 database_id is still a placeholder for ${placeholders.join(', ')}: run \`npx wrangler d1 create <name>\` for each and put the printed ids there.`);
  }
  console.log(`   ${build.configPath}: APP_ENV ${environment}, DEMO_MODE ${build.config.vars?.DEMO_MODE}, AI on, no JWT_SECRET var`);

  const config = ['--config', build.configPath];
  if (dryRun) {
    console.log('== 3/4 migrations: skipped (--dry-run)');
  } else {
    // The control database and every venue shard take the same migrations (docs/decisions/150).
    for (const binding of ALL_D1_BINDINGS) {
      console.log(`== 3/4 apply the migrations to the remote ${environment} D1 ${binding}`);
      if (wrangler(['d1', 'migrations', 'apply', binding, '--remote', ...config]).status !== 0) throw new Error(`Applying the migrations to ${binding} failed; nothing was deployed.`);
    }
  }

  console.log(`== 4/4 deploy${dryRun ? ' (--dry-run)' : ''}`);
  if (wrangler(['deploy', ...config, ...(dryRun ? ['--dry-run'] : [])]).status !== 0) throw new Error('wrangler deploy failed.');
  if (!dryRun) {
    console.log(`Deployed ${environment}. If JWT_SECRET is not set yet (wrangler secret put JWT_SECRET --env ${environment}), every request answers 503 until it is.`);
  }
}

try {
  main();
} catch (error: unknown) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
