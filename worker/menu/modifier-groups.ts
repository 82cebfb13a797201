// A drink's modifier groups as the admin saves them (docs/decisions/197): each effect names a catalogue ingredient,
// each option gets an id that stays across edits, and what an option puts in the glass is derived on save, like the
// drink's own facts (docs/decisions/238).
import { inArray } from 'drizzle-orm';
import { deriveDrinkFacts } from '../../shared/drink-facts';
import { newId } from '../../shared/ids';
import type { ModifierGroup, ModifierGroupsInput } from '../../shared/schemas/modifiers';
import type { z } from 'zod';
import { ingredients } from '../db/schema';
import type { Db } from '../env';
import { badRequest } from '../lib/errors';

type ParsedGroups = z.output<typeof ModifierGroupsInput>;

/** A short id, unique within the drink: an option id travels in carts and cart-line keys. */
const shortId = () => newId().slice(0, 12);

/**
 * The groups to store. Refused (400, nothing stored) when an effect names an unknown ingredient. The drink's
 * lowest price with them is checked by its caller (worker/menu/menu-drinks.ts, docs/decisions/226).
 */
export async function storedModifierGroups(db: Db, input: ParsedGroups, drink: { category: string }): Promise<ModifierGroup[]> {
  const ids = [...new Set(input.flatMap((g) => g.options.flatMap((o) => o.effects.map((e) => e.ingredient_id))))];
  const known = ids.length
    ? await db.select({ id: ingredients.id, name: ingredients.name, category: ingredients.category, allergens: ingredients.allergens })
      .from(ingredients).where(inArray(ingredients.id, ids))
    : [];
  const byId = new Map(known.map((k) => [k.id, k]));
  const problems: { path: string; message: string }[] = [];
  const taken = new Set<string>();
  const unique = (id: string | undefined) => {
    let next = id && !taken.has(id) ? id : shortId();
    while (taken.has(next)) next = shortId();
    taken.add(next);
    return next;
  };
  const groups = input.map((group, g) => ({
    id: unique(group.id),
    name: group.name,
    kind: group.kind,
    required: group.required,
    options: group.options.map((option, o) => {
      const path = `modifier_groups.${g}.options.${o}`;
      const effects = option.effects.flatMap((effect, e) => {
        const ingredient = byId.get(effect.ingredient_id);
        if (!ingredient) {
          problems.push({ path: `${path}.effects.${e}.ingredient_id`, message: 'Unknown ingredient' });
          return [];
        }
        return [{ ingredient_id: ingredient.id, ingredient_name: ingredient.name, quantity: effect.quantity, unit: effect.unit }];
      });
      // Only what an option adds can bring an allergen or alcohol into the glass; one that takes some away never
      // clears the drink's own (they stay on the drink).
      const added = effects.filter((e) => e.quantity > 0).map((e) => byId.get(e.ingredient_id)!);
      const facts = deriveDrinkFacts({ category: drink.category, extraAllergens: [], lines: added.map((i) => ({ ingredient: i })) });
      return {
        id: unique(option.id), name: option.name, price_delta_cents: option.price_delta_cents, effects,
        allergens: facts.allergens, contains_alcohol: added.length > 0 && facts.containsAlcohol,
      };
    }),
  }));
  if (problems.length) throw badRequest(problems[0]!.message, problems);
  return groups;
}
