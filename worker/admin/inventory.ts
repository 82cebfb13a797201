// The admin inventory tab (spec back-office §3 inventory_item, §7) over the one inventory table
// the staff portal uses (DESIGN §3). Stock changes go through worker/inventory/stock.ts, which
// records the movement and recomputes recipe-driven sold-out.
import { eq } from 'drizzle-orm';
import { centsToDollars } from '../../shared/money';
import { isLowStock } from '../../shared/inventory';
import type { AdminInventoryItem, InventoryItemData } from '../../shared/schemas/admin';
import { ingredients } from '../db/schema';
import type { Db } from '../env';
import {
  createInventoryItem as createStockItem, findInventoryItem, listInventory as listStockItems, softDeleteInventoryItem,
  updateInventoryItem as updateStockItem, type InventoryRow,
} from '../inventory/stock';
import { badRequest } from '../lib/errors';

/** Liquids poured from a bottle default to 750 ml (DESIGN §3), cans to 330 ml. */
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

const formFields = (input: InventoryItemData) => ({
  name: input.name,
  description: input.description,
  quantity: input.quantity,
  unit: input.unit,
  lowStockThreshold: input.low_stock_threshold,
  category: input.category || 'other',
  brand: input.brand ? input.brand : null,
  costPerUnitCents: input.cost_per_unit_cents,
});

export async function createInventoryItem(db: Db, venueId: string, actorUserId: string, input: InventoryItemData) {
  await checkIngredient(db, input.ingredient_id);
  const row = await createStockItem(db, venueId, {
    ...formFields(input), ingredientId: input.ingredient_id ?? null, unitVolumeMl: DEFAULT_UNIT_VOLUME_ML[input.unit] ?? null,
  }, actorUserId);
  return toAdminInventoryItem(row);
}

/** The form replaces every field; a quantity change is recorded as a stock count ('edit' movement). */
export async function updateInventoryItem(db: Db, venueId: string, actorUserId: string, id: string, input: InventoryItemData) {
  const before = await findInventoryItem(db, venueId, id);
  await checkIngredient(db, input.ingredient_id);
  const unitVolumeMl = input.unit === before.unit ? before.unitVolumeMl : DEFAULT_UNIT_VOLUME_ML[input.unit] ?? null;
  const row = await updateStockItem(db, venueId, id, {
    ...formFields(input), unitVolumeMl,
    ...(input.ingredient_id !== undefined ? { ingredientId: input.ingredient_id } : {}),
  }, { actorUserId, reason: 'Edited in admin inventory' });
  return toAdminInventoryItem(row);
}

export async function deleteInventoryItem(db: Db, venueId: string, id: string) {
  await softDeleteInventoryItem(db, venueId, id);
}
