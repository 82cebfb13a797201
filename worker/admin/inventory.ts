// The admin inventory tab (docs/product.md §11.1) over the one inventory table
// the staff portal uses (docs/product.md §3.4). Stock changes go through worker/inventory/stock.ts, which
// records the movement and recomputes recipe-driven sold-out.
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { newId } from '../../shared/ids';
import { exactIngredientMatch } from '../../shared/ingredient-similarity';
import { centsToDollars } from '../../shared/money';
import { isLowStock, mlToUnits, unitVolumeMl } from '../../shared/inventory';
import type { AdminInventoryItem, InventoryImpact, InventoryItemData, InventoryItemPatchData } from '../../shared/schemas/admin';
import { drinkIngredients, ingredients, inventoryItems, menuDrinks } from '../db/schema';
import { loadCatalogue } from '../ingredients/catalogue';
import type { Db } from '../env';
import {
  createInventoryItem as createStockItem, findInventoryItem, listInventory as listStockItems, softDeleteInventoryItem,
  updateInventoryItem as updateStockItem, type InventoryPatch, type InventoryRow,
} from '../inventory/stock';
import { ApiError, badRequest, duplicateName } from '../lib/errors';

/** Liquids poured from a bottle default to 750 ml (docs/product.md §3.4), cans to 330 ml. */
const DEFAULT_UNIT_VOLUME_ML: Partial<Record<InventoryRow['unit'], number>> = { bottle: 750, can: 330 };

export function toAdminInventoryItem(row: InventoryRow): AdminInventoryItem {
  return {
    id: row.id,
    restaurant_id: row.restaurantId,
    ingredient_id: row.ingredientId,
    name: row.name,
    description: row.description,
    quantity: row.quantity,
    unit: row.unit,
    unit_volume_ml: row.unitVolumeMl,
    low_stock_threshold: row.lowStockThreshold,
    category: row.category,
    brand: row.brand,
    cost_per_unit: centsToDollars(row.costPerUnitCents),
    cost_per_unit_cents: row.costPerUnitCents,
    is_low_stock: isLowStock(row.quantity, row.lowStockThreshold),
    updated_at: row.updatedAt,
  };
}

export async function listInventory(db: Db, venueId: string) {
  return (await listStockItems(db, venueId)).map(toAdminInventoryItem);
}

async function checkIngredient(db: Db, ingredientId: string | null | undefined) {
  if (!ingredientId) return;
  const found = await db.query.ingredients.findFirst({ columns: { id: true }, where: eq(ingredients.id, ingredientId) });
  if (!found) throw badRequest('Invalid request', [{ path: 'ingredient_id', message: 'Unknown ingredient' }]);
}

/** Another live item of the venue already has this name (case and spacing aside): refused, not duplicated. */
async function assertNameFree(db: Db, venueId: string, name: string, exceptId?: string) {
  const key = name.trim().toLowerCase().replace(/\s+/g, ' ');
  const clash = (await listStockItems(db, venueId)).find((i) => i.id !== exceptId && i.name.trim().toLowerCase().replace(/\s+/g, ' ') === key);
  if (clash) throw duplicateName(`An inventory item named "${clash.name}" already exists`);
}

export async function createInventoryItem(db: Db, venueId: string, actorUserId: string, input: InventoryItemData) {
  await checkIngredient(db, input.ingredient_id);
  await assertNameFree(db, venueId, input.name);
  const row = await createStockItem(db, venueId, {
    name: input.name, description: input.description, quantity: input.quantity, unit: input.unit,
    lowStockThreshold: input.low_stock_threshold, category: input.category || 'other', brand: input.brand ? input.brand : null,
    costPerUnitCents: input.cost_per_unit_cents, ingredientId: input.ingredient_id ?? null, unitVolumeMl: DEFAULT_UNIT_VOLUME_ML[input.unit] ?? null,
  }, actorUserId);
  return toAdminInventoryItem(row);
}

/**
 * Changes only the fields the request names; stock is kept exactly as stored (3.25 bottles stay
 * 3.25). A quantity that really changes is a stock count ('edit' movement of the difference). A new
 * unit keeps what is on hand: the quantity is re-expressed in it unless the request names one.
 */
