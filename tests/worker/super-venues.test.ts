// Venue management and venue accounts by super admins.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { CreatedStaffAccount, ResetPasswordResult, StaffAccountList, SuperVenueResponse, UserResponse } from '../../shared/schemas/super';
import { VenueList } from '../../shared/schemas/venue';
import { login, mintToken, userRow, venueId } from './auth-helpers';
import { call, expectApiError } from './helpers';

let token: string;
beforeAll(async () => { token = await mintToken('superadmin@barhop.dev'); });

const venueCount = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM venues').first<{ n: number }>())!.n;

describe('POST /api/super/venues', () => {
  it('creates a venue with every field and shows it to guests once active', async () => {
    const res = await call('POST', '/api/super/venues', {
      token,
      body: {
        name: 'Copper Still', slug: 'copper-still', description: 'Whiskey bar', address: '1 Main St', phone: '(555) 010-2030',
        opening_hours: 'Daily 5pm–1am', timezone: 'America/Chicago', tax_rate_bp: 900, active: true,
        theme_colors: { primary: '#aa5500', secondary: '#552200', background: '#ffffff', text: '#111111' }, image_url: 'https://example.com/a.jpg',
      },
    });
    expect(res.status).toBe(201);
    const { venue } = SuperVenueResponse.parse(res.json);
    expect(venue).toMatchObject({ slug: 'copper-still', timezone: 'America/Chicago', tax_rate_bp: 900, phone: '(555) 010-2030', active: true });
    const guestList = VenueList.parse((await call('GET', '/api/venues')).json);
    expect(guestList.venues.map((v) => v.slug)).toContain('copper-still');
  });

  it('rejects a slug that is taken or not URL-safe, and an unknown time zone, storing nothing', async () => {
    const before = await venueCount();
    const taken = await call('POST', '/api/super/venues', { token, body: { name: 'Another', slug: 'artisan-bar' } });
    expect(expectApiError(taken, 409).message).toBe('A venue with this slug already exists');
    const unsafe = expectApiError(await call('POST', '/api/super/venues', { token, body: { name: 'Bad', slug: 'bad slug/!' } }), 400);
    expect(JSON.stringify(unsafe.details)).toMatch(/lowercase letters, digits and single hyphens/);
    expectApiError(await call('POST', '/api/super/venues', { token, body: { name: 'Bad tz', slug: 'bad-tz', timezone: 'Mars/Olympus' } }), 400);
    expectApiError(await call('POST', '/api/super/venues', { token, body: { slug: 'no-name' } }), 400);
    expect(await venueCount()).toBe(before);
  });
});

describe('PUT /api/super/venues/:id', () => {
  it('edits fields and deactivates/reactivates a venue', async () => {
    const id = await venueId('harbor-tap-room');
    const edited = await call('PUT', `/api/super/venues/${id}`, { token, body: { address: '9 Pier Rd', opening_hours: 'Closed Mondays' } });
    expect(SuperVenueResponse.parse(edited.json).venue).toMatchObject({ address: '9 Pier Rd', opening_hours: 'Closed Mondays', name: 'Harbor Tap Room' });

    const off = await call('PUT', `/api/super/venues/${id}`, { token, body: { active: false } });
    expect(SuperVenueResponse.parse(off.json).venue.active).toBe(false);
    expect((await call('GET', '/api/venues/harbor-tap-room')).status).toBe(404);
    await call('PUT', `/api/super/venues/${id}`, { token, body: { active: true } });
    expect((await call('GET', '/api/venues/harbor-tap-room')).status).toBe(200);
  });

  it('refuses another venue\'s slug (409), an empty body (400) and an unknown id (404)', async () => {
    const id = await venueId('harbor-tap-room');
    expectApiError(await call('PUT', `/api/super/venues/${id}`, { token, body: { slug: 'rooftop-lounge' } }), 409);
    expectApiError(await call('PUT', `/api/super/venues/${id}`, { token, body: {} }), 400);
    expectApiError(await call('PUT', '/api/super/venues/unknown', { token, body: { name: 'X' } }), 404);
    const row = await env.DB.prepare('SELECT slug FROM venues WHERE id = ?').bind(id).first<{ slug: string }>();
    expect(row!.slug).toBe('harbor-tap-room');
  });
});

