// The super admin's catalogue: every ingredient with the recipe lines using it, summed over every database that holds
// venues, and editing one, which goes to every copy and makes the drinks poured with it say what they hold
// (docs/decisions/150, 238). The catalogue's rows themselves are catalogue.ts.
import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { normalizeIngredientName } from '../../shared/ingredient-similarity';
import type { CanonicalIngredient, IngredientUpdateBody } from '../../shared/schemas/super';
import { drinkIngredients, ingredients } from '../db/schema';
import { drizzleFor } from '../db/handles';
import type { Db, WorkerEnv } from '../env';
import { everyDeclaredDatabase, everyVenueDatabase, type VenueDatabase } from '../shards';
import { conflict, notFound } from '../lib/errors';
import { refreshDrinkFacts } from '../menu';
import { loadCatalogue } from './catalogue';

type IngredientRow = typeof ingredients.$inferSelect;

/** Where catalogue work reads and writes: the control copy, every copy (control first), every venue database. */
export type CatalogueDatabases = { control: Db; copies: VenueDatabase[]; venues: VenueDatabase[] };

export async function catalogueDatabases(env: WorkerEnv): Promise<CatalogueDatabases> {
  return { control: drizzleFor(env.DB), copies: everyDeclaredDatabase(env), venues: await everyVenueDatabase(env) };
}

export function toCanonicalIngredient(row: IngredientRow, recipeLines: number): CanonicalIngredient {
  return {
    id: row.id, name: row.name, category: row.category, base_spirit: row.baseSpirit, flavors: row.flavors,
    allergens: row.allergens, aliases: row.aliases, unit: row.unit, unit_volume_ml: row.unitVolumeMl,
    recipe_lines: recipeLines, updated_at: row.updatedAt,
  };
}

/** Recipe lines per ingredient, summed over every database that holds venues. */
async function recipeLineCounts(dbs: CatalogueDatabases) {
  const perDatabase = await Promise.all(dbs.venues.map(({ db }) => db.select({ id: drinkIngredients.ingredientId, n: sql<number>`count(*)` })
    .from(drinkIngredients).where(isNotNull(drinkIngredients.ingredientId)).groupBy(drinkIngredients.ingredientId)));
  const counts = new Map<string, number>();
  for (const row of perDatabase.flat()) counts.set(row.id!, (counts.get(row.id!) ?? 0) + row.n);
  return counts;
}

export async function listCanonicalIngredients(dbs: CatalogueDatabases): Promise<CanonicalIngredient[]> {
  const [rows, counts] = await Promise.all([dbs.control.select().from(ingredients).orderBy(asc(ingredients.name)), recipeLineCounts(dbs)]);
  return rows.map((r) => toCanonicalIngredient(r, counts.get(r.id) ?? 0));
}

/**
 * Edits one ingredient. Its name and aliases must not name another ingredient (that would make
 * matching ambiguous); aliases are tidied and de-duplicated, and one equal to the name is dropped.
 */
export async function updateCanonicalIngredient(dbs: CatalogueDatabases, id: string, input: z.output<typeof IngredientUpdateBody>): Promise<CanonicalIngredient> {
  const db = dbs.control;
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
  const values = {
    name,
    aliases,
    ...(input.category !== undefined ? { category: input.category } : {}),
    ...(input.base_spirit !== undefined ? { baseSpirit: input.base_spirit } : {}),
    ...(input.flavors !== undefined ? { flavors: input.flavors } : {}),
    ...(input.allergens !== undefined ? { allergens: input.allergens } : {}),
    ...(input.unit !== undefined ? { unit: input.unit } : {}),
    ...(input.unit_volume_ml !== undefined ? { unitVolumeMl: input.unit_volume_ml } : {}),
    updatedAt: new Date().toISOString(),
  };
  // The control copy first: its unique name index decides a race; then every other copy, with the same values.
  for (const copy of dbs.copies) await copy.db.update(ingredients).set(values).where(eq(ingredients.id, id));
  // Every drink poured with it now says what it holds (docs/decisions/238), on each venue database.
  if (input.allergens !== undefined || input.category !== undefined) {
    await Promise.all(dbs.venues.map(({ db: venueDb }) => refreshDrinkFacts(venueDb, { ingredientIds: [id] })));
  }
  const updated = (await db.query.ingredients.findFirst({ where: eq(ingredients.id, id) }))!;
  const count = (await recipeLineCounts(dbs)).get(id) ?? 0;
  return toCanonicalIngredient(updated, count);
}
