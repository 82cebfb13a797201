// A staff token re-signed with another role or venue (same `sub`, `sid` and `claims_version`) is refused: the
// role and venue a request acts with are the account's, never only the token's (docs/decisions/194). Whoever
// holds the signing key can sign any claims; the account row is what the server itself keeps.
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { verifyToken, signStaffToken, type StaffClaims } from '../../worker/auth/tokens';
import { DEMO_EMAILS, impersonationToken, login, venueId } from './auth-helpers';
import { call, expectApiError } from './helpers';

/** The claims of a real staff token, re-signed with `change` applied: what an attacker holding the key sends. */
async function resigned(token: string, change: Partial<StaffClaims>) {
  const verified = await verifyToken(env, token);
  if (verified?.audience !== 'staff') throw new Error('not a staff token');
  return signStaffToken(env, { ...verified.claims, ...change });
}

describe('a staff token re-signed with other claims', () => {
  it("staff2's token re-signed as superadmin opens no super admin route", async () => {
    const { token } = await login(DEMO_EMAILS.staff2);
    // The genuine token works where staff2 may go, so the refusals below are the claims' doing.
    expect((await call('GET', '/api/staff/orders', { token })).status).toBe(200);
    const forged = await resigned(token, { role: 'superadmin', restaurant_id: null });
    for (const path of ['/api/super/venues', '/api/super/audit-log', '/api/admin/auth/me']) {
      const res = await call('GET', path, { token: forged });
      expect(expectApiError(res, 401).message, path).toBe('Invalid or expired token');
    }
    // Keeping the venue and only raising the role is refused as well.
    expectApiError(await call('GET', '/api/super/venues', { token: await resigned(token, { role: 'superadmin' }) }), 401);
    expectApiError(await call('GET', '/api/admin/menu/drinks', { token: await resigned(token, { role: 'admin' }) }), 401);
    // With another claims_version it is an outdated token: 409 `claims_outdated`, never the super admin's answer.
    for (const claimsVersion of [-1, 1]) {
      const outdated = await resigned(token, { role: 'superadmin', restaurant_id: null, claims_version: (await verifyToken(env, token) as { claims: StaffClaims }).claims.claims_version + claimsVersion });
      expect(expectApiError(await call('GET', '/api/super/venues', { token: outdated }), 409).code).toBe('claims_outdated');
    }
  });

  it("a token moved to another venue reads nothing of it and opens no live channel there", async () => {
    const { token } = await login(DEMO_EMAILS.staff2);
    const artisan = await venueId('artisan-bar');
    const forged = await resigned(token, { restaurant_id: artisan });
    expectApiError(await call('GET', '/api/staff/orders', { token: forged }), 401);
    const socket = await exports.default.fetch(new Request(`http://localhost/api/live/venues/${artisan}?token=${encodeURIComponent(forged)}`, { headers: { Upgrade: 'websocket' } }));
    expect(socket.webSocket).toBeNull();
    expect(socket.status).toBe(401);
  });

  it('a genuine impersonation token (role and venue of its own, the real super admin in act) still works', async () => {
    const token = await impersonationToken('rooftop-lounge', 'staff');
    expect((await call('GET', '/api/staff/orders', { token })).status).toBe(200);
    // Its actor claim taken away, it would pass as the super admin being staff of a venue: refused.
    expectApiError(await call('GET', '/api/staff/orders', { token: await resigned(token, { act: undefined }) }), 401);
  });
});
