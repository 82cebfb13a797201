// Inventory items and their stock movements: the one place stock changes, for the staff portal and
// the venue admin alike. Every change of on-hand writes a stock_movements row (who, why, how much)
// and then recomputes the recipe-driven sold-out of the drinks that use the ingredient.
import { and, asc, desc, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import { newId } from '../../shared/ids';
import { roundStock, unitsToMl, unitVolumeMl } from '../../shared/inventory';
import type { InventoryUnit } from '../../shared/constants';
import { inventoryItems, orderEvents, stockMovements } from '../db/schema';
import type { Db } from '../env';
import { runBatch, type Statement } from '../lib/batch';
import { notFound } from '../lib/errors';
import { recomputeSoldOut } from './sold-out';

export type InventoryRow = typeof inventoryItems.$inferSelect;

/**
 * Movements as every reader sees them: an order's pour or return takes its order, its time and its actor from the
 * status change it names (docs/decisions/152); toStockMovement says its reason.
 */
export function selectMovements(db: Db) {
  return db.select({
    ...getTableColumns(stockMovements),
    orderId: sql<string | null>`coalesce(${stockMovements.orderId}, ${orderEvents.orderId})`,
    createdAt: sql<string>`coalesce(${stockMovements.createdAt}, ${orderEvents.createdAt})`,
    actorUserId: sql<string | null>`coalesce(${stockMovements.actorUserId}, ${orderEvents.actorId})`,
  }).from(stockMovements).leftJoin(orderEvents, eq(orderEvents.id, stockMovements.eventId));
}

export type StockMovementRow = Awaited<ReturnType<typeof selectMovements>>[number];

/**
 * The stock movements of these orders, each found through an index (docs/decisions/233): a pour or a return names
 * the status change that made it, so it is reached from the order's events; rows older than decision 152 name
 * only their order. Never a scan of the shard's movements.
 */
export function movementsOfOrders(orderIds: string[]): SQL {
  // One bound JSON list, read twice: any number of orders within D1's 100 bound parameters.
  const ids = sql`(select value from json_each(${JSON.stringify(orderIds)}))`;
  return sql`(${stockMovements.eventId} in (select ${orderEvents.id} from ${orderEvents} where ${orderEvents.orderId} in ${ids})
    or (${stockMovements.eventId} is null and ${stockMovements.orderId} in ${ids}))`;
}

export const INVENTORY_ITEM_NOT_FOUND = 'Inventory item not found';

/** A live item of the venue; another venue's (or a deleted) item is simply not found. */
export async function findInventoryItem(db: Db, restaurantId: string, itemId: string): Promise<InventoryRow> {
  const row = await db.query.inventoryItems.findFirst({
    where: and(eq(inventoryItems.id, itemId), eq(inventoryItems.restaurantId, restaurantId), isNull(inventoryItems.deletedAt)),
  });
  if (!row) throw notFound(INVENTORY_ITEM_NOT_FOUND);
  return row;
}

/** The venue's live items, by name. */
export function listInventory(db: Db, restaurantId: string): Promise<InventoryRow[]> {
  return db.select().from(inventoryItems)
    .where(and(eq(inventoryItems.restaurantId, restaurantId), isNull(inventoryItems.deletedAt)))
    .orderBy(asc(inventoryItems.name), asc(inventoryItems.id));
}

/** An item's movements, newest first; the item was found in its venue (findInventoryItem), which it names. */
export function listMovements(db: Db, item: InventoryRow, limit = 50): Promise<StockMovementRow[]> {
  return selectMovements(db).where(eq(stockMovements.inventoryItemId, item.id))
    .orderBy(desc(stockMovements.id))
    .limit(limit);
}

const affectedIngredients = (...ids: (string | null | undefined)[]) => [...new Set(ids.filter((id): id is string => Boolean(id)))];

export type NewInventoryItem = {
  ingredientId: string | null;
  name: string;
  brand?: string | null;
  description?: string;
  category?: string;
  /** In `unit`s. */
  quantity: number;
  unit: InventoryUnit;
  unitVolumeMl?: number | null;
  /** In `unit`s. */
  lowStockThreshold: number;
  costPerUnitCents?: number;
  available?: boolean;
};

/**
 * A stock write prepared but not yet run: the item as it will be, its statements (the item row and its movement go
 * in one batch) and the ingredients whose sold-out it can change. Run them with runBatch, then afterStockWrites.
 */
export type StockWrite = { row: InventoryRow; statements: Statement[]; ingredientIds: string[] };

/** After the batch of one or more stock writes: sold-out of the drinks using their ingredients, recomputed once. */
export async function afterStockWrites(db: Db, restaurantId: string, writes: StockWrite[]) {
  await recomputeSoldOut(db, restaurantId, affectedIngredients(...writes.flatMap((w) => w.ingredientIds)));
}

/** A new item's statements; opening stock is recorded as a receive movement ('Initial stock'). */
export function prepareCreateInventoryItem(db: Db, restaurantId: string, input: NewInventoryItem, actorUserId: string | null): StockWrite {
  const at = new Date().toISOString();
  const id = newId();
  const quantity = Math.max(0, input.quantity);
  const row = {
    id, restaurantId, ingredientId: input.ingredientId, name: input.name.trim(), brand: input.brand?.trim() || null,
    description: input.description ?? '', category: input.category ?? 'other', quantity, unit: input.unit,
    unitVolumeMl: input.unitVolumeMl ?? null, lowStockThreshold: Math.max(0, input.lowStockThreshold),
    costPerUnitCents: Math.max(0, Math.round(input.costPerUnitCents ?? 0)), available: input.available ?? true,
    lastMovementAt: quantity > 0 ? at : null, deletedAt: null, createdAt: at, updatedAt: at,
  } satisfies InventoryRow;
  const statements: Statement[] = [db.insert(inventoryItems).values(row)];
  if (quantity > 0) {
    statements.push(db.insert(stockMovements).values({
      inventoryItemId: id, type: 'receive', delta: quantity, deltaMl: unitsToMl(row, quantity),
      reason: 'Initial stock', orderId: null, actorUserId, createdAt: at,
    }));
  }
  return { row, statements, ingredientIds: affectedIngredients(row.ingredientId) };
}

/** Creates an item; opening stock is recorded as a receive movement ('Initial stock'). */
export async function createInventoryItem(db: Db, restaurantId: string, input: NewInventoryItem, actorUserId: string | null): Promise<InventoryRow> {
  const write = prepareCreateInventoryItem(db, restaurantId, input, actorUserId);
  await runBatch(db, write.statements);
  await afterStockWrites(db, restaurantId, [write]);
  return write.row;
}

export type InventoryPatch = Partial<Pick<InventoryRow,
  'ingredientId' | 'name' | 'brand' | 'description' | 'category' | 'quantity' | 'unit' | 'unitVolumeMl' | 'lowStockThreshold' | 'costPerUnitCents' | 'available'>>;

/**
 * An edit's statements. A changed quantity is a stock count: an 'edit' movement with the difference and `reason`
 * ('Stock count corrected' when none is given), in the same batch as the item.
 */
export async function prepareUpdateInventoryItem(
  db: Db, restaurantId: string, itemId: string, patch: InventoryPatch, opts: { actorUserId: string | null; reason?: string },
): Promise<StockWrite> {
  const current = await findInventoryItem(db, restaurantId, itemId);
  const at = new Date().toISOString();
  const next: InventoryRow = { ...current, ...definedOnly(patch), updatedAt: at };
  next.quantity = Math.max(0, next.quantity);
  next.lowStockThreshold = Math.max(0, next.lowStockThreshold);
  const deltaUnits = next.quantity - current.quantity;
  const deltaMl = roundStock(unitsToMl(next, next.quantity) - unitsToMl(current, current.quantity));
  const stockChanged = Math.abs(deltaUnits) > 1e-9 && Math.abs(deltaMl) >= 0.005;
  if (stockChanged) next.lastMovementAt = at;

  const { id: _id, restaurantId: _venue, createdAt: _created, deletedAt: _deleted, ...columns } = next;
  const statements: Statement[] = [db.update(inventoryItems).set(columns)
    .where(and(eq(inventoryItems.id, itemId), eq(inventoryItems.restaurantId, restaurantId)))];
  if (stockChanged) {
    statements.push(db.insert(stockMovements).values({
      inventoryItemId: itemId, type: 'edit', delta: deltaUnits, deltaMl,
      reason: opts.reason?.trim() || 'Stock count corrected', orderId: null, actorUserId: opts.actorUserId, createdAt: at,
    }));
  }
  return { row: next, statements, ingredientIds: affectedIngredients(current.ingredientId, next.ingredientId) };
}

/** Edits an item (prepareUpdateInventoryItem, run as one batch). */
export async function updateInventoryItem(
  db: Db, restaurantId: string, itemId: string, patch: InventoryPatch, opts: { actorUserId: string | null; reason?: string },
): Promise<InventoryRow> {
  const write = await prepareUpdateInventoryItem(db, restaurantId, itemId, patch, opts);
  await runBatch(db, write.statements);
  await afterStockWrites(db, restaurantId, [write]);
  return write.row;
}

/** Soft delete: the item disappears from every list and no longer tracks its ingredient. */
export async function softDeleteInventoryItem(db: Db, restaurantId: string, itemId: string): Promise<void> {
  const current = await findInventoryItem(db, restaurantId, itemId);
  const at = new Date().toISOString();
  await db.update(inventoryItems).set({ deletedAt: at, updatedAt: at })
    .where(and(eq(inventoryItems.id, itemId), eq(inventoryItems.restaurantId, restaurantId), isNull(inventoryItems.deletedAt)));
  await recomputeSoldOut(db, restaurantId, affectedIngredients(current.ingredientId));
}

export type StockMovementRequest = {
  restaurantId: string;
  itemId: string;
  type: 'receive' | 'adjust_down';
  /** How much, in the staff view's ml or in the item's own units (admin). */
  amount: { ml: number } | { units: number };
  reason: string;
  actorUserId: string | null;
};

/**
 * Receives stock (adds) or adjusts it down (subtracts, flooring at 0: a movement never drives stock
 * negative, and the movement records what was really taken off).
 */
export async function recordStockMovement(db: Db, req: StockMovementRequest): Promise<{ item: InventoryRow; movement: StockMovementRow }> {
  const current = await findInventoryItem(db, req.restaurantId, req.itemId);
  const requestedUnits = 'units' in req.amount ? req.amount.units : req.amount.ml / (unitVolumeMl(current) ?? 1);
  const quantity = req.type === 'receive' ? current.quantity + requestedUnits : Math.max(0, current.quantity - requestedUnits);
  const delta = quantity - current.quantity;
  const at = new Date().toISOString();
  // Relative to the stored value, so a pour landing meanwhile is not overwritten.
  const signed = req.type === 'receive' ? requestedUnits : -requestedUnits;
  const [, [movement]] = await db.batch([
    db.update(inventoryItems)
      .set({ quantity: sql`max(0, ${inventoryItems.quantity} + ${signed})`, lastMovementAt: at, updatedAt: at })
      .where(and(eq(inventoryItems.id, current.id), eq(inventoryItems.restaurantId, req.restaurantId))),
    db.insert(stockMovements).values({
      inventoryItemId: current.id, type: req.type, delta, deltaMl: roundStock(delta * (unitVolumeMl(current) ?? 1)),
      reason: req.reason.trim(), orderId: null, actorUserId: req.actorUserId, createdAt: at,
    }).returning(),
  ]);
  await recomputeSoldOut(db, req.restaurantId, affectedIngredients(current.ingredientId));
  const item = await findInventoryItem(db, req.restaurantId, current.id);
  return { item, movement: { ...movement!, createdAt: at } };
}

function definedOnly<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;
}
