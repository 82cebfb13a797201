import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { AuthSession, ImpersonationSession } from '../../shared/schemas/auth';
import { VenueList } from '../../shared/schemas/venue';
import { assertVenueAccess, authenticate, requireKnownNamedVenue, requireStaff, scopedVenueId } from '../../worker/auth/middleware';
import type { AppContext } from '../../worker/env';
import { handleError } from '../../worker/lib/error-handler';
import { withDb } from '../../worker/lib/middleware';
import { DEMO_EMAILS, impersonationToken, login, mintToken, venueId } from './auth-helpers';
import { call, expectApiError } from './helpers';

describe('super venues', () => {
  it('lists every venue, inactive included, to super admins only', async () => {
    const res = await call('GET', '/api/super/venues', { token: await mintToken(DEMO_EMAILS.superadmin) });
    expect(res.status).toBe(200);
    const { venues } = VenueList.parse(res.json);
    expect(venues.map((v) => v.slug)).toEqual(expect.arrayContaining(['artisan-bar', 'rooftop-lounge', 'harbor-tap-room', 'velvet-speakeasy']));
    expect(venues.find((v) => v.slug === 'velvet-speakeasy')!.active).toBe(false);
    expectApiError(await call('GET', '/api/super/venues', { token: await mintToken(DEMO_EMAILS.admin) }), 403);
    expectApiError(await call('GET', '/api/super/venues'), 401);
  });
});

