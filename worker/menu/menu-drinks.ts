// The admin menu tab (docs/product.md §11.1): drinks with their recipe lines against
// canonical ingredients, the availability switch, and photos that are removed when replaced.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { newId } from '../../shared/ids';
import { uncheckedLineNames } from '../../shared/drink-facts';
import { belowZeroMessage, lowestLinePrice } from '../../shared/line-price';
import { centsToDollars } from '../../shared/money';
import type { AdminMenuDrink, AdminRecipeLine, MenuDrinkData, MenuDrinkPatchData } from '../../shared/schemas/admin';
import { cartItems, drinkIngredients, ingredients, menuDrinks, unmatchedIngredients, venues } from '../db/schema';
import type { Db, WorkerEnv } from '../env';
import { matchIngredientNames, unmatchedIngredientRow } from '../ingredients';
import { ApiError, badRequest, duplicateName, notFound } from '../lib/errors';
import { deleteImageIfUnused, redrawnDrinkArt } from '../images';
import { refreshDrinkFacts } from './drink-facts';
import { afterRecipeChange } from '../inventory';
import { inChunks } from '../lib/in-chunks';
import { runBatch, type Statement } from '../lib/batch';
import { storedModifierGroups } from './modifier-groups';

type DrinkRow = typeof menuDrinks.$inferSelect;
type ParsedLine = NonNullable<MenuDrinkData['recipe']>[number];
export type ParsedDrinkInput = MenuDrinkData;

export const MENU_DRINK_NOT_FOUND = 'Menu drink not found';

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
    enabled: row.isAvailable,
    available: row.isAvailable && !row.soldOutReason,
    sold_out_reason: row.soldOutReason,
    allergens: row.allergens,
    extra_allergens: row.extraAllergens,
    contains_alcohol: row.containsAlcohol,
    unchecked_ingredients: uncheckedLineNames(recipe.map((l) => ({ ingredient: l.ingredient_id, name: l.raw_name, noAllergensConfirmed: l.no_allergens_confirmed }))),
    featured: row.featured,
    display_order: row.displayOrder,
    updated_at: row.updatedAt,
    recipe,
    modifier_groups: row.modifierGroups,
  };
}

