// Inventory rows → the staff portal's wire shapes (shared/schemas/inventory.ts).
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { isLowStock, movementReason, recipeQuantityMl, roundStock, stockMeasure, unitsToMl, unitVolumeMl } from '../../shared/inventory';
import { centsToDollars } from '../../shared/money';
import type { StaffRole } from '../../shared/constants';
import type { StaffInventoryItem, StaffMenuItem, StockMovement } from '../../shared/schemas/inventory';
import { drinkIngredients, ingredients, inventoryItems, menuDrinks } from '../db/schema';
import type { Db } from '../env';
import type { InventoryRow, StockMovementRow } from './stock';
import { inChunks } from '../lib/in-chunks';

/** One inventory item as the caller's role may see it: costs are left out for staff. */
export function toStaffInventoryItem(row: InventoryRow, role: StaffRole): StaffInventoryItem {
  const onHandMl = unitsToMl(row, row.quantity);
  const thresholdMl = unitsToMl(row, row.lowStockThreshold);
  return {
    id: row.id,
    restaurant_id: row.restaurantId,
    ingredient_id: row.ingredientId,
    ingredient_name: row.name,
    ingredient_brand: row.brand,
    on_hand_ml: onHandMl,
    low_stock_threshold_ml: thresholdMl,
    unit: row.unit,
    unit_volume_ml: unitVolumeMl(row),
    measure: stockMeasure(row),
    quantity: roundStock(row.quantity),
    low_stock_threshold: roundStock(row.lowStockThreshold),
    available: row.available,
    is_low_stock: isLowStock(onHandMl, thresholdMl),
    ...(role === 'staff' ? {} : { cost_per_unit: centsToDollars(row.costPerUnitCents), cost_per_unit_cents: row.costPerUnitCents }),
    last_movement_at: row.lastMovementAt,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export function toStockMovement(row: StockMovementRow): StockMovement {
  const deltaMl = row.deltaMl ?? row.delta;
  return {
    id: String(row.id),
    inventory_item_id: row.inventoryItemId,
    type: row.type,
    quantity_ml: Math.abs(deltaMl),
    delta: row.delta,
    delta_ml: deltaMl,
    reason: movementReason(row),
    order_id: row.orderId,
    actor_user_id: row.actorUserId,
    created_at: row.createdAt,
  };
}

/** The venue's whole menu with recipes, available or not (staff look recipes up either way). */
export async function staffMenu(db: Db, restaurantId: string): Promise<StaffMenuItem[]> {
  const drinks = await db.select().from(menuDrinks).where(eq(menuDrinks.restaurantId, restaurantId))
    .orderBy(asc(menuDrinks.displayOrder), asc(menuDrinks.name));
  const ids = drinks.map((d) => d.id);
  // A matched line shows its ingredient's current name (a merge or rename shows at once); free text shows as written.
  const lines: { line: typeof drinkIngredients.$inferSelect }[] = [];
  for (const part of inChunks(ids)) {
    const rows = await db.select({ line: drinkIngredients, ingredientName: ingredients.name }).from(drinkIngredients)
      .leftJoin(ingredients, eq(ingredients.id, drinkIngredients.ingredientId))
      .where(inArray(drinkIngredients.menuDrinkId, part))
      .orderBy(asc(drinkIngredients.menuDrinkId), asc(drinkIngredients.position));
    lines.push(...rows.map(({ line, ingredientName }) => ({ line: { ...line, rawName: ingredientName ?? line.rawName } })));
  }
  // The venue's brand of each ingredient, for the recipe card.
  const brands = new Map<string, string>();
  const stock = await db.select({ ingredientId: inventoryItems.ingredientId, brand: inventoryItems.brand }).from(inventoryItems)
    .where(and(eq(inventoryItems.restaurantId, restaurantId), isNull(inventoryItems.deletedAt)));
  for (const item of stock) if (item.ingredientId && item.brand && !brands.has(item.ingredientId)) brands.set(item.ingredientId, item.brand);

  return drinks.map((drink) => {
    const recipe = lines.filter((l) => l.line.menuDrinkId === drink.id).map(({ line }) => line);
    return {
      id: drink.id,
      name: drink.name,
      description: drink.description || null,
      price: centsToDollars(drink.priceCents),
      price_cents: drink.priceCents,
      image_url: drink.imageUrl,
      available: drink.isAvailable && !drink.soldOutReason,
      enabled: drink.isAvailable,
      sold_out_reason: drink.soldOutReason,
      category: drink.category,
      allergens: drink.allergens,
      contains_alcohol: drink.containsAlcohol,
      featured: drink.featured,
      method: drink.method,
      glass: drink.glass,
      ingredients: recipe.map((line) => ({
        ingredient_name: line.rawName,
        quantity_ml: recipeQuantityMl(line.quantity, line.unit),
        quantity: line.quantity,
        unit: line.unit,
        is_optional: line.isOptional,
      })),
      ingredients_summary: recipe.length > 0 ? recipe.map((line) => line.rawName).join(', ') : drink.ingredientsNotes ?? '',
      recipe: recipe.map((line) => ({
        ingredient: { name: line.rawName, brand: line.ingredientId ? brands.get(line.ingredientId) ?? null : null, image_url: null },
        quantity: line.quantity,
        unit: line.unit,
        is_optional: line.isOptional,
      })),
    };
  });
}
