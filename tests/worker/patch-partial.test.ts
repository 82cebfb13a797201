// docs/decisions/228: every update route changes only the fields the request names. One test per route:
// change one field, then read the object back and compare every other field with what it was.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAILS, mintToken, signedInGuest, venueId } from './auth-helpers';
import { call } from './helpers';

let admin: string;
let staff: string;
let superadmin: string;
let artisan: string;

const first = <T>(sql: string, ...binds: unknown[]) => env.DB.prepare(sql).bind(...binds).first<T>() as Promise<T>;
const without = <T extends Record<string, unknown>>(o: T, ...keys: string[]) => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));

beforeAll(async () => {
  [admin, staff, superadmin] = await Promise.all([mintToken(DEMO_EMAILS.admin), mintToken(DEMO_EMAILS.staff), mintToken(DEMO_EMAILS.superadmin)]);
  artisan = await venueId('artisan-bar');
});

async function expectOnlyChanged(method: string, path: string, token: string, body: Record<string, unknown>, read: () => Promise<Record<string, unknown>>, changed: string[]) {
  const before = await read();
  const res = await call(method, path, { token, body });
  expect(res.status, res.text).toBe(200);
  const after = await read();
  expect(without(after, ...changed, 'updated_at', 'updatedAt')).toEqual(without(before, ...changed, 'updated_at', 'updatedAt'));
  for (const key of changed) expect(after[key]).not.toEqual(before[key]);
}

describe('partial updates keep every field they do not name', () => {
  it('PATCH /api/admin/venue', async () => {
    await expectOnlyChanged('PATCH', '/api/admin/venue', admin, { phone: '+1 555 0100' },
      async () => (await call('GET', '/api/admin/venue', { token: admin })).json.venue, ['phone']);
  });

  it('PATCH /api/admin/menu-drinks/:id', async () => {
    const { id } = await first<{ id: string }>('SELECT id FROM menu_drinks WHERE restaurant_id = ? ORDER BY name LIMIT 1', artisan);
    await expectOnlyChanged('PATCH', `/api/admin/menu-drinks/${id}`, admin, { description: 'Stirred, never shaken' },
      async () => (await call('GET', `/api/admin/menu-drinks/${id}`, { token: admin })).json.drink, ['description']);
  });

  it('PATCH /api/admin/menu-drinks/:id/availability', async () => {
    const { id } = await first<{ id: string }>('SELECT id FROM menu_drinks WHERE restaurant_id = ? AND is_available = 1 ORDER BY name DESC LIMIT 1', artisan);
    await expectOnlyChanged('PATCH', `/api/admin/menu-drinks/${id}/availability`, admin, { enabled: false },
      async () => without((await call('GET', `/api/admin/menu-drinks/${id}`, { token: admin })).json.drink, 'available'), ['enabled']);
  });

  it('PATCH /api/admin/inventory/:id', async () => {
    const { id } = await first<{ id: string }>('SELECT id FROM inventory_items WHERE restaurant_id = ? AND deleted_at IS NULL ORDER BY name LIMIT 1', artisan);
    await expectOnlyChanged('PATCH', `/api/admin/inventory/${id}`, admin, { description: 'Back shelf' },
      () => first('SELECT * FROM inventory_items WHERE id = ?', id), ['description']);
  });

  it('PUT /api/staff/inventory/:id', async () => {
    const { id } = await first<{ id: string }>('SELECT id FROM inventory_items WHERE restaurant_id = ? AND deleted_at IS NULL ORDER BY name DESC LIMIT 1', artisan);
    await expectOnlyChanged('PUT', `/api/staff/inventory/${id}`, staff, { ingredient_brand: 'Staff pick' },
      () => first('SELECT * FROM inventory_items WHERE id = ?', id), ['brand']);
  });

  it('PUT /api/super/venues/:id', async () => {
    await expectOnlyChanged('PUT', `/api/super/venues/${artisan}`, superadmin, { opening_hours: 'Daily 4pm–2am' },
      () => first('SELECT * FROM venues WHERE id = ?', artisan), ['opening_hours']);
  });

  it('PUT /api/super/users/:id', async () => {
    const { id } = await first<{ id: string }>('SELECT id FROM users WHERE email = ?', DEMO_EMAILS.staff2);
    await expectOnlyChanged('PUT', `/api/super/users/${id}`, superadmin, { display_name: 'Sam at the bar' },
      () => first('SELECT * FROM users WHERE id = ?', id), ['display_name']);
  });

  it('PUT /api/super/ingredients/:id', async () => {
    const { id } = await first<{ id: string }>("SELECT id FROM ingredients WHERE name = 'Campari'");
    await expectOnlyChanged('PUT', `/api/super/ingredients/${id}`, superadmin, { flavors: ['bitter', 'orange', 'herbal'] },
      () => first('SELECT * FROM ingredients WHERE id = ?', id), ['flavors']);
  });

  it('PATCH /api/me', async () => {
    const guest = await signedInGuest('+15555550123');
    await expectOnlyChanged('PATCH', '/api/me', guest.token, { display_name: 'Robin' },
      () => first('SELECT * FROM guests WHERE id = ?', guest.guestId), ['display_name']);
  });
});
