// Typed view of drinks.json: the canonical ingredients and reference recipes the seed (and the
// local suggestion engine) draw from. A plain JSON import works in Node (tsx) and in workerd.
import data from './drinks.json';

export interface ReferenceIngredient {
  name: string;
  category: string;
  base_spirit: string | null;
  flavors: string[];
  allergens: string[];
  unit: string;
  unit_volume_ml: number | null;
}

export interface RecipeLine {
  ingredient: string;
  quantity: number;
  unit: string;
  optional?: boolean;
}

/** Reference recipe categories: the seed relabels some cocktails as house_classic / menu_cocktail / other. */
export type ReferenceDrinkCategory = 'cocktail' | 'mocktail' | 'beer' | 'wine' | 'spirit' | 'shot' | 'non_alcoholic';

export interface ReferenceDrink {
  name: string;
  category: ReferenceDrinkCategory;
  base: string | null;
  tags: string[];
  sweetness: string;
  strength: string;
  /** Dollars. */
  price: number;
  method: string;
  glass: string;
  recipe: RecipeLine[];
  allergens: string[];
  may_contain: string[];
}

interface ReferenceData {
  ingredients: ReferenceIngredient[];
  drinks: ReferenceDrink[];
}

const reference = data as unknown as ReferenceData;

export const REFERENCE_INGREDIENTS: readonly ReferenceIngredient[] = reference.ingredients;
export const REFERENCE_DRINKS: readonly ReferenceDrink[] = reference.drinks;

/**
 * Names the catalogue knows an ingredient by from the start: branded bottles a menu names instead of the
 * ingredient, so their recipe lines match and guests read their allergens (docs/decisions/238).
 */
export const CATALOGUE_ALIASES: Readonly<Record<string, readonly string[]>> = {
  'Sweet vermouth': ['Carpano Antica', 'Carpano Antica Formula', 'Cocchi Vermouth di Torino', 'Punt e Mes'],
};

const ingredientsByLowerName = new Map(REFERENCE_INGREDIENTS.map((ingredient) => [ingredient.name.toLowerCase(), ingredient]));

/** The canonical ingredient a recipe line names (exact name, case-insensitive). */
export function findIngredient(name: string): ReferenceIngredient | undefined {
  return ingredientsByLowerName.get(name.trim().toLowerCase());
}
