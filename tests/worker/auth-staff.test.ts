import { env } from 'cloudflare:workers';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { AuthClaims, AuthSession } from '../../shared/schemas/auth';
import { LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT } from '../../worker/auth/limits';
import { REFRESH_REUSE_GRACE_SECONDS } from '../../worker/auth/sessions';
import { ISSUER, sha256Hex, signGuestToken, STAFF_AUDIENCE, verifyToken } from '../../worker/auth/tokens';
import { DEMO_EMAILS, login, mintToken, openTestSession, refreshCookieOf, userRow } from './auth-helpers';
import { call, expectApiError } from './helpers';

const cookieHeader = (cookie: string) => ({ Cookie: `barhop_refresh=${cookie}` });
const b64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('login', () => {
  it('answers a 15-minute access token, the user, and an httpOnly strict refresh cookie', async () => {
    const res = await call('POST', '/api/auth/login', { body: { email: 'ADMIN@barhop.dev', password: 'barhop-demo' } });
    expect(res.status).toBe(200);
    const session = AuthSession.parse(res.json);
    expect(session.expires_in).toBe(900);
    expect(session.user).toMatchObject({ email: 'admin@barhop.dev', role: 'admin' });
    expect(session.user.restaurant_id).toBeTruthy();
    const header = res.headers.getSetCookie().find((c) => c.startsWith('barhop_refresh='))!;
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Strict/i);
    expect(header).toMatch(/Path=\/api\/auth/);
    expect(header).not.toMatch(/Secure/i);
    const payload = JSON.parse(atob(session.access_token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
    expect(payload.exp - payload.iat).toBe(900);
    expect(payload).toMatchObject({ iss: ISSUER, aud: STAFF_AUDIENCE, role: 'admin', claims_version: session.user.claims_version });
  });

  it('gives a wrong password and an unknown email the same 401 message, and sets no cookie', async () => {
    const wrong = await call('POST', '/api/auth/login', { body: { email: 'staff@barhop.dev', password: 'nope-nope' } });
    const unknown = await call('POST', '/api/auth/login', { body: { email: 'nobody@barhop.dev', password: 'barhop-demo' } });
    const a = expectApiError(wrong, 401);
    const b = expectApiError(unknown, 401);
    expect(a.message).toBe('Invalid email or password');
    expect(b).toEqual(a);
    expect(refreshCookieOf(wrong)).toBeNull();
    expect(refreshCookieOf(unknown)).toBeNull();
  });

  it('rejects a malformed body with 400 details', async () => {
    const error = expectApiError(await call('POST', '/api/auth/login', { body: { email: 'not-an-email' } }), 400);
    expect(error.details).toBeTruthy();
  });

  it('limits failed attempts per account and address with 429 and Retry-After, even for the right password', async () => {
    const headers = { 'CF-Connecting-IP': '198.51.100.7' };
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT.limit; i++) {
      expectApiError(await call('POST', '/api/auth/login', { body: { email: DEMO_EMAILS.staff2, password: `wrong-${i}` }, headers }), 401);
    }
    const limited = await call('POST', '/api/auth/login', { body: { email: DEMO_EMAILS.staff2, password: 'barhop-demo' }, headers });
    expectApiError(limited, 429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    // The account is not locked from another address (docs/decisions/165).
    await login(DEMO_EMAILS.staff2, undefined, { 'CF-Connecting-IP': '198.51.100.8' });
  });

  it("failures over other accounts from one address do not lock an account there: the address is only a flood ceiling", async () => {
    const headers = { 'CF-Connecting-IP': '203.0.113.99' };
    for (let i = 0; i < 12; i++) {
      expectApiError(await call('POST', '/api/auth/login', { body: { email: `probe${i}@example.com`, password: 'guess' }, headers }), 401);
    }
    await login(DEMO_EMAILS.admin2, undefined, headers);
  });

  it('a right password remembers the browser as a known device of the account: an httpOnly cookie only the sign-in reads', async () => {
    const { res } = await login(DEMO_EMAILS.admin2, undefined, { 'CF-Connecting-IP': '203.0.113.101' });
    const device = res.headers.getSetCookie().find((c) => c.startsWith('barhop_device='))!;
    expect(device).toMatch(/;\s*HttpOnly/i);
    expect(device).toMatch(/;\s*SameSite=Strict/i);
    expect(device).toMatch(/;\s*Path=\/api\/auth\/login(;|$)/i);
    expect(device).not.toContain(res.json.access_token);
    // A wrong password sets nothing.
    const wrong = await call('POST', '/api/auth/login', { body: { email: DEMO_EMAILS.admin2, password: 'wrong' }, headers: { 'CF-Connecting-IP': '203.0.113.102' } });
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('outside demo mode the demo accounts list is empty and the demo password opens nothing', async () => {
    const { app } = await import('../../worker/app');
    const { createExecutionContext } = await import('cloudflare:test');
    const prodEnv = { ...env, DEMO_MODE: 'false' } as unknown as typeof env;
    const demo = await app.fetch(new Request('http://localhost/api/auth/demo'), prodEnv, createExecutionContext());
    expect(await demo.json()).toEqual({ demo_mode: false, password: null, accounts: [] });
    const res = await app.fetch(new Request('http://localhost/api/auth/login', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: DEMO_EMAILS.staff, password: 'barhop-demo' }),
    }), prodEnv, createExecutionContext());
    expect(res.status).toBe(401);
    const inDemo = await call('GET', '/api/auth/demo');
    expect(inDemo.json.demo_mode).toBe(true);
    expect(inDemo.json.accounts.map((a: { role: string }) => a.role)).toEqual(expect.arrayContaining(['superadmin', 'admin', 'staff']));
  });
});