async function recipesOf(db: Db, drinkIds: string[]) {
  const grouped = new Map<string, AdminRecipeLine[]>(drinkIds.map((id) => [id, []]));
  for (const part of inChunks(drinkIds)) {
    const rows = await db.select({ line: drinkIngredients, ingredientName: ingredients.name }).from(drinkIngredients)
      .leftJoin(ingredients, eq(ingredients.id, drinkIngredients.ingredientId))
      .where(inArray(drinkIngredients.menuDrinkId, part))
      .orderBy(asc(drinkIngredients.position));
    for (const { line, ingredientName } of rows) {
      grouped.get(line.menuDrinkId)?.push({
        id: line.id, ingredient_id: line.ingredientId, ingredient_name: ingredientName ?? line.rawName, raw_name: line.rawName,
        quantity: line.quantity, unit: line.unit, is_optional: line.isOptional, position: line.position,
        no_allergens_confirmed: !line.ingredientId && line.noAllergensConfirmed,
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

/**
 * Recipe lines keep the owner's text (docs/decisions/238). A line names a canonical ingredient, or
 * keeps its text unmatched: then an exact name/alias match is taken when there is one, and otherwise
 * the text is recorded for normalisation (unmatched_ingredients) and the line stays free text.
 */
async function recipeRows(db: Db, venueId: string, drinkId: string, lines: ParsedLine[]) {
  const ids = [...new Set(lines.map((l) => l.ingredient_id).filter((id): id is string => Boolean(id)))];
  const known = ids.length ? await db.select({ id: ingredients.id, name: ingredients.name }).from(ingredients).where(inArray(ingredients.id, ids)) : [];
  const names = new Map(known.map((k) => [k.id, k.name]));
  const unknown = lines.map((l, i) => (!l.ingredient_id || names.has(l.ingredient_id) ? null : { path: `recipe.${i}.ingredient_id`, message: 'Unknown ingredient' }))
    .filter((x) => x !== null);
  if (unknown.length) throw badRequest('Invalid request', unknown);
  const texts = lines.filter((l) => !l.ingredient_id).map((l) => l.raw_name!);
  const matched = texts.length ? await matchIngredientNames(db, texts) : new Map<string, string | null>();
  const rows = lines.map((l, position) => ({
    id: newId(), menuDrinkId: drinkId,
    ingredientId: l.ingredient_id ?? matched.get(l.raw_name!) ?? null,
    rawName: l.raw_name || names.get(l.ingredient_id!)!,
    quantity: l.quantity, unit: l.unit, isOptional: l.is_optional, position,
  })).map((r, i) => ({ ...r, noAllergensConfirmed: !r.ingredientId && Boolean(lines[i]!.no_allergens_confirmed) }));
  const unmatched = rows.filter((r) => !r.ingredientId)
    .map((r) => unmatchedIngredientRow({ restaurantId: venueId, menuDrinkId: drinkId, drinkIngredientId: r.id, rawName: r.rawName }));
  return { rows, unmatched };
}

/** True when the lines sent are the drink's lines as stored (saving an unchanged form rewrites nothing). */
async function sameRecipe(db: Db, drinkId: string, lines: ParsedLine[]) {
  const stored = await db.select().from(drinkIngredients).where(eq(drinkIngredients.menuDrinkId, drinkId)).orderBy(asc(drinkIngredients.position));
  return stored.length === lines.length && stored.every((s, i) => {
    const l = lines[i]!;
    return (l.ingredient_id ?? null) === s.ingredientId && (l.raw_name === undefined || l.raw_name === s.rawName)
      && l.quantity === s.quantity && l.unit === s.unit && l.is_optional === s.isOptional
      && Boolean(l.no_allergens_confirmed) === s.noAllergensConfirmed;
  });
}

/** Another drink of the venue already has this name (case and spacing aside): refused. */
async function assertNameFree(db: Db, venueId: string, name: string, exceptId?: string) {
  const key = name.trim().toLowerCase().replace(/\s+/g, ' ');
  const rows = await db.select({ id: menuDrinks.id, name: menuDrinks.name }).from(menuDrinks).where(eq(menuDrinks.restaurantId, venueId));
  const clash = rows.find((r) => r.id !== exceptId && r.name.trim().toLowerCase().replace(/\s+/g, ' ') === key);
  if (clash) throw duplicateName(`A drink named "${clash.name}" is already on the menu`);
}

/** The columns a write names; a partial update leaves every other column as it is. */
const drinkFields = (input: MenuDrinkPatchData) => Object.fromEntries(Object.entries({
  name: input.name,
  description: input.description,
  priceCents: input.price_cents,
  category: input.category,
  imageUrl: input.image_url,
  isAvailable: input.enabled,
  featured: input.featured,
  displayOrder: input.display_order,
  extraAllergens: input.extra_allergens,
}).filter(([, v]) => v !== undefined)) as Partial<typeof menuDrinks.$inferInsert>;

/** A drink without an uploaded photo shows art drawn from its recipe, redrawn when the recipe changes (docs/decisions/185). */
async function withCurrentArt(db: Db, venueId: string, drink: AdminMenuDrink): Promise<AdminMenuDrink> {
  const recipe = drink.recipe.map((line) => ({ ingredient: line.ingredient_name, quantity: line.quantity, unit: line.unit }));
  const imageUrl = redrawnDrinkArt(drink.image_url, { name: drink.name, category: drink.category, method: null, recipe });
  if (imageUrl === drink.image_url) return drink;
  await db.update(menuDrinks).set({ imageUrl }).where(and(eq(menuDrinks.id, drink.id), eq(menuDrinks.restaurantId, venueId)));
  return { ...drink, image_url: imageUrl };
}

/**
 * The modifier groups a write stores: those sent, or undefined when none are sent. Whenever the groups, the price
 * or the category change, the lowest price a line of the drink can have (the venue's deepest happy hour for it,
 * the cheapest options every group allows) must not be below zero: refused, storing nothing (docs/decisions/226).
 */
async function modifierGroupsToStore(db: Db, venueId: string, input: MenuDrinkPatchData, before: { name: string; priceCents: number; category: string; groups: AdminMenuDrink['modifier_groups'] }) {
  const drink = { name: input.name ?? before.name, priceCents: input.price_cents ?? before.priceCents, category: input.category ?? before.category };
  const groups = input.modifier_groups ? await storedModifierGroups(db, input.modifier_groups, drink) : undefined;
  if (!groups && input.price_cents === undefined && input.category === undefined) return undefined;
  const checked = groups ?? before.groups;
  const venue = await db.select({ happyHours: venues.happyHours }).from(venues).where(eq(venues.id, venueId)).get();
  const lowest = lowestLinePrice(drink, checked, venue?.happyHours ?? []);
  if (lowest.cents < 0) {
    const cut = lowest.options.find((o) => o.price_delta_cents < 0);
    const g = groups && cut ? groups.findIndex((group) => group.options.includes(cut)) : -1;
    const path = g >= 0 ? `modifier_groups.${g}.options.${groups![g]!.options.indexOf(cut!)}.price_delta_cents` : 'price_cents';
    const message = belowZeroMessage(drink.name, lowest.options, lowest.happyHourDiscountBp, path === 'price_cents' && input.price_cents !== undefined);
    throw badRequest(message, [{ path, message }]);
  }
  return groups;
}

/**
 * A drink write prepared but not yet run: its statements, and what follows the batch (afterDrinkWrites): derived
 * facts, sold-out when a recipe changed, the art redrawn, a replaced photo removed.
 */
export type DrinkWrite = { id: string; statements: Statement[]; recipeChanged: boolean; redraw: boolean; replacedImage: string | null };

/** Where a new drink goes when none is named: after the venue's last. */
export async function nextDisplayOrder(db: Db, venueId: string) {
  const last = await db.select({ displayOrder: menuDrinks.displayOrder }).from(menuDrinks).where(eq(menuDrinks.restaurantId, venueId));
  return last.length ? Math.max(...last.map((r) => r.displayOrder)) + 1 : 0;
}

/** A new drink's checks and statements (the drink form and the CSV import, docs/decisions/212). */
export async function prepareCreateMenuDrink(db: Db, venueId: string, input: ParsedDrinkInput, displayOrder: number): Promise<DrinkWrite> {
  const id = newId();
  await assertNameFree(db, venueId, input.name);
  const modifierGroups = await modifierGroupsToStore(db, venueId, input, { name: input.name, priceCents: input.price_cents, category: input.category, groups: [] });
  const { rows: lines, unmatched } = await recipeRows(db, venueId, id, input.recipe ?? []);
  const at = new Date().toISOString();
  return {
    id, recipeChanged: lines.length > 0, redraw: true, replacedImage: null,
    statements: [
      db.insert(menuDrinks).values({
        id, restaurantId: venueId, name: input.name, priceCents: input.price_cents, ...drinkFields({ ...input, image_url: input.image_url ?? null }),
        displayOrder, createdAt: at, updatedAt: at, ...(modifierGroups ? { modifierGroups } : {}),
      }),
      ...lines.map((line) => db.insert(drinkIngredients).values(line)),
      ...unmatched.map((u) => db.insert(unmatchedIngredients).values(u)),
    ],
  };
}

/**
 * An edit's checks and statements: the fields the request names; `recipe`, when sent and different from the stored
 * lines, replaces them (open unmatched records of the old lines go with them).
 */
export async function prepareUpdateMenuDrink(db: Db, venueId: string, id: string, input: MenuDrinkPatchData) {
  const before = await getMenuDrink(db, venueId, id);
  if (input.name !== undefined) await assertNameFree(db, venueId, input.name, id);
  const recipe = input.recipe && !(await sameRecipe(db, id, input.recipe)) ? await recipeRows(db, venueId, id, input.recipe) : null;
  const modifierGroups = await modifierGroupsToStore(db, venueId, input, {
    name: before.name, priceCents: before.price_cents, category: before.category, groups: before.modifier_groups,
  });
  const at = new Date().toISOString();
  const write: DrinkWrite = {
    id, recipeChanged: Boolean(recipe),
    // Only a new recipe or a removed photo redraws: an edit that names neither leaves the picture as it is.
    redraw: Boolean(recipe),
    replacedImage: input.image_url !== undefined && before.image_url !== input.image_url ? before.image_url : null,
    statements: [
      db.update(menuDrinks).set({ ...drinkFields(input), ...(modifierGroups ? { modifierGroups } : {}), updatedAt: at }).where(and(eq(menuDrinks.id, id), eq(menuDrinks.restaurantId, venueId))),
      ...(recipe ? [
        db.delete(unmatchedIngredients).where(and(eq(unmatchedIngredients.menuDrinkId, id), isNull(unmatchedIngredients.resolvedAt))),
        db.delete(drinkIngredients).where(eq(drinkIngredients.menuDrinkId, id)),
        ...recipe.rows.map((l) => db.insert(drinkIngredients).values(l)),
        ...recipe.unmatched.map((u) => db.insert(unmatchedIngredients).values(u)),
      ] : []),
    ],
  };
  return { before, write };
}

/**
 * After the batch of one or more drink writes: replaced photos removed, derived facts of every drink written,
 * sold-out once when a recipe changed, and art redrawn where due. The drinks as they now are, in the writes' order.
 */
export async function afterDrinkWrites(db: Db, env: WorkerEnv, venueId: string, writes: DrinkWrite[]): Promise<AdminMenuDrink[]> {
  if (writes.length === 0) return [];
  for (const w of writes) if (w.replacedImage) await deleteImageIfUnused(db, env, venueId, w.replacedImage);
  const ids = writes.map((w) => w.id);
  await refreshDrinkFacts(db, { drinkIds: ids });
  if (writes.some((w) => w.recipeChanged)) await afterRecipeChange(db, venueId);
  const recipes = await recipesOf(db, ids);
  const rows = new Map<string, DrinkRow>();
  for (const part of inChunks(ids)) {
    for (const row of await db.select().from(menuDrinks).where(and(eq(menuDrinks.restaurantId, venueId), inArray(menuDrinks.id, part)))) rows.set(row.id, row);
  }
  const drinks: AdminMenuDrink[] = [];
  for (const w of writes) {
    const drink = toAdminMenuDrink(rows.get(w.id)!, recipes.get(w.id) ?? []);
    drinks.push(w.redraw || drink.image_url === null ? await withCurrentArt(db, venueId, drink) : drink);
  }
  return drinks;
}

export async function createMenuDrink(db: Db, env: WorkerEnv, venueId: string, input: ParsedDrinkInput) {
  const write = await prepareCreateMenuDrink(db, venueId, input, input.display_order ?? await nextDisplayOrder(db, venueId));
  await runBatch(db, write.statements);
  const [drink] = await afterDrinkWrites(db, env, venueId, [write]);
  return drink!;
}

/** Changes the fields the request names (prepareUpdateMenuDrink, run as one batch); a replaced photo is removed. */
export async function updateMenuDrink(db: Db, env: WorkerEnv, venueId: string, id: string, input: MenuDrinkPatchData) {
  const { before, write } = await prepareUpdateMenuDrink(db, venueId, id, input);
  await runBatch(db, write.statements);
  const [drink] = await afterDrinkWrites(db, env, venueId, [write]);
  return { before, drink: drink! };
}

/**
 * The same price, category or switch for several drinks in one batch; every id must be a drink of the venue, or
 * nothing changes (404 naming the unknown ones). The number of drinks changed.
 */
export async function bulkEditMenuDrinks(db: Db, venueId: string, input: { ids: string[]; price_cents?: number; category?: string; enabled?: boolean }) {
  const ids = [...new Set(input.ids)];
  const found = new Set<string>();
  for (const part of inChunks(ids)) {
    for (const r of await db.select({ id: menuDrinks.id }).from(menuDrinks).where(and(eq(menuDrinks.restaurantId, venueId), inArray(menuDrinks.id, part)))) found.add(r.id);
  }
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw new ApiError(404, 'not_found', `${missing.length} of the selected drinks are not on this menu`, { menu_drink_ids: missing });
  const set = drinkFields({ price_cents: input.price_cents, category: input.category, enabled: input.enabled });
  const at = new Date().toISOString();
  const [first, ...rest] = inChunks(ids).map((part) => db.update(menuDrinks).set({ ...set, updatedAt: at }).where(and(eq(menuDrinks.restaurantId, venueId), inArray(menuDrinks.id, part))));
  await db.batch([first!, ...rest]);
  return ids.length;
}

export async function setAvailability(db: Db, venueId: string, id: string, enabled: boolean) {
  await findDrink(db, venueId, id);
  await db.update(menuDrinks).set({ isAvailable: enabled, updatedAt: new Date().toISOString() })
    .where(and(eq(menuDrinks.id, id), eq(menuDrinks.restaurantId, venueId)));
  return getMenuDrink(db, venueId, id);
}

/**
 * Deletes the drink, its recipe (cascade) and its photo unless another drink or the venue still shows it. Carts
 * holding it lose that line (their foreign key would block the delete); past orders keep their snapshot of name and
 * price.
 */
export async function deleteMenuDrink(db: Db, env: WorkerEnv, venueId: string, id: string) {
  const before = await findDrink(db, venueId, id);
  await db.batch([
    db.delete(cartItems).where(eq(cartItems.menuDrinkId, id)),
    db.delete(menuDrinks).where(and(eq(menuDrinks.id, id), eq(menuDrinks.restaurantId, venueId))),
  ]);
  await deleteImageIfUnused(db, env, venueId, before.imageUrl);
  return before;
}

export async function listIngredientOptions(db: Db) {
  const rows = await db.select({
    id: ingredients.id, name: ingredients.name, category: ingredients.category, unit: ingredients.unit, unit_volume_ml: ingredients.unitVolumeMl,
  }).from(ingredients).orderBy(asc(ingredients.name));
  return rows;
}
