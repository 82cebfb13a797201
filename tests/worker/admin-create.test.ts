// `npm run admin:create`'s statements (worker/auth/bootstrap-super-admin.ts) on a real D1: the account
// signs in as super admin with the printed password; an existing account is promoted and signed out.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { superAdminBootstrap, superAdminEmail } from '../../worker/auth/bootstrap-super-admin';
import { DEMO_EMAILS, login, userRow } from './auth-helpers';
import { call, expectApiError } from './helpers';

async function apply(statements: string[]) {
  await env.DB.batch(statements.map((statement) => env.DB.prepare(statement)));
}

describe('admin:create', () => {
  it('creates a super admin who signs in with the generated password and sees every venue', async () => {
    const created = await superAdminBootstrap('  Ops@Example.COM ', 'Ops');
    expect(created.email).toBe('ops@example.com');
    expect(created.password).toMatch(/^[A-Za-z0-9]{24}$/);
    await apply(created.statements);

    const signedIn = await login('ops@example.com', created.password);
    expect(signedIn.user).toMatchObject({ email: 'ops@example.com', role: 'superadmin', restaurant_id: null });
    const venues = await call('GET', '/api/super/venues', { token: signedIn.token });
    expect(venues.status).toBe(200);
    expectApiError(await call('POST', '/api/auth/login', { body: { email: 'ops@example.com', password: 'barhop-demo' } }), 401);
  });

  it('promotes an existing venue admin, replaces the password and ends the sessions it had', async () => {
    const before = await login(DEMO_EMAILS.admin2);
    const promoted = await superAdminBootstrap(DEMO_EMAILS.admin2, null);
    await apply(promoted.statements);

    const row = await userRow(DEMO_EMAILS.admin2);
    expect(row).toMatchObject({ role: 'superadmin', restaurant_id: null });
    expectApiError(await call('POST', '/api/auth/login', { body: { email: DEMO_EMAILS.admin2, password: 'barhop-demo' } }), 401);
    // The refresh cookie of the earlier sign-in no longer renews.
    const refreshed = await call('POST', '/api/auth/refresh', { headers: { Cookie: `barhop_refresh=${before.cookie}` } });
    expect(refreshed.status).toBe(401);
    expect((await login(DEMO_EMAILS.admin2, promoted.password)).user.role).toBe('superadmin');
  });

  it('refuses an address that is not one, writing nothing', async () => {
    const users = async () => (await env.DB.prepare('SELECT count(*) AS n FROM users').first<{ n: number }>())!.n;
    const count = await users();
    expect(() => superAdminEmail('not-an-email')).toThrow(/not a valid e-mail/);
    await expect(superAdminBootstrap('', null)).rejects.toThrow(/not a valid e-mail/);
    expect(await users()).toBe(count);
  });
});
