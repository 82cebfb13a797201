// The admin menu tab (spec back-office §3 menu_drink, §5): drinks with their recipe lines against
// canonical ingredients, the availability switch, and photos that are removed when replaced.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { newId } from '../../shared/ids';
import { centsToDollars } from '../../shared/money';
import type { AdminMenuDrink, AdminRecipeLine, MenuDrinkData } from '../../shared/schemas/admin';
import { cartItems, drinkIngredients, ingredients, menuDrinks } from '../db/schema';
import type { Db, WorkerEnv } from '../env';
import { badRequest, notFound } from '../lib/errors';
import { deleteOwnedImage } from './images';
import { refreshDrinkFacts } from '../menu/drink-facts';
import { afterRecipeChange } from './stock';

type DrinkRow = typeof menuDrinks.$inferSelect;
type ParsedLine = NonNullable<MenuDrinkData['recipe']>[number];
export type ParsedDrinkInput = MenuDrinkData;

export const MENU_DRINK_NOT_FOUND = 'Menu drink not found';
const IN_CHUNK = 90;

export function toAdminMenuDrink(row: DrinkRow, recipe: AdminRecipeLine[]): AdminMenuDrink {
  return {
    id: row.id,
    restaurant_id: row.restaurantId,
    name: row.name,
    description: row.description,
    price: centsToDollars(row.priceCents),
    price_cents: row.priceCents,
    category: row.category,
    image_url: row.imageUrl,
    is_available: row.isAvailable,
    available: row.isAvailable && !row.soldOutReason,
    sold_out_reason: row.soldOutReason,
    allergens: row.allergens,
    extra_allergens: row.extraAllergens,
    contains_alcohol: row.containsAlcohol,
    featured: row.featured,
    display_order: row.displayOrder,
    updated_at: row.updatedAt,
    recipe,
  };
}

async function recipesOf(db: Db, drinkIds: string[]) {
  const grouped = new Map<string, AdminRecipeLine[]>(drinkIds.map((id) => [id, []]));
  for (let i = 0; i < drinkIds.length; i += IN_CHUNK) {
    const rows = await db.select({ line: drinkIngredients, ingredientName: ingredients.name }).from(drinkIngredients)
      .leftJoin(ingredients, eq(ingredients.id, drinkIngredients.ingredientId))
      .where(inArray(drinkIngredients.menuDrinkId, drinkIds.slice(i, i + IN_CHUNK)))
      .orderBy(asc(drinkIngredients.position));
    for (const { line, ingredientName } of rows) {
      grouped.get(line.menuDrinkId)?.push({
        id: line.id, ingredient_id: line.ingredientId, ingredient_name: ingredientName ?? line.rawName,
        quantity: line.quantity, unit: line.unit, is_optional: line.isOptional, position: line.position,
      });
    }
  }
  return grouped;
}

export async function listMenuDrinks(db: Db, venueId: string, order: 'name' | 'display_order') {
  const rows = await db.select().from(menuDrinks).where(eq(menuDrinks.restaurantId, venueId))
    .orderBy(...(order === 'name' ? [asc(menuDrinks.name)] : [asc(menuDrinks.displayOrder), asc(menuDrinks.name)]), asc(menuDrinks.id));
  const recipes = await recipesOf(db, rows.map((r) => r.id));
  return rows.map((row) => toAdminMenuDrink(row, recipes.get(row.id) ?? []));
}

async function findDrink(db: Db, venueId: string, id: string) {
  const row = await db.query.menuDrinks.findFirst({ where: and(eq(menuDrinks.id, id), eq(menuDrinks.restaurantId, venueId)) });
  if (!row) throw notFound(MENU_DRINK_NOT_FOUND);
  return row;
}

export async function getMenuDrink(db: Db, venueId: string, id: string) {
  const row = await findDrink(db, venueId, id);
  return toAdminMenuDrink(row, (await recipesOf(db, [id])).get(id) ?? []);
}

/** Recipe lines must name canonical ingredients; their names become the lines' raw names. */
async function recipeRows(db: Db, drinkId: string, lines: ParsedLine[]) {
  const ids = [...new Set(lines.map((l) => l.ingredient_id))];
  const known = ids.length ? await db.select({ id: ingredients.id, name: ingredients.name }).from(ingredients).where(inArray(ingredients.id, ids)) : [];
  const names = new Map(known.map((k) => [k.id, k.name]));
  const unknown = lines.map((l, i) => (names.has(l.ingredient_id) ? null : { path: `recipe.${i}.ingredient_id`, message: 'Unknown ingredient' }))
    .filter((x) => x !== null);
  if (unknown.length) throw badRequest('Invalid request', unknown);
  return lines.map((l, position) => ({
    id: newId(), menuDrinkId: drinkId, ingredientId: l.ingredient_id, rawName: names.get(l.ingredient_id)!,
    quantity: l.quantity, unit: l.unit, isOptional: l.is_optional, position,
  }));
}