export async function updateInventoryItem(db: Db, venueId: string, actorUserId: string, id: string, input: InventoryItemPatchData) {
  const before = await findInventoryItem(db, venueId, id);
  if (input.ingredient_id) await checkIngredient(db, input.ingredient_id);
  if (input.name !== undefined) await assertNameFree(db, venueId, input.name, id);
  const patch: InventoryPatch = {
    name: input.name, description: input.description, category: input.category === undefined ? undefined : input.category || 'other',
    brand: input.brand === undefined ? undefined : input.brand || null, costPerUnitCents: input.cost_per_unit_cents,
    ingredientId: input.ingredient_id, quantity: input.quantity, lowStockThreshold: input.low_stock_threshold,
  };
  if (input.unit !== undefined && input.unit !== before.unit) {
    const next = { unit: input.unit, unitVolumeMl: DEFAULT_UNIT_VOLUME_ML[input.unit] ?? null };
    patch.unit = next.unit;
    patch.unitVolumeMl = next.unitVolumeMl;
    patch.quantity ??= mlToUnits(next, before.quantity * (unitVolumeMl(before) ?? 1));
    patch.lowStockThreshold ??= mlToUnits(next, before.lowStockThreshold * (unitVolumeMl(before) ?? 1));
  }
  const row = await updateStockItem(db, venueId, id, patch, { actorUserId, reason: 'Edited in admin inventory' });
  return { before: toAdminInventoryItem(before), item: toAdminInventoryItem(row) };
}

export async function deleteInventoryItem(db: Db, venueId: string, id: string) {
  const before = await findInventoryItem(db, venueId, id);
  await softDeleteInventoryItem(db, venueId, id);
  return toAdminInventoryItem(before);
}

/**
 * What deleting or unlinking an item does to the menu: the drinks whose required recipe lines use its
 * ingredient, and whether another live item of the venue still tracks that ingredient (else those
 * drinks stay orderable without any stock check).
 */
export async function inventoryItemImpact(db: Db, venueId: string, id: string): Promise<InventoryImpact> {
  const item = await findInventoryItem(db, venueId, id);
  if (!item.ingredientId) return { item_id: id, ingredient_name: null, drinks: [], still_tracked_by: [], effect: 'This item is not linked to an ingredient; no drink uses it.' };
  const ingredientId = item.ingredientId;
  const [drinks, others, ingredient] = await Promise.all([
    db.selectDistinct({ id: menuDrinks.id, name: menuDrinks.name }).from(drinkIngredients)
      .innerJoin(menuDrinks, eq(menuDrinks.id, drinkIngredients.menuDrinkId))
      .where(and(eq(drinkIngredients.ingredientId, ingredientId), eq(menuDrinks.restaurantId, venueId), eq(drinkIngredients.isOptional, false)))
      .orderBy(asc(menuDrinks.name)),
    db.select({ name: inventoryItems.name }).from(inventoryItems)
      .where(and(eq(inventoryItems.restaurantId, venueId), eq(inventoryItems.ingredientId, ingredientId), isNull(inventoryItems.deletedAt), ne(inventoryItems.id, id))),
    db.query.ingredients.findFirst({ columns: { name: true }, where: eq(ingredients.id, ingredientId) }),
  ]);
  const stillTracked = others.map((o) => o.name);
  const effect = drinks.length === 0
    ? `No drink on the menu needs ${ingredient?.name ?? 'this ingredient'}.`
    : stillTracked.length > 0
      ? `${drinks.length} drink${drinks.length === 1 ? '' : 's'} will still be tracked by ${stillTracked.join(', ')}.`
      : `${drinks.length} drink${drinks.length === 1 ? '' : 's'} will no longer track ${ingredient?.name ?? 'this ingredient'}: they stay orderable with no stock check and never show as sold out for it.`;
  return { item_id: id, ingredient_name: ingredient?.name ?? null, drinks, still_tracked_by: stillTracked, effect };
}

/**
 * A new catalogue ingredient from the admin's picker; a name (or alias) the catalogue has is refused, naming it.
 * `databases` are every database, the control database first (everyDeclaredDatabase): the catalogue is checked
 * there and the row, with one id, goes to each copy, so menu and stock queries on any shard can join it
 * (docs/decisions/150).
 */
export async function createCatalogueIngredient(databases: readonly Db[], input: { name: string; category: string }) {
  const control = databases[0]!;
  const name = input.name.trim().replace(/\s+/g, ' ');
  const existing = exactIngredientMatch(name, await loadCatalogue(control));
  if (existing) throw new ApiError(409, 'ingredient_exists', `${existing.name} is already in the catalogue`, [{ path: 'name', message: `${existing.name} is already in the catalogue` }]);
  const at = new Date().toISOString();
  const row = { id: newId(), name, category: input.category, createdAt: at, updatedAt: at };
  // The control copy first, as the super admin's catalogue writes do: its unique name index refuses a clash
  // before any shard is written.
  await control.insert(ingredients).values(row);
  await Promise.all(databases.slice(1).map((db) => db.insert(ingredients).values(row)));
  return (await searchCanonical(control, row.id))!;
}

async function searchCanonical(db: Db, id: string) {
  const row = await db.query.ingredients.findFirst({ where: eq(ingredients.id, id) });
  return row ? { id: row.id, name: row.name, category: row.category, unit: row.unit, unit_volume_ml: row.unitVolumeMl } : null;
}
