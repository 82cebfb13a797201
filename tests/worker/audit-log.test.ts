// docs/decisions/193: a complete, append-only audit log of back-office writes and impersonation, readable by
// super admins (filters) and by venue admins for their own venue.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuditLogPage } from '../../shared/schemas/audit';
import { DEMO_EMAILS, mintToken, userRow, venueId } from './auth-helpers';
import { call, expectApiError } from './helpers';

let superadmin: string;
let admin: string;
let admin2: string;
let artisan: string;
let rooftop: string;
let superId: string;

const superLog = async (query = '') => AuditLogPage.parse((await call('GET', `/api/super/audit-log${query}`, { token: superadmin })).json).entries;

beforeAll(async () => {
  [superadmin, admin, admin2] = await Promise.all([mintToken(DEMO_EMAILS.superadmin), mintToken(DEMO_EMAILS.admin), mintToken(DEMO_EMAILS.admin2)]);
  [artisan, rooftop] = await Promise.all([venueId('artisan-bar'), venueId('rooftop-lounge')]);
  superId = (await userRow(DEMO_EMAILS.superadmin)).id;
});

describe('the audit log records', () => {
  it("a super admin's own actions: deactivate and activate a venue, disable an account, change a role, reset a password", async () => {
    expect((await call('PUT', `/api/super/venues/${rooftop}`, { token: superadmin, body: { active: false } })).status).toBe(200);
    expect((await call('PUT', `/api/super/venues/${rooftop}`, { token: superadmin, body: { active: true } })).status).toBe(200);
    const staff2 = await userRow(DEMO_EMAILS.staff2);
    expect((await call('PUT', `/api/super/users/${staff2.id}`, { token: superadmin, body: { disabled: true } })).status).toBe(200);
    expect((await call('PUT', `/api/super/users/${staff2.id}`, { token: superadmin, body: { disabled: false, role: 'admin' } })).status).toBe(200);
    expect((await call('POST', `/api/super/users/${staff2.id}/reset-password`, { token: superadmin, body: {} })).status).toBe(200);

    const entries = await superLog(`?actor_id=${superId}`);
    const actions = entries.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['venue.deactivate', 'venue.activate', 'account.disable', 'account.reset_password']));
    const deactivated = entries.find((e) => e.action === 'venue.deactivate')!;
    expect(deactivated).toMatchObject({
      actor_email: DEMO_EMAILS.superadmin, acting_role: 'superadmin', impersonating: false, venue_id: rooftop,
      before: { active: true }, after: { active: false }, status: 200,
    });
    const roleChange = entries.find((e) => e.target_id === staff2.id && e.after && 'role' in e.after)!;
    expect(roleChange.before).toMatchObject({ role: 'staff', disabled: true });
    expect(roleChange.after).toMatchObject({ role: 'admin', disabled: false });
    expect(entries.find((e) => e.action === 'account.reset_password')!.summary).toContain(DEMO_EMAILS.staff2);
  });

  it('impersonation start and exit, and an edit made while impersonating with its before and after', async () => {
    const started = await call('POST', '/api/super/impersonate', { token: superadmin, body: { venueId: 'artisan-bar', role: 'admin' } });
    expect(started.status).toBe(200);
    const acting = started.json.access_token as string;
    const drink = (await env.DB.prepare('SELECT id, price_cents FROM menu_drinks WHERE restaurant_id = ? ORDER BY name LIMIT 1').bind(artisan).first<{ id: string; price_cents: number }>())!;
    expect((await call('PATCH', `/api/admin/menu-drinks/${drink.id}`, { token: acting, body: { price_cents: drink.price_cents + 50 } })).status).toBe(200);
    expect((await call('POST', '/api/super/impersonate/exit', { token: acting })).status).toBe(200);

    const entries = await superLog(`?venue_id=${artisan}&impersonating=true`);
    const edit = entries.find((e) => e.action === 'menu_drink.update' && e.target_id === drink.id)!;
    expect(edit).toMatchObject({
      actor_user_id: superId, acting_role: 'admin', impersonating: true, venue_id: artisan,
      before: { price_cents: drink.price_cents }, after: { price_cents: drink.price_cents + 50 },
    });
    expect(entries.some((e) => e.action === 'impersonation.exit')).toBe(true);
    const start = (await superLog(`?action=impersonation.start`)).find((e) => e.venue_id === artisan)!;
    expect(start).toMatchObject({ actor_user_id: superId, summary: 'Started acting as admin of The Artisan Bar' });
  });
});

describe('reading the audit log', () => {
  it("venue admins read only their venue's entries; staff cannot read it", async () => {
    await call('PATCH', '/api/admin/venue', { token: admin2, body: { phone: '(213) 555-0100' } });
    const own = AuditLogPage.parse((await call('GET', '/api/admin/audit-log', { token: admin2 })).json).entries;
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((e) => e.venue_id === rooftop)).toBe(true);
    const forced = AuditLogPage.parse((await call('GET', `/api/admin/audit-log?venue_id=${artisan}`, { token: admin2 })).json).entries;
    expect(forced.every((e) => e.venue_id === rooftop)).toBe(true);
    expectApiError(await call('GET', '/api/admin/audit-log', { token: await mintToken(DEMO_EMAILS.staff) }), 403);
    expectApiError(await call('GET', '/api/super/audit-log', { token: admin }), 403);
  });

  it('is append-only: the database refuses to change or remove an entry', async () => {
    const [entry] = await superLog('?limit=1');
    await expect(env.DB.prepare("UPDATE audit_log SET summary = 'x' WHERE id = ?").bind(entry!.id).run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare('DELETE FROM audit_log WHERE id = ?').bind(entry!.id).run()).rejects.toThrow(/append-only/);
  });
});
