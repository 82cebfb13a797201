// One wire shape per thing (docs/decisions/130): a drink field means the same for guests and admins, so the
// admin's drink is derived from the guest's and a change to a shared field reaches both.
import { describe, expect, it } from 'vitest';
import { AdminMenuDrink } from '../../shared/schemas/admin';
import { Drink } from '../../shared/schemas/drink';

describe('the admin drink', () => {
  it("carries the guest drink's fields with the guest drink's own rules", () => {
    const menuOnly = ['tags', 'ingredients_notes'];
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
    };
    expect(AdminMenuDrink.safeParse(drink).success).toBe(false);
    expect(AdminMenuDrink.safeParse({ ...drink, price_cents: 950 }).success).toBe(true);
  });
});
