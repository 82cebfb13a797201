// For code that writes recipe lines (menu editors, imports): which canonical ingredient a raw
// ingredient text names, by name or by an alias a super admin merged earlier, and the
// unmatched-string record to keep when it names none.
import { catalogueMatch, normalizeIngredientName } from '../../shared/ingredient-similarity';
import { newId } from '../../shared/ids';
import type { unmatchedIngredients } from '../db/schema';
import type { Db } from '../env';
import { loadCatalogue } from './catalogue';

/** raw text → canonical ingredient id by name or alias (catalogueMatch), or null when nothing matches. */
export async function matchIngredientNames(db: Db, rawNames: readonly string[]): Promise<Map<string, string | null>> {
  const catalogue = await loadCatalogue(db);
  return new Map(rawNames.map((raw) => [raw, catalogueMatch(raw, catalogue)?.id ?? null]));
}

/** The row to insert into unmatched_ingredients for a recipe line left without an ingredient. */
export function unmatchedIngredientRow(
  line: { restaurantId: string; menuDrinkId: string; drinkIngredientId: string; rawName: string },
): typeof unmatchedIngredients.$inferInsert {
  return {
    id: newId(), rawString: line.rawName, normString: normalizeIngredientName(line.rawName),
    restaurantId: line.restaurantId, menuDrinkId: line.menuDrinkId, drinkIngredientId: line.drinkIngredientId,
  };
}
