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
