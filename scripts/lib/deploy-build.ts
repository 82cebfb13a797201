// Builds one deployed environment and checks what it would ship (scripts/deploy.ts, scripts/check-deploy.ts,
// docs/decisions/194-deploys-built-checked-and-guarded.md). With the Cloudflare Vite plugin the environment is chosen
// when building (CLOUDFLARE_ENV), and the build's own wrangler.json is what gets deployed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEVELOPMENT_JWT_SECRET } from '../../worker/deploy/deployment-guard';
import { VENUE_SHARD_BINDINGS } from '../../worker/shards/bindings';
import { repoRoot } from './wrangler';

export type DeployEnvironment = 'production' | 'staging';

/** What each environment must ship; wrangler.toml's [env.*] blocks are checked against it. */
export const EXPECTED: Record<DeployEnvironment, { workerName: string; demoMode: 'true' | 'false'; d1: string; r2: string; archive: string }> = {
  production: { workerName: 'barhop', demoMode: 'false', d1: 'barhop', r2: 'barhop-images', archive: 'barhop-archive' },
  staging: { workerName: 'barhop-staging', demoMode: 'true', d1: 'barhop-staging', r2: 'barhop-images-staging', archive: 'barhop-archive-staging' },
};

/** Strings only demo-only code contains (the bench routes, the demo accounts): absent from a production bundle. */
export const DEMO_ONLY_MARKERS = ['/d1-write-once', '/d1-insert', 'staff2@barhop.dev'];

export type BuiltConfig = {
  name: string;
  compatibility_date?: string;
  compatibility_flags?: string[];
  vars?: Record<string, string>;
  ai?: { binding: string };
  d1_databases?: { binding: string; database_name: string; database_id: string }[];
  r2_buckets?: { binding: string; bucket_name: string }[];
  durable_objects?: { bindings: { name: string; class_name: string }[] };
};

export type Build = { environment: DeployEnvironment; configPath: string; config: BuiltConfig; bundle: string };

const REDIRECT = path.join(repoRoot, '.wrangler', 'deploy', 'config.json');

/**
 * `vite build` with CLOUDFLARE_ENV set, into `outDir`. The build's redirect file is put back as it was, so
 * local wrangler commands keep reading wrangler.toml rather than the environment built last.
 */
export function buildEnvironment(environment: DeployEnvironment, outDir: string): Build {
  const redirectBefore = existsSync(REDIRECT) ? readFileSync(REDIRECT, 'utf8') : null;
  try {
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, CLOUDFLARE_ENV: environment, BARHOP_OUT_DIR: outDir },
    });
    if (result.status !== 0) throw new Error(`vite build for ${environment} failed (exit ${result.status})`);
  } finally {
    if (redirectBefore === null) rmSync(REDIRECT, { force: true });
    else writeFileSync(REDIRECT, redirectBefore);
  }
  const configPath = path.join(repoRoot, outDir, 'barhop', 'wrangler.json');
  return {
    environment,
    configPath,
    config: JSON.parse(readFileSync(configPath, 'utf8')) as BuiltConfig,
    bundle: readFileSync(path.join(repoRoot, outDir, 'barhop', 'index.js'), 'utf8'),
  };
}

/** Everything wrong with what this build would ship; empty when it may go live. */
export function buildProblems(build: Build): string[] {
  const { config, environment } = build;
  const expected = EXPECTED[environment];
  const vars = config.vars ?? {};
  const problems: string[] = [];
  if (config.name !== expected.workerName) problems.push(`worker name is "${config.name}", expected "${expected.workerName}"`);
  if (vars.APP_ENV !== environment) problems.push(`APP_ENV is "${vars.APP_ENV}", expected "${environment}"`);
  if (vars.DEMO_MODE !== expected.demoMode) problems.push(`DEMO_MODE is "${vars.DEMO_MODE}", expected "${expected.demoMode}"`);
  if ('JWT_SECRET' in vars) problems.push('JWT_SECRET is a plain var; it must be a secret (wrangler secret put JWT_SECRET)');
  if (Object.values(vars).includes(DEVELOPMENT_JWT_SECRET)) problems.push('the development signing key is in the vars');
  if (config.ai?.binding !== 'AI') problems.push('no Workers AI binding "AI"');
  const db = config.d1_databases?.find((d) => d.binding === 'DB');
  if (db?.database_name !== expected.d1) problems.push(`D1 "DB" is "${db?.database_name}", expected "${expected.d1}"`);
  VENUE_SHARD_BINDINGS.forEach((binding, index) => {
    const shard = config.d1_databases?.find((d) => d.binding === binding);
    if (shard?.database_name !== `${expected.d1}-shard-${index}`) problems.push(`D1 "${binding}" is "${shard?.database_name}", expected "${expected.d1}-shard-${index}"`);
  });
  const images = config.r2_buckets?.find((b) => b.binding === 'IMAGES');
  if (images?.bucket_name !== expected.r2) problems.push(`R2 "IMAGES" is "${images?.bucket_name}", expected "${expected.r2}"`);
  const archive = config.r2_buckets?.find((b) => b.binding === 'ARCHIVE');
  if (archive?.bucket_name !== expected.archive) problems.push(`R2 "ARCHIVE" is "${archive?.bucket_name}", expected "${expected.archive}"`);
  if (!config.durable_objects?.bindings.some((b) => b.name === 'VENUE_HUB' && b.class_name === 'VenueHub')) problems.push('no VENUE_HUB Durable Object binding');
  if (environment === 'production') {
    for (const marker of DEMO_ONLY_MARKERS) if (build.bundle.includes(marker)) problems.push(`demo-only code ("${marker}") is in the production bundle`);
  }
  return problems;
}

/** True while wrangler.toml still carries the placeholder id instead of the real database's. */
export const hasPlaceholderDatabaseId = (build: Build) =>
  (build.config.d1_databases ?? []).some((d) => d.database_id.startsWith('REPLACE_WITH'));