const drinkFields = (input: ParsedDrinkInput) => ({
  name: input.name,
  description: input.description ?? '',
  priceCents: input.price_cents,
  category: input.category || 'cocktail',
  imageUrl: input.image_url ?? null,
  isAvailable: input.is_available ?? true,
  featured: input.featured ?? false,
  ...(input.extra_allergens !== undefined ? { extraAllergens: input.extra_allergens } : {}),
});

export async function createMenuDrink(db: Db, venueId: string, input: ParsedDrinkInput) {
  const id = newId();
  const lines = await recipeRows(db, id, input.recipe ?? []);
  const at = new Date().toISOString();
  let displayOrder = input.display_order;
  if (displayOrder === undefined) {
    const last = await db.select({ displayOrder: menuDrinks.displayOrder }).from(menuDrinks)
      .where(eq(menuDrinks.restaurantId, venueId)).orderBy(asc(menuDrinks.displayOrder));
    displayOrder = last.length ? Math.max(...last.map((r) => r.displayOrder)) + 1 : 0;
  }
  await db.batch([
    db.insert(menuDrinks).values({ id, restaurantId: venueId, ...drinkFields(input), displayOrder, createdAt: at, updatedAt: at }),
    ...lines.map((line) => db.insert(drinkIngredients).values(line)),
  ]);
  await refreshDrinkFacts(db, { drinkIds: [id] });
  if (lines.length) await afterRecipeChange(db, venueId);
  return getMenuDrink(db, venueId, id);
}

/** Replaces the drink's fields (and its recipe when `recipe` is sent). A replaced photo is removed. */
export async function updateMenuDrink(db: Db, env: WorkerEnv, venueId: string, id: string, input: ParsedDrinkInput) {
  const before = await findDrink(db, venueId, id);
  const lines = input.recipe ? await recipeRows(db, id, input.recipe) : null;
  const at = new Date().toISOString();
  await db.batch([
    db.update(menuDrinks).set({ ...drinkFields(input), ...(input.display_order !== undefined ? { displayOrder: input.display_order } : {}), updatedAt: at })
      .where(and(eq(menuDrinks.id, id), eq(menuDrinks.restaurantId, venueId))),
    ...(lines ? [db.delete(drinkIngredients).where(eq(drinkIngredients.menuDrinkId, id)), ...lines.map((l) => db.insert(drinkIngredients).values(l))] : []),
  ]);
  if (before.imageUrl && before.imageUrl !== (input.image_url ?? null)) await deleteOwnedImage(env, venueId, before.imageUrl);
  await refreshDrinkFacts(db, { drinkIds: [id] });
  if (lines) await afterRecipeChange(db, venueId);
  return getMenuDrink(db, venueId, id);
}

export async function setAvailability(db: Db, venueId: string, id: string, isAvailable: boolean) {
  await findDrink(db, venueId, id);
  await db.update(menuDrinks).set({ isAvailable, updatedAt: new Date().toISOString() })
    .where(and(eq(menuDrinks.id, id), eq(menuDrinks.restaurantId, venueId)));
  return getMenuDrink(db, venueId, id);
}

/**
 * Deletes the drink, its recipe (cascade) and its photo. Carts holding it lose that line (their
 * foreign key would block the delete); past orders keep their snapshot of name and price.
 */
export async function deleteMenuDrink(db: Db, env: WorkerEnv, venueId: string, id: string) {
  const before = await findDrink(db, venueId, id);
  await db.batch([
    db.delete(cartItems).where(eq(cartItems.menuDrinkId, id)),
    db.delete(menuDrinks).where(and(eq(menuDrinks.id, id), eq(menuDrinks.restaurantId, venueId))),
  ]);
  if (before.imageUrl) await deleteOwnedImage(env, venueId, before.imageUrl);
}

export async function listIngredientOptions(db: Db) {
  const rows = await db.select({
    id: ingredients.id, name: ingredients.name, category: ingredients.category, unit: ingredients.unit, unit_volume_ml: ingredients.unitVolumeMl,
  }).from(ingredients).orderBy(asc(ingredients.name));
  return rows;
}
