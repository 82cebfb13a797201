// The canonical ingredient catalogue, as the super admin reads and edits it.
import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { normalizeIngredientName } from '../../shared/ingredient-similarity';
import type { CanonicalIngredient, IngredientUpdateBody } from '../../shared/schemas/super';
import { drinkIngredients, ingredients } from '../db/schema';
import type { Db } from '../env';
import { conflict, notFound } from '../lib/errors';
import { refreshDrinkFacts } from '../menu/drink-facts';

type IngredientRow = typeof ingredients.$inferSelect;

export function toCanonicalIngredient(row: IngredientRow, recipeLines: number): CanonicalIngredient {
  return {
    id: row.id, name: row.name, category: row.category, base_spirit: row.baseSpirit, flavors: row.flavors,
    allergens: row.allergens, aliases: row.aliases, unit: row.unit, unit_volume_ml: row.unitVolumeMl,
    recipe_lines: recipeLines, updated_at: row.updatedAt,
  };
}

/** Names and aliases of every canonical ingredient, for matching and ranking. */
export async function loadCatalogue(db: Db) {
  return db.select({ id: ingredients.id, name: ingredients.name, aliases: ingredients.aliases }).from(ingredients).orderBy(asc(ingredients.name));
}

async function recipeLineCounts(db: Db) {
  const rows = await db.select({ id: drinkIngredients.ingredientId, n: sql<number>`count(*)` })
    .from(drinkIngredients).where(isNotNull(drinkIngredients.ingredientId)).groupBy(drinkIngredients.ingredientId);
  return new Map(rows.map((r) => [r.id!, r.n]));
}

export async function listCanonicalIngredients(db: Db): Promise<CanonicalIngredient[]> {
  const [rows, counts] = await Promise.all([db.select().from(ingredients).orderBy(asc(ingredients.name)), recipeLineCounts(db)]);
  return rows.map((r) => toCanonicalIngredient(r, counts.get(r.id) ?? 0));
}

/**
 * Edits one ingredient. Its name and aliases must not name another ingredient (that would make
 * matching ambiguous); aliases are tidied and de-duplicated, and one equal to the name is dropped.
 */
export async function updateCanonicalIngredient(db: Db, id: string, input: z.output<typeof IngredientUpdateBody>): Promise<CanonicalIngredient> {
  const row = await db.query.ingredients.findFirst({ where: eq(ingredients.id, id) });
  if (!row) throw notFound('Ingredient not found');
  const name = input.name ?? row.name;
  const seen = new Set([normalizeIngredientName(name)]);
  const aliases = (input.aliases ?? row.aliases).map((a) => a.trim().replace(/\s+/g, ' ')).filter((a) => {
    const key = normalizeIngredientName(a);
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const others = (await loadCatalogue(db)).filter((c) => c.id !== id);
  for (const other of others) {
    const taken = [other.name, ...other.aliases].find((t) => seen.has(normalizeIngredientName(t)));
    if (taken) throw conflict(`"${taken}" already names ${other.name}`, 'ingredient_name_taken');
  }
  await db.update(ingredients).set({
    name,
    aliases,
    ...(input.category !== undefined ? { category: input.category } : {}),
    ...(input.base_spirit !== undefined ? { baseSpirit: input.base_spirit } : {}),
    ...(input.flavors !== undefined ? { flavors: input.flavors } : {}),
    ...(input.allergens !== undefined ? { allergens: input.allergens } : {}),
    ...(input.unit !== undefined ? { unit: input.unit } : {}),
    ...(input.unit_volume_ml !== undefined ? { unitVolumeMl: input.unit_volume_ml } : {}),
    updatedAt: new Date().toISOString(),
  }).where(eq(ingredients.id, id));
  // Every drink poured with it now says what it holds (docs/decisions/101).
  if (input.allergens !== undefined || input.category !== undefined) await refreshDrinkFacts(db, { ingredientIds: [id] });
  const updated = (await db.query.ingredients.findFirst({ where: eq(ingredients.id, id) }))!;
  const count = (await recipeLineCounts(db)).get(id) ?? 0;
  return toCanonicalIngredient(updated, count);
}
