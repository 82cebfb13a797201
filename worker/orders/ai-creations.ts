// An AI creation is ordered only as the server issued it (docs/decisions/190): the line names a
// stored suggestion made for the same guest at the same venue not long ago, and its name, recipe
// and price are read from that suggestion, never from the client.
import { and, eq, inArray, ne } from 'drizzle-orm';
import { AI_CREATION_PRICE_CENTS } from '../../shared/constants';
import { deriveDrinkFacts } from '../../shared/drink-facts';
import type { RecipeLine } from '../../shared/schemas/cart';
import { creationRecipeProblems } from '../ai';
import { aiInteractions, ingredients } from '../db/schema';
import type { Db } from '../env';
import { normalizeIngredientName } from '../inventory';

/** How long a suggested creation can be ordered: a round at the bar, not a saved recipe. */
export const AI_CREATION_ORDER_WINDOW_MINUTES = 120;

export type IssuedCreation = {
  interactionId: string; name: string; recipe: RecipeLine[]; priceCents: number;
  /** From the canonical ingredients its recipe names (docs/decisions/238). */
  allergens: string[]; containsAlcohol: boolean;
};
export type CreationRefusal = { status: 400 | 404 | 409 | 422; code: string; message: string; details?: Record<string, string | string[]> };

type StoredSuggestion = { type?: unknown; previewName?: unknown; recipe?: unknown; price_cents?: unknown };

const refusal = (status: CreationRefusal['status'], code: string, message: string, details?: CreationRefusal['details']): CreationRefusal =>
  ({ status, code, message, ...(details ? { details } : {}) });

/**
 * Which of these ids name a suggestion the AI bartender made to this guest (their owner key) at this venue, not a
 * 'log' entry the guest's app wrote itself: the only ones a cart line may carry, so an order is AI-referred only by
 * the guest's own suggestion (docs/decisions/190). Anything else is dropped by the caller.
 */
export async function ownSuggestionIds(db: Db, input: { venueId: string; ownerKey: string; interactionIds: string[] }): Promise<Set<string>> {
  const ids = [...new Set(input.interactionIds)];
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: aiInteractions.id }).from(aiInteractions).where(and(
    inArray(aiInteractions.id, ids), eq(aiInteractions.restaurantId, input.venueId), eq(aiInteractions.ownerKey, input.ownerKey), ne(aiInteractions.kind, 'log'),
  ));
  return new Set(rows.map((r) => r.id));
}

/** The canonical ingredient (category and allergens) of each recipe name, by name or alias. */
async function ingredientsByName(db: Db, names: string[]) {
  const wanted = new Set(names.map(normalizeIngredientName));
  const rows = await db.select({ name: ingredients.name, aliases: ingredients.aliases, category: ingredients.category, allergens: ingredients.allergens }).from(ingredients);
  const found = new Map<string, { category: string; allergens: string[] }>();
  for (const row of rows) {
    for (const candidate of [row.name, ...row.aliases]) {
      const key = normalizeIngredientName(candidate);
      if (wanted.has(key) && !found.has(key)) found.set(key, { category: row.category, allergens: row.allergens });
    }
  }
  return (name: string) => found.get(normalizeIngredientName(name)) ?? null;
}

/** What each creation recipe holds, from the canonical ingredients it names (for the cart and order lines). */
export async function creationRecipeFacts(db: Db, recipes: readonly (readonly RecipeLine[])[]) {
  if (recipes.length === 0) return [];
  const ingredientOf = await ingredientsByName(db, recipes.flat().map((l) => l.ingredient));
  return recipes.map((recipe) => deriveDrinkFacts({ category: 'cocktail', extraAllergens: [], lines: recipe.map((l) => ({ ingredient: ingredientOf(l.ingredient) })) }));
}

/**
 * The creations behind these interaction ids, or why one cannot be ordered. Someone else's
 * suggestion answers exactly like a missing one.
 */
export async function issuedCreations(db: Db, input: { venueId: string; ownerKey: string; interactionIds: (string | null)[]; now?: Date }):
  Promise<{ ok: true; creations: Map<string, IssuedCreation> } | ({ ok: false } & CreationRefusal)> {
  if (input.interactionIds.some((id) => !id)) {
    return { ok: false, ...refusal(400, 'ai_suggestion_required', 'An AI creation can only be ordered from a suggestion the bartender made for you', { ai_interaction_id: 'required for an AI creation' }) };
  }
  const ids = [...new Set(input.interactionIds as string[])];
  const rows = await db.select().from(aiInteractions).where(and(inArray(aiInteractions.id, ids), eq(aiInteractions.restaurantId, input.venueId)));
  const cutoff = (input.now ?? new Date()).getTime() - AI_CREATION_ORDER_WINDOW_MINUTES * 60_000;
  const creations = new Map<string, IssuedCreation>();
  const recipes: RecipeLine[][] = [];
  for (const id of ids) {
    const row = rows.find((r) => r.id === id);
    if (!row || row.ownerKey !== input.ownerKey || row.kind === 'log') {
      return { ok: false, ...refusal(404, 'ai_suggestion_not_found', 'AI suggestion not found', { ai_interaction_id: id }) };
    }
    const stored = (row.suggestion ?? {}) as StoredSuggestion;
    if (stored.type !== 'creation' || !Array.isArray(stored.recipe) || typeof stored.previewName !== 'string') {
      return { ok: false, ...refusal(409, 'not_an_ai_creation', 'That suggestion is a menu drink; order it by its menu_drink_id', { ai_interaction_id: id }) };
    }
    if (Date.parse(row.createdAt) < cutoff) {
      return { ok: false, ...refusal(409, 'ai_suggestion_expired', `This creation was suggested more than ${AI_CREATION_ORDER_WINDOW_MINUTES / 60} hours ago; ask the bartender again`, { ai_interaction_id: id }) };
    }
    const recipe = stored.recipe as RecipeLine[];
    recipes.push(recipe);
    creations.set(id, {
      interactionId: id, name: stored.previewName, recipe,
      priceCents: typeof stored.price_cents === 'number' ? stored.price_cents : AI_CREATION_PRICE_CENTS,
      allergens: [], containsAlcohol: true,
    });
  }
  const ingredientOf = await ingredientsByName(db, recipes.flat().map((l) => l.ingredient));
  const categoryOf = (name: string) => ingredientOf(name)?.category ?? null;
  for (const creation of creations.values()) {
    const facts = deriveDrinkFacts({ category: 'cocktail', extraAllergens: [], lines: creation.recipe.map((l) => ({ ingredient: ingredientOf(l.ingredient) })) });
    creation.allergens = facts.allergens;
    creation.containsAlcohol = facts.containsAlcohol;
    // Suggestions stored before the bounds existed (or by a future back end) are checked again here.
    const problems = creationRecipeProblems(creation.recipe, categoryOf);
    if (problems.length > 0) return { ok: false, ...refusal(422, 'ai_recipe_out_of_bounds', `${creation.name} pours more than a bar would`, { problems }) };
  }
  return { ok: true, creations };
}
