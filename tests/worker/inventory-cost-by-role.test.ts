import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { StaffInventoryItemResponse, StaffInventoryList } from '../../shared/schemas/inventory';
import { DEMO_EMAILS, mintToken, venueId } from './auth-helpers';
import { call, expectApiError } from './helpers';

// One inventory item shape; the serializer takes the caller's role and leaves costs out for staff.
let admin: string;
let staff: string;
let itemId: string;

beforeAll(async () => {
  [admin, staff] = await Promise.all([mintToken(DEMO_EMAILS.admin), mintToken(DEMO_EMAILS.staff)]);
  itemId = (await env.DB.prepare('SELECT id FROM inventory_items WHERE restaurant_id = ? AND deleted_at IS NULL ORDER BY name LIMIT 1')
    .bind(await venueId('artisan-bar')).first<{ id: string }>())!.id;
});

describe('inventory costs are hidden by role', () => {
  it('staff read the inventory without costs; an admin reading the same list sees them', async () => {
    const forStaff = StaffInventoryList.parse((await call('GET', '/api/staff/inventory', { token: staff })).json).inventory;
    expect(forStaff.length).toBeGreaterThan(0);
    expect(forStaff.every((i) => !('cost_per_unit' in i) && !('cost_per_unit_cents' in i))).toBe(true);
    const forAdmin = StaffInventoryList.parse((await call('GET', '/api/staff/inventory', { token: admin })).json).inventory;
    expect(forAdmin.every((i) => typeof i.cost_per_unit_cents === 'number' && typeof i.cost_per_unit === 'number')).toBe(true);
  });

  it('a staff member setting a cost is refused and nothing changes; other edits answer without costs', async () => {
    const before = await env.DB.prepare('SELECT cost_per_unit_cents, brand FROM inventory_items WHERE id = ?').bind(itemId).first();
    const refused = await call('PUT', `/api/staff/inventory/${itemId}`, { token: staff, body: { cost_per_unit: 12.5, ingredient_brand: 'Other' } });
    expectApiError(refused, 403);
    expect(refused.text).toContain('Only an admin can set the cost');
    expect(await env.DB.prepare('SELECT cost_per_unit_cents, brand FROM inventory_items WHERE id = ?').bind(itemId).first()).toEqual(before);

    const edited = await call('PUT', `/api/staff/inventory/${itemId}`, { token: staff, body: { low_stock_threshold_ml: 150 } });
    expect(edited.status, edited.text).toBe(200);
    expect(StaffInventoryItemResponse.parse(edited.json).item).not.toHaveProperty('cost_per_unit');

    const byAdmin = await call('PUT', `/api/staff/inventory/${itemId}`, { token: admin, body: { cost_per_unit: 12.5 } });
    expect(byAdmin.status, byAdmin.text).toBe(200);
    expect(byAdmin.json.item).toMatchObject({ cost_per_unit: 12.5, cost_per_unit_cents: 1250 });
  });
});
