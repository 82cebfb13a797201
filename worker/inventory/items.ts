// Inventory items as the admin inventory tab reads and edits them (docs/product.md §11.1), over the one inventory
// table the staff portal uses (docs/product.md §3.4). Stock changes go through ./stock.ts, which records the
// movement and recomputes recipe-driven sold-out.
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { centsToDollars } from '../../shared/money';
import { DEFAULT_UNIT_VOLUME_ML, isLowStock, mlToUnits, unitVolumeMl } from '../../shared/inventory';
import type { AdminInventoryItem, InventoryImpact, InventoryItemData, InventoryItemPatchData } from '../../shared/schemas/admin';
import { drinkIngredients, ingredients, inventoryItems, menuDrinks } from '../db/schema';
import type { Db } from '../env';
import { badRequest, duplicateName } from '../lib/errors';
import { runBatch } from '../lib/batch';
import {
  afterStockWrites, findInventoryItem, listInventory, prepareCreateInventoryItem, prepareUpdateInventoryItem, softDeleteInventoryItem,
  type InventoryPatch, type InventoryRow, type StockWrite,
} from './stock';

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

export async function listAdminInventory(db: Db, venueId: string) {
  return (await listInventory(db, venueId)).map(toAdminInventoryItem);
}

async function checkIngredient(db: Db, ingredientId: string | null | undefined) {
  if (!ingredientId) return;
  const found = await db.query.ingredients.findFirst({ columns: { id: true }, where: eq(ingredients.id, ingredientId) });
  if (!found) throw badRequest('Invalid request', [{ path: 'ingredient_id', message: 'Unknown ingredient' }]);
}

/** Another live item of the venue already has this name (case and spacing aside): refused, not duplicated. */
async function assertNameFree(db: Db, venueId: string, name: string, exceptId?: string) {
  const key = name.trim().toLowerCase().replace(/\s+/g, ' ');
  const clash = (await listInventory(db, venueId)).find((i) => i.id !== exceptId && i.name.trim().toLowerCase().replace(/\s+/g, ' ') === key);
  if (clash) throw duplicateName(`An inventory item named "${clash.name}" already exists`);
}

/** A new item's checks and statements (the admin form and the CSV import, docs/decisions/212). */
export async function prepareAddInventoryItem(db: Db, venueId: string, actorUserId: string, input: InventoryItemData): Promise<StockWrite> {
  await checkIngredient(db, input.ingredient_id);
  await assertNameFree(db, venueId, input.name);
  return prepareCreateInventoryItem(db, venueId, {
    name: input.name, description: input.description, quantity: input.quantity, unit: input.unit,
    lowStockThreshold: input.low_stock_threshold, category: input.category || 'other', brand: input.brand ? input.brand : null,
    costPerUnitCents: input.cost_per_unit_cents, ingredientId: input.ingredient_id ?? null, unitVolumeMl: DEFAULT_UNIT_VOLUME_ML[input.unit] ?? null,
  }, actorUserId);
}

export async function addInventoryItem(db: Db, venueId: string, actorUserId: string, input: InventoryItemData) {
  const write = await prepareAddInventoryItem(db, venueId, actorUserId, input);
  await runBatch(db, write.statements);
  await afterStockWrites(db, venueId, [write]);
  return toAdminInventoryItem(write.row);
}

/**
 * An edit's checks and statements. Changes only the fields the request names; stock is kept exactly as stored (3.25
 * bottles stay 3.25). A quantity that really changes is a stock count ('edit' movement of the difference, in the
 * same batch). A new unit keeps what is on hand: the quantity is re-expressed in it unless the request names one.
 */
export async function prepareEditInventoryItem(db: Db, venueId: string, actorUserId: string, id: string, input: InventoryItemPatchData) {
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
  const write = await prepareUpdateInventoryItem(db, venueId, id, patch, { actorUserId, reason: 'Edited in admin inventory' });
  return { before, write };
}

export async function editInventoryItem(db: Db, venueId: string, actorUserId: string, id: string, input: InventoryItemPatchData) {
  const { before, write } = await prepareEditInventoryItem(db, venueId, actorUserId, id, input);
  await runBatch(db, write.statements);
  await afterStockWrites(db, venueId, [write]);
  return { before: toAdminInventoryItem(before), item: toAdminInventoryItem(write.row) };
}

export async function removeInventoryItem(db: Db, venueId: string, id: string) {
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
