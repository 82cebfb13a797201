import { soldOutIngredients } from '../../../../shared/inventory';
import type { StaffMenuItem } from '../../../../shared/schemas/inventory';
import type { Order } from '../../../../shared/schemas/order';
import type { BuildDrink } from './BuildSheetModal';

/** An order's drinks with their steps: AI creations carry their recipe, menu drinks use the venue's. */
export function buildDrinksOf(order: Order, menu: StaffMenuItem[] | undefined): BuildDrink[] {
  const byId = new Map((menu ?? []).map((d) => [d.id, d]));
  return order.items.map((item) => {
    const recipe = item.is_ai_creation || !item.menu_drink_id
      ? item.recipe?.map((r) => ({ ingredient: r.ingredient, quantity: r.quantity, unit: r.unit, optional: false })) ?? null
      : byId.get(item.menu_drink_id)?.recipe.map((r) => ({ ingredient: r.ingredient.name, quantity: r.quantity, unit: r.unit, optional: r.is_optional })) ?? null;
    return {
      key: item.id, name: item.name, quantity: item.quantity, notes: item.notes, modifiers: item.modifiers, modifierChoices: item.modifier_choices, steps: recipe,
      allergens: item.allergens, containsAlcohol: item.contains_alcohol,
    };
  });
}

/**
 * What ran out that a ticket still to start needs (docs/decisions/233): the ingredients its drinks are sold out of
 * now, read from the staff menu, which every stock change and 86 refreshes live. Voided lines are not made.
 */
export function ranOutFor(order: Order, menu: StaffMenuItem[] | undefined): string[] {
  if (order.status !== 'pending' || !menu) return [];
  const byId = new Map(menu.map((d) => [d.id, d]));
  const names = order.items.flatMap((item) => (item.voided || !item.menu_drink_id ? [] : soldOutIngredients(byId.get(item.menu_drink_id)?.sold_out_reason ?? null)));
  return [...new Set(names)];
}