/** Moves the token's spend back past the reuse grace window, as if that much time had passed. */
async function pastReuseGrace(cookie: string) {
  const earlier = new Date(Date.now() - (REFRESH_REUSE_GRACE_SECONDS + 1) * 1000).toISOString();
  await env.DB.prepare('UPDATE refresh_tokens SET used_at = ? WHERE token_hash = ?').bind(earlier, await sha256Hex(cookie)).run();
}

describe('refresh tokens', () => {
  it('rotates on every use; reusing an old token revokes the whole family', async () => {
    const { cookie: first } = await login(DEMO_EMAILS.staff);
    const r1 = await call('POST', '/api/auth/refresh', { headers: cookieHeader(first) });
    expect(r1.status).toBe(200);
    AuthSession.parse(r1.json);
    const second = refreshCookieOf(r1)!;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);

    const r2 = await call('POST', '/api/auth/refresh', { headers: cookieHeader(second) });
    expect(r2.status).toBe(200);
    const third = refreshCookieOf(r2)!;

    // The first token again, after the grace window: someone replayed it. Everything in its family dies, including the newest.
    await pastReuseGrace(first);
    expectApiError(await call('POST', '/api/auth/refresh', { headers: cookieHeader(first) }), 401);
    expectApiError(await call('POST', '/api/auth/refresh', { headers: cookieHeader(third) }), 401);
  });

  it('leaves other sessions of the same user alone when one family is revoked', async () => {
    const a = await login(DEMO_EMAILS.admin);
    const b = await login(DEMO_EMAILS.admin);
    await call('POST', '/api/auth/refresh', { headers: cookieHeader(a.cookie) });
    await pastReuseGrace(a.cookie);
    expectApiError(await call('POST', '/api/auth/refresh', { headers: cookieHeader(a.cookie) }), 401);
    expect((await call('POST', '/api/auth/refresh', { headers: cookieHeader(b.cookie) })).status).toBe(200);
  });

  it('stores only hashes of refresh tokens', async () => {
    const { cookie } = await login(DEMO_EMAILS.staff);
    const hit = await env.DB.prepare('SELECT COUNT(*) AS n FROM refresh_tokens WHERE token_hash = ?').bind(cookie).first<{ n: number }>();
    expect(hit!.n).toBe(0);
  });

  it('answers 401 without a cookie or with an unknown one', async () => {
    expectApiError(await call('POST', '/api/auth/refresh'), 401);
    expectApiError(await call('POST', '/api/auth/refresh', { headers: cookieHeader('made-up') }), 401);
  });

  it('logout revokes the family and clears the cookie', async () => {
    const { cookie } = await login(DEMO_EMAILS.staff);
    const out = await call('POST', '/api/auth/logout', { headers: cookieHeader(cookie) });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().find((c) => c.startsWith('barhop_refresh='))).toMatch(/Max-Age=0/);
    expectApiError(await call('POST', '/api/auth/refresh', { headers: cookieHeader(cookie) }), 401);
  });
});

