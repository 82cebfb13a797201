// Pours an order's recipes out of inventory when the bar starts making it (docs/decisions/233).
import { and, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { recipeNeed, roundStock, shortfallText, unitVolumeMl, type StockMeasure } from '../../shared/inventory';
import { drinkIngredients, inventoryItems, orderEvents, orderItems, orders, stockMovements } from '../db/schema';
import type { Db } from '../env';
import { matchCanonicalIngredients, normalizeIngredientName } from './ingredients';
import { recomputeSoldOut, supplyOf, type SoldOutChange } from './sold-out';
import { movementsOfOrders } from './stock';

export type DeductionResult = {
  /** False when the order was already deducted (or does not exist): nothing changed. */
  deducted: boolean;
  movements: { inventoryItemId: string; ingredientId: string | null; deltaMl: number }[];
  soldOut: SoldOutChange[];
};

type Need = { ingredientId: string; measure: StockMeasure; amount: number };

/**
 * The status change that pours an order's recipes or gives them back: its order_events row. The movements name it
 * instead of repeating its time and its actor, and say their reason from the order (docs/decisions/152).
 */
export type PourCause = { eventId: number; at: string };

/**
 * Deducts every recipe line of the order's drinks (menu drinks through drink_ingredients, AI
 * creations through the recipe they carry, matched to canonical ingredients by name), times the
 * line's quantity. One movement per inventory item touched, naming `cause` (its reason reads 'Order #AB12CD34').
 * Stock floors at 0. Idempotent: the order's `stock_deducted_at` is claimed first, so a repeated or racing call
 * deducts nothing.
 */
export async function deductRecipeForOrder(db: Db, orderId: string, cause: PourCause): Promise<DeductionResult> {
  const restaurantId = await claimPour(db, orderId, cause.at);
  if (!restaurantId) return { deducted: false, movements: [], soldOut: [] };

  const needs = await orderNeeds(db, orderId);
  const ingredientIds = [...new Set(needs.map((n) => n.ingredientId))];
  if (ingredientIds.length === 0) return { deducted: true, movements: [], soldOut: [] };

  const items = await db.select().from(inventoryItems).where(and(
    eq(inventoryItems.restaurantId, restaurantId), isNull(inventoryItems.deletedAt), inArray(inventoryItems.ingredientId, ingredientIds),
  ));

  // Per item: how many of its units this order takes.
  const takeUnits = new Map<string, number>();
  for (const need of mergeNeeds(needs)) {
    // Available items first, the fullest first: pour from the open bottle with the most in it.
    const candidates = items
      .filter((item) => item.ingredientId === need.ingredientId && (unitVolumeMl(item) === null ? 'count' : 'ml') === need.measure)
      .sort((a, b) => Number(b.available) - Number(a.available) || stockOf(b) - stockOf(a));
    let remaining = need.amount;
    for (const item of candidates) {
      if (remaining <= 0) break;
      const left = stockOf(item) - (takeUnits.get(item.id) ?? 0) * (unitVolumeMl(item) ?? 1);
      const take = Math.min(remaining, Math.max(0, left));
      if (take <= 0) continue;
      takeUnits.set(item.id, (takeUnits.get(item.id) ?? 0) + take / (unitVolumeMl(item) ?? 1));
      remaining -= take;
    }
  }

  const movements = await writePours(db, items.flatMap((item) => {
    const units = takeUnits.get(item.id);
    return units ? [{ item, units }] : [];
  }), cause);
  const soldOut = await recomputeSoldOut(db, restaurantId, ingredientIds);
  return { deducted: true, movements, soldOut };
}

/**
 * What the venue's stock cannot cover of the order's pour (docs/decisions/233): each required ingredient a tracked
 * item measures whose live, available stock is below the order's need, as "Campari: 30 ml needed, 0 ml on hand"
 * ("86'd" when every item of it is switched off), with the ingredient's name. Untracked ingredients are never short,
 * as for sold-out.
 */
export async function orderShortfalls(db: Db, orderId: string, restaurantId: string): Promise<{ ingredient: string; text: string }[]> {
  const needs = mergeNeeds(await orderNeeds(db, orderId));
  const ingredientIds = [...new Set(needs.map((n) => n.ingredientId))];
  if (ingredientIds.length === 0) return [];
  const items = await db.select().from(inventoryItems).where(and(
    eq(inventoryItems.restaurantId, restaurantId), isNull(inventoryItems.deletedAt), inArray(inventoryItems.ingredientId, ingredientIds),
  ));
  const supply = supplyOf(items);
  const short: { ingredient: string; text: string }[] = [];
  for (const need of needs) {
    const onHand = supply.get(need.ingredientId)?.[need.measure];
    if (onHand === undefined || onHand + 1e-6 >= need.amount) continue;
    const tracking = items.filter((i) => i.ingredientId === need.ingredientId);
    const name = tracking[0]!.name;
    const out = tracking.every((i) => !i.available);
    short.push({ ingredient: name, text: shortfallText(name, need.measure, need.amount, out ? null : onHand) });
  }
  return short;
}

/**
 * Claims the order's pour: sets its `stock_deducted_at` unless it is set already. The venue when this call claimed
 * it, null when another (a repeated or racing call) had.
 */
async function claimPour(db: Db, orderId: string, at: string): Promise<string | null> {
  const [claimed] = await db.update(orders).set({ stockDeductedAt: at })
    .where(and(eq(orders.id, orderId), isNull(orders.stockDeductedAt)))
    .returning({ restaurantId: orders.restaurantId });
  return claimed?.restaurantId ?? null;
}

/** Takes `units` of each item for the order: one 'deduct' movement each, naming `cause`; stock floors at 0. */
async function writePours(db: Db, pours: { item: typeof inventoryItems.$inferSelect; units: number }[], cause: PourCause) {
  const movements: DeductionResult['movements'] = [];
  const statements = [];
  for (const { item, units } of pours) {
    const deltaMl = -roundStock(units * (unitVolumeMl(item) ?? 1));
    movements.push({ inventoryItemId: item.id, ingredientId: item.ingredientId, deltaMl });
    statements.push(
      db.update(inventoryItems).set({ quantity: sqlFloorSubtract(units), lastMovementAt: cause.at, updatedAt: cause.at })
        .where(eq(inventoryItems.id, item.id)),
      db.insert(stockMovements).values({ inventoryItemId: item.id, type: 'deduct', delta: -units, deltaMl, ...pouredBy(cause) }),
    );
  }
  if (statements.length > 0) await db.batch(statements as [typeof statements[number], ...typeof statements]);
  return movements;
}

/** What a pour's or a return's movement stores of its cause: the event only (its order, when and who are the event's). */
const pouredBy = (cause: PourCause) => ({ eventId: cause.eventId, orderId: null, actorUserId: null, createdAt: null });

const stockOf = (item: typeof inventoryItems.$inferSelect) => Math.max(0, item.quantity) * (unitVolumeMl(item) ?? 1);

/** Relative to the stored value (a receive landing meanwhile is kept), never below 0. */
const sqlFloorSubtract = (units: number) => sql`max(0, ${inventoryItems.quantity} - ${units})`;

function mergeNeeds(needs: Need[]): Need[] {
  const merged = new Map<string, Need>();
  for (const need of needs) {
    const key = `${need.ingredientId}|${need.measure}`;
    const seen = merged.get(key);
    if (seen) seen.amount += need.amount;
    else merged.set(key, { ...need });
  }
  return [...merged.values()];
}

/** What the order's lines use, per ingredient, in ml or as a count. */
async function orderNeeds(db: Db, orderId: string): Promise<Need[]> {
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const needs: Need[] = [];

  const drinkIds = [...new Set(lines.filter((l) => !l.isAiCreation && l.menuDrinkId).map((l) => l.menuDrinkId!))];
  const recipeLines = drinkIds.length === 0 ? [] : await db.select().from(drinkIngredients).where(inArray(drinkIngredients.menuDrinkId, drinkIds));
  for (const line of lines) {
    if (line.isAiCreation || !line.menuDrinkId) continue;
    const glass: Need[] = [];
    for (const step of recipeLines) {
      if (step.menuDrinkId !== line.menuDrinkId || !step.ingredientId) continue;
      const need = recipeNeed(step.quantity, step.unit);
      if (need) glass.push({ ingredientId: step.ingredientId, measure: need.measure, amount: need.amount });
    }
    // The options' effects (docs/decisions/197): a double pours 45 ml more. One glass is summed on its own, so an
    // option that takes away more than its drink holds never takes from another line's pour.
    for (const effect of (line.modifierChoices ?? []).flatMap((c) => c.effects)) {
      const need = recipeNeed(Math.abs(effect.quantity), effect.unit);
      if (need) glass.push({ ingredientId: effect.ingredient_id, measure: need.measure, amount: Math.sign(effect.quantity) * need.amount });
    }
    for (const need of mergeNeeds(glass)) if (need.amount > 0) needs.push({ ...need, amount: need.amount * line.quantity });
  }

  const creations = lines.filter((l) => l.isAiCreation && l.recipe?.length);
  if (creations.length > 0) {
    const matched = await matchCanonicalIngredients(db, creations.flatMap((l) => l.recipe!.map((r) => r.ingredient)));
    for (const line of creations) {
      for (const step of line.recipe!) {
        const ingredient = matched.get(normalizeIngredientName(step.ingredient));
        const need = recipeNeed(step.quantity, step.unit);
        if (ingredient && need) needs.push({ ingredientId: ingredient.id, measure: need.measure, amount: need.amount * line.quantity });
      }
    }
  }
  return needs;
}

export type RestoreResult = { restored: boolean; movements: { inventoryItemId: string; deltaMl: number | null }[]; soldOut: SoldOutChange[] };

/** Below this many units an item's balance is float noise from adding and taking back the same amounts. */
const UNITS_EPSILON = 1e-9;

/**
 * What the order still holds of each inventory item: its pours (negative) and returns (positive) summed, per item
 * (docs/decisions/233). Found through the status changes they name (docs/decisions/233).
 */
async function heldByOrder(db: Db, orderId: string): Promise<Map<string, { units: number; ml: number | null }>> {
  const rows = await db.select({ inventoryItemId: stockMovements.inventoryItemId, delta: stockMovements.delta, deltaMl: stockMovements.deltaMl })
    .from(stockMovements).where(and(movementsOfOrders([orderId]), inArray(stockMovements.type, ['deduct', 'restore'])));
  const held = new Map<string, { units: number; ml: number | null }>();
  for (const row of rows) {
    const sum = held.get(row.inventoryItemId) ?? { units: 0, ml: 0 };
    sum.units += row.delta;
    sum.ml = sum.ml === null || row.deltaMl === null ? null : sum.ml + row.deltaMl;
    held.set(row.inventoryItemId, sum);
  }
  return held;
}

/**
 * A cancelled order gives back what it still holds (docs/decisions/190 and 233): per inventory item, what its pours
 * and returns so far add up to, so a pour given back by an earlier cancel is never given back again. One 'restore'
 * movement per item naming `cause`, the cancellation (its reason reads 'Order #AB12CD34 cancelled: stock
 * returned'). Idempotent like the deduction: the order's `stock_deducted_at` is released first, so a repeated
 * call restores nothing.
 */
export async function restoreRecipeForOrder(db: Db, orderId: string, cause: PourCause): Promise<RestoreResult> {
  const { at } = cause;
  const [released] = await db.update(orders).set({ stockDeductedAt: null })
    .where(and(eq(orders.id, orderId), isNotNull(orders.stockDeductedAt)))
    .returning({ restaurantId: orders.restaurantId });
  if (!released) return { restored: false, movements: [], soldOut: [] };
  const owed = [...(await heldByOrder(db, orderId))]
    .filter(([, held]) => held.units < -UNITS_EPSILON)
    .map(([inventoryItemId, held]) => ({ inventoryItemId, units: -held.units, ml: held.ml === null ? null : roundStock(-held.ml) }));
  if (owed.length === 0) return { restored: true, movements: [], soldOut: [] };
  const statements = owed.flatMap((back) => [
    db.update(inventoryItems).set({ quantity: sql`${inventoryItems.quantity} + ${back.units}`, lastMovementAt: at, updatedAt: at })
      .where(eq(inventoryItems.id, back.inventoryItemId)),
    db.insert(stockMovements).values({
      inventoryItemId: back.inventoryItemId, type: 'restore', delta: back.units, deltaMl: back.ml, ...pouredBy(cause),
    }),
  ]);
  await db.batch(statements as [typeof statements[number], ...typeof statements]);
  const soldOut = await recomputeSoldOut(db, released.restaurantId, await ingredientsOf(db, owed.map((b) => b.inventoryItemId)));
  return { restored: true, movements: owed.map((b) => ({ inventoryItemId: b.inventoryItemId, deltaMl: b.ml })), soldOut };
}

/**
 * Undo of a cancel (docs/decisions/234 and 233): the order takes again what that cancel gave back, no more (never a
 * fresh pour of the recipe), and no more than is on hand now, naming `cause`, the recall. Nothing when the order had
 * not been poured before the cancel. The order's `stock_deducted_at` is claimed again first, as by a pour.
 */
export async function pourAgainAfterUndo(db: Db, orderId: string, cause: PourCause): Promise<DeductionResult> {
  const none: DeductionResult = { deducted: false, movements: [], soldOut: [] };
  const [cancel] = await db.select({ id: orderEvents.id }).from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, 'cancelled'), lt(orderEvents.id, cause.eventId)))
    .orderBy(desc(orderEvents.id)).limit(1);
  if (!cancel) return none;
  const [pouredBefore] = await db.select({ id: orderEvents.id }).from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), lt(orderEvents.id, cancel.id), inArray(orderEvents.toStatus, POURING_STATUSES))).limit(1);
  if (!pouredBefore) return none;
  const restaurantId = await claimPour(db, orderId, cause.at);
  if (!restaurantId) return none;
  const returned = await db.select().from(stockMovements)
    .where(and(eq(stockMovements.eventId, cancel.id), eq(stockMovements.type, 'restore')));
  if (returned.length === 0) return { deducted: true, movements: [], soldOut: [] };
  const items = new Map((await db.select().from(inventoryItems)
    .where(inArray(inventoryItems.id, returned.map((m) => m.inventoryItemId)))).map((item) => [item.id, item]));
  const movements = await writePours(db, returned.flatMap((back) => {
    const item = items.get(back.inventoryItemId);
    const units = Math.min(back.delta, Math.max(0, item?.quantity ?? 0));
    return item && units > UNITS_EPSILON ? [{ item, units }] : [];
  }), cause);
  const soldOut = await recomputeSoldOut(db, restaurantId, await ingredientsOf(db, movements.map((m) => m.inventoryItemId)));
  return { deducted: true, movements, soldOut };
}

/** The statuses a status change pours an order's recipes on (docs/decisions/233). */
const POURING_STATUSES: ('preparing' | 'ready' | 'delivered')[] = ['preparing', 'ready', 'delivered'];

async function ingredientsOf(db: Db, itemIds: string[]): Promise<string[]> {
  if (itemIds.length === 0) return [];
  const items = await db.select({ ingredientId: inventoryItems.ingredientId }).from(inventoryItems)
    .where(inArray(inventoryItems.id, [...new Set(itemIds)]));
  return [...new Set(items.map((i) => i.ingredientId).filter((id): id is string => Boolean(id)))];
}
