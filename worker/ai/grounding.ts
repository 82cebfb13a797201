// What a suggestion may be built from (docs/product.md §6.2): the venue's available drinks with their recipe
// lines, the ingredients it has in stock, and the settings that shape both back ends.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { classAllergens, ingredientAllergens, isAlcoholicCategory } from '../../shared/drink-facts';
import type { CreativityLevel } from '../../shared/schemas/ai';
import { type ContentLanguage, toContentLanguage } from '../../shared/languages';
import { aiGlobalPrompt, aiSettings, drinkIngredients, flavorRules, ingredients, inventoryItems, menuDrinks, menuDrinkTranslations, venues } from '../db/schema';
import type { Db } from '../env';
import { isCompleteTranslation, type TranslationText } from '../menu';

export type GroundedIngredient = {
  name: string;
  category: string;
  baseSpirit: string | null;
  flavors: string[];
  allergens: string[];
  /** From the category (shared/drink-facts.ts). */
  alcoholic: boolean;
};

export type GroundedLine = {
  name: string;
  quantity: number;
  unit: string;
  optional: boolean;
  /** Unmatched, and confirmed by the owner to carry no allergens (docs/decisions/238). */
  noAllergensConfirmed?: boolean;
  /** The canonical ingredient, when the line names one. */
  ingredient: GroundedIngredient | null;
};

export type GroundedDrink = {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  category: string;
  imageUrl: string | null;
  tags: string[];
  /** Derived from the recipe (docs/decisions/238). */
  allergens: string[];
  containsAlcohol: boolean;
  baseSpirit: string | null;
  sweetness: string | null;
  strength: string | null;
  glass: string | null;
  lines: GroundedLine[];
};

export type VenueAiSettings = { temperature: number; maxTokens: number; creativityLevel: CreativityLevel };

export type GroundedRule = {
  ruleName: string;
  flavorTags: string[];
  strength: string | null;
  sweetness: string | null;
  boostFactors: Record<string, number>;
  reduceFactors: Record<string, number>;
  garnishes: string[];
};

export type Grounding = {
  venue: { id: string; slug: string; name: string };
  drinks: GroundedDrink[];
  stock: GroundedIngredient[];
  settings: VenueAiSettings;
  systemPrompt: string;
  promptNotes: string;
  garnishes: string[];
  rules: GroundedRule[];
  /** The language the venue writes its menu in, and its drinks' approved translations by drink and language (docs/decisions/217). */
  menuLanguage?: ContentLanguage;
  translations?: Map<string, Partial<Record<ContentLanguage, TranslationText>>>;
};

/**
 * A drink's name and description as the menu shows them in `language` (docs/decisions/217, 254): its approved,
 * complete translation, else as the venue wrote it. A language the menu is not translated into reads the source.
 */
export function drinkText(grounding: Grounding, drink: Pick<GroundedDrink, 'id' | 'name' | 'description'>, language: string | null | undefined): TranslationText {
  const lang = toContentLanguage(language);
  const translation = lang && lang !== grounding.menuLanguage ? grounding.translations?.get(drink.id)?.[lang] : undefined;
  return translation && isCompleteTranslation(drink, translation) ? translation : { name: drink.name, description: drink.description };
}

export const DEFAULT_AI_SETTINGS: VenueAiSettings = { temperature: 0.7, maxTokens: 600, creativityLevel: 'balanced' };

/** The prompt used when none is stored (back-office spec: a built-in default bartender prompt). */
export const DEFAULT_SYSTEM_PROMPT = "You are Barhop's AI bartender. Recommend drinks from the venue's current menu first; when nothing fits, compose one creation using only ingredients the venue has in stock. Keep replies short and friendly.";
export const DEFAULT_GARNISHES = ['Lime wheel', 'Orange twist', 'Mint sprig', 'Cocktail cherry'];

const toIngredient = (row: { name: string; category: string; baseSpirit: string | null; flavors: string[]; allergens: string[] }): GroundedIngredient => ({
  name: row.name, category: row.category, baseSpirit: row.baseSpirit, flavors: row.flavors, allergens: ingredientAllergens(row), alcoholic: isAlcoholicCategory(row.category),
});

/**
 * `db` is the venue's database (its menu, stock and AI settings); `platform` the control database, which holds
 * the global prompt and flavor rules (docs/decisions/150). They are one database for a venue on it.
 */
