import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminMenuDrinkResponse } from '../../shared/schemas/admin';
import { DrinkList } from '../../shared/schemas/drink';
import { StaffMenuList } from '../../shared/schemas/inventory';
import { DEMO_EMAILS, mintToken, venueId } from './auth-helpers';
import { call, expectApiError } from './helpers';

// `enabled` is the admin's switch, `available` is "orderable now" (docs/decisions/184).
let admin: string;
let staff: string;
let drinkId: string;

beforeAll(async () => {
  [admin, staff] = await Promise.all([mintToken(DEMO_EMAILS.admin), mintToken(DEMO_EMAILS.staff)]);
  const artisan = await venueId('artisan-bar');
  drinkId = (await env.DB.prepare('SELECT id FROM menu_drinks WHERE restaurant_id = ? AND is_available = 1 AND sold_out_reason IS NULL ORDER BY name LIMIT 1')
    .bind(artisan).first<{ id: string }>())!.id;
});

const adminDrink = async () => AdminMenuDrinkResponse.parse((await call('GET', `/api/admin/menu-drinks/${drinkId}`, { token: admin })).json).drink;

describe('enabled (the admin switch) and available (orderable now) are two fields', () => {
  it('a drink enabled but out of stock is enabled: true, available: false for the admin and staff, and off the guest menu', async () => {
    await env.DB.prepare("UPDATE menu_drinks SET sold_out_reason = 'out of: lime juice' WHERE id = ?").bind(drinkId).run();
    try {
      expect(await adminDrink()).toMatchObject({ enabled: true, available: false, sold_out_reason: 'out of: lime juice' });
      const staffMenu = StaffMenuList.parse((await call('GET', '/api/staff/menu', { token: staff })).json).menu_items;
      expect(staffMenu.find((d) => d.id === drinkId)).toMatchObject({ enabled: true, available: false });
      const guestMenu = DrinkList.parse((await call('GET', '/api/venues/artisan-bar/drinks')).json).drinks;
      expect(guestMenu.some((d) => d.id === drinkId)).toBe(false);
      expect(guestMenu.every((d) => d.available)).toBe(true);
    } finally {
      await env.DB.prepare('UPDATE menu_drinks SET sold_out_reason = NULL WHERE id = ?').bind(drinkId).run();
    }
  });

  it('the availability switch takes only `enabled`: a derived `available` or the old name is refused and changes nothing', async () => {
    const before = await adminDrink();
    for (const body of [{ available: false }, { is_available: false }, { enabled: false, available: false }]) {
      const res = await call('PATCH', `/api/admin/menu-drinks/${drinkId}/availability`, { token: admin, body });
      expectApiError(res, 400);
    }
    expect(await adminDrink()).toEqual(before);
  });

  it('an edit naming `available` is refused whole, so the admin is told instead of a field being dropped', async () => {
    const before = await adminDrink();
    const res = await call('PATCH', `/api/admin/menu-drinks/${drinkId}`, { token: admin, body: { name: `${before.name} II`, available: false } });
    expectApiError(res, 400);
    expect(JSON.stringify(res.json)).toContain('send enabled');
    expect(await adminDrink()).toEqual(before);
    const off = await call('PATCH', `/api/admin/menu-drinks/${drinkId}`, { token: admin, body: { enabled: false } });
    expect(off.status, off.text).toBe(200);
    expect(off.json.drink).toMatchObject({ enabled: false, available: false, name: before.name });
    await call('PATCH', `/api/admin/menu-drinks/${drinkId}/availability`, { token: admin, body: { enabled: true } });
  });
});
