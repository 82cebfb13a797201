// Shared fixtures for the reliability suites: callers of every kind, and a write log that proves
// a rejected request stored nothing.
import { env } from 'cloudflare:workers';
import { signStaffToken } from '../../../worker/auth/tokens';
import { DEMO_EMAILS, insertGuestCallers, mintToken, openTestSession, userRow, venueId } from '../auth-helpers';

export type CallerKind = 'device' | 'guest' | 'staff' | 'admin' | 'otherAdmin' | 'superadmin' | 'impersonating';

/** Fresh tokens of every kind (a new device and a new signed-in guest each time). */
export async function callerTokens(): Promise<Record<CallerKind, string>> {
  const { device, guest } = await insertGuestCallers();
  const superadmin = await userRow(DEMO_EMAILS.superadmin);
  return {
    device,
    guest,
    staff: await mintToken(DEMO_EMAILS.staff),
    admin: await mintToken(DEMO_EMAILS.admin),
    otherAdmin: await mintToken(DEMO_EMAILS.admin2),
    superadmin: await mintToken(DEMO_EMAILS.superadmin),
    impersonating: await signStaffToken(env, {
      sub: superadmin.id, role: 'admin', restaurant_id: await venueId('artisan-bar'), claims_version: superadmin.claims_version, act: superadmin.id, sid: await openTestSession(superadmin.id),
    }, 1800),
  };
}

/**
 * Tables a refused request may legitimately write: counters of failures (rate limits, a code's
 * wrong tries), the audit log of impersonated writes (it records refusals too), and error logs.
 * The platform rollups are derived: a venue hub's alarm recomputes them 5 s after an earlier,
 * accepted change (docs/decisions/203), so they may land while any later request is in flight.
 * A refusal that changed what they are computed from still shows in the source tables.
 */
export const WRITES_ALLOWED_ON_REFUSAL = new Set([
  'rate_limits', 'otp_codes', 'audit_log', 'error_logs',
  'venue_day_rollups', 'venue_day_drinks', 'venue_recent_orders',
]);

const LOG_TABLE = 'rel_write_log';

/**
 * SQLite triggers on every application table append to a log table: after a request, the rows
 * past the mark say exactly which tables it inserted into, updated or deleted from.
 */
export async function installWriteLog(): Promise<void> {
  const { results } = await env.DB.prepare(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT IN ('d1_migrations', ?)`,
  ).bind(LOG_TABLE).all<{ name: string }>();
  const statements = [env.DB.prepare(`CREATE TABLE IF NOT EXISTS ${LOG_TABLE} (seq INTEGER PRIMARY KEY AUTOINCREMENT, tbl TEXT NOT NULL, op TEXT NOT NULL)`)];
  for (const { name } of results) {
    for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
      statements.push(env.DB.prepare(
        `CREATE TRIGGER IF NOT EXISTS rel_${name}_${op.toLowerCase()} AFTER ${op} ON "${name}" BEGIN INSERT INTO ${LOG_TABLE} (tbl, op) VALUES ('${name}', '${op}'); END`,
      ));
    }
  }
  await env.DB.batch(statements);
}

export async function writeMark(): Promise<number> {
  return (await env.DB.prepare(`SELECT coalesce(max(seq), 0) AS n FROM ${LOG_TABLE}`).first<{ n: number }>())!.n;
}

/** Writes since `mark` outside the tables a refusal may touch, as 'table:OP' strings. */
export async function writesSince(mark: number): Promise<string[]> {
  const { results } = await env.DB.prepare(`SELECT tbl, op FROM ${LOG_TABLE} WHERE seq > ?`).bind(mark).all<{ tbl: string; op: string }>();
  return results.filter((r) => !WRITES_ALLOWED_ON_REFUSAL.has(r.tbl)).map((r) => `${r.tbl}:${r.op}`);
}