export async function loadGrounding(db: Db, venue: { id: string; slug: string; name: string }, platform: Db = db): Promise<Grounding> {
  const [drinkRows, lineRows, stockRows, settingsRow, promptRow, ruleRows, translationRows, venueRow] = await Promise.all([
    db.select().from(menuDrinks)
      .where(and(eq(menuDrinks.restaurantId, venue.id), eq(menuDrinks.isAvailable, true), isNull(menuDrinks.soldOutReason)))
      .orderBy(asc(menuDrinks.displayOrder), asc(menuDrinks.name)),
    db.select({ line: drinkIngredients, ingredient: ingredients }).from(drinkIngredients)
      .innerJoin(menuDrinks, eq(menuDrinks.id, drinkIngredients.menuDrinkId))
      .leftJoin(ingredients, eq(ingredients.id, drinkIngredients.ingredientId))
      .where(eq(menuDrinks.restaurantId, venue.id))
      .orderBy(asc(drinkIngredients.menuDrinkId), asc(drinkIngredients.position)),
    db.select({ item: inventoryItems, ingredient: ingredients }).from(inventoryItems)
      .leftJoin(ingredients, eq(ingredients.id, inventoryItems.ingredientId))
      .where(and(eq(inventoryItems.restaurantId, venue.id), isNull(inventoryItems.deletedAt)))
      .orderBy(asc(inventoryItems.name)),
    db.query.aiSettings.findFirst({ where: eq(aiSettings.restaurantId, venue.id) }),
    platform.query.aiGlobalPrompt.findFirst({ where: eq(aiGlobalPrompt.id, 1) }),
    platform.select().from(flavorRules).orderBy(asc(flavorRules.ruleName)),
    db.select({ id: menuDrinkTranslations.menuDrinkId, language: menuDrinkTranslations.language, name: menuDrinkTranslations.name, description: menuDrinkTranslations.description })
      .from(menuDrinkTranslations)
      .where(and(eq(menuDrinkTranslations.restaurantId, venue.id), eq(menuDrinkTranslations.status, 'approved'))),
    db.select({ defaultLanguage: venues.defaultLanguage }).from(venues).where(eq(venues.id, venue.id)).limit(1),
  ]);
  const translations = new Map<string, Partial<Record<ContentLanguage, TranslationText>>>();
  for (const row of translationRows) translations.set(row.id, { ...translations.get(row.id), [row.language]: { name: row.name, description: row.description } });

  // An ingredient is tracked when the venue keeps an inventory line for it; tracked and none of its
  // lines can pour means out of stock. Untracked ingredients (garnish, ice, house-made) are assumed.
  const trackedInStock = new Map<string, boolean>();
  const stockByName = new Map<string, GroundedIngredient>();
  for (const { item, ingredient } of stockRows) {
    const inStock = item.available && item.quantity > 0;
    const key = (ingredient?.name ?? item.name).toLowerCase();
    trackedInStock.set(key, (trackedInStock.get(key) ?? false) || inStock);
    if (inStock && !stockByName.has(key)) {
      stockByName.set(key, ingredient ? toIngredient(ingredient) : { name: item.name, category: item.category, baseSpirit: null, flavors: [], allergens: [...classAllergens(item.category)], alcoholic: isAlcoholicCategory(item.category) });
    }
  }

  const linesByDrink = new Map<string, GroundedLine[]>();
  for (const { line, ingredient } of lineRows) {
    const list = linesByDrink.get(line.menuDrinkId) ?? [];
    list.push({ name: ingredient?.name ?? line.rawName, quantity: line.quantity, unit: line.unit, optional: line.isOptional, ingredient: ingredient ? toIngredient(ingredient) : null, noAllergensConfirmed: line.noAllergensConfirmed });
    linesByDrink.set(line.menuDrinkId, list);
  }

  const pourable = (lines: GroundedLine[]) =>
    lines.every((line) => line.optional || trackedInStock.get(line.name.toLowerCase()) !== false);

  const drinks: GroundedDrink[] = [];
  for (const row of drinkRows) {
    const lines = linesByDrink.get(row.id) ?? [];
    if (!pourable(lines)) continue;
    drinks.push({
      id: row.id, name: row.name, description: row.description, priceCents: row.priceCents, category: row.category,
      imageUrl: row.imageUrl, tags: row.tags, allergens: row.allergens, containsAlcohol: row.containsAlcohol, baseSpirit: row.baseSpirit,
      sweetness: row.sweetness, strength: row.strength, glass: row.glass, lines,
    });
  }

  return {
    venue: { id: venue.id, slug: venue.slug, name: venue.name },
    menuLanguage: venueRow[0]?.defaultLanguage ?? 'en',
    translations,
    drinks,
    stock: [...stockByName.values()],
    settings: settingsRow
      ? { temperature: settingsRow.temperature, maxTokens: settingsRow.maxTokens, creativityLevel: settingsRow.creativityLevel }
      : DEFAULT_AI_SETTINGS,
    systemPrompt: promptRow?.systemPrompt || DEFAULT_SYSTEM_PROMPT,
    promptNotes: promptRow?.notes ?? '',
    garnishes: promptRow ? promptRow.garnishSuggestions : DEFAULT_GARNISHES,
    rules: ruleRows.map((rule) => ({
      ruleName: rule.ruleName,
      flavorTags: rule.baseProfile.flavor_tags ?? [],
      strength: rule.baseProfile.strength ?? null,
      sweetness: rule.baseProfile.sweetness ?? null,
      boostFactors: rule.adjustmentLogic.boost_factors ?? {},
      reduceFactors: rule.adjustmentLogic.reduce_factors ?? {},
      garnishes: rule.garnishSuggestions,
    })),
  };
}

/** A stocked ingredient by name (case-insensitive), for checking what a model proposed. */
export function findStocked(grounding: Grounding, name: string): GroundedIngredient | undefined {
  const wanted = name.trim().toLowerCase();
  return grounding.stock.find((item) => item.name.toLowerCase() === wanted);
}

/** The category of a stocked ingredient, for the creation bounds and facts. */
export const stockCategoryOf = (grounding: Grounding) => (name: string) => findStocked(grounding, name)?.category ?? null;

/** Allergens of a recipe, from the stored ingredients only (never from a model). */
export function allergensOf(grounding: Grounding, recipe: readonly { ingredient: string }[]): string[] {
  const set = new Set<string>();
  for (const line of recipe) for (const allergen of findStocked(grounding, line.ingredient)?.allergens ?? []) set.add(allergen);
  return [...set].sort();
}
