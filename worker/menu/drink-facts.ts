// Keeps every menu drink's allergens and "contains alcohol" equal to what its recipe holds
// (docs/decisions/238-recipe-lines-and-ingredients.md). Called after each write that can change them: a
// drink's recipe or hand-added allergens, an ingredient's allergens or category, a merge that
// points recipe lines at another ingredient.
import { eq, inArray } from 'drizzle-orm';
import { deriveDrinkFacts } from '../../shared/drink-facts';
import { drinkIngredients, ingredients, menuDrinks } from '../db/schema';
import type { Db } from '../env';
import { inChunks } from '../lib/in-chunks';

/** The drinks whose recipe uses any of these ingredients. */
async function drinksUsing(db: Db, ingredientIds: readonly string[]) {
  const ids = new Set<string>();
  for (const part of inChunks([...new Set(ingredientIds)])) {
    const rows = await db.selectDistinct({ id: drinkIngredients.menuDrinkId }).from(drinkIngredients).where(inArray(drinkIngredients.ingredientId, part));
    rows.forEach((r) => ids.add(r.id));
  }
  return [...ids];
}

/** Recomputes the named drinks (and those using the named ingredients); writes only rows that change. */
export async function refreshDrinkFacts(db: Db, scope: { drinkIds?: readonly string[]; ingredientIds?: readonly string[] }): Promise<number> {
  const drinkIds = [...new Set([...(scope.drinkIds ?? []), ...(scope.ingredientIds?.length ? await drinksUsing(db, scope.ingredientIds) : [])])];
  let changed = 0;
  for (const part of inChunks(drinkIds)) {
    const [drinks, lines] = await db.batch([
      db.select({ id: menuDrinks.id, category: menuDrinks.category, allergens: menuDrinks.allergens, extraAllergens: menuDrinks.extraAllergens, containsAlcohol: menuDrinks.containsAlcohol })
        .from(menuDrinks).where(inArray(menuDrinks.id, part)),
      db.select({ drinkId: drinkIngredients.menuDrinkId, category: ingredients.category, allergens: ingredients.allergens })
        .from(drinkIngredients).leftJoin(ingredients, eq(ingredients.id, drinkIngredients.ingredientId))
        .where(inArray(drinkIngredients.menuDrinkId, part)),
    ]);
    const updates = drinks.flatMap((drink) => {
      const facts = deriveDrinkFacts({
        category: drink.category,
        extraAllergens: drink.extraAllergens,
        lines: lines.filter((l) => l.drinkId === drink.id).map((l) => ({ ingredient: l.category === null ? null : { category: l.category, allergens: l.allergens ?? [] } })),
      });
      if (facts.containsAlcohol === drink.containsAlcohol && JSON.stringify(facts.allergens) === JSON.stringify(drink.allergens)) return [];
      return [db.update(menuDrinks).set({ allergens: facts.allergens, containsAlcohol: facts.containsAlcohol }).where(eq(menuDrinks.id, drink.id))];
    });
    const [first, ...rest] = updates;
    if (first) await db.batch([first, ...rest]);
    changed += updates.length;
  }
  return changed;
}
