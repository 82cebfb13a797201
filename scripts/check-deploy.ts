// `npm run check:deploy` (part of `npm run check`, so CI runs it): builds production and staging as
// `npm run deploy` does and fails unless each ships what it must, and `wrangler deploy --dry-run` on the
// build succeeds offline and lists those bindings (docs/decisions/194), and the built Worker, run on local workerd,
// refuses the committed key, short keys and demo mode outside staging whatever APP_ENV says (docs/decisions/194), and
// the README's and docs/deploy.md's steps create every R2 bucket each build binds (docs/decisions/194).
import { buildEnvironment, buildProblems, EXPECTED, type DeployEnvironment } from './lib/deploy-build';
import { deployDocs, missingBucketProblems } from './lib/deploy-docs';
import { deployRefusalProblems } from './lib/deploy-refusals';
import { VENUE_SHARD_BINDINGS } from '../worker/shards/bindings';
import { wrangler } from './lib/wrangler';

const failures: string[] = [];
for (const environment of ['production', 'staging'] as DeployEnvironment[]) {
  const build = buildEnvironment(environment, `dist-check-${environment}`);
  const problems = buildProblems(build);
  const dryRun = wrangler(['deploy', '--dry-run', '--config', build.configPath], { capture: true });
  if (dryRun.status !== 0) problems.push(`wrangler deploy --dry-run failed (exit ${dryRun.status})`);
  const listed = [`env.DEMO_MODE ("${EXPECTED[environment].demoMode}")`, `env.APP_ENV ("${environment}")`, 'env.AI ', `env.DB (${EXPECTED[environment].d1})`, ...VENUE_SHARD_BINDINGS.map((binding, index) => `env.${binding} (${EXPECTED[environment].d1}-shard-${index})`), `env.IMAGES (${EXPECTED[environment].r2})`, `env.ARCHIVE (${EXPECTED[environment].archive})`];
  for (const binding of listed) if (!dryRun.stdout.includes(binding)) problems.push(`the dry run does not list ${binding.trim()}`);
  if (dryRun.stdout.includes('JWT_SECRET')) problems.push('the dry run lists JWT_SECRET as a var');
  problems.push(...await deployRefusalProblems(build));
  // Every bucket this build binds is created in the deploy steps people follow (docs/decisions/194).
  problems.push(...missingBucketProblems(deployDocs(), (build.config.r2_buckets ?? []).map((b) => ({ environment, bucket: b.bucket_name }))));
  console.log(problems.length === 0 ? `deploy check ${environment}: ok (${listed.map((b) => b.trim()).join(', ')})` : `deploy check ${environment}: FAILED`);
  failures.push(...problems.map((problem) => `${environment}: ${problem}`));
}
if (failures.length > 0) {
  console.error(failures.map((failure) => `- ${failure}`).join('\n'));
  process.exit(1);
}
