import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { INVENTORY_UNITS, type InventoryUnit } from '../../shared/back-office-constants';
import { mlToUnits } from '../../shared/inventory';
import { IdParam } from '../../shared/schemas/common';
import {
  IngredientSearchQuery, MovementListQuery, StaffInventoryCreate, StaffInventoryUpdate, StockMovementInput,
} from '../../shared/schemas/inventory';
import { changedFields, describeWrite } from '../audit';
import { requireStaff, scopedVenueId, staffCaller } from '../auth';
import { ingredients, inventoryItems } from '../db/schema';
import type { AppContext } from '../env';
import {
  createInventoryItem, findInventoryItem, listInventory, listMovements, recordStockMovement, searchIngredients,
  softDeleteInventoryItem, staffMenu, toStaffInventoryItem, toStockMovement, updateInventoryItem, type InventoryPatch,
} from '.';
import { inventoryItemImpact } from './items';
import { badRequest, conflict, forbidden } from '../lib/errors';
import { validate } from '../lib/validate';
import { scopedVenueDatabase } from '../shards';
import { changesVenueMenu } from '../menu';

const isInventoryUnit = (unit: string): unit is InventoryUnit => (INVENTORY_UNITS as readonly string[]).includes(unit);
const actorOf = (caller: ReturnType<typeof staffCaller>) => caller.impersonatorId ?? caller.userId;
/** Costs are hidden from staff, so staff cannot set them either: refused, never dropped. */
const assertMaySetCost = (caller: ReturnType<typeof staffCaller>, cost: number | undefined) => {
  if (cost !== undefined && caller.role === 'staff') throw forbidden('Only an admin can set the cost');
};

/**
 * Staff portal: inventory in ml, stock movements, the ingredient picker and the menu lookup
 * (the API reference at /api/reference, plus the create/delete/movement calls it leaves unnamed).
 */