describe('venue accounts', () => {
  it('lists a venue\'s admins and staff', async () => {
    const res = await call('GET', `/api/super/venues/${await venueId('artisan-bar')}/staff`, { token });
    const { staff } = StaffAccountList.parse(res.json);
    expect(staff.map((s) => [s.email, s.role])).toEqual(expect.arrayContaining([['admin@barhop.dev', 'admin'], ['staff@barhop.dev', 'staff']]));
    expect(staff.every((s) => s.restaurant_id)).toBe(true);
  });

  it('creates a staff account that can sign in with the temporary password', async () => {
    const venue = await venueId('rooftop-lounge');
    const res = await call('POST', `/api/super/venues/${venue}/staff`, { token, body: { email: 'New.Bartender@Example.com', role: 'staff' } });
    expect(res.status).toBe(201);
    const created = CreatedStaffAccount.parse(res.json);
    expect(created.account).toMatchObject({ email: 'new.bartender@example.com', role: 'staff', restaurant_id: venue });
    expect(created.temporary_password).toHaveLength(22);
    const session = await login('new.bartender@example.com', created.temporary_password!);
    expect(session.user.restaurant_id).toBe(venue);

    const dup = await call('POST', `/api/super/venues/${venue}/staff`, { token, body: { email: 'new.bartender@example.com', role: 'admin' } });
    expectApiError(dup, 409);
    expectApiError(await call('POST', `/api/super/venues/${venue}/staff`, { token, body: { email: 'x@example.com', role: 'superadmin' } }), 400);
    expectApiError(await call('POST', `/api/super/venues/${venue}/staff`, { token, body: { email: 'y@example.com', role: 'staff', password: 'short' } }), 400);
  });

  it('a role or venue change bumps claims_version and ends the account sessions, so the old token is refused', async () => {
    const before = await userRow('staff2@barhop.dev');
    const oldToken = await mintToken('staff2@barhop.dev');
    expect((await call('GET', '/api/admin/auth/me', { token: oldToken })).status).toBe(200);
    const res = await call('PUT', `/api/super/users/${before.id}`, { token, body: { role: 'admin' } });
    const { account } = UserResponse.parse(res.json);
    expect(account.role).toBe('admin');
    expect(account.claims_version).toBe(before.claims_version + 1);
    // The change ends every session of the account (docs/decisions/192): the old token signs in again.
    const stale = await call('GET', '/api/admin/auth/me', { token: oldToken });
    expect(stale.status).toBe(401);
    expect((await call('POST', '/api/auth/claims/sync', { token: oldToken })).status).toBe(401);

    const moved = await call('PUT', `/api/super/users/${before.id}`, { token, body: { restaurant_id: await venueId('artisan-bar') } });
    expect(UserResponse.parse(moved.json).account.claims_version).toBe(before.claims_version + 2);
    const renamed = await call('PUT', `/api/super/users/${before.id}`, { token, body: { display_name: 'Sam' } });
    expect(UserResponse.parse(renamed.json).account.claims_version).toBe(before.claims_version + 2);
  });

  it('resets a password: the old one stops working, the new one signs in', async () => {
    const user = await userRow('admin2@barhop.dev');
    const res = await call('POST', `/api/super/users/${user.id}/reset-password`, { token, body: {} });
    const reset = ResetPasswordResult.parse(res.json);
    expect(reset.temporary_password).toBeTruthy();
    expect((await call('POST', '/api/auth/login', { body: { email: 'admin2@barhop.dev', password: 'barhop-demo' } })).status).toBe(401);
    await login('admin2@barhop.dev', reset.temporary_password!);

    const superUser = await userRow('superadmin@barhop.dev');
    expectApiError(await call('POST', `/api/super/users/${superUser.id}/reset-password`, { token, body: {} }), 403);
    expectApiError(await call('POST', '/api/super/users/nobody/reset-password', { token, body: {} }), 404);
  });
});
