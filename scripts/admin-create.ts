// Creates (or promotes) a super admin with a generated password printed once:
//   npm run admin:create -- --email ops@example.com [--name "Ops"] [--remote [--env production|staging]] [--persist-to <dir>]
// Without --remote it writes the local database (`npm start`'s, or another state directory with --persist-to).
// docs/decisions/191-roles-venue-teams-and-accounts.md; README "Deploy".
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { superAdminBootstrap } from '../worker/auth/bootstrap-super-admin';
import { argValue, d1Target, wrangler } from './lib/wrangler';

const USAGE = 'Usage: npm run admin:create -- --email <address> [--name "<display name>"] [--remote [--env production|staging]] [--persist-to <dir>]';

async function main() {
  const argv = process.argv.slice(2);
  const rawEmail = argValue(argv, '--email');
  if (!rawEmail) throw new Error(`--email is required.\n${USAGE}`);
  const remote = argv.includes('--remote');
  const remoteEnv = remote ? (argValue(argv, '--env') ?? 'production') : undefined;
  if (remoteEnv && !['production', 'staging'].includes(remoteEnv)) throw new Error(`--env must be production or staging, not "${remoteEnv}"`);
  const persistTo = argValue(argv, '--persist-to');
  const target = d1Target({ remoteEnv, persistTo });
  const where = remoteEnv ? `the remote ${remoteEnv} database` : `the local database${persistTo ? ` in ${persistTo}` : ''}`;

  const bootstrap = await superAdminBootstrap(rawEmail, argValue(argv, '--name') ?? null);
  const existing = wrangler(['d1', 'execute', 'DB', ...target, '--json', '--command',
    `SELECT role FROM users WHERE email = '${bootstrap.email.replace(/'/g, "''")}'`], { capture: true });
  if (existing.status !== 0) throw new Error(`Could not read ${where}. Are the migrations applied (npm run db:migrate, or npm run deploy)?`);
  const rows = (JSON.parse(existing.stdout.slice(existing.stdout.indexOf('['))) as { results: { role: string }[] }[])[0]?.results ?? [];
  const before = rows[0]?.role;

  // A file, not --command: the password hash stays off the process list.
  const dir = mkdtempSync(path.join(tmpdir(), 'barhop-admin-'));
  const file = path.join(dir, 'admin-create.sql');
  try {
    writeFileSync(file, bootstrap.statements.map((statement) => `${statement};\n`).join(''), { mode: 0o600 });
    const applied = wrangler(['d1', 'execute', 'DB', ...target, '--yes', '--file', file], { capture: true });
    if (applied.status !== 0) {
      console.error(applied.stdout);
      throw new Error(`wrangler d1 execute failed on ${where} (exit ${applied.status})`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  console.log(before
    ? `${bootstrap.email} was ${before}; now super admin with a new password. Its earlier sessions are signed out.`
    : `Created super admin ${bootstrap.email} in ${where}.`);
  console.log(`Password (shown once; store it now): ${bootstrap.password}`);
  console.log('Sign in at /login with this e-mail and password.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