export const staffInventoryRoutes = new Hono<AppContext>()
  // Mounted at /staff/inventory: its paths change the menu (the ingredient picker and menu lookup below do not).
  .use('/', changesVenueMenu)
  .use('/*', changesVenueMenu)
  .get('/', requireStaff, async (c) => {
    const rows = await listInventory((await scopedVenueDatabase(c)).db, scopedVenueId(c));
    const { role } = staffCaller(c);
    return c.json({ inventory: rows.map((row) => toStaffInventoryItem(row, role)) });
  })
  .post('/', requireStaff, validate('json', StaffInventoryCreate), async (c) => {
    const body = c.req.valid('json');
    assertMaySetCost(staffCaller(c), body.cost_per_unit);
    const { db } = await scopedVenueDatabase(c);
    const venueId = scopedVenueId(c);
    const ingredient = await db.query.ingredients.findFirst({ where: eq(ingredients.id, body.ingredient_id) });
    if (!ingredient) throw badRequest('Please select an ingredient', [{ path: 'ingredient_id', message: 'Please select an ingredient' }]);
    const existing = await db.query.inventoryItems.findFirst({
      columns: { id: true },
      where: and(eq(inventoryItems.restaurantId, venueId), eq(inventoryItems.ingredientId, ingredient.id), isNull(inventoryItems.deletedAt)),
    });
    if (existing) throw conflict(`${ingredient.name} is already in the inventory`, 'already_exists');
    const unit = body.unit ?? (isInventoryUnit(ingredient.unit) ? ingredient.unit : 'piece');
    const shape = { unit, unitVolumeMl: unit === ingredient.unit ? ingredient.unitVolumeMl : null };
    const row = await createInventoryItem(db, venueId, {
      ingredientId: ingredient.id, name: ingredient.name, brand: body.ingredient_brand ?? null, category: ingredient.category,
      unit, unitVolumeMl: shape.unitVolumeMl, quantity: mlToUnits(shape, body.on_hand_ml),
      lowStockThreshold: mlToUnits(shape, body.low_stock_threshold_ml), costPerUnitCents: Math.round((body.cost_per_unit ?? 0) * 100),
      available: body.available,
    }, actorOf(staffCaller(c)));
    const item = toStaffInventoryItem(row, staffCaller(c).role);
    describeWrite(c, {
      action: 'inventory_item.create', targetType: 'inventory_item', targetId: item.id, summary: `Added ${row.name} to the inventory`,
      before: null, after: { name: row.name, on_hand_ml: item.on_hand_ml, low_stock_threshold_ml: item.low_stock_threshold_ml },
    });
    return c.json({ item }, 201);
  })
  .put('/:id', requireStaff, validate('param', IdParam), validate('json', StaffInventoryUpdate), async (c) => {
    const body = c.req.valid('json');
    assertMaySetCost(staffCaller(c), body.cost_per_unit);
    const { db } = await scopedVenueDatabase(c);
    const venueId = scopedVenueId(c);
    const current = await findInventoryItem(db, venueId, c.req.valid('param').id);
    // A new unit keeps the on-hand ml: the stored quantity is re-expressed in the new unit.
    const unitChanged = body.unit !== undefined && body.unit !== current.unit;
    const shape = unitChanged ? { unit: body.unit!, unitVolumeMl: null } : current;
    const patch: InventoryPatch = {
      name: body.ingredient_name,
      brand: body.ingredient_brand === undefined ? undefined : body.ingredient_brand || null,
      available: body.available,
      costPerUnitCents: body.cost_per_unit === undefined ? undefined : Math.round(body.cost_per_unit * 100),
    };
    if (unitChanged) {
      const staffView = toStaffInventoryItem(current, staffCaller(c).role);
      patch.unit = body.unit;
      patch.unitVolumeMl = null;
      patch.quantity = mlToUnits(shape, body.on_hand_ml ?? staffView.on_hand_ml);
      patch.lowStockThreshold = mlToUnits(shape, body.low_stock_threshold_ml ?? staffView.low_stock_threshold_ml);
    } else {
      if (body.on_hand_ml !== undefined) patch.quantity = mlToUnits(shape, body.on_hand_ml);
      if (body.low_stock_threshold_ml !== undefined) patch.lowStockThreshold = mlToUnits(shape, body.low_stock_threshold_ml);
    }
    const row = await updateInventoryItem(db, venueId, current.id, patch, { actorUserId: actorOf(staffCaller(c)), reason: body.reason });
    const item = toStaffInventoryItem(row, staffCaller(c).role);
    describeWrite(c, {
      action: 'inventory_item.update', targetType: 'inventory_item', targetId: item.id, summary: `Edited ${row.name}`, reason: body.reason?.trim() || null,
      ...changedFields(toStaffInventoryItem(current, staffCaller(c).role), item, ['updated_at', 'is_low_stock', 'last_movement_at']),
    });
    return c.json({ item });
  })
  .delete('/:id', requireStaff, validate('param', IdParam), async (c) => {
    const { db } = await scopedVenueDatabase(c);
    const before = await findInventoryItem(db, scopedVenueId(c), c.req.valid('param').id);
    await softDeleteInventoryItem(db, scopedVenueId(c), before.id);
    describeWrite(c, {
      action: 'inventory_item.delete', targetType: 'inventory_item', targetId: before.id, summary: `Removed ${before.name} from the inventory`,
      before: { name: before.name, on_hand_ml: toStaffInventoryItem(before, staffCaller(c).role).on_hand_ml }, after: null,
    });
    return c.json({ success: true });
  })
  .get('/:id/impact', requireStaff, validate('param', IdParam), async (c) =>
    c.json(await inventoryItemImpact((await scopedVenueDatabase(c)).db, scopedVenueId(c), c.req.valid('param').id)))
  .post('/:id/movements', requireStaff, validate('param', IdParam), validate('json', StockMovementInput), async (c) => {
    const body = c.req.valid('json');
    const { db } = await scopedVenueDatabase(c);
    const role = staffCaller(c).role;
    const before = toStaffInventoryItem(await findInventoryItem(db, scopedVenueId(c), c.req.valid('param').id), role);
    const { item, movement } = await recordStockMovement(db, {
      restaurantId: scopedVenueId(c), itemId: before.id, type: body.type,
      amount: body.quantity !== undefined ? { units: body.quantity } : { ml: body.quantity_ml! },
      reason: body.reason, actorUserId: actorOf(staffCaller(c)),
    });
    const after = toStaffInventoryItem(item, role);
    const moved = toStockMovement(movement);
    describeWrite(c, {
      action: body.type === 'receive' ? 'stock.receive' : 'stock.adjust_down', targetType: 'inventory_item', targetId: item.id,
      summary: body.type === 'receive' ? `Received ${moved.quantity_ml} ml of ${item.name}` : `Took ${moved.quantity_ml} ml of ${item.name} out of stock`,
      reason: body.reason.trim(), before: { on_hand_ml: before.on_hand_ml }, after: { on_hand_ml: after.on_hand_ml },
    });
    return c.json({ item: after, movement: moved }, 201);
  })
  .get('/:id/movements', requireStaff, validate('param', IdParam), validate('query', MovementListQuery), async (c) => {
    const { db } = await scopedVenueDatabase(c);
    const venueId = scopedVenueId(c);
    const item = await findInventoryItem(db, venueId, c.req.valid('param').id);
    const rows = await listMovements(db, item, c.req.valid('query').limit);
    return c.json({ movements: rows.map(toStockMovement) });
  });

/** The ingredient picker (mounted at /api/staff/ingredients). */
export const staffIngredientRoutes = new Hono<AppContext>()
  .get('/', requireStaff, validate('query', IngredientSearchQuery), async (c) => {
    const { search, limit } = c.req.valid('query');
    // The catalogue is platform data with a copy on every database (docs/decisions/150); the picker names no
    // venue, so it reads the control copy.
    return c.json({ ingredients: await searchIngredients(c.get('db'), search, limit) });
  });

/** The staff menu lookup (mounted at /api/staff/menu). */
export const staffMenuRoutes = new Hono<AppContext>()
  .get('/', requireStaff, async (c) => c.json({ menu_items: await staffMenu((await scopedVenueDatabase(c)).db, scopedVenueId(c)) }));
