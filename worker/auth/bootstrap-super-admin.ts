// The first super admin of an empty database (`npm run admin:create`, README "Deploy",
// docs/decisions/191-roles-venue-teams-and-accounts.md). Plain SQL with literal values, so the same statements run
// through `wrangler d1 execute --file` (local or remote) and through D1 in the Worker tests.
import { LoginBody } from '../../shared/schemas/auth';
import { newId } from '../../shared/ids';
import { sqlValue } from '../db/seed/sql-literals';
import { hashPassword } from './password';

/** 24 characters of [A-Za-z0-9]: about 142 bits, shown once. */
export const GENERATED_PASSWORD_LENGTH = 24;

export type SuperAdminBootstrap = { email: string; password: string; statements: string[] };

/** The e-mail as sign-in reads it (trimmed, lower-case), or an Error saying why it cannot be one. */
export function superAdminEmail(raw: string): string {
  const parsed = LoginBody.shape.email.safeParse(raw);
  if (!parsed.success) throw new Error(`"${raw}" is not a valid e-mail address`);
  return parsed.data;
}

/**
 * Creates the account, or promotes an existing one with that e-mail: super admin role, no venue, enabled,
 * the new password (hashed as the Worker hashes passwords), claims version bumped and every refresh token
 * revoked, so sessions opened under the old role or password end.
 */
export async function superAdminBootstrap(rawEmail: string, displayName: string | null, now = new Date()): Promise<SuperAdminBootstrap> {
  const email = superAdminEmail(rawEmail);
  const password = newId(GENERATED_PASSWORD_LENGTH);
  const passwordHash = await hashPassword(password);
  const at = sqlValue(now.toISOString());
  const statements = [
    `INSERT INTO users (id, email, password_hash, display_name, role, restaurant_id, claims_version, disabled_at, created_at, updated_at)
VALUES (${sqlValue(newId())}, ${sqlValue(email)}, ${sqlValue(passwordHash)}, ${sqlValue(displayName)}, 'superadmin', NULL, 1, NULL, ${at}, ${at})
ON CONFLICT (email) DO UPDATE SET password_hash = excluded.password_hash, role = 'superadmin', restaurant_id = NULL,
  disabled_at = NULL, display_name = coalesce(excluded.display_name, users.display_name),
  claims_version = users.claims_version + 1, updated_at = excluded.updated_at`,
    `UPDATE refresh_tokens SET revoked_at = ${at} WHERE revoked_at IS NULL AND user_id = (SELECT id FROM users WHERE email = ${sqlValue(email)})`,
  ];
  return { email, password, statements };
}
