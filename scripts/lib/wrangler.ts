// wrangler run by the Node that runs the script (Node 24 from node_modules), always with an explicit
// config: a build leaves `.wrangler/deploy/config.json`, which would otherwise point every later
// wrangler command at the built config of whatever environment was built last.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const wranglerEntry = path.join(repoRoot, 'node_modules', 'wrangler', 'bin', 'wrangler.js');

export type WranglerResult = { status: number; stdout: string };

/** Runs wrangler; with `capture` its stdout is returned instead of shown. */
export function wrangler(args: string[], options: { capture?: boolean; env?: NodeJS.ProcessEnv } = {}): WranglerResult {
  const result = spawnSync(process.execPath, [wranglerEntry, ...args], {
    cwd: repoRoot,
    shell: false,
    stdio: options.capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    encoding: 'utf8',
    env: options.env ?? process.env,
  });
  if (result.error) throw result.error;
  return { status: result.status ?? 1, stdout: result.stdout ?? '' };
}

/** `-c wrangler.toml` plus where the D1 database is: local (optionally another state directory) or a remote environment's. */
export function d1Target(options: { remoteEnv?: string; persistTo?: string }): string[] {
  if (options.remoteEnv) return ['-c', 'wrangler.toml', '--env', options.remoteEnv, '--remote'];
  return ['-c', 'wrangler.toml', '--local', ...(options.persistTo ? ['--persist-to', options.persistTo] : [])];
}

/** The value after `--name` in argv, or undefined. */
export function argValue(argv: readonly string[], name: string): string | undefined {
  const index = argv.indexOf(name);
  if (index < 0) return undefined;
  const value = argv[index + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
  return value;
}
