// What is in the glass, derived from a drink's recipe (docs/decisions/238-recipe-lines-and-ingredients.md):
// the union of its ingredients' allergens plus the admin's own additions, and whether any
// ingredient carries alcohol. One definition for the seed, the Worker's writes and the AI engine.

/** Ingredient categories that carry alcohol (bitters too: a dash of Angostura is 44.7% ABV). */
export const ALCOHOLIC_INGREDIENT_CATEGORIES: readonly string[] = ['spirit', 'liqueur', 'fortified wine', 'wine', 'beer', 'cider', 'bitters'];

/** Drink categories that promise no alcohol; used only for recipe lines that name no known ingredient. */
export const ZERO_PROOF_DRINK_CATEGORIES: readonly string[] = ['mocktail', 'non_alcoholic'];

export const isAlcoholicCategory = (category: string) => ALCOHOLIC_INGREDIENT_CATEGORIES.includes(category.trim().toLowerCase());

/**
 * Allergens an ingredient carries by its class, whatever its own list says (docs/decisions/189): wine and cider
 * are sulphited, beer is brewed from barley or wheat. An ingredient's allergens are its own plus its class's.
 */
export const CLASS_ALLERGENS: Readonly<Record<string, readonly string[]>> = {
  wine: [/*i18n*/ 'sulphites'], 'fortified wine': [/*i18n*/ 'sulphites'], cider: [/*i18n*/ 'sulphites'], beer: [/*i18n*/ 'gluten'],
};

export const classAllergens = (category: string): readonly string[] => CLASS_ALLERGENS[category.trim().toLowerCase()] ?? [];

/** An ingredient's allergens: its own list and its class's, each once (case-insensitive), own spelling first. */
export function ingredientAllergens(ingredient: { category: string; allergens: readonly string[] }): string[] {
  const seen = new Set<string>();
  return [...ingredient.allergens, ...classAllergens(ingredient.category)].filter((a) => {
    const key = a.trim().toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The recipe lines whose allergens nobody can vouch for: free text left unmatched to an ingredient
 * (docs/decisions/238) that the owner has not confirmed carries no allergens (docs/decisions/238). Guests read
 * "May contain allergens we could not check: …" with these names.
 */
export const uncheckedLineNames = (lines: readonly { ingredient: unknown; name: string; noAllergensConfirmed?: boolean }[]): string[] =>
  [...new Set(lines.filter((l) => !l.ingredient && !l.noAllergensConfirmed).map((l) => l.name.trim()).filter(Boolean))];

export type FactsLine = { ingredient: { category: string; allergens: readonly string[] } | null };

export type DrinkFacts = { allergens: string[]; containsAlcohol: boolean };

/**
 * Optional lines count: an optional egg white may be in the glass. A line that names no canonical
 * ingredient (an unmatched raw name) cannot be read, so the drink's category decides alcohol for
 * it, and its allergens are whatever the admin added by hand.
 */
export function deriveDrinkFacts(input: { category: string; extraAllergens: readonly string[]; lines: readonly FactsLine[] }): DrinkFacts {
  const allergens = new Map<string, string>();
  const note = (a: string) => { const t = a.trim(); if (t && !allergens.has(t.toLowerCase())) allergens.set(t.toLowerCase(), t); };
  input.lines.forEach((line) => { if (line.ingredient) ingredientAllergens(line.ingredient).forEach(note); });
  input.extraAllergens.forEach(note);
  const knownAlcohol = input.lines.some((line) => line.ingredient && isAlcoholicCategory(line.ingredient.category));
  const unknownLine = input.lines.length === 0 || input.lines.some((line) => !line.ingredient);
  const containsAlcohol = knownAlcohol || (unknownLine && !ZERO_PROOF_DRINK_CATEGORIES.includes(input.category));
  // Code-unit order, as SQLite sorts text (the backfill of migration 0002 sorts the same way).
  return { allergens: [...allergens.values()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)), containsAlcohol };
}

/**
 * A drink's facts with the options chosen (docs/decisions/197): what each option adds joins the drink's own. An
 * option that takes an ingredient away never clears an allergen: the drink's stay, as the safe reading.
 */
export function withModifierFacts(facts: DrinkFacts, options: readonly { allergens: readonly string[]; contains_alcohol: boolean }[]): DrinkFacts {
  if (options.length === 0) return facts;
  const allergens = new Map(facts.allergens.map((a) => [a.toLowerCase(), a]));
  for (const option of options) for (const a of option.allergens) if (!allergens.has(a.toLowerCase())) allergens.set(a.toLowerCase(), a);
  return {
    allergens: [...allergens.values()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    containsAlcohol: facts.containsAlcohol || options.some((o) => o.contains_alcohol),
  };
}
