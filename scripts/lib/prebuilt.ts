// Points `vite preview` at a build made already (BARHOP_PREBUILT: CI's `npm run check` leaves one in dist-check), so a
// server serves it instead of building again (docs/decisions/221). `vite preview` serves the build that
// .wrangler/deploy/config.json names, which the last build wrote, and builds since may have been elsewhere (a temp
// directory, another environment): this names the one given. scripts/e2e-server.sh (through
// scripts/serve-prebuilt.ts) and tests/servers/local-servers.test.ts use it.
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './wrangler';

/** Writes .wrangler/deploy/config.json naming `buildDir`'s Worker config; returns `buildDir` as an absolute path. */
export function servePrebuilt(buildDir: string): string {
  const outDir = path.resolve(repoRoot, buildDir);
  const built = path.join(outDir, 'barhop', 'wrangler.json');
  if (!existsSync(built)) throw new Error(`BARHOP_PREBUILT: no ${built}`);
  const redirectDir = path.join(repoRoot, '.wrangler', 'deploy');
  mkdirSync(redirectDir, { recursive: true });
  // Written aside and renamed into place: both e2e servers write it as they start, and one may already be reading it.
  const redirect = path.join(redirectDir, 'config.json');
  const written = `${redirect}.${process.pid}`;
  writeFileSync(written, `${JSON.stringify({ configPath: path.relative(redirectDir, built), auxiliaryWorkers: [] })}\n`);
  renameSync(written, redirect);
  return outDir;
}
