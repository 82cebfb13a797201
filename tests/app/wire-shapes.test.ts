// One wire shape per thing (docs/decisions/177): a drink field means the same for guests and admins, so the
// admin's drink is derived from the guest's and a change to a shared field reaches both.
import { describe, expect, it } from 'vitest';
import { AdminInventoryItem, AdminMenuDrink } from '../../shared/schemas/admin';
import { Drink } from '../../shared/schemas/drink';
import { StaffInventoryItem } from '../../shared/schemas/inventory';

describe('the admin drink', () => {
  it("carries the guest drink's fields with the guest drink's own rules", () => {
    // The guest's options carry names and prices only; the admin's carry their recipe effects (docs/decisions/197).
    // `lang` says which language a guest's drink reads in (docs/decisions/217); the admin reads the venue's own words.
    const menuOnly = ['tags', 'ingredients_notes', 'modifier_groups', 'lang'];
    for (const [field, rule] of Object.entries(Drink.shape)) {
      if (menuOnly.includes(field)) continue;
      expect(AdminMenuDrink.shape[field as keyof typeof AdminMenuDrink.shape], field).toBe(rule);
    }
  });

  it('rejects a fractional price in cents like the guest drink does', () => {
    const drink = {
      id: 'd1', restaurant_id: 'v1', name: 'Mojito', description: '', price: 9.5, price_cents: 950.5, category: 'cocktail',
      image_url: null, enabled: true, available: true, sold_out_reason: null, allergens: [], extra_allergens: [],
      contains_alcohol: true, featured: false, display_order: 0, updated_at: '2026-11-26T00:00:00Z', recipe: [],
      modifier_groups: [], unchecked_ingredients: [],
    };
    expect(AdminMenuDrink.safeParse(drink).success).toBe(false);
    expect(AdminMenuDrink.safeParse({ ...drink, price_cents: 950 }).success).toBe(true);
  });
});

describe('the inventory item', () => {
  it('is one shape for staff and admins: the fields both read follow the same rules', () => {
    const shared = Object.keys(StaffInventoryItem.shape).filter((field) => field in AdminInventoryItem.shape && !field.startsWith('cost_'));
    expect(shared).toEqual(expect.arrayContaining(['id', 'ingredient_id', 'quantity', 'unit', 'unit_volume_ml', 'low_stock_threshold', 'is_low_stock', 'updated_at']));
    for (const field of shared) {
      expect(AdminInventoryItem.shape[field as keyof typeof AdminInventoryItem.shape], field)
        .toBe(StaffInventoryItem.shape[field as keyof typeof StaffInventoryItem.shape]);
    }
  });

  it('shows costs to admins always and to staff only when their role allows', () => {
    const item = {
      id: 'i1', restaurant_id: 'v1', ingredient_id: null, quantity: 3.25, unit: 'bottle', unit_volume_ml: 750, low_stock_threshold: 1,
      is_low_stock: false, updated_at: '2026-11-26T00:00:00Z', name: 'Gin', description: '', category: 'spirit', brand: null,
    };
    expect(AdminInventoryItem.safeParse(item).success).toBe(false);
    expect(AdminInventoryItem.safeParse({ ...item, cost_per_unit: 20, cost_per_unit_cents: 2000 }).success).toBe(true);
    const staffOnly = {
      ingredient_name: 'gin', ingredient_brand: null, on_hand_ml: 2437.5, low_stock_threshold_ml: 750, measure: 'ml', available: true,
      last_movement_at: null, created_at: '2026-11-26T00:00:00Z',
    };
    expect(StaffInventoryItem.safeParse({ ...item, ...staffOnly }).success).toBe(true);
    expect(StaffInventoryItem.safeParse({ ...item, ...staffOnly, unit: 'barrel' }).success).toBe(false);
  });
});
