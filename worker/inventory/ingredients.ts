// Canonical ingredients: the staff picker's search, and matching free-text names (AI recipes,
// admin item names) to them.
import { asc, or, sql } from 'drizzle-orm';
import { INGREDIENT_PICKER_LIMIT } from '../../shared/inventory';
import type { CanonicalIngredient } from '../../shared/schemas/inventory';
import { ingredients } from '../db/schema';
import type { Db } from '../env';

export const normalizeIngredientName = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

export function toCanonicalIngredient(row: typeof ingredients.$inferSelect): CanonicalIngredient {
  return { id: row.id, name: row.name, category: row.category, unit: row.unit, unit_volume_ml: row.unitVolumeMl };
}

/** The picker: names (or aliases) containing the search, alphabetical, at most 20. */
export async function searchIngredients(db: Db, search: string | undefined, limit = INGREDIENT_PICKER_LIMIT) {
  const term = search?.trim();
  // instr, not LIKE: D1 refuses LIKE patterns over 50 bytes ("pattern too complex"), which a long
  // or emoji-heavy search reaches (found by tests/worker/reliability-fuzz.test.ts). Both are
  // case-insensitive for ASCII only, and instr needs no escaping of % and _.
  const rows = await db.select().from(ingredients)
    .where(term ? or(sql`instr(lower(${ingredients.name}), lower(${term})) > 0`, sql`instr(lower(${ingredients.aliases}), lower(${term})) > 0`) : undefined)
    .orderBy(asc(ingredients.name))
    .limit(Math.min(limit, INGREDIENT_PICKER_LIMIT));
  return rows.map(toCanonicalIngredient);
}

/**
 * Canonical ingredient ids for free-text names, matched case-insensitively on the name or one of
 * its aliases. Names that match nothing are left out of the map.
 */
export async function matchCanonicalIngredients(db: Db, names: string[]): Promise<Map<string, { id: string; name: string }>> {
  const wanted = new Set(names.map(normalizeIngredientName).filter(Boolean));
  const found = new Map<string, { id: string; name: string }>();
  if (wanted.size === 0) return found;
  const rows = await db.select({ id: ingredients.id, name: ingredients.name, aliases: ingredients.aliases }).from(ingredients);
  for (const row of rows) {
    for (const candidate of [row.name, ...row.aliases]) {
      const key = normalizeIngredientName(candidate);
      if (wanted.has(key) && !found.has(key)) found.set(key, { id: row.id, name: row.name });
    }
  }
  return found;
}

/** One name → its canonical ingredient id, or null (e.g. for an admin's free-text item name). */
export async function matchCanonicalIngredient(db: Db, name: string): Promise<string | null> {
  return (await matchCanonicalIngredients(db, [name])).get(normalizeIngredientName(name))?.id ?? null;
}
