// The stock domain's public API (its entry for other domains, docs/decisions/259), for the menu, the imports and the order
// lifecycle. Anything that changes stock or recipes goes through here so sold-out stays true.
export { deductRecipeForOrder, orderShortfalls, pourAgainAfterUndo, restoreRecipeForOrder, type DeductionResult, type PourCause, type RestoreResult } from './deduct';
export { matchCanonicalIngredient, matchCanonicalIngredients, normalizeIngredientName, searchIngredients } from './ingredients';
export { recomputeSoldOut, type SoldOutChange } from './sold-out';
export {
  createInventoryItem, findInventoryItem, listInventory, listMovements, movementsOfOrders, recordStockMovement, selectMovements, softDeleteInventoryItem,
  updateInventoryItem, INVENTORY_ITEM_NOT_FOUND, type InventoryPatch, type InventoryRow, type NewInventoryItem,
  type StockMovementRequest, type StockMovementRow, afterStockWrites, type StockWrite,
} from './stock';
export { staffMenu, toStaffInventoryItem, toStockMovement } from './serialize';
export { listAdminInventory, prepareAddInventoryItem, prepareEditInventoryItem } from './items';
export { afterRecipeChange } from './recipe-change';