describe('impersonation', () => {
  it('gives a super admin a short-lived token acting as admin of one venue, naming the real actor', async () => {
    const { token, user } = await login(DEMO_EMAILS.superadmin);
    const res = await call('POST', '/api/super/impersonate', { token, body: { venueId: await venueId('artisan-bar'), role: 'admin' } });
    expect(res.status).toBe(200);
    const session = ImpersonationSession.parse(res.json);
    expect(session).toMatchObject({ role: 'admin', original_role: 'superadmin', actor_id: user.id, expires_in: 1800 });
    expect(session.venue.slug).toBe('artisan-bar');
    const payload = JSON.parse(atob(session.access_token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
    expect(payload).toMatchObject({ role: 'admin', act: user.id, restaurant_id: session.venue.id });

    const me = await call('GET', '/api/admin/auth/me', { token: session.access_token });
    expect(me.json).toMatchObject({ role: 'admin', restaurant_id: session.venue.id, impersonating: true });
    // Acting as admin, not as super admin.
    expectApiError(await call('GET', '/api/super/venues', { token: session.access_token }), 403);
  });

  it('accepts the venue slug and the staff role', async () => {
    const res = await call('POST', '/api/super/impersonate', { token: await mintToken(DEMO_EMAILS.superadmin), body: { venueId: 'rooftop-lounge', role: 'staff' } });
    expect(res.json).toMatchObject({ role: 'staff', venue: { slug: 'rooftop-lounge' } });
  });

  it("refuses anyone but a super admin with 'Only super admins can impersonate venues'", async () => {
    for (const email of [DEMO_EMAILS.admin, DEMO_EMAILS.staff]) {
      const res = await call('POST', '/api/super/impersonate', { token: await mintToken(email), body: { venueId: 'artisan-bar', role: 'admin' } });
      expect(expectApiError(res, 403).message).toBe('Only super admins can impersonate venues');
    }
    expectApiError(await call('POST', '/api/super/impersonate', { body: { venueId: 'artisan-bar', role: 'admin' } }), 401);
  });

  it("answers 'Venue not found' for an unknown venue, refuses inactive venues and other roles", async () => {
    const token = await mintToken(DEMO_EMAILS.superadmin);
    const missing = await call('POST', '/api/super/impersonate', { token, body: { venueId: 'no-such-venue', role: 'admin' } });
    expect(expectApiError(missing, 404).message).toBe('Venue not found');
    const inactive = await call('POST', '/api/super/impersonate', { token, body: { venueId: 'velvet-speakeasy', role: 'admin' } });
    expect(expectApiError(inactive, 409).message).toBe('Venue is inactive');
    expectApiError(await call('POST', '/api/super/impersonate', { token, body: { venueId: 'artisan-bar', role: 'superadmin' } }), 400);
  });

  it('records every write made while impersonating in the audit log, and exit returns the own session', async () => {
    const actor = await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(DEMO_EMAILS.superadmin).first<{ id: string }>();
    const token = await impersonationToken('artisan-bar', 'admin');
    const countAudit = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM audit_log WHERE actor_user_id = ? AND impersonating = 1').bind(actor!.id).first<{ n: number }>())!.n;
    const before = await countAudit();

    await call('GET', '/api/admin/auth/me', { token });
    expect(await countAudit()).toBe(before);

    const synced = await call('POST', '/api/auth/claims/sync', { token });
    expect(synced.json).toMatchObject({ role: 'admin', venue: { slug: 'artisan-bar' } });
    const exit = await call('POST', '/api/super/impersonate/exit', { token });
    expect(exit.status).toBe(200);
    expect(AuthSession.parse(exit.json).user.role).toBe('superadmin');
    expect(await countAudit()).toBe(before + 2);
    const last = await env.DB.prepare('SELECT acting_role, restaurant_id, method, path, status FROM audit_log WHERE actor_user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1')
      .bind(actor!.id).first();
    expect(last).toMatchObject({ acting_role: 'admin', restaurant_id: await venueId('artisan-bar'), method: 'POST', path: '/api/super/impersonate/exit', status: 200 });

    // The returned token is a plain super admin token again.
    expect((await call('GET', '/api/super/venues', { token: exit.json.access_token })).status).toBe(200);
  });

  it('an impersonation token stops working once the actor is no longer a super admin', async () => {
    const token = await impersonationToken('artisan-bar', 'staff');
    await env.DB.prepare("UPDATE users SET role = 'admin' WHERE email = ?").bind(DEMO_EMAILS.superadmin).run();
    try {
      const res = await call('GET', '/api/admin/auth/me', { token });
      expect(res.json.detail).toBe('claims_outdated');
      expectApiError(await call('POST', '/api/super/impersonate/exit', { token }), 403);
    } finally {
      await env.DB.prepare("UPDATE users SET role = 'superadmin' WHERE email = ?").bind(DEMO_EMAILS.superadmin).run();
    }
  });
});

describe('tenancy helpers', () => {
  // A throwaway route over the real middleware: reads one inventory item, scoped to the caller's venue.
  const probe = new Hono<AppContext>()
    .use(withDb).use(authenticate).use(requireKnownNamedVenue)
    .get('/items/:id', requireStaff, async (c) => {
      const row = await c.env.DB.prepare('SELECT id, restaurant_id FROM inventory_items WHERE id = ?').bind(c.req.param('id')).first<{ id: string; restaurant_id: string }>();
      assertVenueAccess(c, row?.restaurant_id);
      return c.json({ item: row, venue: scopedVenueId(c) });
    })
    .onError(handleError);
  const get = async (path: string, token: string) => probe.fetch(new Request(`http://x${path}`, { headers: { Authorization: `Bearer ${token}` } }), env, createExecutionContext());

  it("answers 404 for another venue's object, and lets a super admin address any venue", async () => {
    const artisan = await venueId('artisan-bar');
    const item = await env.DB.prepare('SELECT id FROM inventory_items WHERE restaurant_id = ? LIMIT 1').bind(artisan).first<{ id: string }>();
    expect((await get(`/items/${item!.id}`, await mintToken(DEMO_EMAILS.staff))).status).toBe(200);
    const foreign = await get(`/items/${item!.id}`, await mintToken(DEMO_EMAILS.staff2));
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toContain(item!.id);
    expect((await get(`/items/${item!.id}?restaurant_id=${artisan}`, await mintToken(DEMO_EMAILS.superadmin))).status).toBe(200);
    expect((await get(`/items/${item!.id}`, await impersonationToken('rooftop-lounge', 'admin'))).status).toBe(404);
  });
});