describe('claims', () => {
  it('answers the caller claims on GET /api/admin/auth/me', async () => {
    const { token, user } = await login(DEMO_EMAILS.staff);
    const res = await call('GET', '/api/admin/auth/me', { token });
    expect(res.status).toBe(200);
    expect(AuthClaims.parse(res.json)).toMatchObject({ role: 'staff', restaurant_id: user.restaurant_id, claims_version: user.claims_version, impersonating: false });
  });

  it('answers 409 claims_outdated to a token whose claims changed, and claims/sync refuses to renew it', async () => {
    const { token } = await login(DEMO_EMAILS.admin2);
    const before = await userRow(DEMO_EMAILS.admin2);
    await env.DB.prepare("UPDATE users SET role = 'staff', claims_version = claims_version + 1 WHERE id = ?").bind(before.id).run();

    const outdated = await call('GET', '/api/admin/auth/me', { token });
    expectApiError(outdated, 409);
    expect(outdated.json.detail).toBe('claims_outdated');
    expect((await call('GET', '/api/super/venues', { token })).json.detail).toBe('claims_outdated');

    // An outdated token is never renewed: the user signs in again and gets the current claims.
    expectApiError(await call('POST', '/api/auth/claims/sync', { token }), 401);
    const again = await login(DEMO_EMAILS.admin2);
    expect(again.user).toMatchObject({ role: 'staff', claims_version: before.claims_version + 1 });
    const retried = await call('GET', '/api/admin/auth/me', { token: again.token });
    expect(retried.status).toBe(200);
    expect(retried.json).toMatchObject({ role: 'staff', claims_version: before.claims_version + 1 });
    await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(before.id).run();
  });

  it('claims/sync renews a live session with current claims, in the same session', async () => {
    const { token } = await login(DEMO_EMAILS.staff);
    const synced = await call('POST', '/api/auth/claims/sync', { token });
    expect(synced.status, synced.text).toBe(200);
    const sid = (t: string) => JSON.parse(atob(t.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).sid;
    expect(sid(synced.json.access_token)).toBe(sid(token));
  });

  it('refuses claims sync without a staff token', async () => {
    expectApiError(await call('POST', '/api/auth/claims/sync'), 401);
  });
});

describe('token checks', () => {
  const secret = () => new TextEncoder().encode(env.JWT_SECRET);

  it('rejects a tampered token with 401', async () => {
    const token = await mintToken(DEMO_EMAILS.staff);
    const [h, p, s] = token.split('.');
    const claims = JSON.parse(atob(p!.replace(/-/g, '+').replace(/_/g, '/')));
    const forged = `${h}.${b64url({ ...claims, role: 'superadmin' })}.${s}`;
    expectApiError(await call('GET', '/api/admin/auth/me', { token: forged }), 401);
    expectApiError(await call('GET', '/api/admin/auth/me', { token: `${token.slice(0, -3)}abc` }), 401);
  });

  it('rejects alg none with 401', async () => {
    const u = await userRow(DEMO_EMAILS.superadmin);
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({
      sub: u.id, role: 'superadmin', restaurant_id: null, claims_version: u.claims_version, iss: ISSUER, aud: STAFF_AUDIENCE, iat: now, exp: now + 600,
    })}.`;
    expectApiError(await call('GET', '/api/super/venues', { token: unsigned }), 401);
  });

  it('rejects an expired token, a wrong issuer, a wrong audience and another algorithm with 401', async () => {
    const u = await userRow(DEMO_EMAILS.superadmin);
    const claims = { role: 'superadmin', restaurant_id: null, claims_version: u.claims_version };
    const build = (alg = 'HS256') => new SignJWT(claims).setProtectedHeader({ alg }).setSubject(u.id);
    const now = Math.floor(Date.now() / 1000);
    const expired = await build().setIssuer(ISSUER).setAudience(STAFF_AUDIENCE).setIssuedAt(now - 3600).setExpirationTime(now - 60).sign(secret());
    const wrongIss = await build().setIssuer('someone-else').setAudience(STAFF_AUDIENCE).setExpirationTime('5m').sign(secret());
    const wrongAud = await build().setIssuer(ISSUER).setAudience('other').setExpirationTime('5m').sign(secret());
    const hs512 = await build('HS512').setIssuer(ISSUER).setAudience(STAFF_AUDIENCE).setExpirationTime('5m').sign(new TextEncoder().encode(`${env.JWT_SECRET}${env.JWT_SECRET}`));
    const good = await new SignJWT({ ...claims, sid: await openTestSession(u.id) }).setProtectedHeader({ alg: 'HS256' }).setSubject(u.id)
      .setIssuer(ISSUER).setAudience(STAFF_AUDIENCE).setExpirationTime('5m').sign(secret());
    for (const token of [expired, wrongIss, wrongAud, hs512]) {
      expectApiError(await call('GET', '/api/super/venues', { token }), 401);
    }
    expect((await call('GET', '/api/super/venues', { token: good })).status).toBe(200);
  });

  it('the secret is read on every check: a token of another secret is refused, and a rotated secret takes effect in a running isolate', async () => {
    // `wrangler types` gives the local secret its literal type; a rotated one is any other string.
    const rotated = { ...env, JWT_SECRET: `rotated-${env.JWT_SECRET}` as typeof env.JWT_SECRET };
    const before = await signGuestToken(env, { sub: 'device-before-rotation', guest_id: null });
    const after = await signGuestToken(rotated, { sub: 'device-after-rotation', guest_id: null });
    // The key of the first secret is held by the isolate now; it must not stand in for the second.
    expect(await verifyToken(env, before)).toMatchObject({ audience: 'guest', claims: { sub: 'device-before-rotation' } });
    expect(await verifyToken(rotated, before)).toBeNull();
    expect(await verifyToken(env, after)).toBeNull();
    expect(await verifyToken(rotated, after)).toMatchObject({ audience: 'guest', claims: { sub: 'device-after-rotation' } });
  });
});
