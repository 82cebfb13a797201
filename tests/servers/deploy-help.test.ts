// `npm run deploy -- --help` prints the options and does nothing else: no build, no deploy (docs/decisions/194).
// An unknown option stops before the build too, so a typo never ships production. The deploy steps people follow
// create every R2 bucket of every environment (scripts/lib/deploy-docs.ts, part of `npm run check:deploy`).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deployDocs, missingBucketProblems } from '../../scripts/lib/deploy-docs';
import { EXPECTED } from '../../scripts/lib/deploy-build';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const buildDir = path.join(repoRoot, 'dist-production');
const builtAt = () => (existsSync(buildDir) ? statSync(buildDir).mtimeMs : null);

const deploy = (...args: string[]) => spawnSync('npm', ['run', 'deploy', '--', ...args], {
  cwd: repoRoot, encoding: 'utf8', timeout: 60_000,
  // Anything that reached wrangler would need these; a run that only prints help never asks.
  env: { ...process.env, CLOUDFLARE_API_TOKEN: 'not-a-token', CLOUDFLARE_ACCOUNT_ID: 'not-an-account' },
});

describe('npm run deploy', { timeout: 90_000 }, () => {
  it('-- --help prints the options, exits 0 and builds nothing', () => {
    const before = builtAt();
    const run = deploy('--help');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Usage: npm run deploy');
    expect(run.stdout).toContain('--dry-run');
    expect(run.stdout).not.toContain('== 1/4');
    expect(builtAt()).toBe(before);
  });

  it('an unknown option stops before the build with the help', () => {
    const before = builtAt();
    const run = deploy('--dryrun');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Unknown option --dryrun; nothing was built or deployed.');
    expect(run.stdout).not.toContain('== 1/4');
    expect(builtAt()).toBe(before);
  });
});

describe('the deploy steps', () => {
  const everyBucket = Object.entries(EXPECTED).flatMap(([environment, e]) => [e.r2, e.archive].map((bucket) => ({ environment, bucket })));

  it('the README and docs/deploy.md create every bucket of every environment', () => {
    expect(everyBucket.map((b) => b.bucket)).toContain('barhop-archive-staging');
    expect(missingBucketProblems(deployDocs(), everyBucket)).toEqual([]);
  });

  it('a bucket named only in passing, or only in one doc, is reported', () => {
    const docs = [
      { name: 'README.md "Deploy"', text: 'npx wrangler r2 bucket create barhop-images-staging; R2 barhop-archive-staging' },
      { name: 'docs/deploy.md', text: 'npx wrangler r2 bucket create barhop-archive-staging' },
    ];
    expect(missingBucketProblems(docs, [{ environment: 'staging', bucket: 'barhop-archive-staging' }, { environment: 'staging', bucket: 'barhop-images' }])).toEqual([
      'README.md "Deploy" does not create the staging R2 bucket barhop-archive-staging (`npx wrangler r2 bucket create barhop-archive-staging`)',
      'README.md "Deploy" does not create the staging R2 bucket barhop-images (`npx wrangler r2 bucket create barhop-images`)',
      'docs/deploy.md does not create the staging R2 bucket barhop-images (`npx wrangler r2 bucket create barhop-images`)',
    ]);
  });
});
