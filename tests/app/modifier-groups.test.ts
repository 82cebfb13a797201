import { describe, expect, it } from 'vitest';
import { groupRows, readGroups } from '../../app/features/admin/dashboard/ModifierGroupsEditor';
import { categoryCounts } from '../../app/features/guest/menu/category-counts';
import { defaultSelection, resolveModifiers } from '../../shared/modifiers';
import type { ModifierGroup } from '../../shared/schemas/modifiers';
import type { Drink } from '../../shared/schemas/drink';

const stored: ModifierGroup[] = [
  { id: 'spirit', name: 'Spirit', kind: 'one', required: true, options: [
    { id: 'gin', name: 'Gin', price_delta_cents: 0, effects: [], allergens: [], contains_alcohol: false },
    { id: 'vodka', name: 'Vodka', price_delta_cents: 150, effects: [{ ingredient_id: 'v', ingredient_name: 'Vodka', quantity: 45, unit: 'ml' }], allergens: [], contains_alcohol: true },
  ] },
  { id: 'extras', name: 'Extras', kind: 'any', required: false, options: [
    { id: 'double', name: 'Double', price_delta_cents: 500, effects: [], allergens: [], contains_alcohol: true },
    { id: 'noice', name: 'No ice', price_delta_cents: 0, effects: [], allergens: [], contains_alcohol: false },
  ] },
];

describe('the drink form’s modifier groups', () => {
  it('reads back what is stored, unchanged (saving an unchanged drink sends no groups)', () => {
    const { value, errors } = readGroups(groupRows(stored));
    expect(errors).toEqual({});
    expect(value).toEqual(stored.map((g) => ({
      id: g.id, name: g.name, kind: g.kind, required: g.required,
      options: g.options.map((o) => ({ id: o.id, name: o.name, price_delta_cents: o.price_delta_cents, effects: o.effects.map((e) => ({ ingredient_id: e.ingredient_id, quantity: e.quantity, unit: e.unit })) })),
    })));
  });

  it('refuses a price change with a third decimal and an effect of 0, never rounding them', () => {
    const rows = groupRows(stored);
    rows[1]!.options[0]!.price = '4.005';
    rows[0]!.options[1]!.effects[0]!.quantity = '0';
    const { errors } = readGroups(rows);
    expect(errors['modifier_groups.1.options.0.price_delta_cents']).toBe('Price change is dollars and cents, e.g. 1.50 or -0.50');
    expect(errors['modifier_groups.0.options.1.effects.0.quantity']).toContain('other than 0');
  });
});

describe('options on the drink page', () => {
  it('start on the first option of a required choose-one group and price what is chosen', () => {
    expect(defaultSelection(stored)).toEqual(['gin']);
    const chosen = resolveModifiers('Martini', stored, ['noice', 'vodka', 'double']);
    expect(chosen).toMatchObject({ ok: true, priceDeltaCents: 650, label: 'Vodka, Double, No ice' });
    expect(resolveModifiers('Martini', stored, ['gin', 'vodka'])).toMatchObject({ ok: false, message: 'Choose one Spirit for Martini, not 2' });
    expect(resolveModifiers('Martini', stored, [])).toMatchObject({ ok: false, message: 'Choose a Spirit for Martini' });
  });
});

describe('the menu’s category chips', () => {
  it('follow the menu’s categories, not the featured drinks that lead it', () => {
    const drink = (category: string, featured: boolean) => ({ category, featured }) as Drink;
    expect(categoryCounts([drink('mocktail', true), drink('cocktail', false), drink('mocktail', false)]).map(([c]) => c)).toEqual(['cocktail', 'mocktail']);
  });
});
