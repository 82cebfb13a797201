// Recipe-driven sold-out (docs/decisions/233): a menu drink whose required ingredient cannot cover
// one more serving carries `sold_out_reason = 'out of: ...'`, which hides it from guests and the AI
// engine; the reason clears as soon as stock covers it again. The admin's switch (`enabled` on the wire) is
// separate and always wins (toDrink shows a drink only when both allow it).
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { recipeNeed, soldOutReasonFor, unitVolumeMl, type StockMeasure } from '../../shared/inventory';
import { drinkIngredients, ingredients, inventoryItems, menuDrinks } from '../db/schema';
import type { Db } from '../env';
import { inChunks } from '../lib/in-chunks';

type StockRow = Pick<typeof inventoryItems.$inferSelect, 'ingredientId' | 'quantity' | 'unit' | 'unitVolumeMl' | 'available'>;

/** What a venue can pour of each ingredient, per measure; a measure is absent when no item tracks it. */
export type Supply = Map<string, Partial<Record<StockMeasure, number>>>;

/**
 * Sums the venue's live (not deleted) items per ingredient. An item switched to Unavailable still
 * tracks its ingredient but supplies nothing, so staff can take a bottle out of service.
 */
export function supplyOf(items: StockRow[]): Supply {
  const supply: Supply = new Map();
  for (const item of items) {
    if (!item.ingredientId) continue;
    const volume = unitVolumeMl(item);
    const measure: StockMeasure = volume === null ? 'count' : 'ml';
    const amount = item.available ? Math.max(0, item.quantity) * (volume ?? 1) : 0;
    const entry = supply.get(item.ingredientId) ?? {};
    entry[measure] = (entry[measure] ?? 0) + amount;
    supply.set(item.ingredientId, entry);
  }
  return supply;
}

/** Tolerance for float sums of poured stock (well under a drop). */
const EPSILON = 1e-6;

type RecipeLineRow = { ingredientId: string | null; quantity: number; unit: string; isOptional: boolean };

/**
 * Names of the required ingredients that cannot cover one serving. Lines that are optional,
 * unmatched, untracked (no item of the venue measures them that way) or untracked units (a pinch)
 * never make a drink sold out.
 */
export function missingIngredients(lines: RecipeLineRow[], supply: Supply, nameOf: (id: string) => string): string[] {
  const needs = new Map<string, Partial<Record<StockMeasure, number>>>();
  for (const line of lines) {
    if (line.isOptional || !line.ingredientId) continue;
    const need = recipeNeed(line.quantity, line.unit);
    if (!need) continue;
    const entry = needs.get(line.ingredientId) ?? {};
    entry[need.measure] = (entry[need.measure] ?? 0) + need.amount;
    needs.set(line.ingredientId, entry);
  }
  const missing: string[] = [];
  for (const [ingredientId, need] of needs) {
    const available = supply.get(ingredientId);
    if (!available) continue;
    const short = (['ml', 'count'] as const).some((m) => need[m] !== undefined && available[m] !== undefined && available[m]! + EPSILON < need[m]!);
    if (short) missing.push(nameOf(ingredientId));
  }
  return missing;
}

export type SoldOutChange = { menuDrinkId: string; name: string; soldOutReason: string | null };

/**
 * Recomputes `sold_out_reason` for the venue's drinks (all of them, or those using one of
 * `ingredientIds`) and writes the ones that changed. Call it after any stock change: movements,
 * item edits and deletes, order deductions, and recipe edits.
 */
export async function recomputeSoldOut(db: Db, restaurantId: string, ingredientIds?: readonly string[]): Promise<SoldOutChange[]> {
  if (ingredientIds && ingredientIds.length === 0) return [];
  const lines = await db.select({
    menuDrinkId: drinkIngredients.menuDrinkId, ingredientId: drinkIngredients.ingredientId, quantity: drinkIngredients.quantity,
    unit: drinkIngredients.unit, isOptional: drinkIngredients.isOptional,
  }).from(drinkIngredients)
    .innerJoin(menuDrinks, eq(menuDrinks.id, drinkIngredients.menuDrinkId))
    .where(eq(menuDrinks.restaurantId, restaurantId));
  const drinks = await db.select({ id: menuDrinks.id, name: menuDrinks.name, soldOutReason: menuDrinks.soldOutReason })
    .from(menuDrinks).where(eq(menuDrinks.restaurantId, restaurantId));

  const linesByDrink = new Map<string, RecipeLineRow[]>();
  for (const line of lines) linesByDrink.set(line.menuDrinkId, [...(linesByDrink.get(line.menuDrinkId) ?? []), line]);
  const scope = ingredientIds ? new Set(ingredientIds) : null;
  const affected = drinks.filter((d) => !scope || (linesByDrink.get(d.id) ?? []).some((l) => l.ingredientId && scope.has(l.ingredientId)));
  if (affected.length === 0) return [];

  const usedIds = [...new Set(lines.map((l) => l.ingredientId).filter((id): id is string => Boolean(id)))];
  const [items, names] = await Promise.all([
    db.select({
      ingredientId: inventoryItems.ingredientId, quantity: inventoryItems.quantity, unit: inventoryItems.unit,
      unitVolumeMl: inventoryItems.unitVolumeMl, available: inventoryItems.available,
    }).from(inventoryItems).where(and(eq(inventoryItems.restaurantId, restaurantId), isNull(inventoryItems.deletedAt))),
    canonicalNames(db, usedIds),
  ]);
  const supply = supplyOf(items);

  const changes: SoldOutChange[] = [];
  for (const drink of affected) {
    const missing = missingIngredients(linesByDrink.get(drink.id) ?? [], supply, (id) => names.get(id) ?? id);
    const reason = missing.length > 0 ? soldOutReasonFor(missing) : null;
    if (reason !== drink.soldOutReason) changes.push({ menuDrinkId: drink.id, name: drink.name, soldOutReason: reason });
  }
  if (changes.length > 0) {
    const at = new Date().toISOString();
    const updates = changes.map((change) => db.update(menuDrinks).set({ soldOutReason: change.soldOutReason, updatedAt: at })
      .where(and(eq(menuDrinks.id, change.menuDrinkId), eq(menuDrinks.restaurantId, restaurantId))));
    await db.batch(updates as [typeof updates[number], ...typeof updates]);
  }
  return changes;
}

async function canonicalNames(db: Db, ids: string[]) {
  const names = new Map<string, string>();
  for (const part of inChunks(ids)) {
    const rows = await db.select({ id: ingredients.id, name: ingredients.name }).from(ingredients).where(inArray(ingredients.id, part));
    for (const row of rows) names.set(row.id, row.name);
  }
  return names;
}
